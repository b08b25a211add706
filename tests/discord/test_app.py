"""Entry points: exit codes, clean shutdown on SIGTERM, explicit command sync."""

from __future__ import annotations

import asyncio
import json
import logging
import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import discord
import pytest

from bot import discord_app
from bot.config import Config


@pytest.fixture(autouse=True)
def _keep_pytest_logging(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(discord_app, "configure_logging", lambda: None)


def config(tmp_path: Path, token: str | None = "x.y.z") -> Config:
    return Config(token=token, database=str(tmp_path / "data" / "bot.sqlite3"))


async def _rejected(self: Any, token: str) -> None:
    raise discord.LoginFailure("Improper token has been passed.")


def test_missing_token_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert discord_app.run_bot(config(tmp_path, None)) == 2
    assert "DISCORD_TOKEN" in capsys.readouterr().err
    assert discord_app.sync_commands(config(tmp_path, None), None) == 2


def test_rejected_token_exits_3(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(discord_app.BoardBot, "login", _rejected)
    assert discord_app.run_bot(config(tmp_path)) == 3
    assert "rejected" in capsys.readouterr().err
    assert discord_app.sync_commands(config(tmp_path), 123) == 3


def test_other_refusals_exit_1_saying_what_failed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    async def start(self: Any, token: str) -> None:
        raise discord.PrivilegedIntentsRequired(None)

    async def login(self: Any, token: str) -> None:
        return None

    async def sync(self: Any, *, guild: Any = None) -> list[Any]:
        raise discord.HTTPException(type("Response", (), {"status": 500, "reason": "boom"})(),
                                    "server error")

    monkeypatch.setattr(discord_app.BoardBot, "start", start)
    monkeypatch.setattr(discord_app.BoardBot, "login", login)
    monkeypatch.setattr(discord.app_commands.CommandTree, "sync", sync)
    assert discord_app.run_bot(config(tmp_path)) == 1
    assert "Discord refused the gateway intents: " in capsys.readouterr().err
    assert discord_app.sync_commands(config(tmp_path), 99) == 1
    said = capsys.readouterr().err
    assert "Publishing the commands failed: 500 boom" in said and "rejected" not in said


def test_sigterm_closes_client_and_store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                         ) -> None:
    built: list[discord_app.BoardBot] = []
    original = discord_app.build_bot

    def capture(*args: Any, **kwargs: Any) -> discord_app.BoardBot:
        built.append(original(*args, **kwargs))
        return built[-1]

    async def start(self: discord_app.BoardBot, token: str) -> None:
        await self.setup_hook()  # opens the store, as login would
        asyncio.get_running_loop().call_later(0.05, os.kill, os.getpid(), signal.SIGTERM)
        await asyncio.Event().wait()

    monkeypatch.setattr(discord_app, "build_bot", capture)
    monkeypatch.setattr(discord_app.BoardBot, "start", start)
    assert discord_app.run_bot(config(tmp_path)) == 0
    (bot,) = built
    assert bot.is_closed() and bot.store is None
    assert (tmp_path / "data" / "bot.sqlite3").exists()


def test_sync_publishes_to_a_guild(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    seen: dict[str, Any] = {}

    async def login(self: Any, token: str) -> None:
        seen["token"] = token

    async def sync(self: Any, *, guild: Any = None) -> list[Any]:
        seen["guild"] = guild
        seen["names"] = [c.name for c in self.get_commands(guild=guild)]
        return [type("Synced", (), {"name": n})() for n in seen["names"]]

    monkeypatch.setattr(discord_app.BoardBot, "login", login)
    monkeypatch.setattr(discord.app_commands.CommandTree, "sync", sync)
    assert discord_app.sync_commands(config(tmp_path), 99) == 0
    assert seen["token"] == "x.y.z" and seen["guild"].id == 99
    assert {"new", "move", "board", "accept", "rules"} <= set(seen["names"])
    assert "/move" in capsys.readouterr().out


def test_bot_uses_default_intents_only(tmp_path: Path) -> None:
    bot = discord_app.build_bot(config(tmp_path))
    assert not bot.intents.message_content and not bot.intents.members
    assert bot.intents == discord.Intents.default()


def test_json_log_lines() -> None:
    record = logging.LogRecord("boardbot.discord", logging.INFO, __file__, 1,
                               "event=replied channel=5", None, None)
    line = json.loads(discord_app.JsonLines().format(record))
    assert line["message"] == "event=replied channel=5" and line["level"] == "INFO"


def test_command_line_without_token(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    done = subprocess.run([sys.executable, "-m", "bot", "run", "--config",
                           str(tmp_path / "none.toml")], capture_output=True, text=True,
                          env=env, cwd=Path(__file__).resolve().parents[2], timeout=60)
    assert done.returncode == 2 and "token" in done.stderr.lower()
