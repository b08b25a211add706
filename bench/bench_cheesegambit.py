"""CheeseGambit benchmarks: legal turns for doubles in a crowded 4-player
position (target: median < 20 ms) and a board render (median < 40 ms).

Run: ``.venv/bin/python bench/bench_cheesegambit.py``
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.cheesegambit import GAME  # noqa: E402
from games.events import Moved  # noqa: E402
from renderer import RenderContext, render  # noqa: E402

CROWDED = (
    "R: 1@2, 1@5, 2@9, 1@12, 1@20, 2@24, 1@33, 1@38, 1@49, 1@52, 1@65, 1@S4; "
    "G: 1@3, 1@7, 2@11, 1@16, 1@22, 1@27, 1@30, 2@40, 1@51, 1@56, 1@67, 1@P; "
    "B: 1@4, 1@13, 1@18, 2@29, 1@35, 1@42, 2@45, 1@54, 1@59, 1@69, 1@71, 1@S2; "
    "Y: 1@6, 1@15, 1@21, 1@26, 2@31, 1@36, 2@47, 1@58, 1@63, 1@66, 1@70, 1@S6; "
    "R to move"
)


def median_ms(fn, repeat: int) -> float:
    """Median wall time of ``fn`` in milliseconds."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main() -> int:
    position = GAME.from_listing(CROWDED, {})
    results = {}
    for side in "RGBY":
        listing = CROWDED.replace("R to move", f"{side} to move")
        p = GAME.from_listing(listing, {})
        for d in range(1, 7):
            # a fresh position each time: legal turns are cached per position
            ms = median_ms(lambda p=p, d=d: GAME.from_listing(p.listing(), {}).legal_turns(
                (d, d)), 15)
            results[(side, d)] = ms
    worst = max(results.values())
    overall = statistics.median(results.values())
    counts = [len(GAME.from_listing(CROWDED, {}).legal_turns((d, d))) for d in range(1, 7)]
    print(f"legal turns, doubles, crowded 4 players: median {overall:.2f} ms, "
          f"worst side/die median {worst:.2f} ms (Red's turn counts {counts})")
    ctx = RenderContext(names={"R": "alice", "G": "bob", "B": "carol", "Y": "dave"},
                        dice=(4, 4), last_side="Y", last_moves="6/10 15/19",
                        last_events=(Moved("Y", "6", "10", 4), Moved("Y", "15", "19", 4)))
    render(position, ctx)
    render_ms = median_ms(lambda: render(position, ctx), 30)
    size = len(render(position, ctx))
    print(f"board render: median {render_ms:.2f} ms, {size} bytes")
    ok = overall < 20 and render_ms < 40
    print("OK" if ok else "TOO SLOW")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
