"""The computer player of hachapury (placeholder: values every unfinished position
alike, so it plays the engine's first turn; replaced by the real strategy)."""

from __future__ import annotations

from computer.levelled import LevelledStrategy
from games.base import Position


def simple_value(position: Position, side: str) -> float:
    """The greedy baseline's plain evaluation (placeholder)."""
    return 0.5


class HachapuryStrategy(LevelledStrategy):
    game = "hachapury"

    def value(self, position: Position, side: str) -> float:
        return simple_value(position, side)


STRATEGY = HachapuryStrategy()
