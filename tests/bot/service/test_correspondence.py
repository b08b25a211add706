"""Correspondence play through the service and the scheduler, on an injected clock:
clocks, reminders across restarts, downtime, weekends, time-outs, take-backs,
previews, "my games" and notification preferences.  Nothing sleeps."""

from __future__ import annotations

import io
import random
from pathlib import Path

from bot.clocks import DAY, HOUR
from bot.replay import replay
from bot.replies import Channel, User
from bot.scheduler import Notification, Scheduler
from bot.service import GameService, ServiceConfig
from games.outcome import timed_out
from games.turns import texts
from storage import Session, Store
from tests.bot.conftest import ALICE, BOB, CAROL, HERE, FakeClock
from tests.bot.test_clocks import FRIDAY_NOON, MONDAY, SATURDAY

PLAYERS = {ALICE.id: ALICE, BOB.id: BOB, CAROL.id: CAROL}
THERE = Channel("5002", HERE.guild_id, "other-room")


class Outbox:
    """The injected ``deliver``: records what the scheduler sends."""

    def __init__(self) -> None:
        self.sent: list[Notification] = []

    async def __call__(self, note: Notification) -> None:
        self.sent.append(note)

    def take(self) -> list[Notification]:
        sent, self.sent = self.sent, []
        return sent


def _service(store: Store, clock: FakeClock, **config: object) -> GameService:
    rng = random.Random(1234)
    return GameService(store, ServiceConfig(challenge_seconds=3600, **config),  # type: ignore
                       clock=clock, seed_factory=lambda: rng.randbytes(32),
                       render_images=False)


async def _start(service: GameService, control: str | None = "3d",
                 channel: Channel = HERE, opponent: User = BOB) -> Session:
    reply = await service.new(ALICE, channel, "hachapury", [opponent], time_control=control)
    assert reply.ok, reply.text
    reply = await service.accept(opponent, channel)
    assert reply.ok, reply.text
    session = await service.store.live_session(channel.id)
    assert session is not None and session.status == "active"
    return session


def _scheduler(service: GameService) -> Scheduler:
    """A scheduler on ``service`` whose notices go to an ``Outbox`` nobody reads."""
    return Scheduler.for_service(service, Outbox())


def _to_move(service: GameService, session: Session) -> tuple[User, User]:
    """(the player to move, the other one)."""
    side = service.position_of(session).side_to_move
    seat = session.seat_for_side(side or "")
    assert seat is not None
    mover = PLAYERS[seat.user_id]
    other = next(PLAYERS[s.user_id] for s in session.seats if s.user_id != seat.user_id)
    return mover, other


async def _play(service: GameService, channel: Channel = HERE, pick: int = 0) -> Session:
    session = await service.store.live_session(channel.id)
    assert session is not None
    mover, _ = _to_move(service, session)
    legal = texts(service.legal_turns(session))
    reply = await service.move(mover, channel, legal[pick % len(legal)])
    assert reply.ok, reply.text
    after = await service.store.live_session(channel.id)
    assert after is not None
    return after


async def test_replies_and_board_show_the_time_left(service: GameService,
                                                   clock: FakeClock) -> None:
    reply = await service.new(ALICE, HERE, "hachapury", [BOB], time_control="3d")
    assert reply.ok
    reply = await service.accept(BOB, HERE)
    assert "to move with" in reply.text and "3d left" in reply.text
    clock.now += 20 * HOUR
    board = await service.board(CAROL, HERE)
    assert "2d 4h left" in board.text
    session = await _play(service)
    clock.now += HOUR
    board = await service.board(CAROL, HERE)
    assert "2d 23h left" in board.text, board.text
    assert session.status == "active"


async def test_game_without_clock_shows_no_time(service: GameService) -> None:
    await _start(service, control=None)
    board = await service.board(CAROL, HERE)
    assert "left" not in board.text
    refused = await service.claim(BOB, HERE)
    assert not refused.ok and "without a clock" in refused.text


