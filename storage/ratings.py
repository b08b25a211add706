"""Ratings' storage (migration 7): each player's standing per server and game, and
each finished game noted once in ``rated_games`` (rated, or why not), in one
transaction, so a game is never rated twice and a rebuild starts from nothing."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from storage.store import Tables


@dataclass(frozen=True)
class StandingRow:
    user_id: str
    name: str
    mu: float
    sigma: float
    games: int
    wins: int
    losses: int
    points: int
    streak: int


_COLUMNS = "user_id, name, mu, sigma, games, wins, losses, points, streak"


def _row(r: Sequence[Any]) -> StandingRow:
    return StandingRow(str(r[0]), str(r[1]), float(r[2]), float(r[3]),
                       int(r[4]), int(r[5]), int(r[6]), int(r[7]), int(r[8]))


class RatingStore(Tables):
    async def unrated(self) -> list[int]:
        """Finished games not yet noted, in the order they finished."""
        rows = await self.store.fetchall(
            "SELECT id FROM sessions s WHERE status='finished' AND NOT EXISTS "
            "(SELECT 1 FROM rated_games r WHERE r.session_id=s.id) ORDER BY updated_at, id")
        return [int(r[0]) for r in rows]

    async def standings(self, guild_id: str, game: str, users: Sequence[str]
                        ) -> dict[str, StandingRow]:
        if not users:
            return {}
        marks = ",".join("?" for _ in users)
        rows = await self.store.fetchall(
            f"SELECT {_COLUMNS} FROM ratings WHERE guild_id=? AND game=? AND user_id IN "
            f"({marks})", (guild_id, game, *users))
        return {str(r[0]): _row(r) for r in rows}

    async def note(self, session_id: int, rated: bool, reason: str, now: float,
                   guild_id: str = "", game: str = "",
                   new: Mapping[str, StandingRow] | None = None) -> bool:
        """Note a finished game once, with the standings it produced; False (nothing
        written) if it was noted already."""
        async with self.store.transaction() as run:
            noted = await run("INSERT INTO rated_games (session_id, rated, reason, rated_at) "
                              "VALUES (?, ?, ?, ?) ON CONFLICT (session_id) DO NOTHING",
                              (session_id, int(rated), reason, now))
            if noted.rowcount != 1:
                return False
            for s in (new or {}).values():
                await run(
                    f"INSERT INTO ratings (guild_id, game, {_COLUMNS}, updated_at) VALUES "
                    "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id, game, user_id) "
                    "DO UPDATE SET name=excluded.name, mu=excluded.mu, sigma=excluded.sigma, "
                    "games=excluded.games, wins=excluded.wins, losses=excluded.losses, "
                    "points=excluded.points, streak=excluded.streak, "
                    "updated_at=excluded.updated_at",
                    (guild_id, game, s.user_id, s.name, s.mu, s.sigma, s.games, s.wins,
                     s.losses, s.points, s.streak, now))
        return True

    async def leaderboard(self, guild_id: str, game: str, limit: int = 15
                          ) -> list[StandingRow]:
        """Best first by the conservative estimate (mu - 3 sigma); ties by more games,
        then by name."""
        rows = await self.store.fetchall(
            f"SELECT {_COLUMNS} FROM ratings WHERE guild_id=? AND game=? "
            "ORDER BY mu - 3 * sigma DESC, games DESC, name, user_id LIMIT ?",
            (guild_id, game, limit))
        return [_row(r) for r in rows]

    async def of_user(self, guild_id: str, user_id: str) -> dict[str, StandingRow]:
        rows = await self.store.fetchall(
            f"SELECT game, {_COLUMNS} FROM ratings WHERE guild_id=? AND user_id=? "
            "ORDER BY game", (guild_id, user_id))
        return {str(r[0]): _row(r[1:]) for r in rows}

    async def game_lengths(self, guild_id: str, user_id: str, *, prefix: bool = False
                           ) -> dict[str, tuple[int, float]]:
        """Per game, the user's finished games here: (how many, their average length in
        turns), rated or not.  ``prefix``: every seat whose user id starts with
        ``user_id`` (the computer's seats, ``computer:...``)."""
        match = "m.user_id LIKE ?" if prefix else "m.user_id=?"
        rows = await self.store.fetchall(
            "SELECT game, COUNT(*), AVG(next_turn - 1) FROM sessions WHERE status='finished' "
            "AND guild_id=? AND EXISTS (SELECT 1 FROM seats m WHERE m.session_id=sessions.id "
            f"AND {match}) GROUP BY game ORDER BY game",
            (guild_id, user_id + "%" if prefix else user_id))
        return {str(r[0]): (int(r[1]), float(r[2] or 0)) for r in rows}

    async def all_rows(self) -> list[tuple[str, str, StandingRow]]:
        """Every standing (server, game, row), for comparing a rebuild with the live."""
        rows = await self.store.fetchall(
            f"SELECT guild_id, game, {_COLUMNS} FROM ratings ORDER BY guild_id, game, user_id")
        return [(str(r[0]), str(r[1]), _row(r[2:])) for r in rows]

    async def clear(self) -> None:
        """Forget every rating and note (a rebuild starts here)."""
        async with self.store.transaction() as run:
            await run("DELETE FROM ratings")
            await run("DELETE FROM rated_games")
