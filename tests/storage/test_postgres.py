"""PostgreSQL only: the schema twin of SQLite's, opening refusals (one line, exit 4),
placeholders, and the command line on a postgresql:// URL."""

from __future__ import annotations

import asyncio
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import asyncpg
import pytest

from storage import DatabaseUnavailable, Store
from storage.migrations import LATEST, MIGRATIONS
from storage.pg_migrations import PG_MIGRATIONS
from storage.postgres import numbered
from storage.store import masked
from tests.conftest import PgFactory

ROOT = Path(__file__).resolve().parents[2]


def test_both_migration_lists_are_as_long() -> None:
    """A SQLite migration without its PostgreSQL twin (storage/pg_migrations.py) fails
    here first."""
    assert len(PG_MIGRATIONS) == len(MIGRATIONS) == LATEST


def test_placeholders_are_numbered_outside_quoted_text() -> None:
    assert numbered("SELECT ? , '?' , \"a?\" , ?") == "SELECT $1 , '?' , \"a?\" , $2"
    assert numbered("UPDATE t SET a=?, b='x' WHERE c=?") == "UPDATE t SET a=$1, b='x' WHERE c=$2"


def test_a_password_never_shows() -> None:
    assert masked("postgresql://bot:s3cret@db.example:5433/games") == \
        "postgresql://bot:***@db.example:5433/games"
    assert masked("postgresql:///games?host=/run/pg") == "postgresql:///games?host=/run/pg"


def _sqlite_columns(path: Path) -> dict[str, list[tuple[str, bool]]]:
    db = sqlite3.connect(path)
    try:
        tables = [r[0] for r in db.execute(
            "SELECT name FROM sqlite_master WHERE type='table' AND name NOT LIKE 'sqlite_%'")]
        return {t: [(r[1], bool(r[3]) or bool(r[5])) for r in
                    db.execute(f'PRAGMA table_info("{t}")')] for t in tables}
    finally:
        db.close()


@pytest.mark.postgresql
async def test_both_databases_have_the_same_tables_and_columns(
        tmp_path: Path, new_pg_database: PgFactory) -> None:
    """Same tables, same columns in the same order, the same NOT NULLs (a primary key
    counts as NOT NULL): what a ported migration must keep."""
    path = tmp_path / "db.sqlite3"
    sqlite_store = await Store.open(str(path))
    await sqlite_store.close()
    url = await new_pg_database()
    store = await Store.open(url)
    try:
        rows = await store.fetchall(
            "SELECT table_name, column_name, is_nullable FROM information_schema.columns "
            "WHERE table_schema=current_schema() AND table_name<>'schema_version' "
            "ORDER BY table_name, ordinal_position")
        assert await store.schema_version() == LATEST
    finally:
        await store.close()
    postgres: dict[str, list[tuple[str, bool]]] = {}
    for table, column, nullable in rows:
        postgres.setdefault(table, []).append((column, nullable == "NO"))
    assert postgres == _sqlite_columns(path)


@pytest.mark.postgresql
async def test_both_databases_have_the_same_named_indexes_and_triggers(
        tmp_path: Path, new_pg_database: PgFactory) -> None:
    """The indexes a migration names (the partial unique one that keeps one live session
    a channel among them) and the log's triggers exist on both (PostgreSQL has one more
    trigger: it refuses TRUNCATE, which SQLite does not have)."""
    path = tmp_path / "db.sqlite3"
    await (await Store.open(str(path))).close()
    db = sqlite3.connect(path)
    try:
        indexes = {r[0] for r in db.execute(
            "SELECT name FROM sqlite_master WHERE type='index' AND sql IS NOT NULL")}
        triggers = {r[0] for r in db.execute(
            "SELECT name FROM sqlite_master WHERE type='trigger'")}
    finally:
        db.close()
    store = await Store.open(await new_pg_database())
    try:
        pg_indexes = {r[0] for r in await store.fetchall(
            "SELECT indexname FROM pg_indexes WHERE schemaname=current_schema()")
            if not r[0].endswith(("_pkey", "_key"))}
        pg_triggers = {r[0] for r in await store.fetchall(
            "SELECT tgname FROM pg_trigger t JOIN pg_class c ON c.oid=t.tgrelid "
            "JOIN pg_namespace n ON n.oid=c.relnamespace "
            "WHERE n.nspname=current_schema() AND NOT t.tgisinternal")}
    finally:
        await store.close()
    assert "one_live_session_per_channel" in indexes
    assert pg_indexes == indexes
    assert pg_triggers == triggers | {"turns_no_truncate"}


