"""Benchmark: every game's board render, side by side.

For each game a seeded random game is played some turns in, then its picture
is rendered ``runs`` times per theme through ``renderer.render``.  Prints the
cold first render, the median render (wall and CPU time), the PNG size and how far the PNG's
colours are from the full-colour picture (mean absolute difference per
channel, 0-255: the cost of the palette).  ``--save DIR`` also writes the PNGs
(to compare pictures before and after a change).

Run from the project root: ``.venv/bin/python bench/bench_render_all.py [N] [--save DIR]``.
"""

from __future__ import annotations

import io
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from PIL import Image, ImageChops, ImageStat  # noqa: E402

from games import get_game  # noqa: E402
from games.base import Position  # noqa: E402
from games.events import Event  # noqa: E402
from renderer import RenderContext, render  # noqa: E402

#: (game, options, turns to play, seed)
GAMES: tuple[tuple[str, dict[str, str], int, int], ...] = (
    ("hachapury", {}, 30, 3),
    ("chebache", {}, 24, 3),
    ("cheesegambit", {"players": "4"}, 40, 5),
    ("che", {}, 20, 3),
)
NAMES = {"W": "alice", "B": "Bob the Magnificent", "R": "carol", "G": "dave", "Y": "erin"}


def sample(name: str, options: dict[str, str], turns: int, seed: int
           ) -> tuple[Position, RenderContext]:
    """A position ``turns`` random turns in, with its last turn and next dice."""
    rng = random.Random(seed)
    game = get_game(name)
    sides = [s.letter for s in game.sides(game.normalise_options(options))]
    position = game.initial(options, sides[0])
    side, moves = None, ""
    events: tuple[Event, ...] = ()
    for _ in range(turns):
        if position.result is not None:
            break
        if position.action_due():
            position = position.play_action(position.action_choices()[0]).position
            continue
        dice = tuple(rng.randint(1, 6) for _ in range(position.dice_count()))
        legal = position.legal_turns(dice)
        side = position.side_to_move
        played = position.play(rng.choice(legal), dice)
        position, moves, events = played.position, played.moves, played.events
    dice = tuple(rng.randint(1, 6) for _ in range(position.dice_count()))
    context = RenderContext(names={s: NAMES[s] for s in sides}, dice=dice, last_side=side,
                            last_moves=moves, last_events=events,
                            footer="Game #12 · 2 days left")
    return position, context


def main() -> None:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    save = Path(sys.argv[sys.argv.index("--save") + 1]) if "--save" in sys.argv else None
    runs = int(args[0]) if args and args[0].isdigit() else 30
    if save:
        save.mkdir(parents=True, exist_ok=True)
    print(f"{'game':13} {'theme':5} {'cold ms':>8} {'median ms':>9} {'CPU ms':>6} "
          f"{'PNG KB':>7} {'colour err':>10}")
    for name, options, turns, seed in GAMES:
        position, base = sample(name, options, turns, seed)
        for theme in ("light", "dark"):
            context = RenderContext(**{**base.__dict__, "theme": theme})
            start = time.perf_counter()
            data = render(position, context)
            cold = (time.perf_counter() - start) * 1000
            times, cpu = [], []
            for _ in range(runs):
                start, start_cpu = time.perf_counter(), time.process_time()
                data = render(position, context)
                cpu.append((time.process_time() - start_cpu) * 1000)
                times.append((time.perf_counter() - start) * 1000)
            error = _palette_error(data, position, context)
            print(f"{name:13} {theme:5} {cold:8.1f} {statistics.median(times):9.1f} "
                  f"{statistics.median(cpu):6.1f} {len(data) / 1024:7.1f} {error:10.2f}")
            if save:
                (save / f"{name}-{theme}.png").write_bytes(data)


def _palette_error(data: bytes, position: Position, context: RenderContext) -> float:
    """Mean absolute difference per channel between the PNG and the full-colour
    picture (nan when the renderer does not expose the full-colour picture)."""
    try:
        from renderer import for_game

        full = for_game(position.game).draw(position, context)
    except (ImportError, AttributeError):
        return float("nan")
    png = Image.open(io.BytesIO(data)).convert("RGB")
    diff = ImageChops.difference(png, full.convert("RGB"))
    return sum(ImageStat.Stat(diff).mean) / 3


if __name__ == "__main__":
    main()
