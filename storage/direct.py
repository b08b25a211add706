"""Direct messages' storage (migration 14): each user's daily digest and own reminder
points, the digests claimed once per local day, and servers' names as last seen."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from storage.correspondence import ReminderRow
from storage.store import Tables


@dataclass(frozen=True)
class DirectPrefs:
    """A user's direct-message settings: ``digest_hour`` None means no digest;
    ``remind`` None means the server's reminder points (seconds before a deadline)."""

    user_id: str
    digest_hour: int | None = None
    time_zone: str | None = None
    remind: tuple[float, ...] | None = None


@dataclass(frozen=True)
class RunningClock:
    """A clock running for one player: its period, side and turn, from when and with
    how many seconds (its deadline is the control's ``deadline(started_at, budget)``)."""

    session_id: int
    control: str
    period: int
    side: str
    turn: int
    started_at: float
    budget: float


def _points(text: str | None) -> tuple[float, ...] | None:
    if text is None:
        return None
    return tuple(float(p) for p in text.split(",") if p.strip())


class DirectStore(Tables):
    """The tables of migration 14 on top of a :class:`Store`."""
    async def prefs(self, user_id: str) -> DirectPrefs:
        rows = await self.store.fetchall(
            "SELECT digest_hour, time_zone, remind FROM users WHERE user_id=?", (user_id,))
        if not rows:
            return DirectPrefs(user_id)
        hour, zone, remind = rows[0]
        return DirectPrefs(user_id, None if hour is None else int(hour), zone, _points(remind))

    async def set_digest(self, user_id: str, hour: int | None, time_zone: str | None,
                         now: float) -> None:
        """Turn the digest on at ``hour`` in ``time_zone`` (an IANA name), or off (None)."""
        values: dict[str, object] = {"digest_hour": hour}
        if time_zone is not None:
            values["time_zone"] = time_zone
        await self.store.save_row("users", {"user_id": user_id}, values, now)

    async def set_remind(self, user_id: str, points: Sequence[float] | None,
                         now: float) -> None:
        """The user's own reminder points (seconds before a deadline); None: the
        server's."""
        text = None if points is None else ",".join(f"{float(p):g}" for p in points)
        await self.store.save_row("users", {"user_id": user_id}, {"remind": text}, now)

    async def reminder_points(self, user_ids: Iterable[str]) -> dict[str, tuple[float, ...]]:
        """The users among ``user_ids`` who chose their own reminder points."""
        rows = await self.store.fetch_in(
            "SELECT user_id, remind FROM users WHERE user_id IN ({marks}) "
            "AND remind IS NOT NULL", user_ids)
        return {str(r[0]): _points(r[1]) or () for r in rows}

    async def digest_subscribers(self) -> list[DirectPrefs]:
        """Every user with the digest on."""
        rows = await self.store.fetchall(
            "SELECT user_id, digest_hour, time_zone, remind FROM users "
            "WHERE digest_hour IS NOT NULL ORDER BY user_id")
        return [DirectPrefs(str(r[0]), int(r[1]), r[2], _points(r[3])) for r in rows]

    async def claimed_digests(self, wanted: Sequence[tuple[str, str]]) -> set[tuple[str, str]]:
        """Which of the (user id, local day) pairs have their digest claimed already."""
        if not wanted:
            return set()
        rows = await self.store.fetch_in(
            "SELECT user_id, day FROM digests WHERE user_id IN ({marks})",
            (user for user, _ in wanted))
        return {(str(r[0]), str(r[1])) for r in rows} & set(wanted)

    async def claim_digest(self, user_id: str, day: str, now: float) -> bool:
        """Claim the digest of ``user_id``'s local ``day``: True for exactly one caller,
        whatever the processes or restarts (the row's insert is the claim)."""
        async with self.store.transaction() as run:
            cur = await run("INSERT INTO digests (user_id, day, sent_at) VALUES (?, ?, ?) "
                            "ON CONFLICT (user_id, day) DO NOTHING RETURNING user_id",
                            (user_id, day, now))
            return bool(await cur.fetchall())

    async def saw_guild(self, guild_id: str, name: str, now: float) -> None:
        await self.store.save_row("guild_names", {"guild_id": guild_id}, {"name": name}, now)

    async def guild_names(self, guild_ids: Iterable[str]) -> dict[str, str]:
        rows = await self.store.fetch_in(
            "SELECT guild_id, name FROM guild_names WHERE guild_id IN ({marks})", guild_ids)
        return {str(r[0]): str(r[1]) for r in rows}

    async def saw_post(self, session_id: int, channel_id: str, message_id: str,
                       now: float) -> None:
        """The game's latest public message (a later one replaces it)."""
        await self.store.save_row("game_posts", {"session_id": session_id},
                                  {"channel_id": channel_id, "message_id": message_id}, now)

    async def posts(self, session_ids: Iterable[int]) -> dict[int, tuple[str, str]]:
        """Session id -> (channel id, message id) of its latest public message."""
        rows = await self.store.fetch_in(
            "SELECT session_id, channel_id, message_id FROM game_posts "
            "WHERE session_id IN ({marks})", session_ids)
        return {int(r[0]): (str(r[1]), str(r[2])) for r in rows}

    async def running_clocks_of(self, user_id: str) -> list[RunningClock]:
        """The clocks now running for ``user_id`` (their turn, in a game with a clock)."""
        rows = await self.store.fetchall(
            "SELECT c.session_id, c.control, c.period, c.side, c.turn, c.started_at, "
            "c.budget FROM clocks c JOIN seats t ON t.session_id=c.session_id "
            "AND t.side=c.side JOIN sessions s ON s.id=c.session_id "
            "WHERE t.user_id=? AND s.status='active' AND c.started_at IS NOT NULL "
            "AND c.budget IS NOT NULL ORDER BY c.session_id", (user_id,))
        return [RunningClock(int(r[0]), str(r[1]), int(r[2]), str(r[3]), int(r[4]),
                             float(r[5]), float(r[6])) for r in rows]

    async def replace_reminders(self, clock: RunningClock, rows: Sequence[ReminderRow]
                                ) -> bool:
        """The unsent reminders (not the time-up row) of ``clock``'s period replaced by
        ``rows``, provided the clock is still in that period (False: it moved on, and
        its new period's reminders were planned with the new points already)."""
        lock = " FOR UPDATE" if self.store.dialect == "postgresql" else ""
        async with self.store.transaction() as run:
            now = await run(f"SELECT period FROM clocks WHERE session_id=?{lock}",
                            (clock.session_id,))
            if not now.rows or int(now.rows[0][0]) != clock.period:
                return False
            await run("DELETE FROM reminders WHERE session_id=? AND period=? AND point>0 "
                      "AND sent_at IS NULL", (clock.session_id, clock.period))
            for r in rows:
                await run("INSERT INTO reminders (session_id, period, point, turn, side, "
                          "due_at, forfeit) VALUES (?, ?, ?, ?, ?, ?, ?) "
                          "ON CONFLICT DO NOTHING",
                          (r.session_id, r.period, r.point, r.turn, r.side, r.due_at,
                           r.forfeit))
        return True
