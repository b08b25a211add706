"""Tournaments' storage (migration 13): the tournament, its entrants, rounds and pairings.

Every change is one transaction and may be tried again by another process or after a
restart without doing anything twice:

- a round is paired once: its ``tournament_rounds`` row and all its pairings go in one
  transaction, and the process that loses the race on the round's primary key writes
  nothing (``add_round`` answers False);
- a pairing's game opens once: the session is made in the same transaction that sets
  the pairing's ``session_id`` where it was NULL (``open_game``);
- a pairing's result is written once (``set_result``: where it was NULL)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from enum import StrEnum
from typing import Any

from storage.matches import MatchStatus
from storage.models import SessionStatus
from storage.store import ChannelBusy, Tables


class TournamentStatus(StrEnum):
    SIGNUP = "signup"
    PLAYING = "playing"
    FINISHED = "finished"


class Format(StrEnum):
    SWISS = "swiss"
    ROUND_ROBIN = "round-robin"
    KNOCKOUT = "knockout"


class How(StrEnum):
    """How a pairing's result came about (stored)."""

    PLAYED = "played"
    BYE = "bye"
    FORFEIT = "forfeit"            #: a player never moved, or lost on time before moving
    WITHDRAWN = "withdrawn"        #: a player withdrew while the game was on
    DEADLINE = "deadline"          #: the round's deadline decided it


@dataclass(frozen=True)
class EntrantRow:
    user_id: str
    name: str
    rating: float
    joined_at: float
    withdrawn_at: float | None

    @property
    def active(self) -> bool:
        return self.withdrawn_at is None


@dataclass(frozen=True)
class PairingRow:
    tournament_id: int
    round: int
    board: int
    first_id: str
    second_id: str | None
    session_id: int | None
    result: int | None
    how: How | None
    #: a table of 3-4 (CheeseGambit): its players in seat order, and once it is over
    #: their points by finishing place; () for a game of two
    table: tuple[str, ...] = ()
    table_points: tuple[int, ...] = ()

    @property
    def is_bye(self) -> bool:
        return self.second_id is None

    @property
    def players(self) -> tuple[str, ...]:
        """Everyone at the board, in seat order."""
        if self.table:
            return self.table
        return (self.first_id,) if self.second_id is None else (self.first_id, self.second_id)


@dataclass(frozen=True)
class NewTournament:
    """The terms a tournament is created with (a stored one adds its id and status)."""

    guild_id: str | None
    channel_id: str
    name: str
    game: str
    options: dict[str, str]
    format: Format
    rounds: int
    control: str
    target: int
    rated: bool
    created_by: str
    starts_at: float | None
    round_hours: float


@dataclass(frozen=True)
class TournamentRow(NewTournament):
    """A tournament as stored: the terms it was created with, and what it is now."""

    id: int
    status: TournamentStatus
    event_id: str | None


_T_COLUMNS = ("id, guild_id, channel_id, name, game, options, format, rounds, control, target, "
              "rated, status, created_by, starts_at, round_hours, event_id")
_E_COLUMNS = "user_id, name, rating, joined_at, withdrawn_at"
_P_COLUMNS = ("tournament_id, round, board, first_id, second_id, session_id, result, how, "
              "table_ids, table_points")


def _tournament(r: Sequence[Any]) -> TournamentRow:
    return TournamentRow(
        id=int(r[0]), guild_id=r[1], channel_id=str(r[2]), name=str(r[3]), game=str(r[4]),
        options=json.loads(r[5]), format=Format(r[6]), rounds=int(r[7]), control=str(r[8]),
        target=int(r[9]), rated=bool(r[10]), status=TournamentStatus(r[11]),
        created_by=str(r[12]), starts_at=None if r[13] is None else float(r[13]),
        round_hours=float(r[14]), event_id=r[15])


def _entrant(r: Sequence[Any]) -> EntrantRow:
    return EntrantRow(str(r[0]), str(r[1]), float(r[2]), float(r[3]),
                      None if r[4] is None else float(r[4]))


