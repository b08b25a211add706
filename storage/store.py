"""Storage of sessions, seats and the append-only turn log, on SQLite or PostgreSQL.

Every change is one transaction (SQLite: ``BEGIN IMMEDIATE``; PostgreSQL: READ
COMMITTED, row locks) that checks the session version it was computed from; a
racing change that lost finds a different version, changes nothing and raises
``StaleVersion``.  Either database's journal makes each transaction all-or-nothing
even if the process dies mid-way.

The SQL here is written once for both: ``?`` placeholders (the PostgreSQL backend,
storage/postgres.py, numbers them), ``INSERT ... ON CONFLICT`` rather than SQLite's
``INSERT OR ...``, ``RETURNING`` rather than ``lastrowid``.  Whatever differs lives in
a ``Backend`` (below for SQLite, storage/postgres.py for PostgreSQL).
"""

from __future__ import annotations

import asyncio
import errno
import json
import logging
import re
import sqlite3
import time
from collections.abc import AsyncIterator, Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import (
    AbstractAsyncContextManager,
    asynccontextmanager,
    contextmanager,
    nullcontext,
)
from contextvars import ContextVar
from dataclasses import dataclass
from itertools import groupby
from pathlib import Path
from typing import Any, Protocol, TypeVar
from urllib.parse import urlsplit, urlunsplit

import aiosqlite

from games.outcome import Outcome, outcome_text
from storage.migrations import LATEST, MIGRATIONS
from storage.models import NewTurn, Seat, Session, SessionStatus, TurnEntry, TurnKind

log = logging.getLogger(__name__)


class StorageError(Exception):
    """Base of the store's own errors."""


class StaleVersion(StorageError):
    """The session changed since it was read: nothing was written."""


class ChannelBusy(StorageError):
    """The channel already has a live session."""


class DatabaseFault(StorageError):
    """The database failed a statement for a reason outside the statement: it is
    down, did not answer in time, or has no room.  ``kind`` names which (the bot
    words each; the catalogue key is ``fault_<kind>``).  The driver's own error is
    the ``__cause__``.  Raised by the store in place of the driver's error, so that
    callers tell an outage from a bug without knowing the drivers."""

    kind = "database_down"


class DatabaseDown(DatabaseFault):
    """The server cannot be reached or the connection broke: the transaction under
    way (if any) did not commit."""

    kind = "database_down"


class DatabaseTimeout(DatabaseFault):
    """No answer within the statement timeout (a frozen server, a lock held too long
    by another process): the transaction under way did not commit."""

    kind = "database_timeout"


class DiskFull(DatabaseFault):
    """The database's disk (or SQLite's size limit) is full: nothing was written."""

    kind = "disk_full"


class CommitUnknown(DatabaseFault):
    """The connection broke (or the server stopped answering) while a COMMIT was
    under way: the change may or may not have been saved.  Read it back to know."""

    kind = "commit_unknown"


#: The transactions committed during the current command (set per command by the bot
#: with ``commits_counted``): a fault after one of them must not say "nothing changed".
_commits: ContextVar[list[int] | None] = ContextVar("boardbot_commits", default=None)


@contextmanager
def commits_counted() -> Iterator[list[int]]:
    """Within the block (one command's task), each transaction the store commits adds
    one entry to the list yielded."""
    committed: list[int] = []
    token = _commits.set(committed)
    try:
        yield committed
    finally:
        _commits.reset(token)


@dataclass(frozen=True)
class Appended:
    """What ``Store.append_turns`` wrote: the session as it now is and the log
    entries appended (in order)."""

    session: Session
    entries: list[TurnEntry]


#: One SQL statement with its parameters, run inside another change's transaction.
Statement = tuple[str, Sequence[Any]]

@dataclass(frozen=True)
class Ran:
    """A statement run inside a transaction, its cursor already closed."""

    rowcount: int
    lastrowid: int | None
    rows: list[Any]

    async def fetchone(self) -> Any:
        return self.rows[0] if self.rows else None

    async def fetchall(self) -> list[Any]:
        return self.rows


class Run(Protocol):
    """The statement runner a ``Store.transaction()`` yields."""

    async def __call__(self, sql: str, params: Sequence[Any] = ()) -> Ran: ...


