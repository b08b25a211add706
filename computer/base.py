"""What every computer player shares: levels, the budget of a decision, the
choice, the strategy protocol and the registry of strategies by game."""

from __future__ import annotations

import copy
import importlib
import logging
import random
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar

from computer.reasons import NO_REASON, Reason
from games.base import Dice, Position, QuestionKind
from games.plugins import plugin_for
from games.turns import Turn

log = logging.getLogger(__name__)


class Level(StrEnum):
    """How strong the computer plays (the ``level`` option of ``/new``)."""

    EASY = "easy"
    NORMAL = "normal"
    HARD = "hard"
    #: The strongest play within about 3 s a decision on 2 shared cores (a
    #: wider and deeper search than ``hard``; offered where a level is chosen,
    #: never for ``/hint``, which stays ``hard`` so that it answers at once).
    EXPERT = "expert"

    @property
    def budget(self) -> float:
        """The wall-time safety cap of a decision at this level, in seconds.

        A search stops by the work it has done (``Strategy.budget_for``), so
        that its choice is the same on any machine at any load; this cap only
        ends a search that runs away (a machine many times slower than the
        one the work budgets were measured on) and says so in the log.  It is
        many times the longest decisions the work budgets give on 2 shared
        cores (about 0.5 s of CPU at ``hard``, bench/bench_decisions.py), so
        that a loaded machine still decides by work alone.  The bot's pool
        waits a little longer than this (``ComputerPool.limit``)."""
        return _CAPS[self]

    @classmethod
    def parse(cls, text: str) -> Level:
        """A level from a player's word (any case); ValueError naming the levels."""
        word = text.strip().lower()
        for level in cls:
            if level.value == word:
                return level
        raise ValueError(f"unknown level {text!r}; levels: "
                         f"{', '.join(level.value for level in cls)}")


_CAPS = {Level.EASY: 1.0, Level.NORMAL: 2.5, Level.HARD: 7.5, Level.EXPERT: 15.0}


class _Meter:
    """The work a decision has done, shared by a budget and its ``within`` views."""

    __slots__ = ("spent", "capped")

    def __init__(self) -> None:
        self.spent = 0
        self.capped = False


class Budget:
    """What one decision may spend.  Searches ``spend`` a unit per position they
    evaluate and ask ``expired()`` between steps:

    - ``work``: how many positions the decision may evaluate (None: no limit).
      This is the rule a search stops by, so a position, a level and a seed
      give the same choice on any machine at any load;
    - ``seconds``: a wall-time safety cap only (``Level.budget``).  When it
      fires the search ends with what it has, which then depends on the
      machine: it is logged as a warning, once per decision.

    ``clock`` is injectable so tests can run out of time on purpose."""

    def __init__(self, seconds: float, clock: Callable[[], float] | None = None,
                 work: int | None = None) -> None:
        self._clock = clock or time.perf_counter
        self.seconds = seconds
        self.deadline = self._clock() + seconds
        self.work = work
        self._meter = _Meter()

    @property
    def spent(self) -> int:
        """Positions evaluated so far (by this budget and its views)."""
        return self._meter.spent

    @property
    def capped(self) -> bool:
        """Whether the wall-time safety cap has fired."""
        return self._meter.capped

    def spend(self, positions: int = 1) -> None:
        """Count ``positions`` evaluated."""
        self._meter.spent += positions

    def work_left(self) -> int | None:
        """Positions still to evaluate before the work budget is spent (None: no limit)."""
        return None if self.work is None else max(0, self.work - self._meter.spent)

    def expired(self) -> bool:
        meter = self._meter
        if self.work is not None and meter.spent >= self.work:
            return True
        if meter.capped:
            return True
        if self._clock() >= self.deadline:
            meter.capped = True
            log.warning("computer search stopped by the wall-time safety cap (%.1f s) after "
                        "%d positions of its budget of %s: this choice depends on the "
                        "machine's speed", self.seconds, meter.spent, self.work)
            return True
        return False

    def within(self, share: float) -> Budget:
        """A view of this budget (same count, same cap) whose work budget is
        ``share`` of this one's: a search's first stage, leaving the rest."""
        view = copy.copy(self)
        if self.work is not None:
            view.work = int(self.work * share)
        return view


