"""Analysis storage (storage/analysis.py, migration 15) on SQLite and PostgreSQL: an
analysis is kept once, its post claimed once, and only games with a person in a
server whose post is on wait for one."""

from __future__ import annotations

from storage import SessionStatus, Store
from storage.analysis import AnalysisStore, ServerChoices


async def _finished(store: Store, guild: str, users: tuple[str, str], now: float) -> int:
    session_id = await store.create_session(
        guild_id=guild, channel_id=f"c{now}", game="hachapury", options={}, seed="ab" * 32,
        seed_hash="h", created_by=users[0], now=now, expires_at=None,
        seats=[("W", users[0], users[0], True), ("B", users[1], users[1], True)])
    session = await store.session(session_id)
    assert session is not None
    await store.update_session(session, now, status=SessionStatus.FINISHED)
    return session_id


async def test_kept_once_claimed_once_and_chosen_by_server(database: str) -> None:
    store = await Store.open(database)
    try:
        analyses = AnalysisStore(store)
        people = await _finished(store, "g1", ("alice", "bob"), 10.0)
        computers = await _finished(store, "g1", ("boardbot", "boardbot"), 11.0)
        quiet = await _finished(store, "g2", ("carol", "boardbot"), 12.0)
        await analyses.set_post("g2", False, 12.0)
        assert await analyses.server("g2") == ServerChoices(post=False)
        assert await analyses.server("g1") == ServerChoices()
        assert await analyses.to_post(5.0, "boardbot") == [people]
        assert await analyses.to_post(10.5, "boardbot") == []
        assert computers and quiet

        await analyses.save(people, 1, '{"a": 1}', 2.5, 13.0)
        await analyses.save(people, 1, '{"a": 2}', 9.0, 14.0)  # computed once
        kept = await analyses.stored(people)
        assert kept is not None and kept.data == '{"a": 1}' and kept.seconds == 2.5
        await analyses.save(people, 2, '{"a": 3}', 1.0, 15.0)  # a new format replaces it
        kept = await analyses.stored(people)
        assert kept is not None and (kept.version, kept.data) == (2, '{"a": 3}')

        assert await analyses.claim_post(people, 16.0)
        assert not await analyses.claim_post(people, 17.0)
        assert await analyses.to_post(5.0, "boardbot") == []
        assert await analyses.stored(people + 100) is None
    finally:
        await store.close()
