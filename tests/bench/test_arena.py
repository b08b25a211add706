"""bench/arena.py's lines: the running tally says the decision times too, so a
run stopped early keeps them."""

from __future__ import annotations

import re

import pytest

from bench.arena import run_pair


def test_the_running_tally_and_the_result_say_the_score_and_decision_times(
        capsys: pytest.CaptureFixture[str]) -> None:
    line = run_pair("hachapury", {}, "normal:random", 4, 1, seed=3, every=2)
    tally = capsys.readouterr().out.splitlines()
    assert len(tally) == 1 and tally[0].startswith("  after 2 games: normal ")
    times = re.compile(r"ms/decision normal p50 [\d.]+ p99 [\d.]+, random p50 [\d.]+ "
                       r"p99 [\d.]+")
    assert times.search(tally[0])
    assert line.startswith("hachapury normal:random: normal wins ") and "/4 " in line
    assert times.search(line)
