"""The command service driven directly, with Hachapury: the whole flow and every refusal."""

from __future__ import annotations

import asyncio
import io
import random

import pytest

from bot.replay import replay
from bot.service import GameService
from bot.verify import verify
from games import get_game
from games.turns import texts
from storage import Session
from tests.bot.conftest import ALICE, BOB, CAROL, HERE, MOD, FakeClock


async def _started(service: GameService) -> Session:
    reply = await service.new(ALICE, HERE, "hachapury", [BOB])
    assert reply.ok and reply.mentions == [BOB.id]
    reply = await service.accept(BOB, HERE)
    assert reply.ok and "Dice commitment" in reply.text
    session = await service.store.live_session(HERE.id)
    assert session is not None and session.status == "active"
    return session


def _mover(session: Session, position_side: str | None):  # type: ignore[no-untyped-def]
    seat = session.seat_for_side(position_side or "")
    assert seat is not None
    return ALICE if seat.user_id == ALICE.id else BOB


async def _snapshot(service: GameService) -> tuple:
    session = await service.store.live_session(HERE.id)
    assert session is not None
    turns = await service.store.turns(session.id)
    return session.version, session.position, session.dice, len(turns)


async def test_whole_game_from_new_to_result(service: GameService) -> None:
    session = await _started(service)
    rng = random.Random(5)
    for _ in range(400):
        session = await service.store.latest_session(HERE.id) or session
        if session.status != "active":
            break
        position = service.position_of(session)
        legal = texts(service.legal_turns(session))
        choice = rng.choice(legal)
        reply = await service.move(_mover(session, position.side_to_move), HERE, choice)
        assert reply.ok, reply.text
    final = await service.store.latest_session(HERE.id)
    assert final is not None and final.status == "finished"
    assert final.result is not None and " wins" in final.result
    # The stored position equals a replay of the log.
    turns = await service.store.turns(final.id)
    game = get_game("hachapury")
    assert final.initial_position is not None
    position = game.from_listing(final.initial_position, {})
    for turn in turns:
        played = position.play(turn.moves, turn.dice)
        assert played.record == turn.record
        position = played.position
    assert position.listing() == final.position
    assert position.result is not None and position.result.text == final.result
    # The exported record replays to the same end and its dice verify.
    record = await service.record(ALICE, HERE)
    assert record.attachment is not None
    text = record.attachment[1].decode()
    out, err = io.StringIO(), io.StringIO()
    assert replay("hachapury", text, out=out, err=err) == 0, err.getvalue()
    assert out.getvalue().splitlines()[-1] == final.position
    assert verify(text, out=io.StringIO()) == 0
    tampered = text.replace(turns[3].line, turns[3].line.replace(
        f"[{turns[3].dice[0]} ", f"[{turns[3].dice[0] % 6 + 1} ", 1))
    assert tampered != text
    assert verify(tampered, out=io.StringIO()) == 1


async def test_spectator_and_out_of_turn_moves_refused_and_nothing_changes(
        service: GameService) -> None:
    session = await _started(service)
    position = service.position_of(session)
    mover = _mover(session, position.side_to_move)
    waiting = BOB if mover is ALICE else ALICE
    legal = texts(service.legal_turns(session))
    before = await _snapshot(service)
    spectator = await service.move(CAROL, HERE, legal[0])
    assert not spectator.ok and spectator.private and "not playing" in spectator.text
    out_of_turn = await service.move(waiting, HERE, legal[0])
    assert not out_of_turn.ok and out_of_turn.private and "not your turn" in out_of_turn.text
    assert await _snapshot(service) == before


async def test_bad_notation_refused_with_legal_alternatives(service: GameService) -> None:
    session = await _started(service)
    mover = _mover(session, service.position_of(session).side_to_move)
    before = await _snapshot(service)
    for text in ["24/x", "hello", "", "25/1", "24/18/12/6/1/2/3", "(no move)"]:
        reply = await service.move(mover, HERE, text)
        assert not reply.ok and reply.private, text
        assert await _snapshot(service) == before
    reply = await service.move(mover, HERE, "(no move)")
    assert "Legal instead" in reply.text or "legal" in reply.text.lower()
    legal = texts(service.legal_turns(session))
    assert any(t in reply.text for t in legal)


async def test_stale_turn_number_refused(service: GameService) -> None:
    session = await _started(service)
    mover = _mover(session, service.position_of(session).side_to_move)
    reply = await service.move(mover, HERE, texts(service.legal_turns(session))[0],
                               expected_turn=session.next_turn + 3)
    assert not reply.ok and "written for turn" in reply.text


async def test_two_racing_moves_apply_once(service: GameService) -> None:
    session = await _started(service)
    mover = _mover(session, service.position_of(session).side_to_move)
    legal = texts(service.legal_turns(session))
    first, second = legal[0], legal[-1]
    replies = await asyncio.gather(service.move(mover, HERE, first),
                                   service.move(mover, HERE, second))
    assert sorted(r.ok for r in replies) == [False, True]
    turns = await service.store.turns(session.id)
    assert len([t for t in turns if t.actor == mover.id]) == 1


