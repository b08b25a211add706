"""The console's commands and their options, read the way Discord reads them.

Each command's options come from one place: the slash commands the Discord cogs
declare (``bot/cogs/commands.py``: names, kinds, ranges, choices), so an option added
there is an option of the console too, checked the same way.  Only what Discord has no
command for (``/play``, ``/pick``, ``/press``, ``/rematch``, ``/allow``, ``/refuse``,
``/channel``) and the console's conveniences (defaults, aliases, the rest of the line
as move text) are declared here.

A line's words are options written ``name:value`` (as ``/help`` and the README write
them) or ``name=value``, or bare values, which fill the options in order: each goes
to the first option still empty that can take it (``@bob`` a member, ``#name`` a
channel, ``5`` a number, ``ru`` an option with that choice), so ``/board 1 5`` is
``/board game:1 turn:5`` and ``/history @bob che`` is ``/history member:@bob game:che``.
An option the command does not have, a word no option takes and a value out of range
are refused (``OptionError``) with what is legal instead.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import TYPE_CHECKING

from bot import command_table as table

if TYPE_CHECKING:
    from discord.app_commands import Group, Parameter


class Kind(StrEnum):
    """What an option holds (the names are Discord's option types)."""

    STRING = "string"
    INTEGER = "integer"
    BOOLEAN = "boolean"
    USER = "user"
    CHANNEL = "channel"


@dataclass(frozen=True)
class Option:
    """One option of a command.  ``low``/``high``: an integer's range, a string's
    length; ``choices``: (value sent, name shown) pairs; ``rest``: takes the rest of the
    line (move text, which has spaces); ``default``: the console's value when left out
    (Discord requires it; the console has a sensible one)."""

    name: str
    kind: Kind = Kind.STRING
    required: bool = False
    low: int | None = None
    high: int | None = None
    choices: tuple[tuple[str, str], ...] = ()
    rest: bool = False
    default: str | None = None
    #: other words for a choice's value (``/takeback_answer yes`` is ``allow``)
    aliases: Mapping[str, str] = field(default_factory=dict)

    def placeholder(self) -> str:
        """How usage lines write the value: ``N``, ``@NAME``, ``en|ru|auto``."""
        if self.choices:
            return "|".join(value for value, _ in self.choices[:6]) \
                + ("|..." if len(self.choices) > 6 else "")
        return {Kind.INTEGER: "N", Kind.BOOLEAN: "true|false", Kind.USER: "@NAME",
                Kind.CHANNEL: "#NAME"}.get(self.kind, "TEXT")


@dataclass(frozen=True)
class Spec:
    """A console command: its options in order.  ``game_options``: other ``name=value``
    words are the game's options (``/new``, where the game checks them)."""

    name: str
    options: tuple[Option, ...] = ()
    game_options: bool = False

    def option(self, name: str) -> Option | None:
        return next((o for o in self.options if o.name == name), None)

    def usage(self) -> str:
        """``/board [game:N] [turn:N] [channel:#NAME]``: the line ``/help`` would show."""
        words = [f"/{self.name}"]
        for o in self.options:
            word = f"{o.name}:{o.placeholder()}"
            words.append(word if o.required and o.default is None else f"[{word}]")
        if self.game_options:
            words.append("[option=value ...]")
        return " ".join(words)


class OptionError(Exception):
    """A line the command cannot read: ``key`` in bot/catalogue/console.py, with its
    values (the console says it in the reader's language)."""

    def __init__(self, key: str, **values: object) -> None:
        super().__init__(key)
        self.key = key
        self.values = values


@dataclass
class Read:
    """A line read for a command: each option given (or defaulted), as its kind's value
    (``int``, ``bool``, ``str``; a member or channel without its ``@``/``#``), and
    ``game_options`` (``/new``'s other ``name=value`` words, names lower-cased)."""

    values: dict[str, object] = field(default_factory=dict)
    game_options: dict[str, str] = field(default_factory=dict)
    #: the options a command used (``Console`` reports one it left unused: a bug)
    used: set[str] = field(default_factory=set)

    def get(self, name: str, default: object = None) -> object:
        self.used.add(name)
        return self.values.get(name, default)

    def text(self, name: str, default: str = "") -> str:
        value = self.get(name)
        return default if value is None else str(value)

    def number(self, name: str) -> int | None:
        value = self.get(name)
        return value if isinstance(value, int) and not isinstance(value, bool) else None

    def unused(self) -> list[str]:
        return [name for name in self.values if name not in self.used]


#: A word that names an option: ``name:value`` or ``name=value`` (a name is a word of
#: letters, digits and ``_`` starting with a letter; no move notation looks like it:
#: record lines start with a number, ``1W: ...``).
_NAMED = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)[:=](.*)", re.S)
#: A word, a quoted stretch kept whole (``options:"kings=false pieces=10"``), or a lone
#: quote (kept, so that nothing typed is dropped).
_WORD = re.compile(r"""(?:[^\s"']+|"[^"]*"|'[^']*'|["'])+""")
_NAME = re.compile(r"[A-Za-z0-9_.-]{1,64}")
_TRUE = ("true", "yes", "on", "1")
_FALSE = ("false", "no", "off", "0")


