"""Chebaches: which stand, which opponent spaces they control, and traps."""

from __future__ import annotations

from games.chebache.board import CHEBACHES, NUMBER, SIDE_LETTERS, ChebacheShape
from games.chebache.state import KING, P_START, P_START_K, Slots, State, stack_form


def holds(stack: tuple[int, ...], side: int) -> bool:
    """Whether ``side`` has a piece in this stack (controls the Intersection)."""
    for p in stack:
        if (p & 1) == side:
            return True
    return False


def standing(slots: Slots, side: int) -> list[ChebacheShape]:
    """The Chebaches ``side`` has formed: both Intersections held, centre occupied."""
    out = []
    for sh in CHEBACHES[side]:
        if slots[sh.centre_slot] and holds(slots[sh.left_slot], side) \
                and holds(slots[sh.right_slot], side):
            out.append(sh)
    return out


#: Per side: (centre slot, left Intersection slot, right Intersection slot,
#: controlled slot) of each possible Chebache, for the hot path below.
_SHAPES = tuple(
    tuple((sh.centre_slot, sh.left_slot, sh.right_slot, sh.controlled_slot) for sh in shapes)
    for shapes in CHEBACHES
)
_NONE: frozenset[int] = frozenset()


def controlled_slots(slots: Slots, side: int) -> frozenset[int]:
    """The opponent's slots controlled by ``side``'s standing Chebaches."""
    out = None
    for centre, left, right, ctrl in _SHAPES[side]:
        if not slots[centre]:
            continue
        for p in slots[left]:
            if (p & 1) == side:
                break
        else:
            continue
        for p in slots[right]:
            if (p & 1) == side:
                break
        else:
            continue
        if out is None:
            out = [ctrl]
        else:
            out.append(ctrl)
    return _NONE if out is None else frozenset(out)


def apply_traps(state: State, victim: int) -> tuple[State, list[str], bool]:
    """Send ``victim``'s pieces on spaces controlled by standing opponent
    Chebaches to Start.  Returns the new state, the trap record items
    (``-2@8`` in the victim's numbering) and whether a King was trapped."""
    slots, pools = state
    ctrl = controlled_slots(slots, 1 - victim)
    if not ctrl:
        return state, [], False
    items: list[tuple[int, str]] = []
    new_slots = list(slots)
    new_pools = list(pools)
    king = False
    for slot in ctrl:
        stack = slots[slot]
        if not stack:
            continue
        kings = sum(1 for p in stack if p & KING)
        king = king or kings > 0
        new_pools[victim * 4 + P_START] += len(stack) - kings
        new_pools[victim * 4 + P_START_K] += kings
        new_slots[slot] = ()
        items.append((NUMBER[victim][slot], f"-{stack_form(stack)}@{NUMBER[victim][slot]}"))
    if not items:
        return state, [], False
    items.sort()
    return (tuple(new_slots), tuple(new_pools)), [t for _, t in items], king


def chebache_part(slots: Slots, mover: int) -> str:
    """The record's ``<B12; W14>`` part: first the opponent's spaces the mover
    controls, then the mover's spaces the opponent controls; '' if none."""
    parts = []
    for owner in (mover, 1 - mover):
        victim = 1 - owner
        nums = sorted(NUMBER[victim][sh.controlled_slot] for sh in standing(slots, owner))
        if nums:
            parts.append(SIDE_LETTERS[victim] + ",".join(str(n) for n in nums))
    return "<" + "; ".join(parts) + ">" if parts else ""
