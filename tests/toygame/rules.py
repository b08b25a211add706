"""A one-die race, the toy game of tests/toygame: a game that exists only to prove that
a game is a plugin and nothing more (no line of bot/ knows it).

Orange (``O``) and Purple (``P``) each have three pieces on Start (``S``) of one shared
track of squares 1 to ``length - 1``; Finish (``F``) is square ``length``.  A turn
throws one die and moves one piece that many squares (past Finish it stops on
Finish); landing on the other side's pieces sends them back to Start.  All three
pieces on Finish wins.  Notation: ``S/4``, ``4/9``, ``9/F``; listing ``O=S,S,4 P=S,7,F; O``
(the side to move, or ``O wins``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

from games.base import (
    Dice,
    Game,
    OptionKind,
    Options,
    OptionSpec,
    Played,
    Position,
    Result,
    SideInfo,
)
from games.errors import IllegalTurnError, NotationError, PositionError
from games.events import Event, Hit, Moved, Won
from games.messages import Message  # an engine's errors are codes the bot translates
from games.outcome import EndReason
from games.turns import Step, StepKind, Turn, texts

SIDES = ("O", "P")
_MOVE = re.compile(r"\s*(S|F|\d{1,2})\s*[/-]\s*(S|F|\d{1,2})\s*")
_LISTING = re.compile(r"O=(\w+,\w+,\w+) P=(\w+,\w+,\w+); (O|P)( wins)?")


def name(square: int, length: int) -> str:
    return "S" if square == 0 else "F" if square >= length else str(square)


def _three(squares: list[int] | tuple[int, ...]) -> tuple[int, int, int]:
    low, middle, high = sorted(squares)
    return low, middle, high


def square(text: str, length: int) -> int:
    return 0 if text == "S" else length if text == "F" else int(text)


@dataclass(frozen=True)
class RacePosition(Position):
    game: ClassVar[str] = "toyrace"

    squares: tuple[tuple[int, int, int], tuple[int, int, int]]  # O's and P's, lowest first
    mover: str
    length: int
    winner: str | None = None

    @property
    def pieces(self) -> dict[str, tuple[int, int, int]]:
        return dict(zip(SIDES, self.squares, strict=True))

    @property
    def side_to_move(self) -> str | None:
        return None if self.winner else self.mover

    @property
    def result(self) -> Result | None:
        if not self.winner:
            return None
        # an engine says why its game ended (the bot stores it: games/outcome.py)
        return Result(self.winner, 1, f"{self.winner} wins", ended_by=EndReason.HOME_FIRST)

    @property
    def options(self) -> Mapping[str, str]:
        return {"length": str(self.length)}

    def dice_count(self) -> int:
        return 0 if self.winner else 1

    def legal_turns(self, dice: Dice) -> list[Turn]:
        starts = sorted({s for s in self.pieces[self.mover] if s < self.length})
        return [self._turn(s, s + dice[0]) for s in starts]

    def _turn(self, src: int, dst: int) -> Turn:
        """One piece from ``src`` to ``dst`` as a turn value (a step that says so)."""
        here, there = name(src, self.length), name(dst, self.length)
        other = SIDES[1 - SIDES.index(self.mover)]
        kind = (StepKind.ENTER if src == 0 else StepKind.BEAR_OFF if dst >= self.length
                else StepKind.MOVE)
        bumps = 0 < dst < self.length and dst in self.pieces[other]
        text = f"{here}/{there}"
        return Turn(text, (Step(text, kind, here, there, bumps=bumps),))

    def play(self, text: str | Turn, dice: Dice) -> Played:
        found = _MOVE.fullmatch(str(text))
        if found is None:
            raise NotationError(Message.of("gerr_b_cannot_read", what=repr(text)), str(text))
        src, dst = (square(found[i], self.length) for i in (1, 2))
        canonical = f"{name(src, self.length)}/{name(dst, self.length)}"
        if canonical not in self.legal_turns(dice):
            raise IllegalTurnError(Message.of("gerr_turn_not_legal"),
                                   texts(self.legal_turns(dice)))
        mine = list(self.pieces[self.mover])
        mine[mine.index(src)] = min(dst, self.length)
        other = SIDES[1 - SIDES.index(self.mover)]
        theirs = self.pieces[other]
        events: list[Event] = [Moved(self.mover, name(src, self.length),
                                     name(dst, self.length), die=dice[0])]
        hit = theirs.count(dst) if 0 < dst < self.length else 0
        if hit:
            events.append(Hit(self.mover, other, str(dst), "S", count=hit))
            theirs = _three([0 if s == dst else s for s in theirs])
        winner = self.mover if all(s >= self.length for s in mine) else None
        if winner:
            events.append(Won(winner, 1, Message.of("why_first_home")))
        after_pieces = {self.mover: _three(mine), other: _three(theirs)}
        after = RacePosition((after_pieces["O"], after_pieces["P"]), other, self.length, winner)
        return Played(after, f"[{dice[0]}]; {canonical}", canonical, events=tuple(events))

    def listing(self) -> str:
        places = " ".join(f"{s}=" + ",".join(name(q, self.length) for q in self.pieces[s])
                          for s in SIDES)
        return f"{places}; {self.winner} wins" if self.winner else f"{places}; {self.mover}"

    def piece_counts(self) -> Mapping[tuple[str, str], int]:
        counts: dict[tuple[str, str], int] = {}
        for side in SIDES:
            for q in self.pieces[side]:
                key = (side, name(q, self.length))
                counts[key] = counts.get(key, 0) + 1
        return counts


class RaceGame(Game):
    name: ClassVar[str] = "toyrace"
    title: ClassVar[str] = "Toy Race"
    option_specs = (OptionSpec("length", OptionKind.INT, "12", "squares to Finish",
                               low=6, high=30),)

    def sides(self, options: Options) -> list[SideInfo]:
        return [SideInfo("O", "Orange", "Orange"), SideInfo("P", "Purple", "Purple")]

    def initial(self, options: Options, first: str | None = None) -> Position:
        length = int(self.normalise_options(options)["length"])
        return RacePosition(((0, 0, 0), (0, 0, 0)), first or "O", length)

    def from_listing(self, text: str, options: Options) -> Position:
        length = int(self.normalise_options(options)["length"])
        found = _LISTING.fullmatch(text.strip())
        if found is None:
            raise PositionError(Message.of("gpos_cannot_read_here", seg=text))
        try:
            o, p = ([square(q, length) for q in found[i].split(",")] for i in (1, 2))
        except ValueError as exc:
            raise PositionError(Message.of("gpos_cannot_read_here", seg=text)) from exc
        if not all(0 <= q <= length for q in (*o, *p)):
            raise PositionError(Message.of("gpos_cannot_read_here", seg=text))
        side = found[3]
        won = side if found[4] else None
        return RacePosition((_three(o), _three(p)), SIDES[1 - SIDES.index(side)] if won else side,
                            length, won)

    def rules_text(self) -> str:
        return ("**Toy Race** (2 players, 1 die): race your three pieces from Start to Finish.\n"
                "- Each turn throw one die and move one piece that far (past Finish it stops "
                "there).\n"
                "- Landing on your opponent's pieces sends them back to Start.\n"
                "- All your pieces on Finish wins.")

    def notation_text(self) -> str:
        return "Squares 1 to 11, S = Start, F = Finish: `S/4`, `4/9`, `9/F`."


GAME = RaceGame()
