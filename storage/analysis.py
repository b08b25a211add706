"""Game analysis' storage (migration 15): each finished game's analysis, computed
once and kept as JSON (computer/analysis.py writes and reads it), when its
post-game message was claimed, and each server's choices (the post, the daily
puzzle).

A post is claimed like a reminder: the update that sets ``posted_at`` is the claim,
so two processes, or a restart, never post one game's analysis twice."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from storage.store import Tables


@dataclass(frozen=True)
class StoredAnalysis:
    session_id: int
    version: int
    data: str
    seconds: float
    computed_at: float
    posted_at: float | None


@dataclass(frozen=True)
class ServerChoices:
    """A server's analysis choices: the post-game message (default on) and the daily
    puzzle (default off) with the day it was last posted."""

    post: bool = True
    puzzle: bool = False
    puzzle_day: str | None = None


def _stored(r: Sequence[Any]) -> StoredAnalysis:
    return StoredAnalysis(int(r[0]), int(r[1]), str(r[2]), float(r[3]), float(r[4]),
                          None if r[5] is None else float(r[5]))


class AnalysisStore(Tables):
    """Reads and writes of the analysis tables, on a ``Store``'s connection."""

    async def stored(self, session_id: int) -> StoredAnalysis | None:
        return await self.store.first(
            _stored,
            "SELECT session_id, version, data, seconds, computed_at, posted_at FROM analyses "
            "WHERE session_id=?", (session_id,))

    async def save(self, session_id: int, version: int, data: str, seconds: float,
                   now: float) -> None:
        """Keep a game's analysis (a stored one of another format version is replaced;
        one of this version stays: an analysis is computed once)."""
        async with self.store.transaction() as run:
            await run("INSERT INTO analyses (session_id, version, data, seconds, computed_at) "
                      "VALUES (?, ?, ?, ?, ?) ON CONFLICT (session_id) DO UPDATE SET "
                      "version=excluded.version, data=excluded.data, "
                      "seconds=excluded.seconds, computed_at=excluded.computed_at "
                      "WHERE analyses.version <> excluded.version",
                      (session_id, version, data, float(seconds), float(now)))

    async def claim_post(self, session_id: int, now: float) -> bool:
        """Claim the post-game message of a stored analysis: True once, for one caller."""
        async with self.store.transaction() as run:
            ran = await run("UPDATE analyses SET posted_at=? WHERE session_id=? "
                            "AND posted_at IS NULL", (float(now), session_id))
            return ran.rowcount == 1

    async def to_post(self, since: float, computer_id: str, limit: int = 20
                      ) -> list[int]:
        """Games finished since ``since`` with at least one person seated (a seat whose
        user is not ``computer_id``, the computer's id), in a server whose post is
        on (or outside a server), whose analysis is not yet posted: oldest first."""
        rows = await self.store.fetchall(
            "SELECT s.id FROM sessions s "
            "LEFT JOIN analyses a ON a.session_id = s.id "
            "LEFT JOIN analysis_servers g ON g.guild_id = s.guild_id "
            "WHERE s.status = 'finished' AND s.updated_at >= ? "
            "AND a.posted_at IS NULL AND (g.post IS NULL OR g.post = 1) "
            "AND EXISTS (SELECT 1 FROM seats t WHERE t.session_id = s.id AND t.user_id <> ?) "
            "ORDER BY s.updated_at, s.id LIMIT ?",
            (float(since), computer_id, limit))
        return [int(r[0]) for r in rows]

    async def throws(self, guild_id: str | None, user_id: str | None = None,
                     session_id: int | None = None) -> list[tuple[int, str, str]]:
        """The dice of every turn (session id, side, dice as JSON) of the server's games
        (of ``user_id``'s turns; of game ``session_id``), oldest first."""
        sql = ("SELECT t.session_id, t.side, t.dice FROM turns t "
               "JOIN sessions s ON s.id = t.session_id ")
        params: list[object] = []
        if user_id is not None:
            sql += ("JOIN seats p ON p.session_id = t.session_id AND p.side = t.side "
                    "AND p.user_id = ? ")
            params.append(user_id)
        sql += "WHERE t.kind = 'turn' AND s.guild_id = ? "
        params.append(guild_id)
        if session_id is not None:
            sql += "AND t.session_id = ? "
            params.append(session_id)
        rows = await self.store.fetchall(sql + "ORDER BY t.session_id, t.seq", params)
        return [(int(r[0]), str(r[1]), str(r[2])) for r in rows]

    async def analysed(self, session_ids: list[int], version: int) -> list[tuple[int, str]]:
        """The stored analyses (session id, JSON) of ``version`` among ``session_ids``."""
        out: list[tuple[int, str]] = []
        for start in range(0, len(session_ids), 500):  # bounded IN lists
            chunk = session_ids[start:start + 500]
            marks = ", ".join("?" for _ in chunk)
            rows = await self.store.fetchall(
                f"SELECT session_id, data FROM analyses WHERE version = ? "
                f"AND session_id IN ({marks})", [version, *chunk])
            out += [(int(r[0]), str(r[1])) for r in rows]
        return out

    async def analysed_games(self, guild_id: str | None, game: str, version: int,
                             limit: int = 50) -> list[tuple[int, str]]:
        """The latest analysed finished games of ``game`` in the server (session id,
        the analysis' JSON), newest first."""
        rows = await self.store.fetchall(
            "SELECT a.session_id, a.data FROM analyses a JOIN sessions s ON s.id = "
            "a.session_id WHERE s.guild_id = ? AND s.game = ? AND a.version = ? "
            "ORDER BY s.updated_at DESC, s.id DESC LIMIT ?", (guild_id, game, version, limit))
        return [(int(r[0]), str(r[1])) for r in rows]

    async def of_member(self, guild_id: str | None, user_id: str, version: int,
                        limit: int = 60) -> list[tuple[str, str, str]]:
        """The member's latest analysed games in the server (game, their side, the
        analysis' JSON), newest first."""
        rows = await self.store.fetchall(
            "SELECT s.game, p.side, a.data FROM analyses a "
            "JOIN sessions s ON s.id = a.session_id "
            "JOIN seats p ON p.session_id = s.id AND p.user_id = ? "
            "WHERE s.guild_id = ? AND a.version = ? "
            "ORDER BY s.updated_at DESC, s.id DESC LIMIT ?", (user_id, guild_id, version, limit))
        return [(str(r[0]), str(r[1]), str(r[2])) for r in rows]

    async def puzzle_servers(self, day: str) -> list[str]:
        """The servers that chose the daily puzzle and have not had ``day``'s."""
        rows = await self.store.fetchall(
            "SELECT guild_id FROM analysis_servers WHERE puzzle = 1 "
            "AND (puzzle_day IS NULL OR puzzle_day <> ?) ORDER BY guild_id", (day,))
        return [str(r[0]) for r in rows]

    async def claim_puzzle(self, guild_id: str, day: str) -> bool:
        """Claim ``day``'s puzzle of the server: True once, for one caller."""
        async with self.store.transaction() as run:
            ran = await run("UPDATE analysis_servers SET puzzle_day = ? WHERE guild_id = ? "
                            "AND (puzzle_day IS NULL OR puzzle_day <> ?)",
                            (day, guild_id, day))
            return ran.rowcount == 1

    async def finished_between(self, guild_id: str, start: float, end: float, version: int
                               ) -> list[tuple[int, str]]:
        """The analysed games of the server finished in [start, end) (id, JSON)."""
        rows = await self.store.fetchall(
            "SELECT a.session_id, a.data FROM analyses a JOIN sessions s ON s.id = "
            "a.session_id WHERE s.guild_id = ? AND s.status = 'finished' AND a.version = ? "
            "AND s.updated_at >= ? AND s.updated_at < ? ORDER BY s.id",
            (guild_id, version, float(start), float(end)))
        return [(int(r[0]), str(r[1])) for r in rows]

    async def server(self, guild_id: str | None) -> ServerChoices:
        if guild_id is None:
            return ServerChoices()
        rows = await self.store.fetchall(
            "SELECT post, puzzle, puzzle_day FROM analysis_servers WHERE guild_id=?",
            (guild_id,))
        if not rows:
            return ServerChoices()
        return ServerChoices(bool(rows[0][0]), bool(rows[0][1]), rows[0][2])

    async def set_post(self, guild_id: str, on: bool, now: float) -> None:
        await self.store.save_row("analysis_servers", {"guild_id": guild_id},
                                  {"post": int(on)}, now)

    async def set_puzzle(self, guild_id: str, on: bool, now: float) -> None:
        await self.store.save_row("analysis_servers", {"guild_id": guild_id},
                                  {"puzzle": int(on)}, now)
