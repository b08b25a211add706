"""Board pictures, their descriptions and the profile card in the reader's language:
the words table is complete in both languages, a Russian description and a
Russian picture say no English (names and notation aside), and English stays
as it was."""

from __future__ import annotations

import functools
import re
import string
from collections.abc import Iterable, Iterator
from dataclasses import replace
from typing import Any

import pytest
from PIL import ImageFont

import renderer.profile_card as profile_card
from games import get_game
from games.messages import Message, why_parts
from renderer import for_game
from renderer.base import headline, result_text
from renderer.context import RenderContext
from renderer.describe import describe
from renderer.profile_card import GameLine, ProfileCard, RecentGame, render_profile_card
from renderer.stencil import stencil, text_mask
from renderer.words import EN, RU, che_reason, placeholders, word
from tests.renderer.test_describe import positions

#: Players' names (short: a long one is cut mid-word at the description's end).
NAMES = {"W": "alice", "B": "bob", "R": "carol", "G": "dave", "Y": "erin"}

GAMES = ["hachapury", "chebache", "cheesegambit", "che"]


def _specs(template: str) -> dict[str, int]:
    """Each plural spec's field and its number of forms (``{n:a|b}`` -> n: 2)."""
    return {field: len(spec.split("|")) for _t, field, spec, _c in
            string.Formatter().parse(template) if field and spec and "|" in spec}


def test_both_languages_have_the_same_keys_and_placeholders() -> None:
    assert set(EN) == set(RU)
    for key, english in EN.items():
        assert placeholders(RU[key]) == placeholders(english), key
        # English counts one and other; Russian one, few and many (and may count
        # where English needs no noun: "White wins 2", "Победа: Белые, 2 очка")
        assert set(_specs(english)) <= set(_specs(RU[key])), key
        assert all(n == 2 for n in _specs(english).values()), key
        assert all(n == 3 for n in _specs(RU[key]).values()), key


def test_russian_says_russian_and_falls_back_to_english() -> None:
    assert word("ru", "to_move", side="Белые") == "Ход: Белые"
    assert word("ru", "plate_pips", colour="Чёрные", pips=162) == "Чёрные · 162 пипса"
    assert word("ru", "plate_pips", colour="Чёрные", pips=11) == "Чёрные · 11 пипсов"
    assert word("ru", "plate_pips", colour="Чёрные", pips=21) == "Чёрные · 21 пипс"
    assert word("de", "to_move", side="White") == "White to move"  # not shipped: English
    assert word("en", "card_points", n=1) == "1 point"
    assert word("en", "card_points", n=0) == "0 points"


# -- what is left Latin in Russian: names, game titles, notation -----------------------

#: Latin words a Russian text may hold besides names and the last turn's notation.
ALLOWED = {"Hachapury", "Chebache", "Che", "CheeseGambit"}


def english_words(text: str, keep: Iterable[str] = ()) -> list[str]:
    """The Latin words of ``text`` (two letters or more) once names, notation and
    titles are taken out: what a Russian reader should not see."""
    for kept in sorted(keep, key=len, reverse=True):
        if kept:
            text = text.replace(kept, " ")
    return [w for w in re.findall(r"[A-Za-z]{2,}", text) if w not in ALLOWED]


def test_the_check_finds_english() -> None:
    assert english_words("Ход: Белые (alice), 24/18 to move", ["alice"]) == ["to", "move"]


@pytest.mark.parametrize("game", GAMES)
def test_a_russian_description_says_no_english(game: str) -> None:
    seen = 0
    for seed in range(8):
        for position, context in positions(game, seed, 400 if seed < 2 else 40):
            ctx = replace(context, language="ru",
                          names={side: NAMES[side] for side in context.names})
            text = describe(position, ctx)
            keep = [*NAMES.values(), ctx.last_moves]
            assert not english_words(text, keep), (english_words(text, keep), text)
            if position.result is None and position.side_to_move:
                assert "Ход: " in text, text
            if position.result is not None:
                assert "Партия окончена. " in text, text
            seen += 1
    assert seen > 20


def test_a_russian_description_reads_naturally() -> None:
    position = get_game("hachapury").initial({}, "W")
    text = describe(position, RenderContext(names={"W": "alice", "B": "bob"}, dice=(6, 5),
                                            language="ru"))
    assert text.startswith("Доска Hachapury. Ход: Белые (alice), кости 6 и 5."), text
    assert "Белые (alice), в своей нумерации: 4 на 24, 11 на 6; выброшено: 0; 162 пипса" \
        in text
    chebache = get_game("chebache").initial({}, "W")
    text = describe(chebache, RenderContext(names={"W": "alice"}, language="ru"))
    assert "Белые (alice): на Старте 4 и Король, на Финише 0." in text, text
    assert "поле 2 Белых: 2 белые фишки" in text, text


# -- the words drawn in pictures -------------------------------------------------------

