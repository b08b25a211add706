"""Nudges in games without a clock (bot/service/nudges.py), on an injected clock and
across restarts; per-user and per-server periods; ending a silent game with /claim.
Nothing sleeps."""

from __future__ import annotations

from bot.clocks import DAY, HOUR
from bot.replies import User
from bot.scheduler import Notification, Scheduler
from bot.service import GameService
from storage import Session, SessionStatus, Store
from storage.ratings import RatingStore
from tests.bot.conftest import ALICE, BOB, CAROL, HERE, MOD, FakeClock
from tests.bot.seats import seat_of_side, seat_of_user
from tests.bot.service.test_correspondence import (
    THERE,
    Outbox,
    _play,
    _service,
    _start,
    _to_move,
)


def _kinds(sent: list[Notification]) -> list[tuple[str, str | None]]:
    return [(n.kind, n.user_id) for n in sent]


async def _reopen(path: str, clock: FakeClock, outbox: Outbox
                  ) -> tuple[Store, GameService, Scheduler]:
    store = await Store.open(path)
    service = _service(store, clock)
    return store, service, Scheduler.for_service(service, outbox)


async def test_nudges_with_an_injected_clock_across_a_restart(database: str,
                                                             clock: FakeClock) -> None:
    outbox = Outbox()
    store, service, scheduler = await _reopen(database, clock, outbox)
    session = await _start(service, None)
    silent, waiting = _to_move(service, session)
    start = clock.now
    assert await scheduler.run_once(start + HOUR) == []
    assert await scheduler.run_once(start + 3 * DAY - 60) == []
    fired = await scheduler.run_once(start + 3 * DAY)
    assert _kinds(fired) == [("nudge", silent.id)]
    text = fired[0].text
    # names the game, the channel, who waits and since when; pings only the silent player
    assert f"<@{silent.id}> nudge" in text and f"<#{HERE.id}>" in text
    assert f"game #{session.id}" in text and "Hachapury" in text
    assert f"{waiting.name} is waiting" in text and f"<t:{int(start)}:f>" in text
    assert fired[0].mentions == (silent.id,) and fired[0].mode == "mention"
    assert await scheduler.run_once(start + 3 * DAY + 60) == []
    await store.close()

    # a restart a minute later: nothing again (and the minute of downtime is given back)
    store, service, scheduler = await _reopen(database, clock, outbox)
    assert await scheduler.run_once(start + 3 * DAY + 120) == []
    assert await scheduler.run_once(start + 6 * DAY + 59) == []  # a second short
    fired = await scheduler.run_once(start + 6 * DAY + 60)
    assert _kinds(fired) == [("nudge", silent.id), ("silent", waiting.id)]
    assert "may now end the game with `/claim`" in fired[0].text
    assert fired[1].mentions == (waiting.id,) and "/claim" in fired[1].text
    await store.close()

    # restarts right after: never twice
    for minutes in (3, 4):
        store, service, scheduler = await _reopen(database, clock, outbox)
        assert await scheduler.run_once(start + 6 * DAY + minutes * 60) == []
        await store.close()
    assert len(outbox.sent) == 3


async def test_a_move_ends_the_silence_and_nudges_count_from_it(service: GameService,
                                                                clock: FakeClock) -> None:
    scheduler = Scheduler.for_service(service, Outbox())
    session = await _start(service, None)
    first, second = _to_move(service, session)
    start = clock.now
    await scheduler.run_once(start + 60)
    clock.now = start + 2 * DAY
    await _play(service)  # the first player moves in time: no nudge for that silence
    assert await scheduler.run_once(start + 3 * DAY) == []
    assert await scheduler.run_once(start + 5 * DAY - 60) == []
    fired = await scheduler.run_once(start + 5 * DAY)
    assert _kinds(fired) == [("nudge", second.id)]
    # a late pass (the bot busy for a week) sends one nudge, not one per period missed
    fired = await scheduler.run_once(start + 12 * DAY)
    assert [n.kind for n in fired if n.kind == "nudge"] == ["nudge"]
    assert await scheduler.run_once(start + 12 * DAY + 60) == []
    assert first.id != second.id


async def test_timed_games_and_games_with_the_computer_are_not_nudged(
        service: GameService, clock: FakeClock) -> None:
    from bot.computer_seats import COMPUTER

    scheduler = Scheduler.for_service(service, Outbox())
    await _start(service, "30d")
    assert (await service.new(ALICE, THERE, "hachapury", [COMPUTER])).ok
    assert await scheduler.run_once(clock.now + 10 * DAY) == []


