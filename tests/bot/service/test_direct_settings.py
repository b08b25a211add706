"""``/notify digest`` and ``/notify remind`` (bot/service/direct_settings.py), the
reminder rows a player's own times make, and the daily digest handed out once
(bot/service/digest.py), whatever the processes asking."""

from __future__ import annotations

import asyncio
import random

from bot.clocks import DAY, HOUR
from bot.replies import Channel, User
from bot.service import GameService, ServiceConfig
from games.turns import texts
from storage import Session, Store
from storage.direct import DirectStore
from tests.bot.conftest import ALICE, BOB, HERE, FakeClock

THERE = Channel("5002", "9001", "there")


async def _start(service: GameService, channel: Channel = HERE, control: str = "2d"
                 ) -> Session:
    assert (await service.new(ALICE, channel, "hachapury", [BOB], time_control=control)).ok
    assert (await service.accept(BOB, channel)).ok
    session = await service.store.live_session(channel.id)
    assert session is not None
    return session


async def _to_move(service: GameService, user: User, channel: Channel = HERE) -> Session:
    """The channel's game with ``user`` to move (the other plays a turn if need be)."""
    session = await service.store.live_session(channel.id)
    assert session is not None
    seat = session.seat_for_side(service.position_of(session).side_to_move or "")
    assert seat is not None
    if seat.user_id != user.id:
        other = ALICE if user is BOB else BOB
        assert (await service.move(other, channel,
                                   texts(service.legal_turns(session))[0])).ok
    session = await service.store.live_session(channel.id)
    assert session is not None
    seat = session.seat_for_side(service.position_of(session).side_to_move or "")
    assert seat is not None and seat.user_id == user.id
    return session


async def test_remind_times_are_checked_then_kept(service: GameService) -> None:
    said = await service.notify(ALICE, remind="1h, 24h,8h")
    assert said.ok and "1d, 8h, 1h" in said.text
    assert (await DirectStore(service.store).prefs(ALICE.id)).remind == (
        DAY, 8 * HOUR, HOUR)
    for wrong in ("5m", "15d", "1h,2h,3h,4h,5h,6h", "soon", ","):
        refused = await service.notify(ALICE, remind=wrong)
        assert not refused.ok, wrong
    assert (await DirectStore(service.store).prefs(ALICE.id)).remind == (
        DAY, 8 * HOUR, HOUR)
    back = await service.notify(ALICE, remind="server")
    assert back.ok and "as the server has them (1d, 1h)" in back.text
    assert (await DirectStore(service.store).prefs(ALICE.id)).remind is None


async def test_digest_options_are_checked_before_anything_changes(
        service: GameService) -> None:
    unknown = await service.notify(ALICE, mode="dm", digest="on", hour=8,
                                   timezone="Europe/Atlantis")
    assert not unknown.ok and "Europe/Berlin" in unknown.text
    assert await service.ledger.notify_mode(ALICE.id) == "mention"  # mode unchanged
    for zone in ("../../etc/passwd", "/etc/localtime", "x" * 100):
        assert not (await service.notify(ALICE, digest="on", hour=8, timezone=zone)).ok
    assert not (await service.notify(ALICE, digest="on")).ok  # which hour?
    assert not (await service.notify(ALICE, digest="maybe", hour=8)).ok
    said = await service.notify(ALICE, digest="on", hour=7, timezone="Europe/Moscow")
    assert said.ok and "07:00" in said.text and "Europe/Moscow" in said.text
    moved = await service.notify(ALICE, hour=9)  # an hour alone: on, the zone kept
    assert moved.ok and "09:00" in moved.text and "Europe/Moscow" in moved.text
    off = await service.notify(ALICE, digest="off")
    assert off.ok and "off" in off.text
    assert await DirectStore(service.store).digest_subscribers() == []
    assert await service.ledger.notify_mode(ALICE.id) == "mention"


async def test_own_reminder_times_replace_the_servers(service: GameService) -> None:
    assert (await service.notify(ALICE, remind="8h,30m")).ok
    await _start(service, HERE)
    await _start(service, THERE)
    for game, user, points in ((await _to_move(service, ALICE, HERE), ALICE,
                                [0.0, 30 * 60, 8 * HOUR]),
                               # bob chose nothing: the server's 24h and 1h
                               (await _to_move(service, BOB, THERE), BOB, [0.0, HOUR, DAY])):
        row = await service.ledger.clock(game.id)
        assert row is not None and row.side is not None
        rows = await service.ledger.unsent_reminders(game.id, row.period)
        assert sorted(r.point for r in rows) == points, user


async def test_a_digest_is_handed_out_once_by_two_processes(
        database: str, clock: FakeClock) -> None:
    stores = [await Store.open(database), await Store.open(database)]
    try:
        rng = random.Random(3)
        first, second = (GameService(s, ServiceConfig(), clock=clock, render_images=False,
                                     seed_factory=lambda: rng.randbytes(32))
                         for s in stores)
        await _start(first)
        await _to_move(first, ALICE)
        # 1_800_000_000 is 08:00 UTC
        assert (await first.notify(ALICE, digest="on", hour=8, timezone="UTC")).ok
        assert (await first.notify(BOB, digest="on", hour=8, timezone="UTC")).ok
        handed = await asyncio.gather(first.digests(clock.now), second.digests(clock.now))
        notes = [n for batch in handed for n in batch]
        assert [n.user_id for n in notes] == [ALICE.id]  # bob: nothing waits for him
        assert notes[0].mode == "dm" and f"<#{HERE.id}>" in notes[0].text
        assert "left (until" in notes[0].text
        assert await first.digests(clock.now + 1800) == []
        clock.now += 2 * HOUR  # past her hour: nothing, even on a new day's first pass
        assert await second.digests(clock.now) == []
    finally:
        for store in stores:
            await store.close()


async def test_new_reminder_times_replan_the_clock_running_now(
        service: GameService, clock: FakeClock) -> None:
    await _start(service, HERE, control="3d")
    game = await _to_move(service, ALICE, HERE)
    row = await service.ledger.clock(game.id)
    assert row is not None and row.deadline is not None
    period = row.period

    async def points() -> list[float]:
        return sorted(r.point for r in await service.ledger.unsent_reminders(game.id, period))

    assert await points() == [0.0, HOUR, DAY]  # the server's
    assert (await service.notify(ALICE, remind="2d,8h")).ok
    assert await points() == [0.0, 8 * HOUR, 2 * DAY]
    # the 2d reminder goes out; choosing it again does not send it twice
    clock.now = row.deadline - 2 * DAY + 1
    sent = await service.ledger.claim_due(clock.now)
    assert [(r.session_id, r.point) for r in sent] == [(game.id, 2 * DAY)]
    assert (await service.notify(ALICE, remind="2d,4h")).ok
    assert await points() == [0.0, 4 * HOUR]
    assert await service.ledger.claim_due(clock.now + 1) == []
    # bob's clocks are his: nothing of his changed
    assert (await service.notify(BOB, remind="12h")).ok
    assert await points() == [0.0, 4 * HOUR]
