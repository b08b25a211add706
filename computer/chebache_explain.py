"""Hint reasons for Chebache turns, in words, from the positions before and
after a turn (what it won, captured, threatened, escaped, brought home)."""

from __future__ import annotations

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


def explain_turn(before: Position, after: Position) -> str:
    """Why the turn from ``before`` to ``after`` is good, in words (the most
    important reasons first, joined by "; ")."""
    assert isinstance(before, ChebachePosition) and isinstance(after, ChebachePosition)
    mover_letter = before.side_to_move
    if mover_letter is None:
        return ""
    me = _SIDES.index(mover_letter)
    foe = 1 - me
    foe_name = SIDE_NAMES[foe]
    old, new = before.state, after.state
    result = after.result
    if result is not None:
        if result.winner == mover_letter:
            return "wins at once by bringing every piece into Finish"
        if result.winner is None:
            return "draws: the opponent has nothing left in play"
    reasons: list[str] = []
    captured = _kings(new, me) - _kings(old, me)
    if captured > 0:
        reasons.append(f"captures {foe_name}'s King")
    sent = _start(new, foe) - _start(old, foe)
    if sent == 1:
        reasons.append(f"sends a piece of {foe_name}'s back to Start")
    elif sent > 1:
        reasons.append(f"sends {sent} of {foe_name}'s pieces back to Start")
    for number, count, king in threatened(new, foe):
        if king:
            reasons.append(f"traps {foe_name}'s King on {number}: unless it escapes this turn, "
                           f"{SIDE_NAMES[me]} wins")
        else:
            what = "piece" if count == 1 else f"{count} pieces"
            reasons.append(f"traps {foe_name}'s {what} on {number}")
    was = threatened(old, me)
    if was:
        spots = ", ".join(str(n) for n, _c, _k in was)
        still = {n for n, _c, _k in _controlled_by(new, foe)}
        if not any(n in still for n, _c, _k in was):
            reasons.append(f"breaks {foe_name}'s Chebache over {spots}")
        elif _start(new, me) <= _start(old, me):
            reasons.append(f"escapes the trap on {spots}")
    home = _finish(new, me) - _finish(old, me)
    if home == 1:
        reasons.append("brings a piece into Finish")
    elif home > 1:
        reasons.append(f"brings {home} pieces into Finish")
    if not reasons:
        blots = _exposed(new, me)
        if blots:
            reasons.append("races ahead (the safest turn by the evaluation)")
        else:
            reasons.append("races ahead and leaves no lone piece on an Intersection")
    return "; ".join(reasons)


def _exposed(state: State, side: int) -> list[int]:
    """``side``'s Intersections held by a single ordinary piece (open to attack)."""
    slots = state[0]
    out = []
    for slot in range(9):
        stack = slots[slot]
        if len(stack) == 1 and (stack[0] & 1) == side and not stack[0] & KING:
            out.append(NUMBER[side][slot])
    return out
