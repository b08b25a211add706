"""The one table of commands (bot/command_table.py): every row is a Discord command
(unless the console's own), a console command, counted by the metrics, and run by the
cogs with the flags the row names; every button verb has a handler."""

from __future__ import annotations

import inspect
import io
import re
from pathlib import Path
from typing import Any

import pytest

from bot import command_table as table
from bot.actions import Verb
from bot.catalogue.commands import RU
from bot.cogs.commands import build_commands
from bot.cogs.flows import Flows
from bot.console import COMMANDS, Console, run_console
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

    async def run(self, interaction: object, call: object,
                  **flags: Any) -> None:
        self.runs.append(flags)


@pytest.mark.parametrize("name", [c.name for c in table.TABLE if c.discord
                                  and c.name not in ("new", "rules", "help", "tournament",
                                                     "league", "stats")])
async def test_the_cogs_run_each_command_as_its_row_says(name: str) -> None:
    """(``/new``, ``/rules`` and ``/help`` answer before or without ``Flows.run``.)"""
    recorder = _Recorder()
    slash = {c.name: c for c in build_commands(recorder)}[name]
    from discord import app_commands

    assert isinstance(slash, app_commands.Command)  # (the groups: the test below)
    arguments = {p.name: p.default if not p.required else _sample(p) for p in slash.parameters}
    arguments = {k: (None if v is discord_missing() else v) for k, v in arguments.items()}
    # a stand-in interaction, straight into the callback of a command bound to no group
    # (discord.py types a command's callback as taking its group first)
    await slash.callback(_Interaction(), **arguments)  # type: ignore[arg-type, call-arg]
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


# -- the console presses buttons by their ids ---------------------------------------------

SAMPLES = {
    Verb.ACCEPT: "accept:1:c", Verb.DECLINE: "decline:1:c", Verb.JOIN: "join:1:c",
    Verb.START: "start:1:c", Verb.ANSWER: "drop:1:t3-R-B", Verb.TAKEBACK_YES: "takeback_yes:1:u4",
    Verb.TAKEBACK_NO: "takeback_no:1:u4", Verb.REMATCH: "rematch:1:f", Verb.RESIGN: "resign:1:r",
    Verb.RESIGN_MATCH: "resign_match:1:r", Verb.TAUNT: "taunt:1:k3-4-R-B",
    Verb.PLAY: "play:1:p3-", Verb.PICK: "pick:1:p3-0", Verb.PICKOK: "pickok:1:p3-0_1",
    Verb.PICKNO: "pickno:1:p3-0", Verb.LEARN: "learn:0:lche-1",
    Verb.LEARNX: "learnx:0:lche-1-0", Verb.LEARNNEW: "learnnew:0:lche-3",
    Verb.HISTORY: "history:0:h2-x-x", Verb.REVIEW: "review:1:r3",
    Verb.DRILL: "drill:1:q3-2", Verb.DRILLOK: "drillok:1:q3-2_0", Verb.SHOW: "show:1:b",
    Verb.MYGAMES: "mygames:0:g2", Verb.TJOIN: "tjoin:0:e3", Verb.TLEAVE: "tleave:0:e3",
}


def test_every_verb_is_a_console_command() -> None:
    from bot.actions import decode
    from bot.console import console_command

    assert set(SAMPLES) == set(Verb)
    for verb, action in SAMPLES.items():
        assert decode(action).verb is verb
        command = console_command(action)
        assert command.startswith("/") and command[1:].split()[0] in COMMANDS, action


async def test_press_takes_a_label_or_a_verb_and_presses_the_id(tmp_path: Path) -> None:
    out = io.StringIO()
    script = ("alice: /learn hachapury\nalice: /press learn\nalice: /press learn\n"
              "alice: /press Back\nalice: /press pickok\n")
    assert await run_console(str(tmp_path / "db.sqlite3"), str(tmp_path / "img"), 7, [],
                             io.StringIO(script), out) == 0
    text = out.getvalue()
    steps = re.findall(r"\(step (\d+) of \d+\)", text)
    # Next (the only ``learn`` button of step 1); on step 2 Back and Next are both
    # ``learn``, so the verb alone is refused; Back by its label; then a verb no button
    # shown has is refused too
    assert steps == ["1", "2", "1"], text
    assert text.count("No button `learn`") == 1 and "No button `pickok`" in text, text


@pytest.mark.parametrize("name, sub", [
    *(("tournament", s) for s in ("new", "join", "leave", "start", "standings", "withdraw")),
    *(("league", s) for s in ("new", "join", "leave", "season", "standings")),
    ("stats", "dice")])
async def test_the_subcommands_run_as_their_row_says(name: str, sub: str) -> None:
    from discord import app_commands

    recorder = _Recorder()
    group = {c.name: c for c in build_commands(recorder)}[name]
    assert isinstance(group, app_commands.Group)
    slash = group.get_command(sub)
    assert isinstance(slash, app_commands.Command)
    arguments = {p.name: p.default if not p.required else _sample(p) for p in slash.parameters}
    arguments = {k: (None if v is discord_missing() else v) for k, v in arguments.items()}
    await slash.callback(_Interaction(), **arguments)  # type: ignore[arg-type, call-arg]
    row = table.command(name)
    assert recorder.runs and recorder.runs[-1]["defer"] is row.defer
    assert recorder.runs[-1]["changes"] is row.changes
