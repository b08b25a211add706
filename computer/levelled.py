"""A strategy built from a value function, with the three levels made the
same way in every game (a game's module may override any step):

- ``easy``: one ply, choosing at random among the turns within ``EASY_SPREAD``
  of the best (it errs, but never by a gross blunder);
- ``normal``: one ply, the best turn by the value;
- ``hard``: expectimax: the best candidates looked at one reply deeper,
  averaged over the opponent's dice, within the level's time budget;
- ``expert``: the same over more candidates (``EXPERT_TOP``) with a larger
  work budget (a game's module may search deeper).
"""

from __future__ import annotations

import random
from abc import abstractmethod
from collections.abc import Collection

from computer.base import Budget, Choice, Level, Strategy, mover
from computer.search import (
    Candidate,
    candidates,
    expectimax,
    outcome_value,
    pick_with_noise,
    ranked_turns,
    reply_value,
)
from games.base import Dice, Position


class LevelledStrategy(Strategy):
    """A ``Strategy`` from ``value``; subclasses give the value (and may give
    ``explain`` and ``additions``)."""

    #: How far below the best an ``easy`` choice may be (in the value's units).
    EASY_SPREAD = 0.08
    #: How many one-ply candidates ``hard`` looks at one reply deeper.
    HARD_TOP = 6
    #: The same for ``expert`` (it has a larger work budget to spend on them).
    EXPERT_TOP = 12

    @abstractmethod
    def value(self, position: Position, side: str) -> float:
        """How good ``position`` is for ``side``: its expected share of the win,
        0-1 (a finished game is handled before this is asked)."""

    def expand(self, position: Position, dice: Dice) -> list[Candidate]:
        """The legal turns with the positions they lead to (default: each turn's
        text played through the engine; override with something quicker)."""
        return candidates(position, dice)

    def choose(self, position: Position, dice: Dice, level: Level, budget: Budget,
               rng: random.Random) -> Choice:
        side = mover(position)
        if level in (Level.HARD, Level.EXPERT):
            top = self.EXPERT_TOP if level == Level.EXPERT else self.HARD_TOP
            ranked = expectimax(position, dice, self.value, side, budget, top, self.expand)
        else:
            ranked = ranked_turns(position, dice, self.value, side, budget, self.expand)
        if level == Level.EASY:
            chosen = pick_with_noise(ranked, rng, self.EASY_SPREAD)
        else:
            chosen = ranked[0][1]
        text = self.with_additions(position, dice, chosen, side, level)
        return Choice(text, self.explain(position, dice, chosen.text))

    def after_value(self, after: Position, side: str, level: Level, budget: Budget
                    ) -> float | None:
        """``side``'s value of ``after`` (the position ``side``'s turn led to)
        as ``level`` sees it: one ply (the value) for ``easy`` and ``normal``,
        the opponent's best reply averaged over its throws for ``hard`` and
        ``expert``; None if ``budget`` ran out.  Games override it where their
        levels look differently."""
        done = outcome_value(after, side)
        if done is not None:
            return done
        if level in (Level.HARD, Level.EXPERT):
            return reply_value(after, self.value, side, budget, self.expand)
        budget.spend()
        return self.value(after, side)

    def value_turns(self, position: Position, dice: Dice, level: Level, budget: Budget,
                    texts: Collection[str] | None = None) -> list[tuple[float, str]]:
        side = position.side_to_move
        if side is None:
            raise ValueError("the game is over: there is no turn to value")
        wanted = None if texts is None else set(texts)
        out: list[tuple[float, str]] = []
        for candidate in self.expand(position, dice):
            if wanted is not None and candidate.text not in wanted:
                continue
            value = self.after_value(candidate.after, side, level, budget)
            if value is None:
                raise TimeoutError("the budget ran out while valuing turns")
            out.append((value, candidate.text))
        return out

    def with_additions(self, position: Position, dice: Dice, chosen: Candidate, side: str,
                       level: Level) -> str:
        """The chosen turn with what the strategy adds at its end (a taunt).
        Default: nothing."""
        return chosen.text
