"""The Hachapury position: two count tuples, the side to move and the result.

Each side's checkers are kept in its own numbering (24 = head, 6..1 home,
index 0 = borne off), the same shape the listing writes and the renderer
reads.  Positions are immutable and hashable; the legal turns of a throw are
memoised on the instance so ``legal_turns`` followed by ``play`` searches once.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, ClassVar

from games.base import Dice, Played, Position, Result
from games.errors import IllegalTurnError, PositionError
from games.events import BorneOff, Event, Moved, Passed, Won
from games.hachapury.board import (
    CHECKERS,
    POINTS,
    TurnContext,
    pack,
    point_mask,
    to_other_numbering,
    unpack,
)
from games.hachapury.matching import match_turn
from games.hachapury.movetext import parse_turn
from games.hachapury.search import PASS_TEXT, Move, TurnSet, search
from games.messages import Message
from games.notation import format_dice
from games.outcome import EndReason
from games.turns import Turn

SIDES = ("W", "B")
COLOURS = {"W": "White", "B": "Black"}
_NO_OPTIONS: Mapping[str, str] = MappingProxyType({})


def other(side: str) -> str:
    """The other side's letter."""
    return "B" if side == "W" else "W"


def make_result(winner: str, loser_off: int) -> Result:
    """1 point, or 2 (mars) when the loser has borne off none."""
    points = 2 if loser_off == 0 else 1
    text = f"{winner} wins" + (" 2" if points == 2 else "")
    why = EndReason.MARS if points == 2 else EndReason.BORNE_OFF
    return Result(winner, points, text, ended_by=why)


class HachapuryPosition(Position):
    """An immutable Hachapury position (see hachapury.md)."""

    game: ClassVar[str] = "hachapury"
    pass_text: ClassVar[str | None] = PASS_TEXT
    __slots__ = ("_counts", "_to_move", "_result", "_turn_cache")
    # the slots' types (set once, in __init__, through object.__setattr__)
    _counts: dict[str, tuple[int, ...]]
    _to_move: str | None
    _result: Result | None
    _turn_cache: dict[tuple[int, ...], tuple[TurnSet, TurnContext, int, int]]

    def __init__(
        self, white: tuple[int, ...], black: tuple[int, ...], to_move: str | None,
        result: Result | None = None,
    ) -> None:
        """Build from count tuples (length 25, own numbering, index 0 = off).

        Use ``GAME.initial`` or ``GAME.from_listing`` for validated positions;
        this constructor trusts its arguments.
        """
        object.__setattr__(self, "_counts", {"W": tuple(white), "B": tuple(black)})
        object.__setattr__(self, "_to_move", to_move)
        object.__setattr__(self, "_result", result)
        object.__setattr__(self, "_turn_cache", {})

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("HachapuryPosition is immutable")

    def _key(self) -> tuple:
        return (self._counts["W"], self._counts["B"], self._to_move, self._result)

    def __eq__(self, other_pos: object) -> bool:
        if not isinstance(other_pos, HachapuryPosition):
            return NotImplemented
        return self._key() == other_pos._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return f"HachapuryPosition({self.listing()!r})"

    # -- what the renderer and the service read -----------------------------

    def checkers(self, side: str) -> tuple[int, ...]:
        """25 counts for ``side`` in its own numbering: [p] on point p, [0] borne off."""
        return self._counts[side]

    def off(self, side: str) -> int:
        """How many of ``side``'s checkers are borne off."""
        return self._counts[side][0]

    @property
    def side_to_move(self) -> str | None:
        return self._to_move

    @property
    def result(self) -> Result | None:
        return self._result

    @property
    def options(self) -> Mapping[str, str]:
        return _NO_OPTIONS

    def dice_count(self) -> int:
        return 0 if self._result is not None else 2

    def piece_counts(self) -> Mapping[tuple[str, str], int]:
        """Checkers per (side, point in its numbering); ``F`` borne off."""
        return {(side, str(p) if p else "F"): n
                for side in SIDES for p, n in enumerate(self._counts[side]) if n}

    # -- listing -------------------------------------------------------------

    def listing(self) -> str:
        """``W: 4@24, 11@6; B: 4@24, 11@6; W to move`` (hachapury.md)."""
        parts = [f"{side}: {_side_listing(self._counts[side])}" for side in SIDES]
        if self._result is not None:
            parts.append(self._result.text)
        else:
            parts.append(f"{self._to_move} to move")
        return "; ".join(parts)

    # -- turns ---------------------------------------------------------------

    def _turn_set(self, dice: Dice) -> tuple[TurnSet, TurnContext, int, int]:
        if self._result is not None:
            raise IllegalTurnError(Message.of("gerr_over_colon", result=self._result.said))
        dice = _check_dice(dice)
        # Doubles are four moves of the one number; search sorted dice so the
        # turns (and their texts) do not depend on the order the dice came in.
        key = (dice[0],) * 4 if dice[0] == dice[1] else tuple(sorted(dice, reverse=True))
        mover = self._to_move
        assert mover is not None
        cached = self._turn_cache.get(key)
        if cached is None:
            ctx = TurnContext.build(self._counts[other(mover)], COLOURS[other(mover)])
            state = pack(self._counts[mover])
            mask = point_mask(state)
            turns = search(ctx, state, mask, key)
            cached = (turns, ctx, state, mask)
            self._turn_cache[key] = cached
        return cached

    def legal_turns(self, dice: Dice) -> list[Turn]:
        """Every legal full turn, deduplicated by result, best first, as values
        (one step per written part: ``2(24/18)`` is one step of two checkers).

        A game that is over has no turns (an empty list).
        """
        if self._result is not None:
            return []
        return list(self._turn_set(dice)[0].values)

    def play(self, text: str | Turn, dice: Dice) -> Played:
        """Apply a written turn; NotationError or IllegalTurnError when it cannot be."""
        turns, ctx, state, mask = self._turn_set(dice)
        written = parse_turn(str(text))
        shown = format_dice(tuple(dice))
        final = match_turn(ctx, state, mask, turns.dice, written, turns, shown)
        moves = turns.by_state[final]
        position = self.after(unpack(final))
        events = _events(self._to_move or "", turns.turns.get(final, ()), turns.dice, position)
        return Played(position, f"{shown}; {moves}", moves, events=events)

    def after(self, mover_counts: tuple[int, ...]) -> HachapuryPosition:
        """The position once the side to move has reached ``mover_counts``."""
        mover = self._to_move
        assert mover is not None
        opponent = other(mover)
        counts = dict(self._counts)
        counts[mover] = mover_counts
        result = None
        to_move: str | None = opponent
        if mover_counts[0] == CHECKERS:
            result = make_result(mover, counts[opponent][0])
            to_move = None
        return HachapuryPosition(counts["W"], counts["B"], to_move, result)


