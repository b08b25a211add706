"""Every error an engine raises is said in English and Russian from its code.

The engines raise a code and values (games/messages.py); the bot's catalogue says the
code in each language (bot/catalogue/engine.py) and never reads the English back.
These tests hold the two ends together: every code the sources raise has an English
and a Russian template with the same values, every raise site fills exactly its
template's values, and whatever a player types either plays or refuses with an error
that both languages can say."""

from __future__ import annotations

import ast
import pickle
import random
import string
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.catalogue import EN as CATALOGUE_EN
from bot.catalogue import RU as CATALOGUE_RU
from bot.catalogue.engine import RU, error_for_user, error_in
from games import GameError, get_game
from games.base import Position, Result
from games.errors import IllegalTurnError, NotationError, OptionError
from games.messages import EN, Message, join_parts, labelled
from games.turns import texts
from tests.games.test_parsers_hostile import GAMES, hostile_text

ROOT = Path(__file__).resolve().parents[2]
#: Where errors are raised: the engines, and the bot's replay of a stored log.
SOURCES = [*sorted((ROOT / "games").rglob("*.py")), ROOT / "bot" / "service" / "turn_events.py",
           ROOT / "bot" / "service" / "late_taunt.py", ROOT / "bot" / "replay.py",
           ROOT / "bot" / "matches.py"]
PREFIXES = ("gerr_", "gpos_", "grec_", "why_")


def fields(template: str) -> set[tuple[str, str | None]]:
    """The values a template fills, each with its conversion (``{x!r}``: 'r')."""
    return {(name, conversion) for _text, name, _spec, conversion
            in string.Formatter().parse(template) if name is not None}


def _message_calls() -> list[tuple[str, str | None, set[str]]]:
    """(where, code or None when not a constant, keyword names) of each ``Message.of``."""
    found = []
    for path in SOURCES:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and \
                    node.func.attr == "of" and isinstance(node.func.value, ast.Name) and \
                    node.func.value.id == "Message":
                code = node.args[0]
                names = {k.arg for k in node.keywords if k.arg is not None}
                where = f"{path.relative_to(ROOT)}:{node.lineno}"
                constant = code.value if isinstance(code, ast.Constant) \
                    and isinstance(code.value, str) else None
                found.append((where, constant, names))
    return found


CALLS = _message_calls()


def _codes_named_in_sources() -> set[str]:
    """Every string constant in the sources that looks like a code (codes chosen by
    an expression, ``"gerr_h_outside_one" if n == 1 else "gerr_h_outside"``, too)."""
    codes = set()
    for path in SOURCES:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        # the template table's keys name every code: only uses count
        keys = {id(k) for node in ast.walk(tree) if isinstance(node, ast.Dict)
                for k in node.keys}
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and \
                    node.value.startswith(PREFIXES) and node.value.isidentifier() and \
                    id(node) not in keys:
                codes.add(node.value)
    return codes


def test_the_scan_sees_the_raise_sites() -> None:
    # the scan must be able to fail: it finds the sites this file is about
    assert len(CALLS) > 250
    assert any(code == "gerr_che_no_dice" for _w, code, _n in CALLS)


def test_every_code_named_has_an_english_template() -> None:
    assert sorted(_codes_named_in_sources() - set(EN)) == []


def test_every_template_is_raised_somewhere() -> None:
    # a template no source names is a message nobody can get: a leftover to remove
    assert sorted(set(EN) - _codes_named_in_sources()) == []


def test_every_code_has_a_russian_template_with_the_same_values() -> None:
    assert sorted(set(EN) - set(RU)) == []
    assert sorted(set(RU) - set(EN)) == []  # a Russian sentence nobody can raise
    mismatched = [(code, EN[code], RU[code]) for code in EN if fields(EN[code]) != fields(RU[code])]
    assert mismatched == []


def test_the_catalogue_holds_the_engines_templates() -> None:
    for code, template in EN.items():
        assert CATALOGUE_EN[code] == template
        assert CATALOGUE_RU[code] == RU[code]


@pytest.mark.parametrize(("where", "code", "names"), [c for c in CALLS if c[1] is not None],
                         ids=lambda c: c if isinstance(c, str) and ":" in c else "")
