"""Position listings: ``W: 4K@S, 2@2, 2@8, 2@10, 2@16; B: ...; W to move``."""

from __future__ import annotations

import re

from games.chebache.board import NUMBER, SIDE_LETTERS, SLOT, STACK_LIMIT, is_intersection_slot
from games.chebache.state import (
    KING,
    P_FIN,
    P_FIN_K,
    P_START,
    P_START_K,
    State,
    empty_slots,
    parse_stack_form,
    pool_form,
    stack_form,
    weight,
)
from games.errors import PositionError

PIECES_PER_SIDE = 12


def side_listing(state: State, side: int) -> str:
    """One side's part: Start, then its spaces ascending, then Finish; ``-`` if empty."""
    slots, pools = state
    b = side * 4
    items = []
    if pools[b + P_START] or pools[b + P_START_K]:
        items.append(f"{pool_form(pools[b + P_START], pools[b + P_START_K])}@S")
    path = SLOT[side]
    for n in range(1, 18):
        mine = [p for p in slots[path[n]] if (p & 1) == side]
        if mine:
            items.append(f"{stack_form(mine)}@{n}")
    if pools[b + P_FIN] or pools[b + P_FIN_K]:
        items.append(f"{pool_form(pools[b + P_FIN], pools[b + P_FIN_K])}@F")
    return ", ".join(items) if items else "-"


def write_listing(state: State, tail: str) -> str:
    """The whole listing; ``tail`` is ``W to move``, ``W wins`` or ``draw``."""
    return f"W: {side_listing(state, 0)}; B: {side_listing(state, 1)}; {tail}"


_ITEM = re.compile(r"^([0-9K]+)@(S|F|[0-9]{1,2})$")
_TAIL = re.compile(r"^(?:([WB])\s+TO\s+MOVE|([WB])\s+WINS(?:\s+1)?|(DRAW))$")


def read_listing(text: str, kings_on: bool) -> tuple[State, str | None, str | None, bool]:
    """Read a listing: (state, side to move, winner, draw).  PositionError says why not."""
    if not isinstance(text, str):
        raise PositionError("a position listing must be text")
    parts = [p.strip() for p in text.strip().split(";")]
    if len(parts) != 3:
        raise PositionError("a listing is 'W: ...; B: ...; W to move' (three parts split by ';')")
    slots = list(empty_slots())
    pools = [0] * 10
    seen: set[str] = set()
    for part in parts[:2]:
        head, sep, body = part.partition(":")
        letter = head.strip().upper()
        if not sep or letter not in SIDE_LETTERS or letter in seen:
            raise PositionError(f"cannot read {part!r}: expected 'W: ...' and 'B: ...'")
        seen.add(letter)
        side = SIDE_LETTERS.index(letter)
        _read_side(body.strip(), side, slots, pools)
    tail = _TAIL.match(re.sub(r"\s+", " ", parts[2].upper()))
    if not tail:
        raise PositionError(f"cannot read {parts[2]!r}: expected 'W to move', 'W wins' or 'draw'")
    state: State = (tuple(slots), tuple(pools))
    _validate(state, kings_on)
    return state, tail.group(1), tail.group(2), bool(tail.group(3))


def _read_side(body: str, side: int, slots: list[tuple[int, ...]], pools: list[int]) -> None:
    if body == "-":
        return
    b = side * 4
    used: set[str] = set()
    for raw in body.split(","):
        item = raw.strip().upper()
        m = _ITEM.match(item)
        if not m:
            raise PositionError(f"cannot read {raw.strip()!r} (items look like 2K@2 or 4K@S)")
        form = parse_stack_form(m.group(1))
        if form is None:
            raise PositionError(f"cannot read the pieces in {raw.strip()!r}")
        where = m.group(2)
        if where in used:
            raise PositionError(f"space {where} of {SIDE_LETTERS[side]} is listed twice")
        used.add(where)
        kings = sum(form)
        if where in ("S", "F"):
            off = P_START if where == "S" else P_FIN
            koff = P_START_K if where == "S" else P_FIN_K
            pools[b + off] += len(form) - kings
            pools[b + koff] += kings
            continue
        n = int(where)
        if not 1 <= n <= 17:
            raise PositionError(f"there is no space {n}")
        slot = SLOT[side][n]
        if slots[slot]:
            raise PositionError(f"Intersection {n} of {SIDE_LETTERS[side]} is held by both sides")
        slots[slot] = tuple(side | (KING if k else 0) for k in form)


def _validate(state: State, kings_on: bool) -> None:
    slots, pools = state
    total_kings = 0
    for side in (0, 1):
        b = side * 4
        ordinary = pools[b + P_START] + pools[b + P_FIN]
        total_kings += pools[b + P_START_K] + pools[b + P_FIN_K]
        for st in slots:
            for p in st:
                if (p & 1) == side:
                    if p & KING:
                        total_kings += 1
                    else:
                        ordinary += 1
        if ordinary != PIECES_PER_SIDE:
            raise PositionError(
                f"{SIDE_LETTERS[side]} has {ordinary} ordinary pieces; each side has 12")
    want = 2 if kings_on else 0
    if total_kings != want:
        raise PositionError(f"the listing has {total_kings} Kings; this game has {want}")
    for slot, st in enumerate(slots):
        if weight(st) > STACK_LIMIT:
            side = st[0] & 1
            where = NUMBER[side][slot]
            kind = "Intersection" if is_intersection_slot(slot) else "space"
            raise PositionError(
                f"{kind} {where} of {SIDE_LETTERS[side]} holds more than 4 (King = 2)")