def _events(side: str, moves: tuple[Move, ...], dice: tuple[int, ...],
            after: HachapuryPosition) -> tuple[Event, ...]:
    """The turn's events from the canonical moves the search played.

    Moves are sorted highest source first, which is always a playable order
    (a checker's later steps start lower).  A move's die is its distance; a
    bear-off takes one of the dice the moves on the board left over."""
    if not moves:
        return (Passed(side),)
    spare = list(dice)
    for src, dst in moves:
        if dst and -src - dst in spare:
            spare.remove(-src - dst)
    spare.sort()
    out: list[Event] = []
    for src, dst in moves:
        if dst:
            out.append(Moved(side, str(-src), str(dst), -src - dst))
        else:
            # the smallest die that reaches off: exact first, else a larger one
            die = next((d for d in spare if d >= -src), spare[-1] if spare else None)
            if die is not None:
                spare.remove(die)
            out.append(BorneOff(side, str(-src), die))
    if after.result is not None:
        why = Message.of("why_mars" if after.result.points == 2 else "why_bore_off_all")
        out.append(Won(side, after.result.points, why))
    return tuple(out)


def _check_dice(dice: Dice) -> tuple[int, ...]:
    try:
        values = tuple(int(d) for d in dice)
    except (TypeError, ValueError):
        raise IllegalTurnError(Message.of("gerr_h_bad_dice", dice=repr(dice))) from None
    if len(values) != 2 or not all(1 <= d <= 6 for d in values):
        raise IllegalTurnError(Message.of("gerr_h_bad_dice", dice=repr(dice)))
    return values


