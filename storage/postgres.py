"""PostgreSQL storage on asyncpg: the ``Backend`` a ``postgresql://`` database setting chooses.

The store's SQL is shared with SQLite (``?`` placeholders are numbered ``$1, $2, ...``
here).  A pool of connections lets the transactions of one process run at once; the
server's row locks order racing ones (the version check still decides who wins), so
several processes can share one database.  A transaction that the server aborts to
break a deadlock or a serialisation conflict changed nothing: it is reported as
``StaleVersion``, like any change that lost a race.

Opening refuses clearly (``DatabaseUnavailable``, one line, the password masked)
when the server cannot be reached, refuses the login, has no such database, or holds
another program's tables or a newer schema.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from functools import lru_cache
from typing import Any
from urllib.parse import parse_qs, urlsplit

import asyncpg

from storage.opening import OUR_TABLES, DatabaseUnavailable, refuse_newer
from storage.pg_migrations import PG_MIGRATIONS
from storage.store import (
    CommitUnknown,
    DatabaseDown,
    DatabaseFault,
    DatabaseTimeout,
    DiskFull,
    Ran,
    Run,
    StaleVersion,
    StorageError,
    masked,
    returns_rows,
)

#: Connections per process: enough for the moves, reads and scheduler of one process.
POOL_SIZE = 8
#: The client waits this much longer than the server's ``statement_timeout``: a
#: server that runs answers with its own cancellation first; the client's timeout is
#: for one that is frozen (stopped, its machine hung) and would never answer.
CLIENT_GRACE = 1.0
#: Migrations may wait for another process's migration (an advisory lock) and build
#: indexes on big tables: the statement timeout does not apply to them.
MIGRATION_TIMEOUT = 3600.0
#: Held (per schema) while migrating, so that processes starting together migrate once.
_MIGRATION_LOCK = "SELECT pg_advisory_xact_lock(hashtext(current_schema() || '.boardbot'))"


@lru_cache(maxsize=512)
def numbered(sql: str) -> str:
    """``?`` placeholders as PostgreSQL's ``$1, $2, ...`` (none inside quoted text)."""
    out: list[str] = []
    count = 0
    quote: str | None = None
    for char in sql:
        if quote is not None:
            if char == quote:
                quote = None
        elif char in ("'", '"'):
            quote = char
        elif char == "?":
            count += 1
            out.append(f"${count}")
            continue
        out.append(char)
    return "".join(out)


def _where(url: str) -> str:
    """The server's address as a person reads it: host and port, or the socket folder."""
    parts = urlsplit(url)
    query = parse_qs(parts.query)
    host = query.get("host", [parts.hostname or "localhost"])[0]
    port = query.get("port", [str(parts.port or 5432)])[0]
    return f"{host} (port {port})"


def _database(url: str) -> str:
    return urlsplit(url).path.lstrip("/") or "(the user's default)"


def _rowcount(status: str) -> int:
    """The row count of a command tag such as ``UPDATE 1`` or ``INSERT 0 1``."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


def describe(url: str, exc: BaseException, timeout: float) -> str:
    """A person's reason for a failure to connect or to use the database."""
    where, name = _where(url), _database(url)
    if isinstance(exc, asyncpg.InvalidCatalogNameError):
        return (f"the PostgreSQL server at {where} has no database {name}; create it "
                f"(createdb {name}) or fix the database name in the URL")
    if isinstance(exc, (asyncpg.InvalidPasswordError,
                        asyncpg.InvalidAuthorizationSpecificationError)):
        return (f"the PostgreSQL server at {where} refused the login ({exc}); check the "
                "user and password in the URL")
    if isinstance(exc, asyncpg.CannotConnectNowError):
        return (f"the PostgreSQL server at {where} is starting or stopping ({exc}); "
                "try again shortly")
    if isinstance(exc, TimeoutError):
        return (f"the PostgreSQL server at {where} did not answer within {timeout:g} s; "
                "check that it is running and the address is right")
    if isinstance(exc, OSError):
        reason = exc.strerror or str(exc) or type(exc).__name__
        return (f"the PostgreSQL server at {where} is not reachable ({reason}); start it "
                "or fix the host and port in the URL")
    if isinstance(exc, asyncpg.PostgresError):
        return f"PostgreSQL refused it ({exc})"
    if isinstance(exc, (ValueError, asyncpg.InterfaceError)):
        return ("the URL is malformed; write it as "
                "postgresql://user:password@host:port/database")
    return f"{type(exc).__name__}: {exc}"


