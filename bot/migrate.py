"""``boardbot migrate --from FILE --to postgresql://...``: move a SQLite database to
PostgreSQL, then prove the copy by replaying it.

- The source is never changed: its bytes (and its write-ahead log's, if one is left
  over) are copied into a temporary file, which the store checks and brings to the
  latest schema; the rows are read from there.  Stop the bot before migrating.
  That copy is as big as the source: it is removed however the run ends (SIGTERM,
  SIGINT and SIGHUP stop it cleanly, exit 128+signal); a run killed outright
  (SIGKILL, a power cut) leaves it, and the next run removes it.
- Every table of the source is copied (sessions, seats, the log, clocks, reminders,
  take-backs, users' settings, the scheduler's heartbeat, and any table a later
  migration adds), parents first, in batches, each batch one transaction.
- It can be resumed: rows already there are brought up to date (the log, which is
  append-only, is only ever added to), so running it again after an interruption,
  or after the source moved on, finishes the copy.  A target that holds games the
  source does not is refused.
- Then every session of the copy is replayed from its start position through its
  log: the position must equal the stored one (and the source's), the log must equal
  the source's entry for entry, and every finished game's dice must verify against
  its revealed seed (bot/verify.py on its record).

Exit status: 0 copied and verified, 1 the verification failed, 2 a wrong argument,
4 a database cannot be used (the reason on one line).
"""

from __future__ import annotations

import asyncio
import io
import os
import shutil
import signal
import sqlite3
import sys
import tempfile
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType
from typing import TextIO

from bot.records import record_text
from bot.service.turn_events import replay_position
from bot.verify import verify
from games import GameError
from storage import DatabaseUnavailable, Store
from storage.correspondence import CorrespondenceStore
from storage.store import is_postgres_url

#: Tables copied first, in this order (each refers only to those before it); any other
#: table (a later migration's) follows in name order.
PARENTS_FIRST = ("sessions", "seats", "turns", "clocks", "reminders", "undos", "users",
                 "scheduler_state", "tournaments", "leagues")
#: The tables whose ``id`` the database numbers: after the copy, its next new row's
#: id comes after the copied ones.
NUMBERED = ("sessions", "tournaments", "leagues")
#: The append-only log: rows already copied are left alone, never updated.
APPEND_ONLY = frozenset({"turns"})
BATCH = 500
EXIT_OK, EXIT_FAILED, EXIT_USAGE, EXIT_DATABASE = 0, 1, 2, 4
#: A run's temporary folder is ``<tmp>/boardbot-migrate-<pid>-<random>``: the pid lets
#: a later run tell the folder of a run that was killed from one still running.
SCRATCH_PREFIX = "boardbot-migrate-"
#: The signals that stop a run cleanly (its copy removed, its connections closed).
STOP_SIGNALS = (signal.SIGTERM, signal.SIGINT, signal.SIGHUP)


class Interrupted(SystemExit):
    """A stop signal arrived.  Raised from the signal handler wherever the run is, so
    every ``finally`` on the way out runs (the copy is removed); a ``SystemExit``, so
    that nothing catching ``Exception`` swallows it and, uncaught, it still exits
    with 128+signal."""

    def __init__(self, signum: int) -> None:
        super().__init__(128 + signum)
        self.signum = signum


@dataclass
class Report:
    copied: dict[str, int] = field(default_factory=dict)
    sessions: int = 0
    replayed: int = 0
    dice_verified: int = 0
    problems: list[str] = field(default_factory=list)


#: Called after each committed batch with (table, rows copied of it so far, its total).
Progress = Callable[[str, int, int], None]


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # another user's process: alive
        return True
    return True


def remove_abandoned(tmp: Path | None = None) -> list[Path]:
    """Remove the folders (and source copies) that killed runs left in the temporary
    folder: those whose process is gone.  Returns them."""
    removed = []
    for folder in Path(tmp or tempfile.gettempdir()).glob(f"{SCRATCH_PREFIX}*"):
        pid = folder.name.removeprefix(SCRATCH_PREFIX).partition("-")[0]
        if not pid.isdigit() or _alive(int(pid)) or not folder.is_dir():
            continue
        shutil.rmtree(folder, ignore_errors=True)
        removed.append(folder)
    return removed


@contextmanager
def scratch_folder() -> Iterator[Path]:
    """This run's temporary folder, removed when the block ends, whatever ends it; the
    folders of killed runs are removed first."""
    remove_abandoned()
    folder = Path(tempfile.mkdtemp(prefix=f"{SCRATCH_PREFIX}{os.getpid()}-"))
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


@contextmanager
def stopped_by_signals() -> Iterator[None]:
    """Turn SIGTERM, SIGINT and SIGHUP into ``Interrupted`` for the block (their
    default actions end the process on the spot, leaving the copy of the source
    behind); the previous handlers come back after."""
    def stop(signum: int, frame: FrameType | None) -> None:
        raise Interrupted(signum)

    previous = {sig: signal.signal(sig, stop) for sig in STOP_SIGNALS}
    try:
        yield
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)


