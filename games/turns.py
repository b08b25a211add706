"""Turns as values: what ``Position.legal_turns`` lists.

A ``Turn`` is a legal turn as data: its ``steps`` (each written part of the
turn: a move with where it starts and ends, a placed tile, a kind word such as
CheeseGambit's ``G``), any ``additions`` written after it (a taunt ``T@B``) and
its canonical ``text``.  Each game builds its turns from its own move data, so
the bot (picker, autocomplete, late taunts, hints) reads sources, targets and
taunt targets from fields and never takes notation apart; the text is written
by the game and read back only at the edges (a typed command, a record line).

A turn is its canonical text: ``str(turn)`` is the text, turns compare and hash
by it, and a turn equals the plain string of its text, so a typed or recorded
turn can be looked up among the legal ones directly.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Final


class StepKind(StrEnum):
    """What one step of a turn does."""

    MOVE = "move"  #: a piece (or ``count`` pieces) from ``source`` to ``target``
    ENTER = "enter"  #: a piece brought in from off the board (a start, a pool)
    BEAR_OFF = "bear-off"  #: a piece taken off the board
    JUMP = "jump"  #: Chebache's jump over a stack
    PLACE_TILE = "place-tile"  #: Che: a tile of ``colour`` put on the cell ``target``
    WORD = "word"  #: a kind word starting the turn (CheeseGambit's ``G``, ``CG``, ``gamble``)
    PASS = "pass"  #: the turn moves nothing (``(no move)``, ``(dance)``)


@dataclass(frozen=True, slots=True)
class Step:
    """One written part of a turn.

    ``text`` is the part as the canonical turn text writes it (``2(24/18)``,
    ``9/15/16``, ``0,-1W``); ``source`` and ``target`` are places as the game
    names them (points, squares, cells; ``""`` for a word or a pass); ``count``
    how many pieces make the same move; ``via`` the places passed on the way
    (``15`` of ``9/15/16``); ``bumps`` whether it sends an opponent piece back;
    ``colour`` a placed tile's colour letter and ``orientation`` its ``/`` or
    ``\\`` (Che)."""

    text: str
    kind: StepKind
    source: str = ""
    target: str = ""
    count: int = 1
    via: tuple[str, ...] = ()
    bumps: bool = False
    colour: str = ""
    orientation: str = ""

    def __str__(self) -> str:
        return self.text


class AdditionKind(StrEnum):
    """What may be added after a turn."""

    TAUNT = "taunt"  #: CheeseGambit: ``T@B``, raising the stake against ``target``


class _ByText:
    """A thing that is its text (a turn, an addition): equal to another of its kind
    with the same text or to the plain string of it (a typed command, a record's
    moves), hashed as the text is, and printed as it."""

    __slots__ = ()

    if TYPE_CHECKING:  # each kind stores its own, read-only (Turn's is Final)
        @property
        def text(self) -> str: ...

    def __str__(self) -> str:
        return self.text

    def __eq__(self, other: object) -> bool:
        if isinstance(other, type(self)):
            return self.text == other.text
        if isinstance(other, str):
            return self.text == other
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.text)


# eq=False: equality and hash are _ByText's, by the text alone
@dataclass(frozen=True, slots=True, eq=False)
class Addition(_ByText):
    """Something the mover adds after a turn's moves (``Position.turn_additions``):
    its text as written (``T@B``), its kind and the side it is aimed at.  Like a
    turn, an addition is its text (equal to it, hashed as it)."""

    text: str
    kind: AdditionKind
    target: str = ""


class Turn(_ByText):
    """A legal turn: ``moves`` (the canonical text of the moves alone), its
    ``steps`` in written order and its ``additions``; ``text`` is the whole
    canonical text (the moves, then each addition after a space).

    ``steps`` may be given as a function of the game's move data that builds them
    when first asked: a crowded CheeseGambit throw lists over a thousand turns,
    and most listings are only matched by text (autocomplete, ``play``, the
    computer), so building every step up front doubled the listing's time
    (bench/bench_cheesegambit.py).

    Immutable (``Final`` attributes, ``steps`` read-only).  A plain class with
    slots rather than a frozen dataclass: a crowded doubles throw lists some 500
    Hachapury turns, and a frozen dataclass's ``__init__`` cost 2 us a turn
    against 0.3 us here (bench/bench_hachapury_legal.py)."""

    __slots__ = ("moves", "_steps", "additions", "text")

    def __init__(self, moves: str, steps: tuple[Step, ...] | Callable[[], tuple[Step, ...]],
                 additions: tuple[Addition, ...] = ()) -> None:
        self.moves: Final = moves
        self._steps = steps
        self.additions: Final = additions
        self.text: Final = " ".join([moves, *(a.text for a in additions)]) if additions \
            else moves

    @property
    def steps(self) -> tuple[Step, ...]:
        """The turn's steps, in written order."""
        steps = self._steps
        if callable(steps):
            steps = self._steps = steps()
        return steps

    def with_addition(self, addition: Addition) -> Turn:
        """This turn with ``addition`` written after it."""
        return Turn(self.moves, self._steps, (*self.additions, addition))

    @property
    def is_pass(self) -> bool:
        """Whether the turn moves nothing."""
        return all(step.kind == StepKind.PASS for step in self.steps)

    def __repr__(self) -> str:
        return f"Turn({self.text!r})"

    def __lt__(self, other: Turn) -> bool:
        return self.text < other.text


def pass_turn(text: str) -> Turn:
    """The turn of a game's pass text (a single pass step)."""
    return Turn(text, (Step(text, StepKind.PASS),))


def texts(turns: Sequence[Turn] | Sequence[Addition]) -> list[str]:
    """The canonical texts of ``turns`` (or additions), in order, for the edges:
    messages, records, error texts."""
    return [turn.text for turn in turns]
