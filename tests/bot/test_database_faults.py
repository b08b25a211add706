"""Faults of the database, told as what they are, on real databases.

A PostgreSQL server of this module's own (started here: the outages must not reach
other tests' server) is stopped with ``pg_ctl stop -m immediate`` and started again,
frozen with SIGSTOP, and has the connection of a transaction cut just before its
COMMIT; a SQLite file runs out of room (``max_page_count``: SQLite's own "database or
disk is full").  Each command must say what happened (the database is unavailable,
did not answer, the disk is full; a commit whose outcome is unknown says so and shows
the board as stored), never "internal error", and the next command after the fault
must work.
"""

from __future__ import annotations

import json
import os
import queue
import random
import signal
import subprocess
import sys
import threading
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from bot.replies import Reply, User
from bot.service import GameService, ServiceConfig
from bot.service.request import Request
from games.turns import Turn
from storage import DatabaseDown, Store, commits_counted
from tests.bot.conftest import ALICE, BOB, HERE
from tests.pg_server import Server, ServerUnavailable, start_server
from tests.storage.faults import locked

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    try:
        running = start_server()
    except (ServerUnavailable, OSError) as exc:
        if os.environ.get("BOARDBOT_REQUIRE_POSTGRES") == "1":
            pytest.fail(f"no PostgreSQL server: {exc}")
        pytest.skip(f"no PostgreSQL server: {exc}")
    # The test server commits asynchronously (fast, and fine for throw-away data); an
    # outage must lose no acknowledged commit, as on a real server: commits wait for
    # their WAL here (set per database, which overrides the server's command line).
    running.psql("ALTER DATABASE boardbot_test SET synchronous_commit = on")
    try:
        yield running
    finally:
        running.stop()


@pytest.fixture
def schema(server: Server) -> Iterator[str]:
    """A fresh schema on the module's server (it is running when the test begins)."""
    if not (server.data / "postmaster.pid").exists():
        server.resume()
    name = f"t_{os.urandom(6).hex()}"
    server.psql(f'CREATE SCHEMA "{name}"')
    yield f"{server.url()}&search_path={name}"
    if not (server.data / "postmaster.pid").exists():
        server.resume()
    server.psql(f'DROP SCHEMA IF EXISTS "{name}" CASCADE')


def _service(store: Store) -> GameService:
    rng = random.Random(11)
    return GameService(store, ServiceConfig(), seed_factory=lambda: rng.randbytes(32),
                       render_images=False)


@pytest.fixture
async def pg_service(schema: str) -> AsyncIterator[GameService]:
    store = await Store.open(schema, statement_timeout=1.0)
    try:
        yield _service(store)
    finally:
        await store.close()


async def _started(service: GameService) -> tuple[str, Turn]:
    """A game between alice and bob here: (the mover's id, a legal turn)."""
    assert (await service.new(ALICE, HERE, "hachapury", [BOB])).ok
    assert (await service.accept(BOB, HERE)).ok
    return await _next(service)


async def _next(service: GameService) -> tuple[str, Turn]:
    session = await service.store.live_session(HERE.id)
    assert session is not None and session.status == "active"
    side = service.position_of(session).side_to_move
    seat = session.seat_for_side(side or "")
    assert seat is not None
    return seat.user_id, service.legal_turns(session)[0]


def _player(user_id: str) -> User:
    return ALICE if user_id == ALICE.id else BOB


def _told(reply: Reply, *words: str) -> None:
    assert not reply.ok and reply.private, reply.text
    assert "internal error" not in reply.text.lower()
    for word in words:
        assert word in reply.text, (word, reply.text)


# ------------------------------------------------------------------- PostgreSQL