async def test_time_control_from_options_and_server_default(store: Store,
                                                            clock: FakeClock) -> None:
    service = _service(store, clock, time_control="bank=2d,bonus=1d,cap=3d")
    reply = await service.new(ALICE, HERE, "hachapury", [BOB], {"time": "oops"})
    assert not reply.ok and "Time control" in reply.text
    assert (await service.new(ALICE, HERE, "hachapury", [BOB], {"time": "5d"})).ok
    assert "5d left" in (await service.accept(BOB, HERE)).text
    assert (await service.new(ALICE, THERE, "hachapury", [BOB])).ok
    assert "2d left" in (await service.accept(BOB, THERE)).text
    # bank: 10 h used, then a 1 d bonus (capped at 3 d) when the turn is played
    clock.now += 10 * HOUR
    await _play(service, THERE)
    await _play(service, THERE)  # the other side plays at once: back to the first mover
    assert "2d 14h left" in (await service.board(CAROL, THERE)).text


async def test_reminder_fires_once_at_the_right_time_and_never_after_the_move(
        service: GameService, clock: FakeClock) -> None:
    scheduler = _scheduler(service)
    session = await _start(service, "3d")
    mover, other = _to_move(service, session)
    start = clock.now
    assert await scheduler.run_once(start + 2 * DAY - 1) == []
    fired = await scheduler.run_once(start + 2 * DAY)
    assert [(n.kind, n.user_id, n.mode) for n in fired] == [("reminder", mover.id, "mention")]
    assert "1d left" in fired[0].text and f"<#{HERE.id}>" in fired[0].text
    assert await scheduler.run_once(start + 2 * DAY + 60) == []
    clock.now = start + 2 * DAY + HOUR
    await _play(service)  # the mover plays before the 1 h reminder
    fired = await scheduler.run_once(start + 3 * DAY)
    assert all(n.user_id != mover.id for n in fired) and fired == []
    # the opponent's own reminders are counted from their turn's start
    fired = await scheduler.run_once(clock.now + 2 * DAY)
    assert [(n.kind, n.user_id) for n in fired] == [("reminder", other.id)]


async def test_restart_in_the_middle_fires_once(database: str, clock: FakeClock) -> None:
    path = database
    store = await Store.open(path)
    service = _service(store, clock)
    session = await _start(service, "3d")
    mover, _ = _to_move(service, session)
    start = clock.now
    outbox = Outbox()
    assert await Scheduler.for_service(service, outbox).run_once(start + HOUR) == []
    await store.close()

    # restart a minute later (a minute of downtime is given back), then wait
    store = await Store.open(path)
    service = _service(store, clock)
    scheduler = Scheduler.for_service(service, outbox)
    assert await scheduler.run_once(start + HOUR + 60) == []
    fired = await scheduler.run_once(start + 2 * DAY + 60)
    assert [(n.kind, n.user_id) for n in fired] == [("reminder", mover.id)]
    await store.close()

    # restart again right after it fired: never fired twice
    for minutes in (1, 2):
        store = await Store.open(path)
        scheduler = Scheduler.for_service(_service(store, clock), outbox)
        assert await scheduler.run_once(start + 2 * DAY + 60 + minutes * 60) == []
        await store.close()
    assert len(outbox.sent) == 1


async def test_downtime_is_not_charged(database: str, clock: FakeClock) -> None:
    path = database
    store = await Store.open(path)
    service = _service(store, clock)
    await _start(service, "3d")
    start = clock.now
    await Scheduler.for_service(service, Outbox()).run_once(start + 6 * HOUR)
    await store.close()
    # the bot is down for two days
    clock.now = start + 2 * DAY + 6 * HOUR
    store = await Store.open(path)
    service = _service(store, clock)
    scheduler = _scheduler(service)
    assert await scheduler.run_once() == []
    assert "2d 18h left" in (await service.board(CAROL, HERE)).text
    # the reminders moved with the deadline: 1 d left falls two days later than planned
    assert await scheduler.run_once(start + 2 * DAY + 60) == []
    fired = await scheduler.run_once(start + 4 * DAY)
    assert [n.kind for n in fired] == ["reminder"] and "1d left" in fired[0].text
    # a gap between passes of a running scheduler is not downtime
    await scheduler.run_once(start + 4 * DAY + 120)
    clock.now = start + 4 * DAY + 120
    assert "23h 58m left" in (await service.board(CAROL, HERE)).text
    await store.close()


