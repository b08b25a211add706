"""Shared timing for the board-render benchmarks: cold first render, then
``runs`` warm renders; prints median/p90 wall time, median CPU time and PNG size."""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable

from games.events import Event
from renderer.context import RenderContext


def bench_args(default_runs: int = 100) -> tuple[int, str]:
    """(runs, theme) from the command line: ``[N] [--dark]``."""
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    return (int(args[0]) if args else default_runs), ("dark" if "--dark" in sys.argv else "light")


def white_black_context(theme: str, dice: tuple[int, ...], last_moves: str,
                        last_events: tuple[Event, ...] = ()) -> RenderContext:
    """The context of the two-player benches: White just played ``last_moves``,
    which did ``last_events``."""
    return RenderContext(names={"W": "alice", "B": "Bob the Magnificent"}, dice=dice,
                         last_side="W", last_moves=last_moves, last_events=last_events,
                         theme=theme,
                         footer="Game #12 · turn 31")


def time_renders(render: Callable[[object, RenderContext], bytes], position: object,
                 context: RenderContext, runs: int) -> None:
    """Render ``position`` ``runs`` times after one cold render and print the figures."""
    first = time.perf_counter()
    data = render(position, context)
    cold = (time.perf_counter() - first) * 1000
    times: list[float] = []
    cpu: list[float] = []
    for _ in range(runs):
        start = time.perf_counter()
        start_cpu = time.process_time()
        data = render(position, context)
        cpu.append((time.process_time() - start_cpu) * 1000)
        times.append((time.perf_counter() - start) * 1000)
    times.sort()
    p90 = times[max(0, int(len(times) * 0.9) - 1)]
    print(f"theme {context.theme}, {runs} renders, width {context.width}")
    print(f"first render (cold caches): {cold:.1f} ms")
    print(f"median render: {statistics.median(times):.1f} ms (p90 {p90:.1f} ms)")
    print(f"median CPU time: {statistics.median(cpu):.1f} ms (wall time suffers on a busy box)")
    print(f"PNG size: {len(data) / 1024:.1f} KB")