async def test_own_period_overrides_the_server_and_is_bounded(service: GameService,
                                                              clock: FakeClock) -> None:
    scheduler = Scheduler.for_service(service, Outbox())
    session = await _start(service, None)
    silent, _ = _to_move(service, session)
    for bad, said in (("30m", "from 1h to 30d"), ("31d", "from 1h to 30d"),
                      ("soon", "a duration such as")):
        refused = await service.notify(silent, "", bad)
        assert not refused.ok and said in refused.text, refused.text
    assert not (await service.notify(silent, "loud", "1d")).ok  # both checked first
    reply = await service.notify(silent, "dm", "1d")
    assert reply.ok and reply.private and "direct message" in reply.text
    assert "once each 1d" in reply.text
    start = clock.now
    fired = await scheduler.run_once(start + DAY)
    assert _kinds(fired) == [("nudge", silent.id)] and fired[0].mode == "dm"
    assert (await service.notify(silent, "", "off")).ok
    assert await scheduler.run_once(start + 4 * DAY) == []  # off: never nudged
    assert (await service.notify(silent, "", "server")).ok
    # back to the server's 3d: the next whole period of silence after the last nudge
    assert await scheduler.run_once(start + 6 * DAY - 60) == []
    fired = await scheduler.run_once(start + 6 * DAY)
    assert [n.kind for n in fired if n.kind == "nudge"] == ["nudge"]


async def test_the_server_period_is_set_by_moderators(service: GameService,
                                                      clock: FakeClock) -> None:
    refused = await service.settings(ALICE, HERE, server_nudge="1d")
    assert not refused.ok and "Only a moderator" in refused.text
    refused = await service.settings(MOD, HERE, server_nudge="2 weeks")
    assert not refused.ok and "nudge period" in refused.text
    reply = await service.settings(MOD, HERE, server_nudge="1d")
    assert reply.ok and "after 1d of silence here" in reply.text
    assert "silent for 2d can be ended" in reply.text
    scheduler = Scheduler.for_service(service, Outbox())
    session = await _start(service, None)
    silent, waiting = _to_move(service, session)
    fired = await scheduler.run_once(clock.now + DAY)
    assert _kinds(fired) == [("nudge", silent.id)]
    fired = await scheduler.run_once(clock.now + 2 * DAY)
    assert _kinds(fired) == [("nudge", silent.id), ("silent", waiting.id)]
    assert (await service.settings(MOD, HERE, server_nudge="off")).ok
    assert await scheduler.run_once(clock.now + 9 * DAY) == []
    reply = await service.claim(waiting, HERE)
    assert not reply.ok and "nudges off" in reply.text


async def _silent_game(service: GameService, clock: FakeClock, moves: int
                       ) -> tuple[Session, User, User]:
    """An untimed game after ``moves`` turns, silent from now on."""
    session = await _start(service, None)
    for _ in range(moves):
        session = await _play(service)
    silent, waiting = _to_move(service, session)
    return session, silent, waiting


async def test_the_waiting_player_claims_a_silent_game_and_wins_it(
        service: GameService, clock: FakeClock) -> None:
    session, silent, waiting = await _silent_game(service, clock, 2)
    refused = await service.claim(waiting, HERE)
    assert not refused.ok and "without a clock" in refused.text
    assert "can be ended after 6d" in refused.text
    refused = await service.claim(silent, HERE)
    assert not refused.ok and "it is your turn" in refused.text
    refused = await service.claim(CAROL, HERE)
    assert not refused.ok and "Only the players waiting" in refused.text
    clock.now += 6 * DAY - 60
    assert not (await service.claim(waiting, HERE)).ok
    clock.now += 60
    reply = await service.claim(waiting, HERE)
    assert reply.ok and not reply.private, reply.text
    assert f"{silent.name} has not moved since" in reply.text
    assert "wins (counted like a win on time)" in reply.text
    assert silent.id in reply.mentions
    ended = await service.store.session(session.id)
    assert ended is not None and ended.status == SessionStatus.FINISHED
    side = seat_of_user(session, silent.id).side
    assert ended.result is not None and ended.result.endswith(
        f"wins ({side} did not move for 6d)")
    record = await service.record(CAROL, HERE)  # the record names the ending
    assert record.attachment is not None
    assert "did not move for 6d" in record.attachment[1].decode()
    rows = await RatingStore(service.store).all_rows()  # rated like a win on time
    assert {r.user_id for _, _, r in rows} == {ALICE.id, BOB.id}


async def test_a_silent_player_who_never_moved_leaves_an_aborted_game(
        service: GameService, clock: FakeClock) -> None:
    session, silent, waiting = await _silent_game(service, clock, 0)
    clock.now += 6 * DAY
    reply = await service.claim(waiting, HERE)
    assert reply.ok and "aborted and not rated" in reply.text, reply.text
    ended = await service.store.session(session.id)
    assert ended is not None and ended.status == SessionStatus.ABORTED
    assert (await RatingStore(service.store).all_rows()) == []


