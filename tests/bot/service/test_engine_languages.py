"""A Russian player's refusals from the rules engines are Russian: bad notation, an
illegal move and a bad option in each of the four games (the engines speak English;
bot/catalogue/engine.py says their messages in the user's language)."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from bot.replies import User
from bot.service import GameService
from tests.bot.conftest import ALICE, BOB, HERE

ALICE_RU = replace(ALICE, locale="ru")
BOB_RU = replace(BOB, locale="ru")

#: Phrases of the engines' English that must not reach a Russian player.
ENGLISH = re.compile(r"Legal instead|column \d|expected|is not on|checkers move|no piece|"
                     r"has no|must be|first tile|there is no|options:")

#: game, options, bad notation and its refusal, an illegal move and its refusal (any
#: dice: the reasons below do not depend on them).
CASES = [
    ("hachapury", {}, "24/x", "`24/x` так сыграть нельзя: ожидался номер пункта, а написано "
     "'x' (символ 4 в '24/x')", "1/24", "`1/24` так сыграть нельзя: 1/24: фишки ходят со "
     "старших пунктов на младшие (от 24 к 1), а это ход в обратную сторону"),
    ("cheesegambit", {"pieces": "4"}, "9/99", "`9/99` так сыграть нельзя: клетки 99 нет на "
     "дорожке (1-72) (символ 3 в '9/99')", "P/R1",
     r"`P/R1` так сыграть нельзя: P/\d+: у [RB] нет фишек в пуле\. Можно так: "),
    ("che", {}, "zz", "`zz` так сыграть нельзя: ожидалась постановка вроде `1,0B` (клетка x,y, "
     "затем W или B) (символ 1 в 'zz')", "5,5W", "`5,5W` так сыграть нельзя: первая плитка "
     "ставится в 0,0, а не в 5,5. Можно так: `0,0W/`"),
    ("chebache", {}, "2/99", "`2/99` так сыграть нельзя: поля 99 нет (поля: S, 1-17 и F) "
     "(символ 3 в '2/99')", "9/10", r"`9/10` так сыграть нельзя: 9/10: на 9 нет вашей фишки\. "
     "Можно так: "),
]

#: game, a bad option, the start of the refusal.
OPTIONS = [
    ("hachapury", {"bogus": "1"}, "у игры Hachapury нет параметров (получено: bogus)."),
    ("cheesegambit", {"pieces": "99"}, "pieces должно быть целым числом 4-14, а не '99'.\n"
     "Параметры игры CheeseGambit:"),
    ("che", {"tiles": "1000"}, "tiles должно быть целым числом 2-200, а не '1000'."),
    ("chebache", {"kings": "maybe"}, "kings должно быть true или false, а не 'maybe'."),
]


async def _mover(service: GameService, game: str, options: dict[str, str]) -> User:
    assert (await service.new(ALICE_RU, HERE, game, [BOB_RU], dict(options))).ok
    assert (await service.accept(BOB_RU, HERE)).ok
    session = await service.store.live_session(HERE.id)
    assert session is not None
    seat = session.seat_for_side(service.position_of(session).side_to_move or "")
    assert seat is not None
    return ALICE_RU if seat.user_id == ALICE.id else BOB_RU


@pytest.mark.parametrize("game, options, notation, notation_ru, illegal, illegal_ru", CASES,
                         ids=[c[0] for c in CASES])
async def test_a_russian_players_bad_notation_and_illegal_move_are_refused_in_russian(
        service: GameService, game: str, options: dict[str, str], notation: str,
        notation_ru: str, illegal: str, illegal_ru: str) -> None:
    mover = await _mover(service, game, options)
    refused = await service.move(mover, HERE, notation)
    assert refused.private and not refused.ok
    assert refused.text == notation_ru
    refused = await service.move(mover, HERE, illegal)
    assert refused.private and not refused.ok
    assert re.match(illegal_ru if "\\" in illegal_ru else re.escape(illegal_ru),
                    refused.text), refused.text
    assert not ENGLISH.search(refused.text), refused.text


@pytest.mark.parametrize("game, options, said", OPTIONS, ids=[c[0] for c in OPTIONS])
async def test_a_russian_players_bad_option_is_refused_in_russian(
        service: GameService, game: str, options: dict[str, str], said: str) -> None:
    refused = await service.new(ALICE_RU, HERE, game, [BOB_RU], options)
    assert refused.private and not refused.ok
    assert refused.text.startswith(said), refused.text
    assert not ENGLISH.search(refused.text.split("\n")[0]), refused.text


async def test_an_english_players_refusal_keeps_the_engines_words(service: GameService) -> None:
    mover = await _mover(service, "hachapury", {})
    english = replace(mover, locale="en-GB")
    refused = await service.move(english, HERE, "24/x")
    assert refused.text == "`24/x` is not playable: expected a point number, got 'x' " \
                           "(column 4 of '24/x')"
    refused = await service.new(replace(ALICE, locale="en-US"), replace(HERE, id="5002"),
                                "chebache", [],
                                {"kings": "maybe"})
    assert refused.text.startswith("kings must be true or false, not 'maybe'."), refused.text
