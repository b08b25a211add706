"""Hint reasons for Chebache turns, from the positions before and after a turn
(what it won, captured, threatened, escaped, brought home), as keys and values
(computer/reasons.py) the bot says in the reader's language."""

from __future__ import annotations

from computer.reasons import NO_REASON, Reason, Said
from games.base import Position
from games.chebache.board import CHEBACHES, NUMBER, SIDE_NAMES
from games.chebache.position import ChebachePosition
from games.chebache.state import KING, P_FIN, P_FIN_K, P_START, P_START_K, State

_SIDES = ("W", "B")


def threatened(state: State, victim: int) -> list[tuple[int, int, bool]]:
    """``victim``'s stacks on spaces the other side's standing Chebaches
    control: (the victim's space number, its pieces there, a King among them)."""
    slots = state[0]
    out = []
    owner = 1 - victim
    for sh in CHEBACHES[owner]:
        if not slots[sh.centre_slot]:
            continue
        if not any((p & 1) == owner for p in slots[sh.left_slot]):
            continue
        if not any((p & 1) == owner for p in slots[sh.right_slot]):
            continue
        stack = slots[sh.controlled_slot]
        if stack:
            out.append((NUMBER[victim][sh.controlled_slot], len(stack),
                        any(p & KING for p in stack)))
    return sorted(out)


def _controlled_by(state: State, owner: int) -> list[tuple[int, int, bool]]:
    """The spaces (in the victim's numbering) ``owner``'s standing Chebaches
    control, occupied or not, as ``threatened`` gives them."""
    slots = state[0]
    victim = 1 - owner
    out = []
    for sh in CHEBACHES[owner]:
        if slots[sh.centre_slot] and any((p & 1) == owner for p in slots[sh.left_slot]) \
                and any((p & 1) == owner for p in slots[sh.right_slot]):
            out.append((NUMBER[victim][sh.controlled_slot], 0, False))
    return out


def _kings(state: State, side: int) -> int:
    slots, pools = state
    n = pools[side * 4 + P_START_K] + pools[side * 4 + P_FIN_K]
    return n + sum(1 for stack in slots for p in stack if p & KING and (p & 1) == side)


def _start(state: State, side: int) -> int:
    pools = state[1]
    return pools[side * 4 + P_START] + pools[side * 4 + P_START_K]


def _finish(state: State, side: int) -> int:
    pools = state[1]
    return pools[side * 4 + P_FIN] + pools[side * 4 + P_FIN_K]


def explain_turn(before: Position, after: Position) -> Reason:
    """Why the turn from ``before`` to ``after`` is good (the most important
    reasons first, said joined by "; ")."""
    assert isinstance(before, ChebachePosition) and isinstance(after, ChebachePosition)
    mover_letter = before.side_to_move
    if mover_letter is None:
        return NO_REASON
    me = _SIDES.index(mover_letter)
    foe = 1 - me
    foe_name = SIDE_NAMES[foe]
    old, new = before.state, after.state
    result = after.result
    if result is not None:
        if result.winner == mover_letter:
            return Reason.of("hint_chebache_wins")
        if result.winner is None:
            return Reason.of("hint_chebache_draws")
    reasons: list[Said] = []
    captured = _kings(new, me) - _kings(old, me)
    if captured > 0:
        reasons.append(Said.of("hint_chebache_captures_king", foe=foe_name))
    sent = _start(new, foe) - _start(old, foe)
    if sent == 1:
        reasons.append(Said.of("hint_chebache_sends_one", foe=foe_name))
    elif sent > 1:
        reasons.append(Said.of("hint_chebache_sends", count=sent, foe=foe_name))
    for number, count, king in threatened(new, foe):
        if king:
            reasons.append(Said.of("hint_chebache_traps_king", foe=foe_name, number=number,
                                   side=SIDE_NAMES[me]))
        elif count == 1:
            reasons.append(Said.of("hint_chebache_traps_one", foe=foe_name, number=number))
        else:
            reasons.append(Said.of("hint_chebache_traps", foe=foe_name, count=count,
                                   number=number))
    was = threatened(old, me)
    if was:
        spots = ", ".join(str(n) for n, _c, _k in was)
        still = {n for n, _c, _k in _controlled_by(new, foe)}
        if not any(n in still for n, _c, _k in was):
            reasons.append(Said.of("hint_chebache_breaks", foe=foe_name, spots=spots))
        elif _start(new, me) <= _start(old, me):
            reasons.append(Said.of("hint_chebache_escapes", spots=spots))
    home = _finish(new, me) - _finish(old, me)
    if home == 1:
        reasons.append(Said.of("hint_chebache_home_one"))
    elif home > 1:
        reasons.append(Said.of("hint_chebache_home", count=home))
    if not reasons:
        blots = _exposed(new, me)
        if blots:
            reasons.append(Said.of("hint_chebache_race_safe"))
        else:
            reasons.append(Said.of("hint_chebache_race_clean"))
    return Reason(tuple(reasons), join="semicolon")


def _exposed(state: State, side: int) -> list[int]:
    """``side``'s Intersections held by a single ordinary piece (open to attack)."""
    slots = state[0]
    out = []
    for slot in range(9):
        stack = slots[slot]
        if len(stack) == 1 and (stack[0] & 1) == side and not stack[0] & KING:
            out.append(NUMBER[side][slot])
    return out