def test_every_raise_site_fills_exactly_its_template(where: str, code: str,
                                                     names: set[str]) -> None:
    assert {name for name, _conv in fields(EN[code])} == names, (where, code, EN[code])


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    imported = {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import)
                for alias in node.names}
    return imported | {node.module or "" for node in ast.walk(tree)
                       if isinstance(node, ast.ImportFrom)}


#: The bot's modules that say what an engine made (its errors, why a game ended, a
#: turn's events): they read codes and values, never the engines' English.
SAYERS = ["bot/catalogue/engine.py", "bot/catalogue/reasons.py", "bot/narration.py"]


@pytest.mark.parametrize("module", SAYERS)
def test_no_regular_expression_reads_engine_text_in_the_bot(module: str) -> None:
    assert "re" not in _imports(ROOT / module)
    assert "reason_in" not in (ROOT / module).read_text(encoding="utf-8")


def test_the_import_scan_can_fail() -> None:
    assert "re" in _imports(ROOT / "games" / "outcome.py")  # a module that does use re


def test_every_why_code_has_both_languages_with_the_same_values() -> None:
    why = sorted(code for code in EN if code.startswith("why_"))
    assert len(why) > 20  # the scan sees the codes: the end reasons of every game
    for code in why:
        assert code in RU, code
        assert fields(EN[code]) == fields(RU[code]), (code, EN[code], RU[code])


# -- what players get ---------------------------------------------------------------------

def _says_in_both(error: GameError) -> None:
    """``error`` said in English is ``str(error)``; in Russian it fills its templates
    (no KeyError)."""
    english = error_in(error, "en")
    assert english == str(error)
    russian = error_in(error, "ru")
    assert isinstance(russian, str) and russian, russian
    assert error.code in EN and isinstance(error.values, dict)
    # an error crosses a process pool whole (the computer thinks in other processes)
    again = pickle.loads(pickle.dumps(error))
    assert type(again) is type(error) and str(again) == str(error)


_SETTINGS = settings(max_examples=150, deadline=None,
                     suppress_health_check=[HealthCheck.too_slow])


def _positions(game: str) -> list[Position]:
    """The start and a position a few random legal turns in (rules beyond the opening)."""
    g = get_game(game)
    position = g.initial({})
    out = [position]
    rng = random.Random(game)
    for _ in range(6):
        if position.result is not None or position.action_due():
            break
        dice = tuple(rng.randint(1, 6) for _ in range(position.dice_count()))
        position = position.play(rng.choice(texts(position.legal_turns(dice))), dice).position
        out.append(position)
    return out


POSITIONS = {game: _positions(game) for game in GAMES}


@_SETTINGS
@given(text=hostile_text, dice=st.sampled_from([(6, 5), (4, 4), (1, 1), (3, 1), (2, 6)]),
       game=st.sampled_from(GAMES), which=st.integers(0, 6))
def test_move_text_plays_or_refuses_in_both_languages(text: str, dice: tuple[int, ...],
                                                      game: str, which: int) -> None:
    positions = POSITIONS[game]
    position = positions[which % len(positions)]
    if position.dice_count() == 0:
        dice = ()
    try:
        position.play(text, dice)
    except GameError as exc:
        _says_in_both(exc)


@_SETTINGS
@given(text=hostile_text, game=st.sampled_from(GAMES))
def test_listings_read_or_refuse_in_both_languages(text: str, game: str) -> None:
    try:
        get_game(game).from_listing(text, {})
    except GameError as exc:
        _says_in_both(exc)


@_SETTINGS
@given(name=st.text(max_size=20), value=st.text(max_size=10), game=st.sampled_from(GAMES))
def test_options_and_games_read_or_refuse_in_both_languages(name: str, value: str,
                                                            game: str) -> None:
    for call in (lambda: get_game(name), lambda: get_game(game).initial({name: value}),
                 lambda: get_game(game).initial({"kings": value, "first": value,
                                                 "players": value})):
        try:
            call()
        except GameError as exc:
            _says_in_both(exc)