def run(source: str, target_url: str, out: TextIO = sys.stdout, err: TextIO = sys.stderr
        ) -> int:
    """``python -m bot migrate``: ``migrate`` with the stop signals handled; a stop says
    so in one line and returns 128+signal."""
    try:
        with stopped_by_signals():
            return asyncio.run(migrate(source, target_url, out, progress=progress_printer(err)))
    except Interrupted as stop:
        print(f"migrate: stopped by {signal.Signals(stop.signum).name} before it finished; "
              "nothing was verified. Run it again to finish the copy (it resumes).", file=err)
        return 128 + stop.signum


def snapshot(source: str, folder: Path) -> Path:
    """A byte copy of ``source`` (and of its write-ahead log, if one is left over) in
    ``folder``: the source is only read, never opened by SQLite, which would leave
    -wal and -shm files beside it even read-only.  Stop the bot before copying.
    Raises ``DatabaseUnavailable``."""
    file = Path(source)
    if not file.is_file():
        raise DatabaseUnavailable(source, "there is no such file; give the SQLite database "
                                          "the bot used (the config's storage.database)")
    copy = folder / "source-copy.sqlite3"
    try:
        shutil.copyfile(file, copy)
        log = file.with_name(file.name + "-wal")
        if log.is_file():
            shutil.copyfile(log, copy.with_name(copy.name + "-wal"))
    except OSError as exc:
        raise DatabaseUnavailable(source, f"it cannot be read ({exc.strerror or exc}); "
                                          "check its permissions") from exc
    return copy


async def upgraded(source: str, copy: Path) -> None:
    """Check the copy (ours, sound, not newer) and bring it to the latest schema; a
    refusal names the source, not the copy."""
    try:
        store = await Store.open(str(copy))
    except DatabaseUnavailable as exc:
        raise DatabaseUnavailable(source, exc.reason) from exc
    await store.close()


def _tables(db: sqlite3.Connection) -> list[str]:
    names = {r[0] for r in db.execute(
        "SELECT name FROM sqlite_master WHERE type='table' AND name NOT LIKE 'sqlite_%'")}
    return [t for t in PARENTS_FIRST if t in names] + sorted(names - set(PARENTS_FIRST))


def _columns(db: sqlite3.Connection, table: str) -> tuple[list[str], list[str]]:
    """The table's columns and its primary key's columns, in order."""
    info = db.execute(f'PRAGMA table_info("{table}")').fetchall()
    columns = [r[1] for r in info]
    key = [r[1] for r in sorted((r for r in info if r[5]), key=lambda r: r[5])]
    return columns, key


def _upsert(table: str, columns: list[str], key: list[str]) -> str:
    names = ", ".join(f'"{c}"' for c in columns)
    marks = ", ".join(f"${i}" for i in range(1, len(columns) + 1))
    sql = f'INSERT INTO "{table}" ({names}) VALUES ({marks}) '
    rest = [c for c in columns if c not in key]
    if table in APPEND_ONLY or not rest:
        return sql + "ON CONFLICT DO NOTHING"
    keys = ", ".join(f'"{c}"' for c in key)
    updates = ", ".join(f'"{c}"=excluded."{c}"' for c in rest)
    return sql + f"ON CONFLICT ({keys}) DO UPDATE SET {updates}"


async def copy_tables(db: sqlite3.Connection, target: Store, *, batch: int = BATCH,
                      progress: Progress | None = None) -> dict[str, int]:
    """Copy every table's rows from ``db`` into ``target`` (PostgreSQL), batch by batch;
    returns the rows copied per table."""
    pool = getattr(target.backend, "pool", None)
    if pool is None:
        raise ValueError("the target must be a PostgreSQL database")
    copied: dict[str, int] = {}
    for table in _tables(db):
        columns, key = _columns(db, table)
        if not key:
            raise ValueError(f"table {table} has no primary key: it cannot be copied "
                             "resumably")
        total = int(db.execute(f'SELECT COUNT(*) FROM "{table}"').fetchone()[0])
        sql = _upsert(table, columns, key)
        order = ", ".join(f'"{c}"' for c in key)
        select = ", ".join(f'"{c}"' for c in columns)
        done = 0
        cursor = db.execute(f'SELECT {select} FROM "{table}" ORDER BY {order}')
        while rows := cursor.fetchmany(batch):
            async with pool.acquire() as conn, conn.transaction():
                await conn.executemany(sql, rows)
            done += len(rows)
            if progress is not None:
                progress(table, done, total)
        copied[table] = done
    for table in NUMBERED:
        if table in copied:  # the next new row's id comes after the copied ones
            await pool.execute(f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "
                               f"COALESCE((SELECT MAX(id) FROM {table}), 0) + 1, false)")
    return copied