@pytest.mark.postgresql
async def test_an_outage_says_the_database_is_unavailable_and_the_next_move_works(
        server: Server, pg_service: GameService) -> None:
    mover, turn = await _started(pg_service)
    before = await pg_service.store.live_session(HERE.id)
    server.halt()
    try:
        reply = await pg_service.move(_player(mover), HERE, turn)
        _told(reply, "database is unavailable", "nothing was changed")
    finally:
        server.resume()
    after = await pg_service.store.live_session(HERE.id)
    assert before is not None and after is not None and after.version == before.version
    reply = await pg_service.move(_player(mover), HERE, turn)  # the pool reconnects
    assert reply.ok, reply.text


@pytest.mark.postgresql
async def test_a_commit_cut_off_says_its_outcome_is_unknown_and_shows_the_board(
        server: Server, pg_service: GameService) -> None:
    mover, turn = await _started(pg_service)
    before = await pg_service.store.live_session(HERE.id)
    assert before is not None
    store = pg_service.store

    def cut() -> None:
        """Just before the COMMIT: the transaction's server process is ended (the
        server stays up), as when a connection drops while a commit is under way."""
        store.commit_hook = None
        ended = server.psql("SELECT pg_terminate_backend(pid, 5000) FROM pg_stat_activity "
                            "WHERE state LIKE 'idle in transaction%'")
        assert ended == "t", ended

    store.commit_hook = cut
    reply = await pg_service.move(_player(mover), HERE, turn)
    _told(reply, "cannot tell whether", "as stored now")
    after = await store.live_session(HERE.id)
    assert after is not None
    # the board shown is the stored one (here the move was not saved: still its turn)
    assert f"turn {after.next_turn}" in reply.text.lower() or \
        f"{after.next_turn}" in reply.text, reply.text
    assert after.version == before.version
    assert (await pg_service.move(_player(mover), HERE, turn)).ok


@pytest.mark.postgresql
async def test_a_frozen_server_is_answered_within_the_statement_timeout(
        server: Server, pg_service: GameService) -> None:
    mover, turn = await _started(pg_service)
    frozen = server.pids()
    for pid in frozen:
        os.kill(pid, signal.SIGSTOP)
    try:
        started = time.monotonic()
        reply = await pg_service.move(_player(mover), HERE, turn)
        waited = time.monotonic() - started
    finally:
        for pid in frozen:
            os.kill(pid, signal.SIGCONT)
    _told(reply, "did not answer")
    assert waited < 6, waited  # 1 s statement timeout (+1 s for the client's own)
    assert (await pg_service.move(_player(mover), HERE, turn)).ok


# ------------------------------------------------------------------------ SQLite

async def test_a_full_sqlite_disk_says_so_and_changes_nothing(tmp_path: Path) -> None:
    """SQLite's own "database or disk is full" (SQLITE_FULL), made real with
    ``max_page_count``: the file may not grow, its free pages are filled, and moves
    are played until one needs a new page."""
    store = await Store.open(str(tmp_path / "db.sqlite3"))
    service = _service(store)
    try:
        await _started(service)
        db = store._db
        await db.execute("CREATE TABLE ballast (x TEXT)")
        row = await (await db.execute("PRAGMA page_count")).fetchone()
        assert row is not None
        pages = row[0]
        await db.execute(f"PRAGMA max_page_count={pages}")
        for size in (3000, 300, 30):  # what room the free pages have left
            try:
                while True:
                    await db.execute("INSERT INTO ballast VALUES (?)", ("x" * size,))
            except Exception as exc:
                assert "full" in str(exc), exc
        for _ in range(60):
            mover, turn = await _next(service)
            before = await store.live_session(HERE.id)
            reply = await service.move(_player(mover), HERE, turn)
            if not reply.ok:
                break
        _told(reply, "disk is full", "nothing was changed")
        after = await store.live_session(HERE.id)
        assert before is not None and after is not None and after.version == before.version
        await db.execute("DROP TABLE ballast")
        await db.execute("PRAGMA max_page_count=1073741823")
        assert (await service.move(_player(mover), HERE, turn)).ok
    finally:
        await store.close()