@pytest.mark.parametrize("game", GAMES)
def test_every_wrong_turn_of_a_real_game_is_said_in_russian(game: str) -> None:
    """Each legal turn's text, one character dropped: whatever that refuses with."""
    refused = 0
    for position in POSITIONS[game]:
        dice = (6, 5) if position.dice_count() else ()
        for turn in texts(position.legal_turns(dice))[:8]:
            for cut in range(len(turn)):
                try:
                    position.play(turn[:cut] + turn[cut + 1:], dice)
                except GameError as exc:
                    _says_in_both(exc)
                    refused += 1
    assert refused  # the test must see refusals to mean anything


# -- the wrappers are structure -----------------------------------------------------------

def test_russian_says_the_wrappers_and_what_they_hold() -> None:
    no_checker = Message.of("gerr_h_no_checker", point=24)
    legal = IllegalTurnError(labelled("24/18", no_checker), ["13/7 13/8"])
    assert str(legal) == "24/18: you have no checker on point 24. Legal instead: `13/7 13/8`"
    assert error_in(legal, "ru") == "24/18: у вас нет фишки на пункте 24. Можно так: `13/7 13/8`"
    column = NotationError(Message.of("gerr_h_no_point", point="25"), "24/25", 4)
    assert str(column) == "point 25 is not on the board (1-24) (column 4 of '24/25')"
    assert error_in(column, "ru") == "пункта 25 нет на доске (1-24) (символ 4 в '24/25')"
    parts = IllegalTurnError(join_parts(Message.of("gerr_turn_not_legal"),
                                        Message.of("gerr_h_no_move", dice="[6 5]")))
    assert str(parts) == "that turn is not legal; you have no legal move with [6 5]: " \
                         "write `(no move)`"
    assert error_in(parts, "ru") == "такой ход недопустим; с [6 5] у вас нет допустимого " \
                                    "хода: напишите `(no move)`"
    outside = IllegalTurnError(Message.of("gerr_h_outside", n=5))
    assert error_in(outside, "ru") == "выбрасывать нельзя: 5 фишек ещё вне дома"
    more = IllegalTurnError(Message.of("gerr_turn_not_legal"), [str(n) for n in range(8)])
    assert str(more).endswith("(and 3 more)") and error_in(more, "ru").endswith("(и ещё 3)")


def test_a_real_refusal_is_said_in_russian() -> None:
    position = get_game("hachapury").initial({})
    with pytest.raises(IllegalTurnError) as caught:
        position.play("12/6", (6, 5))
    assert caught.value.code == "gerr_h_no_checker_at"
    assert "у вас нет фишки на пункте 12" in error_in(caught.value, "ru")


def test_a_reworded_english_message_keeps_its_russian() -> None:
    # the point of codes: English may change without the Russian noticing
    error = OptionError(Message.of("gerr_game_unavailable", name="go"))
    russian = error_in(error, "ru")
    saved = EN["gerr_game_unavailable"]
    try:
        EN["gerr_game_unavailable"] = "{name!r} is coming later"
        assert str(error) == "'go' is coming later"
        assert error_in(error, "ru") == russian == "игра 'go' пока недоступна"
    finally:
        EN["gerr_game_unavailable"] = saved


def test_an_unknown_code_fails_where_it_is_raised() -> None:
    with pytest.raises(KeyError):
        Message.of("gerr_no_such_code")
    with pytest.raises(TypeError):
        # a plain string, not a Message: refused
        GameError("plain English")  # type: ignore[arg-type]


def test_errors_that_are_not_the_engines_are_shown_as_they_are() -> None:
    assert error_for_user(ValueError("bad"), "ru") == "bad"
    assert error_for_user("text", "ru") == "text"


def test_a_result_inside_an_error_is_said_from_its_codes() -> None:
    placed = Result("R", 1, "R wins; G 2nd", placings=("R", "G"))
    over = IllegalTurnError(Message.of("gerr_over_paren", result=placed.said))
    assert str(over) == "the game is over (R wins; G 2nd)"
    assert error_in(over, "ru") == "партия окончена (побеждает R; G: 2-е место)"
    mars = IllegalTurnError(Message.of("gerr_over_colon", result=Result("W", 2, "W wins 2").said))
    assert str(mars) == "the game is over: W wins 2"
    assert error_in(mars, "ru") == "партия окончена: побеждает W (2 очка)"
    # a result whose fields do not give its text (as a listing wrote it) keeps the text
    odd = Result("W", 1, "W wins (listed)")
    assert odd.said == Message.of("why_text", text="W wins (listed)")