async def test_weekend_pause(service: GameService, clock: FakeClock) -> None:
    clock.now = FRIDAY_NOON
    scheduler = _scheduler(service)
    session = await _start(service, "1d,weekends")
    mover, other = _to_move(service, session)
    clock.now = SATURDAY + 12 * HOUR
    board = await service.board(CAROL, HERE)
    assert "12h left (clock paused for the weekend)" in board.text
    assert await scheduler.run_once(SATURDAY + 12 * HOUR) == []  # the 1 h point is Monday
    fired = await scheduler.run_once(MONDAY + 11 * HOUR)
    assert [(n.kind, n.user_id) for n in fired] == [("reminder", mover.id)]
    clock.now = MONDAY + 11 * HOUR
    assert not (await service.claim(other, HERE)).ok
    clock.now = MONDAY + 12 * HOUR
    fired = await scheduler.run_once()
    assert [(n.kind, n.user_id) for n in fired] == [("timeout", other.id)]
    assert (await service.claim(other, HERE)).ok


async def test_timeout_claim(service: GameService, clock: FakeClock) -> None:
    scheduler = _scheduler(service)
    session = await _start(service, "1d")
    mover, other = _to_move(service, session)
    clock.now += DAY - 1
    early = await service.claim(other, HERE)
    assert not early.ok and "nothing to claim yet" in early.text
    clock.now += 1
    fired = await scheduler.run_once()
    assert [(n.kind, n.user_id) for n in fired] == [("timeout", other.id)]
    assert "/claim" in fired[0].text and "/grant" in fired[0].text
    # nothing is forfeited automatically
    live = await service.store.live_session(HERE.id)
    assert live is not None and live.status == "active"
    assert "time is up" in (await service.board(CAROL, HERE)).text
    own = await service.claim(mover, HERE)
    assert not own.ok and "your own time" in own.text
    assert not (await service.claim(CAROL, HERE)).ok
    won = await service.claim(other, HERE)
    assert won.ok and "ran out of time" in won.text and "seed revealed" in won.text
    final = await service.store.latest_session(HERE.id)
    assert final is not None and final.status == "finished"
    seat = final.seat_of(other.id)
    assert seat is not None and final.result is not None
    assert final.result.startswith(f"{seat.side} wins")
    assert await scheduler.run_once(clock.now + 10 * DAY) == []


async def test_timeout_grant(service: GameService, clock: FakeClock) -> None:
    scheduler = _scheduler(service)
    session = await _start(service, "1d")
    mover, other = _to_move(service, session)
    clock.now += DAY + HOUR
    assert [n.kind for n in await scheduler.run_once()] == ["timeout"]
    assert not (await service.grant(other, HERE, "soon")).ok
    assert not (await service.grant(mover, HERE, "2d")).ok
    granted = await service.grant(other, HERE, "2d")
    assert granted.ok and "2d left" in granted.text and granted.mentions == [mover.id]
    assert not (await service.claim(other, HERE)).ok
    assert "2d left" in (await service.board(CAROL, HERE)).text
    # the reminders and the time-up notice start over for the new time
    fired = await scheduler.run_once(clock.now + DAY)
    assert [(n.kind, n.user_id) for n in fired] == [("reminder", mover.id)]
    fired = await scheduler.run_once(clock.now + 2 * DAY)
    assert [n.kind for n in fired] == ["timeout"]  # the 1 h point, late, is not worth sending
    # the mover plays in the end: the game goes on
    clock.now += 2 * DAY + HOUR
    after = await _play(service)
    assert after.status == "active"


