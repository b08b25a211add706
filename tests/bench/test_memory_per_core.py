"""bench/bench_memory_per_core.py: the cost of one more core is read from the line
bench_memory.py counts against the target, and judged against 40 MiB honestly."""

from __future__ import annotations

import pytest

from bench.bench_memory import TREE_PER_CORE_MIB
from bench.bench_memory_per_core import per_core, total_of

OUTPUT = """\
after start-up                 bot     RSS   78.9  PSS   60.5  USS   57.0  peak   80.4 MiB
                               whole tree: 7 processes, PSS 281.0 MiB = bot 60.5
counted against the target: the whole tree: 7 processes, PSS 244.9 MiB = picture \
workers 137.8 (2), bot 82.3, 2 worker(s) a pool (target <= 300 MiB: met)
                               whole tree: 7 processes, PSS 245.7 MiB = bot 82.5
"""


def test_the_total_is_the_one_counted_against_the_target() -> None:
    # not the start-up line's, nor the diagnostic line printed after it
    assert total_of(OUTPUT) == 244.9


def test_no_counted_line_is_an_error_not_a_zero() -> None:
    with pytest.raises(ValueError):
        total_of("whole tree: 7 processes, PSS 281.0 MiB = bot 60.5\n")


def test_the_per_core_verdict() -> None:
    assert per_core(250.0, 250.0 + TREE_PER_CORE_MIB) == (TREE_PER_CORE_MIB, True)
    extra, ok = per_core(250.0, 250.0 + TREE_PER_CORE_MIB + 0.5)
    assert extra == pytest.approx(TREE_PER_CORE_MIB + 0.5) and not ok
