"""One plugin per game: everything the layers above the rules need to know about a
game, as data, so that ``bot/`` asks a game's capabilities and never its name.

A ``GamePlugin`` names the game's rules (the module exposing ``GAME``), its board
picture (the module exposing ``RENDERER``), its board in words (a ``module:function``),
its computer player (the module exposing ``STRATEGY``), its lesson goal, what it
scores and its texts (the colours of its sides, the verbs of its events, its own
catalogue entries and its rules in other languages).  The layers above are named by
module path, as strings, so that ``games/`` imports nothing above it and a plugin
costs nothing until its game is played.  By convention a game's parts live at paths
made of its name (``games.NAME``, ``renderer.NAME``,
``renderer.describe:describe_NAME``, ``computer.NAME``): a plugin spells out only
the paths that differ, or None for a part the game lacks.

The registry: the built-in games register themselves (``BUILTIN``, in menu order);
anything else (a test's toy game) calls ``register("package.module")`` with the path
of a module whose ``PLUGIN`` is a ``GamePlugin``.  Registration is by module path so
that worker processes (bot/process_pools.py) can register the same plugins again
(``registered_modules``, passed to each worker as it starts).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, TypeVar

from games.events import Event

_V = TypeVar("_V")

#: The games shipped, in the order menus show them: the module of each one's plugin.
BUILTIN = (
    "games.plugins.hachapury",
    "games.plugins.chebache",
    "games.plugins.cheesegambit",
    "games.plugins.che",
)


#: A part's path left to the convention: ``GamePlugin.__post_init__`` fills it in from
#: the name (the paths of a contributor's new game then need no spelling out).
BY_NAME: Final = "<by name>"

#: The convention, per part: the path of the part of the game ``name``.
CONVENTION: Final[Mapping[str, Callable[[str], str]]] = {
    "rules": lambda name: f"games.{name}",
    "renderer": lambda name: f"renderer.{name}",
    "describe": lambda name: f"renderer.describe:describe_{name}",
    "strategy": lambda name: f"computer.{name}",
}


@dataclass(frozen=True)
class LessonGoal:
    """What a lesson's exercises ask for: a turn whose events include one of
    ``events`` (by the mover's side when ``by_mover``).  The words for it are the
    catalogue's ``lesson_ask_<game>`` and ``lesson_done_<game>``."""

    events: tuple[type[Event], ...]
    by_mover: bool = True

    def reached(self, events: Sequence[Event], side: str) -> bool:
        return any(isinstance(e, self.events) and (not self.by_mover or e.side == side)
                   for e in events)


@dataclass(frozen=True)
class GamePlugin:
    """One game, as the bot, the renderer and the computer players see it."""

    #: The game's name (``/new NAME``), as its ``Game.name``.
    name: str
    #: The module exposing ``GAME`` (a ``games.base.Game``).
    rules: str = BY_NAME
    #: The module exposing ``RENDERER`` (a ``renderer.base.BoardRenderer``); None: text only.
    renderer: str | None = BY_NAME
    #: ``module:function`` giving the board in words, ``(position, who, lang) -> str``
    #: (``who(side)`` names a side); None: only whose turn and the last turn are said.
    describe: str | None = BY_NAME
    #: The module exposing ``STRATEGY`` (a ``computer.base.Strategy``); None: no computer.
    strategy: str | None = BY_NAME
    #: Colour words of the side letters, in English (pictures in words, ``/taunt``).
    colours: Mapping[str, str] = field(default_factory=dict)
    #: What a lesson's exercises ask for (None: the lesson has no exercises).
    lesson_goal: LessonGoal | None = None
    #: A game won scores points (1, a mars 2, a cube's stake): it can be a match to N
    #: points.  A match also needs two sides (``Game.sides``).
    scores_points: bool = False
    #: A turn may end with a taunt at a side it hit (``T@X``), answered accept or drop.
    taunts: bool = False
    #: The switch option that is the game's doubling cube (CheeseGambit's ``taunt``):
    #: switched off in a match's Crawford game.  None: the game has no cube.
    cube_option: str | None = None
    #: The catalogue key of the verb for a ``Hit`` ("bumped", "attacked").
    hit_verb: str = "verb_hit"
    #: A move without a die is a jump ("jumped 2→4"), not a plain move.
    jumps: bool = False
    #: Catalogue entries the game brings along: language -> key -> template (English
    #: complete, the other shipped languages with the same keys and placeholders).
    texts: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    #: The rules (``Game.rules_text``, which is the English) in other languages, by
    #: language: line for line with the English, as a lesson cuts its pages by lines
    #: (a learner who changes language mid-lesson stays on the same page); notation
    #: (`0,0W/`, `T@X`) as players type it, in backquotes; short enough that a whole
    #: ``/rules`` fits one Discord message (tests/bot/test_rules_notation.py).
    rules_in: Mapping[str, str] = field(default_factory=dict)
    #: The notation section (``Game.notation_text``) in other languages: the prose
    #: translated, every example exactly as in English.
    notation_in: Mapping[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for part, path in CONVENTION.items():
            if getattr(self, part) == BY_NAME:
                # frozen: the dataclass's own way of setting a field while it is built
                object.__setattr__(self, part, path(self.name))

    def load(self, path: str, attribute: str) -> Any:
        """``attribute`` of the module ``path`` (imported now, not at registration)."""
        return getattr(importlib.import_module(path), attribute)

    def describer(self) -> Callable[..., str] | None:
        """The function giving the board in words, or None."""
        if self.describe is None:
            return None
        module, _, function = self.describe.partition(":")
        found: Callable[..., str] = self.load(module, function)
        return found


class PluginError(LookupError):
    """No plugin by that name, or a module that is not one."""


_plugins: dict[str, GamePlugin] = {}
_modules: dict[str, str] = {}
_builtin_loaded = False
#: Called with a plugin's name when it leaves the registry (caches keyed by game).
_forgetters: list[Callable[[str], object]] = []


def _ensure_builtin() -> None:
    global _builtin_loaded
    if not _builtin_loaded:
        _builtin_loaded = True
        for module in BUILTIN:
            register(module)


def register(module: str) -> GamePlugin:
    """Register the ``PLUGIN`` of ``module`` (its game is then played everywhere);
    registering the same module again changes nothing."""
    _ensure_builtin()
    plugin = importlib.import_module(module).PLUGIN
    if not isinstance(plugin, GamePlugin):
        raise PluginError(f"{module}.PLUGIN is not a GamePlugin")
    known = _modules.get(plugin.name)
    if known is not None and known != module:
        raise PluginError(f"a game called {plugin.name!r} is registered by {known}")
    _plugins[plugin.name] = plugin
    _modules[plugin.name] = module
    return plugin


def unregister(name: str) -> None:
    """Take a game out of the registry (a test's toy game, afterwards)."""
    _plugins.pop(name, None)
    _modules.pop(name, None)
    for forget in _forgetters:
        forget(name)


def on_unregister(forget: Callable[[str], object]) -> None:
    """Call ``forget(name)`` whenever a game leaves the registry."""
    _forgetters.append(forget)


def plugin_for(name: str) -> GamePlugin:
    """The plugin of the game ``name`` (exact, lower case); PluginError if none."""
    _ensure_builtin()
    try:
        return _plugins[name]
    except KeyError:
        raise PluginError(f"no game called {name!r}") from None


def plugins() -> list[GamePlugin]:
    """Every registered game's plugin, built-in ones first in menu order."""
    _ensure_builtin()
    return list(_plugins.values())


def registered_modules() -> tuple[str, ...]:
    """The modules registered beyond the built-in ones (for worker processes)."""
    _ensure_builtin()
    return tuple(m for m in _modules.values() if m not in BUILTIN)


def register_all(modules: Sequence[str]) -> None:
    """Register each of ``modules`` (a worker process, as it starts)."""
    for module in modules:
        register(module)


def text(lang: str, key: str) -> str | None:
    """A catalogue entry some game brings (``lang``'s, else English), or None."""
    _ensure_builtin()
    for plugin in _plugins.values():
        own = plugin.texts.get(lang, {}).get(key)
        if own is None:
            own = plugin.texts.get("en", {}).get(key)
        if own is not None:
            return own
    return None


class _ByGame(Mapping[str, _V]):
    """Game name -> one thing of its plugin's, read from the registry each time (so a
    game registered later is seen by code that took the mapping earlier)."""

    def __init__(self, part: Callable[[GamePlugin], _V | None]) -> None:
        self._part = part

    def _items(self) -> dict[str, _V]:
        return {p.name: found for p in plugins() if (found := self._part(p)) is not None}

    def __getitem__(self, name: str) -> _V:
        return self._items()[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._items())

    def __len__(self) -> int:
        return len(self._items())

    def __repr__(self) -> str:
        return repr(self._items())


def by_game(part: Callable[[GamePlugin], _V | None]) -> Mapping[str, _V]:
    """A live mapping, game name -> ``part(plugin)``, of the games for which it is
    not None (their module paths, lesson goals, ...)."""
    return _ByGame(part)


#: Game name -> the module exposing its ``GAME``.
RULES_MODULES: Mapping[str, str] = by_game(lambda p: p.rules)
#: Game name -> the module exposing its ``RENDERER``.
RENDERER_MODULES: Mapping[str, str] = by_game(lambda p: p.renderer)