class Backend(Protocol):
    """What differs between the databases: connections, transactions, migrations."""

    #: "sqlite" or "postgresql".
    name: str
    #: The driver's error for a broken constraint (a unique index, a trigger's refusal).
    integrity_error: type[Exception]
    #: The driver's base error class, for ``except``.
    errors: tuple[type[Exception], ...]
    #: True when one connection carries one transaction at a time (the store serialises).
    serial: bool

    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Any]: ...

    def transaction(self) -> AbstractAsyncContextManager[Run]: ...

    async def schema_version(self) -> int: ...

    async def migrate(self) -> int: ...

    async def lead(self, role: str) -> bool: ...

    def fault(self, exc: BaseException) -> DatabaseFault | None:
        """The ``DatabaseFault`` a driver error stands for (None: not a fault of the
        database itself, e.g. a broken constraint or a bug)."""
        ...

    async def close(self) -> None: ...


def masked(url: str) -> str:
    """A database setting without its password (for messages, logs and reprs)."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    host = parts.hostname or ""
    netloc = f"{parts.username or ''}:***@{host}" + (f":{parts.port}" if parts.port else "")
    return urlunsplit(parts._replace(netloc=netloc))


def is_postgres_url(target: str) -> bool:
    """True when the database setting names a PostgreSQL server, not a SQLite file."""
    return target.startswith(("postgresql://", "postgres://"))


@dataclass(frozen=True)
class SessionPage:
    """One page of sessions (seats included), how many match in all, and the running
    clock of each session that has one: ``(control, side, started_at, budget)``."""

    sessions: list[Session]
    total: int
    clocks: dict[int, tuple[str, str | None, float | None, float | None]]


_SESSION_COLUMNS = (
    "id, guild_id, channel_id, game, status, options, initial_position, position, next_turn, "
    "dice, seed, seed_hash, opening, result, version, created_by, created_at, updated_at, "
    "expires_at, outcome"
)
#: A session's columns (``s``) and its seats' (``t``, one row per seat; NULL without
#: seats): what ``_sessions_of`` reads.
_SESSIONS_WITH_SEATS = (
    "SELECT " + ", ".join(f"s.{c.strip()}" for c in _SESSION_COLUMNS.split(",")) +
    ", t.seat AS t_seat, t.side AS t_side, t.user_id AS t_user, t.name AS t_name, "
    "t.accepted AS t_accepted FROM sessions s LEFT JOIN seats t ON t.session_id=s.id"
)


_R = TypeVar("_R")


class Store:
    """One database (a SQLite file or a PostgreSQL server).  Use ``await Store.open(target)``
    (a file path or a ``postgresql://`` URL); close with ``close()``."""

    def __init__(self, backend: Backend) -> None:
        self.backend = backend
        # SQLite: one transaction at a time on this connection.  PostgreSQL: a pool of
        # connections; the server's row locks order racing transactions.
        self._lock: AbstractAsyncContextManager[Any] = (
            asyncio.Lock() if backend.serial else nullcontext())
        #: Test hook called with a counter before each statement of a transaction.
        self.statement_hook: Callable[[int], None] | None = None
        #: Test hook called just before each COMMIT (after the last statement).
        self.commit_hook: Callable[[], None] | None = None
        #: Statements sent and transactions run so far (benchmarks and tests count
        #: a command's round trips with these).
        self.statements = 0
        self.transactions = 0

    @classmethod
    async def open(cls, path: str, busy_timeout: float | None = None,
                   statement_timeout: float | None = None) -> Store:
        """Open (creating the file and its folder if missing) and migrate.  Raises
        ``DatabaseUnavailable`` (closing the connection) when the file is locked
        past ``busy_timeout`` seconds, read-only, damaged, not ours or newer; for a
        ``postgresql://`` URL, when the server cannot be reached or the database is
        missing, not ours or newer.  ``statement_timeout`` (seconds, PostgreSQL; 0:
        none): how long a statement may take before it fails with
        ``DatabaseTimeout``; SQLite waits ``busy_timeout`` for a lock instead."""
        from storage.opening import (
            BUSY_TIMEOUT,
            STATEMENT_TIMEOUT,
            DatabaseUnavailable,
            describe,
            open_database,
        )

        wait = BUSY_TIMEOUT if busy_timeout is None else busy_timeout
        if is_postgres_url(path):
            from storage.postgres import open_postgres
            limit = STATEMENT_TIMEOUT if statement_timeout is None else statement_timeout
            return cls(await open_postgres(path, LATEST, wait, limit))
        db = await open_database(path, LATEST, wait)
        store = cls(SqliteBackend(db, wait))
        try:
            await store.migrate()
        except BaseException as exc:
            await db.close()
            if isinstance(exc, sqlite3.Error):
                raise DatabaseUnavailable(path, describe(Path(path), exc, wait)) from exc
            raise
        return store

    @property
    def dialect(self) -> str:
        """"sqlite" or "postgresql"."""
        return self.backend.name

    @property
    def _db(self) -> aiosqlite.Connection:
        """The SQLite connection (tests that fill a file in bulk use it)."""
        if not isinstance(self.backend, SqliteBackend):
            raise TypeError("not a SQLite store")
        return self.backend.db

    async def close(self) -> None:
        await self.backend.close()

    async def lead(self, role: str) -> bool:
        """True while this process is the one that does ``role`` (e.g. "scheduler") for
        the database.  SQLite: always (one file, one machine; its transactions already
        let one writer in at a time).  PostgreSQL: the holder of an advisory lock on a
        connection of its own; when that process dies its connection closes, the lock
        goes with it, and the next process that asks takes over."""
        return await self.backend.lead(role)

    # -- schema -----------------------------------------------------------------

    async def schema_version(self) -> int:
        return await self.backend.schema_version()

    async def migrate(self) -> int:
        """Apply every migration newer than the database's version; returns the version."""
        async with self._lock:
            return await self.backend.migrate()

    # -- transactions -------------------------------------------------------------

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Run]:
        """One transaction: yields ``run(sql, params)``; commits when the block ends,
        rolls back when it raises.  Stores built on this one (the correspondence
        tables) use it for their own all-or-nothing changes."""
        try:
            async with self._lock, self.backend.transaction() as raw:
                counter = [0]
                self.transactions += 1

                async def run(sql: str, params: Sequence[Any] = ()) -> Ran:
                    counter[0] += 1
                    self.statements += 1
                    if self.statement_hook is not None:
                        self.statement_hook(counter[0])
                    return await raw(sql, params)

                yield run
                if self.statement_hook is not None:
                    self.statement_hook(counter[0] + 1)  # just before the COMMIT
                if self.commit_hook is not None:
                    self.commit_hook()
        except Exception as exc:
            fault = self._fault(exc)
            if fault is None:
                raise
            raise fault from exc
        committed = _commits.get()
        if committed is not None:
            committed.append(1)

    def _fault(self, exc: Exception) -> DatabaseFault | None:
        """The ``DatabaseFault`` to raise for a driver error that is the database's
        fault (None: raise the exception as it is, a fault already translated too)."""
        if isinstance(exc, DatabaseFault):
            return None
        return self.backend.fault(exc)

    # -- reads --------------------------------------------------------------------

    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        """The rows of one read-only query, outside any transaction."""
        self.statements += 1
        try:
            return await self.backend.fetchall(sql, params)
        except Exception as exc:
            fault = self._fault(exc)
            if fault is None:
                raise
            raise fault from exc

    # -- settings -------------------------------------------------------------------

    async def save_row(self, table: str, key: Mapping[str, Any], values: Mapping[str, Any],
                       now: float) -> None:
        """Insert the row of ``key`` with ``values``, or update those ``values`` of the
        row already there, its ``updated_at`` set to ``now`` either way: how every
        setting (a user's theme, a server's nudge period, a language) is saved, in
        SQL both databases speak.  ``table`` and the column names come from code,
        never from a user."""
        columns = [*key, *values, "updated_at"]
        updated = [*values, "updated_at"]
        async with self.transaction() as run:
            await run(f"INSERT INTO {table} ({', '.join(columns)}) "
                      f"VALUES ({', '.join('?' * len(columns))}) "
                      f"ON CONFLICT ({', '.join(key)}) DO UPDATE SET "
                      + ", ".join(f"{c}=excluded.{c}" for c in updated),
                      (*key.values(), *values.values(), now))

    async def _fetchone(self, sql: str, params: Sequence[Any] = ()) -> Any:
        rows = await self.fetchall(sql, params)
        return rows[0] if rows else None

    async def first(self, parse: Callable[[Any], _R], sql: str,
                    params: Sequence[Any] = ()) -> _R | None:
        """``parse`` of the first row ``sql`` reads, or None when it reads none: how
        every area reads one row by its key."""
        row = await self._fetchone(sql, params)
        return None if row is None else parse(row)

    async def fetch_in(self, sql: str, keys: Iterable[Any]) -> list[Any]:
        """The rows of ``sql`` for each distinct key of ``keys``: its ``{marks}`` becomes
        one ``?`` a key.  No keys read nothing (``IN ()`` is not SQL)."""
        wanted = list(dict.fromkeys(keys))
        if not wanted:
            return []
        return await self.fetchall(sql.format(marks=",".join("?" for _ in wanted)), wanted)

    async def insert(self, table: str, values: Mapping[str, Any]) -> int:
        """Insert one row of ``values`` into ``table`` (names from code, never from a
        user) in a transaction of its own; its new ``id``."""
        async with self.transaction() as run:
            cur = await run(f"INSERT INTO {table} ({', '.join(values)}) "
                            f"VALUES ({', '.join('?' * len(values))}) RETURNING id",
                            tuple(values.values()))
            return int(cur.rows[0][0])

    async def _read_sessions(self, where: str, params: Sequence[Any]) -> list[Session]:
        """The sessions ``where`` chooses (a condition on ``s``, the sessions table),
        oldest first, each with its seats: ONE statement (the seats joined), not one
        for the session and one for its seats."""
        rows = await self.fetchall(f"{_SESSIONS_WITH_SEATS} WHERE {where} ORDER BY s.id, t.seat",
                                   params)
        return _sessions_of(rows)

    async def _one_session(self, where: str, params: Sequence[Any]) -> Session | None:
        found = await self._read_sessions(where, params)
        return found[0] if found else None

    async def live_session(self, channel_id: str) -> Session | None:
        """The channel's challenge or active session, if any."""
        return await self._one_session(
            "s.channel_id=? AND s.status IN ('challenge','active')", (channel_id,))

    async def latest_session(self, channel_id: str) -> Session | None:
        """The channel's most recent session, live or not."""
        return await self._one_session(
            "s.id=(SELECT id FROM sessions WHERE channel_id=? ORDER BY id DESC LIMIT 1)",
            (channel_id,))

    async def session(self, session_id: int) -> Session | None:
        return await self._one_session("s.id=?", (session_id,))

    async def sessions(
        self, guild_id: str | None = None, statuses: Iterable[str] = (SessionStatus.ACTIVE,)
    ) -> list[Session]:
        """Sessions in the given statuses (of one guild when given), oldest first."""
        wanted = list(statuses)
        marks = ",".join("?" for _ in wanted)
        where = f"s.status IN ({marks})"
        params: list[Any] = list(wanted)
        if guild_id is not None:
            where += " AND s.guild_id=?"
            params.append(guild_id)
        return await self._read_sessions(where, params)

    async def session_page(
        self, guild_id: str | None, statuses: Sequence[str], *, user_id: str | None = None,
        limit: int = 15, offset: int = 0, game: str | None = None, newest_first: bool = False,
        user_prefix: bool = False,
    ) -> SessionPage:
        """Sessions in ``statuses`` (of one guild when given; only those where ``user_id``
        holds a seat when given), oldest first, ``limit`` from ``offset``: ONE query,
        seats and clocks joined, the total counted by a window over the same rows."""
        marks = ",".join("?" for _ in statuses)
        where = [f"status IN ({marks})"]
        params: list[Any] = list(statuses)
        if guild_id is not None:
            where.append("guild_id=?")
            params.append(guild_id)
        if user_id is not None:
            # user_prefix: any seat whose user id starts so (the computer's seats)
            match = "m.user_id LIKE ?" if user_prefix else "m.user_id=?"
            where.append("EXISTS (SELECT 1 FROM seats m WHERE m.session_id=sessions.id "
                         f"AND {match})")
            params.append(user_id + "%" if user_prefix else user_id)
        if game is not None:
            where.append("game=?")
            params.append(game)
        order = "id DESC" if newest_first else "id"
        columns = ", ".join(f"s.{c.strip()}" for c in _SESSION_COLUMNS.split(","))
        # The page is chosen (and the total counted) on ids alone, which the indexes
        # cover; only the page's rows are then read whole.
        sql = (
            f"WITH page AS (SELECT id AS pid, COUNT(*) OVER () AS total FROM sessions "
            f"WHERE {' AND '.join(where)} ORDER BY {order} LIMIT ? OFFSET ?) "
            f"SELECT {columns}, page.total, t.seat AS t_seat, t.side AS t_side, "
            "t.user_id AS t_user, t.name AS t_name, t.accepted AS t_accepted, "
            "c.control AS c_control, c.side AS c_side, c.started_at AS c_started, "
            "c.budget AS c_budget FROM page JOIN sessions s ON s.id=page.pid "
            "LEFT JOIN seats t ON t.session_id=s.id "
            f"LEFT JOIN clocks c ON c.session_id=s.id ORDER BY s.{order}, t.seat"
        )
        rows = await self.fetchall(sql, (*params, max(1, limit), max(0, offset)))
        sessions: list[Session] = []
        clocks: dict[int, tuple[str, str | None, float | None, float | None]] = {}
        total = 0
        for session_id, group in groupby(rows, key=lambda r: r["id"]):
            members = list(group)
            first = members[0]
            total = first["total"]
            sessions.append(_session_of(first, _joined_seats(members)))
            if first["c_control"] is not None:
                clocks[session_id] = (first["c_control"], first["c_side"], first["c_started"],
                                      first["c_budget"])
        return SessionPage(sessions, total, clocks)

    async def turns(self, session_id: int) -> list[TurnEntry]:
        rows = await self.fetchall(
            f"SELECT {_TURN_COLUMNS} FROM turns "
            "WHERE session_id=? ORDER BY seq",
            (session_id,),
        )
        return [_turn_of(r) for r in rows]

    async def last_turn(self, session_id: int, kinds: tuple[str, ...] = (TurnKind.TURN,)
                        ) -> TurnEntry | None:
        """The latest log entry of these kinds (one indexed scan from the end)."""
        marks = ",".join("?" for _ in kinds)
        r = await self._fetchone(
            f"SELECT {_TURN_COLUMNS} FROM turns "
            f"WHERE session_id=? AND kind IN ({marks}) AND seq NOT IN (SELECT seq_undone "
            "FROM undos WHERE session_id=turns.session_id AND accepted=1) "
            "ORDER BY seq DESC LIMIT 1",
            (session_id, *kinds),
        )
        return None if r is None else _turn_of(r)

    # -- writes -------------------------------------------------------------------

    async def create_session(
        self, *, guild_id: str | None, channel_id: str, game: str, options: dict[str, str],
        seed: str, seed_hash: str, created_by: str, now: float, expires_at: float | None,
        seats: Sequence[tuple[str, str, str, bool]],
    ) -> int:
        """Open a challenge; ``seats`` are (side, user_id, name, accepted) in turn order.
        Raises ChannelBusy when the channel already has a live session."""
        try:
            async with self.transaction() as run:
                cur = await run(
                    "INSERT INTO sessions (guild_id, channel_id, game, status, options, seed, "
                    "seed_hash, created_by, created_at, updated_at, expires_at) "
                    "VALUES (?, ?, ?, 'challenge', ?, ?, ?, ?, ?, ?, ?) RETURNING id",
                    (guild_id, channel_id, game, json.dumps(options, sort_keys=True), seed,
                     seed_hash, created_by, now, now, expires_at),
                )
                session_id = int(cur.rows[0][0])
                for index, (side, user_id, name, accepted) in enumerate(seats):
                    await run(
                        "INSERT INTO seats (session_id, seat, side, user_id, name, accepted) "
                        "VALUES (?, ?, ?, ?, ?, ?)",
                        (session_id, index, side, user_id, name, int(accepted)),
                    )
        except self.backend.integrity_error as exc:
            if "one_live_session_per_channel" in str(exc) or "channel_id" in str(exc):
                raise ChannelBusy(channel_id) from exc
            raise
        return session_id

    async def bump_version(self, run: Run, session: Session, now: float, **changes: Any
                           ) -> Session:
        """Inside ``transaction()``: write ``changes`` to the session if its version is
        still the one read (else ``StaleVersion``, and the transaction rolls back).
        Returns the session's row as it now is (read back by the same statement), with
        the seats ``session`` has (a change of seats in the same transaction is not
        in them).  An ``outcome`` change writes the ``result`` text with it (the text
        it states, unless the caller gives the engine's own)."""
        if "outcome" in changes and "result" not in changes:
            ended = changes["outcome"]
            changes["result"] = outcome_text(ended) if ended is not None else None
        columns = "".join(f"{name}=?, " for name in changes)
        values = [_encode(v) for v in changes.values()]
        cur = await run(
            f"UPDATE sessions SET {columns}version=version+1, updated_at=? "
            f"WHERE id=? AND version=? RETURNING {_SESSION_COLUMNS}",
            (*values, now, session.id, session.version),
        )
        if len(cur.rows) != 1:
            raise StaleVersion(f"session {session.id} changed since version {session.version}")
        return _session_of(cur.rows[0], session.seats)

    async def update_session(self, session: Session, now: float, *,
                             extra: Sequence[Statement] = (), **changes: Any) -> None:
        """Change session columns (status, position, dice, ...) under the version check;
        ``extra`` statements run in the same transaction (after the check)."""
        async with self.transaction() as run:
            await self.bump_version(run, session, now, **changes)
            for sql, params in extra:
                await run(sql, params)

    async def accept_seat(self, session: Session, user_id: str, now: float) -> None:
        async with self.transaction() as run:
            await self.bump_version(run, session, now)
            await run(
                "UPDATE seats SET accepted=1 WHERE session_id=? AND user_id=?",
                (session.id, user_id),
            )

    async def add_seat(self, session: Session, user_id: str, name: str, now: float) -> None:
        """Seat a user who joins an open lobby (side decided when the game starts)."""
        seat = len(session.seats)
        async with self.transaction() as run:
            await self.bump_version(run, session, now)
            await run(
                "INSERT INTO seats (session_id, seat, side, user_id, name, accepted) "
                "VALUES (?, ?, ?, ?, ?, 1)",
                (session.id, seat, f"?{seat}", user_id, name),
            )

    async def assign_sides(self, session: Session, sides: Sequence[str], now: float,
                           **changes: Any) -> None:
        """Give the seats, in seat order, their sides (a lobby about to start)."""
        async with self.transaction() as run:
            await self.bump_version(run, session, now, **changes)
            # Two passes so that the UNIQUE (session, side) never sees a clash mid-way.
            for seat in session.seats:
                await run("UPDATE seats SET side=? WHERE session_id=? AND seat=?",
                          (f"#{seat.seat}", session.id, seat.seat))
            for seat, side in zip(session.seats, sides, strict=True):
                await run("UPDATE seats SET side=?, accepted=1 WHERE session_id=? AND seat=?",
                          (side, session.id, seat.seat))

    async def append_turns(
        self, session: Session, turns: Sequence[NewTurn], now: float, *,
        extra: Sequence[Statement] = (), **changes: Any
    ) -> Appended:
        """Append turns to the log and change the session, all or nothing (``extra``
        statements, e.g. the clock changing hands, run in the same transaction).
        Returns the session as changed and the log entries as written, so that the
        caller need not read either back."""
        async with self.transaction() as run:
            changed = await self.bump_version(run, session, now, **changes)
            for sql, params in extra:
                await run(sql, params)
            entries: list[TurnEntry] = []
            for turn in turns:
                # the next seq, found by the insert itself: the version check above
                # already keeps every other writer of this session's log out
                cur = await run(
                    "INSERT INTO turns (session_id, seq, number, side, dice, record, moves, "
                    "actor, played_at, kind, events) VALUES (?, (SELECT COALESCE(MAX(seq), 0) "
                    "+ 1 FROM turns WHERE session_id=?), ?, ?, ?, ?, ?, ?, ?, ?, ?) "
                    "RETURNING seq",
                    (session.id, session.id, turn.number, turn.side,
                     json.dumps(list(turn.dice)), turn.record, turn.moves, turn.actor, now,
                     turn.kind, turn.events),
                )
                entries.append(TurnEntry(turn.number, turn.side, tuple(turn.dice), turn.record,
                                         turn.moves, turn.actor, turn.kind, turn.events,
                                         seq=int(cur.rows[0][0]), played_at=now))
        return Appended(changed, entries)


