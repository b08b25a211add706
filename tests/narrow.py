"""Narrowing a game-agnostic value to the type a test's game guarantees.

``Game.initial``/``Position.play`` are typed for any game (``Position``); a test of
one game knows which position type it gets back and says so here, checked at run
time (an ``isinstance`` assertion, not a cast)."""

from __future__ import annotations

from typing import TypeVar

from games.base import Played, Position

P = TypeVar("P", bound=Position)


def narrow(position: Position, kind: type[P]) -> P:
    """``position``, asserted to be a ``kind``."""
    assert isinstance(position, kind), f"{type(position).__name__} is not a {kind.__name__}"
    return position


def after(played: Played, kind: type[P]) -> P:
    """The position after ``played``, asserted to be a ``kind``."""
    return narrow(played.position, kind)
