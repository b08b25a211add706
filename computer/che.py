"""The computer player of che (placeholder: values every unfinished position
alike, so it plays the engine's first turn; replaced by the real strategy)."""

from __future__ import annotations

from computer.levelled import LevelledStrategy
from games.base import Position


def simple_value(position: Position, side: str) -> float:
    """The greedy baseline's plain evaluation (placeholder)."""
    return 0.5


class CheStrategy(LevelledStrategy):
    game = "che"

    def value(self, position: Position, side: str) -> float:
        return simple_value(position, side)


STRATEGY = CheStrategy()
