"""Configuration: a TOML file plus the DISCORD_TOKEN environment variable."""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from bot.clocks import parse as parse_time_control


@dataclass(frozen=True)
class Config:
    """Settings for the bot and the service (see config.example.toml)."""

    #: Kept out of repr (and so out of any log line or traceback that shows a Config).
    token: str | None = field(default=None, repr=False)
    database: str = "data/boardbot.sqlite3"
    #: Seconds to wait for another process's lock on the database (a start then refuses).
    busy_timeout: float = 5.0
    image_width: int = 1100
    theme: str = "light"
    dev_guild_id: int | None = None
    challenge_hours: float = 24.0
    #: Default time control of new games (``none``, ``3d``, ``bank=7d,bonus=1d,cap=14d``,
    #: optionally ``,weekends`` / ``,forfeit``; see bot/clocks.py) and reminder points.
    time_control: str = "none"
    reminder_hours: tuple[float, ...] = (24.0, 1.0)
    #: How long an answer a game waits for may wait before the refusing choice is
    #: played for whoever is late.
    answer_hours: float = 48.0
    #: Seconds between a computer's consecutive messages in a channel (a game of
    #: computers people watch; several computers after one person), under Discord's
    #: rate limit of 5 messages in 5 seconds.
    computer_pace: float = 1.5


def load_config(path: str | Path | None = None) -> Config:
    """Read ``path`` (if given and present); DISCORD_TOKEN overrides the file's token."""
    data: dict[str, object] = {}
    if path is not None and Path(path).exists():
        with open(path, "rb") as fh:
            data = tomllib.load(fh)
    discord_part = data.get("discord", {}) if isinstance(data.get("discord"), dict) else {}
    storage_part = data.get("storage", {}) if isinstance(data.get("storage"), dict) else {}
    images_part = data.get("images", {}) if isinstance(data.get("images"), dict) else {}
    games_part = data.get("games", {}) if isinstance(data.get("games"), dict) else {}
    assert isinstance(discord_part, dict) and isinstance(storage_part, dict)
    assert isinstance(images_part, dict) and isinstance(games_part, dict)
    token = os.environ.get("DISCORD_TOKEN") or discord_part.get("token") or None
    guild = discord_part.get("dev_guild_id")
    return Config(
        token=str(token) if token else None,
        database=str(storage_part.get("database", Config.database)),
        busy_timeout=float(storage_part.get("busy_timeout", Config.busy_timeout)),
        image_width=int(images_part.get("width", Config.image_width)),
        theme=str(images_part.get("theme", Config.theme)),
        dev_guild_id=int(guild) if guild else None,
        challenge_hours=float(games_part.get("challenge_hours", Config.challenge_hours)),
        # A bad time control stops the start with TimeControlError (a ValueError).
        time_control=parse_time_control(
            str(games_part.get("time_control", Config.time_control))).text,
        reminder_hours=_hours(games_part.get("reminder_hours", Config.reminder_hours)),
        answer_hours=float(games_part.get("answer_hours", Config.answer_hours)),
        computer_pace=float(games_part.get("computer_pace", Config.computer_pace)),
    )


def _hours(value: object) -> tuple[float, ...]:
    """``reminder_hours``: a list of hours before the deadline (``[24, 1]``)."""
    items = value if isinstance(value, (list, tuple)) else [value]
    hours = tuple(_number(h) for h in items)
    if any(h <= 0 for h in hours):
        raise ValueError("reminder_hours must be positive numbers of hours, e.g. [24, 1]")
    return hours


def _number(value: object) -> float:
    if isinstance(value, (int, float, str)):
        return float(value)
    raise ValueError(f"reminder_hours must be numbers of hours, not {value!r}")
