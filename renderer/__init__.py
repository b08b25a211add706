"""Board pictures: ``render(position, context)`` returns PNG bytes.

Each game has a module ``renderer.<game>`` with ``render(position, context)``;
this dispatcher finds it by the position's ``game`` name, so new games appear
without touching callers.
"""

from __future__ import annotations

import importlib

from games.base import Position
from renderer.context import RenderContext

__all__ = ["RenderContext", "render"]


def render(position: Position, context: RenderContext | None = None) -> bytes:
    """Draw ``position`` to PNG bytes."""
    module = importlib.import_module(f"renderer.{position.game}")
    return module.render(position, context or RenderContext())