def read(spec: Spec, line: str) -> Read:
    """Read the words after ``/command`` for ``spec`` (``OptionError``: what is wrong)."""
    found = Read()
    words = [(m.group(0), m.start()) for m in _WORD.finditer(line)]
    going_on: Option | None = None  # ``text:24/18 24/19``: the words after it go on it
    index = 0
    while index < len(words):
        word, start = words[index]
        index += 1
        named = _NAMED.fullmatch(word)
        if named is None and going_on is not None:
            found.values[going_on.name] = f"{found.values[going_on.name]} {word}"
            continue
        going_on = None
        if named is not None:
            name, value = named.group(1).lower(), _unquote(named.group(2))
            option = spec.option(name)
            if option is None and spec.game_options:
                found.game_options[name] = value  # /new: the game checks its own options
                continue
            if option is None:
                raise _unknown(spec, named.group(1))
            if option.name in found.values:
                raise OptionError("console_twice", name=option.name)
            found.values[option.name] = value if option.rest else _convert(option, value)
            going_on = option if option.rest else None
            continue
        target = _place(spec, found, word)
        if target is None:
            raise _stray(spec, found, word)
        if target.rest:
            # the rest of the line as typed (its spaces kept), up to a ``name:value``
            end = index
            while end < len(words) and _NAMED.fullmatch(words[end][0]) is None:
                end += 1
            stop = words[end][1] if end < len(words) else len(line)
            found.values[target.name] = line[start:stop].strip()
            index = end
            continue
        found.values[target.name] = _convert(target, word)
    for option in spec.options:
        given = found.values.get(option.name)
        if option.rest and isinstance(given, str):
            found.values[option.name] = _convert(option, given)  # its length, once whole
        elif given is None and option.default is not None:
            found.values[option.name] = _convert(option, option.default)
        elif given is None and option.required:
            raise OptionError("console_missing", command=spec.name, name=option.name,
                              usage=_usage(spec))
    return found


def _unknown(spec: Spec, name: str) -> OptionError:
    if not spec.options:
        return OptionError("console_no_options", command=spec.name)
    return OptionError("console_unknown_option", command=spec.name, name=name[:30],
                       usage=_usage(spec))


def _stray(spec: Spec, found: Read, word: str) -> OptionError:
    """A bare word no option takes."""
    if spec.game_options:
        game = found.values.get("game", "GAME")
        return OptionError("console_stray_new", word=word[:40], game=str(game)[:20])
    if not spec.options:
        return OptionError("console_no_options", command=spec.name)
    return OptionError("console_stray_word", word=word[:40], command=spec.name,
                       usage=_usage(spec))


def _usage(spec: Spec) -> str:
    return f"`{spec.usage()}`"


