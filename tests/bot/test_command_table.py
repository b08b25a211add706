"""The one table of commands (bot/command_table.py): every row is a Discord command
(unless the console's own), a console command, counted by the metrics, and run by the
cogs with the flags the row names; every button verb has a handler."""

from __future__ import annotations

import inspect
from typing import Any

import pytest

from bot import command_table as table
from bot.actions import Verb
from bot.catalogue.commands import RU
from bot.cogs.commands import build_commands
from bot.cogs.flows import Flows
from bot.console import COMMANDS, Console
from bot.console_options import commands as console_specs
from bot.metrics import COMMANDS as METERED
from bot.metrics import Metrics, instrument_service
from bot.service import GameService


def _no_service() -> object:
    raise AssertionError("the declarations call no service")


def _discord() -> dict[str, Any]:
    return {c.name: c for c in build_commands(Flows(_no_service))}  # type: ignore[arg-type]


def test_every_discord_row_is_registered_and_nothing_else() -> None:
    assert set(_discord()) == set(table.discord_commands())
    for name in table.discord_commands():  # its Russian description (Discord shows it)
        assert table.command(name).description_key in RU, name


def test_every_row_is_reachable_in_the_console() -> None:
    specs = console_specs()
    assert set(COMMANDS) == {c.name for c in table.TABLE} | set(table.ALIASES)
    assert set(specs) == {c.name for c in table.TABLE}
    for row in table.TABLE:
        assert callable(getattr(Console, f"_do_{row.name}", None)), row.name


def test_every_row_is_counted_by_the_metrics(service: GameService) -> None:
    for row in table.TABLE:
        for method in row.methods:
            assert inspect.iscoroutinefunction(getattr(GameService, method)), method
            assert method in METERED
    assert "press" in METERED  # every button and menu
    instrument_service(service, Metrics())
    wrapped = set(vars(service))  # instrumenting wraps each method on the instance
    assert set(METERED) <= wrapped


class _Recorder(Flows):
    """Flows that record how each command asks to be run, and run nothing."""

    def __init__(self) -> None:
        # a service whose methods are never called: ``run`` calls nothing
        super().__init__(lambda: GameService.__new__(GameService))
        self.runs: list[dict[str, Any]] = []

    async def run(self, interaction: object, call: object,  # type: ignore[override]
                  **flags: Any) -> None:
        self.runs.append(flags)


@pytest.mark.parametrize("name", [c.name for c in table.TABLE if c.discord
                                  and c.name not in ("new", "rules", "help")])
async def test_the_cogs_run_each_command_as_its_row_says(name: str) -> None:
    """(``/new``, ``/rules`` and ``/help`` answer before or without ``Flows.run``.)"""
    recorder = _Recorder()
    slash = {c.name: c for c in build_commands(recorder)}[name]
    arguments = {p.name: p.default if not p.required else _sample(p) for p in slash.parameters}
    arguments = {k: (None if v is discord_missing() else v) for k, v in arguments.items()}
    await slash.callback(_Interaction(), **arguments)
    row = table.command(name)
    assert recorder.runs and recorder.runs[-1]["defer"] is row.defer, recorder.runs
    assert recorder.runs[-1]["changes"] is row.changes


def discord_missing() -> object:
    from discord.utils import MISSING
    return MISSING


def _sample(parameter: Any) -> object:
    return 1 if parameter.type.name == "integer" else "x"


class _Interaction:
    channel_id = 1
    guild_id = 1
    guild = None
    filesize_limit = 8_000_000
    client = type("Client", (), {"user": None})()


def test_every_verb_has_a_handler(service: GameService) -> None:
    handlers = service._presses.handlers
    assert set(handlers) == set(Verb)