class _OneLine(logging.Filter):
    """asyncpg's pool logs each failed try to reconnect with its traceback (30 lines a
    try, tries every 1-60 s through an outage): folded into one line that keeps the
    error's words, as the bot logs its own faults."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.exc_info and record.exc_info[1] is not None:
            exc = record.exc_info[1]
            record.msg = f"{record.getMessage()}: {type(exc).__name__}: {exc}"
            record.args = None
            record.exc_info = None
            record.exc_text = None
        return True


logging.getLogger("asyncpg.pool").addFilter(_OneLine())


def fault_of(exc: BaseException) -> DatabaseFault | None:
    """The ``DatabaseFault`` an asyncpg (or socket) error stands for, or None."""
    if isinstance(exc, (asyncpg.QueryCanceledError, TimeoutError)):
        # the server's statement_timeout, or the client's own past it (frozen server)
        return DatabaseTimeout(str(exc) or type(exc).__name__)
    if isinstance(exc, asyncpg.exceptions.DiskFullError):
        return DiskFull(str(exc))
    if isinstance(exc, (OSError, asyncpg.PostgresConnectionError,
                        asyncpg.OperatorInterventionError)):
        # refused, reset, the socket gone; shut down, crashed, starting up
        return DatabaseDown(str(exc) or type(exc).__name__)
    if isinstance(exc, asyncpg.InterfaceError) and "closed" in str(exc):
        return DatabaseDown(str(exc))  # "connection is closed", "pool is closed"
    return None


def _connection_lost(exc: BaseException) -> bool:
    """True when the connection cannot be trusted after ``exc``: it is closed, the
    server is gone, or a statement got no answer (the server may still be running
    it).  Such a connection is terminated, not rolled back: a ROLLBACK would wait
    for a server that does not answer; the server rolls back a closed connection's
    transaction itself."""
    fault = fault_of(exc)
    return isinstance(fault, (DatabaseDown, DatabaseTimeout)) and \
        not isinstance(exc, asyncpg.QueryCanceledError)


def _terminate(conn: Any) -> None:
    """Close a pooled connection at once (its server process rolls back what it had)."""
    try:
        conn.terminate()
    except asyncpg.InterfaceError:  # closed already, and handed back to the pool
        pass


class PostgresBackend:
    """A PostgreSQL database through a pool of asyncpg connections."""

    name = "postgresql"
    integrity_error: type[Exception] = asyncpg.IntegrityConstraintViolationError
    errors: tuple[type[Exception], ...] = (asyncpg.PostgresError, asyncpg.InterfaceError)
    serial = False

    def __init__(self, pool: asyncpg.Pool, url: str, connect_timeout: float = 60.0,
                 command_timeout: float | None = None) -> None:
        self.pool = pool
        self.url = url
        #: For the leader's own connection: as the pool's.
        self.connect_timeout = connect_timeout
        self.command_timeout = command_timeout
        #: The connection that holds this process's advisory locks (``lead``).
        self._leader: asyncpg.Connection | None = None
        self._roles: set[str] = set()
        #: One ``lead`` at a time: a connection runs one query at a time, and every
        #: computer step asks for its process's lock (storage/liveness.py), many at
        #: once; a query refused for that would drop the connection and its locks.
        self._leading = asyncio.Lock()

    def fault(self, exc: BaseException) -> DatabaseFault | None:
        return fault_of(exc)

    async def close(self) -> None:
        leader, self._leader = self._leader, None
        if leader is not None and not leader.is_closed():
            await leader.close()
        await self.pool.close()

    async def lead(self, role: str) -> bool:
        """Hold (or try to take) the advisory lock of ``role``.  The lock lives on a
        connection of its own, outside the pool: it is released when this process
        dies (the server sees the connection close) or the connection breaks."""
        async with self._leading:
            return await self._lead(role)

    async def _lead(self, role: str) -> bool:
        try:
            if self._leader is None or self._leader.is_closed():
                self._roles.clear()
                self._leader = await asyncpg.connect(self.url,
                                                     timeout=self.connect_timeout,
                                                     command_timeout=self.command_timeout)
            if role in self._roles:
                await self._leader.fetchval("SELECT 1")  # still connected: still held
                return True
            taken = await self._leader.fetchval(
                "SELECT pg_try_advisory_lock(hashtext(current_schema() || '.' || $1))", role)
        except (OSError, TimeoutError, asyncpg.PostgresError, asyncpg.InterfaceError):
            # connection lost (or no answer): whatever it held is released on the server
            self._roles.clear()
            if self._leader is not None:
                self._leader.terminate()
                self._leader = None
            return False
        if taken:
            self._roles.add(role)
        return bool(taken)

    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        async with self.pool.acquire() as conn:
            try:
                return list(await conn.fetch(numbered(sql), *params))
            except BaseException as exc:
                if _connection_lost(exc):
                    _terminate(conn)  # the pool's release would wait for the server
                raise

    async def schema_version(self) -> int:
        exists = await self.pool.fetchval("SELECT to_regclass('schema_version') IS NOT NULL")
        if not exists:
            return 0
        version = await self.pool.fetchval("SELECT version FROM schema_version")
        return int(version or 0)

    async def migrate(self, latest: int | None = None) -> int:
        """Apply every migration newer than the database's version, each in its own
        transaction (PostgreSQL's DDL is transactional) under an advisory lock."""
        target = len(PG_MIGRATIONS) if latest is None else latest
        wait = MIGRATION_TIMEOUT
        async with self.pool.acquire() as conn:
            while True:
                async with conn.transaction():
                    await conn.execute("SET LOCAL statement_timeout = 0", timeout=wait)
                    await conn.execute(_MIGRATION_LOCK, timeout=wait)
                    await conn.execute(
                        "CREATE TABLE IF NOT EXISTS schema_version (version BIGINT NOT NULL)",
                        timeout=wait)
                    current = await conn.fetchval("SELECT version FROM schema_version",
                                                  timeout=wait)
                    if current is None:
                        await conn.execute("INSERT INTO schema_version (version) VALUES (0)",
                                           timeout=wait)
                        current = 0
                    if current > target:
                        raise StorageError(
                            f"database schema {current} is newer than this program ({target})")
                    if current == target:
                        return target
                    await conn.execute(PG_MIGRATIONS[current], timeout=wait)
                    await conn.execute("UPDATE schema_version SET version=$1", current + 1,
                                       timeout=wait)

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Run]:
        async with self.pool.acquire() as conn:
            tx = conn.transaction()
            try:
                await tx.start()
            except BaseException as exc:
                if _connection_lost(exc):
                    _terminate(conn)
                raise

            async def run(sql: str, params: Sequence[Any] = ()) -> Ran:
                query = numbered(sql)
                try:
                    if returns_rows(query):
                        rows = list(await conn.fetch(query, *params))
                        return Ran(len(rows), None, rows)
                    return Ran(_rowcount(await conn.execute(query, *params)), None, [])
                except asyncpg.TransactionRollbackError as exc:
                    # Deadlock or serialisation failure: the server rolled it all back.
                    raise StaleVersion(f"the database gave up this change: {exc}") from exc

            try:
                yield run
            except BaseException as exc:
                if _connection_lost(exc):
                    _terminate(conn)
                elif not conn.is_closed():
                    await tx.rollback()
                raise
            try:
                await tx.commit()
            except asyncpg.TransactionRollbackError as exc:
                raise StaleVersion(f"the database gave up this change: {exc}") from exc
            except BaseException as exc:
                if not _connection_lost(exc):
                    raise  # the server answered: it did not commit (e.g. a full disk)
                # Sent, and no answer came: the server may have committed or not.
                _terminate(conn)
                raise CommitUnknown(f"the connection broke during the commit: "
                                    f"{exc or type(exc).__name__}") from exc