def _unquote(value: str) -> str:
    if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
        return value[1:-1]
    return value


def _place(spec: Spec, found: Read, word: str) -> Option | None:
    """The option a bare ``word`` fills: the first empty one that takes it as it is
    written (``@`` a member, ``#`` a channel, digits a number, one of its choices, any
    word for the command's first option); else, for a word no option takes, the first
    option if it has choices (so the refusal lists them: ``/new hachapuri``) or a member
    named without its ``@`` (``/profile bob``; not in ``/new``, where players take it)."""
    empty = [o for o in spec.options if o.name not in found.values]
    for option in empty:
        if _takes(option, word, first=option is spec.options[0]):
            return option
    if spec.options and spec.options[0] in empty and spec.options[0].choices:
        return spec.options[0]
    if _NAME.fullmatch(word) and not spec.game_options:
        return next((o for o in empty if o.kind is Kind.USER), None)
    return None


def _takes(option: Option, word: str, first: bool) -> bool:
    lowered = word.lower()
    if option.kind is Kind.USER:
        return word.startswith("@")
    if option.kind is Kind.CHANNEL:
        return word.startswith("#")
    if option.kind is Kind.INTEGER:
        return lowered.lstrip("-").isdigit()
    if option.kind is Kind.BOOLEAN:
        return lowered in _TRUE + _FALSE
    if option.choices:
        return _choice(option, lowered) is not None
    # free text takes a bare word only as the command's first option or the rest of
    # the line (``/grant 2d``, ``/move ...``): ``/notify 3d`` is not a ``nudge``
    return first or option.rest


def _choice(option: Option, lowered: str) -> str | None:
    """The value a typed choice stands for: its value or its shown name, any case."""
    lowered = option.aliases.get(lowered, lowered)
    return next((value for value, name in option.choices
                 if lowered in (value.lower(), name.lower())), None)


def _convert(option: Option, value: str) -> object:
    """``value`` as the option's kind, checked against its range and choices."""
    name = option.name
    if option.kind is Kind.INTEGER:
        digits = value.strip()
        if not digits.lstrip("-").isdigit() or len(digits) > 20:
            raise OptionError("console_not_whole", name=name, value=value[:30],
                              example=option.low if option.low is not None else 1)
        number = int(digits)
        if (option.low is not None and number < option.low) \
                or (option.high is not None and number > option.high):
            if option.high is None:
                raise OptionError("console_too_small", name=name, low=option.low,
                                  value=number)
            raise OptionError("console_out_of_range", name=name, low=option.low,
                              high=option.high, value=number)
        return number
    if option.kind is Kind.BOOLEAN:
        if value.lower() in _TRUE:
            return True
        if value.lower() in _FALSE:
            return False
        raise OptionError("console_not_switch", name=name, value=value[:30])
    if option.kind in (Kind.USER, Kind.CHANNEL):
        bare = value.removeprefix("@" if option.kind is Kind.USER else "#")
        if not _NAME.fullmatch(bare):
            raise OptionError("console_not_name", name=name, value=value[:40])
        return bare
    if option.choices:
        chosen = _choice(option, value.lower())
        if chosen is None:
            listed = ", ".join(f"`{v}`" for v, _ in option.choices)
            raise OptionError("console_not_choice", name=name, choices=listed,
                              value=value[:30])
        return chosen
    if option.high is not None and len(value) > option.high:
        raise OptionError("console_too_long", name=name, high=option.high,
                          length=len(value))
    if option.low is not None and len(value) < option.low:
        raise OptionError("console_no_value", name=name)
    return value


# -- the commands ---------------------------------------------------------------------