def _pairing(r: Sequence[Any]) -> PairingRow:
    return PairingRow(int(r[0]), int(r[1]), int(r[2]), str(r[3]), r[4],
                      None if r[5] is None else int(r[5]), None if r[6] is None else int(r[6]),
                      None if r[7] is None else How(r[7]),
                      tuple(json.loads(r[8])) if r[8] else (),
                      tuple(int(p) for p in json.loads(r[9])) if r[9] else ())


@dataclass(frozen=True)
class NewBoard:
    """A board of a round to write: a bye carries its result (``BYE`` points) at once."""

    first_id: str
    second_id: str | None
    result: int | None = None
    how: How | None = None
    #: a table of 3-4: everyone at it in seat order (``first_id``, ``second_id`` the
    #: first two)
    table: tuple[str, ...] = ()


@dataclass(frozen=True)
class GameSeat:
    side: str
    user_id: str
    name: str


class TournamentStore(Tables):
    # -- the tournament -------------------------------------------------------------

    async def create(self, new: NewTournament, now: float) -> int:
        return await self.store.insert("tournaments", {
            **asdict(new), "options": json.dumps(new.options, sort_keys=True),
            "format": new.format.value, "rated": int(new.rated),
            "status": TournamentStatus.SIGNUP.value, "event_id": None,
            "created_at": now, "updated_at": now})

    async def tournament(self, tournament_id: int) -> TournamentRow | None:
        return await self.store.first(_tournament,
            f"SELECT {_T_COLUMNS} FROM tournaments WHERE id=?", (tournament_id,))

    async def in_channel(self, channel_id: str) -> TournamentRow | None:
        """The channel's newest tournament (any status)."""
        return await self._newest_in_channel(_tournament, _T_COLUMNS, "tournaments",
                                             channel_id)

    async def unfinished_in_channel(self, channel_id: str) -> list[TournamentRow]:
        """The channel's tournaments not over (a league's divisions), oldest first."""
        rows = await self.store.fetchall(
            f"SELECT {_T_COLUMNS} FROM tournaments WHERE channel_id=? AND status<>? "
            "ORDER BY id", (channel_id, TournamentStatus.FINISHED.value))
        return [_tournament(r) for r in rows]

    async def due_to_start(self, now: float) -> list[TournamentRow]:
        """Tournaments in sign-up whose deadline has passed (the scheduler starts them)."""
        rows = await self.store.fetchall(
            f"SELECT {_T_COLUMNS} FROM tournaments WHERE status=? AND starts_at IS NOT NULL "
            "AND starts_at <= ? ORDER BY id", (TournamentStatus.SIGNUP.value, now))
        return [_tournament(r) for r in rows]

    async def playing(self) -> list[TournamentRow]:
        rows = await self.store.fetchall(
            f"SELECT {_T_COLUMNS} FROM tournaments WHERE status=? ORDER BY id",
            (TournamentStatus.PLAYING.value,))
        return [_tournament(r) for r in rows]

    async def start(self, tournament_id: int, rounds: int, now: float) -> bool:
        """Sign-up closes: True for the one call that closed it."""
        async with self.store.transaction() as run:
            done = await run("UPDATE tournaments SET status=?, rounds=?, updated_at=? "
                             "WHERE id=? AND status=?",
                             (TournamentStatus.PLAYING.value, rounds, now, tournament_id,
                              TournamentStatus.SIGNUP.value))
            return done.rowcount == 1

    async def finish(self, tournament_id: int, now: float) -> bool:
        async with self.store.transaction() as run:
            done = await run("UPDATE tournaments SET status=?, updated_at=? WHERE id=? "
                             "AND status=?",
                             (TournamentStatus.FINISHED.value, now, tournament_id,
                              TournamentStatus.PLAYING.value))
            return done.rowcount == 1

    async def set_event(self, tournament_id: int, event_id: str) -> None:
        async with self.store.transaction() as run:
            await run("UPDATE tournaments SET event_id=? WHERE id=? AND event_id IS NULL",
                      (event_id, tournament_id))

    # -- entrants ---------------------------------------------------------------------

    async def entrants(self, tournament_id: int) -> list[EntrantRow]:
        """Every entrant, the seeding order: the highest rating first, then who joined
        first."""
        rows = await self.store.fetchall(
            f"SELECT {_E_COLUMNS} FROM tournament_entrants WHERE tournament_id=? "
            "ORDER BY rating DESC, joined_at, user_id", (tournament_id,))
        return [_entrant(r) for r in rows]

    async def join(self, tournament_id: int, user_id: str, name: str, rating: float,
                   now: float) -> bool:
        """False when already in (or the sign-up closed meanwhile)."""
        async with self.store.transaction() as run:
            cur = await run(
                "INSERT INTO tournament_entrants (tournament_id, user_id, name, rating, "
                "joined_at, withdrawn_at) SELECT ?, ?, ?, ?, ?, NULL WHERE EXISTS "
                "(SELECT 1 FROM tournaments WHERE id=? AND status=?) "
                "ON CONFLICT (tournament_id, user_id) DO NOTHING",
                (tournament_id, user_id, name, rating, now, tournament_id,
                 TournamentStatus.SIGNUP.value))
            return cur.rowcount == 1

    async def leave(self, tournament_id: int, user_id: str) -> bool:
        """Out before the start (False: was not in, or it started meanwhile)."""
        async with self.store.transaction() as run:
            cur = await run(
                "DELETE FROM tournament_entrants WHERE tournament_id=? AND user_id=? AND "
                "EXISTS (SELECT 1 FROM tournaments WHERE id=? AND status=?)",
                (tournament_id, user_id, tournament_id, TournamentStatus.SIGNUP.value))
            return cur.rowcount == 1

    async def withdraw(self, tournament_id: int, user_id: str, now: float) -> bool:
        async with self.store.transaction() as run:
            cur = await run("UPDATE tournament_entrants SET withdrawn_at=? WHERE "
                            "tournament_id=? AND user_id=? AND withdrawn_at IS NULL",
                            (now, tournament_id, user_id))
            return cur.rowcount == 1

    # -- rounds and pairings --------------------------------------------------------------

    async def rounds(self, tournament_id: int) -> list[tuple[int, float | None]]:
        """The rounds paired so far: (number, deadline)."""
        rows = await self.store.fetchall(
            "SELECT number, deadline FROM tournament_rounds WHERE tournament_id=? "
            "ORDER BY number", (tournament_id,))
        return [(int(r[0]), None if r[1] is None else float(r[1])) for r in rows]

    async def add_round(self, tournament_id: int, number: int, boards: Sequence[NewBoard],
                        deadline: float | None, now: float) -> bool:
        """Round ``number`` with its boards, all at once; False (nothing written) when
        that round was paired already (another process, or before a restart)."""
        try:
            async with self.store.transaction() as run:
                await run("INSERT INTO tournament_rounds (tournament_id, number, paired_at, "
                          "deadline) VALUES (?, ?, ?, ?)", (tournament_id, number, now, deadline))
                for index, board in enumerate(boards, start=1):
                    await run(
                        f"INSERT INTO tournament_pairings ({_P_COLUMNS}, created_at) "
                        "VALUES (?, ?, ?, ?, ?, NULL, ?, ?, ?, NULL, ?)",
                        (tournament_id, number, index, board.first_id, board.second_id,
                         board.result, None if board.how is None else board.how.value,
                         json.dumps(list(board.table)) if board.table else None, now))
        except self.store.backend.integrity_error:
            return False
        return True

    async def pairings(self, tournament_id: int) -> list[PairingRow]:
        rows = await self.store.fetchall(
            f"SELECT {_P_COLUMNS} FROM tournament_pairings WHERE tournament_id=? "
            "ORDER BY round, board", (tournament_id,))
        return [_pairing(r) for r in rows]

    async def pairing_of_session(self, session_id: int) -> PairingRow | None:
        """The pairing a session plays: its own game, or a game of its match."""
        return await self.store.first(_pairing,
            f"SELECT {_P_COLUMNS} FROM tournament_pairings WHERE session_id=? OR session_id="
            "(SELECT match_id FROM match_games WHERE session_id=?)", (session_id, session_id))

    async def set_result(self, pairing: PairingRow, result: int, how: How) -> bool:
        """The pairing's result, once: False when it was written already."""
        async with self.store.transaction() as run:
            cur = await run("UPDATE tournament_pairings SET result=?, how=? WHERE "
                            "tournament_id=? AND round=? AND board=? AND result IS NULL",
                            (result, how.value, pairing.tournament_id, pairing.round,
                             pairing.board))
            return cur.rowcount == 1

    async def set_table_result(self, pairing: PairingRow, points: Sequence[int], how: How
                               ) -> bool:
        """A table's points by seat, once (``result`` holds the first seat's, so that a
        board is over when its ``result`` is set, a table as a game of two)."""
        async with self.store.transaction() as run:
            cur = await run("UPDATE tournament_pairings SET result=?, how=?, table_points=? "
                            "WHERE tournament_id=? AND round=? AND board=? AND result IS NULL",
                            (int(points[0]), how.value, json.dumps([int(p) for p in points]),
                             pairing.tournament_id, pairing.round, pairing.board))
            return cur.rowcount == 1

    async def unopened(self, older_than: float) -> list[PairingRow]:
        """Pairings of a game not yet opened, paired before ``older_than`` (a process
        died between pairing the round and opening its threads)."""
        rows = await self.store.fetchall(
            f"SELECT {', '.join('p.' + c.strip() for c in _P_COLUMNS.split(','))} "
            "FROM tournament_pairings p JOIN tournament_rounds r ON "
            "r.tournament_id=p.tournament_id AND r.number=p.round "
            "WHERE p.session_id IS NULL AND p.result IS NULL AND p.second_id IS NOT NULL "
            "AND r.paired_at < ? ORDER BY p.tournament_id, p.round, p.board", (older_than,))
        return [_pairing(r) for r in rows]

    async def open_game(self, tournament: TournamentRow, pairing: PairingRow, *,
                        channel_id: str, options: dict[str, str], seed: str, seed_hash: str,
                        seats: Sequence[GameSeat], now: float) -> int | None:
        """The pairing's game: a session in ``channel_id`` (its thread) with every seat
        accepted, its clock, and (a match) the match it is the first game of; linked to
        the pairing in the same transaction.  None when the pairing has its game
        already (another process opened it) or the thread holds a live game."""
        try:
            async with self.store.transaction() as run:
                cur = await run(
                    "INSERT INTO sessions (guild_id, channel_id, game, status, options, seed, "
                    "seed_hash, created_by, created_at, updated_at, expires_at) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL) RETURNING id",
                    (tournament.guild_id, channel_id, tournament.game,
                     SessionStatus.CHALLENGE.value, json.dumps(options, sort_keys=True), seed,
                     seed_hash, tournament.created_by, now, now))
                session_id = int(cur.rows[0][0])
                for index, seat in enumerate(seats):
                    await run("INSERT INTO seats (session_id, seat, side, user_id, name, "
                              "accepted) VALUES (?, ?, ?, ?, ?, 1)",
                              (session_id, index, seat.side, seat.user_id, seat.name))
                if tournament.control != "none":
                    await run("INSERT INTO clocks (session_id, control, updated_at) "
                              "VALUES (?, ?, ?)", (session_id, tournament.control, now))
                if tournament.target:
                    await run(
                        "INSERT INTO matches (id, guild_id, channel_id, game, target, options, "
                        "control, status, winner, result, created_at, updated_at) "
                        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, NULL, NULL, ?, ?)",
                        (session_id, tournament.guild_id, channel_id, tournament.game,
                         tournament.target, json.dumps(options, sort_keys=True),
                         tournament.control, MatchStatus.PLAYING, now, now))
                    await run("INSERT INTO match_games (session_id, match_id, number, "
                              "crawford, winner, points) VALUES (?, ?, 1, 0, NULL, 0)",
                              (session_id, session_id))
                if not tournament.rated:
                    await run("INSERT INTO unrated_sessions (session_id, asked_by, asked_at) "
                              "VALUES (?, ?, ?)", (session_id, tournament.created_by, now))
                linked = await run(
                    "UPDATE tournament_pairings SET session_id=? WHERE tournament_id=? AND "
                    "round=? AND board=? AND session_id IS NULL",
                    (session_id, pairing.tournament_id, pairing.round, pairing.board))
                if linked.rowcount != 1:
                    raise _AlreadyOpen
        except (_AlreadyOpen, ChannelBusy, self.store.backend.integrity_error):
            return None
        return session_id


class _AlreadyOpen(Exception):
    """Rolls back a game another process opened first."""
