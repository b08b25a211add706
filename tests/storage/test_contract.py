"""The storage contract, run unchanged against SQLite and PostgreSQL (the ``database``
fixture, tests/conftest.py): migrations, the append-only log, one live session per
channel, the optimistic version check, reminders claimed once, all-or-nothing changes."""

from __future__ import annotations

import asyncio

import pytest

from storage import ChannelBusy, NewTurn, Session, SessionStatus, StaleVersion, Store
from storage.correspondence import ClockState, CorrespondenceStore, ReminderRow
from storage.migrations import LATEST


async def _new_session(store: Store, channel: str = "c1", now: float = 1.0) -> int:
    return await store.create_session(
        guild_id="g", channel_id=channel, game="hachapury", options={"a": "1"},
        seed="ab" * 32, seed_hash="h", created_by="alice", now=now, expires_at=now + 0.5,
        seats=[("W", "alice", "alice", True), ("B", "bob", "bob", False)],
    )


async def test_migrations_bring_a_new_database_to_the_latest_schema_once(database: str
                                                                         ) -> None:
    store = await Store.open(database)
    assert await store.schema_version() == LATEST
    await store.close()
    again = await Store.open(database)  # nothing is applied twice
    try:
        assert await again.schema_version() == LATEST
        assert await again.migrate() == LATEST
    finally:
        await again.close()


async def test_a_session_reads_back_as_written(database: str) -> None:
    store = await Store.open(database)
    try:
        session_id = await _new_session(store)
        session = await store.session(session_id)
        assert session is not None
        assert (session.channel_id, session.guild_id, session.status) == ("c1", "g",
                                                                          "challenge")
        assert session.options == {"a": "1"} and session.dice == () and session.opening == []
        assert session.expires_at == 1.5 and session.version == 0 and session.result is None
        assert [(s.seat, s.side, s.user_id, s.accepted) for s in session.seats] == [
            (0, "W", "alice", True), (1, "B", "bob", False)]
        await store.accept_seat(session, "bob", 2.0)
        accepted = await store.session(session_id)
        assert accepted is not None
        await store.update_session(accepted, 2.25,
                                   status=SessionStatus.ACTIVE, dice=(6, 5),
                                   opening=[(3, 4)], position="P")
        after = await store.session(session_id)
        assert after is not None and after.version == 2 and after.status == "active"
        assert type(after.status) is str and after.dice == (6, 5) and after.opening == [(3, 4)]
        assert after.updated_at == 2.25 and all(s.accepted for s in after.seats)
        assert await store.live_session("c1") == after == await store.latest_session("c1")
        assert [s.id for s in await store.sessions("g")] == [session_id]
        page = await store.session_page("g", ["active"], user_id="bob")
        assert page.total == 1 and page.sessions == [after]
    finally:
        await store.close()


async def test_one_live_session_per_channel(database: str) -> None:
    store = await Store.open(database)
    try:
        first = await _new_session(store)
        with pytest.raises(ChannelBusy):
            await _new_session(store)
        other = await _new_session(store, channel="c2")
        session = await store.session(first)
        assert session is not None
        await store.update_session(session, 2.0, status="aborted")
        assert await _new_session(store) > other  # the channel is free again
    finally:
        await store.close()


async def test_the_turn_log_is_append_only(database: str) -> None:
    store = await Store.open(database)
    try:
        session = await store.session(await _new_session(store))
        assert session is not None
        await store.append_turns(session, [NewTurn(1, "W", (6, 5), "[6 5]; x", "x", "alice",
                                                   events='[{"e": 1}]')], 2.0)
        for forgery in ("UPDATE turns SET record='forged'", "DELETE FROM turns"):
            with pytest.raises(store.backend.integrity_error, match="append-only"):
                async with store.transaction() as run:
                    await run(forgery)
        turns = await store.turns(session.id)
        assert [(t.seq, t.record, t.dice, t.events) for t in turns] == [
            (1, "[6 5]; x", (6, 5), '[{"e": 1}]')]
        assert await store.last_turn(session.id) == turns[0]
    finally:
        await store.close()


async def test_two_connections_racing_on_one_version_exactly_one_applies(database: str
                                                                         ) -> None:
    setup = await Store.open(database)
    session_id = await _new_session(setup)
    await setup.close()
    a, b = await Store.open(database), await Store.open(database)
    try:
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
        final = await b.session(session_id)
        assert final is not None and len(turns) == 1
        assert final.position == turns[0].record  # the winner's turn and position
        assert final.version == read_a.version + 1
    finally:
        await a.close()
        await b.close()


async def test_a_transaction_is_all_or_nothing(database: str) -> None:
    store = await Store.open(database)
    try:
        session = await store.session(await _new_session(store))
        assert session is not None
        with pytest.raises(RuntimeError):
            async with store.transaction() as run:
                await store.bump_version(run, session, 2.0, status=SessionStatus.ACTIVE)
                await run("UPDATE seats SET name='changed'")
                raise RuntimeError("a fault half-way")
        assert await store.session(session.id) == session
    finally:
        await store.close()


