"""/hint in the reader's language: the computer's reasons are keys and values
(computer/reasons.py) said through the catalogue (bot/catalogue/hints.py), so a
Russian player reads them in Russian and an English one as before."""

from __future__ import annotations

import ast
import random
import re
from dataclasses import replace
from pathlib import Path

import pytest

from bot.catalogue import CATALOGUE, placeholders
from bot.catalogue.hints import EN, RU, say_reason
from bot.replies import User
from bot.service import GameService
from computer.base import Budget, Level, strategy_for
from computer.reasons import Reason, Said, Value
from games import get_game
from games.base import Position
from games.che.geometry import COLOUR_NAMES as CHE_COLOURS
from games.chebache.board import SIDE_NAMES as CHEBACHE_SIDES
from games.cheesegambit.board import COLOUR_NAMES as CHEESEGAMBIT_COLOURS
from games.hachapury.position import COLOURS as HACHAPURY_COLOURS
from games.turns import Turn
from tests.bot.conftest import ALICE, BOB, HERE
from tests.bot.service.test_languages import more_english_words

GAMES = ("hachapury", "chebache", "cheesegambit", "che")
COMPUTER = Path(__file__).resolve().parents[3] / "computer"


def _latin(text: str) -> list[str]:
    """Latin words in a Russian text, besides names and notation (code spans)."""
    return more_english_words(text)


# -- the keys ---------------------------------------------------------------------------

def _keys_in_computer() -> set[str]:
    """Every ``hint_*`` string the computer package's sources hold (the reasons'
    keys, whichever branch gives them)."""
    found: set[str] = set()
    for path in COMPUTER.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) \
                    and node.value.startswith("hint_"):
                found.add(node.value)
    return found


def test_every_reason_the_computer_can_give_is_in_both_languages() -> None:
    keys = _keys_in_computer()
    assert len(keys) > 60  # the scan sees the explain modules
    assert keys <= set(EN), keys - set(EN)
    assert keys <= set(RU), keys - set(RU)
    # and the area holds no sentence the computer never gives (sides are values' words)
    unused = {k for k in EN if not k.startswith("hint_side_")} - keys
    assert not unused, unused


def test_the_hints_area_is_registered_with_the_same_placeholders() -> None:
    for key in EN:
        assert CATALOGUE["en"][key] == EN[key] and CATALOGUE["ru"][key] == RU[key], key
        assert placeholders(RU[key]) == placeholders(EN[key]), key


def test_every_side_a_reason_names_has_its_words() -> None:
    names = {*CHE_COLOURS.values(), *CHEBACHE_SIDES, *CHEESEGAMBIT_COLOURS.values(),
             *HACHAPURY_COLOURS.values()}
    assert {f"hint_side_{name}" for name in names} <= set(RU)


# -- every sentence in Russian ------------------------------------------------------------

#: A value for each placeholder the hint sentences fill, as the computer gives it.
_SAMPLES: dict[str, list[Value]] = {
    "side": ["White", "Blue", "Black"], "foe": ["Red", "Green", "Yellow"], "taunter": ["Blue"],
    "count": [1, 2, 5, 21], "need": [1, 2], "length": [2, 6], "pips": [1, 3, 11],
    "number": [8], "at": [50], "size": [7], "other_size": [5],
    "spots": ["8, 10"], "points": ["5, 4"], "squares": [(51,), (50, 52), (3, 4, 5)],
    "span": [("6-2",), ("2-1", "24-23")], "move": ["13/7 8/7"],
    "pieces": [Said.of("hint_piece"), Said.of("hint_pieces", count=3)],
    "checkers": [Said.of("hint_checker"), Said.of("hint_checkers", count=12)],
    "race": [Said.of("hint_hp_leads", pips=4), Said.of("hint_hp_even")],
    "chances": [0.4], "take": [0.22],
    "drawbacks": [Said.of("hint_cg_blot", squares=(60,))],
}


def _phrases() -> list[Said]:
    """Each hint sentence with each sample of its values (sample by sample)."""
    out = []
    for key, template in EN.items():
        names = sorted(placeholders(template))
        widest = max((len(_SAMPLES[n]) for n in names), default=1)
        for i in range(widest):
            out.append(Said(key, tuple((n, _SAMPLES[n][i % len(_SAMPLES[n])]) for n in names)))
    return out


@pytest.mark.parametrize("said", _phrases(), ids=lambda s: s.key)
def test_every_reason_reads_in_russian(said: Said) -> None:
    russian = say_reason("ru", Reason((said,)))
    english = say_reason("en", Reason((said,)))
    assert russian and "{" not in russian and "}" not in russian
    assert not _latin(russian), russian
    assert russian != english, russian


def test_russian_counts_agree_with_their_words() -> None:
    def ru(key: str, **values: Value) -> str:
        return say_reason("ru", Reason.of(key, **values))

    pieces = [ru("hint_cg_bumps", foe="Blue", count=n, at=50) for n in (2, 5, 21)]
    assert pieces == ["сбивает 2 фишки синих на 50 в пул", "сбивает 5 фишек синих на 50 в пул",
                      "сбивает 21 фишку синих на 50 в пул"]
    assert ru("hint_hp_block", count=1, foe="White", length=3, span=("2-1", "24-23")) == \
        "строит заслон из 3 пунктов (2-1 и 24-23) перед 1 фишкой белых"
    assert ru("hint_che_threatens", side="White", need=1, foe="Blue") == \
        "грозит закрыть область белых (не хватает 1 плитки) и требует ответа синих"
    assert ru("hint_cg_enters", pieces=Said.of("hint_pieces", count=2)) == \
        "возвращает 2 фишки из пула"


