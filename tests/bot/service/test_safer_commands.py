"""Safer, clearer commands: /resign asks first (its button bound to the game),
/accept and /decline answer a waiting taunt, or say exactly what to type."""

from __future__ import annotations

import random

from bot.service import GameService
from storage import Store
from tests.bot.conftest import ALICE, BOB, HERE, FakeClock
from tests.bot.service.test_facade import _started
from tests.bot.service.test_presses import (
    PLAYERS,
    _action,
    _live,
    _refused_unchanged,
    _service,
    _target_of,
    _until_buttons,
)


async def test_resign_asks_first_and_only_its_button_resigns(service: GameService) -> None:
    await _started(service)
    asked = await service.confirm_resign(BOB, HERE)
    assert asked.ok and asked.private
    assert "the game ends and" in asked.text and "(alice) wins" in asked.text
    session = await _live(service)
    assert session.status == "active"  # asking changed nothing
    ended = await service.press(BOB, HERE, _action(asked, "Resign"))
    assert ended.ok and "bob resigns" in ended.text
    finished = await service.store.latest_session(HERE.id)
    assert finished is not None and finished.status == "finished"
    bob_side = next(s.side for s in finished.seats if s.user_id == BOB.id)
    assert finished.result is not None and finished.result.endswith(f"({bob_side} resigned)")
    # the same button, pressed again after the game ended, changes nothing
    again = await service.press(BOB, HERE, _action(asked, "Resign"))
    assert not again.ok and again.private


async def test_an_old_resign_button_does_not_end_a_newer_game(service: GameService) -> None:
    await _started(service)
    asked = await service.confirm_resign(BOB, HERE)
    await service.abort(ALICE, HERE)
    await _started(service)
    await _refused_unchanged(service, BOB, _action(asked, "Resign"), "")


async def test_only_players_are_asked(service: GameService) -> None:
    from tests.bot.conftest import CAROL
    await _started(service)
    asked = await service.confirm_resign(CAROL, HERE)
    assert not asked.ok and asked.private


async def test_accept_and_decline_answer_a_waiting_taunt(store: Store,
                                                         clock: FakeClock) -> None:
    service = _service(store, clock)
    await service.new(ALICE, HERE, "cheesegambit", [BOB], {"pieces": "6"})
    await service.accept(BOB, HERE)
    await _until_buttons(service, random.Random(4), "Drop")
    session = await _live(service)
    target = _target_of(service, session)
    taunter = next(PLAYERS[s.user_id] for s in session.seats if s.user_id != target.id)
    # the taunter cannot answer its own taunt, and is told who must
    wrong = await service.accept(taunter, HERE)
    assert not wrong.ok and wrong.private and "is waiting for" in wrong.text
    answered = await service.accept(target, HERE)
    assert answered.ok, answered.text
    assert "accepted" in answered.text and "the stake is now 2" in answered.text


async def test_accept_without_a_question_says_what_to_type(service: GameService) -> None:
    await _started(service)
    reply = await service.accept(BOB, HERE)
    assert not reply.ok and reply.private
    assert "No challenge, taunt or vote is waiting" in reply.text
    assert "is to move (with `/move`)" in reply.text


async def test_legal_groups_many_turns_by_first_move_and_lists_one_group(
        service: GameService) -> None:
    from bot.service.views import first_move
    await service.new(ALICE, HERE, "chebache", [BOB])
    await service.accept(BOB, HERE)
    for _ in range(40):  # the first position whose turns do not fit one message
        session = await _live(service)
        turns = service.legal_turns(session)
        if len(turns) > 25:
            break
        mover = PLAYERS[session.seat_for_side(
            service.position_of(session).side_to_move or "").user_id]
        await service.move(mover, HERE, turns[0])
    assert len(turns) > 25
    firsts = list(dict.fromkeys(first_move(t) for t in turns))
    reply = await service.legal(BOB, HERE)
    assert reply.ok and reply.private and len(reply.text) <= 2000
    assert f"{len(turns)} legal turns" in reply.text and "grouped by first move" in reply.text
    shown = [line for line in reply.text.splitlines()[1:] if line.startswith("`")]
    assert [line.split("`")[1] for line in shown] == firsts[:len(shown)]
    one = await service.legal(BOB, HERE, firsts[0])
    listed = [line.strip("`") for line in one.text.splitlines()[1:] if line.startswith("`")]
    expected = [t for t in turns if first_move(t) == firsts[0]]
    assert listed == expected[:len(listed)] and listed
    wrong = await service.legal(BOB, HERE, "99/99")
    assert not wrong.ok and "starts with `99/99`" in wrong.text and firsts[0] in wrong.text


def test_first_moves_in_every_game_notation() -> None:
    from bot.service.views import first_move

    # the first step's text, in each game's notation (no text is taken apart)
    from games import get_game

    for game, dice, text, first in (
            ("hachapury", (3, 1), "24/21, 21/20", "24/21"),
            ("chebache", (2, 4), "S/4, K(S/2)", "S/4"),
            ("cheesegambit", (5, 4), "9/14 33/37", "9/14"),
            ("che", (), "0,0W/", "0,0W/")):
        game_ = get_game(game)
        position = game_.initial({}, game_.sides({})[0].letter)
        turns = {t.text: t for t in position.legal_turns(dice)}
        assert first_move(turns[text]) == first
    for turn in get_game("che").initial({}).legal_turns(()):
        assert first_move(turn) == turn.text  # the first turn: one tile
