"""Opening the database safely: check before writing, refuse clearly, never leak the thread.

``open_database`` returns a ready aiosqlite connection or raises
``DatabaseUnavailable`` with a one-line reason a person can act on.  Nothing is
written to the file until it is known to be ours (or empty) and writable: a
foreign, corrupt or newer file is left byte for byte as it was.  Every failure
closes the connection, because aiosqlite's worker thread would otherwise keep
the process alive after the error.

A missing folder is created (what users expect of a path such as
``data/boardbot.sqlite3`` in a fresh checkout); if it cannot be created the
start is refused.
"""

from __future__ import annotations

import asyncio
import logging
import os
import sqlite3
from pathlib import Path

import aiosqlite

from storage.store import StorageError

#: How long a start waits for another process's lock before refusing (seconds).
BUSY_TIMEOUT = 5.0
#: How long one PostgreSQL statement may run (or wait for a server that does not
#: answer) before the command fails with "the database did not answer" (seconds).
STATEMENT_TIMEOUT = 10.0
_HEADER = b"SQLite format 3\x00"
#: Tables every version of our schema has; a file without them is another program's.
OUR_TABLES = frozenset({"sessions", "seats", "turns"})
_QUIET_BELOW = logging.INFO
_READ_ONLY = ("it is read-only (the bot writes to the file and, for its journal, to the "
              "folder {folder}); give write access or choose another path")


class DatabaseUnavailable(StorageError):
    """The database cannot be used; the message says why and what to do (one line)."""

    def __init__(self, path: str | os.PathLike[str], reason: str) -> None:
        super().__init__(f"Cannot use the database {os.fspath(path)}: {reason}")
        self.reason = reason


def refuse_newer(where: str | os.PathLike[str], version: int, latest: int) -> None:
    """``DatabaseUnavailable`` when the schema ``version`` is past the ``latest`` this
    bot knows: a newer bot wrote it, and this one must not touch it (either database)."""
    if version > latest:
        raise DatabaseUnavailable(
            where, f"it was written by a newer version of this bot (schema {version}; "
                   f"this version knows up to {latest}); it was left untouched: "
                   "upgrade the bot")


class _DropDebug(logging.Filter):
    """aiosqlite logs every statement with its parameters at DEBUG, among them each
    live game's secret dice seed: those records never leave its logger."""

    def filter(self, record: logging.LogRecord) -> bool:
        return record.levelno >= _QUIET_BELOW


def silence_statement_logging() -> None:
    """Cap aiosqlite's logger at INFO, even if someone sets it to DEBUG later."""
    logger = logging.getLogger("aiosqlite")
    if logger.level < _QUIET_BELOW:
        logger.setLevel(_QUIET_BELOW)
    if not any(isinstance(f, _DropDebug) for f in logger.filters):
        logger.addFilter(_DropDebug())


silence_statement_logging()


async def open_database(path: str, latest: int, busy_timeout: float = BUSY_TIMEOUT
                        ) -> aiosqlite.Connection:
    """A connection to ``path`` checked to be ours (or new), sound, and writable;
    in WAL mode, ready for ``Store``.  Schema migrations are the caller's."""
    file = Path(path)
    _prepare_folder(file)
    _check_header(file)
    if not _writable(file):  # before SQLite leaves -wal/-shm files it cannot remove
        raise DatabaseUnavailable(path, _READ_ONLY.format(folder=file.parent))
    connecting = aiosqlite.connect(path, isolation_level=None)
    try:
        db = await connecting
    except sqlite3.Error as exc:
        await _worker_stopped(connecting)
        raise DatabaseUnavailable(path, describe(file, exc, busy_timeout)) from exc
    try:
        await _check(db, file, latest, busy_timeout)
    except BaseException as exc:
        await db.close()
        if isinstance(exc, sqlite3.Error):
            raise DatabaseUnavailable(path, describe(file, exc, busy_timeout)) from exc
        raise
    return db


async def _worker_stopped(connection: aiosqlite.Connection) -> None:
    """aiosqlite stops its thread after a failed connect but does not wait for it; the
    thread then reports to a closed event loop and prints a traceback at exit."""
    thread = getattr(connection, "_thread", None)
    if thread is not None and thread.is_alive():
        await asyncio.to_thread(thread.join, 5.0)


