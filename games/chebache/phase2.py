"""Phase II: the one optional jump sequence (rules II-A to II-E).

A jump is ``(src, dst, unit)``: even space numbers on the mover's path and the
jumping unit's stack form (``1``, ``3``, ``K``, ``1K``, ``1K1``...).
"""

from __future__ import annotations

from games.chebache.board import SLOT, STACK_LIMIT, TIVITS
from games.chebache.chebaches import controlled_slots, holds
from games.chebache.state import KING, State, stack_form, tagged, weight

Jump = tuple[int, int, str]


def gen_jumps(state: State, side: int) -> list[tuple[Jump, State]]:
    """Every jump sequence (each stopping point of each unit and direction) whose
    final landing is allowed.  The caller checks that a jump may be made at all."""
    slots, pools = state
    path = SLOT[side]
    blocked = controlled_slots(slots, 1 - side)
    out: list[tuple[Jump, State]] = []
    for n in range(2, 17, 2):
        s = path[n]
        stack = slots[s]
        if not stack:
            continue
        for k in range(1, len(stack) + 1):
            unit = tuple(tagged(p, s) for p in stack[-k:])
            rest = stack[:-k]
            uw = weight(unit)
            all_kings = all(p & KING for p in unit)
            origins = {p >> 2 for p in unit}
            form = stack_form(unit)
            for step in (2, -2):
                cur = n
                first = True
                while True:
                    if step < 0 and not (cur in TIVITS or (first and all_kings)):
                        break
                    over, t = cur + step // 2, cur + step
                    if t < 2 or t > 16:
                        break
                    if not holds(slots[path[over]], side):
                        break
                    ts = path[t]
                    if ts in blocked or weight(slots[ts]) + uw > STACK_LIMIT:
                        break
                    first = False
                    cur = t
                    if ts + 1 in origins:
                        continue
                    new_slots = list(slots)
                    new_slots[s] = rest
                    new_slots[ts] = slots[ts] + unit
                    out.append(((n, t, form), (tuple(new_slots), pools)))
    return out


def jump_text(jump: Jump) -> str:
    """``4^6``, ``2(6^8)``, ``1K(4^6)``, ``K(10^6)``."""
    src, dst, form = jump
    core = f"{src}^{dst}"
    if form == "1":
        return core
    return f"{form}({core})"
