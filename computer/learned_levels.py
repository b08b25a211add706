"""Which levels of a strategy value positions with the game's learned network
(computer/td.py) instead of its hand-tuned evaluation.

A game's strategy lists such levels only once arena matches show them
stronger so (docs/computer-strength.md); the arena's ``LEVEL+learned``
contestant builds a strategy with one level switched over to measure it.
numpy and the weights are loaded only when a listed level first plays.
"""

from __future__ import annotations

import importlib
from collections.abc import Collection
from typing import TYPE_CHECKING, ClassVar

from computer.base import Level

if TYPE_CHECKING:
    from computer.td import Network


class LearnedLevels:
    """A mixin for a strategy: ``learned`` levels use ``net`` (None: the
    shipped weights of ``LEARNED_MODULE``, loaded when first needed)."""

    #: The module whose ``shipped()`` gives the game's weights.
    LEARNED_MODULE: ClassVar[str]
    #: The levels that use the network by default.
    DEFAULT_LEARNED: ClassVar[frozenset[Level]] = frozenset()

    def __init__(self, learned: Collection[Level] | None = None,
                 net: Network | None = None) -> None:
        self.learned = self.DEFAULT_LEARNED if learned is None else frozenset(learned)
        self._net = net

    def net_for(self, level: Level) -> Network | None:
        """The network ``level`` values with (None: the hand-tuned value)."""
        if level not in self.learned:
            return None
        if self._net is None:
            self._net = importlib.import_module(self.LEARNED_MODULE).shipped()
        return self._net

    def with_learned(self, levels: Collection[Level]) -> LearnedLevels:
        """The same strategy (and network) with ``levels`` playing with the
        network too."""
        return type(self)(learned=self.learned | frozenset(levels), net=self._net)