async def test_auto_forfeit_when_started_with_it(service: GameService,
                                                 clock: FakeClock) -> None:
    scheduler = _scheduler(service)
    session = await _start(service, "1d,forfeit")
    mover, other = _to_move(service, session)
    fired = await scheduler.run_once(clock.now + DAY - HOUR)
    assert [n.kind for n in fired] == ["reminder"]
    fired = await scheduler.run_once(clock.now + DAY)
    assert [n.kind for n in fired] == ["forfeit"]
    assert fired[-1].mode == "channel"
    assert f"{other.name} wins ({mover.name} ran out of time)" in fired[-1].text, \
        fired[-1].text
    final = await service.store.latest_session(HERE.id)
    assert final is not None and final.status == "finished"
    seat, loser = final.seat_of(other.id), final.seat_of(mover.id)
    assert seat is not None and loser is not None
    assert final.result == f"{seat.side} wins ({loser.side} ran out of time)"
    assert final.stored_outcome == timed_out(seat.side, loser.side)
    assert not (await service.move(mover, HERE, "24/18")).ok


async def _position_is_replay_of_record(service: GameService) -> None:
    session = await service.store.latest_session(HERE.id)
    assert session is not None
    record = await service.record(CAROL, HERE)
    assert record.attachment is not None
    out, err = io.StringIO(), io.StringIO()
    text = record.attachment[1].decode()
    assert replay("hachapury", text, out=out, err=err) == 0, err.getvalue()
    assert out.getvalue().splitlines()[-1] == session.position
    # ... and equals the effective log replayed entry by entry
    from bot.service.correspondence import replay_position
    effective = await service.ledger.effective_turns(session.id)
    assert replay_position(session, effective).listing() == session.position


async def test_takeback_accepted_keeps_the_dice(service: GameService, clock: FakeClock) -> None:
    session = await _start(service, "3d")
    await _play(service)
    await _play(service)
    before = await service.store.live_session(HERE.id)
    assert before is not None
    mover, other = _to_move(service, before)
    legal = texts(service.legal_turns(before))
    clock.now += HOUR
    played = await service.move(mover, HERE, legal[0])
    assert played.ok
    clock.now += 5 * HOUR
    # only the mover, only their own last turn
    assert not (await service.takeback(other, HERE)).ok
    asked = await service.takeback(mover, HERE)
    assert asked.ok and asked.mentions == [other.id]
    seq = (await service.store.turns(session.id))[-1].seq
    assert [b.action for b in asked.buttons] == [f"takeback_yes:{session.id}:u{seq}",
                                                  f"takeback_no:{session.id}:u{seq}"]
    assert not (await service.takeback(mover, HERE)).ok  # asked already
    assert not (await service.takeback_answer(mover, HERE, True)).ok  # not theirs to answer
    answer = await service.press(other, HERE, asked.buttons[0].action)
    assert answer.ok, answer.text
    assert "undone" in answer.text and "2d 23h left" in answer.text
    undone = await service.store.live_session(HERE.id)
    assert undone is not None
    assert (undone.position, undone.next_turn, undone.dice) == \
        (before.position, before.next_turn, before.dice)
    # the log still holds the undone turn; the record and last turn skip it
    assert len(await service.store.turns(session.id)) == \
        len(await service.ledger.effective_turns(session.id)) + 1
    last = await service.store.last_turn(session.id)
    assert last is not None and last.number == before.next_turn - 1
    # a move written for the turn after the undone one is stale now
    stale = await service.move(mover, HERE, legal[-1], expected_turn=before.next_turn + 1)
    assert not stale.ok and "written for turn" in stale.text
    # the mover replays the same turn number with the same dice
    replayed = await service.move(mover, HERE, legal[-1], expected_turn=before.next_turn)
    assert replayed.ok, replayed.text
    assert f"**{before.next_turn}" in replayed.text
    await _position_is_replay_of_record(service)
    record = await service.record(CAROL, HERE)
    assert record.attachment is not None
    lines = [ln for ln in record.attachment[1].decode().splitlines()
             if ln.startswith(f"{before.next_turn}")]
    assert len(lines) == 1 and legal[-1].split()[0] in lines[0]