@pytest.mark.postgresql
async def test_the_log_refuses_truncate_too(new_pg_database: PgFactory) -> None:
    url = await new_pg_database()
    store = await Store.open(url)
    try:
        with pytest.raises(asyncpg.IntegrityConstraintViolationError, match="append-only"):
            async with store.transaction() as run:
                await run("TRUNCATE turns CASCADE")
    finally:
        await store.close()


@pytest.mark.postgresql
async def test_an_unknown_database_is_refused_in_one_line(pg_server_url: str) -> None:
    url = pg_server_url.replace("/boardbot_test?", "/no_such_db?")
    with pytest.raises(DatabaseUnavailable) as caught:
        await Store.open(url)
    message = str(caught.value)
    assert "has no database no_such_db" in message and "createdb no_such_db" in message
    assert "\n" not in message


async def test_an_unreachable_server_is_refused_in_one_line(tmp_path: Path) -> None:
    """No server listens on this socket folder (nothing reaches the network)."""
    url = f"postgresql://bot:hunter2@/games?host={tmp_path}&port=5999"
    with pytest.raises(DatabaseUnavailable) as caught:
        await Store.open(url, busy_timeout=2.0)
    message = str(caught.value)
    assert "is not reachable" in message and str(tmp_path) in message
    assert "hunter2" not in message and "\n" not in message


@pytest.mark.postgresql
async def test_another_programs_tables_are_left_untouched(new_pg_database: PgFactory
                                                          ) -> None:
    url = await new_pg_database()
    conn = await asyncpg.connect(url)
    try:
        await conn.execute("CREATE TABLE invoices (id BIGINT PRIMARY KEY)")
        with pytest.raises(DatabaseUnavailable, match="another program's tables"):
            await Store.open(url)
        tables = await conn.fetch("SELECT table_name FROM information_schema.tables "
                                  "WHERE table_schema=current_schema()")
        assert [r[0] for r in tables] == ["invoices"]
    finally:
        await conn.close()


@pytest.mark.postgresql
async def test_a_newer_schema_is_refused(new_pg_database: PgFactory) -> None:
    url = await new_pg_database()
    store = await Store.open(url)
    async with store.transaction() as run:
        await run("UPDATE schema_version SET version=?", (LATEST + 1,))
    await store.close()
    with pytest.raises(DatabaseUnavailable, match="newer version of this bot"):
        await Store.open(url)


@pytest.mark.postgresql
async def test_processes_starting_together_migrate_once(new_pg_database: PgFactory) -> None:
    import asyncio

    url = await new_pg_database()
    stores = await asyncio.gather(*(Store.open(url) for _ in range(4)))
    try:
        assert [await s.schema_version() for s in stores] == [LATEST] * 4
        rows = await stores[0].fetchall("SELECT COUNT(*) FROM schema_version")
        assert rows[0][0] == 1
    finally:
        for store in stores:
            await store.close()


def _bot(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "bot", *args], capture_output=True,
                          text=True, cwd=ROOT, input=stdin, timeout=120,
                          env={**os.environ, "PYTHONPATH": str(ROOT), "DISCORD_TOKEN": ""})


