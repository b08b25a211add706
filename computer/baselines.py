"""The two baselines the arena measures the levels against (bench/arena.py):
a uniformly random legal player and a one-ply greedy player using each game's
``simple_value`` (a plain evaluation, e.g. the pip count)."""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable

from computer.base import Budget, Choice, Level, Strategy
from computer.reasons import Reason
from computer.search import Expand, candidates, ranked_turns
from games.base import Dice, Position


class RandomPlayer(Strategy):
    """Any legal turn, uniformly; any answer, uniformly."""

    def __init__(self, game: str) -> None:
        self.game = game  # type: ignore[misc]

    def choose(self, position: Position, dice: Dice, level: Level, budget: Budget,
               rng: random.Random) -> Choice:
        return Choice(rng.choice(position.legal_turns(dice)).text, Reason.of("hint_at_random"))

    def answer(self, position: Position, side: str, level: Level, budget: Budget,
               rng: random.Random) -> Choice:
        return Choice(rng.choice(position.action_choices()), Reason.of("hint_at_random"))


class GreedyPlayer(Strategy):
    """The best turn one ply ahead by the game's ``simple_value``."""

    def __init__(self, game: str) -> None:
        self.game = game  # type: ignore[misc]
        module = importlib.import_module(f"computer.{game}")
        self.simple_value: Callable[[Position, str], float] = module.simple_value
        # the game's quicker successor listing, if it has one (same turns, same order):
        # a module-level ``expand``, else its strategy's
        found: Expand | None = getattr(module, "expand", None)
        strategy: Expand = getattr(module.STRATEGY, "expand", candidates)
        self.expand: Expand = found if found is not None else strategy

    def choose(self, position: Position, dice: Dice, level: Level, budget: Budget,
               rng: random.Random) -> Choice:
        side = position.side_to_move
        assert side is not None
        ranked = ranked_turns(position, dice, self.simple_value, side, expand=self.expand)
        return Choice(ranked[0][1].text, Reason.of("hint_greedy"))


BASELINES: dict[str, type[RandomPlayer] | type[GreedyPlayer]] = {
    "random": RandomPlayer, "greedy": GreedyPlayer}
