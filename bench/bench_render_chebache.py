"""Benchmark: render a busy Chebache position ~100 times.

Prints the median and 90th-percentile render time and the PNG size.  The
position has stacks of 4, Kings on Intersections and in a stack, a threatened
space (so the CHEBACHE banner shows) and a last turn with a jump.
Run from the project root: ``.venv/bin/python bench/bench_render_chebache.py [N] [--dark]``.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.render_timing import bench_args, time_renders, white_black_context  # noqa: E402
from games.chebache import GAME  # noqa: E402
from games.events import Moved  # noqa: E402
from renderer import for_game  # noqa: E402

BUSY = (
    "W: 1@S, 1@3, 4@6, 1@11, 2@12, 2@15, 1@16, K@17; "
    "B: 1@1, 2@2, 1@4, 2@6, K@9, 1@10, 1@14, 4@F; B to move"
)


def main() -> None:
    runs, theme = bench_args()
    position = GAME.from_listing(BUSY, {})
    context = white_black_context(theme, (4, 4), "5/11, 3(11/14), 14^16",
                                  (Moved("W", "5", "11", 6), Moved("W", "11", "14", 3, 3),
                                   Moved("W", "14", "16")))
    time_renders(for_game("chebache").render, position, context, runs)

if __name__ == "__main__":
    main()
