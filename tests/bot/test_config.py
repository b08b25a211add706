"""The configuration file: reminder hours read as numbers, anything else refused."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.config import load_config


def _config(tmp_path: Path, hours: str) -> Path:
    path = tmp_path / "config.toml"
    path.write_text(f"[games]\nreminder_hours = {hours}\n")
    return path


def test_reminder_hours_read_as_numbers(tmp_path: Path) -> None:
    assert load_config(_config(tmp_path, "[24, 1.5, \"2\"]")).reminder_hours == (24.0, 1.5, 2.0)
    assert load_config(_config(tmp_path, "6")).reminder_hours == (6.0,)


@pytest.mark.parametrize("hours", ["[{ a = 1 }]", "[[1, 2]]", "[0]", "[-3]"])
def test_reminder_hours_that_are_not_positive_numbers_are_refused(
        tmp_path: Path, hours: str) -> None:
    with pytest.raises(ValueError, match="reminder_hours"):
        load_config(_config(tmp_path, hours))


def _discord(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "config.toml"
    path.write_text(f"[discord]\n{text}\n")
    return path


def test_shards_are_read_and_build_a_sharded_client(tmp_path: Path) -> None:
    import discord

    from bot.discord_app import build_bot

    config = load_config(_discord(tmp_path, "shard_count = 4\nshard_ids = [3, 1]"))
    assert (config.shard_count, config.shard_ids) == (4, (1, 3))
    bot = build_bot(config)
    assert isinstance(bot, discord.AutoShardedClient)
    assert (bot.shard_count, bot.shard_ids) == (4, [1, 3])
    plain = build_bot(load_config(_discord(tmp_path, "")))
    assert not isinstance(plain, discord.AutoShardedClient)


@pytest.mark.parametrize("text", ["shard_ids = [0]", "shard_count = 0",
                                  "shard_count = 2\nshard_ids = [2]",
                                  "shard_count = 2\nshard_ids = []", "shard_count = \"2\""])
def test_wrong_shard_settings_are_refused(tmp_path: Path, text: str) -> None:
    with pytest.raises(ValueError, match="shard"):
        load_config(_discord(tmp_path, text))


def test_the_database_comes_from_the_environment_first(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "config.toml"
    path.write_text('[storage]\ndatabase = "file.sqlite3"\n')
    assert load_config(path).database == "file.sqlite3"
    monkeypatch.setenv("BOARDBOT_DATABASE", "postgresql://bot:pw@db/games")
    config = load_config(path)
    assert config.database == "postgresql://bot:pw@db/games"
    assert "pw" not in repr(config)