def _clear_caches() -> None:
    """Forget every cached background, panel and text stencil, so that a picture
    draws all its words afresh (and the spy sees them)."""
    import renderer.cheesegambit as cg

    for name in ("renderer.hachapury", "renderer.chebache", "renderer.cheesegambit",
                 "renderer.che", "renderer.che_layout", "renderer.board_common",
                 "renderer.stencil", "renderer.profile_card"):
        module = __import__(name, fromlist=["_"])
        for value in vars(module).values():
            if callable(getattr(value, "cache_clear", None)):
                value.cache_clear()
    cg._PANELS.clear()


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Every text the pictures drawn in the test set in type (a spy on the font's
    rasteriser, which every way of drawing text goes through)."""
    seen: list[str] = []
    original = ImageFont.FreeTypeFont.getmask2

    @functools.wraps(original)
    def spy(self: ImageFont.FreeTypeFont, text: str, *args: Any, **kwargs: Any) -> Any:
        seen.append(text)
        return original(self, text, *args, **kwargs)

    monkeypatch.setattr(ImageFont.FreeTypeFont, "getmask2", spy)
    _clear_caches()
    yield seen
    _clear_caches()  # no Russian board left in a cache another test reads as English


def _pictures(game: str) -> list[tuple[Any, RenderContext]]:
    """Busy positions (the palette samples: dice, last turns, threats, taunts,
    results) and a whole random game's start, middle and end, with players' names."""
    renderer = for_game(game)
    out = []
    for width in (1100, 760):
        for position, context in renderer.palette_samples(width, "light"):
            names = {side: NAMES[side] for side in context.names}
            out.append((position, replace(context, names=names, footer="")))
    played = list(positions(game, 1, 400))
    for position, context in (played[0], played[len(played) // 2], played[-1]):
        out.append((position, replace(context, width=1100,
                                      names={side: NAMES[side] for side in context.names})))
    return out


@pytest.mark.parametrize("game", GAMES)
def test_a_russian_picture_draws_no_english(game: str, drawn: list[str]) -> None:
    renderer = for_game(game)
    keep = [*NAMES.values()]
    for position, context in _pictures(game):
        drawn.clear()
        text_mask.cache_clear()  # each picture sets all its texts, not only new ones
        stencil.cache_clear()
        renderer.draw(position, replace(context, language="ru"))
        text = " ".join(drawn)
        latin = english_words(text, [*keep, context.last_moves])
        assert not latin, (latin, text)
        assert re.search("[а-яА-ЯёЁ]{2,}", text), text
    # the same check on the English picture finds its English
    _clear_caches()
    drawn.clear()
    position, context = _pictures(game)[-1]
    renderer.draw(position, context)
    assert english_words(" ".join(drawn), [*keep, context.last_moves])


def test_headlines_and_results_in_russian() -> None:
    from games.base import Result

    def colour(side: str) -> str:
        return {"W": "Белые", "B": "Чёрные"}[side]

    assert result_text(Result("W", 2, "W wins 2"), colour, "ru") == "Победа: Белые, 2 очка"
    assert result_text(Result("W", 1, "W wins"), colour, "ru") == "Победа: Белые"
    assert result_text(Result(None, 0, "draw"), colour, "ru") == "Ничья"
    names = {"R": "alice", "G": "bob", "B": "carol"}.__getitem__
    assert result_text(Result("R", 1, "R wins; G 2nd; B 3rd"), names, "ru") == \
        "Победа: alice; bob: 2-е место; carol: 3-е место"
    # English is as it always was
    assert result_text(Result("R", 1, "R wins; G 2nd; B 3rd"), names) == \
        "alice wins, bob 2nd, carol 3rd"
    start = get_game("hachapury").initial({}, "W")
    assert headline(start, colour, "ru") == "Ход: Белые"
    assert headline(start, {"W": "White"}.__getitem__) == "White to move"


def test_che_reasons_in_russian() -> None:
    closed = Message.of("why_closed_region", tile="1,0W/", colour=Message.of("why_white"))
    assert che_reason("ru", closed) == "плитка 1,0W/ закрыла область Белых"
    ran_out = why_parts(Message.of("why_tiles_out"), Message.of("why_largest", white=7, blue=5))
    assert che_reason("ru", ran_out) == "плитки кончились; крупнейшие области: Белые 7, Синие 5"
    # a code the picture's table does not know is said in English
    assert che_reason("ru", Message.of("why_first_home")) == "first home"
    assert che_reason("en", ran_out) == "the tiles ran out; largest regions White 7, Blue 5"
    assert che_reason("ru", None) == ""


# -- the profile card -------------------------------------------------------------------

CARD = ProfileCard(
    "alice",
    (GameLine("Hachapury", 1623, True, 4, 3, 1, 2, 5, 4, 41.0),
     GameLine("Che", None, finished=2, average_turns=35.0)),
    (RecentGame(7, "Hachapury", "bob", "won 2", True, 41),
     RecentGame(6, "CheeseGambit", "bob, carol", "2nd", None, 88),
     RecentGame(5, "Che", "bob", "lost", False, 21),
     RecentGame(4, "Che", "bob", "draw", None, 64)),
    language="ru")


def test_the_profile_card_in_russian(drawn: list[str]) -> None:
    assert profile_card.game_details(CARD.games[0], "ru") == \
        "+3 −1 из 4 · 2 победы подряд · 5 очков · в ср. 41 ход"
    assert profile_card.result_badge("2nd", "ru") == "2-е место"
    assert profile_card.result_badge("won 2", "ru") == "победа ×2"
    render_profile_card(CARD)
    text = " ".join(drawn)
    assert "Последние партии" in text and "предварительный" in text, text
    titles = [g.title for g in CARD.games] + [g.title for g in CARD.recent]
    assert not english_words(text, ["alice", "bob", "carol", *titles]), text
    drawn.clear()
    render_profile_card(replace(CARD, language="en"))
    assert "Recent games" in drawn and "provisional" in drawn


def test_a_replays_sampling_note_in_russian() -> None:
    from renderer.animation import FrameSpec, frame_texts

    spec = FrameSpec("x", "Ход 12 из 300", "alice: бросок 6-5")
    assert frame_texts(spec, 3, 560, "ru")[0] == "Ход 12 из 300  ·  показан каждый 3-й ход"
    assert frame_texts(spec, 3, 560)[0] == "Ход 12 из 300  ·  every 3rd turn shown"
