"""A hint's reason names an advantage, in a sentence that reads: "…would play `x`: it
{reason}".  "it nothing better: every turn loses" and "it leaves a blot on 60" (a
drawback given as the reason) were both said; a drawback is said as one ("though it
leaves a blot on 60") after the advantage, never alone."""

from __future__ import annotations

import random

import pytest

from bot.catalogue import t
from bot.catalogue.hints import EN, RU, say_reason
from computer.base import strategy_for
from computer.hachapury_explain import explain_turn as hachapury_reason
from computer.reasons import Reason, Said
from games import get_game
from games.hachapury import HachapuryPosition
from tests.bot.computer.test_hint_languages import _random_positions
from tests.narrow import narrow

#: Keys that are values inside a phrase, not phrases said after "it".
VALUE_KEYS = frozenset({"hint_piece", "hint_pieces", "hint_checker", "hint_checkers"})
#: Phrases that say what a turn costs: said only after "though".
DRAWBACKS = frozenset({"hint_cg_blot", "hint_cg_blots", "hint_hp_trails",
                       "hint_che_leaves_foe"})
#: English verbs a reason may start with that do not end in -s.
BARE_VERBS = frozenset({"cannot"})


def _phrase_keys() -> list[str]:
    return sorted(k for k in EN if not k.startswith("hint_side_") and k not in VALUE_KEYS
                  and k != "hint_though")


@pytest.mark.parametrize("key", _phrase_keys())
def test_every_reason_reads_after_it(key: str) -> None:
    # "it {reason}": the phrase starts with a verb agreeing with "it" (plays, leaves)
    words = EN[key].split()
    first = (words[1] if words[0] == "still" else words[0]).rstrip(":,")
    assert first.endswith("s") or first in BARE_VERBS, (key, EN[key])


def test_the_check_catches_a_phrase_without_a_verb() -> None:
    assert not "nothing better: every turn loses".split()[0].endswith("s")


def test_a_drawback_is_said_after_the_advantage() -> None:
    reason = Reason((Said.of("hint_cg_bumps_one", foe="Blue", at=50),),
                    drawbacks=(Said.of("hint_cg_blots", squares=(50, 52)),))
    assert say_reason("en", reason) == \
        "bumps Blue's piece on 50 into the pool, though it leaves blots on 50 and 52"
    assert say_reason("ru", reason) == \
        "сбивает фишку синих на 50 в пул, хотя оставляет одиночные фишки на 50 и 52"
    with pytest.raises(ValueError):
        Reason(drawbacks=(Said.of("hint_cg_blot", squares=(60,)),))


@pytest.mark.parametrize("game", ["hachapury", "chebache", "cheesegambit", "che"])
def test_no_reason_in_random_games_is_a_drawback(game: str) -> None:
    strategy = strategy_for(game)
    rng = random.Random(5)
    seen = 0
    games = [_random_positions(game, seed, 80) for seed in (11, 12, 13)]
    for position, dice in (pair for positions in games for pair in positions):
        turns = position.legal_turns(dice)
        for text in rng.sample(turns, min(3, len(turns))):
            reason = strategy.explain(position, dice, text)
            if not reason:
                continue
            seen += 1
            keys = {said.key for said in reason.parts}
            assert not keys & DRAWBACKS, (position.listing(), text, say_reason("en", reason))
            said = t("en", "hint_why", reason=say_reason("en", reason))
            assert not said.startswith((": it leaves a blot", ": it leaves blots",
                                        ": it trails")), said
    assert seen >= 20


def test_a_hachapury_race_behind_says_the_deficit_as_a_drawback() -> None:
    game = get_game("hachapury")
    race = narrow(game.from_listing("W: 2@6, 3@5, 10@F; B: 3@6, 12@F; W to move",
                                    game.normalise_options({})), HachapuryPosition)
    assert say_reason("en", hachapury_reason(race, (1, 1), "6-5 6-5 5-4 5-4")) == \
        "plays 2(6/5), 2(5/4) with the least waste, though it still trails the race by 5 pips"


def test_blot_is_defined_in_the_rules() -> None:
    rules = get_game("cheesegambit").rules_text()
    assert "(a blot)" in rules
    assert "hint_cg_blot" in RU  # the Russian says "одиночная фишка", the rules' own words
