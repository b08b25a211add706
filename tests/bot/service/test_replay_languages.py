"""``/replay`` in the reader's language: its refusals in the user's, the reply, the
GIF's description and the frames' captions in the server's; the picker's preview and
a finished game's board carry a description in their picture's language; the match
resignation refusal too.  English stays as it was."""

from __future__ import annotations

import random
import re
from dataclasses import replace

import pytest

from bot.catalogue.engine import error_in
from bot.replies import Reply
from bot.service import GameService, ServiceConfig
from bot.service.replays import frame_specs
from games.errors import GameError
from games.messages import Message
from storage import Store
from tests.bot.conftest import ALICE, BOB, HERE, FakeClock
from tests.bot.service.test_languages import english_words
from tests.bot.service.test_replays import _played

ALICE_RU = replace(ALICE, locale="ru")
ALICE_EN = replace(ALICE, locale="en-US")
RUSSIAN_HERE = replace(HERE, locale="ru")


@pytest.fixture
def drawing(store: Store, clock: FakeClock) -> GameService:
    """A service that draws pictures (the shared fixture does not)."""
    rng = random.Random(99)
    return GameService(store, ServiceConfig(image_width=400), clock=clock,
                       seed_factory=lambda: rng.randbytes(32))


def _russian(text: str) -> None:
    assert text and not english_words(text), (english_words(text), text)


async def test_a_russian_users_replay_refusals_are_russian(service: GameService) -> None:
    game_id = await _played(service, "hachapury", 2)  # this service draws no pictures
    refused = await service.replay(ALICE_RU, HERE, game_id)
    assert not refused.ok and refused.private
    assert refused.text.startswith("Этот бот работает без картинок"), refused.text
    assert f"`/record game:{game_id}`" in refused.text
    _russian(refused.text)
    english = await service.replay(ALICE_EN, RUSSIAN_HERE, game_id)  # the user's, not the server's
    assert english.text == (
        f"This bot runs without pictures, so it cannot animate game {game_id}: "
        f"`/record game:{game_id}` gives its record and `/board game:{game_id} turn:N` any "
        f"position in words.")


async def test_a_russian_users_replay_refusals_with_pictures(drawing: GameService) -> None:
    game_id = await _played(drawing, "hachapury", 30)
    hopeless = await drawing.replay(ALICE_RU, HERE, game_id, 20_000)
    assert not hopeless.ok and hopeless.private
    assert "(20 КиБ)" in hopeless.text, hopeless.text
    _russian(hopeless.text)
    assert (await drawing.new(ALICE, HERE, "hachapury", [BOB])).ok
    assert (await drawing.accept(BOB, HERE)).ok
    live = await drawing.store.live_session(HERE.id)
    assert live is not None
    assert (await drawing.resign(ALICE, HERE)).ok  # before any turn
    empty = await drawing.replay(ALICE_RU, HERE, live.id)
    assert empty.text.startswith(f"Партия {live.id} окончилась до первого хода"), empty.text
    _russian(empty.text)
    english = await drawing.replay(ALICE_EN, RUSSIAN_HERE, live.id)
    assert english.text == (f"Game {live.id} ended before its first turn: there is nothing to "
                            f"replay (`/record game:{live.id}` shows how it ended).")


async def test_a_russian_servers_replay_is_russian(drawing: GameService) -> None:
    game_id = await _played(drawing, "hachapury", 6)
    turns = await drawing.ledger.effective_turns(game_id)
    reply: Reply = await drawing.replay(ALICE_EN, RUSSIAN_HERE, game_id)  # public: the server's
    assert reply.ok and not reply.private and reply.image is not None, reply.text
    frames = len(turns) + 1
    assert reply.text.startswith(f"**Hachapury**, партия {game_id}: alice против bob, "), \
        reply.text
    assert f"Повтор {len(turns)} ходов в {frames} кадрах (каждый ход), " in reply.text, \
        reply.text
    _russian(reply.text)
    assert reply.image_description == (f"Анимированный повтор партии Hachapury {game_id}, "
                                       f"alice против bob: {frames} кадров.")
    # the same game in an English server, as before
    english = await drawing.replay(ALICE_RU, HERE, game_id)
    assert re.fullmatch(
        rf"\*\*Hachapury\*\*, game {game_id}: alice vs bob, alice wins \(bob resigned\)\. "
        rf"Replay of {len(turns)} turns in {frames} frames \(every turn\), "
        r"\d+\.\d s a frame, \d+ KiB\.", english.text), english.text
    assert english.image_description == (f"Animated replay of Hachapury game {game_id}, "
                                         f"alice vs bob: {frames} frames.")