async def test_a_moderator_ends_a_silent_game_at_any_time(service: GameService,
                                                          clock: FakeClock) -> None:
    session, silent, waiting = await _silent_game(service, clock, 2)
    clock.now += HOUR
    reply = await service.claim(MOD, HERE)
    assert reply.ok and "mod ends the silence" in reply.text, reply.text
    ended = await service.store.session(session.id)
    assert ended is not None and ended.status == SessionStatus.FINISHED
    waiting_side = seat_of_user(session, waiting.id).side
    assert ended.result is not None and ended.result.startswith(f"{waiting_side} wins")


async def test_a_moderator_who_plays_waits_like_any_player(service: GameService,
                                                           clock: FakeClock) -> None:
    session = await _start(service, None, opponent=MOD)
    side = service.position_of(session).side_to_move
    if seat_of_side(session, side).user_id == MOD.id:
        legal = service.legal_turns(session)
        assert (await service.move(MOD, HERE, legal[0])).ok
    clock.now += HOUR
    refused = await service.claim(MOD, HERE)
    assert not refused.ok and "can be ended after 6d" in refused.text


async def test_downtime_is_not_counted_as_silence(database: str, clock: FakeClock) -> None:
    outbox = Outbox()
    store, service, scheduler = await _reopen(database, clock, outbox)
    session = await _start(service, None)
    silent, waiting = _to_move(service, session)
    start = clock.now
    await scheduler.run_once(start + HOUR)
    await store.close()
    clock.now = start + 2 * DAY + HOUR  # the bot was down for two days
    store, service, scheduler = await _reopen(database, clock, outbox)
    assert await scheduler.run_once() == []
    assert await scheduler.run_once(start + 3 * DAY) == []
    fired = await scheduler.run_once(start + 5 * DAY)
    assert _kinds(fired) == [("nudge", silent.id)]
    clock.now = start + 6 * DAY + HOUR
    refused = await service.claim(waiting, HERE)
    assert not refused.ok and "has not moved for 4d" in refused.text
    await store.close()


async def test_two_schedulers_nudge_once(database: str, clock: FakeClock) -> None:
    import asyncio

    first, second = await Store.open(database), await Store.open(database)
    try:
        service = _service(first, clock)
        await _start(service, None)
        outbox = Outbox()
        a = Scheduler(first, outbox, clock=clock)
        b = Scheduler(second, outbox, clock=clock)
        due = clock.now + 3 * DAY
        await asyncio.gather(a.run_once(due), b.run_once(due), a.run_once(due),
                             b.run_once(due))
        assert [n.kind for n in outbox.sent] == ["nudge"]
    finally:
        await first.close()
        await second.close()


async def test_in_a_game_of_three_the_silent_player_leaves(service: GameService,
                                                           clock: FakeClock) -> None:
    assert (await service.new(ALICE, HERE, "cheesegambit", [BOB, CAROL])).ok
    assert (await service.accept(BOB, HERE)).ok
    assert (await service.accept(CAROL, HERE)).ok
    session = await service.store.live_session(HERE.id)
    assert session is not None and session.status == SessionStatus.ACTIVE
    side = service.position_of(session).side_to_move
    silent = session.seat_for_side(side or "")
    assert silent is not None
    waiting = next(u for u in (ALICE, BOB, CAROL) if u.id != silent.user_id)
    clock.now += 6 * DAY
    reply = await service.claim(waiting, HERE)
    assert reply.ok and "leave the game (recorded as their resignation)" in reply.text, \
        reply.text
    after = await service.store.live_session(HERE.id)
    assert after is not None and after.status == SessionStatus.ACTIVE
    assert service.position_of(after).side_to_move != side
    turns = await service.store.turns(after.id)
    assert turns[-1].record == f"{side} resigns"


async def test_console_notify_settings_and_claim(tmp_path: object) -> None:
    import io
    from pathlib import Path

    from bot.console import run_console

    folder = Path(str(tmp_path))
    script = """alice: /new hachapury @bob
bob: /accept
bob: /notify nudge=2d
alice: /notify dm nudge=off
mod: /settings server_nudge=1d
alice: /claim
"""
    out = io.StringIO()
    code = await run_console(str(folder / "db.sqlite3"), str(folder / "img"), 7, ["mod"],
                             io.StringIO(script), out)
    text = out.getvalue()
    assert code == 0
    assert "when you have not moved for 2d" in text and "off (you are not nudged)" in text
    assert "after 1d of silence here" in text
    assert "played without a clock" in text
