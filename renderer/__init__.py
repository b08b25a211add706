"""Board pictures: ``render(position, context)`` returns PNG bytes.

Each game's plugin (games/plugins/) names a module whose ``RENDERER`` is a
:class:`~renderer.base.BoardRenderer`; ``for_game(name)`` finds it through
the registry, so callers never import a game's renderer by name.
"""

from __future__ import annotations

import importlib
from typing import Any

from games import get_game
from games.base import Position
from games.plugins import RENDERER_MODULES
from renderer.base import BoardRenderer
from renderer.context import RenderContext

__all__ = ["BoardRenderer", "NoRenderer", "RenderContext", "draw_first_positions", "for_game",
           "render", "warm_look", "warm_up"]

#: Game name -> the module holding its ``RENDERER`` (read from the plugin registry).
RENDERERS = RENDERER_MODULES


class NoRenderer(ImportError):
    """The game has no board picture (callers fall back to text)."""


def for_game(name: str) -> BoardRenderer[Any]:
    """The renderer of the game called ``name``; NoRenderer if it has none."""
    module_name = RENDERERS.get(name)
    if module_name is None:
        raise NoRenderer(f"no board picture for the game {name!r}")
    renderer = importlib.import_module(module_name).RENDERER
    assert isinstance(renderer, BoardRenderer)
    return renderer


def render(position: Position, context: RenderContext | None = None) -> bytes:
    """Draw ``position`` to PNG bytes."""
    return for_game(position.game).render(position, context)


#: The width of private pictures in the phone layout (bot/service/context.py).
PHONE_WIDTH = 760


def warm_up(games: list[str], width: int = 1100, theme: str = "light",
            widths: tuple[int, ...] = (PHONE_WIDTH,)) -> None:
    """Build the cached palettes and board backgrounds now (a first render
    costs 0.3-0.7 s): the bot calls this at start-up so that no player waits.
    ``theme`` first, then every other theme (a server or a user may choose
    it), at ``width`` and at each of ``widths`` (the phone layout)."""
    for game in games:
        try:
            renderer = for_game(game)
        except NoRenderer:
            continue
        themes = (theme, *(name for name in renderer.themes if name != theme))
        for size in dict.fromkeys((width, *widths)):
            renderer.warm_up(size, themes)


def warm_look(games: list[str], width: int = 1100, theme: str = "light") -> None:
    """Build the cached palettes and backgrounds of one look only: ``theme`` at
    ``width`` (the bot's own; the other themes and the phone layout are drawn when
    first asked for)."""
    for game in games:
        try:
            renderer = for_game(game)
        except NoRenderer:
            continue
        renderer.warm_up(width, (theme,))


def draw_first_positions(games: list[str], width: int = 1100, theme: str = "light") -> None:
    """Draw each game's opening position once at ``width`` in ``theme`` and throw the
    picture away: what a first picture builds beyond the backgrounds (fonts, pieces) is
    then built before a player asks (the worker pool and the forkserver both do this)."""
    for name in games:
        game = get_game(name)
        options = game.normalise_options({})
        try:
            render(game.initial(options, game.first_mover(options)),
                   RenderContext(width=width, theme=theme))
        except NoRenderer:
            pass
