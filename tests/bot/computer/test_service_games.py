"""Games against the computer through the service: seating, whole games (a person
against the computer, computers alone, one person and three computers), a
restart while the computer is to move, take-backs against it."""

from __future__ import annotations

import importlib
import random
from pathlib import Path

import pytest

from bot.computer_driver import ComputerDriver
from bot.records import record_text
from bot.replay import replay
from bot.replies import Channel, Reply
from bot.service import GameService, ServiceConfig
from games.turns import texts
from storage import Store
from tests.bot.computer.helpers import COMPUTER, Taunting, play_out
from tests.bot.conftest import ALICE, BOB, CAROL, HERE, FakeClock
from tests.bot.seats import seat_of_side


async def _record(service: GameService) -> str:
    session = await service.store.latest_session(HERE.id)
    assert session is not None
    return record_text(session, await service.ledger.effective_turns(session.id))


async def test_person_against_the_computer_to_the_end(service: GameService,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    begun = await service.new(ALICE, HERE, "hachapury", [COMPUTER], {"level": "easy"})
    assert begun.ok and "begins" in begun.text, begun.text
    assert "boardbot (easy)" in begun.text
    said, people = await play_out(service, HERE, random.Random(3))
    assert said and people
    session = await service.store.latest_session(HERE.id)
    assert session is not None and session.status == "finished"
    computer = next(s for s in session.seats if s.user_id != ALICE.id)
    assert computer.name == "boardbot (easy)" and computer.user_id == "computer:easy:1"
    turns = await service.store.turns(session.id)
    assert {t.actor for t in turns} >= {ALICE.id, computer.user_id}
    text = await _record(service)
    assert '"boardbot (easy)"]' in text
    capsys.readouterr()
    assert replay("hachapury", text) == 0  # every computer turn is a legal record line
    again = await service.rematch(ALICE, HERE)  # the same computer, at the same level
    assert again.ok and "begins" in again.text and "boardbot (easy)" in again.text


async def test_computers_alone_while_the_challenger_watches(service: GameService) -> None:
    begun = await service.new(ALICE, HERE, "hachapury", [COMPUTER, COMPUTER],
                              {"level": "easy"})
    assert begun.ok and "alice watches" in begun.text, begun.text
    said: list[Reply] = []

    async def deliver(channel: Channel, reply: Reply) -> None:
        said.append(reply)

    driver = ComputerDriver(service, deliver)
    driver.poke(HERE)
    await driver.idle()
    session = await service.store.latest_session(HERE.id)
    assert session is not None and session.status == "finished", session
    assert [s.user_id for s in session.seats] == ["computer:easy:0", "computer:easy:1"]
    assert session.seat_of(ALICE.id) is None
    assert said and "Game over" in said[-1].text
    assert all(r.ok and r.mentions == [] for r in said)  # nobody pinged for a computer


async def test_one_person_and_three_computers(service: GameService) -> None:
    begun = await service.new(ALICE, HERE, "cheesegambit", [COMPUTER] * 3,
                              {"level": "easy", "pieces": "4"})
    assert begun.ok and "begins" in begun.text, begun.text
    session = await service.store.latest_session(HERE.id)
    assert session is not None and len(session.seats) == 4
    said, people = await play_out(service, HERE, random.Random(5))
    session = await service.store.latest_session(HERE.id)
    assert session is not None and session.status == "finished"
    assert said and people
    answers = [t for t in await service.store.turns(session.id)
               if t.kind != "turn" and t.actor.startswith("computer:")]
    assert answers, "the computers answered taunts or votes"


async def test_the_computer_taunts_and_the_person_answers(
        service: GameService, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(importlib.import_module("computer.cheesegambit"), "STRATEGY",
                        Taunting())
    await service.new(ALICE, HERE, "cheesegambit", [COMPUTER], {"level": "easy"})
    rng = random.Random(2)
    for _ in range(600):
        session = await service.store.latest_session(HERE.id)
        assert session is not None and session.status == "active"
        position = service.position_of(session)
        if position.action_due() and "R" in position.actors() and \
                seat_of_side(session, "R").user_id == ALICE.id:
            break
        if position.action_due() or seat_of_side(
                session, position.side_to_move).user_id != ALICE.id:
            assert await service.computer_step(HERE) is not None
        else:
            await service.move(ALICE, HERE, rng.choice(texts(service.legal_turns(session))))
    else:
        raise AssertionError("the computer never taunted")
    hint = await service.hint(ALICE, HERE)  # a hint for an answer is an answer
    assert hint.ok and hint.text.split("`")[3] in position.action_choices()
    answered = await service.move(ALICE, HERE, "accept")
    assert answered.ok, answered.text
    turns = await service.store.turns(session.id)
    taunt = next(t for t in reversed(turns) if t.kind == "turn" and "T@" in t.record)
    assert taunt.actor.startswith("computer:")


async def test_level_and_seating_refusals(service: GameService) -> None:
    no_computer = await service.new(ALICE, HERE, "hachapury", [BOB], {"level": "hard"})
    assert not no_computer.ok and "@boardbot" in no_computer.text
    bad = await service.new(ALICE, HERE, "hachapury", [COMPUTER], {"level": "godlike"})
    assert not bad.ok and "easy, normal, hard or expert" in bad.text
    too_many = await service.new(ALICE, HERE, "hachapury", [COMPUTER, COMPUTER, COMPUTER])
    assert not too_many.ok and "needs 2 players" in too_many.text


async def test_default_level_is_normal_and_people_still_accept(service: GameService) -> None:
    offered = await service.new(ALICE, HERE, "cheesegambit", [BOB, COMPUTER])
    assert offered.ok and "boardbot (normal)" in offered.text
    assert offered.mentions == [BOB.id] and "begins" not in offered.text
    begun = await service.accept(BOB, HERE)
    assert "begins" in begun.text


async def test_restart_while_the_computer_is_to_move(tmp_path: Path) -> None:
    path = str(tmp_path / "db.sqlite3")
    rng = random.Random(9)
    clock = FakeClock()
    store = await Store.open(path)
    service = GameService(store, ServiceConfig(), clock=clock,
                          seed_factory=lambda: rng.randbytes(32), render_images=False)
    await service.new(ALICE, HERE, "hachapury", [COMPUTER], {"level": "easy"})
    session = await service.store.latest_session(HERE.id)
    assert session is not None
    if service.position_of(session).side_to_move == "W":  # alice opens: play once
        await service.move(ALICE, HERE, texts(service.legal_turns(session))[0])
    session = await service.store.latest_session(HERE.id)
    assert session is not None and service.position_of(session).side_to_move == "B"
    before = session.next_turn
    await store.close()  # the bot stops before the computer has moved

    store = await Store.open(path)
    try:
        service = GameService(store, ServiceConfig(), clock=clock, render_images=False)
        said: list[Reply] = []

        async def deliver(channel: Channel, reply: Reply) -> None:
            said.append(reply)

        driver = ComputerDriver(service, deliver)
        assert await driver.resume() == 1  # the start-up scan finds the game
        await driver.idle()
        session = await service.store.latest_session(HERE.id)
        assert session is not None and session.next_turn > before
        assert service.position_of(session).side_to_move == "W"
        assert said and said[0].mentions == [ALICE.id]
    finally:
        await store.close()


async def test_takeback_against_the_computer_undoes_its_reply(service: GameService) -> None:
    await service.new(ALICE, HERE, "hachapury", [COMPUTER], {"level": "easy"})
    session = await service.store.latest_session(HERE.id)
    assert session is not None
    if service.position_of(session).side_to_move != "W":
        await service.computer_step(HERE)
        session = await service.store.latest_session(HERE.id)
        assert session is not None
    listing, dice, number = session.position, session.dice, session.next_turn
    await service.move(ALICE, HERE, texts(service.legal_turns(session))[0])
    assert await service.computer_step(HERE) is not None
    taken = await service.takeback(ALICE, HERE)
    assert taken.ok and "boardbot (easy) allows" in taken.text, taken.text
    session = await service.store.latest_session(HERE.id)
    assert session is not None
    assert (session.position, session.dice, session.next_turn) == (listing, dice, number)
    record = await _record(service)
    assert f"\n{number}W:" not in record and f"\n{number + 1}B:" not in record


async def test_takeback_before_the_computer_has_replied(service: GameService) -> None:
    await service.new(ALICE, HERE, "hachapury", [COMPUTER], {"level": "easy"})
    session = await service.store.latest_session(HERE.id)
    assert session is not None
    if service.position_of(session).side_to_move != "W":
        await service.computer_step(HERE)
        session = await service.store.latest_session(HERE.id)
        assert session is not None
    listing = session.position
    await service.move(ALICE, HERE, texts(service.legal_turns(session))[0])
    taken = await service.takeback(ALICE, HERE)
    assert taken.ok and "allows" in taken.text
    session = await service.store.latest_session(HERE.id)
    assert session is not None and session.position == listing
    assert await service.computer_step(HERE) is None  # alice is to move again


async def test_takeback_in_a_clocked_game_is_refused_by_the_computer(
        service: GameService) -> None:
    await service.new(ALICE, HERE, "hachapury", [COMPUTER], {"level": "easy"},
                      time_control="3d")
    session = await service.store.latest_session(HERE.id)
    assert session is not None
    if service.position_of(session).side_to_move != "W":
        await service.computer_step(HERE)
        session = await service.store.latest_session(HERE.id)
        assert session is not None
    await service.move(ALICE, HERE, texts(service.legal_turns(session))[0])
    await service.computer_step(HERE)
    refused = await service.takeback(ALICE, HERE)
    assert not refused.ok and "boardbot (easy) does not allow" in refused.text
    watcher = await service.takeback(CAROL, HERE)
    assert not watcher.ok


async def test_the_scheduler_never_reminds_the_computer(service: GameService,
                                                        clock: FakeClock) -> None:
    from bot.scheduler import Notification, Scheduler

    sent: list[Notification] = []

    async def deliver(note: Notification) -> None:
        sent.append(note)

    await service.new(ALICE, HERE, "hachapury", [COMPUTER], {"level": "easy"},
                      time_control="1d")
    session = await service.store.latest_session(HERE.id)
    assert session is not None
    if service.position_of(session).side_to_move == "W":
        await service.move(ALICE, HERE, texts(service.legal_turns(session))[0])
    # the computer is to move and the bot was down: its time runs out unreminded
    scheduler = Scheduler.for_service(service, deliver)
    await scheduler.run_once(clock.now + 1)
    await scheduler.run_once(clock.now + 23.5 * 3600)  # its 1-hour reminder falls due
    assert sent == []
    await scheduler.run_once(clock.now + 2 * 24 * 3600)
    assert sent, "alice hears that the computer's time is up"
    assert all(n.user_id is None or not n.user_id.startswith("computer:") for n in sent)
    assert all(not m.startswith("computer:") for n in sent for m in n.mentions)