async def test_takeback_refused_and_stale_requests(service: GameService) -> None:
    session = await _start(service, None)
    await _play(service)
    mid = await service.store.live_session(HERE.id)
    assert mid is not None
    mover, other = _to_move(service, mid)
    await _play(service)
    assert (await service.takeback(mover, HERE)).ok
    refused = await service.press(other, HERE, f"takeback_no:{session.id}")
    assert refused.ok and "refuses" in refused.text
    after = await service.store.live_session(HERE.id)
    assert after is not None and after.next_turn == mid.next_turn + 1
    again = await service.takeback(mover, HERE)
    assert not again.ok and "refused" in again.text
    assert not (await service.takeback_answer(other, HERE, True)).ok
    # a request the opponent answers by playing on is stale
    await _play(service)
    await _play(service)
    last_mover = mover
    assert (await service.takeback(last_mover, HERE)).ok
    await _play(service)
    answer = await service.takeback_answer(other, HERE, True)
    assert not answer.ok and "no open take-back" in answer.text
    await _position_is_replay_of_record(service)


async def test_preview_changes_nothing(service: GameService) -> None:
    session = await _start(service, "3d")
    mover, other = _to_move(service, session)
    legal = texts(service.legal_turns(session))
    reply = await service.preview(mover, HERE, legal[0])
    assert reply.ok and reply.private and "nothing is played" in reply.text
    assert not (await service.preview(other, HERE, legal[0])).ok
    assert not (await service.preview(mover, HERE, "99/1")).ok
    assert not (await service.preview(CAROL, HERE, legal[0])).ok
    same = await service.store.live_session(HERE.id)
    assert same is not None and same.version == session.version


async def test_preview_draws_the_result(store: Store, clock: FakeClock) -> None:
    rng = random.Random(7)
    service = GameService(store, ServiceConfig(), clock=clock,
                          seed_factory=lambda: rng.randbytes(32))
    session = await _start(service, None)
    mover, _ = _to_move(service, session)
    reply = await service.preview(mover, HERE, texts(service.legal_turns(session))[0])
    assert reply.ok and reply.image is not None and reply.image[:4] == b"\x89PNG"


async def test_my_games(service: GameService, clock: FakeClock) -> None:
    first = await _start(service, "3d")
    await _start(service, None, THERE, CAROL)
    assert (await service.new(CAROL, Channel("5003", HERE.guild_id), "hachapury", [ALICE])).ok
    elsewhere = Channel("6001", "other-guild")
    await _start(service, "1d", elsewhere)
    clock.now += HOUR
    mover, other = _to_move(service, first)
    mine = await service.my_games(mover, HERE.guild_id)
    assert mine.private
    here = next(line for line in mine.text.splitlines() if f"<#{HERE.id}>" in line)
    assert "your turn" in here and "2d 23h left" in here
    theirs = await service.my_games(other, HERE.guild_id)
    here = next(line for line in theirs.text.splitlines() if f"<#{HERE.id}>" in line)
    assert f"{mover.name} to play" in here and "2d 23h left" in here
    alice = await service.my_games(ALICE, HERE.guild_id)
    assert f"<#{THERE.id}>" in alice.text and "<#5003>" in alice.text
    assert f"<#{elsewhere.id}>" not in alice.text
    assert "no games" in (await service.my_games(User("42", "nobody"), HERE.guild_id)).text


async def test_notification_preferences_are_honoured(service: GameService,
                                                     clock: FakeClock) -> None:
    scheduler = _scheduler(service)
    first = await _start(service, "3d")
    mover, _ = _to_move(service, first)
    assert not (await service.notify(mover, "pigeon")).ok
    assert (await service.notify(mover, "dm")).ok
    fired = await scheduler.run_once(clock.now + 2 * DAY)
    assert [(n.mode, n.user_id) for n in fired] == [("dm", mover.id)]
    assert (await service.notify(mover, "none")).ok
    assert await scheduler.run_once(clock.now + 3 * DAY - HOUR) == []
    assert (await service.notify(mover, "mention")).ok
    assert (await service.notify(mover, "MENTION")).ok


async def test_scheduler_expires_idle_challenges(service: GameService,
                                                 clock: FakeClock) -> None:
    assert (await service.new(ALICE, HERE, "hachapury", [BOB])).ok
    await Scheduler.for_service(service, Outbox()).run_once(clock.now + 3601)
    session = await service.store.latest_session(HERE.id)
    assert session is not None and session.status == "expired"