class SqliteBackend:
    """A SQLite file on one aiosqlite connection (``storage.opening`` opened it)."""

    name = "sqlite"
    integrity_error: type[Exception] = sqlite3.IntegrityError
    errors: tuple[type[Exception], ...] = (sqlite3.Error,)
    serial = True

    def __init__(self, db: aiosqlite.Connection, busy_timeout: float = 5.0) -> None:
        self.db = db
        #: The connection's ``PRAGMA busy_timeout`` (seconds; storage.opening sets it).
        self.busy_timeout = busy_timeout

    async def close(self) -> None:
        await self.db.close()

    async def lead(self, role: str) -> bool:
        return True

    def fault(self, exc: BaseException) -> DatabaseFault | None:
        if isinstance(exc, OSError) and exc.errno in (errno.ENOSPC, errno.EDQUOT):
            return DiskFull(str(exc))
        if not isinstance(exc, sqlite3.Error):
            return None
        code = getattr(exc, "sqlite_errorcode", None)
        primary = code & 0xFF if isinstance(code, int) else None
        if primary == sqlite3.SQLITE_FULL:  # the disk, or max_page_count
            return DiskFull(str(exc))
        if primary in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED):  # past busy_timeout
            return DatabaseTimeout(str(exc))
        if primary in (sqlite3.SQLITE_IOERR, sqlite3.SQLITE_CANTOPEN, sqlite3.SQLITE_READONLY,
                       sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB):
            return DatabaseDown(str(exc))
        return None

    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        # one trip to the connection's thread (execute, fetch and close there), not
        # three (execute, fetch, close): each trip is a thread hop and a loop wake-up
        return list(await self.db.execute_fetchall(sql, params))

    async def schema_version(self) -> int:
        async with self.db.execute("PRAGMA user_version") as cur:
            row = await cur.fetchone()
        return int(row[0]) if row else 0

    async def migrate(self) -> int:
        current = await self.schema_version()
        if current > LATEST:
            raise StorageError(
                f"database schema {current} is newer than this program ({LATEST})"
            )
        for version in range(current + 1, LATEST + 1):
            await self.db.execute("BEGIN IMMEDIATE")
            try:
                for statement in _split_sql(MIGRATIONS[version - 1]):
                    await self.db.execute(statement)
                await self.db.execute(f"PRAGMA user_version={version}")
                await self.db.execute("COMMIT")
            except BaseException:
                await self.db.execute("ROLLBACK")
                raise
        return LATEST

    async def _begin_immediate(self, attempts: int = 8) -> None:
        """``BEGIN IMMEDIATE``, tried again a few times (10 ms doubling, about 2.5 s in
        all) when SQLite answers "database is locked" at once: two connections in WAL
        mode sometimes get SQLITE_BUSY without the busy handler waiting.  Nothing has
        been written yet, so trying again is safe.  An answer that came only after the
        busy handler waited is a lock really held (by another process): not tried
        again, so a command waits about ``busy_timeout``, not eight times as long."""
        for attempt in range(attempts):
            began = time.monotonic()
            try:
                await self.db.execute("BEGIN IMMEDIATE")
                return
            except sqlite3.OperationalError as exc:
                waited = time.monotonic() - began
                if "locked" not in str(exc) or attempt == attempts - 1 \
                        or waited >= self.busy_timeout / 2:
                    raise
                await asyncio.sleep(0.01 * 2 ** attempt)

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Run]:
        await self._begin_immediate()

        async def run(sql: str, params: Sequence[Any] = ()) -> Ran:
            # One trip to the connection's thread each.  A statement that returns
            # rows is read to its end there (its cursor then holds no statement in
            # progress, which would make SQLite refuse the COMMIT); its rowcount is
            # the rows it returned, as on PostgreSQL.  Any other statement has run
            # to its end once ``execute`` returns.
            if returns_rows(sql):
                rows = list(await self.db.execute_fetchall(sql, params))
                return Ran(len(rows), None, rows)
            cursor = await self.db.execute(sql, params)
            return Ran(cursor.rowcount, cursor.lastrowid, [])

        try:
            yield run
        except BaseException:
            await self.db.execute("ROLLBACK")
            raise
        try:
            await self.db.execute("COMMIT")
        except BaseException:
            # A COMMIT that fails (a full disk, a lock past busy_timeout) may leave the
            # transaction open: rolled back here, or every later BEGIN would fail.
            # SQLite is local: a COMMIT that raised did not commit.
            if self.db.in_transaction:
                await self.db.execute("ROLLBACK")
            raise


