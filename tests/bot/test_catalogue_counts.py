"""Every count the bot prints takes a plural spec: "1 turns", "1 points won" and
"1 tiles placed" came from templates that wrote ``{n} turns`` without one.

The scan reads every template of the bot's catalogue and of the pictures' words
(renderer/words.py) and finds a bare placeholder followed by a counted noun."""

from __future__ import annotations

import re

import pytest

from bot.catalogue import CATALOGUE, t
from renderer import words

#: Nouns a count is printed with, English words and Russian stems (any ending).
EN_NOUNS = frozenset({
    "turn", "turns", "point", "points", "tile", "tiles", "piece", "pieces", "checker",
    "checkers", "player", "players", "game", "games", "move", "moves", "pip", "pips",
    "step", "steps", "frame", "frames", "character", "characters", "second", "seconds",
    "minute", "minutes", "hour", "hours", "day", "days", "losses",
    "region", "regions", "cell", "cells", "entry", "entries", "seat", "seats",
})
RU_STEMS = ("ход", "очк", "плит", "фиш", "игрок", "парт", "пункт", "шаг", "символ", "кадр",
            "перемещ", "кубик", "секунд", "минут", "час", "дн", "побед", "поражен", "област",
            "клетк", "мест", "пипс", "запис")

#: Placeholders that hold no count (a colour, a name, a title) though a counted noun
#: may follow them ("a {colour} region", "{name} moves its pieces").
NOT_COUNTS = frozenset({"colour", "side", "title", "of", "who", "id", "told", "verb",
                        "opponent", "name", "dice", "tile", "foe"})

#: Engine errors whose English count is a limit or a sum that is never 1, so it never
#: reads "1 moves" (their English rebuilds the engines' own text, tests/bot/
#: test_engine_errors.py; their Russian is checked like every other sentence).
NEVER_ONE = frozenset({
    "gerr_text_long",        # a text longer than the limit: hundreds of characters
    "gerr_too_many_tokens",  # more than the limit of moves (dozens)
    "gerr_h_too_many",
    "gerr_wrote_too_many",   # more moves than the dice allow: at least 2
    "gerr_c_gamble_most", "gerr_c_gambit_most", "gerr_c_cheese_most", "gerr_c_wrote_most",
    "gerr_c_full_gambit",    # the Gambit's full use of doubles: 2 or more moves
    "gerr_h_barrier",        # a barrier is 6 points or more
    "gerr_h_bear_pips",      # a bear-off needing 1 pip is played by any die
    "gerr_h_outside_one", "gerr_h_outside",  # the engine words one checker and more apart
})

#: ``{name}`` (no spec) and the word after it.
_BARE = re.compile(r"\{(\w+)(?:![rsa])?\}\s+(\w+)")


def counted_without_spec(lang: str, template: str) -> list[str]:
    """The ``{n} word`` pieces of ``template`` whose count has no plural spec."""
    found = []
    for match in _BARE.finditer(template):
        name, word = match.groups()
        if name in NOT_COUNTS or re.search(r"\{" + name + r":[^}]*\|", template):
            continue  # the template says the count's word with a spec elsewhere
        low = word.lower()
        if (low in EN_NOUNS) if lang == "en" else low.startswith(RU_STEMS):
            found.append(match.group(0))
    return found


def _templates() -> list[tuple[str, str, str, str]]:
    out: list[tuple[str, str, str, str]] = []
    for where, books in (("bot", CATALOGUE), ("renderer", words.WORDS)):
        for lang, book in books.items():
            out.extend((where, lang, key, text) for key, text in book.items()
                       if not (lang == "en" and key in NEVER_ONE))
    return out


def test_the_scan_finds_a_count_without_a_spec() -> None:
    # it must be able to fail
    assert counted_without_spec("en", "after {turns} turns") == ["{turns} turns"]
    assert counted_without_spec("ru", "после {turns} ходов") == ["{turns} ходов"]
    assert counted_without_spec("en", "{n} {n:turn|turns}") == []
    assert counted_without_spec("en", "{player} wins") == []


def test_every_printed_count_takes_a_plural_spec() -> None:
    bare = [(where, lang, key, piece) for where, lang, key, text in _templates()
            for piece in counted_without_spec(lang, text)]
    assert not bare


@pytest.mark.parametrize("lang, key, values, said", [
    ("en", "history_row", {"id": 4, "title": "Che", "players": "a vs b", "result": "a wins",
                           "turns": 1, "when": "today"}, "1 turn,"),
    ("en", "profile_row", {"title": "Che", "rating": 1500, "wins": 1, "losses": 0, "games": 1,
                           "points": 1, "streak": ""}, "1 point won"),
])
def test_one_is_said_in_the_singular(lang: str, key: str, values: dict[str, object],
                                     said: str) -> None:
    assert said in t(lang, key, **values)


def test_one_tile_placed_in_the_pictures_description() -> None:
    assert words.word("en", "d_che_tiles", placed=1, left=5).startswith("1 tile placed")


def test_no_template_hedges_a_plural_with_brackets() -> None:
    # "gave up 1 own piece(s)": a plural spec says the one form that is meant
    hedged = [(where, lang, key) for where, lang, key, text in _templates()
              if re.search(r"\w\(s\)", text)]
    assert not hedged
