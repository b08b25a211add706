"""Leagues' storage (migration 13): a league per server and game, its members, and each
season's divisions, every division a round-robin tournament (storage/tournaments.py).

A season starts once: its divisions' tournaments, their entrants and the division rows
go in one transaction, which a second process (or a second ``/league season``) loses
on the division rows' primary key.  SQL both databases speak (see CONTRIBUTING)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from storage.store import Tables
from storage.tournaments import Format, TournamentStatus


@dataclass(frozen=True)
class LeagueRow:
    id: int
    guild_id: str | None
    channel_id: str
    name: str
    game: str
    options: dict[str, str]
    control: str
    size: int
    movers: int
    created_by: str


@dataclass(frozen=True)
class MemberRow:
    user_id: str
    name: str
    rating: float
    active: bool


@dataclass(frozen=True)
class DivisionRow:
    season: int
    division: int
    tournament_id: int


@dataclass(frozen=True)
class NewDivision:
    """A division to start: its tournament's name and rounds, and its players (user
    id, name) in the ladder's order (the round-robin's numbering)."""

    name: str
    rounds: int
    players: Sequence[tuple[str, str]]


_L_COLUMNS = ("id, guild_id, channel_id, name, game, options, control, size, movers, "
              "created_by")


def _league(r: Sequence[Any]) -> LeagueRow:
    return LeagueRow(int(r[0]), r[1], str(r[2]), str(r[3]), str(r[4]), json.loads(r[5]),
                     str(r[6]), int(r[7]), int(r[8]), str(r[9]))


class LeagueStore(Tables):
    async def create(self, *, guild_id: str | None, channel_id: str, name: str, game: str,
                     options: dict[str, str], control: str, size: int, movers: int,
                     created_by: str, now: float) -> int | None:
        """A new league; None when the server has one for the game already."""
        try:
            return await self.store.insert("leagues", {
                "guild_id": guild_id, "channel_id": channel_id, "name": name, "game": game,
                "options": json.dumps(options, sort_keys=True), "control": control,
                "size": size, "movers": movers, "created_by": created_by, "created_at": now})
        except self.store.backend.integrity_error:
            return None

    async def in_channel(self, channel_id: str) -> LeagueRow | None:
        return await self._newest_in_channel(_league, _L_COLUMNS, "leagues", channel_id)

    async def members(self, league_id: int) -> list[MemberRow]:
        """Every member, the highest rating first (a newcomer's place)."""
        rows = await self.store.fetchall(
            "SELECT user_id, name, rating, active FROM league_members WHERE league_id=? "
            "ORDER BY rating DESC, joined_at, user_id", (league_id,))
        return [MemberRow(str(r[0]), str(r[1]), float(r[2]), bool(r[3])) for r in rows]

    async def join(self, league_id: int, user_id: str, name: str, rating: float,
                   now: float) -> bool:
        """In (again, after leaving); False when already in."""
        async with self.store.transaction() as run:
            back = await run("UPDATE league_members SET active=1, name=? WHERE league_id=? "
                             "AND user_id=? AND active=0", (name, league_id, user_id))
            if back.rowcount == 1:
                return True
            cur = await run(
                "INSERT INTO league_members (league_id, user_id, name, rating, joined_at, "
                "active) VALUES (?, ?, ?, ?, ?, 1) "
                "ON CONFLICT (league_id, user_id) DO NOTHING",
                (league_id, user_id, name, rating, now))
            return cur.rowcount == 1

    async def leave(self, league_id: int, user_id: str) -> bool:
        async with self.store.transaction() as run:
            cur = await run("UPDATE league_members SET active=0 WHERE league_id=? AND "
                            "user_id=? AND active=1", (league_id, user_id))
            return cur.rowcount == 1

    async def divisions(self, league_id: int) -> list[DivisionRow]:
        rows = await self.store.fetchall(
            "SELECT season, division, tournament_id FROM league_divisions WHERE league_id=? "
            "ORDER BY season, division", (league_id,))
        return [DivisionRow(int(r[0]), int(r[1]), int(r[2])) for r in rows]

    async def start_season(self, league: LeagueRow, season: int,
                           divisions: Sequence[NewDivision], now: float) -> list[int] | None:
        """Season ``season``: a round-robin tournament for each division (sign-up
        closed, its entrants in), linked to the league; the tournaments' ids, top
        division first.  None when that season started already."""
        made: list[int] = []
        try:
            async with self.store.transaction() as run:
                for number, division in enumerate(divisions, start=1):
                    cur = await run(
                        "INSERT INTO tournaments (guild_id, channel_id, name, game, options, "
                        "format, rounds, control, target, rated, status, created_by, "
                        "starts_at, round_hours, event_id, created_at, updated_at) "
                        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, 1, ?, ?, NULL, 0, NULL, ?, ?) "
                        "RETURNING id",
                        (league.guild_id, league.channel_id, division.name, league.game,
                         json.dumps(league.options, sort_keys=True),
                         Format.ROUND_ROBIN.value, division.rounds, league.control,
                         TournamentStatus.PLAYING.value, league.created_by, now, now))
                    tid = int(cur.rows[0][0])
                    for order, (user_id, name) in enumerate(division.players):
                        # the tournament seeds by its entrants' ``rating``: the ladder's
                        # order, as a falling number
                        await run(
                            "INSERT INTO tournament_entrants (tournament_id, user_id, name, "
                            "rating, joined_at, withdrawn_at) VALUES (?, ?, ?, ?, ?, NULL)",
                            (tid, user_id, name, float(-order), now))
                    await run("INSERT INTO league_divisions (league_id, season, division, "
                              "tournament_id) VALUES (?, ?, ?, ?)",
                              (league.id, season, number, tid))
                    made.append(tid)
        except self.store.backend.integrity_error:
            return None
        return made