async def _clocked(store: Store, ledger: CorrespondenceStore, channel: str, points: list[float]
                   ) -> int:
    """An active session whose clock runs, with reminders at ``points`` all due at 10."""
    session_id = await _new_session(store, channel)
    await ledger.set_control(session_id, "3d", 1.0)
    session = await store.session(session_id)
    assert session is not None
    state = ClockState(1, "W", 1, 1.0, 100.0, 101.0, {"B": 100.0})
    reminders = [ReminderRow(session_id, 1, p, 1, "W", 10.0 - p / 1000,
                             "0-1" if p == 0 else None) for p in points]
    from storage.correspondence import clock_statements
    await store.update_session(session, 1.0, status=SessionStatus.ACTIVE,
                               extra=clock_statements(session_id, state, reminders, 1.0))
    return session_id


async def test_each_due_reminder_is_claimed_once_by_racing_claimers(database: str) -> None:
    stores = [await Store.open(database) for _ in range(3)]
    ledgers = [CorrespondenceStore(s) for s in stores]
    try:
        ids = [await _clocked(stores[0], ledgers[0], f"c{i}", [3600.0, 60.0]) for i in range(6)]
        clock = await ledgers[1].clock(ids[0])
        assert clock is not None and clock.side == "W" and clock.banks == {"B": 100.0}
        claims = await asyncio.gather(*(ledger.claim_due(20.0, limit=4) for ledger in ledgers),
                                      *(ledger.claim_due(20.0) for ledger in ledgers))
        claimed = [(r.session_id, r.point) for batch in claims for r in batch]
        # Each claim hands out only the most urgent point of a period, but marks all
        # it took as sent: nothing is left, and nothing came out twice.
        assert len(claimed) == len(set(claimed))
        left = await stores[2].fetchall("SELECT COUNT(*) FROM reminders WHERE sent_at IS NULL")
        assert left[0][0] == 0
        sent = await stores[2].fetchall("SELECT COUNT(*) FROM reminders")
        assert sent[0][0] == 12
        assert await ledgers[0].claim_due(30.0) == []
    finally:
        for store in stores:
            await store.close()


async def test_a_claim_takes_every_due_point_of_the_games_it_locks(database: str) -> None:
    """A claim locks the games it takes (so racing claimers skip their reminders):
    a second due point of such a game must not be left for the next pass."""
    store = await Store.open(database)
    try:
        ledger = CorrespondenceStore(store)
        await _clocked(store, ledger, "c0", [3600.0, 60.0])
        claimed = await ledger.claim_due(20.0, limit=1)
        assert [r.point for r in claimed] == [60.0]  # only the most urgent is sent
        left = await store.fetchall("SELECT COUNT(*) FROM reminders WHERE sent_at IS NULL")
        assert left[0][0] == 0
    finally:
        await store.close()


async def test_a_time_up_reminder_ends_the_game_once(database: str) -> None:
    stores = [await Store.open(database) for _ in range(2)]
    try:
        ledgers = [CorrespondenceStore(s) for s in stores]
        session_id = await _clocked(stores[0], ledgers[0], "c1", [0.0])
        claims = await asyncio.gather(*(ledger.claim_due(20.0) for ledger in ledgers))
        assert sorted(len(c) for c in claims) == [0, 1]
        session = await stores[1].session(session_id)
        assert session is not None and session.status == "finished" and session.result == "0-1"
        clock = await ledgers[0].clock(session_id)
        assert clock is not None and clock.side is None
    finally:
        for store in stores:
            await store.close()


async def test_upserts_keep_their_meaning(database: str) -> None:
    """What SQLite's INSERT OR REPLACE / OR IGNORE did, written once for both."""
    store = await Store.open(database)
    ledger = CorrespondenceStore(store)
    try:
        session_id = await _clocked(store, ledger, "c1", [60.0])
        await ledger.set_control(session_id, "1d", 5.0)  # the clock anew: stopped, period 0
        clock = await ledger.clock(session_id)
        assert clock is not None and (clock.control, clock.period, clock.side, clock.banks) == (
            "1d", 0, None, {})
        assert await ledger.request_undo(session_id, 1, "alice", 6.0) is True
        assert await ledger.request_undo(session_id, 1, "bob", 7.0) is False
        assert [r.requested_by for r in await ledger.undo_requests(session_id)] == ["alice"]
        await ledger.set_notify_mode("alice", "dm", 1.0)
        await ledger.set_notify_mode("alice", "none", 2.0)
        assert await ledger.notify_mode("alice") == "none"
        assert await ledger.notify_mode("bob") == "mention"
        await ledger.set_heartbeat(3.0)
        await ledger.set_heartbeat(4.5)
        assert await ledger.heartbeat() == 4.5
    finally:
        await store.close()


async def test_challenges_expire_and_lobby_seats_move_up(database: str) -> None:
    store = await Store.open(database)
    ledger = CorrespondenceStore(store)
    try:
        session_id = await _new_session(store)
        session = await store.session(session_id)
        assert session is not None
        await store.add_seat(session, "carol", "carol", 1.1)
        session = await store.session(session_id)
        assert session is not None
        await ledger.leave_lobby(session, "alice", 1.2)
        session = await store.session(session_id)
        assert session is not None
        assert [(s.seat, s.user_id) for s in session.seats] == [(0, "bob"), (1, "carol")]
        assert await ledger.user_sessions("carol", "g") == [session]
        assert await ledger.expire_challenges(2.0) == 1
        expired = await store.session(session_id)
        assert expired is not None and expired.status == "expired"
    finally:
        await store.close()
