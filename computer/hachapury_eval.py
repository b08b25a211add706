"""How good a Hachapury position is: race equity from effective pip counts.

Hachapury has no hitting, so every game is a race; what makes it more than a
pip count is *blocking*, and in this variant blocking means the homes: only
the 4 head checkers of a side ever travel (the other 11 start at home and
never leave it), so outside the homes a side holds at most 4 points, while
its home checkers, spread over 6..1, close up to six points in a row in
front of the opponent's runners, for good: they leave only by bearing off.
A runner that comes too late finds the opponent's home full and waits there,
passing turn after turn, while the opponent bears off.

So each side gets an *effective pip count* (EPC): the pips still to travel,
plus the expected waste of bearing off (checkers piled on low points; it
counts several times over while the sides still have to pass each other,
since a home checker moved deep early is timing burnt), plus the *wall*: a
penalty for every runner still above the opponent's home, by how many of
the home points below it the opponent already holds.  The side to move is
worth half a roll more.  The EPC difference becomes a win chance through
the normal curve of a race, whose spread grows with the square root of the
pips left.  The weights were chosen by one-ply self-play and play against
the baselines (bench/tune_hachapury.py); penalties for the outfield points
the runners make were tried and made no difference or worse.

Counts are the engine's 25-long tuples in each side's own numbering (index
0 = borne off); my point q is the opponent's q+12 (wrapping).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import compress
from operator import mul

from games.base import Position

CHECKERS = 15
#: Pips a throw of two dice is worth on average (doubles count four times).
AVERAGE_THROW = 49 / 6


@dataclass(frozen=True)
class Weights:
    """The tunable numbers of the evaluation (pips unless said otherwise)."""

    #: Bear-off waste per checker on home point 1..6 (index = point).
    home_waste: tuple[float, ...] = (0.0, 3.0, 2.0, 1.3, 0.8, 0.4, 0.0)
    #: Waste per checker beyond ``stack_free`` on one home point.
    stack: float = 0.6
    stack_free: int = 3
    #: The waste counts this many times over while the sides still have to
    #: pass each other: a checker moved deep into the home too early is timing
    #: burnt (it will waste pips, and no longer keeps a point in front of the
    #: opponent's runners).
    contact_waste: float = 3.0
    #: Penalty per checker still to pass the opponent's home, by how many of
    #: its home points (my 18..13) below the checker the opponent holds: the
    #: opponent's home checkers never leave until it bears off, so a full
    #: home there traps the checker for most of the game.
    wall: tuple[float, ...] = (0.0, 1.0, 3.0, 6.0, 12.0, 24.0, 50.0)
    #: Half a roll for the side to move.
    tempo: float = AVERAGE_THROW / 2
    #: The race's spread: sigma = spread * sqrt(pips of both) + base.
    spread: float = 1.0
    base: float = 3.0


DEFAULT = Weights()


def other_point(point: int) -> int:
    """My point in the opponent's numbering and back (13 <-> 1, 24 <-> 12)."""
    return point - 12 if point > 12 else point + 12


#: Bit of the opponent's point q in my numbering (index 0, borne off: no bit).
_OTHER_BIT = (0,) + tuple(1 << other_point(q) for q in range(1, 25))
_POINT_PIPS = tuple(range(25))


def closed_mask(opponent: Sequence[int]) -> int:
    """Bit p (my numbering, 1..24) set where an opponent checker stands."""
    return sum(compress(_OTHER_BIT, opponent))


def pips(counts: Sequence[int]) -> int:
    """Pips the side's checkers still travel to bear off (point p is p pips)."""
    return sum(map(mul, counts, _POINT_PIPS))


def home_waste(counts: Sequence[int], w: Weights = DEFAULT) -> float:
    """Expected pips lost bearing off: checkers low and piled up waste dice."""
    waste = 0.0
    table = w.home_waste
    for p in range(1, 7):
        n = counts[p]
        if n:
            waste += table[p] * n
            if n > w.stack_free:
                waste += w.stack * (n - w.stack_free)
    return waste


def in_contact(mine: Sequence[int], theirs: Sequence[int]) -> bool:
    """True while some checker of either side must still pass the other's."""
    return _must_pass(mine, closed_mask(theirs)) or _must_pass(theirs, closed_mask(mine))


def _must_pass(counts: Sequence[int], closed: int) -> bool:
    """True when a checker in ``counts`` stands above a point in ``closed``."""
    highest = next((p for p in range(24, 0, -1) if counts[p]), 0)
    return bool(closed & ((1 << highest) - 1))


def effective_pips(mine: Sequence[int], theirs: Sequence[int], w: Weights = DEFAULT,
                   contact: bool | None = None) -> float:
    """``mine``'s effective pip count against ``theirs`` (see the module doc)."""
    if contact is None:
        contact = in_contact(mine, theirs)
    waste = home_waste(mine, w) * (w.contact_waste if contact else 1.0)
    return pips(mine) + waste + wall_penalty(mine, theirs, w)


def wall_penalty(mine: Sequence[int], theirs: Sequence[int], w: Weights = DEFAULT) -> float:
    """What the opponent's home (its 6..1, my 18..13) costs my checkers still
    above it: per checker, by how many of those points below it are held."""
    table = w.wall
    held = 0
    penalty = 0.0
    for p in range(13, 19):  # my p is the opponent's p - 12
        if mine[p]:
            penalty += mine[p] * table[held]
        if theirs[p - 12]:
            held += 1
    return penalty + sum(mine[19:]) * table[held]


def race_chance(lead: float, total: float, w: Weights = DEFAULT) -> float:
    """Win chance of a side ``lead`` effective pips ahead (tempo included) when
    ``total`` pips are left on both sides: the normal curve (logistic fit)."""
    sigma = w.spread * math.sqrt(max(total, 1.0)) + w.base
    return 1.0 / (1.0 + math.exp(-1.702 * lead / sigma))


def evaluate(mine: Sequence[int], theirs: Sequence[int], mine_to_move: bool,
             w: Weights = DEFAULT) -> float:
    """``mine``'s chance to win (0-1) against ``theirs``; both unfinished."""
    contact = in_contact(mine, theirs)
    my_epc = effective_pips(mine, theirs, w, contact)
    their_epc = effective_pips(theirs, mine, w, contact)
    lead = their_epc - my_epc + (w.tempo if mine_to_move else -w.tempo)
    return race_chance(lead, my_epc + their_epc, w)


def position_value(position: Position, side: str, w: Weights = DEFAULT) -> float:
    """``side``'s share of the win in ``position`` (1 or 0 once it is over)."""
    result = position.result
    if result is not None:
        return 1.0 if result.winner == side else 0.0
    opponent = "B" if side == "W" else "W"
    mine = position.checkers(side)  # type: ignore[attr-defined]
    theirs = position.checkers(opponent)  # type: ignore[attr-defined]
    return evaluate(mine, theirs, position.side_to_move == side, w)


def simple_value(position: Position, side: str) -> float:
    """The greedy baseline's plain evaluation: the pip count race alone (with
    half a roll for the side to move), no waste and no blocks."""
    result = position.result
    if result is not None:
        return 1.0 if result.winner == side else 0.0
    opponent = "B" if side == "W" else "W"
    mine = pips(position.checkers(side))  # type: ignore[attr-defined]
    theirs = pips(position.checkers(opponent))  # type: ignore[attr-defined]
    tempo = DEFAULT.tempo if position.side_to_move == side else -DEFAULT.tempo
    return race_chance(theirs - mine + tempo, mine + theirs)
