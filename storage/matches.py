"""Matches' storage (migration 8): a match to N points and the sessions of its games.

A match is named by its first game's session id.  Each game is a session of its own
(its own seed, log and record); ``match_games`` links it to the match with its number,
whether it is the Crawford game and, once it is over, who won it and the points.
Each change is one transaction and may be tried again: a game's points are written
only while unwritten, the next game only while its number is free."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from storage.models import SessionStatus
from storage.store import ChannelBusy, Tables


class MatchStatus:
    PLAYING = "playing"
    FINISHED = "finished"
    ABANDONED = "abandoned"


@dataclass(frozen=True)
class MatchRow:
    id: int
    guild_id: str | None
    channel_id: str
    game: str
    target: int
    options: dict[str, str]
    control: str
    status: str
    winner: str | None
    result: str | None


@dataclass(frozen=True)
class MatchGameRow:
    session_id: int
    match_id: int
    number: int
    crawford: bool
    winner: str | None
    points: int


_MATCH_COLUMNS = ("id, guild_id, channel_id, game, target, options, control, status, winner, "
                  "result")
_GAME_COLUMNS = "session_id, match_id, number, crawford, winner, points"


def _match(r: Sequence[Any]) -> MatchRow:
    return MatchRow(int(r[0]), r[1], str(r[2]), str(r[3]), int(r[4]), json.loads(r[5]),
                    str(r[6]), str(r[7]), r[8], r[9])


def _game(r: Sequence[Any]) -> MatchGameRow:
    return MatchGameRow(int(r[0]), int(r[1]), int(r[2]), bool(r[3]), r[4], int(r[5]))


class MatchStore(Tables):
    async def create(self, session_id: int, *, guild_id: str | None, channel_id: str,
                     game: str, target: int, options: dict[str, str], control: str,
                     now: float) -> None:
        """A match whose first game is the (challenge) session ``session_id``."""
        async with self.store.transaction() as run:
            await run(
                f"INSERT INTO matches ({_MATCH_COLUMNS}, created_at, updated_at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, NULL, NULL, ?, ?)",
                (session_id, guild_id, channel_id, game, target,
                 json.dumps(options, sort_keys=True), control, MatchStatus.PLAYING, now, now))
            await run(f"INSERT INTO match_games ({_GAME_COLUMNS}) VALUES (?, ?, 1, 0, NULL, 0)",
                      (session_id, session_id))

    async def game_of(self, session_id: int) -> MatchGameRow | None:
        """The match game a session is, or None (a game on its own)."""
        return await self.store.first(_game,
            f"SELECT {_GAME_COLUMNS} FROM match_games WHERE session_id=?", (session_id,))

    async def match(self, match_id: int) -> MatchRow | None:
        return await self.store.first(_match,
            f"SELECT {_MATCH_COLUMNS} FROM matches WHERE id=?", (match_id,))

    async def games(self, match_id: int) -> list[MatchGameRow]:
        """The match's games so far, in order."""
        rows = await self.store.fetchall(
            f"SELECT {_GAME_COLUMNS} FROM match_games WHERE match_id=? ORDER BY number",
            (match_id,))
        return [_game(r) for r in rows]

    async def record_game(self, session_id: int, winner: str, points: int, now: float,
                          decided: tuple[str, str] | None = None) -> bool:
        """Write a finished game's winner (user id) and points; ``decided`` (the
        match's winner and how it ended) finishes the match in the same transaction.
        False, and nothing written, when the game was recorded already."""
        async with self.store.transaction() as run:
            done = await run("UPDATE match_games SET winner=?, points=? "
                             "WHERE session_id=? AND winner IS NULL",
                             (winner, points, session_id))
            if done.rowcount != 1:
                return False
            if decided is not None:
                await run("UPDATE matches SET status=?, winner=?, result=?, updated_at=? "
                          "WHERE id=(SELECT match_id FROM match_games WHERE session_id=?) "
                          "AND status=?",
                          (MatchStatus.FINISHED, decided[0], decided[1], now, session_id,
                           MatchStatus.PLAYING))
        return True

    async def abandon(self, match_id: int, why: str, now: float) -> None:
        """A match that cannot go on (a game aborted, declined or expired)."""
        async with self.store.transaction() as run:
            await run("UPDATE matches SET status=?, result=?, updated_at=? "
                      "WHERE id=? AND status=?",
                      (MatchStatus.ABANDONED, why, now, match_id, MatchStatus.PLAYING))

    async def add_game(self, match: MatchRow, number: int, crawford: bool, *,
                       options: dict[str, str], seed: str, seed_hash: str, created_by: str,
                       seats: Sequence[tuple[str, str, str]], now: float) -> int | None:
        """The match's next game: a session in ``match``'s channel with every seat
        (side, user id, name) accepted, linked as game ``number``, with the match's
        time control (its clock row: not started); one transaction, so that another
        process that finds the game and starts it finds its clock too.  None when
        that game exists already (a racing command made it) or the channel has
        another live session (``ChannelBusy`` is not raised: the match waits for
        the channel)."""
        try:
            async with self.store.transaction() as run:
                taken = await run("SELECT 1 FROM match_games WHERE match_id=? AND number=?",
                                  (match.id, number))
                if taken.rows:
                    return None
                cur = await run(
                    "INSERT INTO sessions (guild_id, channel_id, game, status, options, seed, "
                    "seed_hash, created_by, created_at, updated_at, expires_at) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL) RETURNING id",
                    (match.guild_id, match.channel_id, match.game, SessionStatus.CHALLENGE,
                     json.dumps(options, sort_keys=True), seed, seed_hash, created_by, now,
                     now))
                session_id = int(cur.rows[0][0])
                for index, (side, user_id, name) in enumerate(seats):
                    await run("INSERT INTO seats (session_id, seat, side, user_id, name, "
                              "accepted) VALUES (?, ?, ?, ?, ?, 1)",
                              (session_id, index, side, user_id, name))
                await run(f"INSERT INTO match_games ({_GAME_COLUMNS}) "
                          "VALUES (?, ?, ?, ?, NULL, 0)",
                          (session_id, match.id, number, int(crawford)))
                if match.control != "none":
                    await run("INSERT INTO clocks (session_id, control, updated_at) "
                              "VALUES (?, ?, ?)", (session_id, match.control, now))
        except (self.store.backend.integrity_error, ChannelBusy):
            return None
        return session_id

    async def latest_in_channel(self, channel_id: str) -> MatchRow | None:
        """The channel's newest match (any status)."""
        return await self._newest_in_channel(_match, _MATCH_COLUMNS, "matches", channel_id)
