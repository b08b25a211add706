"""Toy Race's computer player: bop when it can, else move the piece furthest behind
(a hard player), or any piece (an easy one)."""

from __future__ import annotations

import random

from computer.base import Budget, Choice, Level, Strategy
from computer.reasons import Reason
from games.base import Dice, Position


class RaceStrategy(Strategy):
    game = "toyrace"

    def choose(self, position: Position, dice: Dice, level: Level, budget: Budget,
               rng: random.Random) -> Choice:
        turns = position.legal_turns(dice)
        if level == Level.EASY:
            return Choice(rng.choice(turns).text)
        for turn in turns:  # the turn's step says whether it sends a piece back
            if any(step.bumps for step in turn.steps):
                return Choice(turn.text, Reason.of("toyrace_hint_bops"))
        return Choice(turns[0].text, Reason.of("toyrace_hint_behind"))


STRATEGY = RaceStrategy()
