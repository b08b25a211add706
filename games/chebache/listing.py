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
from games.messages import Message

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
        raise PositionError(Message.of("gpos_position_listing_must_text"))
    parts = [p.strip() for p in text.strip().split(";")]
    if len(parts) != 3:
        raise PositionError(Message.of("gpos_b_form"))
    slots = list(empty_slots())
    pools = [0] * 10
    seen: set[str] = set()
    for part in parts[:2]:
        head, sep, body = part.partition(":")
        letter = head.strip().upper()
        if not sep or letter not in SIDE_LETTERS or letter in seen:
            raise PositionError(Message.of("gpos_b_side_part", part=part))
        seen.add(letter)
        side = SIDE_LETTERS.index(letter)
        _read_side(body.strip(), side, slots, pools)
    tail = _TAIL.match(re.sub(r"\s+", " ", parts[2].upper()))
    if not tail:
        raise PositionError(Message.of("gpos_b_last_part", parts=parts[2]))
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
            raise PositionError(Message.of("gpos_cannot_read_items_look", item=raw.strip()))
        form = parse_stack_form(m.group(1))
        if form is None:
            raise PositionError(Message.of("gpos_cannot_read_pieces", item=raw.strip()))
        where = m.group(2)
        if where in used:
            raise PositionError(Message.of("gpos_space_listed_twice", where=where,
                                           side=SIDE_LETTERS[side]))
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
            raise PositionError(Message.of("gpos_b_no_space", n=n))
        slot = SLOT[side][n]
        if slots[slot]:
            raise PositionError(Message.of("gpos_intersection_held_by_both", n=n,
                                           side=SIDE_LETTERS[side]))
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
                Message.of("gpos_has_ordinary_pieces_each", side=SIDE_LETTERS[side],
                           ordinary=ordinary))
    want = 2 if kings_on else 0
    if total_kings != want:
        raise PositionError(Message.of("gpos_b_kings", total_kings=total_kings,
                                       want=want))
    for slot, st in enumerate(slots):
        if weight(st) > STACK_LIMIT:
            side = st[0] & 1
            where = NUMBER[side][slot]
            kind = "Intersection" if is_intersection_slot(slot) else "space"
            raise PositionError(
                Message.of("gpos_holds_more_than_king", kind=kind, where=where,
                           side=SIDE_LETTERS[side]))
