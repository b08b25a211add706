"""Pure rules engines.  ``get_game(name)`` returns a game's ``Game`` object.

Each game lives in its own sub-package exposing ``GAME`` and registers a plugin
(games/plugins/: its rules, picture, words, computer player and texts); the
registry imports the engine lazily, so a game appears everywhere (service,
console, replay, Discord) simply by being registered.
"""

from __future__ import annotations

import difflib
import importlib

from games.base import (
    Dice,
    Game,
    OptionKind,
    OptionSpec,
    Played,
    Position,
    Question,
    QuestionKind,
    Result,
    SideInfo,
    TurnKind,
)
from games.errors import GameError, IllegalTurnError, NotationError, OptionError, PositionError
from games.messages import Message
from games.plugins import RULES_MODULES, on_unregister

__all__ = [
    "Dice", "Game", "GameError", "IllegalTurnError", "NotationError", "OptionError",
    "OptionKind", "OptionSpec", "Played", "Position", "PositionError", "Question",
    "QuestionKind", "Result", "SideInfo",
    "TurnKind", "available_games", "get_game",
]

#: Every game registered, in the order menus show them: name -> the module exposing
#: its ``GAME`` (read from the plugin registry, games/plugins/; see CONTRIBUTING.md).
GAME_MODULES = RULES_MODULES

_loaded: dict[str, Game] = {}
# a game taken out of the registry (a test's toy) must not linger here
on_unregister(lambda name: _loaded.pop(name, None))


def get_game(name: str) -> Game:
    """The game called ``name`` (case-insensitive); OptionError if unknown."""
    key = name.strip().lower()
    if key in _loaded:
        return _loaded[key]
    if key not in GAME_MODULES:
        # Name the games from the registry, not available_games(): an unknown name must not
        # import every engine (a second of work the first time), and a long name is cut.
        shown = key if len(key) <= 30 else key[:29] + "…"
        # a typo ("chebashe") gets the nearest name, said before the list
        close = difflib.get_close_matches(key, list(GAME_MODULES), n=1, cutoff=0.6)
        if close:
            raise OptionError(Message.of("gerr_unknown_game_close", name=shown, close=close[0],
                                         games=", ".join(GAME_MODULES)))
        raise OptionError(Message.of("gerr_unknown_game", name=shown,
                                     games=", ".join(GAME_MODULES)))
    try:
        module = importlib.import_module(GAME_MODULES[key])
        game: Game = module.GAME
    except (ImportError, AttributeError) as exc:
        raise OptionError(Message.of("gerr_game_unavailable", name=name)) from exc
    _loaded[key] = game
    return game


def available_games() -> list[str]:
    """Names of the games whose engines are installed."""
    names = []
    for key in GAME_MODULES:
        try:
            get_game(key)
        except OptionError:
            continue
        names.append(key)
    return names
