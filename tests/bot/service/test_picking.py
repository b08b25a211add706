"""Whole games played by tapping only: Play, the picker's menus, Confirm, and the
answer buttons; no notation typed.  A picker opened before the position changed
is refused on confirm, and pickers never play for someone else."""

from __future__ import annotations

import random

import pytest

from bot.replies import Reply, User
from bot.service import GameService
from storage import Store
from tests.bot.conftest import ALICE, BOB, CAROL, HERE, FakeClock
from tests.bot.seats import seat_of_side
from tests.bot.service.test_presses import _service

PLAYERS = {u.id: u for u in (ALICE, BOB, CAROL)}


def _button(reply: Reply, label: str) -> str:
    found = [b.action for b in reply.buttons if b.label == label]
    assert found, (label, [b.label for b in reply.buttons], reply.text)
    return found[0]


async def _tap_a_turn(service: GameService, user: User, board: Reply,
                      rng: random.Random) -> Reply:
    """Play, then random menu options until Confirm appears, then Confirm."""
    step = await service.press(user, HERE, _button(board, "Play"))
    for _ in range(20):
        assert step.ok and step.private, step.text
        if any(b.label == "Confirm" for b in step.buttons):
            return await service.press(user, HERE, _button(step, "Confirm"))
        (menu,) = step.menus
        assert 1 <= len(menu.options) <= 25
        step = await service.press(user, HERE, menu.action + rng.choice(menu.options).value)
    raise AssertionError("the picker never completed a turn")


async def _play_by_tapping(service: GameService, game: str, players: list[User],
                           options: dict[str, str], seed: int) -> int:
    rng = random.Random(seed)
    made = await service.new(players[0], HERE, game, players[1:], options)
    assert made.ok, made.text
    board = None
    for user in players[1:]:
        board = await service.accept(user, HERE)
    assert board is not None and board.ok
    turns = 0
    for _ in range(3000):
        session = await service.store.latest_session(HERE.id)
        assert session is not None
        if session.status != "active":
            return turns
        position = service.position_of(session)
        if position.action_due():
            side = position.actors()[0]
            user = PLAYERS[seat_of_side(session, side).user_id]
            answer = (await service.board(user, HERE))
            labels = [b.label for b in answer.buttons]
            assert labels and "Play" not in labels, labels
            board = await service.press(user, HERE, answer.buttons[0].action)
            assert board.ok, board.text
            continue
        user = PLAYERS[seat_of_side(session, position.side_to_move or "").user_id]
        if "Play" not in [b.label for b in board.buttons]:
            board = await service.board(user, HERE)
        board = await _tap_a_turn(service, user, board, rng)
        assert board.ok, board.text
        turns += 1
    raise AssertionError("the game did not end")


@pytest.mark.parametrize(("game", "options"), [
    ("hachapury", {}), ("chebache", {}), ("cheesegambit", {"pieces": "4"}),
    ("che", {"tiles": "20"})])
async def test_a_whole_game_by_tapping_only(store: Store, clock: FakeClock, game: str,
                                            options: dict[str, str]) -> None:
    service = _service(store, clock)
    turns = await _play_by_tapping(service, game, [ALICE, BOB], options, seed=3)
    final = await service.store.latest_session(HERE.id)
    assert final is not None and final.status == "finished" and turns > 0
    assert len(await service.store.turns(final.id)) >= turns


async def test_three_players_of_cheesegambit_by_tapping(store: Store, clock: FakeClock) -> None:
    service = _service(store, clock)
    await _play_by_tapping(service, "cheesegambit", [ALICE, BOB, CAROL], {"pieces": "4"},
                           seed=8)
    final = await service.store.latest_session(HERE.id)
    assert final is not None and final.status == "finished"


async def test_a_picker_from_before_the_position_changed_is_refused(
        store: Store, clock: FakeClock) -> None:
    service = _service(store, clock)
    await service.new(ALICE, HERE, "hachapury", [BOB])
    board = await service.accept(BOB, HERE)
    session = await service.store.live_session(HERE.id)
    assert session is not None
    mover = PLAYERS[seat_of_side(session, service.position_of(session).side_to_move
                                          or "").user_id]
    other = BOB if mover is ALICE else ALICE
    # someone who is not to move cannot use the picker
    refused = await service.press(other, HERE, _button(board, "Play"))
    assert not refused.ok and "Only the player to move" in refused.text
    step = await service.press(mover, HERE, _button(board, "Play"))
    while not any(b.label == "Confirm" for b in step.buttons):
        step = await service.press(mover, HERE, step.menus[0].action
                                   + step.menus[0].options[0].value)
    confirm = _button(step, "Confirm")
    # the turn is typed meanwhile: the old picker must not play again
    played = await service.move(mover, HERE, service.legal_turns(session)[0])
    assert played.ok
    before = await service.store.live_session(HERE.id)
    stale = await service.press(mover, HERE, confirm)
    assert not stale.ok and stale.private and "moved on" in stale.text
    after = await service.store.live_session(HERE.id)
    assert before is not None and after is not None and before.version == after.version


async def test_back_and_cancel(store: Store, clock: FakeClock) -> None:
    service = _service(store, clock)
    await service.new(ALICE, HERE, "hachapury", [BOB])
    board = await service.accept(BOB, HERE)
    session = await service.store.live_session(HERE.id)
    assert session is not None
    mover = PLAYERS[seat_of_side(session, service.position_of(session).side_to_move
                                          or "").user_id]
    first = await service.press(mover, HERE, _button(board, "Play"))
    second = await service.press(mover, HERE, first.menus[0].action
                                 + first.menus[0].options[0].value)
    back = await service.press(mover, HERE, _button(second, "Back"))
    assert back.menus == first.menus and back.text == first.text
    cancelled = await service.press(mover, HERE, _button(second, "Cancel"))
    assert cancelled.ok and "nothing was played" in cancelled.text
    forged = await service.press(mover, HERE, first.menus[0].action + "99")
    assert not forged.ok and "does not fit" in forged.text