async def test_challenge_can_be_declined_and_expires(service: GameService,
                                                     clock: FakeClock) -> None:
    await service.new(ALICE, HERE, "hachapury", [BOB])
    assert not (await service.decline(CAROL, HERE)).ok
    assert (await service.decline(BOB, HERE)).ok
    assert await service.store.live_session(HERE.id) is None
    await service.new(ALICE, HERE, "hachapury", [BOB])
    clock.now += 3601
    reply = await service.accept(BOB, HERE)
    assert not reply.ok and "no open challenge" in reply.text
    assert (await service.store.latest_session(HERE.id)).status == "expired"  # type: ignore


async def test_one_game_per_channel_and_no_self_play(service: GameService) -> None:
    assert not (await service.new(ALICE, HERE, "hachapury", [ALICE])).ok
    assert (await service.new(ALICE, HERE, "hachapury", [BOB])).ok
    busy = await service.new(CAROL, HERE, "hachapury", [BOB])
    assert not busy.ok and "already has a game" in busy.text
    unknown = await service.new(ALICE, HERE, "tiddlywinks", [BOB])
    assert not unknown.ok and "unknown game" in unknown.text


async def test_abort_rules(service: GameService) -> None:
    session = await _started(service)
    assert not (await service.abort(CAROL, HERE)).ok
    mover = _mover(session, service.position_of(session).side_to_move)
    await service.move(mover, HERE, texts(service.legal_turns(session))[0])
    refused = await service.abort(ALICE, HERE)
    assert not refused.ok and "moderator" in refused.text
    done = await service.abort(MOD, HERE)
    assert done.ok and "seed revealed" in done.text
    assert await service.store.live_session(HERE.id) is None


async def test_players_may_abort_before_the_first_turn(service: GameService) -> None:
    await _started(service)
    assert (await service.abort(BOB, HERE)).ok


async def test_resign_ends_the_game_for_the_opponent(service: GameService) -> None:
    await _started(service)
    reply = await service.resign(BOB, HERE)
    assert reply.ok and reply.mentions == [ALICE.id]
    final = await service.store.latest_session(HERE.id)
    assert final is not None and final.status == "finished"
    assert final.result == "W wins (B resigned)"
    assert not (await service.move(ALICE, HERE, "24/18")).ok


async def test_anyone_may_look(service: GameService) -> None:
    await _started(service)
    assert (await service.board(CAROL, HERE)).ok
    legal = await service.legal(CAROL, HERE)
    assert legal.ok and legal.private and "legal turn" in legal.text
    assert (await service.record(CAROL, HERE)).attachment is not None
    assert "Hachapury" in service.rules("hachapury").text
    assert "/move" in service.help().text


async def test_rematch_button_after_the_end(service: GameService) -> None:
    first = await _started(service)
    ended = await service.resign(BOB, HERE)
    assert [b.action for b in ended.buttons] == [f"rematch:{first.id}:f"]
    assert not (await service.press(CAROL, HERE, f"rematch:{first.id}")).ok  # not a player
    again = await service.press(BOB, HERE, f"rematch:{first.id}")
    assert again.ok and again.mentions == [ALICE.id] and "challenges" in again.text
    assert not (await service.press(BOB, HERE, f"rematch:{first.id}")).ok  # already open
    assert (await service.accept(ALICE, HERE)).ok


async def test_board_image_shows_the_time_left(service: GameService, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import bot.service.context as service_module

    seen = []
    monkeypatch.setattr(service_module, "render",
                        lambda position, context: seen.append(context) or b"png")
    service.render_images = True
    await service.new(ALICE, HERE, "hachapury", [BOB], time_control="3d")
    await service.accept(BOB, HERE)
    await service.board(CAROL, HERE)
    assert seen and seen[-1].footer.endswith("3d left")
    assert seen[-1].footer.startswith(("White (alice)", "Black (bob)"))


async def test_a_clock_set_on_the_service_is_the_one_every_part_reads(
        service: GameService) -> None:
    """Callers (the Discord tests, the scheduler) swap the clock after building the
    service: challenge expiry (lobby and core) must follow the new one."""
    await service.new(ALICE, HERE, "hachapury", [BOB])
    later = FakeClock(service.clock() + 2 * 3600)  # past challenge_seconds (1 h)
    service.clock = later
    assert service.clock is later
    assert not (await service.accept(BOB, HERE)).ok  # the challenge expired meanwhile


async def test_every_refusal_and_lost_race_becomes_a_private_reply(
        service: GameService, monkeypatch: pytest.MonkeyPatch) -> None:
    """One way to refuse: a part raises ``Refused`` or the store ``StaleVersion``; the
    entry point answers privately and nothing changed."""
    from bot.replies import RACE_MESSAGE
    from storage import StaleVersion

    refused = await service.accept(BOB, HERE)  # no challenge here: Refused inside
    assert refused.private and not refused.ok
    assert refused.text == "There is no open challenge in this channel."
    await service.new(ALICE, HERE, "hachapury", [BOB])

    async def lost_race(*args: object, **kwargs: object) -> None:
        raise StaleVersion("changed meanwhile")

    monkeypatch.setattr(service.store, "accept_seat", lost_race)
    raced = await service.accept(BOB, HERE)
    assert raced.private and not raced.ok and raced.text == RACE_MESSAGE
    session = await service.store.live_session(HERE.id)
    assert session is not None and session.status == "challenge"