async def test_a_sqlite_lock_held_past_the_busy_timeout_is_told_as_no_answer(
        tmp_path: Path) -> None:
    """Another process holds the file's write lock: the command waits ``busy_timeout``
    (SQLite's statement timeout), then says the database did not answer in time."""
    path = tmp_path / "db.sqlite3"
    store = await Store.open(str(path), busy_timeout=0.5)
    service = _service(store)
    try:
        mover, turn = await _started(service)
        with locked(path):
            started = time.monotonic()
            reply = await service.move(_player(mover), HERE, turn)
            waited = time.monotonic() - started
        _told(reply, "did not answer", "nothing was changed")
        assert waited < 3, waited  # about busy_timeout, not 8 tries of it
        assert (await service.move(_player(mover), HERE, turn)).ok
    finally:
        await store.close()


async def test_a_fault_after_a_commit_says_the_change_stands(tmp_path: Path) -> None:
    """The store counts each command's commits; a fault that comes after one (the
    reply's reads) must not say "nothing was changed": the change stands, and the board
    as stored is shown.  (The fault's timing cannot be forced on a real server, so the
    wording is checked on ``told`` with a real game and a real commit count.)"""
    store = await Store.open(str(tmp_path / "db.sqlite3"))
    service = _service(store)
    try:
        mover, turn = await _started(service)
        assert (await service.move(_player(mover), HERE, turn)).ok
        with commits_counted() as committed:
            async with store.transaction() as run:
                await run("SELECT 1")
            assert len(committed) == 1
            with pytest.raises(RuntimeError):
                async with store.transaction() as run:
                    await run("SELECT 1")
                    raise RuntimeError("rolled back")
            assert len(committed) == 1  # a rolled-back transaction does not count
        session = await store.live_session(HERE.id)
        assert session is not None
        reply = await service.told(Request(_player(mover), HERE), DatabaseDown("gone"), True)
        _told(reply, "database is unavailable", "after this change was saved", "it stands",
              "as stored now")
        assert "to move with" in reply.text
    finally:
        await store.close()


# ------------------------------------------------------------------- the console

@pytest.mark.postgresql
def test_the_console_logs_an_outage_in_one_line_a_fault(server: Server, schema: str
                                                        ) -> None:
    """The console logs as the bot does: JSON lines on stderr, one a fault, no traceback
    (an outage of a few seconds once printed hundreds of lines)."""
    child = subprocess.Popen(
        [sys.executable, "-m", "bot", "local", "--db", schema, "--seed", "3", "--images",
         str(server.folder / "img")], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, text=True, cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert child.stdin is not None and child.stdout is not None
    lines: queue.Queue[str] = queue.Queue()

    def read_lines() -> None:
        for x in child.stdout or ():
            lines.put(x)

    threading.Thread(target=read_lines, daemon=True).start()

    def say(line: str, expect: str) -> str:
        """Send ``line``; what the console printed up to a line with ``expect``."""
        assert child.stdin is not None
        child.stdin.write(line + "\n")
        child.stdin.flush()
        seen = ""
        while expect not in seen:
            try:
                seen += lines.get(timeout=30)
            except queue.Empty:
                raise AssertionError(f"no {expect!r} after {line!r}: {seen!r}") from None
        return seen

    try:
        say("alice: /new hachapury @bob", "challenges")
        say("bob: /accept", "begins")
        server.halt()
        try:
            for _ in range(3):
                said = say("alice: /board", "unavailable")
                assert "internal error" not in said
        finally:
            server.resume()
        say("alice: /board", "to move")
        out, err = child.communicate("quit\n", timeout=60)
    finally:
        if child.poll() is None:
            child.kill()
    assert child.returncode == 0, err
    assert "Traceback" not in err, err
    entries = [json.loads(line) for line in err.strip().splitlines()]  # one JSON a line
    told = [e for e in entries if e["logger"] == "boardbot.service"]
    assert len(told) == 3, err  # each /board during the outage: one line, its kind
    assert all("database_down" in e["message"] for e in told), err
    # and at most one more a command (the computer's look at the game) and a few of
    # the pool's tries to reconnect: never a traceback
    assert len(entries) <= 3 * 2 + 4, err
