"""Every command of the bot, once: what it calls, how it is run, and where it exists.

The Discord cogs (bot/cogs/commands.py) run each slash command with the flags named
here; the console (bot/console.py) knows its commands from here; the metrics
(bot/metrics.py) count and time the service methods named here.  A new command is a
row here, its callback in the cogs (its options and English description: the
catalogue's Russian is keyed by its name, bot/catalogue/commands.py) and, for the
console, a ``_do_<name>`` method; tests/bot/test_command_table.py checks that each
of them is there.

Plain data: importing this builds no Discord command (the console must start
without them).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TypedDict


class RunFlags(TypedDict):
    """How ``Flows.run`` runs a command (bot/cogs/flows.py)."""

    defer: bool
    changes: bool
    direct: bool


@dataclass(frozen=True)
class Command:
    """One command.  ``methods``: the ``GameService`` methods it calls (the metrics'
    ``command`` label); ``changes``: it may change a game, so it waits its turn in the
    channel and its reply is told before the next change there (bot/ordering.py);
    ``defer``: Discord is answered "thinking…" at once (the reply may take more than
    Discord's 3 seconds); ``discord``: a slash command; ``console``: the console has it
    (``console`` only: no Discord command does what it does); ``direct``: it works in a
    direct message with the bot too (the app installed by a user as well as by a
    server: bot/cogs/__init__.py)."""

    name: str
    methods: tuple[str, ...] = ()
    changes: bool = False
    defer: bool = False
    discord: bool = True
    console: bool = True
    direct: bool = False

    @property
    def description_key(self) -> str:
        """The key of its Russian description in bot/catalogue/commands.py."""
        return self.name

    def run_flags(self) -> RunFlags:
        return RunFlags(defer=self.defer, changes=self.changes, direct=self.direct)


def _console_only(name: str, *methods: str) -> Command:
    return Command(name, methods, discord=False)


TABLE: tuple[Command, ...] = (
    # challenges and lobbies
    Command("new", ("new",), changes=True),
    Command("accept", ("accept",), changes=True, defer=True),
    Command("decline", ("decline",), changes=True),
    Command("join", ("join",), changes=True, defer=True),
    Command("start", ("start",), changes=True, defer=True),
    Command("abort", ("abort",), changes=True),
    # playing
    Command("move", ("move",), changes=True, defer=True),
    Command("taunt", ("taunt",), changes=True, defer=True),
    Command("preview", ("preview",), defer=True),
    Command("legal", ("legal",), defer=True),
    Command("hint", ("hint",), defer=True),
    # /resign asks first; its button (and the console's ``/resign confirm``) resigns
    Command("resign", ("confirm_resign", "resign")),
    Command("claim", ("claim",), changes=True),
    Command("grant", ("grant",), changes=True),
    Command("takeback", ("takeback",), changes=True),
    Command("takeback_answer", ("takeback_answer",), changes=True, defer=True),
    # looking
    Command("board", ("board",), defer=True, direct=True),
    Command("record", ("record",), defer=True, direct=True),
    Command("replay", ("replay",), defer=True),
    Command("analysis", ("analysis",), defer=True),
    Command("stats", ("stats",), defer=True),
    Command("review", ("review",), defer=True),
    Command("train", ("train",), defer=True),
    Command("history", ("history",), defer=True),
    Command("games", ("games",)),
    Command("mygames", ("my_games",), direct=True),
    Command("leaderboard", ("leaderboard",), defer=True),
    Command("profile", ("profile",), defer=True),
    # learning and settings
    Command("learn", ("learn",), defer=True, direct=True),
    Command("rules", ("read_rules",), direct=True),
    Command("help", ("read_help",), direct=True),
    Command("notify", ("notify",), direct=True),
    Command("settings", ("settings",), direct=True),
    # tournaments: one slash command, a subcommand each (bot/cogs/commands.py)
    Command("tournament", ("tournament_new", "tournament_join", "tournament_leave",
                           "tournament_start", "tournament_standings", "tournament_withdraw"),
            changes=True, defer=True),
    Command("league", ("league_new", "league_join", "league_leave", "league_season",
                       "league_standings"), changes=True, defer=True),
    # what Discord does with buttons and menus, the console with commands
    _console_only("play", "press"),
    _console_only("pick", "press"),
    _console_only("press", "press"),
    _console_only("rematch", "rematch"),
    _console_only("allow", "takeback_answer"),
    _console_only("refuse", "takeback_answer"),
    _console_only("channel"),  # moves between pretend channels: no service call
)

BY_NAME: Mapping[str, Command] = {c.name: c for c in TABLE}
#: Other names the console takes for a command: ``/challenge`` is ``/new``.
ALIASES: Mapping[str, str] = {"challenge": "new"}
#: The service methods a component press calls (every Discord button and menu).
PRESS = "press"


def command(name: str) -> Command:
    """The row of ``name`` (KeyError: no such command: a bug in the caller)."""
    return BY_NAME[name]


def direct_commands() -> tuple[str, ...]:
    """The slash commands that work in a direct message with the bot."""
    return tuple(c.name for c in TABLE if c.discord and c.direct)


def discord_commands() -> tuple[str, ...]:
    return tuple(c.name for c in TABLE if c.discord)


def console_commands() -> tuple[str, ...]:
    """Every name the console answers to, aliases included."""
    return tuple(c.name for c in TABLE if c.console) + tuple(ALIASES)


def metered_methods() -> tuple[str, ...]:
    """The service methods the metrics count and time: every command's, and the press
    of any button or menu, each once."""
    return tuple(dict.fromkeys([m for c in TABLE for m in c.methods] + [PRESS]))
