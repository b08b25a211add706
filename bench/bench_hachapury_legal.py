"""Benchmark: all legal Hachapury turns for crowded positions.

Run ``python bench/bench_hachapury_legal.py``.  Every timed call builds a
fresh position object, so the per-position memo never answers from a
previous run: the figures are cold searches.  Target: median under 2 ms for
doubles in a crowded position.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.hachapury import GAME, HachapuryPosition  # noqa: E402

#: Crowded middle games (both sides on many points), an early game and a bear-off.
POSITIONS = {
    "crowded-a": (
        "W: 1@17, 1@16, 2@15, 2@14, 1@13, 2@11, 2@10, 1@9, 1@8, 2@7; "
        "B: 1@16, 1@15, 2@14, 1@13, 1@12, 1@11, 3@10, 2@9, 2@8, 1@7; W to move"
    ),
    "crowded-b": (
        "W: 1@19, 2@18, 2@16, 1@15, 2@14, 1@12, 2@11, 1@10, 2@9, 1@8; "
        "B: 2@17, 2@16, 2@15, 1@14, 1@13, 2@12, 1@11, 1@10, 1@9, 2@8; W to move"
    ),
    "crowded-c": (
        "W: 1@18, 2@17, 1@15, 2@14, 1@13, 2@12, 1@11, 2@10, 1@9, 1@8, 1@7; "
        "B: 1@17, 1@16, 1@15, 1@14, 2@13, 1@12, 2@11, 1@10, 2@9, 1@8, 2@7; W to move"
    ),
    "early": (
        "W: 2@24, 1@22, 1@20, 1@17, 1@14, 9@6; "
        "B: 2@24, 1@23, 1@21, 1@19, 1@16, 9@6; W to move"
    ),
    "bearing-off": (
        "W: 3@6, 3@5, 2@4, 3@3, 2@2, 1@1, 1@F; "
        "B: 2@9, 3@6, 3@5, 3@4, 2@3, 2@2; W to move"
    ),
}

DICE = [(1, 1), (2, 2), (3, 3), (4, 4), (5, 5), (6, 6), (6, 5), (4, 2)]
RUNS = 200


def bench(listing: str, dice: tuple[int, int]) -> tuple[float, float, int]:
    """Median and p90 milliseconds of a cold legal_turns call, and the turn count."""
    base = GAME.from_listing(listing, {})
    white, black = base.checkers("W"), base.checkers("B")
    mover = base.side_to_move
    times = []
    count = 0
    for _ in range(RUNS):
        fresh = HachapuryPosition(white, black, mover)
        start = time.perf_counter()
        count = len(fresh.legal_turns(dice))
        times.append((time.perf_counter() - start) * 1000)
    times.sort()
    return statistics.median(times), times[int(len(times) * 0.9)], count


def main() -> None:
    began = time.perf_counter()
    print(f"{'position':18} {'dice':6} {'turns':>6} {'median ms':>10} {'p90 ms':>8}")
    worst_double = 0.0
    for name, listing in POSITIONS.items():
        for dice in DICE:
            median, p90, count = bench(listing, dice)
            if dice[0] == dice[1]:
                worst_double = max(worst_double, median)
            print(f"{name:18} {dice[0]}-{dice[1]:<4} {count:6d} {median:10.3f} {p90:8.3f}")
    print(f"worst doubles median: {worst_double:.3f} ms (target < 2 ms)")
    print(f"total {time.perf_counter() - began:.1f} s")


if __name__ == "__main__":
    main()
