"""Benchmark: CheeseGambit and Che render + PNG encode, median and p90.

For each game, positions are taken from seeded random games (every few turns,
with the turn's events and the next dice, as the bot draws them); each is
rendered ``runs`` times per theme after the renderer's warm-up.  Prints the
median and p90 wall time and CPU time over all renders and the largest PNG
(on a busy machine the CPU time is the steadier figure).  ``--first``
instead measures, in a fresh process per case, the first board after
``renderer.warm_up`` (what the first player after a start waits for):
CheeseGambit with 2, 3 and 4 players, and Che.

Run from the project root: ``.venv/bin/python bench/bench_render_cg_che.py [runs] [--first]``.
"""

from __future__ import annotations

import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from games import get_game  # noqa: E402
from games.base import Position  # noqa: E402
from renderer import RenderContext, render, warm_up  # noqa: E402

NAMES = {"W": "alice", "B": "Bob the Magnificent", "R": "carol", "G": "dave", "Y": "erin"}
#: (game, options, seed)
CASES: tuple[tuple[str, dict[str, str], int], ...] = (
    ("cheesegambit", {"players": "4"}, 5), ("cheesegambit", {"players": "2"}, 6),
    ("che", {}, 3), ("che", {}, 4))


def positions(name: str, options: dict[str, str], seed: int, every: int = 6,
              most: int = 8) -> list[tuple[Position, RenderContext]]:
    """Every ``every``-th position of a seeded random game, with its context."""
    rng = random.Random(seed)
    game = get_game(name)
    sides = [s.letter for s in game.sides(game.normalise_options(options))]
    position = game.initial(options, sides[0])
    out: list[tuple[Position, RenderContext]] = []
    turn = 0
    while position.result is None and len(out) < most:
        if position.action_due():
            position = position.play_action(position.action_choices()[0]).position
            continue
        dice = tuple(rng.randint(1, 6) for _ in range(position.dice_count()))
        legal = position.legal_turns(dice)
        side = position.side_to_move
        played = position.play(rng.choice(legal) if legal else "(dance)", dice)
        position = played.position
        turn += 1
        if turn % every == 0:
            nxt = tuple(rng.randint(1, 6) for _ in range(position.dice_count()))
            out.append((position, RenderContext(
                names={s: NAMES[s] for s in sides}, dice=nxt, last_side=side,
                last_moves=played.moves, last_events=played.events,
                footer="Game #12 · 2 days left")))
    return out


def steady(runs: int) -> None:
    print(f"{'game':13} {'theme':5} {'boards':>6} {'median ms':>9} {'p90 ms':>7} "
          f"{'CPU med':>7} {'CPU p90':>7} {'max KB':>7}")
    for game in ("cheesegambit", "che"):
        for theme in ("light", "dark"):
            warm_up([game], theme=theme)
            times, cpu, sizes = [], [], []
            boards = 0
            for name, options, seed in CASES:
                if name != game:
                    continue
                every = 2 if name == "che" else 6
                for position, base in positions(name, options, seed, every):
                    context = RenderContext(**{**base.__dict__, "theme": theme})
                    boards += 1
                    for _ in range(runs):
                        start, start_cpu = time.perf_counter(), time.process_time()
                        data = render(position, context)
                        cpu.append((time.process_time() - start_cpu) * 1000)
                        times.append((time.perf_counter() - start) * 1000)
                        sizes.append(len(data))
            print(f"{game:13} {theme:5} {boards:6} {statistics.median(times):9.1f} "
                  f"{_p90(times):7.1f} {statistics.median(cpu):7.1f} {_p90(cpu):7.1f} "
                  f"{max(sizes) / 1024:7.1f}")


def _p90(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[int(len(ordered) * 0.9) - 1]


def first_board(game: str, players: str) -> None:
    """(in a child process) warm up as the bot does, then time one board."""
    options = {"players": players} if game == "cheesegambit" else {}
    position, context = positions(game, options, 11, every=4, most=1)[0]
    warm_up([game])
    start, start_cpu = time.perf_counter(), time.process_time()
    render(position, context)
    print(f"{(time.perf_counter() - start) * 1000:.1f} "
          f"{(time.process_time() - start_cpu) * 1000:.1f}")


def first(repeats: int = 5) -> None:
    print(f"first board after warm_up (fresh process each), ms: median of {repeats}")
    print(f"  {'':17} {'wall':>6} {'CPU':>6}")
    for game, players in (("cheesegambit", "2"), ("cheesegambit", "3"),
                          ("cheesegambit", "4"), ("che", "")):
        got = [[float(v) for v in subprocess.run(
            [sys.executable, __file__, "--child", game, players], capture_output=True,
            text=True, check=True, cwd=ROOT).stdout.split()[-2:]] for _ in range(repeats)]
        label = f"{game} {players + 'p' if players else ''}"
        print(f"  {label:17} {statistics.median(g[0] for g in got):6.1f} "
              f"{statistics.median(g[1] for g in got):6.1f}")


if __name__ == "__main__":
    if "--child" in sys.argv:
        i = sys.argv.index("--child")
        first_board(sys.argv[i + 1], sys.argv[i + 2])
    elif "--first" in sys.argv:
        first()
    else:
        args = [a for a in sys.argv[1:] if not a.startswith("--")]
        steady(int(args[0]) if args else 5)
