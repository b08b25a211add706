"""Why a Hachapury turn is good, for ``/hint``.

The reason compares the mover's checkers before and after the turn and names
what changed that the evaluation cares about, most important first: a win,
checkers borne off, checkers brought home, a block closed in front of the
opponent's checkers, a checker escaping the opponent's points.  Points are in
the mover's own numbering, as the record writes them.  Reasons are keys and
values (computer/reasons.py) the bot says in the reader's language.
"""

from __future__ import annotations

from collections.abc import Sequence

from computer.hachapury_eval import closed_mask, other_point, pips
from computer.reasons import NO_REASON, Reason, Said
from games.base import Dice
from games.hachapury.position import COLOURS, HachapuryPosition, other
from games.turns import Turn

#: How many reasons a hint gives at most.
MOST_REASONS = 2


def explain_turn(position: HachapuryPosition, dice: Dice, text: str | Turn) -> Reason:
    """The reason for playing ``text`` with ``dice`` in ``position`` (its side to
    move's view), e.g. "makes a block of 4 points (5-2) in front of 3 White
    checkers"; empty when the game is over."""
    mover = position.side_to_move
    if mover is None:
        return NO_REASON
    opponent = other(mover)
    played = position.play(text, dice)
    result = played.position
    assert isinstance(result, HachapuryPosition)  # a Hachapury turn gives one
    before = position.checkers(mover)
    after = result.checkers(mover)
    if after == before:
        return Reason.of("hint_hp_pass")
    theirs = position.checkers(opponent)
    name = COLOURS[opponent]
    reasons: list[Said] = []
    if played.position.result is not None:
        mars = played.position.result.points == 2
        return Reason.of("hint_hp_wins_mars" if mars else "hint_hp_wins")
    off = after[0] - before[0]
    if off:
        reasons.append(Said.of("hint_hp_bears_off", checkers=_checkers(off)))
    reasons.extend(_home_reasons(before, after))
    reasons.extend(_block_reasons(before, after, theirs, name))
    reasons.extend(_escape_reasons(before, after, theirs, name))
    if not reasons and after[24] < before[24]:
        reasons.append(Said.of("hint_hp_starts", checkers=_checkers(before[24] - after[24])))
    if not reasons:
        return _race_reason(after, theirs, played.moves)
    return Reason(tuple(reasons[:MOST_REASONS]), join="and")


def _checkers(n: int) -> Said:
    return Said.of("hint_checker") if n == 1 else Said.of("hint_checkers", count=n)


def _outside(counts: Sequence[int]) -> int:
    return sum(counts[7:])


def _home_reasons(before: Sequence[int], after: Sequence[int]) -> list[Said]:
    was, now = _outside(before), _outside(after)
    if now == was or now > was:
        return []
    if now == 0:
        return [Said.of("hint_hp_last_home") if was == 1 else
                Said.of("hint_hp_last_home_many", count=was)]
    return [Said.of("hint_hp_home", checkers=_checkers(was - now))]


def ahead_of(theirs: Sequence[int], point: int) -> int:
    """How many opponent checkers must still pass my ``point`` (in my numbering):
    those standing higher than it in their own numbering."""
    q = other_point(point)
    return sum(theirs[q + 1:])


def runs(counts: Sequence[int]) -> list[list[int]]:
    """Rows of consecutive points holding my checkers, along the opponent's path
    (my 1 joins my 24; my 13 and 12 are the opponent's seam), each from the
    point the opponent meets first; the points are in my numbering."""
    order = [other_point(q) for q in range(24, 0, -1)]  # my 12, 11, .., 1, 24, .., 13
    found: list[list[int]] = []
    current: list[int] = []
    for point in order:
        if counts[point]:
            current.append(point)
        elif current:
            found.append(current)
            current = []
    if current:
        found.append(current)
    return found


def _just_ahead(theirs: Sequence[int], point: int) -> bool:
    """True when an opponent checker stands 1-6 points before my ``point`` on
    its path (one die from it)."""
    q = other_point(point)
    return any(theirs[r] for r in range(q + 1, min(q + 6, 24) + 1))


def _span(points: list[int]) -> tuple[str, ...]:
    """``6-2``; a row across my 1 and 24 in two parts: ``2-1`` and ``24-23`` (said
    joined by "and")."""
    if 24 in points and 1 in points:
        cut = points.index(24)
        return _span(points[:cut]) + _span(points[cut:])
    if len(points) == 1:
        return (str(points[0]),)
    return (f"{points[0]}-{points[-1]}",)


def _longest_block(counts: Sequence[int], theirs: Sequence[int]) -> tuple[list[int], int]:
    """My longest row of points with opponent checkers still to pass it, and how
    many of them; ([], 0) when none."""
    best: tuple[list[int], int] = ([], 0)
    for row in runs(counts):
        waiting = ahead_of(theirs, row[0])
        if waiting and len(row) > len(best[0]):
            best = (row, waiting)
    return best


def _block_reasons(before: Sequence[int], after: Sequence[int], theirs: Sequence[int],
                   name: str) -> list[Said]:
    row, waiting = _longest_block(after, theirs)
    old_row, _ = _longest_block(before, theirs)
    if len(row) >= 2 and len(row) > len(old_row):
        key = "hint_hp_traps" if len(row) >= 6 else "hint_hp_block"
        return [Said.of(key, count=waiting, foe=name, length=len(row), span=_span(row))]
    made = [p for p in range(24, 0, -1) if after[p] and not before[p] and _just_ahead(theirs, p)]
    if made:
        where = ", ".join(str(p) for p in made)
        return [Said.of("hint_hp_made", points=where, foe=name)]
    return []


def _escape_reasons(before: Sequence[int], after: Sequence[int], theirs: Sequence[int],
                    name: str) -> list[Said]:
    """A checker that stood behind opponent points and now stands past them all."""
    closed = closed_mask(theirs) & ~0x7F  # opponent points outside my home (7..24)
    lowest_closed = (closed & -closed).bit_length() - 1 if closed else 0
    behind_before = sum(before[p] for p in range(lowest_closed + 1, 25))
    behind_after = sum(after[p] for p in range(lowest_closed + 1, 25))
    if closed and behind_after < behind_before:
        return [Said.of("hint_hp_escapes", checkers=_checkers(behind_before - behind_after),
                        foe=name)]
    return []


def _race_reason(after: Sequence[int], theirs: Sequence[int], text: str) -> Reason:
    """The least waste, with the race: a lead or an even race is said beside it, a
    deficit as what the turn cannot mend ("though it still trails ...")."""
    lead = pips(theirs) - pips(after)
    if lead < 0:
        return Reason((Said.of("hint_hp_race_plain", move=text),),
                      drawbacks=(Said.of("hint_hp_trails", pips=-lead),))
    where = Said.of("hint_hp_leads", pips=lead) if lead > 0 else Said.of("hint_hp_even")
    return Reason.of("hint_hp_race", move=text, race=where)