async def test_the_frames_captions_speak_the_language_they_are_given(
        drawing: GameService) -> None:
    game_id = await _played(drawing, "hachapury", 4)
    session = await drawing.store.session(game_id)
    assert session is not None
    turns = await drawing.ledger.effective_turns(game_id)
    russian = frame_specs(session, turns, "ru")
    assert russian[0].label == f"Hachapury, партия {game_id}: начало"
    assert russian[1].label == f"Ход {turns[0].number} из {turns[-1].number}"
    assert russian[-1].text.endswith(" Итог: победа: alice (bob сдаётся)."), russian[-1].text
    for spec in russian:
        _russian(spec.label)
        _russian(spec.text)
    english = frame_specs(session, turns, "en")
    assert english[0].label == f"Hachapury, game {game_id}: the start"
    assert english[-1].label == f"Turn {turns[-1].number} of {turns[-1].number}"
    assert english[-1].text.endswith(" Result: alice wins (bob resigned).")


async def test_the_match_resignation_refusal_speaks_the_users_language(
        service: GameService) -> None:
    assert (await service.new(ALICE_RU, HERE, "hachapury", [BOB])).ok
    assert (await service.accept(BOB, HERE)).ok
    live = await service.store.live_session(HERE.id)
    assert live is not None
    refused = await service.press(ALICE_RU, HERE, f"resign_match:{live.id}:r")
    assert not refused.ok and refused.private
    assert refused.text == "Эта партия не входит в матч: сдать её можно командой `/resign`."
    english = await service.press(ALICE_EN, HERE, f"resign_match:{live.id}:r")
    assert english.text == "This game is not part of a match: `/resign` gives it up."
    assert (await service.store.live_session(HERE.id)) is not None  # nothing was resigned


async def test_a_finished_games_board_is_described_in_the_servers_language(
        drawing: GameService) -> None:
    game_id = await _played(drawing, "hachapury", 4)
    russian = await drawing.board(ALICE_EN, RUSSIAN_HERE, game_id, 2)
    assert russian.image is not None
    words = russian.image_description
    assert words.startswith("Доска Hachapury. "), words
    english = await drawing.board(ALICE_RU, HERE, game_id, 2)
    assert english.image is not None
    assert english.image_description.startswith("Hachapury board. "), english.image_description
    start = await drawing.board(ALICE, HERE, game_id, 0)  # no turn yet: still described
    assert start.image_description.startswith("Hachapury board. ")


async def test_the_pickers_preview_is_described_in_the_users_language(
        drawing: GameService) -> None:
    for user, board_words in ((ALICE_RU, "Доска Hachapury. "), (ALICE_EN, "Hachapury board. ")):
        assert (await drawing.new(user, HERE, "hachapury", [BOB])).ok
        assert (await drawing.accept(BOB, HERE)).ok
        session = await drawing.store.live_session(HERE.id)
        assert session is not None
        mover = user if session.seat_for_side(
            drawing.position_of(session).side_to_move or "").user_id == ALICE.id \
            else replace(BOB, locale=user.locale)
        board = await drawing.board(mover, HERE)
        play = next(b.action for b in board.buttons if b.label == "Play")  # the server's words
        step = await drawing.press(mover, HERE, play)
        rng = random.Random(3)
        for _ in range(20):
            if step.image is not None:
                break
            (menu,) = step.menus
            step = await drawing.press(mover, HERE, menu.action + rng.choice(menu.options).value)
        assert step.image is not None and step.private
        assert step.image_description.startswith(board_words), step.image_description
        assert (await drawing.resign(ALICE, HERE)).ok


