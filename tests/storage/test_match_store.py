"""Matches' storage (storage/matches.py), on SQLite and PostgreSQL: a match's next
game is made whole in one transaction, its clock included, so that another process
which finds the game and starts it finds its clock too."""

from __future__ import annotations

import pytest

from storage import SessionStatus, Store
from storage.correspondence import CorrespondenceStore
from storage.matches import MatchStore


async def _match(store: Store, control: str) -> MatchStore:
    first = await store.create_session(
        guild_id="g", channel_id="c1", game="hachapury", options={}, seed="ab" * 32,
        seed_hash="h", created_by="alice", now=1.0, expires_at=None,
        seats=[("W", "alice", "alice", True), ("B", "bob", "bob", True)])
    matches = MatchStore(store)
    await matches.create(first, guild_id="g", channel_id="c1", game="hachapury", target=3,
                         options={}, control=control, now=1.0)
    session = await store.session(first)
    assert session is not None
    await store.update_session(session, 2.0, status=SessionStatus.FINISHED)
    return matches


@pytest.mark.parametrize("control", ["1d,forfeit", "none"])
async def test_the_next_game_is_made_with_its_clock_in_one_transaction(
        database: str, control: str) -> None:
    store = await Store.open(database)
    try:
        matches = await _match(store, control)
        match = await matches.latest_in_channel("c1")
        assert match is not None
        made = await matches.add_game(match, 2, False, options={}, seed="cd" * 32,
                                      seed_hash="h2", created_by="alice",
                                      seats=[("W", "alice", "alice"), ("B", "bob", "bob")],
                                      now=3.0)
        assert made is not None
        clock = await CorrespondenceStore(store).clock(made)
        if control == "none":
            assert clock is None
        else:
            assert clock is not None and clock.control == control
            assert clock.side is None and clock.started_at is None  # not started yet
        # a racing command finds the game made: nothing is made twice
        assert await matches.add_game(match, 2, False, options={}, seed="ef" * 32,
                                      seed_hash="h3", created_by="bob",
                                      seats=[("W", "alice", "alice"), ("B", "bob", "bob")],
                                      now=3.5) is None
    finally:
        await store.close()
