"""A toy game defined only under tests/ (a one-die race): registered by the tests that
play it, it proves that a game is its plugin and nothing more: no line under bot/
knows it, yet the service, the console and the Discord double play it whole, with a
board picture, narration and a computer opponent."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from games.plugins import register, unregister

NAME = "toyrace"
MODULE = "tests.toygame.plugin"


@contextmanager
def registered() -> Iterator[None]:
    """The toy game registered for the block, and gone afterwards."""
    register(MODULE)
    try:
        yield
    finally:
        unregister(NAME)