@pytest.mark.parametrize("written, russian, english", [
    ("zz", "`zz` — не длительность", "`zz` is not a duration"),
    ("3d,4d", "укажите одно время на ход", "give one time per move"),
    ("3d,bank=7d", "выберите либо время на ход", "choose either a time per move"),
    ("bank=9d,cap=2d", "потолок (cap) должен быть не меньше запаса", "the cap must be at least"),
    ("fast", "`fast` — не длительность", "`fast` is not a duration"),
])
async def test_a_time_control_refusal_speaks_the_users_language(
        service: GameService, written: str, russian: str, english: str) -> None:
    refused = await service.new(ALICE_RU, HERE, "hachapury", [BOB], time_control=written)
    assert not refused.ok and refused.private
    assert refused.text.startswith(f"Контроль времени: {russian}"), refused.text
    _russian(refused.text.replace("(cap)", "").replace("(bank)", ""))
    refused = await service.new(ALICE_EN, RUSSIAN_HERE, "hachapury", [BOB], time_control=written)
    assert refused.text.startswith(f"Time control: {english}"), refused.text


async def test_a_nudge_period_and_a_grant_refusal_speak_the_users_language(
        service: GameService) -> None:
    refused = await service.notify(ALICE_RU, nudge="soon")
    assert not refused.ok and "`soon` — не длительность" in refused.text, refused.text
    _russian(refused.text)
    english = await service.notify(ALICE_EN, nudge="soon")
    assert "`soon` is not a duration (write e.g. `2d`, `12h` or `1d12h`)" in english.text
    assert (await service.new(ALICE, HERE, "hachapury", [BOB], time_control="3d")).ok
    assert (await service.accept(BOB, HERE)).ok
    refused = await service.grant(ALICE_RU, HERE, "")
    assert refused.text == ("Нельзя добавить столько: пустая длительность (пишите, например, "
                            "`2d`, `12h` или `1d12h`)."), refused.text
    english = await service.grant(ALICE_EN, HERE, "")
    assert english.text == ("Cannot grant that: an empty duration (write e.g. `2d`, `12h` or "
                            "`1d12h`).")


async def test_a_forged_pickers_refusal_speaks_the_users_language(service: GameService) -> None:
    assert (await service.new(ALICE, HERE, "hachapury", [BOB])).ok
    board = await service.accept(BOB, HERE)
    session = await service.store.live_session(HERE.id)
    assert session is not None
    seat = session.seat_for_side(service.position_of(session).side_to_move or "")
    assert seat is not None
    mover = ALICE if seat.user_id == ALICE.id else BOB
    play = next(b.action for b in board.buttons if b.label == "Play")
    first = await service.press(replace(mover, locale="ru"), HERE, play)
    forged = await service.press(replace(mover, locale="ru"), HERE,
                                 first.menus[0].action + "99")
    assert not forged.ok and forged.private
    assert forged.text == ("Этот выбор не подходит к позиции (здесь нет варианта «99»); "
                           "нажмите «Ходить» ещё раз."), forged.text
    forged = await service.press(replace(mover, locale="en-US"), HERE,
                                 first.menus[0].action + "99")
    assert forged.text == "That choice does not fit this position (no choice '99' here); " \
                          "press Play again.", forged.text


def test_a_log_that_no_longer_replays_is_told_in_russian() -> None:
    """The two errors of bot/service/turn_events.py reach ``/replay`` and ``/board
    game:`` refusals through ``error_for_user``."""
    orphan = GameError(Message.of("gerr_log_orphan", record="5/1*"))
    assert str(orphan) == "`5/1*` adds to a turn that is not in the replay"
    assert error_in(orphan, "ru") == "`5/1*` дополняет ход, которого нет в повторе"
    ending = GameError(Message.of("gerr_log_ending", addition="T", record="e2e4",
                                  full="e2e4 T+"))
    assert error_in(ending, "ru") == \
        "`T` не читается как окончание `e2e4` (он играется как `e2e4 T+`)"
    assert error_in(ending, "en") == str(ending) == \
        "`T` does not read as an ending of `e2e4` (it plays as `e2e4 T+`)"
