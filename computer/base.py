"""What every computer player shares: levels, the time budget, the choice,
the strategy protocol and the registry of strategies by game."""

from __future__ import annotations

import importlib
import random
import time
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar

from computer.reasons import NO_REASON, Reason
from games.base import Dice, Position, QuestionKind
from games.turns import Turn


class Level(StrEnum):
    """How strong the computer plays (the ``level`` option of ``/new``)."""

    EASY = "easy"
    NORMAL = "normal"
    HARD = "hard"

    @property
    def budget(self) -> float:
        """Seconds of thinking a decision may take at this level.  The issue's
        targets: ``hard`` at most 2 s at p99 on a 2-core machine, ``easy`` well
        under 0.2 s; the budget is below them so that the slowest step of a
        search (one more candidate) still ends in time."""
        return _BUDGETS[self]

    @classmethod
    def parse(cls, text: str) -> Level:
        """A level from a player's word (any case); ValueError naming the levels."""
        word = text.strip().lower()
        for level in cls:
            if level.value == word:
                return level
        raise ValueError(f"unknown level {text!r}; levels: easy, normal, hard")


_BUDGETS = {Level.EASY: 0.1, Level.NORMAL: 0.5, Level.HARD: 1.5}


class Budget:
    """A deadline for one decision; searches ask ``expired()`` between steps.

    ``clock`` is injectable so tests can run out of time on purpose."""

    def __init__(self, seconds: float, clock: Callable[[], float] | None = None) -> None:
        self._clock = clock or time.perf_counter
        self.seconds = seconds
        self.deadline = self._clock() + seconds

    def expired(self) -> bool:
        return self._clock() >= self.deadline

    def left(self) -> float:
        return max(0.0, self.deadline - self._clock())


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

    @abstractmethod
    def choose(self, position: Position, dice: Dice, level: Level, budget: Budget,
               rng: random.Random) -> Choice:
        """The turn the side to move plays with ``dice`` (ask ``budget`` often;
        return the best found so far once it has expired)."""

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

    def explain(self, position: Position, dice: Dice, text: str | Turn) -> Reason:
        """Why the turn ``text`` (a legal turn value, or its text with any addition)
        is good, for a hint ("makes a block on 5 and leaves no blot", as keys and
        values).  Default: nothing to say."""
        return NO_REASON


def strategy_for(game: str) -> Strategy:
    """The computer player of ``game`` (``computer.<game>.STRATEGY``)."""
    module = importlib.import_module(f"computer.{game}")
    strategy = module.STRATEGY
    assert isinstance(strategy, Strategy)
    return strategy
