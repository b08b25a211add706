"""The CheeseGambit position listing (``docs/rules/cheesegambit.md``,
"Position listing"): colour entries, then the tail segments in order.

``R: 4@9, 3@33, 4@49, 3@65; B: 4@13, 3@29, 4@45, 3@69; R to move``

Within a colour entry: track squares ascending, then ``n@P`` (pool), the safe
zone from S6 down to S1, then ``n@F`` (borne off).  A colour that dropped a
taunt is ``B: dropped to R``; one that resigned is ``B: resigned``.
Tail, in order: ``cube R-B 2 B`` for each pair
whose cube has moved (stake, holder), ``taunt off``, placings (``R wins``,
``G 2nd``, ``B 3rd``, ``Y 4th``), a pending ``R taunts B``, a pending
``vote G B`` (who has yet to vote) and ``X to move`` - the side that throws
the dice next once anything pending is settled; absent once the game is over.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from games.cheesegambit.board import (
    COLOURS,
    MAX_PIECES,
    MIN_PIECES,
    OFF,
    POOL,
    SIDES_BY_PLAYERS,
    TRACK,
    location_name,
    shared_location,
)
from games.errors import PositionError
from games.messages import Message

ORDINALS = {1: "wins", 2: "2nd", 3: "3rd", 4: "4th"}

# ASCII digits only (\d would take Arabic-Indic ones), and few of them: int()
# refuses 4,301 digits and no count or stake needs more than a handful.
_ENTRY = re.compile(r"^([RGBY])\s*:\s*(.*)$", re.IGNORECASE | re.DOTALL)
_ITEM = re.compile(r"^(\d{1,3})\s*@\s*(\d{1,2}|[PF]|S[1-6])$", re.IGNORECASE | re.ASCII)
_DROPPED = re.compile(r"^dropped\s+to\s+([RGBY])$", re.IGNORECASE)
_CUBE = re.compile(r"^cube\s+([RGBY])\s*-\s*([RGBY])\s+(\d{1,6})\s+([RGBY])$",
                   re.IGNORECASE | re.ASCII)
_TAUNT_OFF = re.compile(r"^taunt\s+off$", re.IGNORECASE)
_PLACE = re.compile(r"^([RGBY])\s+(wins|2nd|3rd|4th)$", re.IGNORECASE)
_PENDING_TAUNT = re.compile(r"^([RGBY])\s+taunts\s+([RGBY])$", re.IGNORECASE)
_VOTE = re.compile(r"^vote((?:\s+[RGBY])+)$", re.IGNORECASE)
_TO_MOVE = re.compile(r"^([RGBY])\s+to\s+move$", re.IGNORECASE)


@dataclass
class ListingData:
    """A listing's content, before it becomes a position."""

    sides: tuple[str, ...] = ()
    pieces: dict[str, tuple[int, ...]] = field(default_factory=dict)
    dropped: dict[str, str] = field(default_factory=dict)
    cubes: dict[tuple[str, str], tuple[int, str]] = field(default_factory=dict)
    taunt_on: bool = True
    placings: tuple[str, ...] = ()
    taunt: tuple[str, str] | None = None
    vote: tuple[str, ...] | None = None
    next_side: str | None = None


def colour_entry(pieces: tuple[int, ...]) -> str:
    """``4@9, 3@33, 2@P, 1@S3, 5@F`` for one colour's pieces."""
    counts: dict[int, int] = {}
    for p in pieces:
        counts[p] = counts.get(p, 0) + 1
    order = sorted(counts, key=lambda p: (
        0 if 1 <= p <= TRACK else 1 if p == POOL else 2 if p < OFF else 3,
        p if p <= TRACK else -p))
    return ", ".join(f"{counts[p]}@{location_name('R', p)}" for p in order)


def pair(a: str, b: str) -> tuple[str, str]:
    """A pair of colours in turn order (the cube's key)."""
    return (a, b) if COLOURS.index(a) < COLOURS.index(b) else (b, a)


def write_listing(data: ListingData) -> str:
    """The one-line listing of ``data``."""
    parts = []
    for side in data.sides:
        if side in data.dropped:
            # A colour that left on its own (resigned) is recorded as dropped to itself.
            to = data.dropped[side]
            parts.append(f"{side}: resigned" if to == side else f"{side}: dropped to {to}")
        else:
            parts.append(f"{side}: {colour_entry(data.pieces[side])}")
    for key in sorted(data.cubes, key=lambda k: (COLOURS.index(k[0]), COLOURS.index(k[1]))):
        stake, holder = data.cubes[key]
        parts.append(f"cube {key[0]}-{key[1]} {stake} {holder}")
    if not data.taunt_on:
        parts.append("taunt off")
    for i, side in enumerate(data.placings, start=1):
        parts.append(f"{side} {ORDINALS[i]}")
    if data.taunt:
        parts.append(f"{data.taunt[0]} taunts {data.taunt[1]}")
    if data.vote:
        parts.append("vote " + " ".join(data.vote))
    if data.next_side:
        parts.append(f"{data.next_side} to move")
    return "; ".join(parts)


def _location(text: str) -> int:
    shared = shared_location(text)
    if shared is not None:
        return shared
    n = int(text)
    if not 1 <= n <= TRACK:
        raise PositionError(Message.of("gpos_c_no_square", n=n, track=TRACK))
    return n


