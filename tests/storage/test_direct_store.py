"""Direct messages' storage (storage/direct.py, migration 14) on SQLite and PostgreSQL:
settings kept per user, a digest claimed once per user and local day whatever the
stores (processes) that ask, servers' names."""

from __future__ import annotations

import asyncio

from storage import Store
from storage.direct import DirectPrefs, DirectStore


async def test_settings_are_kept_and_cleared(database: str) -> None:
    store = await Store.open(database)
    try:
        direct = DirectStore(store)
        assert await direct.prefs("alice") == DirectPrefs("alice")
        await direct.set_digest("alice", 8, "Europe/Moscow", 1.0)
        await direct.set_remind("alice", [86400.0, 28800.0, 3600.0], 2.0)
        assert await direct.prefs("alice") == DirectPrefs(
            "alice", 8, "Europe/Moscow", (86400.0, 28800.0, 3600.0))
        assert await direct.reminder_points(["alice", "bob"]) == {
            "alice": (86400.0, 28800.0, 3600.0)}
        assert [p.user_id for p in await direct.digest_subscribers()] == ["alice"]
        await direct.set_digest("alice", None, None, 3.0)  # off: the zone stays
        await direct.set_remind("alice", None, 3.0)
        assert await direct.prefs("alice") == DirectPrefs("alice", None, "Europe/Moscow")
        assert await direct.digest_subscribers() == []
        assert await direct.reminder_points(["alice"]) == {}
    finally:
        await store.close()


async def test_a_digest_is_claimed_once_by_two_stores(database: str) -> None:
    first, second = await Store.open(database), await Store.open(database)
    try:
        claims = await asyncio.gather(
            DirectStore(first).claim_digest("alice", "2026-11-28", 1.0),
            DirectStore(second).claim_digest("alice", "2026-11-28", 1.0))
        assert sorted(claims) == [False, True]
        assert await DirectStore(first).claim_digest("alice", "2026-11-29", 2.0)
        assert await DirectStore(second).claim_digest("bob", "2026-11-28", 2.0)
        assert await DirectStore(first).claimed_digests(
            [("alice", "2026-11-28"), ("alice", "2026-11-30"), ("bob", "2026-11-28"),
             ("carol", "2026-11-28")]) == {("alice", "2026-11-28"), ("bob", "2026-11-28")}
        assert await DirectStore(first).claimed_digests([]) == set()
    finally:
        await first.close()
        await second.close()


async def test_server_names_are_the_last_seen(database: str) -> None:
    store = await Store.open(database)
    try:
        direct = DirectStore(store)
        await direct.saw_guild("g1", "Old name", 1.0)
        await direct.saw_guild("g1", "Chess club", 2.0)
        await direct.saw_guild("g2", "Dice", 2.0)
        assert await direct.guild_names(["g1", "g2", "g3"]) == {
            "g1": "Chess club", "g2": "Dice"}
    finally:
        await store.close()


async def test_a_games_latest_post_replaces_the_one_before(database: str) -> None:
    store = await Store.open(database)
    try:
        first = await store.create_session(
            guild_id="g", channel_id="c1", game="hachapury", options={}, seed="ab" * 32,
            seed_hash="h", created_by="alice", now=1.0, expires_at=None,
            seats=[("W", "alice", "alice", True), ("B", "bob", "bob", True)])
        direct = DirectStore(store)
        assert await direct.posts([first]) == {}
        await direct.saw_post(first, "c1", "100", 1.0)
        await direct.saw_post(first, "c1", "205", 2.0)
        assert await direct.posts([first, first + 1]) == {first: ("c1", "205")}
    finally:
        await store.close()
