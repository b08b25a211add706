"""A 5,000-input sample of the fuzz run (bench/fuzz.py) on a fixed seed.

Hostile inputs go through the service to every command and damaged records to
``replay``/``verify``; none may raise, every refusal must be private, specific
and change nothing, and no input may run away (the worker's budget is a
watchdog for hangs, far above any normal input, not a timing assertion).
"""

from __future__ import annotations

from bench.fuzz import report, run

SAMPLE = 5_000
SEED = 20261123


def test_fuzz_sample_no_escape_no_violation() -> None:
    summary = run(SAMPLE, SEED, budget=20.0, jobs=4)
    shown = report(summary)
    assert summary.inputs + summary.skipped == SAMPLE, shown
    assert len(summary.per_command) >= 20, shown  # every command was reached
    assert not summary.exceptions, shown
    assert not summary.violations, shown
    assert not summary.hangs and not summary.crashes, shown
