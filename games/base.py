"""The protocol every game implements (python-chess's Board is the model).

A ``Game`` describes one game: its name, sides, options, rules text and how
to make or read a position.  A ``Position`` is immutable: playing a turn
returns a new position together with the canonical record of that turn.

Dice come in as values (the engines never roll); a game without dice (Che)
takes an empty tuple.

Everything the service, the renderers, computer players and narration need
is asked here, never decided by a game's name: options are declared
(``OptionSpec``: validation, defaults, help), a ``Played`` carries typed
events (games/events.py), a position says what a pass is (``is_pass``,
``forced_pass``) and what may be added to a turn (``turn_additions``), and a
game says how an answer joins its turn line (``join_action``) and what to log
about its engine (``engine_info``).
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import ClassVar

from games.errors import OptionError
from games.events import Event
from games.messages import Message, placings_said
from games.outcome import EndReason, Outcome
from games.turns import Addition, Turn

Dice = tuple[int, ...]
Options = Mapping[str, str]


class TurnKind(StrEnum):
    """How a logged entry stands in the record (shared with storage).

    ``turn`` is a numbered turn line; ``amend`` completes the line before it
    (a taunt answer, joined by ``Game.join_action``); ``line`` is an action
    line of its own (``vote G yes``, ``B resigns``)."""

    TURN = "turn"
    AMEND = "amend"
    LINE = "line"


class QuestionKind(StrEnum):
    """What kind of answer a position waits for (besides a turn)."""

    RAISE = "raise"  #: one side raised the stake against another (sides: raiser, target)
    VOTE = "vote"  #: the sides still to vote (sides: the voters left)
    ANSWER = "answer"  #: any other answer (sides: who may give it)


@dataclass(frozen=True)
class Question:
    """The answer a position waits for: its kind, the sides it concerns and the
    game's own word for it ("taunt"), so the bot can bind buttons to it and name it
    without knowing the game."""

    kind: QuestionKind
    sides: tuple[str, ...]
    noun: str = "question"


@dataclass(frozen=True)
class Result:
    """How a game ended.  ``winner`` is a side letter, or None for a draw.

    ``text`` is what the position listing writes in place of ``X to move``
    (``W wins``, ``W wins 2``, ``draw``).  ``ended_by`` says why as data (``PLAYED``
    when the engine cannot tell, e.g. a position read from a listing that only
    names the winner); ``placings`` the sides placed, first to last, in games that
    place them.  ``outcome`` is all of it as the bot stores and reads it.
    """

    winner: str | None
    points: int
    text: str
    # keyword-only: a subclass (renderer's ``Ending``) adds its own positional fields;
    # not compared: a position read from a listing may not know how it ended, and it
    # is still the same position
    ended_by: EndReason = field(default=EndReason.PLAYED, kw_only=True, compare=False)
    placings: tuple[str, ...] = field(default=(), kw_only=True, compare=False)

    @property
    def outcome(self) -> Outcome:
        return Outcome(self.winner, self.points, self.ended_by, self.placings)

    @property
    def said(self) -> Message:
        """``text`` as data (``why_*`` codes, side letters as values), for a message
        that names the result (``the game is over (R wins; G 2nd)``) so each language
        says it from the codes.  A text the fields do not give (a listing's result
        read as written) is kept as its words (``why_text``): the English never
        changes, whatever a reader's language cannot say."""
        if self.placings:
            said = placings_said(self.placings)
        elif self.winner is None:
            said = Message.of("why_draw")
        elif self.points > 1:
            said = Message.of("why_wins_points", player=self.winner, points=self.points)
        else:
            said = Message.of("why_wins", player=self.winner)
        return said if str(said) == self.text else Message.of("why_text", text=self.text)


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
    #: What the turn did, in play order (see games/events.py).
    events: tuple[Event, ...] = field(default=(), compare=False)

    @property
    def kind(self) -> TurnKind:
        """The record kind of this entry when it is an action (``amend`` or ``line``)."""
        return TurnKind.AMEND if self.amends_previous else TurnKind.LINE


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
    def legal_turns(self, dice: Dice) -> list[Turn]:
        """Every complete legal turn for these dice, deduplicated by resulting
        position, as turn values (games/turns.py: steps, canonical text), built
        from the game's own move data.  A turn with no legal move is the game's
        pass (a single pass step, e.g. ``(no move)``)."""

    def legal_turns_in_any_order(self, dice: Dice) -> list[Turn]:
        """``legal_turns`` plus every other order of a turn's moves that ``play``
        takes as the same turn (Che's two tiles either way round), each order once.
        The turn picker and ``/legal`` offer these, so a player who builds a turn
        move by move finds whichever order they start with.  Most games list one
        order of each turn: the canonical listing."""
        return self.legal_turns(dice)

    @abstractmethod
    def play(self, text: str | Turn, dice: Dice) -> Played:
        """Apply the turn written in ``text`` (a typed command, a record's line: the
        notation is read here, at the edge) or a turn value; raise a GameError if it
        cannot be read or is not legal (nothing is changed: positions are immutable)."""

    def read_turn(self, text: str, dice: Dice) -> Turn:
        """The legal turn written in ``text``, as a value (any additions written after
        it included); a GameError when it cannot be read or is not legal.  The
        default plays the text and finds its canonical moves among ``legal_turns``,
        then reads what follows them as one of ``turn_additions``."""
        played = self.play(text, dice)
        legal = self.legal_turns(dice)
        for turn in legal:
            if turn.text == played.moves:
                return turn
        # canonical moves that carry additions (``9X13 T@B``): the legal turn they
        # begin with, then each word after it one of that turn's additions
        for turn in legal:
            if played.moves.startswith(turn.text + " "):
                offered = {a.text: a for a in self.turn_additions(turn, dice)}
                words = played.moves[len(turn.text) + 1:].split()
                if words and all(word in offered for word in words):
                    for word in words:
                        turn = turn.with_addition(offered[word])
                    return turn
        # ``play`` took it, so it is legal: a game whose listing lacks it broke the contract
        raise LookupError(f"{played.moves!r} plays but is not among the legal turns")

    @abstractmethod
    def listing(self) -> str:
        """The one-line position listing, exactly as the game's rules page writes it
        (docs/rules/)."""

    # -- asked by the service, the renderers and computer players ----------------

    #: The text of a turn with no legal move (``(no move)``, ``(dance)``); None
    #: when the game never passes (Che).
    pass_text: ClassVar[str | None] = None

    def is_pass(self, text: str | Turn) -> bool:
        """Whether ``text`` is this game's pass (a turn that moves nothing)."""
        return self.pass_text is not None and str(text).strip() == self.pass_text

    def forced_pass(self, dice: Dice) -> str | None:
        """The pass text when passing is the only legal turn with these dice
        (the service then plays it itself), else None."""
        if self.pass_text is None or self.result is not None or self.action_due():
            return None
        legal = self.legal_turns(dice)
        return legal[0].text if len(legal) == 1 and legal[0].is_pass else None

    def turn_additions(self, turn: Turn | str, dice: Dice) -> list[Addition]:
        """What the side to move may add at the end of the legal turn ``turn``
        (CheeseGambit's taunts: ``T@B`` aimed at a side); each addition is written
        after the turn, separated by a space (``Turn.with_addition``).  Most games
        have none."""
        return []

    def split_additions(self, text: str) -> tuple[str, str]:
        """A typed turn cut where its additions begin (``9X13 T@B`` -> ``9X13``,
        ``T@B``), for autocomplete; ``(text, "")`` where there are none."""
        return text, ""

    def piece_counts(self) -> Mapping[tuple[str, str], int] | None:
        """Pieces per (side letter, place in that side's notation), for
        checking events against positions (Che: one per tile, keyed by its
        colour and cell); None where a game does not count them."""
        return None

    # -- actions without dice (answers, votes); most games have none ----------

    def action_due(self) -> bool:
        """True when the next thing to happen is an action (an answer, a vote)
        rather than a turn; ``play_action`` plays it."""
        return False

    def question(self) -> Question | None:
        """The answer the position waits for, None when it waits for a turn.  The
        default: an answer from the ``actors``; games with raises or votes say so."""
        if not self.action_due():
            return None
        return Question(QuestionKind.ANSWER, tuple(self.actors()))

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

        raise IllegalTurnError(Message.of("gerr_no_action"))

    def __str__(self) -> str:
        return self.listing()