async def _foreign_games(db: sqlite3.Connection, target: Store) -> list[int]:
    """Sessions of the target that are not the source's (another bot's games)."""
    ours = {int(r[0]): r[1] for r in db.execute("SELECT id, seed_hash FROM sessions")}
    theirs = await target.fetchall("SELECT id, seed_hash FROM sessions")
    return [int(r[0]) for r in theirs if ours.get(int(r[0])) != r[1]]


async def verify_copy(db: sqlite3.Connection, target: Store, report: Report) -> None:
    """Replay every session of the target; compare it with the source; check dice."""
    ledger = CorrespondenceStore(target)
    for table in _tables(db):
        there = await target.fetchall(f'SELECT COUNT(*) FROM "{table}"')
        here = int(db.execute(f'SELECT COUNT(*) FROM "{table}"').fetchone()[0])
        if int(there[0][0]) != here:
            report.problems.append(f"table {table}: {here} rows in the source, "
                                   f"{there[0][0]} in the copy")
    statuses = ("challenge", "active", "finished", "aborted", "declined", "expired")
    for session in await target.sessions(statuses=statuses):
        report.sessions += 1
        label = f"session {session.id} ({session.game}, channel {session.channel_id})"
        source = db.execute("SELECT position, version, seed FROM sessions WHERE id=?",
                            (session.id,)).fetchone()
        if source is None or (source[0], source[1], source[2]) != (
                session.position, session.version, session.seed):
            report.problems.append(f"{label}: differs from the source's row")
            continue
        log = await target.turns(session.id)
        theirs = db.execute("SELECT seq, number, side, dice, record, moves, kind FROM turns "
                            "WHERE session_id=? ORDER BY seq", (session.id,)).fetchall()
        mine = [(t.seq, t.number, t.side, _dice(t.dice), t.record, t.moves, t.kind)
                for t in log]
        if mine != [(r[0], r[1], r[2], _dice(_load(r[3])), r[4], r[5], r[6]) for r in theirs]:
            report.problems.append(f"{label}: its log differs from the source's")
            continue
        effective = await ledger.effective_turns(session.id)
        if session.initial_position is not None:
            try:
                replayed = replay_position(session, effective).listing()
            except GameError as exc:
                report.problems.append(f"{label}: its log does not replay ({exc})")
                continue
            if replayed != session.position:
                report.problems.append(f"{label}: the replayed position differs from the "
                                       "stored one")
                continue
            report.replayed += 1
        if not session.live and session.initial_position is not None:
            out, err = io.StringIO(), io.StringIO()
            if verify(record_text(session, effective), out, err) != 0:
                reason = (out.getvalue() or err.getvalue()).strip()
                report.problems.append(f"{label}: its dice do not verify ({reason})")
                continue
            report.dice_verified += 1


def _load(text: str) -> tuple[int, ...]:
    import json
    return tuple(json.loads(text))


def _dice(dice: Sequence[int]) -> tuple[int, ...]:
    return tuple(int(d) for d in dice)


async def migrate(source: str, target_url: str, out: TextIO = sys.stdout, *,
                  batch: int = BATCH, progress: Progress | None = None) -> int:
    """The command: copy, then verify; returns the exit status.  ``DatabaseUnavailable``
    propagates (the command line prints it and exits 4)."""
    if not is_postgres_url(target_url):
        print("migrate: --to must be a postgresql:// URL", file=sys.stderr)
        return EXIT_USAGE
    with scratch_folder() as folder:
        copy = snapshot(source, folder)
        await upgraded(source, copy)
        db = sqlite3.connect(copy)
        target = await Store.open(target_url)
        try:
            foreign = await _foreign_games(db, target)
            if foreign:
                shown = ", ".join(str(i) for i in foreign[:5])
                print(f"migrate: the target already holds games that are not the source's "
                      f"(sessions {shown}{', ...' if len(foreign) > 5 else ''}); it was left "
                      "as it was: migrate into an empty database", file=sys.stderr)
                return EXIT_FAILED
            report = Report()
            report.copied = await copy_tables(db, target, batch=batch, progress=progress)
            await verify_copy(db, target, report)
        finally:
            db.close()
            await target.close()
    copied = ", ".join(f"{n} {t}" for t, n in report.copied.items())
    print(f"copied: {copied}", file=out)
    for problem in report.problems:
        print(f"FAILED: {problem}", file=out)
    if report.problems:
        return EXIT_FAILED
    print(f"verified: {report.sessions} sessions; {report.replayed} replayed to their stored "
          f"position; {report.dice_verified} finished games' dice match their seeds", file=out)
    return EXIT_OK


def progress_printer(err: TextIO = sys.stderr) -> Progress:
    def show(table: str, done: int, total: int) -> None:
        if done == total or done % (BATCH * 20) == 0:
            print(f"  {table}: {done}/{total}", file=err)
    return show

