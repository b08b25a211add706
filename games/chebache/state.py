"""Compact immutable game state: pieces as small ints, stacks as tuples.

A piece is an int: bit 0 its colour (0 White, 1 Black), bit 1 set for a King,
bits 2+ the slot it started the turn on plus one once it has moved this turn
(``ORIGIN_START`` when it left Start; 0 when it has not moved).  Tags are
cleared at the end of every turn.

A ``State`` is ``(slots, pools)``: ``slots`` a tuple of 25 stacks (bottom to
top), ``pools`` 9 ints: for each side (White first) ordinary pieces in
Start, Kings in Start, ordinary pieces in Finish, Kings in Finish; then
``PENDING``, a bit mask of the Intersection slots where an attack has begun
this turn and not yet succeeded, and ``MOVED_FROM``, a bit mask of the slots
pieces have left for the first time this turn (both 0 between turns).
"""

from __future__ import annotations

import re

from games.chebache.board import NUM_SLOTS

KING = 2
ORIGIN_START = 31
Stack = tuple[int, ...]
Slots = tuple[Stack, ...]
Pools = tuple[int, ...]
State = tuple[Slots, Pools]

# pool offsets within a side's four counts
P_START, P_START_K, P_FIN, P_FIN_K = 0, 1, 2, 3
PENDING = 8
MOVED_FROM = 9


def weight(stack: Stack, side: int | None = None) -> int:
    """Stacking weight of a stack (King = 2); only ``side``'s pieces if given."""
    w = 0
    for p in stack:
        if side is None or (p & 1) == side:
            w += 2 if p & KING else 1
    return w


def origin(piece: int) -> int:
    """The tag of a piece: 0 if unmoved, slot + 1 where it began, or ORIGIN_START."""
    return piece >> 2


def tagged(piece: int, slot: int) -> int:
    """The piece marked as having moved from ``slot`` (unchanged if already marked)."""
    return piece if piece >> 2 else piece | ((slot + 1) << 2)


_STRIPPED: dict[Stack, Stack] = {(): ()}
_ORIGINS: dict[Stack, frozenset[int]] = {}


def strip_stack(stack: Stack) -> Stack:
    """A stack with its move tags cleared (memoised: stacks are few)."""
    got = _STRIPPED.get(stack)
    if got is None:
        got = tuple(p & 3 for p in stack)
        if len(_STRIPPED) >= 200_000:  # full: start afresh (computer/chebache_eval._remember)
            _STRIPPED.clear()
        _STRIPPED[stack] = got
    return got


def stack_origins(stack: Stack) -> frozenset[int]:
    """The tags (slot + 1) of the moved pieces in a stack (memoised)."""
    got = _ORIGINS.get(stack)
    if got is None:
        got = frozenset(p >> 2 for p in stack if p >> 2)
        if len(_ORIGINS) >= 200_000:  # full: start afresh (computer/chebache_eval._remember)
            _ORIGINS.clear()
        _ORIGINS[stack] = got
    return got


def strip(state: State) -> State:
    """The state with every move tag cleared (the end-of-turn form)."""
    slots, pools = state
    if pools[PENDING] or pools[MOVED_FROM]:
        pools = pools[:PENDING] + (0, 0)
    try:
        return tuple(map(_STRIPPED.__getitem__, slots)), pools
    except KeyError:
        return tuple([strip_stack(st) for st in slots]), pools


def empty_slots() -> Slots:
    """Twenty-five empty stacks."""
    return ((),) * NUM_SLOTS


def stack_form(pieces: Stack | list[int]) -> str:
    """``2K``, ``K1``, ``1K1``, ``KK``: pieces bottom to top, runs of ordinary
    pieces as counts, each King as ``K``."""
    out: list[str] = []
    run = 0
    for p in pieces:
        if p & KING:
            if run:
                out.append(str(run))
                run = 0
            out.append("K")
        else:
            run += 1
    if run:
        out.append(str(run))
    return "".join(out)


def pool_form(ordinary: int, kings: int) -> str:
    """``4K``, ``KK``, ``12``: a Start or Finish pool (order does not matter)."""
    return (str(ordinary) if ordinary else "") + "K" * kings


# ASCII digits, at most two of them: int() takes Arabic-Indic digits and
# refuses 4,301; a longer run is left over by sub() below, so unreadable.
_FORM = re.compile(r"([0-9]{1,2}(?![0-9])|K)")


