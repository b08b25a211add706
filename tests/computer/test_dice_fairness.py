"""Dice fairness (computer/dice_fairness.py): counts, doubles and the chi-square test."""

from __future__ import annotations

import random

import pytest

from computer.dice_fairness import Verdict, chi_square_p, fairness


def test_chi_square_tail_matches_known_values() -> None:
    # the 5-degree chi-square's critical values: 11.070 at 5%, 15.086 at 1%
    assert chi_square_p(11.070) == pytest.approx(0.05, abs=1e-4)
    assert chi_square_p(15.086) == pytest.approx(0.01, abs=1e-4)
    assert chi_square_p(0.0) == 1.0


def test_fair_dice_pass_and_loaded_dice_do_not() -> None:
    rng = random.Random(3)
    fair = fairness((rng.randint(1, 6), rng.randint(1, 6)) for _ in range(3000))
    assert fair.verdict == Verdict.FAIR and fair.dice == 6000 and fair.pairs == 3000
    assert abs(fair.doubles - fair.expected_doubles) < 60
    loaded = fairness((rng.choice((1, 2, 3, 4, 5, 6, 6)), rng.randint(1, 6))
                      for _ in range(3000))
    assert loaded.verdict == Verdict.VERY_UNUSUAL and loaded.faces[5] > loaded.faces[0]
    assert fairness([(1, 1)] * 5).verdict == Verdict.TOO_FEW
    assert fairness([(), (6, 6)]).doubles == 1