def read_listing(text: str) -> ListingData:
    """Read a listing; PositionError says what is wrong."""
    data = ListingData()
    segments = [s.strip() for s in text.strip().split(";")]
    if not segments or not segments[0]:
        raise PositionError(Message.of("gpos_empty_position_listing"))
    colours: list[str] = []
    i = 0
    while i < len(segments):
        m = _ENTRY.match(segments[i])
        if not m:
            break
        side = m.group(1).upper()
        if side in colours:
            raise PositionError(Message.of("gpos_colour_listed_twice", side=side))
        colours.append(side)
        body = m.group(2).strip()
        dm = _DROPPED.match(body)
        if dm or body.lower() == "resigned":
            data.dropped[side] = dm.group(1).upper() if dm else side
            data.pieces[side] = ()
        else:
            pieces: list[int] = []
            seen: set[int] = set()
            for item in body.split(","):
                im = _ITEM.match(item.strip())
                if not im:
                    raise PositionError(Message.of("gpos_cannot_read_write_n", side=side,
                                                   item=item.strip()))
                n, loc = int(im.group(1)), _location(im.group(2))
                if n < 1 or loc in seen:
                    raise PositionError(Message.of("gpos_bad_repeated_entry", side=side,
                                                   item=item.strip()))
                seen.add(loc)
                pieces += [loc] * n
            data.pieces[side] = tuple(sorted(pieces))
        i += 1
    sides = tuple(c for c in COLOURS if c in colours)
    if sides not in SIDES_BY_PLAYERS.values():
        raise PositionError(
            Message.of("gpos_colours_must_r_b", colours=", ".join(colours) or "none"))
    if tuple(colours) != sides:
        raise PositionError(Message.of("gpos_list_colours_turn_order", sides=", ".join(sides)))
    data.sides = sides
    stage = 0
    for seg in segments[i:]:
        if (m := _CUBE.match(seg)) and stage <= 0:
            a, b, stake, holder = (m.group(1).upper(), m.group(2).upper(), int(m.group(3)),
                                   m.group(4).upper())
            if (a, b) != pair(a, b) or a == b or a not in sides or b not in sides:
                raise PositionError(Message.of("gpos_bad_cube_pair", seg=seg))
            if stake < 2 or stake & (stake - 1) or holder not in (a, b) or (a, b) in data.cubes:
                raise PositionError(Message.of("gpos_bad_cube_stake_doubles", seg=seg))
            data.cubes[(a, b)] = (stake, holder)
        elif _TAUNT_OFF.match(seg) and stage <= 1:
            data.taunt_on = False
            stage = 2
        elif (m := _PLACE.match(seg)) and stage <= 2:
            stage = 2
            side = m.group(1).upper()
            want = ORDINALS[len(data.placings) + 1]
            if m.group(2).lower() != want or side in data.placings or side not in sides:
                raise PositionError(Message.of("gpos_placing_out_order_next", seg=seg, want=want))
            data.placings += (side,)
        elif (m := _PENDING_TAUNT.match(seg)) and stage <= 2:
            stage = 3
            data.taunt = (m.group(1).upper(), m.group(2).upper())
        elif (m := _VOTE.match(seg)) and stage <= 3:
            stage = 4
            data.vote = tuple(v.upper() for v in m.group(1).split())
        elif (m := _TO_MOVE.match(seg)) and stage <= 4:
            stage = 5
            data.next_side = m.group(1).upper()
        else:
            raise PositionError(Message.of("gpos_cannot_read_here", seg=seg))
    _validate(data)
    return data


def _validate(data: ListingData) -> None:
    totals = {len(data.pieces[s]) for s in data.sides if s not in data.dropped}
    if len(totals) > 1:
        raise PositionError(Message.of("gpos_every_colour_must_have"))
    if totals:
        n = totals.pop()
        if not MIN_PIECES <= n <= MAX_PIECES:
            raise PositionError(Message.of("gpos_pieces_colour_game_uses", n=n, low=MIN_PIECES,
                                           high=MAX_PIECES))
    owner: dict[int, str] = {}
    for s in data.sides:
        for p in data.pieces[s]:
            if 1 <= p <= TRACK:
                if owner.setdefault(p, s) != s:
                    raise PositionError(Message.of("gpos_square_holds_two_colours", p=p))
    for s, to in data.dropped.items():
        if to not in data.sides:
            raise PositionError(Message.of("gpos_cannot_have_dropped", s=s, to=to))
    active = [s for s in data.sides if s not in data.dropped and s not in data.placings]
    for s in data.placings:
        if s in data.dropped:
            raise PositionError(Message.of("gpos_dropped_cannot_placed", s=s))
    for s in data.sides:
        done = bool(data.pieces[s]) and data.pieces[s][0] == OFF
        if done and s in active:
            raise PositionError(Message.of("gpos_has_borne_off_every", s=s))
    if data.next_side is None:
        if not data.placings:
            raise PositionError(Message.of("gpos_no_side_move_no"))
        if data.taunt or data.vote:
            raise PositionError(Message.of("gpos_finished_game_has_nothing"))
        return
    if data.next_side not in active:
        raise PositionError(Message.of("gpos_c_out_to_move", next_side=data.next_side))
    if len(active) < 2:
        raise PositionError(Message.of("gpos_game_goes_only_while"))
    if data.taunt:
        a, b = data.taunt
        if a not in active or b not in active or a == b:
            raise PositionError(Message.of("gpos_taunt_needs_two_players"))
        if not data.taunt_on:
            raise PositionError(Message.of("gpos_taunts_are_off_this"))
        stake_holder = data.cubes.get(pair(a, b))
        if stake_holder and stake_holder[1] != a:
            raise PositionError(Message.of("gpos_c_taunt_cube", a=a, b=b,
                                           stake_holder=stake_holder[1]))
    if data.vote:
        if len(data.placings) != 1 or any(v not in active for v in data.vote) or \
                len(set(data.vote)) != len(data.vote):
            raise PositionError(Message.of("gpos_c_voters_playing"))
        if list(data.vote) != [c for c in COLOURS if c in data.vote]:
            raise PositionError(Message.of("gpos_list_voters_turn_order"))
