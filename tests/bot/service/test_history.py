"""History: finished games of a server, newest first, a page at a time with
buttons bound to the list; any finished game's record and its board at any turn."""

from __future__ import annotations

from dataclasses import replace

from bot.replies import Reply, User
from bot.service import GameService
from tests.bot.conftest import ALICE, BOB, CAROL, HERE


async def _finished_game(service: GameService, game: str, challenger: User = ALICE,
                         opponent: User = BOB, moves: int = 3) -> int:
    await service.new(challenger, HERE, game, [opponent])
    await service.accept(opponent, HERE)
    for _ in range(moves):
        session = await service.store.live_session(HERE.id)
        assert session is not None
        position = service.position_of(session)
        seat = session.seat_for_side(position.side_to_move or "")
        assert seat is not None
        user = challenger if seat.user_id == challenger.id else opponent
        assert (await service.move(user, HERE, service.legal_turns(session)[0])).ok
    session = await service.store.live_session(HERE.id)
    assert session is not None
    assert (await service.resign(opponent, HERE)).ok
    return session.id


def _button(reply: Reply, label: str) -> str:
    found = [b.action for b in reply.buttons if b.label == label]
    assert found, (label, reply.buttons)
    return found[0]


async def test_history_pages_newest_first_with_buttons(service: GameService) -> None:
    ids = [await _finished_game(service, "che", moves=1) for _ in range(16)]
    ids.append(await _finished_game(service, "hachapury", challenger=CAROL, opponent=BOB))
    first = await service.history(ALICE, HERE)
    assert first.ok and "(page 1 of 2, 17 in all)" in first.text
    shown = [line.split()[0] for line in first.text.splitlines()[1:]]
    assert shown == [f"#{i}" for i in reversed(ids)][:15]
    assert "carol vs bob" in first.text and "carol wins" in first.text  # names, not letters
    second = await service.press(ALICE, HERE, _button(first, "Next"))
    assert [line.split()[0] for line in second.text.splitlines()[1:]] == \
        [f"#{i}" for i in reversed(ids)][15:]
    back = await service.press(ALICE, HERE, _button(second, "Previous"))
    assert back.text == first.text
    carol = await service.history(ALICE, HERE, CAROL)
    assert "17 in all" not in carol.text and f"#{ids[-1]}" in carol.text
    assert len(carol.text.splitlines()) == 2
    che = await service.history(ALICE, HERE, None, "che")
    assert "16 in all" in che.text and "Hachapury" not in che.text


async def test_record_and_board_of_a_finished_game_by_id(service: GameService) -> None:
    game_id = await _finished_game(service, "hachapury", moves=4)
    record = await service.record(ALICE, HERE, game_id)
    assert record.ok and record.attachment is not None
    assert record.attachment[0] == f"hachapury-{game_id}.txt"
    start = await service.board(ALICE, HERE, game_id, 0)
    assert start.ok and "after turn 0 of" in start.text
    assert "W: 4@24, 11@6; B: 4@24, 11@6" in start.text
    later = await service.board(ALICE, HERE, game_id, 2)
    assert later.ok and "after turn 2" in later.text and " rolled " in later.text
    end = await service.board(ALICE, HERE, game_id)
    assert end.ok
    too_far = await service.board(ALICE, HERE, game_id, 99)
    assert not too_far.ok and "has turns 1 to" in too_far.text
    elsewhere = replace(HERE, guild_id="other-guild")
    hidden = await service.record(ALICE, elsewhere, game_id)
    assert not hidden.ok and f"no game {game_id} in this server" in hidden.text


async def test_a_live_game_is_not_history(service: GameService) -> None:
    await service.new(ALICE, HERE, "hachapury", [BOB])
    await service.accept(BOB, HERE)
    session = await service.store.live_session(HERE.id)
    assert session is not None
    reply = await service.record(ALICE, HERE, session.id)
    assert not reply.ok and "is not finished" in reply.text
    empty = await service.history(ALICE, HERE)
    assert "No finished games here yet" in empty.text
