"""How good a Hachapury position is: race equity from effective pip counts.

Hachapury has no hitting, so every game is a race; what makes it more than
a pip count is *blocking*.  Both sides run the same way round, and a point
holding any of my checkers is closed to the opponent.  The opponent's runners
start on my 12 and pass my 11..1 and then my 24..13; each of my points in
front of them (above all a row of points: a block, up to 5 long because of
the barrier rule, 6 when an opponent checker is already past it) costs them
rolls.  Likewise its points cost mine.

So each side gets an *effective pip count* (EPC): the pips still to travel,
plus the expected waste of bearing off (checkers piled on low points, few
points used), plus a penalty for every checker that must still pass
opponent points: by how many of the six points just ahead of it are closed
(six closed: it cannot move at all).  The side to move is worth half a roll
more.  The EPC difference becomes a win chance through the normal curve of
a race, whose spread grows with the square root of the pips left.

Counts are the engine's 25-long tuples in each side's own numbering (index
0 = borne off); my point q is the opponent's q+12 (wrapping).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
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
    #: Penalty per travelling checker by how many of the 6 points ahead are closed.
    blocked: tuple[float, ...] = (0.0, 0.4, 1.2, 2.6, 5.0, 9.0, 16.0)
    #: Extra penalty per closed point in an unbroken row just ahead of a checker.
    row: float = 0.0
    #: Penalty per travelling checker by the longest row of closed points it
    #: must still jump anywhere ahead (index = row length; 6: it cannot pass).
    prime: tuple[float, ...] = (0.0, 0.0, 1.0, 3.0, 7.0, 14.0, 40.0)
    #: Penalty per checker still to pass the opponent's home (my 13..24), where
    #: the opponent's home checkers spread and close points as the game goes.
    behind: float = 0.0
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
    #: Memo of ``_penalties`` by opponent point set (not a weight).
    cache: dict[int, tuple[float, ...]] = field(
        default_factory=dict, compare=False, hash=False, repr=False)


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


def block_penalty(counts: Sequence[int], closed: int, w: Weights = DEFAULT) -> float:
    """Pips the opponent's points (``closed``, my numbering) cost the side's
    checkers still outside home.

    For a checker on p the six points p-1..p-6 are what one die can reach:
    the more of them closed, and the longer the closed row right in front,
    the fewer throws move it (all six: none); and the longest closed row
    anywhere ahead is what it must still jump."""
    return sum(map(mul, counts, _penalties(closed, w)))


def _penalties(closed: int, w: Weights) -> tuple[float, ...]:
    """The block penalty of one checker on each point 0..24 against ``closed``;
    memoised on the weights (a search meets the same opponent points often)."""
    cache = w.cache
    found = cache.get(closed)
    if found is not None:
        return found
    if len(cache) > _CACHE_LIMIT:
        cache.clear()
    out = [0.0] * 25
    if closed:
        longest = run = 0  # the longest row of closed points among 1..p-1
        for p in range(1, 25):
            if p >= 7:
                ahead = (closed >> (p - 6)) & 0x3F  # bits p-6 .. p-1
                row = 0
                bit = 0x20  # p-1
                while ahead & bit:
                    row += 1
                    bit >>= 1
                out[p] = (w.blocked[ahead.bit_count()] + w.row * row * row / 2
                          + w.prime[min(longest, 6)])
            if closed >> p & 1:
                run += 1
                longest = max(longest, run)
            else:
                run = 0
    found = tuple(out)
    cache[closed] = found
    return found


#: Opponent point sets remembered per weights before the memo starts afresh.
_CACHE_LIMIT = 200_000


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
    closed = closed_mask(theirs)
    return (pips(mine) + waste + block_penalty(mine, closed, w)
            + w.behind * sum(mine[13:]) + wall_penalty(mine, closed, w))


def wall_penalty(counts: Sequence[int], closed: int, w: Weights = DEFAULT) -> float:
    """What the opponent's home (my 18..13) costs the checkers still above it."""
    table = w.wall
    penalty = 0.0
    for p in range(13, 25):
        n = counts[p]
        if n:
            held = (closed & ((1 << min(p, 19)) - (1 << 13))).bit_count()
            penalty += n * table[held]
    return penalty


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
