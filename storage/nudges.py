"""Nudges' storage (migration 9): each user's and each server's nudge period, and per
active game without a clock the player it waits for and since when (``nudge_waits``).

A wait row belongs to one session version: any change to the session (a turn, an
answer, a take-back) bumps the version, so the row read at the old version no longer
counts and the next pass writes a new one whose silence starts at the change
(``sessions.updated_at``).  Nudges are claimed like reminders: the row's ``rounds``
moves on in the transaction that decides to send, so a nudge is never sent twice, not
by two processes nor after a restart."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from storage.store import Tables


@dataclass(frozen=True)
class Wait:
    """An untimed game waiting for ``user_id`` (``side``) since ``since``."""

    session_id: int
    version: int
    side: str | None
    user_id: str | None
    since: float
    rounds: int
    claimable_at: float | None


@dataclass(frozen=True)
class DueNudge:
    """What a pass claimed for one game: a nudge for the silent player (``nudge``)
    and/or the notice to the others that they may now end the game (``claimable``)."""

    wait: Wait
    period: float
    nudge: bool
    claimable: bool


_WAIT_COLUMNS = "w.session_id, w.version, w.side, w.user_id, w.since, w.rounds, w.claimable_at"


def _wait(r: Sequence[Any]) -> Wait:
    """A row of ``_WAIT_COLUMNS``."""
    return Wait(int(r[0]), int(r[1]), r[2], r[3], float(r[4]), int(r[5]),
                None if r[6] is None else float(r[6]))


class NudgeStore(Tables):
    """Reads and writes of the nudge tables, on a ``Store``'s connection."""
    # -- periods --------------------------------------------------------------------

    async def user_period(self, user_id: str) -> float | None:
        """The user's own nudge period in seconds (0: none), None: the server's."""
        rows = await self.store.fetchall("SELECT nudge FROM users WHERE user_id=?", (user_id,))
        return None if not rows or rows[0][0] is None else float(rows[0][0])

    async def set_user_period(self, user_id: str, period: float | None, now: float) -> None:
        await self.store.save_row("users", {"user_id": user_id}, {"nudge": period}, now)

    async def guild_period(self, guild_id: str | None) -> float | None:
        """The server's nudge period in seconds (0: none), None: never chosen."""
        if guild_id is None:
            return None
        rows = await self.store.fetchall(
            "SELECT period FROM nudge_settings WHERE guild_id=?", (guild_id,))
        return float(rows[0][0]) if rows else None

    async def set_guild_period(self, guild_id: str, period: float, now: float) -> None:
        await self.store.save_row("nudge_settings", {"guild_id": guild_id},
                                  {"period": period}, now)

    # -- waits ----------------------------------------------------------------------

    async def untracked(self, limit: int = 200) -> list[int]:
        """Active games without a clock whose wait row is missing or of an older
        version: the games that changed since the last pass."""
        rows = await self.store.fetchall(
            "SELECT s.id FROM sessions s LEFT JOIN nudge_waits w ON w.session_id=s.id "
            "WHERE s.status='active' AND NOT EXISTS "
            "(SELECT 1 FROM clocks c WHERE c.session_id=s.id) "
            "AND (w.session_id IS NULL OR w.version<>s.version) ORDER BY s.id LIMIT ?",
            (limit,))
        return [int(r[0]) for r in rows]

    async def track(self, session_id: int, version: int, side: str | None,
                    user_id: str | None, since: float, now: float) -> None:
        """Note what the game waits for at ``version`` (a newer row replaces an older
        one, never the other way round: two processes may track at once)."""
        async with self.store.transaction() as run:
            await run("INSERT INTO nudge_waits (session_id, version, side, user_id, since, "
                      "updated_at) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (session_id) DO "
                      "UPDATE SET version=excluded.version, side=excluded.side, "
                      "user_id=excluded.user_id, since=excluded.since, rounds=0, "
                      "claimable_at=NULL, updated_at=excluded.updated_at "
                      "WHERE nudge_waits.version<excluded.version",
                      (session_id, version, side, user_id, since, now))

    async def wait(self, session_id: int, version: int) -> Wait | None:
        """The game's wait row, if it is of ``version``."""
        return await self.store.first(_wait,
            f"SELECT {_WAIT_COLUMNS} FROM nudge_waits w WHERE w.session_id=? AND w.version=?",
            (session_id, version))

    async def forget_ended(self) -> int:
        """Drop the wait rows of games that are no longer active."""
        async with self.store.transaction() as run:
            # walks the few wait rows, not every game ever finished
            cur = await run("DELETE FROM nudge_waits WHERE EXISTS (SELECT 1 FROM sessions s "
                            "WHERE s.id=nudge_waits.session_id AND s.status<>'active')")
            return int(cur.rowcount or 0)

    async def credit(self, last: float, gap: float, now: float) -> int:
        """The bot was down from ``last`` for ``gap`` seconds: silences that began
        before are that much shorter (nobody could move meanwhile)."""
        async with self.store.transaction() as run:
            cur = await run("UPDATE nudge_waits SET since=since+?, updated_at=? "
                            "WHERE since<=?", (gap, now, last))
            return int(cur.rowcount or 0)

    async def claim_due(self, now: float, default_period: float, claim_factor: float,
                        limit: int = 200) -> list[DueNudge]:
        """Claim what is due by ``now``: a nudge each whole period of silence (the
        player's own period, else the server's, else ``default_period``), and once per
        silence the notice that the others may end the game (after ``claim_factor``
        times the server's period).  Each claim is written in this transaction, so it
        is never made twice; a late pass sends one nudge, not one per period missed."""
        own = "COALESCE(u.nudge, g.period, ?)"
        server = "COALESCE(g.period, ?)"
        postgres = self.store.dialect == "postgresql"
        # Like reminders: lock the rows taken (and their sessions), skip rows another
        # process holds or a move is changing (the next pass sees the new version).
        take = " FOR UPDATE OF w, s SKIP LOCKED" if postgres else ""
        claimed: list[DueNudge] = []
        async with self.store.transaction() as run:
            cur = await run(
                f"SELECT {_WAIT_COLUMNS}, {own}, {server} FROM nudge_waits w "
                "JOIN sessions s ON s.id=w.session_id AND s.version=w.version "
                "LEFT JOIN users u ON u.user_id=w.user_id "
                "LEFT JOIN nudge_settings g ON g.guild_id=s.guild_id "
                "WHERE s.status='active' AND w.user_id IS NOT NULL AND ("
                f"({own}>0 AND w.since+{own}*(w.rounds+1)<=?) OR "
                f"({server}>0 AND w.claimable_at IS NULL AND w.since+{server}*?<=?)) "
                f"ORDER BY w.since, w.session_id LIMIT ?{take}",
                (default_period, default_period, default_period, default_period, now,
                 default_period, default_period, claim_factor, now, limit))
            rows = await cur.fetchall()
            for row in rows:
                wait, period, server_period = _wait(row), float(row[7]), float(row[8])
                silent = now - wait.since
                rounds = wait.rounds
                nudge = period > 0 and silent >= period * (rounds + 1)
                if nudge:
                    rounds = max(rounds + 1, math.floor(silent / period))
                claimable = (server_period > 0 and wait.claimable_at is None
                             and silent >= server_period * claim_factor)
                # the rows are ours until the commit (SQLite's one writer, PostgreSQL's
                # row locks); the version and rounds checks say so once more
                cur = await run(
                    "UPDATE nudge_waits SET rounds=?, claimable_at=?, updated_at=? "
                    "WHERE session_id=? AND version=? AND rounds=?",
                    (rounds, now if claimable else wait.claimable_at, now, wait.session_id,
                     wait.version, wait.rounds))
                if cur.rowcount == 1 and (nudge or claimable):
                    claimed.append(DueNudge(wait, period, nudge, claimable))
        return claimed


class UnratedStore(Tables):
    """The games started with ``rated=false`` (kept through a ratings rebuild)."""
    async def mark(self, session_id: int, user_id: str, now: float) -> None:
        async with self.store.transaction() as run:
            await run("INSERT INTO unrated_sessions (session_id, asked_by, asked_at) "
                      "VALUES (?, ?, ?) ON CONFLICT (session_id) DO NOTHING",
                      (session_id, user_id, now))

    async def asked(self, session_id: int) -> bool:
        rows = await self.store.fetchall(
            "SELECT 1 FROM unrated_sessions WHERE session_id=?", (session_id,))
        return bool(rows)