def test_phrases_join_in_each_language() -> None:
    three = Reason((Said.of("hint_cg_gambit"), Said.of("hint_cg_block", squares=(13,)),
                    Said.of("hint_cg_no_blot")))
    assert say_reason("en", three) == "plays the Gambit, makes a block on 13 and leaves no blot"
    assert say_reason("ru", three) == \
        "играет Гамбит, ставит блок на 13 и не оставляет одиночных фишек"
    both = Reason((Said.of("hint_chebache_home_one"), Said.of("hint_chebache_race_clean")),
                  join="semicolon")
    assert say_reason("ru", both) == "приводит фишку на Финиш; уходит вперёд и не оставляет " \
                                     "одиноких фишек на Перекрёстках"
    assert say_reason("ru", Reason()) == ""


# -- reasons from real play ---------------------------------------------------------------

def _dice(position: Position, rng: random.Random) -> tuple[int, ...]:
    return tuple(rng.randint(1, 6) for _ in range(position.dice_count()))


def _random_positions(game: str, seed: int, plies: int) -> list[tuple[Position, tuple]]:
    """Positions of a random game with their dice (a computer-free game's turns)."""
    rng = random.Random(seed)
    spec = get_game(game)
    players = {"players": "3"} if game == "cheesegambit" else {}
    position = spec.initial(spec.normalise_options(players))
    out: list[tuple[Position, tuple]] = []
    for _ in range(plies):
        if position.result is not None:
            break
        if position.action_due():
            position = position.play_action(rng.choice(position.action_choices()),
                                             position.actors()[0]).position
            continue
        dice = _dice(position, rng)
        out.append((position, dice))
        position = position.play(rng.choice(position.legal_turns(dice)).text, dice).position
    return out


@pytest.mark.parametrize("game", GAMES)
def test_reasons_in_random_games_read_in_russian(game: str) -> None:
    strategy = strategy_for(game)
    rng = random.Random(7)
    said = 0
    for position, dice in _random_positions(game, 3, 60):
        turns = position.legal_turns(dice)
        for turn in rng.sample(turns, min(2, len(turns))):
            additions = position.turn_additions(turn, dice)
            text: str | Turn = f"{turn} {additions[0]}" if additions else turn
            reason = strategy.explain(position, dice, text)
            russian = say_reason("ru", reason)
            assert russian and not _latin(russian), (position.listing(), text, russian)
            assert say_reason("en", reason) != russian
            said += 1
    assert said >= 20


def test_an_answer_reads_in_russian() -> None:
    spec = get_game("cheesegambit")
    hopeless = spec.from_listing("R: 14@S1; B: 1@P, 13@S6; R taunts B; B to move",
                                 spec.normalise_options({}))
    choice = strategy_for("cheesegambit").answer(hopeless, "B", Level.HARD, Budget(1.0),
                                                 random.Random(0))
    assert choice.text == "drop"
    assert say_reason("en", choice.reason).startswith("drops: its chances (")
    assert re.fullmatch(r"отказывается от вызова: шансы \(\d+% против красных\) ниже порога "
                        r"принятия \(\d+%\)", say_reason("ru", choice.reason))


# -- /hint ----------------------------------------------------------------------------------

async def _mover(service: GameService, alice: User, bob: User) -> User:
    session = await service.store.live_session(HERE.id)
    assert session is not None
    seat = session.seat_for_side(service.position_of(session).side_to_move or "")
    assert seat is not None
    return alice if seat.user_id == alice.id else bob


@pytest.mark.parametrize("game", GAMES)
async def test_a_russian_players_hint_is_all_russian(service: GameService, game: str) -> None:
    alice, bob = replace(ALICE, locale="ru"), replace(BOB, locale="ru")
    assert (await service.new(alice, HERE, game, [bob])).ok
    assert (await service.accept(bob, HERE)).ok
    rng = random.Random(5)
    for _ in range(6):  # a few turns in, where reasons have more to say
        session = await service.store.live_session(HERE.id)
        assert session is not None
        position = service.position_of(session)
        going = [t for t in service.legal_turns(session)
                 if position.play(t, session.dice).position.result is None]
        mover = await _mover(service, alice, bob)
        assert (await service.move(mover, HERE, rng.choice(going))).ok
    mover = await _mover(service, alice, bob)
    hint = await service.hint(mover, HERE)
    assert hint.ok and hint.private, hint.text
    assert hint.text.startswith("Подсказка к ходу "), hint.text
    assert " — " in hint.text, hint.text  # the reason is there, in Russian
    assert not _latin(hint.text), hint.text
    # the same hint for an English reader reads as before
    english = await service.hint(replace(mover, locale="en-US"), HERE)
    assert english.text.startswith("Hint for turn ") and ": it " in english.text, english.text
    assert english.text.split("`")[3] == hint.text.split("`")[3]
