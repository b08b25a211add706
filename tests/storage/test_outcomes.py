"""A session's outcome is stored as data beside its result text (migration 12), on
SQLite and PostgreSQL alike; rows finished before the column existed are read from
their text, in one place (``Session.outcome``)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from games.outcome import EndReason, Outcome, resigned, silent
from storage import Store
from storage.migrations import LATEST, MIGRATIONS


async def _new_session(store: Store) -> int:
    return await store.create_session(
        guild_id="g", channel_id="c1", game="hachapury", options={}, seed="ab" * 32,
        seed_hash="h", created_by="alice", now=1.0, expires_at=None,
        seats=[("W", "alice", "alice", True), ("B", "bob", "bob", True)])


async def test_an_outcome_is_stored_with_the_text_it_states(database: str) -> None:
    store = await Store.open(database)
    try:
        session_id = await _new_session(store)
        session = await store.session(session_id)
        assert session is not None and session.outcome is None and session.stored_outcome is None
        quiet = silent("W", "B", 3 * 86400)
        await store.update_session(session, 2.0, status="finished", outcome=quiet)
        again = await store.session(session_id)
        assert again is not None
        assert again.stored_outcome == quiet and again.outcome == quiet
        assert again.result == "W wins (B did not move for 3d)"
    finally:
        await store.close()


async def test_an_engine_ending_keeps_the_engines_own_text(database: str) -> None:
    store = await Store.open(database)
    try:
        session = await store.session(await _new_session(store))
        assert session is not None
        placed = Outcome("R", 2, EndReason.PLACINGS, ("R", "B"))
        await store.update_session(session, 2.0, status="finished", result="R wins; B 2nd",
                                   outcome=placed)
        again = await store.session(session.id)
        assert again is not None and again.outcome == placed and again.result == "R wins; B 2nd"
    finally:
        await store.close()


async def test_a_row_without_an_outcome_is_read_from_its_text(database: str) -> None:
    """What a row finished before migration 12 looks like, on either database."""
    store = await Store.open(database)
    try:
        session_id = await _new_session(store)
        async with store.transaction() as run:
            await run("UPDATE sessions SET status='finished', result=?, outcome=NULL "
                      "WHERE id=?", ("B wins (W resigned the match)", session_id))
        session = await store.session(session_id)
        assert session is not None and session.stored_outcome is None
        assert session.outcome == resigned("B", "W", whole_match=True)
        # nor does an outcome the store cannot read hide the text
        async with store.transaction() as run:
            await run("UPDATE sessions SET outcome='not json' WHERE id=?", (session_id,))
        garbled = await store.session(session_id)
        assert garbled is not None and garbled.outcome == resigned("B", "W", whole_match=True)
    finally:
        await store.close()


async def test_a_database_from_before_the_column_is_migrated_and_read(tmp_path: Path
                                                                        ) -> None:
    path = tmp_path / "old.sqlite3"
    # the database as it was before the migration that added the column (12; later
    # migrations run on top of it as the store opens)
    before = next(i for i, script in enumerate(MIGRATIONS) if "ADD COLUMN outcome" in script)
    with sqlite3.connect(path) as db:
        for script in MIGRATIONS[:before]:
            db.executescript(script)
        db.execute(f"PRAGMA user_version={before}")
        assert "outcome" not in {r[1] for r in db.execute("PRAGMA table_info(sessions)")}
        db.execute(
            "INSERT INTO sessions (channel_id, game, status, options, seed, seed_hash, "
            "result, created_by, created_at, updated_at) VALUES ('c1', 'hachapury', "
            "'finished', '{}', 'ab', 'h', 'W wins 2', 'alice', 1, 2)")
    store = await Store.open(str(path))
    try:
        assert await store.schema_version() == LATEST
        session = await store.session(1)
        assert session is not None and session.stored_outcome is None
        assert session.outcome == Outcome("W", 2, EndReason.PLAYED)
    finally:
        await store.close()
