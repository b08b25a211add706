"""Benchmark: the Chebache computer player's time per decision, per level,
as wall time and as the process's CPU time (on a loaded machine the wall
time counts waiting for a core; the CPU time is what the player costs).

Positions come from seeded games of ``normal`` against itself; every level
decides each of them with its own budget.  Run:
``.venv/bin/python bench/bench_chebache_computer.py [--games 3] [--every 2]``.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from computer.base import Level  # noqa: E402
from computer.chebache import STRATEGY  # noqa: E402
from games import get_game  # noqa: E402
from games.base import Position  # noqa: E402

GAME = get_game("chebache")


def sample(games: int, every: int) -> list[tuple[str, tuple[int, int]]]:
    """(listing, dice) of every ``every``-th decision of seeded games."""
    out = []
    for seed in range(games):
        rng = random.Random(seed)
        position: Position = GAME.initial({})
        ply = 0
        while position.result is None:
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            if ply % every == 0:
                out.append((position.listing(), dice))
            choice = STRATEGY.choose(position, dice, Level.NORMAL,
                                     STRATEGY.budget_for(Level.NORMAL), rng)
            position = position.play(choice.text, dice).position
            ply += 1
    return out


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--every", type=int, default=2)
    args = parser.parse_args(argv)
    positions = sample(args.games, args.every)
    print(f"{len(positions)} decisions from {args.games} games")
    for level in Level:
        wall: list[float] = []
        cpu: list[float] = []
        for listing, dice in positions:
            position = GAME.from_listing(listing, {})  # fresh: no cached searches
            w0, c0 = time.perf_counter(), time.process_time()
            STRATEGY.choose(position, dice, level, STRATEGY.budget_for(level), random.Random(0))
            wall.append(time.perf_counter() - w0)
            cpu.append(time.process_time() - c0)
        print(f"{level.value}: wall ms p50 {percentile(wall, .5) * 1e3:.0f} "
              f"p99 {percentile(wall, .99) * 1e3:.0f} max {max(wall) * 1e3:.0f}; "
              f"cpu ms p50 {percentile(cpu, .5) * 1e3:.0f} p99 {percentile(cpu, .99) * 1e3:.0f} "
              f"max {max(cpu) * 1e3:.0f}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