async def test_clock_changes_hands_when_a_player_leaves(service: GameService,
                                                       clock: FakeClock) -> None:
    assert (await service.new(ALICE, HERE, "cheesegambit", [BOB, CAROL], {"pieces": "4"},
                              time_control="2d")).ok
    assert (await service.accept(BOB, HERE)).ok
    assert (await service.accept(CAROL, HERE)).ok
    session = await service.store.live_session(HERE.id)
    assert session is not None
    mover, _ = _to_move(service, session)
    clock.now += DAY
    assert "1d left" in (await service.board(CAROL, HERE)).text
    left = await service.resign(mover, HERE)
    assert left.ok, left.text
    assert "2d left" in (await service.board(CAROL, HERE)).text


def test_config_time_control(tmp_path: Path) -> None:
    from bot.config import load_config

    path = tmp_path / "config.toml"
    assert load_config(None).time_control == "none"
    path.write_text('[games]\ntime_control = "bank=7d, bonus=1d,cap=14d,weekends"\n'
                    "reminder_hours = [48, 2]\n")
    config = load_config(path)
    assert config.time_control == "bank=7d,bonus=1d,cap=14d,weekends"
    assert config.reminder_hours == (48.0, 2.0)
    path.write_text('[games]\ntime_control = "sometimes"\n')
    try:
        load_config(path)
    except ValueError as exc:
        assert "sometimes" in str(exc)
    else:
        raise AssertionError("a bad time control was accepted")


async def test_console_correspondence_commands(tmp_path: Path) -> None:
    from bot.console import run_console

    script = """alice: /new hachapury @bob time=2d
bob: /accept
alice: /mygames
bob: /notify dm
bob: /claim
alice: /preview 24/x
"""
    out = io.StringIO()
    code = await run_console(str(tmp_path / "db.sqlite3"), str(tmp_path / "img"), 7, [],
                             io.StringIO(script), out)
    text = out.getvalue()
    assert code == 0 and "with a clock (2d)" in text and " left. @" in text
    assert "your turn" in text or "to play" in text
    assert "direct message" in text
    assert "(only bob sees this)" in text


async def test_two_schedulers_on_one_database_fire_once(database: str,
                                                        clock: FakeClock) -> None:
    import asyncio

    path = database
    first, second = await Store.open(path), await Store.open(path)
    try:
        service = _service(first, clock)
        await _start(service, "3d")
        outbox = Outbox()
        a = Scheduler(first, outbox, clock=clock)
        b = Scheduler(second, outbox, clock=clock)
        due = clock.now + 2 * DAY
        await asyncio.gather(a.run_once(due), b.run_once(due), a.run_once(due),
                             b.run_once(due))
        assert [n.kind for n in outbox.sent] == ["reminder"]
    finally:
        await first.close()
        await second.close()


async def test_run_forever_passes_until_stopped(service: GameService,
                                                clock: FakeClock) -> None:
    import asyncio

    await _start(service, "1d")
    stop = asyncio.Event()
    seen: list[Notification] = []

    async def deliver(note: Notification) -> None:
        seen.append(note)
        stop.set()

    clock.now += DAY
    scheduler = Scheduler.for_service(service, deliver, interval=3600)
    await asyncio.wait_for(scheduler.run_forever(stop), timeout=30)
    assert [n.kind for n in seen] == ["timeout"]


async def test_my_games_names_and_skips_a_game_whose_position_cannot_be_read(
        service: GameService) -> None:
    """A hand-edited row (a listing no engine reads) must not hide the player's other
    games: the broken one is named, with what to do, and the rest are listed."""
    broken = await _start(service, None)
    await _start(service, None, THERE)
    async with service.store.transaction() as run:
        # version+1: a hand edit the service has not cached a position for
        await run("UPDATE sessions SET position=?, version=version+1 WHERE id=?",
                  ("W: nonsense", broken.id))
    for player in (ALICE, BOB):
        mine = await service.my_games(player, HERE.guild_id)
        assert mine.ok and mine.private, mine.text
        assert f"<#{THERE.id}>" in mine.text  # the readable game is still listed
        line = next(line for line in mine.text.splitlines() if f"<#{HERE.id}>" in line)
        assert f"#{broken.id}" in line and "cannot be read" in line and "/abort" in line
