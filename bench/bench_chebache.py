"""Benchmark: Chebache legal-turn enumeration (median / p90 in ms).

Typical positions come from seeded random games; the worst case is built by
hand: doubles, many movable pieces on Tivits (backward moves), Kings, and long
jump chains over held Intersections.  Each measurement uses a fresh position
object (no cache).  Run: ``.venv/bin/python bench/bench_chebache.py``.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games import get_game  # noqa: E402

GAME = get_game("chebache")

WORST = [
    "W: 1@1, 1@2, 1@3, 1K@4, 1@5, 1@7, 1@8, 1@9, 1@10, 1@11, 1@12, 1@16; "
    "B: 1@2, 1@8, 1@10, 1@16, 8K@S; W to move",
    "W: K@2, 2@3, 2@8, 1@9, 2@10, 1@11, 2@16, 2@S; B: 2@2, 2@8, 2@10, 2@16, 4K@S; W to move",
    "W: 4K@S, 2@2, 2@8, 2@10, 2@16; B: 4K@S, 2@2, 2@8, 2@10, 2@16; W to move",
]


def measure(listing: str, dice: tuple[int, int], repeat: int = 5) -> list[float]:
    out = []
    for _ in range(repeat):
        p = GAME.from_listing(listing, {})
        t = time.perf_counter()
        p.legal_turns(dice)
        out.append((time.perf_counter() - t) * 1000)
    return out


def report(name: str, times: list[float]) -> None:
    times = sorted(times)
    p90 = times[min(len(times) - 1, int(len(times) * 0.9))]
    print(f"{name:<34} n={len(times):4d}  median {statistics.median(times):8.2f} ms"
          f"  p90 {p90:8.2f} ms  max {times[-1]:8.2f} ms")


def typical_positions(count: int, seed: int = 7) -> list[tuple[str, tuple[int, int]]]:
    rnd = random.Random(seed)
    out: list[tuple[str, tuple[int, int]]] = []
    while len(out) < count:
        p = GAME.initial({})
        for _ in range(rnd.randint(2, 40)):
            if p.result is not None:
                break
            dice = (rnd.randint(1, 6), rnd.randint(1, 6))
            p = p.play(rnd.choice(p.legal_turns(dice)), dice).position
        if p.result is None:
            out.append((p.listing(), (rnd.randint(1, 6), rnd.randint(1, 6))))
    return out


def calibration() -> float:
    """Milliseconds for a fixed pure-Python loop: this shared machine's speed
    varies by up to 1.5x over minutes, so every report carries it."""
    t = time.perf_counter()
    total = 0
    for i in range(2_000_000):
        total += i & 7
    return (time.perf_counter() - t) * 1000


def main() -> None:
    from games.chebache import ENGINE
    print(f"engine: {ENGINE}")
    print(f"calibration loop before: {calibration():.0f} ms (quiet machine: about 75 ms)")
    start = time.perf_counter()
    positions = typical_positions(40)
    # each position three times, its median kept: one slow moment does not
    # decide a position's figure
    plain = [statistics.median(measure(lst, d, 3)) for lst, d in positions if d[0] != d[1]]
    doubles = [statistics.median(measure(lst, (d[0], d[0]), 3)) for lst, d in positions]
    report("typical, non-doubles", plain)
    report("typical, doubles", doubles)
    worst: list[float] = []
    for lst in WORST:
        for d in range(1, 7):
            t = measure(lst, (d, d), 7)
            worst.append(statistics.median(t))
            n = len(GAME.from_listing(lst, {}).legal_turns((d, d)))
            print(f"  worst {lst[:28]}... [{d} {d}] {n:5d} turns  median "
                  f"{statistics.median(t):8.2f} ms")
    report("constructed worst cases, doubles", worst)
    print(f"calibration loop after: {calibration():.0f} ms")
    print(f"total {time.perf_counter() - start:.1f} s")


if __name__ == "__main__":
    main()
