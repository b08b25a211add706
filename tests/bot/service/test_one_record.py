"""A game has one record, the same wherever it is read: attached to the reply that
ends the game, asked for with ``/record`` afterwards, or with ``/record game:ID``
(bot/service/context.py ``record_file``).  A hint used shows in all of them."""

from __future__ import annotations

import random

from bot.replies import Reply, User
from bot.service import GameService
from games.turns import Turn
from tests.bot.conftest import ALICE, BOB, CAROL, HERE, FakeClock


async def _mover(service: GameService) -> tuple[User, list[Turn]] | None:
    session = await service.store.latest_session(HERE.id)
    assert session is not None
    if session.status != "active":
        return None
    seat = session.seat_for_side(service.position_of(session).side_to_move or "")
    assert seat is not None
    return (ALICE if seat.user_id == ALICE.id else BOB), service.legal_turns(session)


async def _same_everywhere(service: GameService, ending: Reply, finished: bool = True) -> str:
    """The record attached to ``ending``; it equals ``/record`` and (a finished game,
    not an aborted one: /history lists those only) ``/record game:ID``."""
    assert ending.ok and ending.attachment is not None, ending.text
    name, data = ending.attachment
    asked = await service.record(CAROL, HERE)
    assert asked.attachment == (name, data)
    assert ending.session_id is not None
    if not finished:
        return data.decode()
    by_id = await service.record(CAROL, HERE, ending.session_id)
    assert by_id.attachment == (name, data)
    return data.decode()


async def test_the_record_attached_at_the_end_is_the_one_record_with_its_hints(
        service: GameService) -> None:
    assert (await service.new(ALICE, HERE, "hachapury", [BOB])).ok
    assert (await service.accept(BOB, HERE)).ok
    found = await _mover(service)
    assert found is not None
    hinted = found[0]
    assert (await service.hint(hinted, HERE)).ok
    rng = random.Random(5)
    ending = None
    while (found := await _mover(service)) is not None:
        ending = await service.move(found[0], HERE, rng.choice(found[1]))
        assert ending.ok, ending.text
    assert ending is not None
    record = await _same_everywhere(service, ending)
    assert f'[Hints "{hinted.name}"]' in record


async def test_a_resignation_attaches_the_same_record(service: GameService) -> None:
    """The resignation's ending says the record is attached: it is, and it is the
    same as ``/record``'s."""
    assert (await service.new(ALICE, HERE, "chebache", [BOB])).ok
    assert (await service.accept(BOB, HERE)).ok
    found = await _mover(service)
    assert found is not None
    assert (await service.hint(found[0], HERE)).ok
    record = await _same_everywhere(service, await service.resign(BOB, HERE))
    assert f'[Hints "{found[0].name}"]' in record and "(B resigned)" in record


async def test_a_timeout_claim_and_an_abort_attach_the_same_record(
        service: GameService, clock: FakeClock) -> None:
    from bot.clocks import DAY
    from tests.bot.conftest import MOD

    assert (await service.new(ALICE, HERE, "hachapury", [BOB], {"time": "1d"})).ok
    assert (await service.accept(BOB, HERE)).ok
    found = await _mover(service)
    assert found is not None
    waiting = BOB if found[0] is ALICE else ALICE
    assert (await service.move(found[0], HERE, found[1][0])).ok
    clock.now += 2 * DAY
    record = await _same_everywhere(service, await service.claim(found[0], HERE))
    assert f"({'B' if waiting is BOB else 'W'} ran out of time)" in record
    assert (await service.new(ALICE, HERE, "che", [BOB])).ok
    assert (await service.accept(BOB, HERE)).ok
    found = await _mover(service)
    assert found is not None
    assert (await service.move(found[0], HERE, found[1][0])).ok
    record = await _same_everywhere(service, await service.abort(MOD, HERE), finished=False)
    assert '[Result "aborted"]' in record
