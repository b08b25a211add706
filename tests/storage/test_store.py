"""Storage: migrations, one live session per channel, version checks, crash safety."""

from __future__ import annotations

import asyncio
import os
import shutil
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from storage import ChannelBusy, NewTurn, Session, SessionStatus, StaleVersion, Store
from storage.migrations import LATEST

ROOT = Path(__file__).resolve().parents[2]


async def _new_session(store: Store, channel: str = "c1") -> int:
    return await store.create_session(
        guild_id="g", channel_id=channel, game="hachapury", options={}, seed="00" * 32,
        seed_hash="h", created_by="alice", now=1.0, expires_at=None,
        seats=[("W", "alice", "alice", True), ("B", "bob", "bob", False)],
    )


async def test_migrations_from_an_empty_file(tmp_path: Path) -> None:
    path = tmp_path / "empty.sqlite3"
    path.touch()
    store = await Store.open(str(path))
    assert await store.schema_version() == LATEST
    await store.close()
    with sqlite3.connect(path) as db:
        tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        assert {"sessions", "seats", "turns"} <= tables
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    again = await Store.open(str(path))  # re-opening applies nothing twice
    assert await again.schema_version() == LATEST
    await again.close()


async def test_one_live_session_per_channel(tmp_path: Path) -> None:
    store = await Store.open(str(tmp_path / "db.sqlite3"))
    first = await _new_session(store)
    with pytest.raises(ChannelBusy):
        await _new_session(store)
    other = await _new_session(store, channel="c2")
    assert other != first
    session = await store.session(first)
    assert session is not None
    await store.update_session(session, 2.0, status="aborted")
    assert await _new_session(store) > other  # the channel is free again
    await store.close()


async def test_turn_log_is_append_only(tmp_path: Path) -> None:
    store = await Store.open(str(tmp_path / "db.sqlite3"))
    session_id = await _new_session(store)
    session = await store.session(session_id)
    assert session is not None
    await store.append_turns(session, [NewTurn(1, "W", (6, 5), "[6 5]; x", "x", "alice")], 2.0)
    await store.close()
    with sqlite3.connect(tmp_path / "db.sqlite3") as db:
        with pytest.raises(sqlite3.DatabaseError, match="append-only"):
            db.execute("UPDATE turns SET record='forged'")
        with pytest.raises(sqlite3.DatabaseError, match="append-only"):
            db.execute("DELETE FROM turns")


async def test_two_writers_racing_on_one_version_exactly_one_applies(tmp_path: Path) -> None:
    path = str(tmp_path / "db.sqlite3")
    setup = await Store.open(path)
    session_id = await _new_session(setup)
    await setup.close()
    # Two connections, as two processes would have.
    a, b = await Store.open(path), await Store.open(path)
    read_a, read_b = await a.session(session_id), await b.session(session_id)
    assert read_a is not None and read_b is not None

    async def write(store: Store, read: Session, who: str) -> str:
        try:
            await store.append_turns(read, [NewTurn(1, "W", (1, 2), who, who, who)], 3.0,
                                     position=who)
        except StaleVersion:
            return "lost"
        return "won"

    outcomes = await asyncio.gather(write(a, read_a, "a"), write(b, read_b, "b"))
    assert sorted(outcomes) == ["lost", "won"]
    turns = await a.turns(session_id)
    final = await a.session(session_id)
    assert final is not None and len(turns) == 1
    assert final.position == turns[0].record  # the winner's turn and position, nothing mixed
    assert final.version == read_a.version + 1
    await a.close()
    await b.close()


_KILLER = textwrap.dedent(
    """
    import asyncio, os, sys
    sys.path.insert(0, {root!r})
    from storage import NewTurn, Store

    async def main(path, kill_at):
        store = await Store.open(path)
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
)


def test_killed_between_any_two_statements_leaves_old_or_new_state(tmp_path: Path) -> None:
    template = tmp_path / "template.sqlite3"

    async def prepare() -> None:
        store = await Store.open(str(template))
        await _new_session(store)
        session = await store.session(1)
        assert session is not None
        await store.update_session(session, 1.5, status="active", position="OLD", dice=[6, 5])
        await store.close()

    asyncio.run(prepare())
    script = tmp_path / "killer.py"
    script.write_text(_KILLER.format(root=str(ROOT)))
    outcomes = set()
    # Statements: UPDATE sessions, INSERT, INSERT (each finds its seq), then COMMIT
    # (hook 4); 5 never fires, so that run completes.
    for kill_at in range(1, 6):
        path = tmp_path / f"run{kill_at}.sqlite3"
        shutil.copy(template, path)
        code = subprocess.run([sys.executable, str(script), str(path), str(kill_at)],
                              env={**os.environ, "PYTHONPATH": str(ROOT)}).returncode
        with sqlite3.connect(path) as db:
            position, version, next_turn = db.execute(
                "SELECT position, version, next_turn FROM sessions WHERE id=1").fetchone()
            turns = db.execute("SELECT number FROM turns ORDER BY seq").fetchall()
        if position == "OLD":
            assert turns == [] and next_turn == 1 and version == 1
            outcomes.add("old")
        else:
            assert position == "NEW" and turns == [(1,), (2,)] and next_turn == 3
            assert version == 2
            outcomes.add("new")
        assert (code == 9) == (kill_at <= 4)
    assert outcomes == {"old", "new"}


@pytest.mark.parametrize("status", list(SessionStatus))
async def test_statuses_are_stored_as_their_plain_strings(tmp_path: Path,
                                                         status: SessionStatus) -> None:
    """Existing databases keep working: the enum writes the very strings the schema's
    CHECK allows, and reads come back as plain strings equal to it."""
    store = await Store.open(str(tmp_path / "db.sqlite3"))
    try:
        session_id = await _new_session(store)
        session = await store.session(session_id)
        assert session is not None
        await store.update_session(session, 2.0, status=status)
        rows = await store.fetchall("SELECT status, typeof(status) FROM sessions")
        assert rows[0][0] == status.value and rows[0][1] == "text"
        again = await store.session(session_id)
        assert again is not None and again.status == status and type(again.status) is str
    finally:
        await store.close()


async def test_a_public_transaction_is_all_or_nothing(tmp_path: Path) -> None:
    """``Store.transaction`` (what the correspondence store builds on): a block that
    raises leaves nothing behind, even after a version bump that succeeded."""
    store = await Store.open(str(tmp_path / "db.sqlite3"))
    try:
        session = await store.session(await _new_session(store))
        assert session is not None
        with pytest.raises(RuntimeError):
            async with store.transaction() as run:
                await store.bump_version(run, session, 2.0, status=SessionStatus.ACTIVE)
                await run("UPDATE seats SET name='changed'")
                raise RuntimeError("a fault half-way")
        after = await store.session(session.id)
        assert after == session  # same version, status and seats
    finally:
        await store.close()
