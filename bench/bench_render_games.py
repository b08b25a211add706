"""Benchmark: render + PNG encode over every position of a few random games.

For each game, ``games`` seeded random games are played to the end (or
``turns`` turns); every position is rendered once per theme after a warm-up,
and the median and 90th percentile of the per-board time (wall and CPU:
on shared cores the CPU time is the steadier figure) are printed with the
largest PNG.  Run before and after a renderer change to compare.

Run from the project root: ``.venv/bin/python bench/bench_render_games.py [games] [turns]``
(``--only chebache,hachapury`` limits the games).
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.bench_render_all import GAMES, NAMES  # noqa: E402
from games import get_game  # noqa: E402
from games.base import Position  # noqa: E402
from renderer import RenderContext, for_game  # noqa: E402


def boards(name: str, options: dict[str, str], seed: int, turns: int
           ) -> list[tuple[Position, RenderContext]]:
    """Every position of one seeded random game with its last turn and dice."""
    rng = random.Random(seed)
    game = get_game(name)
    sides = [s.letter for s in game.sides(game.normalise_options(options))]
    names = {s: NAMES[s] for s in sides}
    position = game.initial(options, sides[0])
    out = [(position, RenderContext(names=names, viewer=sides[0]))]
    for _ in range(turns):
        if position.result is not None:
            break
        if position.action_due():
            position = position.play_action(position.action_choices()[0]).position
            continue
        dice = tuple(rng.randint(1, 6) for _ in range(position.dice_count()))
        side = position.side_to_move
        played = position.play(rng.choice(position.legal_turns(dice)), dice)
        position = played.position
        nxt = tuple(rng.randint(1, 6) for _ in range(position.dice_count()))
        out.append((position, RenderContext(names=names, dice=nxt, last_side=side,
                                            last_moves=played.moves,
                                            last_events=played.events, viewer=sides[0],
                                            footer="Game #12 · 2 days left")))
    return out


def main() -> None:
    only = sys.argv[sys.argv.index("--only") + 1].split(",") if "--only" in sys.argv else None
    args = [a for a in sys.argv[1:] if not a.startswith("--") and a.split(",") != only]
    n_games = int(args[0]) if args else 4
    turns = int(args[1]) if len(args) > 1 else 60
    print(f"{'game':13} {'boards':>6} {'median ms':>9} {'p90 ms':>7} {'CPU median':>10} "
          f"{'CPU p90':>7} {'max KB':>7}")
    for name, options, _, seed in GAMES:
        if only and name not in only:
            continue
        renderer = for_game(name)
        renderer.warm_up(1100, ("light", "dark"))
        samples = [b for g in range(n_games) for b in boards(name, options, seed + g, turns)]
        times: list[float] = []
        cpu: list[float] = []
        biggest = 0
        for theme in ("light", "dark"):
            for position, ctx in samples:
                context = RenderContext(**{**ctx.__dict__, "theme": theme})
                start, start_cpu = time.perf_counter(), time.process_time()
                data = renderer.render(position, context)
                times.append((time.perf_counter() - start) * 1000)
                cpu.append((time.process_time() - start_cpu) * 1000)
                biggest = max(biggest, len(data))
        times.sort()
        cpu.sort()
        p90 = times[int(0.9 * (len(times) - 1))]
        cpu90 = cpu[int(0.9 * (len(cpu) - 1))]
        print(f"{name:13} {len(times):6d} {statistics.median(times):9.1f} {p90:7.1f} "
              f"{statistics.median(cpu):10.1f} {cpu90:7.1f} {biggest / 1024:7.1f}")


if __name__ == "__main__":
    main()