@dataclass(frozen=True)
class Choice:
    """A decision: the text to play (a turn exactly as ``Position.play`` takes
    it, with any ``turn_additions`` such as ``T@B`` appended after a space; or
    an answer as ``Position.play_action`` takes it) and why (computer/reasons.py:
    a key and values the bot puts into words).

    ``fallback`` is True when the choice is not the strategy's own (it crashed
    or ran out of time and a legal turn was taken instead)."""

    text: str
    reason: Reason = NO_REASON
    fallback: bool = False


class Strategy(ABC):
    """One game's computer player.  Subclasses live in ``computer.<game>`` as
    ``STRATEGY``; they are stateless (one instance serves every game)."""

    game: ClassVar[str]
    #: Positions a decision may evaluate at each level (see ``Budget``; a
    #: level left out has no limit).  Measured so that the heaviest decisions
    #: take about what the levels' old time budgets allowed on 2 shared cores
    #: (bench/bench_decisions.py).
    WORK: ClassVar[Mapping[Level, int]] = {}

    def budget_for(self, level: Level, clock: Callable[[], float] | None = None) -> Budget:
        """A fresh budget for one decision at ``level``."""
        return Budget(level.budget, clock, self.WORK.get(level))

    @abstractmethod
    def choose(self, position: Position, dice: Dice, level: Level, budget: Budget,
               rng: random.Random) -> Choice:
        """The turn the side to move plays with ``dice`` (``spend`` a unit of
        ``budget`` per position evaluated, ask it often whether it has
        expired and return the best found so far once it has; never read the
        clock otherwise)."""

    def answer(self, position: Position, side: str, level: Level, budget: Budget,
               rng: random.Random) -> Choice:
        """``side``'s answer to the position's question (``position.question()``):
        one of ``position.action_choices()``.  The default accepts a raise and
        votes yes; games with a better idea override it."""
        choices = position.action_choices()
        if not choices:
            raise ValueError("no question is waiting for an answer")
        question = position.question()
        if question is not None and question.kind in (QuestionKind.RAISE, QuestionKind.VOTE):
            key = "hint_accepts" if question.kind == QuestionKind.RAISE else "hint_votes_yes"
            return Choice(choices[0], Reason.of(key))
        return Choice(choices[0])

    def value_turns(self, position: Position, dice: Dice, level: Level, budget: Budget,
                    texts: Collection[str] | None = None) -> list[tuple[float, str]]:
        """Legal turns of the side to move with ``dice`` (those in ``texts``,
        default all) each valued as ``level`` values the position it leads to,
        as the mover's expected share of the win (0-1), in the engine's order.
        ``level``'s own search values only its best candidates deeply; this
        values every turn asked for the same way (computer/equity.py, the
        error-rate bench and the analysis use it).  A strategy that cannot
        raises NotImplementedError."""
        raise NotImplementedError(f"{self.game}: no turn values")

    def explain(self, position: Position, dice: Dice, text: str | Turn) -> Reason:
        """Why the turn ``text`` (a legal turn value, or its text with any addition)
        is good, for a hint ("makes a block on 5 and leaves no blot", as keys and
        values).  Default: nothing to say."""
        return NO_REASON


def strategy_for(game: str) -> Strategy:
    """The computer player of ``game``: the ``STRATEGY`` of the module its plugin
    names (games/plugins/); LookupError for a game without one."""
    path = plugin_for(game).strategy
    if path is None:
        raise LookupError(f"the game {game!r} has no computer player")
    strategy = importlib.import_module(path).STRATEGY
    assert isinstance(strategy, Strategy)
    return strategy


def mover(position: Position) -> str:
    """The side a strategy chooses for: the position's side to move (a finished game
    has none: there is no turn to choose)."""
    side = position.side_to_move
    if side is None:
        raise ValueError("the game is over: there is no turn to choose")
    return side
