"""Configuration: a TOML file plus the DISCORD_TOKEN and BOARDBOT_DATABASE environment
variables."""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass, field, fields
from pathlib import Path

from bot.clocks import parse as parse_time_control
from storage.store import masked

#: The environment variable that chooses the database (a file path or a postgresql:// URL).
DATABASE_ENV = "BOARDBOT_DATABASE"


@dataclass(frozen=True)
class Config:
    """Settings for the bot and the service (see config.example.toml)."""

    #: Kept out of repr (and so out of any log line or traceback that shows a Config).
    token: str | None = field(default=None, repr=False)
    #: A SQLite file, or a ``postgresql://`` URL (BOARDBOT_DATABASE overrides the file's).
    #: Shown by repr with a URL's password masked.
    database: str = field(default="data/boardbot.sqlite3", repr=False)
    #: Seconds to wait for another process's lock on the database (a start then refuses).
    busy_timeout: float = 5.0
    #: PostgreSQL: seconds one statement may take (or wait for a server that does not
    #: answer) before its command fails with "the database did not answer"; 0: none.
    statement_timeout: float = 10.0
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
    #: Discord sharding over several processes: the total number of shards, and the
    #: shards this process runs (all of them when only the count is given).  None:
    #: one process, one shard (discord.py's default).
    shard_count: int | None = None
    shard_ids: tuple[int, ...] | None = None
    #: The operations endpoint (``/metrics``, ``/healthz``; bot/metrics.py): off when None.
    metrics_port: int | None = None
    metrics_host: str = "127.0.0.1"
    #: Seconds between a computer's consecutive messages in a channel (a game of
    #: computers people watch; several computers after one person), under Discord's
    #: rate limit of 5 messages in 5 seconds.
    computer_pace: float = 1.5
    #: Games without a clock: nudge a player silent for this many hours (0: never;
    #: servers and users may choose their own), and let the others end the game after
    #: ``silent_claim_factor`` times the server's period.
    nudge_hours: float = 72.0
    silent_claim_factor: float = 2.0
    #: Post each finished game's analysis in its channel (servers may turn theirs off:
    #: ``/settings server_analysis``); off, only ``/analysis`` shows them.
    analysis_posts: bool = True

    def __repr__(self) -> str:
        # the generated repr, with the database's password masked (the token never shows)
        shown = [f"database={masked(self.database)!r}"] + [
            f"{f.name}={getattr(self, f.name)!r}" for f in fields(self) if f.repr]
        return f"Config({', '.join(shown)})"


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
    metrics_part = data.get("metrics", {}) if isinstance(data.get("metrics"), dict) else {}
    assert isinstance(metrics_part, dict)
    assert isinstance(discord_part, dict) and isinstance(storage_part, dict)
    assert isinstance(images_part, dict) and isinstance(games_part, dict)
    token = os.environ.get("DISCORD_TOKEN") or discord_part.get("token") or None
    guild = discord_part.get("dev_guild_id")
    shard_count, shard_ids = _shards(discord_part.get("shard_count"),
                                     discord_part.get("shard_ids"))
    return Config(
        token=str(token) if token else None,
        database=os.environ.get(DATABASE_ENV)
        or str(storage_part.get("database", Config.database)),
        busy_timeout=float(storage_part.get("busy_timeout", Config.busy_timeout)),
        statement_timeout=float(storage_part.get("statement_timeout",
                                                 Config.statement_timeout)),
        image_width=int(images_part.get("width", Config.image_width)),
        theme=str(images_part.get("theme", Config.theme)),
        dev_guild_id=int(guild) if guild else None,
        challenge_hours=float(games_part.get("challenge_hours", Config.challenge_hours)),
        # A bad time control stops the start with TimeControlError (a ValueError).
        time_control=parse_time_control(
            str(games_part.get("time_control", Config.time_control))).text,
        reminder_hours=_hours(games_part.get("reminder_hours", Config.reminder_hours)),
        answer_hours=float(games_part.get("answer_hours", Config.answer_hours)),
        shard_count=shard_count, shard_ids=shard_ids,
        metrics_port=int(metrics_part["port"]) if "port" in metrics_part else None,
        metrics_host=str(metrics_part.get("host", Config.metrics_host)),
        computer_pace=float(games_part.get("computer_pace", Config.computer_pace)),
        analysis_posts=bool(games_part.get("analysis_posts", Config.analysis_posts)),
        nudge_hours=_bounded(games_part.get("nudge_hours", Config.nudge_hours),
                             "nudge_hours", 0.0, 720.0),
        silent_claim_factor=_bounded(games_part.get("silent_claim_factor",
                                                    Config.silent_claim_factor),
                                     "silent_claim_factor", 1.0, 10.0),
    )


def _shards(count: object, ids: object) -> tuple[int | None, tuple[int, ...] | None]:
    """``shard_count`` and ``shard_ids`` of ``[discord]``, checked against each other."""
    if count is None:
        if ids is not None:
            raise ValueError("shard_ids needs shard_count (the total number of shards)")
        return None, None
    if not isinstance(count, int) or isinstance(count, bool) or count < 1:
        raise ValueError(f"shard_count must be a whole number of at least 1, not {count!r}")
    if ids is None:
        return count, None
    if not isinstance(ids, list) or not ids or not all(
            isinstance(i, int) and not isinstance(i, bool) and 0 <= i < count for i in ids):
        raise ValueError(f"shard_ids must be a list of shard numbers from 0 to {count - 1}, "
                         f"e.g. [0, 1], not {ids!r}")
    return count, tuple(sorted(set(ids)))


def _hours(value: object) -> tuple[float, ...]:
    """``reminder_hours``: a list of hours before the deadline (``[24, 1]``)."""
    items = value if isinstance(value, (list, tuple)) else [value]
    hours = tuple(_number(h) for h in items)
    if any(h <= 0 for h in hours):
        raise ValueError("reminder_hours must be positive numbers of hours, e.g. [24, 1]")
    return hours


def _bounded(value: object, name: str, low: float, high: float) -> float:
    """A number setting within [low, high], else a start that says what is allowed."""
    number = float(value) if isinstance(value, (int, float)) and not isinstance(
        value, bool) else None
    if number is None or not low <= number <= high:
        raise ValueError(f"{name} must be a number from {low:g} to {high:g}, not {value!r}")
    return number


def _number(value: object) -> float:
    if isinstance(value, (int, float, str)):
        return float(value)
    raise ValueError(f"reminder_hours must be numbers of hours, not {value!r}")
