"""What a move costs the database, and that what it no longer reads back is what a
read would find: the commit's session (the version bump's RETURNING), its log entries
(the inserts' own seqs), the time left of the clock it handed over and the last turn
the board marks.  On SQLite and PostgreSQL (the ``database`` fixture)."""

from __future__ import annotations

import random

from bot.replies import User
from bot.service import GameService, ServiceConfig
from bot.service.request import Request
from games.events import events_to_json
from games.turns import Turn
from storage import NewTurn, Store
from tests.bot.conftest import ALICE, BOB, HERE, FakeClock

PEOPLE = {ALICE.id: ALICE, BOB.id: BOB}


def _service(store: Store, clock: FakeClock, pictures: bool) -> GameService:
    rng = random.Random(7)
    return GameService(store, ServiceConfig(challenge_seconds=3600), clock=clock,
                       seed_factory=lambda: rng.randbytes(32), render_images=pictures)


async def _some_move(service: GameService) -> tuple[User, str | Turn]:
    session = await service.store.live_session(HERE.id)
    assert session is not None
    position = service.position_of(session)
    text: str | Turn
    if position.action_due():
        side, text = position.actors()[0], position.action_choices()[0]
    else:
        side, text = position.side_to_move or "", service.legal_turns(session)[0]
    seat = session.seat_for_side(side)
    assert seat is not None
    return PEOPLE[seat.user_id], text


async def test_a_move_reads_its_game_once_and_writes_it_in_one_transaction(
        store: Store, clock: FakeClock) -> None:
    service = _service(store, clock, pictures=True)
    assert (await service.new(ALICE, HERE, "hachapury", [BOB])).ok
    assert (await service.accept(BOB, HERE)).ok
    # the server's theme is remembered from the first move on
    user, text = await _some_move(service)
    assert (await service.move(user, HERE, text)).ok
    user, text = await _some_move(service)
    statements, transactions = store.statements, store.transactions
    reply = await service.move(user, HERE, text)
    assert reply.ok and reply.image is not None
    # the live session with its seats, the clock row, the version bump, the log
    # insert, the match look-up: the reply (its picture included) reads nothing more
    assert store.statements - statements <= 5
    assert store.transactions - transactions == 1


async def test_what_a_commit_no_longer_reads_back_is_what_a_read_finds(
        store: Store, clock: FakeClock) -> None:
    service = _service(store, clock, pictures=False)
    reply = await service.new(ALICE, HERE, "hachapury", [BOB], time_control="3d")
    assert reply.ok and (await service.accept(BOB, HERE)).ok
    for _ in range(6):
        clock.now += 3600
        session = await store.live_session(HERE.id)
        assert session is not None
        position = service.position_of(session)
        if position.action_due():
            break
        side = position.side_to_move or ""
        seat = session.seat_for_side(side)
        assert seat is not None
        played = position.play(service.legal_turns(session)[-1], session.dice)
        entry = NewTurn(session.next_turn, side, session.dice, played.record, played.moves,
                        seat.user_id, events=events_to_json(played.events))
        done = await service._turns.commit(Request(None, HERE), session, played.position, entry)
        assert done.session == await store.session(session.id)
        logged = await store.turns(session.id)
        assert done.entries == logged[-len(done.entries):]
        assert done.left and done.left == await service.context.time_left(Request(None, HERE),
                                                                          done.session)
        last = await store.last_turn(session.id)
        assert last is not None and await service.context.last_turn(done.session) == last
        assert service.context.positions[(session.id, done.session.version)].listing() \
            == done.session.position
