"""What one more core costs the whole bot: bench/bench_memory.py run twice, with
``--workers N`` and ``--workers N+1`` (each pool one worker more: a picture worker
and a computer worker), and the two whole-tree totals subtracted.

The target (the project's "lean" issue): the whole tree at most 300 MiB on 2 cores
with 10,000 live sessions, **growing by at most 40 MiB per extra core**.  One run of
bench_memory.py checks only its own total; the per-core part is this difference.

Both runs go side by side (the figures counted are taken once the workers have
been idle, so the shared CPU does not change them; the time taken does).  Any other
argument is passed to both runs.

Run: ``nice -n 10 .venv/bin/python bench/bench_memory_per_core.py --sessions 2500``
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.bench_memory import TREE_PER_CORE_MIB  # noqa: E402

BENCH = Path(__file__).resolve().parent / "bench_memory.py"
#: The line bench_memory.py counts against the target, and its total.
TOTAL = re.compile(r"counted against the target: the whole tree: .*?PSS ([0-9.]+) MiB")


def total_of(output: str) -> float:
    """The whole tree's PSS bench_memory.py counted (the last such line)."""
    found = TOTAL.findall(output)
    if not found:
        raise ValueError("bench_memory.py printed no whole-tree total")
    return float(found[-1])


def per_core(smaller: float, bigger: float) -> tuple[float, bool]:
    """MiB one more core costs, and whether that is within the target."""
    extra = bigger - smaller
    return extra, extra <= TREE_PER_CORE_MIB


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--workers", type=int, default=2, help="N: the smaller run's workers")
    args, rest = parser.parse_known_args()
    runs = {n: subprocess.Popen([sys.executable, str(BENCH), "--workers", str(n),
                                 "--no-census", *rest], stdout=subprocess.PIPE, text=True)
            for n in (args.workers, args.workers + 1)}
    totals: dict[int, float] = {}
    for n, run in runs.items():
        output, _ = run.communicate()
        if run.returncode != 0:
            sys.exit(f"bench_memory.py --workers {n} failed ({run.returncode})")
        totals[n] = total_of(output)
        print(f"--workers {n}: whole tree PSS {totals[n]:.1f} MiB", flush=True)
    extra, ok = per_core(totals[args.workers], totals[args.workers + 1])
    print(f"per extra core: {extra:+.1f} MiB (target <= {TREE_PER_CORE_MIB:.0f} MiB: "
          f"{'met' if ok else 'NOT met'})")


if __name__ == "__main__":
    main()