_DIGITS = re.compile(r"[0-9]{1,6}")  # ASCII only: int() would take '²' or '١'


class OptionKind(StrEnum):
    """What values an option takes (see ``OptionSpec``)."""

    INT = "int"
    SWITCH = "switch"


@dataclass(frozen=True)
class OptionSpec:
    """One game option, declared: it validates, normalises and explains itself.

    ``kind`` is ``int`` (a whole number ``low``-``high``) or ``switch`` (one of
    two words, ``on``/``off`` or ``true``/``false`` as ``words`` says; yes/no,
    1/0 and the other pair are read too).  Values are stored as strings."""

    name: str
    kind: OptionKind
    default: str
    help: str
    low: int = 0
    high: int = 0
    words: tuple[str, str] = ("on", "off")

    def __post_init__(self) -> None:
        # A game that declares a default it would refuse is a programming error.
        try:
            canonical = self.normalise(self.default) == self.default
        except OptionError:
            canonical = False
        if not canonical:
            raise ValueError(f"option {self.name}: default {self.default!r} is not an "
                             "allowed value in its stored form")

    def normalise(self, value: object) -> str:
        """The stored form of ``value``; OptionError naming what is allowed."""
        text = str(value).strip().lower()
        if self.kind == OptionKind.SWITCH:
            yes, no = self.words
            if text in (yes, "on", "true", "yes", "1"):
                return yes
            if text in (no, "off", "false", "no", "0"):
                return no
            raise OptionError(Message.of("gerr_option_yes_no", option=self.name, yes=yes, no=no,
                                         value=repr(value)))
        if not _DIGITS.fullmatch(text) or not self.low <= int(text) <= self.high:
            raise OptionError(
                Message.of("gerr_option_number", option=self.name, low=self.low, high=self.high,
                           value=repr(value)))
        return str(int(text))

    def describe(self) -> str:
        """``pieces`` (1-15, default 14): help."""
        allowed = (f"{self.low}-{self.high}" if self.kind == OptionKind.INT
                   else "/".join(self.words))
        return f"`{self.name}` ({allowed}, default {self.default}): {self.help}"


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
    #: The options this game takes, declared (``normalise_options`` and the
    #: ``/new`` help are built from them).
    option_specs: ClassVar[tuple[OptionSpec, ...]] = ()
    #: The game's own word for each kind of question (``Question.noun``), so the
    #: bot can name a question that is no longer pending.
    question_nouns: ClassVar[Mapping[str, str]] = {
        QuestionKind.RAISE: "raise", QuestionKind.VOTE: "vote", QuestionKind.ANSWER: "question"}

    @abstractmethod
    def sides(self, options: Options) -> list[SideInfo]:
        """The sides playing under these options, in turn order."""

    def normalise_options(self, options: Options) -> dict[str, str]:
        """Validate options (names any case) against ``option_specs`` and fill in
        defaults; raise OptionError on an unknown name or a bad value."""
        specs = {spec.name: spec for spec in self.option_specs}
        out = {spec.name: spec.default for spec in self.option_specs}
        for key, value in options.items():
            name = str(key).strip().lower()
            spec = specs.get(name)
            if spec is None:
                if not specs:
                    raise OptionError(Message.of("gerr_option_none", title=self.title, name=key))
                raise OptionError(Message.of("gerr_option_unknown", name=key, title=self.title,
                                             options=", ".join(specs)))
            out[name] = spec.normalise(value)
        return out

    def options_help(self) -> str:
        """One line per option for ``/new`` help (empty when there are none)."""
        return "\n".join(f"- {spec.describe()}" for spec in self.option_specs)

    def options_text(self, options: Options) -> str:
        """The options that differ from the defaults, ``(pieces=6, taunt=off)``,
        or empty; what a challenge announces."""
        defaults = self.normalise_options({})
        changed = [f"{k}={v}" for k, v in sorted(options.items()) if defaults.get(k) != v]
        return f" ({', '.join(changed)})" if changed else ""

    def join_action(self, line: str, action: str) -> str:
        """The record line ``line`` completed by an amending ``action`` record
        (see ``Played.amends_previous``); by default they are joined by a space."""
        return f"{line} {action}"

    def engine_info(self) -> str | None:
        """What the service logs at start about this engine (e.g. whether a
        compiled search is loaded); None when there is nothing to say."""
        return None

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