_ROWS = re.compile(r"^\s*(SELECT|WITH|VALUES)\b|\bRETURNING\b", re.IGNORECASE)


def returns_rows(sql: str) -> bool:
    """True for a statement that returns rows (a query, or a change ``RETURNING``)."""
    return _ROWS.search(sql) is not None


#: The turns columns a TurnEntry is read from (``_turn_of``).
_TURN_COLUMNS = "seq, number, side, dice, record, moves, actor, played_at, kind, events"


def _turn_of(r: Any) -> TurnEntry:
    """A turns row (``_TURN_COLUMNS``) -> TurnEntry."""
    return TurnEntry(r[1], r[2], tuple(json.loads(r[3])), r[4], r[5], r[6], r[8], r[9],
                     seq=r[0], played_at=r[7])


def _joined_seats(rows: Iterable[Any]) -> tuple[Seat, ...]:
    """The seats of one session's rows of a join (``t_*`` columns, in seat order)."""
    return tuple(Seat(r["t_seat"], r["t_side"], r["t_user"], r["t_name"], bool(r["t_accepted"]))
                 for r in rows if r["t_seat"] is not None)


def _sessions_of(rows: Iterable[Any]) -> list[Session]:
    """Sessions from ``_SESSIONS_WITH_SEATS`` rows (a session's rows together)."""
    sessions = []
    for _, group in groupby(rows, key=lambda r: r["id"]):
        members = list(group)
        sessions.append(_session_of(members[0], _joined_seats(members)))
    return sessions


