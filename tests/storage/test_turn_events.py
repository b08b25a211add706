"""The turn log keeps each turn's events (migration 4): written with the turn,
read back with it, NULL on rows logged before, and as append-only as the rest."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from games import get_game
from games.events import events_from_json, events_to_json
from storage import NewTurn, Store
from storage.migrations import LATEST, MIGRATIONS
from storage.store import _split_sql


async def _new_session(store: Store) -> int:
    return await store.create_session(
        guild_id="g", channel_id="c1", game="hachapury", options={}, seed="00" * 32,
        seed_hash="h", created_by="alice", now=1.0, expires_at=None,
        seats=[("W", "alice", "alice", True), ("B", "bob", "bob", True)],
    )


def _opening_turn() -> NewTurn:
    played = get_game("hachapury").initial({}, "W").play("24/13", (6, 5))
    return NewTurn(1, "W", (6, 5), played.record, played.moves, "alice",
                   events=events_to_json(played.events))


async def test_a_turns_events_are_stored_and_read_back(tmp_path: Path) -> None:
    store = await Store.open(str(tmp_path / "db.sqlite3"))
    session = await store.session(await _new_session(store))
    assert session is not None
    turn = _opening_turn()
    await store.append_turns(session, [turn, NewTurn(1, "W", (), "W resigns", "resign",
                                                     "alice", "line")], 2.0)
    logged = await store.turns(session.id)
    assert [t.events for t in logged] == [turn.events, None]
    last = await store.last_turn(session.id)
    assert last is not None and last.events == turn.events
    assert last.events is not None
    assert events_from_json(last.events) == get_game("hachapury").initial({}, "W").play(
        "24/13", (6, 5)).events
    await store.close()


def _version_3_database(path: Path) -> None:
    """A database as the program before migration 4 left it, with one turn logged."""
    db = sqlite3.connect(path)
    for script in MIGRATIONS[:3]:
        for statement in _split_sql(script):
            db.execute(statement)
    db.execute("PRAGMA user_version=3")
    db.execute("INSERT INTO sessions (channel_id, game, status, options, seed, seed_hash, "
               "created_by, created_at, updated_at) VALUES ('c0', 'hachapury', 'finished', "
               "'{}', '00', 'h', 'alice', 1, 1)")
    db.execute("INSERT INTO turns (session_id, seq, number, side, dice, record, moves, actor, "
               "played_at) VALUES (1, 1, 1, 'W', '[6, 5]', '[6 5]; 24/19, 19/13', "
               "'24/19, 19/13', 'alice', 1)")
    db.commit()
    db.close()


async def test_rows_from_before_the_migration_read_without_events(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    _version_3_database(path)
    store = await Store.open(str(path))
    assert await store.schema_version() == LATEST
    [old] = await store.turns(1)
    assert (old.moves, old.events) == ("24/19, 19/13", None)
    session = await store.session(await _new_session(store))
    assert session is not None
    await store.append_turns(session, [_opening_turn()], 2.0)
    [new] = await store.turns(session.id)
    assert new.events is not None and new.events.startswith('[{"type":"Moved"')
    await store.close()


async def test_events_are_as_append_only_as_the_rest_of_the_log(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    _version_3_database(path)
    store = await Store.open(str(path))  # migrated: the old triggers must still hold
    session = await store.session(await _new_session(store))
    assert session is not None
    await store.append_turns(session, [_opening_turn()], 2.0)
    await store.close()
    with sqlite3.connect(path) as db:
        for sql in ("UPDATE turns SET events='[]' WHERE events IS NOT NULL",
                    "UPDATE turns SET events='[]' WHERE events IS NULL",
                    "DELETE FROM turns WHERE events IS NOT NULL"):
            with pytest.raises(sqlite3.DatabaseError, match="append-only"):
                db.execute(sql)
