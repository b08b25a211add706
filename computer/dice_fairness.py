"""Are the dice fair?  Counts of each face against the expected, doubles, and
Pearson's chi-square test of the six faces (5 degrees of freedom), as data; the
bot says the verdict in words (``Verdict``).  Pure (stdlib only)."""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

#: p-values under which the counts are called unusual / very unusual.
UNUSUAL = 0.05
VERY_UNUSUAL = 0.01


class Verdict(StrEnum):
    FAIR = "fair"  # p >= 0.05: what fair dice give
    UNUSUAL = "unusual"  # 0.01 <= p < 0.05: a little unusual (1 in 20 fair samples is)
    VERY_UNUSUAL = "very_unusual"  # p < 0.01
    TOO_FEW = "too_few"  # under 30 dice: no test worth the name


@dataclass(frozen=True)
class Fairness:
    """``faces[i]``: how often face ``i + 1`` came up; ``pairs``: throws of two dice;
    ``doubles``: those with both alike."""

    faces: tuple[int, ...]
    throws: int
    pairs: int
    doubles: int
    chi_square: float
    p_value: float
    verdict: Verdict

    @property
    def dice(self) -> int:
        return sum(self.faces)

    @property
    def expected(self) -> float:
        return self.dice / 6

    @property
    def expected_doubles(self) -> float:
        return self.pairs / 6


def chi_square_p(x: float) -> float:
    """P(chi-square with 5 degrees of freedom >= x) (the closed form for odd degrees)."""
    if x <= 0:
        return 1.0
    return math.erfc(math.sqrt(x / 2)) + math.sqrt(2 * x / math.pi) * math.exp(-x / 2) * (
        1 + x / 3)


def fairness(throws: Iterable[tuple[int, ...]]) -> Fairness:
    """The counts and the test over ``throws`` (each a tuple of faces 1-6)."""
    faces = [0] * 6
    count = pairs = doubles = 0
    for throw in throws:
        if not throw:
            continue
        count += 1
        for face in throw:
            faces[face - 1] += 1
        if len(throw) == 2:
            pairs += 1
            doubles += throw[0] == throw[1]
    dice = sum(faces)
    expected = dice / 6
    chi = sum((f - expected) ** 2 / expected for f in faces) if dice else 0.0
    p = chi_square_p(chi)
    if dice < 30:
        verdict = Verdict.TOO_FEW
    elif p < VERY_UNUSUAL:
        verdict = Verdict.VERY_UNUSUAL
    elif p < UNUSUAL:
        verdict = Verdict.UNUSUAL
    else:
        verdict = Verdict.FAIR
    return Fairness(tuple(faces), count, pairs, doubles, chi, p, verdict)