async def _nothing_to_reset(connection: asyncpg.Connection) -> None:
    """A connection going back to the pool needs no reset query: the store sets no
    session state on pooled connections (no ``SET``, ``LISTEN``, cursors or session
    advisory locks: ``lead`` holds its locks on a connection of its own).  asyncpg's
    default reset (``pg_advisory_unlock_all(); CLOSE ALL; UNLISTEN *; RESET ALL``) was
    a second round trip for every statement outside a transaction.  A transaction
    left open (a cancelled command) is still rolled back by the pool itself."""


async def open_postgres(url: str, latest: int, timeout: float,
                        statement_timeout: float | None = None) -> PostgresBackend:
    """A migrated PostgreSQL backend for ``url``, or ``DatabaseUnavailable`` (one line).
    ``statement_timeout`` (seconds; None or 0: none): the server cancels a statement
    that runs longer (``statement_timeout``), and the client gives up on one that gets
    no answer ``CLIENT_GRACE`` later (a frozen server), so no command waits for ever."""
    shown = masked(url)
    if len(PG_MIGRATIONS) < latest:
        raise StorageError(f"storage/pg_migrations.py has {len(PG_MIGRATIONS)} migrations; "
                           f"storage/migrations.py has {latest}: port the missing ones")
    limits: dict[str, Any] = {}
    if statement_timeout:
        limits = {"command_timeout": statement_timeout + CLIENT_GRACE,
                  "server_settings": {"statement_timeout": str(int(statement_timeout * 1000))}}
    try:
        pool = await asyncpg.create_pool(url, min_size=1, max_size=POOL_SIZE,
                                         timeout=timeout, reset=_nothing_to_reset, **limits)
    except (OSError, TimeoutError, ValueError, asyncpg.PostgresError,
            asyncpg.InterfaceError) as exc:
        raise DatabaseUnavailable(shown, describe(url, exc, timeout)) from None
    backend = PostgresBackend(pool, url, timeout, limits.get("command_timeout"))
    try:
        await _check_schema(backend, shown, latest)
        await backend.migrate(latest)
    except BaseException as exc:
        await pool.close()
        if isinstance(exc, (OSError, asyncpg.PostgresError, asyncpg.InterfaceError)):
            raise DatabaseUnavailable(shown, describe(url, exc, timeout)) from None
        raise
    return backend


async def _check_schema(backend: PostgresBackend, shown: str, latest: int) -> None:
    """Refuse another program's tables and a newer schema before writing anything."""
    rows = await backend.pool.fetch(
        "SELECT table_name FROM information_schema.tables WHERE table_schema=current_schema()")
    tables = {str(r[0]) for r in rows}
    if not tables:
        return  # new and empty: the migrations create everything
    version = await backend.schema_version()
    if not OUR_TABLES <= tables and tables != {"schema_version"}:
        listed = ", ".join(sorted(tables)[:5]) + (", ..." if len(tables) > 5 else "")
        raise DatabaseUnavailable(
            shown, f"it holds another program's tables ({listed}; schema version "
                   f"{version}); it was left untouched: choose another database")
    refuse_newer(shown, version, latest)
    if version == 0 and "schema_version" not in tables:
        raise DatabaseUnavailable(
            shown, "it has this bot's tables but no schema version; it was left untouched: "
                   "restore it from a backup")
