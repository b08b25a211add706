"""Benchmark: render a crowded Hachapury position ~100 times.

Prints the median and 90th-percentile render time and the PNG size.
Run from the project root: ``.venv/bin/python bench/bench_render_hachapury.py [N] [--dark]``.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.render_timing import time_renders  # noqa: E402
from renderer import hachapury  # noqa: E402
from renderer.context import RenderContext  # noqa: E402


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
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    runs = int(args[0]) if args else 100
    theme = "dark" if "--dark" in sys.argv else "light"
    position = CrowdedPosition()
    context = RenderContext(
        names={"W": "alice", "B": "Bob the Magnificent"},
        dice=(4, 4, 4, 4),
        last_side="W",
        last_moves="24/18, 18/13",
        theme=theme,
        footer="Game #12 · turn 31",
    )
    time_renders(hachapury.render, position, context, runs)

if __name__ == "__main__":
    main()
