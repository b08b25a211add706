"""The slash commands in Russian: every description and choice name has a translation,
the payload published by ``python -m bot sync`` carries them, English stays as it was."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import discord
import pytest

from bot import discord_app
from bot.catalogue import commands as table
from bot.cogs.translation import CommandTranslator, choice_key
from bot.config import Config
from games import available_games, get_game

#: Discord's limits on a description and on a choice's name.
MOST = 100
CYRILLIC = re.compile("[а-яё]", re.IGNORECASE)


def config(tmp_path: Path) -> Config:
    return Config(token="x.y.z", database=str(tmp_path / "data" / "bot.sqlite3"))


@pytest.fixture(autouse=True)
def _keep_pytest_logging(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(discord_app, "configure_logging", lambda: None)


async def payloads(tmp_path: Path) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """(translated, plain): what sync sends for each command of the bot's own tree, with
    the translator and without."""
    bot = discord_app.build_bot(config(tmp_path))
    tree = bot.tree
    translator = CommandTranslator()
    commands = tree.get_commands()
    assert commands
    translated = [await c.get_translated_payload(tree, translator)
                  for c in commands]
    plain = [c.to_dict(tree) for c in commands]
    return translated, plain


def is_game(option_choice: dict[str, Any]) -> bool:
    value = option_choice["value"]
    return value in available_games() and option_choice["name"] == get_game(value).title


async def test_every_description_parameter_and_choice_has_russian(tmp_path: Path) -> None:
    translated, _ = await payloads(tmp_path)
    missing: list[str] = []
    for command in translated:
        name = command["name"]
        if not command["description_localizations"].get("ru"):
            missing.append(f"/{name}")
        for option in command["options"]:
            if not option.get("description_localizations", {}).get("ru"):
                missing.append(f"/{name} {option['name']}")
            for offered in option.get("choices", []):
                if is_game(offered):  # titles are names: shown as they are
                    assert "name_localizations" not in offered
                elif not offered.get("name_localizations", {}).get("ru"):
                    missing.append(f"/{name} {option['name']}={offered['value']}")
    assert not missing, f"no Russian (bot/catalogue/commands.py) for: {missing}"


async def test_names_and_values_stay_english(tmp_path: Path) -> None:
    translated, _ = await payloads(tmp_path)
    for command in translated:
        assert command["name_localizations"] == {}, command["name"]
        for option in command["options"]:
            # a subcommand (``/tournament new``) carries an empty table of its own
            assert not option.get("name_localizations"), (command["name"], option["name"])
            for inner in option.get("options", []) if option.get("type") == 1 else []:
                assert "name_localizations" not in inner, (option["name"], inner["name"])
    by_name = {c["name"]: c for c in translated}
    taunt = by_name["taunt"]["options"][0]
    assert [c["value"] for c in taunt["choices"]] == ["R", "G", "B", "Y"]
    assert [c["name_localizations"]["ru"] for c in taunt["choices"]] == \
        ["Красные", "Зелёные", "Синие", "Жёлтые"]
    theme = next(o for o in by_name["settings"]["options"] if o["name"] == "theme")
    assert [(c["value"], c["name"], c["name_localizations"]["ru"]) for c in theme["choices"]] \
        == [("light", "light", "светлая"), ("dark", "dark", "тёмная"),
            ("server", "server", "как на сервере")]


async def test_english_payload_is_unchanged_by_the_translations(tmp_path: Path) -> None:
    translated, plain = await payloads(tmp_path)

    def without_localisations(data: Any) -> Any:
        if isinstance(data, dict):
            return {k: without_localisations(v) for k, v in data.items()
                    if not k.endswith("_localizations")}
        if isinstance(data, list):
            return [without_localisations(v) for v in data]
        return data

    assert without_localisations(translated) == plain
    assert not CYRILLIC.search(repr(plain))
    by_name = {c["name"]: c for c in plain}
    assert by_name["move"]["description"] == "Play your turn (the dice are rolled for you)"
    assert by_name["move"]["options"][0]["description"] == \
        "Your turn, e.g. 24/18 13/11 (suggestions are the legal turns)"
    level = next(o for o in by_name["new"]["options"] if o["name"] == "level")
    assert level["choices"] == [{"name": v, "value": v}
                                for v in ("easy", "normal", "hard", "expert")]


async def test_descriptions_and_choice_names_within_discords_limits(tmp_path: Path) -> None:
    translated, _ = await payloads(tmp_path)
    texts: list[str] = []
    for command in translated:
        texts += [command["description"], *command["description_localizations"].values()]
        for option in command["options"]:
            texts += [option["description"],
                      *option.get("description_localizations", {}).values()]
            for offered in option.get("choices", []):
                texts += [offered["name"], *offered.get("name_localizations", {}).values()]
    too_long = [(len(t), t) for t in texts if not 1 <= len(t) <= MOST]
    assert not too_long


async def test_the_table_has_no_key_that_no_command_uses(tmp_path: Path) -> None:
    # a renamed command or parameter must take its Russian along, not leave it behind
    translated, _ = await payloads(tmp_path)
    used: set[str] = set()

    def walk(prefix: str, options: list[dict[str, Any]]) -> None:
        for option in options:
            used.add(f"{prefix}.{option['name']}")
            used.update(choice_key(option["name"], str(c["value"]))
                        for c in option.get("choices", []) if not is_game(c))
            if option.get("type") == 1:  # a subcommand: its own options
                walk(f"{prefix}.{option['name']}", option.get("options", []))

    for command in translated:
        used.add(command["name"])
        walk(command["name"], command["options"])
    assert set(table.RU) - used == set()


async def test_other_locales_get_no_localisation(tmp_path: Path) -> None:
    translated, _ = await payloads(tmp_path)
    for command in translated:
        assert set(command["description_localizations"]) == {"ru"}


def test_sync_publishes_the_russian_and_starts_nothing_else(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """``python -m bot sync`` end to end, Discord's REST answers played by stubs: the
    payload carries the Russian; and the publishing process, whose ``login`` runs the
    setup hook, opens no database and starts no computers, pools or scheduler."""
    sent: list[list[dict[str, Any]]] = []

    async def login(self: discord.Client, token: str) -> None:
        self._connection.application_id = 4242  # what discord.py's login learns
        await self.setup_hook()  # as discord.py's login does

    async def upsert(self: Any, application_id: int, guild_id: int,
                     payload: list[dict[str, Any]]) -> list[dict[str, Any]]:
        sent.append(payload)
        return [{**p, "id": str(1000 + n), "application_id": str(application_id),
                 "guild_id": str(guild_id)} for n, p in enumerate(payload)]

    monkeypatch.setattr(discord_app.BoardBot, "login", login)
    monkeypatch.setattr(discord.http.HTTPClient, "bulk_upsert_guild_commands", upsert)
    assert discord_app.sync_commands(config(tmp_path), 99) == 0
    (payload,) = sent
    move = next(c for c in payload if c["name"] == "move")
    assert move["description_localizations"]["ru"] == "Сделать ход (кости бросаются за вас)"
    assert move["options"][0]["description_localizations"]["ru"].startswith("Ваш ход")
    notify = next(c for c in payload if c["name"] == "notify")
    assert notify["options"][0]["choices"][1]["name_localizations"] == {
        "ru": "личное сообщение"}
    assert "/move" in capsys.readouterr().out
    assert not (tmp_path / "data").exists()  # no store opened
