"""Phase I: single moves by the dice (rules I-A to I-I).

A move is ``(die, src, dst, king, backward)``: space numbers on the mover's
path (0 = Start, 18 = Finish), whether the moving piece is a King, and
whether it goes backward.
"""

from __future__ import annotations

from games.chebache.board import FINISH, SLOT, STACK_LIMIT, START, TIVITS
from games.chebache.chebaches import controlled_slots
from games.chebache.king import has_king, resolve_attack
from games.chebache.state import (
    KING,
    MOVED_FROM,
    ORIGIN_START,
    P_FIN,
    P_FIN_K,
    P_START,
    P_START_K,
    PENDING,
    State,
)

Move = tuple[int, int, int, bool, bool]


def must_leave_start(pools: tuple[int, ...], side: int) -> bool:
    """Rule I-H: a piece in Finish and anything in Start -> only Start pieces move."""
    b = side * 4
    return bool((pools[b + P_FIN] or pools[b + P_FIN_K])
                and (pools[b + P_START] or pools[b + P_START_K]))


def can_land(
    stack: tuple[int, ...], slot: int, side: int, king: bool, blocked: frozenset[int]
) -> bool:
    """Whether a piece of ``side`` may land on ``slot`` (stacking limit,
    opponent Chebache, King versus King)."""
    if slot in blocked:
        return False
    w = 0
    foe_king = False
    for p in stack:
        if (p & 1) == side:
            w += 2 if p & KING else 1
        elif p & KING:
            foe_king = True
    if king and foe_king:
        return False
    return w + (2 if king else 1) <= STACK_LIMIT


def _finish_exception(slots: tuple[tuple[int, ...], ...], side: int) -> int:
    """The space whose top piece may enter Finish with a larger die (every piece
    in play on 13-17, Start empty is checked by the caller), or 0."""
    path = SLOT[side]
    lowest = 0
    for n in range(1, 18):
        stack = slots[path[n]]
        if stack:
            for p in stack:
                if (p & 1) == side:
                    break
            else:
                continue
            if n < 13:
                return 0
            if not lowest:
                lowest = n
    return lowest


#: Per stack: (White's weight, Black's weight, White has a King, Black has a King).
_INFO: dict[tuple[int, ...], tuple[int, int, bool, bool]] = {}


def _stack_info(stack: tuple[int, ...]) -> tuple[int, int, bool, bool]:
    w = [0, 0]
    k = [False, False]
    for p in stack:
        c = p & 1
        if p & KING:
            w[c] += 2
            k[c] = True
        else:
            w[c] += 1
    got = (w[0], w[1], k[0], k[1])
    if len(_INFO) >= 200_000:  # full: start afresh (computer/chebache_eval._remember)
        _INFO.clear()
    _INFO[stack] = got
    return got


def gen_moves(state: State, side: int, dvals: tuple[int, ...], kings_on: bool,
              blocked: frozenset[int] | None = None) -> list[Move]:
    """Every Phase I move for the distinct die values ``dvals`` (not yet checked
    for whether the turn can be completed after it).  ``can_land`` inlined,
    with each target stack's weights and Kings memoised.  ``blocked``, the
    slots the opponent's Chebaches close, is computed when not given."""
    slots, pools = state
    b = side * 4
    path = SLOT[side]
    if blocked is None:
        blocked = controlled_slots(slots, 1 - side)
    info = _INFO
    foe = 3 - side  # index of the opponent's King flag in a stack's info
    out: list[Move] = []
    in_start = pools[b + P_START] or pools[b + P_START_K]
    if in_start:
        for d in dvals:
            slot = path[d]
            if slot in blocked:
                continue
            stack = slots[slot]
            inf = info.get(stack) or _stack_info(stack)
            w = inf[side]
            if pools[b + P_START] and w < STACK_LIMIT:
                out.append((d, START, d, False, False))
            if pools[b + P_START_K] and w + 2 <= STACK_LIMIT and not inf[foe]:
                out.append((d, START, d, True, False))
        if pools[b + P_FIN] or pools[b + P_FIN_K]:
            return out
    exception = 0 if in_start else _finish_exception(slots, side)
    for n in range(1, 18):
        stack = slots[path[n]]
        if not stack:
            continue
        top = stack[-1]
        if (top & 1) != side:
            continue
        king = bool(top & KING)
        need = STACK_LIMIT - (2 if king else 1)
        back_ok = kings_on and (king or n in TIVITS)
        for d in dvals:
            t = n + d
            if t == FINISH or (t > FINISH and n == exception):
                out.append((d, n, FINISH, king, False))
            elif t < FINISH:
                slot = path[t]
                if slot not in blocked:
                    st = slots[slot]
                    inf = info.get(st) or _stack_info(st)
                    if inf[side] <= need and not (king and inf[foe]):
                        out.append((d, n, t, king, False))
            if back_ok and n - d >= 1:
                t = n - d
                slot = path[t]
                if slot not in blocked:
                    st = slots[slot]
                    inf = info.get(st) or _stack_info(st)
                    if inf[side] <= need and not (king and inf[foe]):
                        out.append((d, n, t, king, True))
    return out


def apply_move(
    state: State, side: int, move: Move, events: list[tuple[str, str]] | None = None
) -> tuple[State, bool]:
    """Play a generated move; returns the new state and whether it attacked."""
    slots, pools = state
    _d, src, dst, king, _back = move
    path = SLOT[side]
    new_slots = list(slots)
    # the pools tuple is shared with the parent state when it does not change
    new_pools: list[int] | None = None
    b = side * 4
    if src == START:
        new_pools = list(pools)
        new_pools[b + (P_START_K if king else P_START)] -= 1
        piece = side | (KING if king else 0) | (ORIGIN_START << 2)
    else:
        s = path[src]
        stack = slots[s]
        piece = stack[-1]
        if not piece >> 2:
            piece |= (s + 1) << 2
            if not pools[MOVED_FROM] >> s & 1:
                new_pools = list(pools)
                new_pools[MOVED_FROM] |= 1 << s
        new_slots[s] = stack[:-1]
    attack = False
    if dst == FINISH:
        if new_pools is None:
            new_pools = list(pools)
        new_pools[b + (P_FIN_K if king else P_FIN)] += 1
    else:
        t = path[dst]
        stack = new_slots[t] + (piece,)
        if t < 9:
            for p in stack:
                if (p & 1) != side:
                    attack = True
                    break
        if attack:
            if new_pools is None:
                new_pools = list(pools)
            stack = resolve_attack(stack, t, side, new_pools, events)
            if any((p & 1) != side for p in stack):
                new_pools[PENDING] |= 1 << t
            else:
                new_pools[PENDING] &= ~(1 << t)
        new_slots[t] = stack
    if new_pools is None:
        return (tuple(new_slots), pools), attack
    return (tuple(new_slots), tuple(new_pools)), attack


def move_text(move: Move, attack: bool) -> str:
    """``2/7``, ``8\\6``, ``3X9``, ``S/5``, ``14/F``, ``K(4/10)``."""
    _d, src, dst, king, back = move
    a = "S" if src == START else str(src)
    z = "F" if dst == FINISH else str(dst)
    sym = "X" if attack else ("\\" if back else "/")
    core = f"{a}{sym}{z}"
    return f"K({core})" if king else core


__all__ = [
    "Move", "apply_move", "can_land", "gen_moves", "has_king", "move_text", "must_leave_start",
]
