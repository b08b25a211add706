"""The protocol every game implements (python-chess's Board is the model).

A ``Game`` describes one game: its name, sides, options, rules text and how
to make or read a position.  A ``Position`` is immutable: playing a turn
returns a new position together with the canonical record of that turn.

Dice come in as values (the engines never roll); a game without dice (Che)
takes an empty tuple.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

Dice = tuple[int, ...]
Options = Mapping[str, str]


@dataclass(frozen=True)
class Result:
    """How a game ended.  ``winner`` is a side letter, or None for a draw.

    ``text`` is what the position listing writes in place of ``X to move``
    (``W wins``, ``W wins 2``, ``draw``).
    """

    winner: str | None
    points: int
    text: str


@dataclass(frozen=True)
class Played:
    """A turn applied: the position after it and its canonical record.

    ``record`` is the record line without the turn number and side, e.g.
    ``[6 5]; 24/18, 18/13``.  ``moves`` is the canonical move text alone
    (``24/18, 18/13``), what a player could type to play the same turn.
    """

    position: Position
    record: str
    moves: str
    #: True when this record completes the previous turn's line instead of
    #: standing on its own (a CheeseGambit taunt answer: ``T@B x2``).
    amends_previous: bool = False


class Position(ABC):
    """An immutable game position: pieces, side to move, options, result."""

    game: ClassVar[str]

    @property
    @abstractmethod
    def side_to_move(self) -> str | None:
        """The side letter to move, or None once the game is over."""

    @property
    @abstractmethod
    def result(self) -> Result | None:
        """The result once the game is over, else None."""

    @property
    @abstractmethod
    def options(self) -> Mapping[str, str]:
        """The game options this position is played under (normalised strings)."""

    @abstractmethod
    def dice_count(self) -> int:
        """How many dice the side to move throws for its next turn (0: no dice)."""

    @abstractmethod
    def legal_turns(self, dice: Dice) -> list[str]:
        """Every complete legal turn for these dice, deduplicated by resulting
        position, as canonical move texts.  A turn with no legal move is the
        game's pass text (e.g. ``(no move)``)."""

    @abstractmethod
    def play(self, text: str, dice: Dice) -> Played:
        """Apply the turn written in ``text``; raise a GameError if it cannot be
        read or is not legal (nothing is changed: positions are immutable)."""

    @abstractmethod
    def listing(self) -> str:
        """The one-line position listing, exactly as the design page writes it."""

    # -- actions without dice (answers, votes); most games have none ----------

    def action_due(self) -> bool:
        """True when the next thing to happen is an action (an answer, a vote)
        rather than a turn; ``play_action`` plays it."""
        return False

    def actors(self) -> tuple[str, ...]:
        """The sides that may act now (several while a vote is open)."""
        side = self.side_to_move
        return (side,) if side else ()

    def resign(self, side: str) -> Played | None:
        """``side`` resigns.  None (the default) means the game ends with the
        other side winning; a game where the others play on (CheeseGambit with
        three or four) returns the position after the resigner has left."""
        return None

    def action_choices(self) -> list[str]:
        """The texts that answer the due action (shown as buttons), best first."""
        return []

    def play_action(self, text: str, side: str | None = None) -> Played:
        """Play an action written as ``text`` for ``side`` (default: the side to move)."""
        from games.errors import IllegalTurnError

        raise IllegalTurnError("no answer or vote is due in this game now")

    def __str__(self) -> str:
        return self.listing()


@dataclass(frozen=True)
class SideInfo:
    """A side's letter, its colour name and the record tag naming its player."""

    letter: str
    colour: str
    tag: str


class Game(ABC):
    """One game's description and factory."""

    name: ClassVar[str]
    title: ClassVar[str]
    #: Whether an opening throw (one die each, highest starts) decides who starts.
    opening_throw: ClassVar[bool] = False
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    #: A regular expression for record lines that are actions of their own
    #: (CheeseGambit's ``vote G yes``); None when the game has none.
    action_line: ClassVar[str | None] = None

    @abstractmethod
    def sides(self, options: Options) -> list[SideInfo]:
        """The sides playing under these options, in turn order."""

    @abstractmethod
    def normalise_options(self, options: Options) -> dict[str, str]:
        """Validate options (names lower case) and fill in defaults; raise
        OptionError on an unknown name or a bad value."""

    @abstractmethod
    def initial(self, options: Options, first: str | None = None) -> Position:
        """The starting position; ``first`` is the side that moves first
        (decided by the opening throw where the game has one)."""

    @abstractmethod
    def from_listing(self, text: str, options: Options) -> Position:
        """Read a position listing; raise PositionError if it cannot be read."""

    @abstractmethod
    def rules_text(self) -> str:
        """The rules as this project plays them, short enough for a chat message."""

    @abstractmethod
    def notation_text(self) -> str:
        """How to write moves, with examples."""

    def options_from_tags(self, tags: Mapping[str, str]) -> dict[str, str]:
        """Game options from a record's tags (tags named after the options,
        any case); validated by ``normalise_options``."""
        names = set(self.normalise_options({}))
        return self.normalise_options(
            {k.lower(): v for k, v in tags.items() if k.lower() in names}
        )

    def first_mover(self, options: Options) -> str:
        """Who moves first when there is no opening throw."""
        return self.sides(options)[0].letter