def parse_stack_form(text: str) -> list[bool] | None:
    """``1K1`` -> [False, True, False] (True for a King); None if unreadable."""
    text = text.upper()
    if not text or _FORM.sub("", text):
        return None
    out: list[bool] = []
    prev_digit = False
    for part in _FORM.findall(text):
        if part == "K":
            out.append(True)
            prev_digit = False
        else:
            if prev_digit:
                return None
            n = int(part)
            if n < 1 or n > 20:
                return None
            out.extend([False] * n)
            prev_digit = True
    return out


# --- integer codes of untagged states (dictionary keys on the hot path) ------
#
# A state's code packs every stack into a fixed field of ``CODE_BITS`` bits
# (slot 0 lowest; base 4 digits, one per piece's colour and King bits, after
# a leading 1 so that lengths differ), then the eight Start/Finish counts
# (8 bits each).  Two untagged states have the same code exactly when they
# are equal, and a change of one stack changes the code by a difference that
# can be computed once: Python hashes and compares such an int far faster
# than the nested tuples.  A stack holds at most 8 pieces (4 of each side
# while an attack is unresolved): 1 + 2 x 8 bits, exactly the field (the
# narrower the fields, the cheaper every hash and sum of codes).

CODE_BITS = 17
_CODES: dict[Stack, int] = {}


def stack_code(stack: Stack) -> int:
    """The field value of a stack (memoised); tags are ignored."""
    got = _CODES.get(stack)
    if got is None:
        got = 1
        for p in stack:
            got = (got << 2) | (p & 3)
        if got >> CODE_BITS:
            raise ValueError(f"stack too tall to encode: {stack!r}")
        if len(_CODES) >= 200_000:  # full: start afresh (computer/chebache_eval._remember)
            _CODES.clear()
        _CODES[stack] = got
    return got


def state_from_code(code: int) -> State:
    """The untagged state whose ``state_code`` is ``code`` (the inverse)."""
    mask = (1 << CODE_BITS) - 1
    slots: list[Stack] = []
    for i in range(NUM_SLOTS):
        field = code >> (CODE_BITS * i) & mask
        pieces: list[int] = []
        while field > 1:
            pieces.append(field & 3)
            field >>= 2
        pieces.reverse()
        slots.append(tuple(pieces))
    counts = (code >> (CODE_BITS * NUM_SLOTS)).to_bytes(8, "little")
    return tuple(slots), tuple(counts) + (0, 0)


def slot_shift(slot: int) -> int:
    """Where a slot's field starts in a state code."""
    return CODE_BITS * slot


def state_code(state: State) -> int:
    """The integer code of an untagged state (see above)."""
    slots, pools = state
    code = int.from_bytes(bytes(pools[:8]), "little")
    for st in reversed(slots):
        code = code << CODE_BITS | stack_code(st)
    return code


# --- integer keys of tagged states (the search's memo of visited nodes) ------
#
# ``tag_key(state)`` covers what ``state_code`` leaves out: the PENDING and
# MOVED_FROM masks, then the move tag of every piece (5 bits for its slot and
# height), all above ``TAG_BASE`` so that ``state_code(strip(s)) + tag_key(s)``
# is one int that tells tagged states apart exactly.  A move changes it by a
# few terms (``TAG_UNIT``), so the search keeps it up to date per move.  The
# tags are laid out height by height (every slot's bottom piece first): moved
# pieces sit low in stacks of at most a few pieces, so the keys stay short,
# and every hash and sum of them is cheaper.

MAX_HEIGHT = 8
TAG_BASE = slot_shift(NUM_SLOTS) + 64  # above every state_code
TAG_BITS = 5
PENDING_UNIT = 1 << TAG_BASE  # PENDING marks Intersections: slots 0-8
MOVED_UNIT = 1 << (TAG_BASE + 9)
_TAGS_START = TAG_BASE + 9 + NUM_SLOTS
#: ``TAG_UNIT[slot * MAX_HEIGHT + height]``: the weight of a tag there.
TAG_UNIT = tuple(1 << (_TAGS_START + TAG_BITS * (h * NUM_SLOTS + slot))
                 for slot in range(NUM_SLOTS) for h in range(MAX_HEIGHT))


def tag_key(state: State) -> int:
    """The tags and turn masks of a state as an int (see above)."""
    slots, pools = state
    key = pools[PENDING] * PENDING_UNIT + pools[MOVED_FROM] * MOVED_UNIT
    for i, st in enumerate(slots):
        if len(st) > MAX_HEIGHT:
            raise ValueError(f"stack too tall to encode: {st!r}")
        base = i * MAX_HEIGHT
        for h, p in enumerate(st):
            if p >> 2:
                key += (p >> 2) * TAG_UNIT[base + h]
    return key
