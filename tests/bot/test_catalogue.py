"""The catalogue: both languages complete, with the same placeholders, and plural
specs that pick the right word."""

from __future__ import annotations

import pytest

from bot import catalogue
from bot.catalogue import (
    CATALOGUE,
    LANGUAGES,
    Readers,
    language,
    placeholders,
    t,
)
from bot.catalogue.reasons import why_in
from bot.service.request import Request
from games.messages import Message, why_parts


def test_every_key_is_in_every_language() -> None:
    keys = {lang: set(CATALOGUE[lang]) for lang in LANGUAGES}
    for lang in LANGUAGES:
        assert keys[lang] == keys["en"], (lang, keys[lang] ^ keys["en"])


def test_every_translation_fills_the_same_placeholders() -> None:
    wrong = [(lang, key) for key, text in CATALOGUE["en"].items() for lang in LANGUAGES
             if placeholders(CATALOGUE[lang][key]) != placeholders(text)]
    assert not wrong


def test_every_template_formats_in_every_language() -> None:
    for key, text in CATALOGUE["en"].items():
        values = {name: 2 for name in placeholders(text)}
        for lang in LANGUAGES:
            said = t(lang, key, **values)
            assert "{" not in said or key == "help", (lang, key, said)


def test_a_key_missing_in_russian_falls_back_to_english_not_to_the_key(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delitem(catalogue.RU, "no_game")
    assert t("ru", "no_game") == CATALOGUE["en"]["no_game"]


def test_the_placeholders_check_sees_a_mismatch() -> None:
    # the check above must be able to fail: a translation naming another value
    assert placeholders("{player} wins {points} points") != placeholders("{player} побеждает")
    assert placeholders("{n} {n:ход|хода|ходов}") == {"n"}


@pytest.mark.parametrize("count, word", [(1, "ход"), (2, "хода"), (4, "хода"), (5, "ходов"),
                                         (11, "ходов"), (12, "ходов"), (21, "ход"),
                                         (22, "хода"), (25, "ходов"), (111, "ходов"),
                                         (0, "ходов")])
def test_russian_plurals_pick_one_few_many(count: int, word: str) -> None:
    assert catalogue.plural_form("ru", count, ["ход", "хода", "ходов"]) == word


def test_english_plurals_and_counts_in_templates() -> None:
    assert t("en", "after_turns", turns=1) == " after 1 turn"
    assert t("en", "after_turns", turns=3) == " after 3 turns"
    assert t("ru", "after_turns", turns=21) == " после 21 хода"
    assert t("ru", "after_turns", turns=5) == " после 5 ходов"


def test_discord_locales_map_to_shipped_languages() -> None:
    assert language("ru") == "ru"
    assert language("en-US") == "en" and language("en-GB") == "en"
    assert language("de") == "en" and language("") == "en" and language(None) == "en"


def test_readers_decide_private_and_public_languages() -> None:
    english = Request(None, None)
    assert english.mine("no_game").startswith("There is no game")
    mixed = Request(None, None, Readers(user="ru", channel="en"))
    assert mixed.mine("no_game").startswith("В этом канале нет партии")
    assert mixed.public("no_game").startswith("There is no game")
    assert (mixed.user_lang, mixed.channel_lang) == ("ru", "en")


def test_engine_reasons_are_said_in_russian_and_kept_in_english() -> None:
    mars = Message.of("why_mars")
    assert why_in(mars, "en") == "mars: the loser bore off none"
    assert why_in(mars, "ru").startswith("марс")
    placed = why_parts(Message.of("why_dropped", player="G"), Message.of("why_wins", player="R"),
                       Message.of("why_2nd", player="G"))
    assert why_in(placed, "ru") == "G отказывается от вызова; побеждает R; G: 2-е место"
    assert why_in(placed, "en", lambda side: {"G": "gina"}.get(side, side)) == \
        "gina dropped the taunt; R wins; gina 2nd"
    assert why_in(None, "ru") == ""


def test_no_key_is_defined_by_two_areas() -> None:
    # the package merges its areas' dicts: a key in two would silently win over the other
    areas = catalogue._AREAS
    for lang in ("EN", "RU"):
        seen: dict[str, str] = {}
        for area in areas:
            for key in getattr(area, lang):
                assert key not in seen, (key, seen.get(key), area.__name__)
                seen[key] = area.__name__
