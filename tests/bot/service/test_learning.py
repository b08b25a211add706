"""``/learn``: a private lesson completes for every game, exercises on real
positions answered from a menu with feedback in words, and the end offers a game."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from bot.catalogue import LANGUAGES
from bot.lessons import GOALS, lesson, notation_text, rules_text
from bot.replies import Reply
from bot.service import GameService
from games import available_games, get_game
from tests.bot.conftest import ALICE, HERE


def _button(reply: Reply, label: str) -> str:
    found = [b.action for b in reply.buttons if b.label == label]
    assert found, (label, [b.label for b in reply.buttons])
    return found[0]


@pytest.mark.parametrize("game", ["hachapury", "chebache", "cheesegambit", "che"])
async def test_a_lesson_completes_with_exercises_and_feedback(service: GameService,
                                                              game: str) -> None:
    pages = lesson(game)
    exercises = [p for p in pages if p.exercise is not None]
    assert len(exercises) == 2  # a few moves on real positions
    page = await service.learn(ALICE, HERE, game)
    seen = 1
    answered = 0
    while any(b.label == "Next" for b in page.buttons):
        assert page.ok and page.private and f"(step {seen} of {len(pages)})" in page.text
        if page.menus:
            exercise = pages[seen - 1].exercise
            assert exercise is not None
            menu = page.menus[0]
            assert [o.label for o in menu.options] == list(exercise.choices)
            wrong = next(i for i, c in enumerate(exercise.choices) if c not in exercise.good)
            right = next(i for i, c in enumerate(exercise.choices) if c in exercise.good)
            said = await service.press(ALICE, HERE, menu.action + str(wrong))
            assert said.ok and said.text.startswith("❌ Not this time")
            assert "You (" in said.text  # what the wrong turn did, told in words
            again = await service.press(ALICE, HERE, _button(said, "Try again"))
            assert again.menus == page.menus
            said = await service.press(ALICE, HERE, menu.action + str(right))
            assert said.text.startswith("✅ Right") and GOALS[game].done in said.text
            answered += 1
            page = said
        page = await service.press(ALICE, HERE, _button(page, "Next"))
        seen += 1
    assert answered == 2 and seen == len(pages)
    assert "you are ready" in page.text
    started = await service.press(ALICE, HERE, _button(page, "Play the computer"))
    assert started.ok and get_game(game).title in started.text


def test_exercises_are_real_positions_where_the_goal_is_not_everywhere() -> None:
    for game in ("hachapury", "chebache", "cheesegambit", "che"):
        for page in lesson(game):
            exercise = page.exercise
            if exercise is None:
                continue
            legal = exercise.position.legal_turns(exercise.dice)
            assert set(exercise.choices) <= set(legal)
            assert exercise.good and set(exercise.choices) - exercise.good
            for choice in exercise.choices:
                played = exercise.position.play(choice, exercise.dice)
                reached = GOALS[game].reached(played.events, exercise.side)
                assert reached == (choice in exercise.good), (game, choice)


async def test_an_unknown_game_or_forged_page_is_refused(service: GameService) -> None:
    unknown = await service.learn(ALICE, HERE, "chess")
    assert not unknown.ok and "unknown game" in unknown.text
    forged = await service.press(ALICE, HERE, "learn:0:lche-999")
    assert not forged.ok and "does not exist" in forged.text


# -- in Russian ---------------------------------------------------------------------------

ALICE_RU = replace(ALICE, locale="ru")
#: What may stay in Latin letters on a Russian page: notation in backquotes, the
#: games' names (kept as they are), single letters (k-1, x,y, dice d).
_NOT_WORDS = re.compile(r"`[^`]*`|\b(Hachapury|Chebache|CheeseGambit|Che)\b")
#: Words of the English pages and feedback that a Russian page must not keep.
_ENGLISH = ("the", "turn", "piece", "checker", "board", "dice", "rolled", "Exercise",
            "Choose", "Right", "Not this time", "you", "ready", "bump", "attack", "region")


def english_words(text: str) -> list[str]:
    return re.findall(r"[A-Za-z]{2,}", _NOT_WORDS.sub(" ", text))


def _says_no_english(text: str) -> None:
    assert not english_words(text), (english_words(text), text)
    for word in _ENGLISH:
        assert not re.search(rf"\b{word}\b", _NOT_WORDS.sub(" ", text), re.I), (word, text)


def test_the_no_english_check_can_fail() -> None:
    assert english_words("Верно: `9/4, 1/F` bears off.") == ["bears", "off"]
    assert english_words("**Hachapury**: как читать доску, `24/18`") == []
    with pytest.raises(AssertionError):
        _says_no_english("Ваши кубики: 1-5. Choose a turn.")


@pytest.mark.parametrize("game", ["hachapury", "chebache", "cheesegambit", "che"])
async def test_a_lesson_completes_in_russian_for_a_russian_user(service: GameService,
                                                                game: str) -> None:
    pages = lesson(game, "ru")
    assert [p.exercise for p in pages] == [p.exercise for p in lesson(game)]
    page = await service.learn(ALICE_RU, HERE, game)
    seen = 1
    answered = 0
    while any(b.label == "Дальше" for b in page.buttons):
        assert page.ok and page.private and f"(шаг {seen} из {len(pages)})" in page.text
        _says_no_english(page.text)
        assert not any(english_words(b.label) for b in page.buttons), page.buttons
        if page.menus:
            exercise = pages[seen - 1].exercise
            assert exercise is not None
            menu = page.menus[0]
            assert menu.placeholder == "Выберите ход"
            assert [o.label for o in menu.options] == list(exercise.choices)
            wrong = next(i for i, c in enumerate(exercise.choices) if c not in exercise.good)
            right = next(i for i, c in enumerate(exercise.choices) if c in exercise.good)
            said = await service.press(ALICE_RU, HERE, menu.action + str(wrong))
            assert said.ok and said.text.startswith("❌ Не в этот раз"), said.text
            assert "Вы (" in said.text, said.text  # what the wrong turn did, in Russian words
            _says_no_english(said.text)
            again = await service.press(ALICE_RU, HERE, _button(said, "Ещё раз"))
            assert again.menus == page.menus
            said = await service.press(ALICE_RU, HERE, menu.action + str(right))
            assert said.text.startswith("✅ Верно"), said.text
            assert GOALS[game].done_in("ru") in said.text
            _says_no_english(said.text)
            answered += 1
            page = said
        page = await service.press(ALICE_RU, HERE, _button(page, "Дальше"))
        seen += 1
    assert answered == 2 and seen == len(pages)
    assert "вы готовы" in page.text and "**Ходить**" in page.text
    _says_no_english(page.text)
    assert _button(page, "Сыграть с компьютером")


@pytest.mark.parametrize("game", ["hachapury", "chebache", "cheesegambit", "che"])
def test_the_russian_lesson_keeps_the_english_pages_one_for_one(game: str) -> None:
    # a learner who changes language mid-lesson stays on the same page
    english, russian = lesson(game, "en"), lesson(game, "ru")
    assert len(russian) == len(english)
    for en, ru in zip(english, russian, strict=True):
        assert en.exercise == ru.exercise and (en.board is None) == (ru.board is None)
        assert en.text.count("\n- ") == ru.text.count("\n- ")
        assert en.text != ru.text and en.title != ru.title
    assert rules_text(get_game(game), "en") == get_game(game).rules_text()


def test_every_game_has_its_rules_in_every_language_line_for_line() -> None:
    for name in available_games():
        english = get_game(name).rules_text().split("\n")
        for lang in LANGUAGES:
            translated = rules_text(get_game(name), lang).split("\n")
            assert len(translated) == len(english), (name, lang)
            assert [line.startswith("- ") for line in translated] == \
                [line.startswith("- ") for line in english], (name, lang)
            assert lang == "en" or translated != english, (name, lang)


async def test_rules_explain_in_the_users_language_and_keep_the_notation(
        service: GameService) -> None:
    game = get_game("cheesegambit")
    russian = await service.read_rules(ALICE_RU, HERE, "cheesegambit")
    assert russian.ok and russian.private
    words, notation = russian.text.split("**Нотация**")
    assert "пачиси × нарды" in words and "Вызов:" in words
    _says_no_english(words)
    # the notation's prose in Russian too, what players type as written (code spans:
    # tests/bot/test_rules_notation.py)
    _says_no_english(notation)
    assert notation_text(game, "ru") in notation and "`vote G yes`" in notation
    english = await service.read_rules(ALICE, HERE, "cheesegambit")
    assert game.rules_text() in english.text and "**Notation**" in english.text


@pytest.mark.parametrize("game", ["hachapury", "chebache", "cheesegambit", "che"])
async def test_every_lesson_picture_is_described_in_words(service: GameService,
                                                          game: str) -> None:
    """A lesson's board image has its description like every other image (what a
    screen reader says), in the user's language."""
    service.render_images = True
    pages = lesson(game)
    pictured = []
    for number in range(len(pages)):
        page = await service.press(ALICE, HERE, f"learn:0:l{game}-{number}")
        assert page.ok, page.text
        if page.image is not None:
            pictured.append(number)
            assert page.image_description.startswith(
                f"{get_game(game).title} board."), (number, page.image_description)
    assert len(pictured) >= 3
    russian = await service.press(replace(ALICE, locale="ru"), HERE,
                                  f"learn:0:l{game}-{pictured[-1]}")
    assert russian.image is not None and russian.image_description
    assert "board" not in russian.image_description, russian.image_description
