"""Bounds on what one command can cost or say: clock values, and the work a game
keeps off the event loop."""

from __future__ import annotations

import asyncio

from bot.clocks import DAY, HOUR
from bot.scheduler import Scheduler
from bot.service import GameService
from tests.bot.conftest import ALICE, BOB, HERE, FakeClock
from tests.bot.test_correspondence import Outbox, _play, _start, _to_move


async def test_a_huge_clock_is_refused_with_the_bound(service: GameService) -> None:
    reply = await service.new(ALICE, HERE, "hachapury", [BOB],
                              time_control="99999999999d,weekends")
    assert not reply.ok and reply.private
    assert "at most 365 days" in reply.text and "99999999999d" in reply.text
    assert await service.store.live_session(HERE.id) is None  # nothing was created
    reply = await service.new(ALICE, HERE, "hachapury", [BOB], {"time": "bank=7d,bonus=400d"})
    assert not reply.ok and "at most 365 days" in reply.text


async def test_a_huge_grant_is_refused_and_the_clock_kept(service: GameService,
                                                          clock: FakeClock) -> None:
    session = await _start(service, "1d,weekends")
    mover, other = _to_move(service, session)
    clock.now += DAY + HOUR
    before = await service.ledger.clock(session.id)
    # stepped week by week for ever before (the timeout fails the test instead of hanging)
    reply = await asyncio.wait_for(service.grant(other, HERE, "99999999999d"), 30)
    assert not reply.ok and "at most 365 days" in reply.text
    assert await service.ledger.clock(session.id) == before
    assert (await service.grant(other, HERE, "365d")).ok


async def test_a_game_stored_with_a_huge_clock_still_plays(service: GameService,
                                                           clock: FakeClock) -> None:
    """Games created before the bound keep their (now cheap) clock."""
    session = await _start(service, "3d,weekends")
    huge = "10000000d,weekends"
    await service.store._db.execute("UPDATE clocks SET control=?, budget=? WHERE session_id=?",
                                    (huge, 10_000_000 * DAY, session.id))
    session = await _play(service)
    session = await _play(service)
    assert "left" in (await service.board(ALICE, HERE)).text
    await Scheduler.for_service(service, Outbox()).run_once(clock.now + DAY)