def _session_of(row: Any, seats: tuple[Seat, ...]) -> Session:
    """A sessions row (``_SESSION_COLUMNS``) and its seats -> Session."""
    return Session(
        id=row["id"], guild_id=row["guild_id"], channel_id=row["channel_id"],
        game=row["game"], status=row["status"], options=json.loads(row["options"]),
        initial_position=row["initial_position"], position=row["position"],
        next_turn=row["next_turn"], dice=tuple(json.loads(row["dice"])), seed=row["seed"],
        seed_hash=row["seed_hash"],
        opening=[tuple(r) for r in json.loads(row["opening"])], result=row["result"],
        version=row["version"], created_by=row["created_by"], created_at=row["created_at"],
        updated_at=row["updated_at"], expires_at=row["expires_at"], seats=seats,
        stored_outcome=_outcome_of(row["outcome"]),
    )


def _outcome_of(text: str | None) -> Outcome | None:
    """The ``outcome`` column's JSON; None when empty (an older row: ``Session.outcome``
    reads its result text) or not understood (the same: the text stays the record)."""
    if not text:
        return None
    try:
        return Outcome.from_json(text)
    except ValueError:
        log.warning("session outcome not understood, its result text is read: %.80s", text)
        return None


def _encode(value: Any) -> Any:
    if isinstance(value, Outcome):
        return value.to_json()
    if isinstance(value, (list, tuple, dict)):
        return json.dumps(value if not isinstance(value, tuple) else list(value))
    return value


def _split_sql(script: str) -> list[str]:
    """Split a migration into statements, keeping trigger bodies whole."""
    statements: list[str] = []
    buffer = ""
    for line in script.splitlines(keepends=True):
        buffer += line
        if sqlite3.complete_statement(buffer):
            if buffer.strip():
                statements.append(buffer.strip())
            buffer = ""
    if buffer.strip():
        statements.append(buffer.strip())
    return statements


class Tables:
    """One area's tables (tournaments, leagues, settings...) read and written on top of a
    :class:`Store`: every area's store is one of these, in SQL both databases speak
    (see CONTRIBUTING)."""

    def __init__(self, store: Store) -> None:
        self.store = store

    async def _newest_in_channel(self, parse: Callable[[Any], _R], columns: str, table: str,
                                 channel_id: str) -> _R | None:
        """The channel's newest row of ``table`` (a match, a tournament, a league: any
        status), read as ``parse`` reads ``columns``."""
        return await self.store.first(
            parse, f"SELECT {columns} FROM {table} WHERE channel_id=? ORDER BY id DESC LIMIT 1",
            (channel_id,))