def _prepare_folder(file: Path) -> None:
    folder = file.parent
    if folder.is_dir():
        return
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise DatabaseUnavailable(
            file, f"its folder {folder} does not exist and cannot be created "
                  f"({exc.strerror or exc}); create it or choose another path") from exc


def _check_header(file: Path) -> None:
    """Refuse a file that is not SQLite at all before SQLite touches it."""
    if file.is_dir():
        raise DatabaseUnavailable(file, "that path is a folder, not a database file")
    try:
        with open(file, "rb") as fh:
            head = fh.read(len(_HEADER))
    except FileNotFoundError:
        return  # a new database
    except OSError as exc:
        raise DatabaseUnavailable(
            file, f"it cannot be read ({exc.strerror or exc}); check its permissions") from exc
    if head and head != _HEADER:
        raise DatabaseUnavailable(
            file, "it is not a SQLite database (another kind of file, or its start is "
                  "damaged); it was left untouched: choose another path or restore a backup")


async def _check(db: aiosqlite.Connection, file: Path, latest: int, busy_timeout: float
                 ) -> None:
    # Wait for another process's lock (bounded) instead of failing at once.
    await db.execute(f"PRAGMA busy_timeout={int(busy_timeout * 1000)}")
    await _check_sound(db, file)
    await _check_schema(db, file, latest)
    await _check_writable(db)
    await db.execute("PRAGMA journal_mode=WAL")
    await db.execute("PRAGMA synchronous=NORMAL")
    await db.execute("PRAGMA foreign_keys=ON")
    db.row_factory = sqlite3.Row


async def _check_writable(db: aiosqlite.Connection) -> None:
    """Take the write lock and write, then roll back: a locked or read-only file is
    refused here, at start, rather than at the first move.  (In WAL mode SQLite
    grants ``BEGIN IMMEDIATE`` on a read-only file; only a write tells.)"""
    await db.execute("BEGIN IMMEDIATE")
    try:
        await db.execute("CREATE TABLE main.boardbot_write_probe (x)")
    finally:
        await db.execute("ROLLBACK")


async def _check_sound(db: aiosqlite.Connection, file: Path) -> None:
    async with db.execute("PRAGMA quick_check") as cursor:
        problems = [str(row[0]) for row in await cursor.fetchall()]
    if problems != ["ok"]:
        raise DatabaseUnavailable(
            file, f"it is damaged (SQLite quick_check: {problems[0]}); it was left "
                  "untouched: restore it from a backup")


async def _check_schema(db: aiosqlite.Connection, file: Path, latest: int) -> None:
    async with db.execute("PRAGMA user_version") as cursor:
        row = await cursor.fetchone()
    version = int(row[0]) if row else 0
    async with db.execute(
        "SELECT name FROM sqlite_master WHERE type='table' AND name NOT LIKE 'sqlite_%'"
    ) as cursor:
        tables = {str(r[0]) for r in await cursor.fetchall()}
    if not tables and version == 0:
        return  # new and empty: the migrations create everything
    if not OUR_TABLES <= tables:
        shown = ", ".join(sorted(tables)[:5]) + (", ..." if len(tables) > 5 else "")
        raise DatabaseUnavailable(
            file, f"it is another program's SQLite database (tables: {shown or 'none'}; "
                  f"schema version {version}); it was left untouched: choose another path")
    refuse_newer(file, version, latest)
    if version == 0:
        raise DatabaseUnavailable(
            file, "it has this bot's tables but no schema version; it was left untouched: "
                  "restore it from a backup")


def describe(file: Path, exc: sqlite3.Error, busy_timeout: float = BUSY_TIMEOUT) -> str:
    """A person's reason for a SQLite error met while opening or migrating."""
    code = getattr(exc, "sqlite_errorcode", 0) & 0xFF
    if code in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED):
        return (f"another process holds a lock on it (waited {busy_timeout:g} s); "
                "stop that process or try again later")
    if code == sqlite3.SQLITE_READONLY or (code == sqlite3.SQLITE_CANTOPEN
                                           and not _writable(file)):
        return _READ_ONLY.format(folder=file.parent)
    if code in (sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB):
        return f"it is damaged ({exc}); it was left untouched: restore it from a backup"
    if code == sqlite3.SQLITE_FULL:
        return "the disk is full; free some space and start again"
    return f"SQLite refused it ({exc})"


def _writable(file: Path) -> bool:
    folder_ok = os.access(file.parent, os.W_OK | os.X_OK)
    return folder_ok and (not file.exists() or os.access(file, os.W_OK))
