"""Benchmark: render a crowded Hachapury position ~100 times.

Prints the median and 90th-percentile render time and the PNG size.
Run from the project root: ``.venv/bin/python bench/bench_render_hachapury.py [N] [--dark]``.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.render_timing import bench_args, time_renders, white_black_context  # noqa: E402
from games.events import Moved  # noqa: E402
from renderer import for_game  # noqa: E402


class CrowdedPosition:
    """A middle game with 17 occupied points and several tall stacks."""

    game = "hachapury"
    _counts = {
        "W": {24: 2, 21: 1, 18: 2, 16: 3, 13: 1, 11: 2, 9: 1, 6: 2, 4: 1},
        "B": {24: 1, 22: 2, 19: 6, 17: 1, 15: 2, 10: 1, 8: 1, 5: 1},
    }

    def checkers(self, side: str) -> tuple[int, ...]:
        row = [0] * 25
        for p, n in self._counts[side].items():
            row[p] = n
        return tuple(row)

    def off(self, side: str) -> int:
        return 0

    side_to_move = "B"
    result = None


def main() -> None:
    runs, theme = bench_args()
    position = CrowdedPosition()
    context = white_black_context(theme, (4, 4, 4, 4), "24/18, 18/13",
                                  (Moved("W", "24", "18", 6), Moved("W", "18", "13", 5)))
    time_renders(for_game("hachapury").render, position, context, runs)

if __name__ == "__main__":
    main()
