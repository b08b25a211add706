"""``/rules`` in Russian: the notation's prose translated, every example players type
(between backquotes) exactly as in English, line for line."""

from __future__ import annotations

import re

import pytest

from bot.catalogue import LANGUAGES, Readers
from bot.discord_adapter import MAX_CONTENT
from bot.lessons import notation_text
from bot.service import views
from bot.service.request import Request
from games import available_games, get_game

CODE = re.compile(r"`[^`]*`")


def test_the_code_span_check_can_fail() -> None:
    assert CODE.findall("`24/18` moves, `6/F` off") == ["`24/18`", "`6/F`"]
    assert CODE.findall("`24/18` двигает, `6/off` выбрасывает") != \
        CODE.findall("`24/18` moves, `6/F` off")


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
@pytest.mark.parametrize("name", available_games())
def test_every_example_stays_as_written_and_the_prose_is_translated(name: str,
                                                                    lang: str) -> None:
    game = get_game(name)
    english, translated = game.notation_text(), notation_text(game, lang)
    assert translated != english, f"no {lang} notation for {name} (bot/catalogue/lessons.py)"
    # the same examples, in the same order: what players type is never translated
    assert CODE.findall(translated) == CODE.findall(english)
    lines, english_lines = translated.split("\n"), english.split("\n")
    assert [line.startswith("- ") for line in lines] == \
        [line.startswith("- ") for line in english_lines]
    prose = {CODE.sub("", line) for line in english_lines}
    for line in lines:  # every line's words translated, not only carried over
        assert CODE.sub("", line) not in prose, line


def test_english_is_the_games_own_text() -> None:
    for name in available_games():
        assert notation_text(get_game(name), "en") == get_game(name).notation_text()
        assert notation_text(get_game(name)) == get_game(name).notation_text()


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", available_games())
def test_rules_fit_one_discord_message_in_every_language(name: str, lang: str) -> None:
    # longer than that, Discord would get the text cut and the whole of it as a file
    text = views.rules(Request(None, None, Readers(lang, lang)), name).text
    assert len(text) <= MAX_CONTENT, (name, lang, len(text))
