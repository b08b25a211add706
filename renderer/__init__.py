"""Board pictures: ``render(position, context)`` returns PNG bytes.

Each game has a module ``renderer.<game>`` with ``render(position, context)``;
this dispatcher finds it by the position's ``game`` name, so new games appear
without touching callers.
"""

from __future__ import annotations

import importlib

from games.base import Position
from renderer.context import RenderContext

__all__ = ["RenderContext", "render", "warm_up"]


def render(position: Position, context: RenderContext | None = None) -> bytes:
    """Draw ``position`` to PNG bytes."""
    module = importlib.import_module(f"renderer.{position.game}")
    return module.render(position, context or RenderContext())


def warm_up(games: list[str], width: int = 1100, theme: str = "light") -> None:
    """Build the cached board backgrounds now (a first render costs 0.3-0.7 s):
    the bot calls this at start-up so that no player waits for it."""
    for game in games:
        try:
            module = importlib.import_module(f"renderer.{game}")
        except ImportError:
            continue
        warm = getattr(module, "warm_up", None)
        if warm is not None:
            warm(width, (theme,))