#: What the console adds to the Discord commands' options: (command, option) -> changes.
#: Move text is the rest of the line; where Discord makes you choose, the console has a
#: default (``/rules`` alone: the first game's rules; ``/grant`` alone: a day).
_CONSOLE_WAYS: Mapping[tuple[str, str], Mapping[str, object]] = {
    ("move", "text"): {"rest": True},
    ("preview", "text"): {"rest": True},
    ("legal", "starting"): {"rest": True},
    ("grant", "amount"): {"default": "1d"},
    ("takeback_answer", "answer"): {"aliases": {"yes": "allow", "y": "allow",
                                                "accept": "allow", "no": "refuse",
                                                "n": "refuse"}},
}
#: Commands whose ``game`` the console defaults to the first game (bot/console.py).
GAME_DEFAULTED = ("rules", "learn")  # /leaderboard alone: every game's

#: The console's own commands (no Discord command does what they do).
CONSOLE_ONLY = (
    Spec("play"),
    Spec("pick", (Option("choice", required=True, high=20),)),
    Spec("press", (Option("label", required=True, rest=True, high=100),)),
    Spec("rematch"),
    Spec("allow"),
    Spec("refuse"),
    Spec("channel", (Option("name", high=64),)),
)
#: Another name for a command: ``/challenge`` is ``/new`` (bot/command_table.py).
ALIASES = table.ALIASES
#: ``/resign confirm`` resigns without asking (the Resign button's console command).
_RESIGN = Option("confirm", choices=(("confirm", "confirm"),), aliases={"yes": "confirm"})


def _from_discord(command: str, parameter: Parameter, first_game: str) -> Option:
    """A Discord command's parameter as a console option, with the console's ways."""
    option = Option(parameter.name, Kind(parameter.type.name), parameter.required,
                    _whole(parameter.min_value), _whole(parameter.max_value),
                    tuple((str(c.value), str(c.name)) for c in parameter.choices))
    ways = _CONSOLE_WAYS.get((command, parameter.name), {})
    if command in GAME_DEFAULTED and parameter.name == "game":
        ways = {**ways, "default": first_game}
    return replace(option, **ways)  # type: ignore[arg-type]  # the ways name Option's fields


def _group_spec(group: Group, first_game: str) -> Spec:
    """A command with subcommands (``/tournament new``): the subcommand is the first
    word (``action``), then every subcommand's options (each named once)."""
    from discord.app_commands import Command as DiscordCommand

    subcommands = [c for c in group.commands if isinstance(c, DiscordCommand)]
    action = Option("action", Kind.STRING, True,
                    choices=tuple((c.name, c.name) for c in subcommands))
    options: dict[str, Option] = {}
    for sub in subcommands:
        for parameter in sub.parameters:
            option = _from_discord(f"{group.name} {sub.name}", parameter, first_game)
            options.setdefault(option.name, replace(option, required=False))
    return Spec(group.name, (action, *options.values()))


def _whole(value: object) -> int | None:
    return int(value) if isinstance(value, int | float) else None


def commands() -> dict[str, Spec]:
    """Every console command by name: the Discord commands' options (read from the
    commands the cogs build, so both always agree) and the console's own.  Read again
    when the registered games change (a plugin registered at run time is a choice of
    ``game`` from then on)."""
    from games import available_games

    return _commands(tuple(available_games()))


@functools.lru_cache(maxsize=8)  # one entry a set of registered games
def _commands(games: tuple[str, ...]) -> dict[str, Spec]:
    from bot.cogs.commands import build_commands  # the cogs' own declarations
    from bot.cogs.flows import Flows

    first = games[0] if games else "GAME"

    def no_service() -> object:  # the console only reads the declarations
        raise RuntimeError("the console's command list calls no service")

    specs: dict[str, Spec] = {}
    from discord.app_commands import Group

    for command in build_commands(Flows(no_service)):  # type: ignore[arg-type]  # never called
        if isinstance(command, Group):
            specs[command.name] = _group_spec(command, first)
            continue
        options = tuple(_from_discord(command.name, p, first) for p in command.parameters)
        if command.name == "resign":
            options = (*options, _RESIGN)
        specs[command.name] = Spec(command.name, options, game_options=command.name == "new")
    for spec in CONSOLE_ONLY:
        specs[spec.name] = spec
    return specs