def _side_listing(counts: tuple[int, ...]) -> str:
    entries = [f"{counts[p]}@{p}" for p in range(POINTS, 0, -1) if counts[p]]
    if counts[0]:
        entries.append(f"{counts[0]}@F")
    return ", ".join(entries)


# -- reading a listing --------------------------------------------------------

# ASCII digits (int() refuses '²'), few of them (int() refuses 4,301).
_ENTRY = re.compile(r"^([0-9]{1,4})@([0-9]{1,4}|[Ff])$")
_TAIL = re.compile(r"^(?:([WB]) to move|([WB]) wins(?: ([12]))?)$")


def parse_listing(text: str) -> HachapuryPosition:
    """Read a listing exactly; PositionError says what is wrong."""
    if not isinstance(text, str):
        raise PositionError(Message.of("gpos_position_listing_must_text"))
    parts = [p.strip() for p in text.strip().split(";")]
    if len(parts) != 3:
        raise PositionError(
            Message.of("gpos_h_form")
        )
    counts: dict[str, tuple[int, ...]] = {}
    for part, side in zip(parts[:2], SIDES, strict=True):
        counts[side] = _parse_side(part, side)
    white, black = counts["W"], counts["B"]
    for p in range(1, POINTS + 1):
        if white[p] and black[to_other_numbering(p)]:
            raise PositionError(
                Message.of("gpos_h_both_on_point", p=p, black=to_other_numbering(p))
            )
    tail = _TAIL.match(parts[2])
    if not tail:
        raise PositionError(
            Message.of("gpos_unreadable_last_part_expected", parts=parts[2])
        )
    to_move, winner, points = tail.groups()
    if to_move:
        for side in SIDES:
            if counts[side][0] == CHECKERS:
                raise PositionError(
                    Message.of("gpos_has_borne_off_all", side=COLOURS[side], checkers=CHECKERS)
                )
        return HachapuryPosition(white, black, to_move)
    loser = other(winner)
    if counts[winner][0] != CHECKERS:
        raise PositionError(
            Message.of("gpos_wins_but_has_borne", winner=winner, side=COLOURS[winner],
                       counts=counts[winner][0], checkers=CHECKERS)
        )
    if counts[loser][0] == CHECKERS:
        raise PositionError(Message.of("gpos_both_sides_have_borne"))
    result = make_result(winner, counts[loser][0])
    if result.text != parts[2]:
        raise PositionError(
            Message.of("gpos_h_result_differs", side=COLOURS[loser], counts=counts[loser][0],
                       result=result.said, parts=parts[2])
        )
    return HachapuryPosition(white, black, None, result)


def _parse_side(part: str, side: str) -> tuple[int, ...]:
    prefix = f"{side}:"
    if not part.startswith(prefix):
        raise PositionError(Message.of("gpos_expected_s_part_start", side=COLOURS[side],
                                       prefix=prefix, part=part))
    body = part[len(prefix):].strip()
    if not body:
        raise PositionError(Message.of("gpos_has_no_checkers_listed", side=COLOURS[side]))
    counts = [0] * (POINTS + 1)
    seen: set[int] = set()
    for raw in body.split(","):
        entry = raw.strip()
        m = _ENTRY.match(entry)
        if not m:
            raise PositionError(
                Message.of("gpos_unreadable_entry_write_count", entry=entry, side=COLOURS[side])
            )
        n = int(m.group(1))
        if m.group(2) not in "Ff" and int(m.group(2)) == 0:
            raise PositionError(Message.of("gpos_there_no_point_write", side=COLOURS[side]))
        point = 0 if m.group(2) in "Ff" else int(m.group(2))
        if not 0 <= point <= POINTS:
            raise PositionError(Message.of("gpos_h_no_point", side=COLOURS[side], point=point))
        if n < 1:
            raise PositionError(Message.of("gpos_h_count", side=COLOURS[side], n=n, entry=entry))
        if point in seen:
            raise PositionError(Message.of("gpos_point_listed_twice", side=COLOURS[side],
                                           point=m.group(2)))
        seen.add(point)
        counts[point] = n
    total = sum(counts)
    if total != CHECKERS:
        raise PositionError(Message.of("gpos_has_checkers_each_side", side=COLOURS[side],
                                       total=total, checkers=CHECKERS))
    return tuple(counts)