@pytest.mark.postgresql
async def test_local_plays_on_postgresql_as_on_a_file(new_pg_database: PgFactory,
                                                      tmp_path: Path) -> None:
    url = await new_pg_database()
    script = "alice: /new hachapury @bob\nbob: /accept\nalice: /board\n"
    done = _bot("local", "--config", str(tmp_path / "none.toml"), "--db", url, "--images",
                str(tmp_path / "img"), "--seed", "3", stdin=script)
    assert done.returncode == 0, done.stderr
    assert "**Hachapury** begins" in done.stdout
    store = await Store.open(url)
    try:
        session = await store.live_session("local")
        assert session is not None and session.status == "active"
    finally:
        await store.close()


def test_local_on_an_unreachable_server_exits_4_with_one_line(tmp_path: Path) -> None:
    done = _bot("local", "--config", str(tmp_path / "none.toml"), "--db",
                f"postgresql://bot@/games?host={tmp_path}&port=5999")
    assert done.returncode == 4
    assert done.stderr.count("\n") == 1 and "is not reachable" in done.stderr


_KILLER = """
import asyncio, os, sys
from storage import NewTurn, Store

async def main(url, kill_at):
    store = await Store.open(url)
    session = await store.session(1)
    def hook(n):
        if n == kill_at:
            os._exit(9)   # a real crash: no rollback, no close
    store.statement_hook = hook
    await store.append_turns(
        session,
        [NewTurn(1, "W", (6, 5), "[6 5]; 24/18, 24/19", "24/18, 24/19", "alice"),
         NewTurn(2, "B", (1, 1), "[1 1]; (no move)", "(no move)", "bot")],
        5.0, position="NEW", next_turn=3, dice=[4, 2])
    await store.close()

asyncio.run(main(sys.argv[1], int(sys.argv[2])))
"""


@pytest.mark.postgresql
async def test_killed_between_any_two_statements_leaves_old_or_new_state(
        new_pg_database: PgFactory, tmp_path: Path) -> None:
    """As tests/storage/test_store.py does for SQLite: a process killed at each step of a
    two-turn append leaves the state before it or after it, nothing between."""
    script = tmp_path / "killer.py"
    script.write_text(_KILLER)
    outcomes = set()
    # Statements: UPDATE sessions, INSERT, INSERT (each finds its seq), then COMMIT
    # (hook 4); 5 never fires, so that run completes.
    for kill_at in range(1, 6):
        url = await new_pg_database()
        store = await Store.open(url)
        try:
            session_id = await store.create_session(
                guild_id="g", channel_id="c1", game="hachapury", options={}, seed="00" * 32,
                seed_hash="h", created_by="alice", now=1.0, expires_at=None,
                seats=[("W", "alice", "alice", True), ("B", "bob", "bob", False)])
            session = await store.session(session_id)
            assert session is not None and session_id == 1
            await store.update_session(session, 1.5, status="active", position="OLD",
                                       dice=[6, 5])
        finally:
            await store.close()
        code = subprocess.run([sys.executable, str(script), url, str(kill_at)], cwd=ROOT,
                              env={**os.environ, "PYTHONPATH": str(ROOT)}).returncode
        store = await Store.open(url)
        try:
            after = await store.session(1)
            turns = [t.number for t in await store.turns(1)]
        finally:
            await store.close()
        assert after is not None
        if after.position == "OLD":
            assert turns == [] and after.next_turn == 1 and after.version == 1
            outcomes.add("old")
        else:
            assert after.position == "NEW" and turns == [1, 2] and after.next_turn == 3
            assert after.version == 2
            outcomes.add("new")
        assert (code == 9) == (kill_at <= 4)
    assert outcomes == {"old", "new"}


async def test_leads_asked_at_once_share_the_lock_connection(new_pg_database: PgFactory
                                                             ) -> None:
    """Every computer step asks for its process's lock (storage/liveness.py), many at
    once: one connection cannot run two queries at a time, and a failed one would
    drop every lock this process holds (its claims then look dead to the others)."""
    store = await Store.open(await new_pg_database())
    try:
        assert await store.lead("process:a")
        held = await asyncio.gather(*(store.lead(role) for role in
                                      ["process:a", "scheduler", "process:b"] * 10))
        assert all(held)
    finally:
        await store.close()
