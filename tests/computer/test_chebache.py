"""The Chebache computer player: its evaluation on hand-made positions where
one turn is clearly best, its hint reasons, legal choices within the budget
at every level, and reproducible choices for a seed."""

from __future__ import annotations

import random

import pytest

from computer import chebache_eval as ev
from computer.base import Budget, Level, strategy_for
from computer.chebache import STRATEGY, expand, simple_value, value
from computer.chebache_search import hard_ranking
from computer.search import ranked_turns
from games import get_game
from games.chebache.position import ChebachePosition
from tests.computer.said import english
from tests.games.chebache.util import position_after
from tests.narrow import narrow

GAME = get_game("chebache")

#: White can bring its last two pieces home: 14/F with the 4, 17/F with the 1.
FINISHING = "W: 10K@F, 1@14, 1@17; B: 4K@S, 2@2, 2@8, 2@10, 2@16; W to move"
#: White's King is covered on 8, a space Black's Chebache D (Black holds 7
#: and 9 and occupies its 8) controls: unless both pieces leave (or the
#: Chebache breaks), the King is trapped at the end of White's turn: Black wins.
KING_IN_TRAP = ("W: 3@S, K1@8, 2@2, 2@10, 2@16, 2@12; "
                "B: 2K@S, 2@8, 2@7, 2@9, 2@16, 2@2; W to move")
#: White holds 9 and occupies its 8; 4/7 with the 3 forms Chebache D over
#: Black's 8, where Black's King lies covered by a piece.
KING_TO_TRAP = ("W: 2K@S, 2@8, 1@9, 1@4, 2@2, 2@10, 2@16; "
                "B: 2@S, K1@8, 2@2, 2@10, 2@16, 2@12, 1@14; W to move")
#: A lone Black piece on Black's 17 (White's 5): worth 17 spaces to Black.
BLOT_ON_17 = ("W: 4K@S, 2@2, 2@8, 2@10, 2@16; "
              "B: 3K@S, 1@17, 2@2, 2@8, 2@10, 2@16; W to move")


def position(listing: str) -> ChebachePosition:
    got = GAME.from_listing(listing, {})
    assert isinstance(got, ChebachePosition)
    return got


def choose(listing: str, dice: tuple[int, int], level: Level, seed: int = 0) -> str:
    return STRATEGY.choose(position(listing), dice, level, Budget(30.0),
                           random.Random(seed)).text


def test_the_registry_finds_the_strategy() -> None:
    assert strategy_for("chebache") is STRATEGY


@pytest.mark.parametrize("level", list(Level))
def test_every_level_takes_a_win_by_finishing(level: Level) -> None:
    p = position(FINISHING)
    text = choose(FINISHING, (4, 1), level)
    result = p.play(text, (4, 1)).position.result
    assert result is not None
    assert result.winner == "W"
    # and not every legal turn wins: the choice was a choice
    assert any(p.play(t, (4, 1)).position.result is None for t in p.legal_turns((4, 1)))


@pytest.mark.parametrize("level", list(Level))
def test_every_level_saves_its_king_from_a_trap(level: Level) -> None:
    p = position(KING_IN_TRAP)
    text = choose(KING_IN_TRAP, (3, 5), level)
    assert p.play(text, (3, 5)).position.result is None
    # most turns lose at once (the engine's first among them)
    losing = [t for t in p.legal_turns((3, 5))
              if (r := p.play(t, (3, 5)).position.result) and r.winner == "B"]
    assert p.legal_turns((3, 5))[0] in losing


@pytest.mark.parametrize("level", [Level.NORMAL, Level.HARD])
def test_normal_and_hard_set_a_trap_for_the_opponents_king(level: Level) -> None:
    p = position(KING_TO_TRAP)
    after = position_after(p.play(choose(KING_TO_TRAP, (3, 2), level), (3, 2)))
    assert ("B", 8) in after.threatened()
    # the race alone does not see it
    greedy = narrow(ranked_turns(p, (3, 2), simple_value, "W", expand=expand)[0][1].after,
                    ChebachePosition)
    assert ("B", 8) not in greedy.threatened()


@pytest.mark.parametrize("level", [Level.NORMAL, Level.HARD])
def test_normal_and_hard_send_a_far_advanced_piece_back(level: Level) -> None:
    p = position(BLOT_ON_17)
    after = position_after(p.play(choose(BLOT_ON_17, (3, 1), level), (3, 1)))
    assert after.start("B") == (4, 1)


def test_the_value_prefers_the_trap_to_the_quiet_race() -> None:
    p = position(KING_TO_TRAP)
    trap = p.play("4/7, S/2", (3, 2)).position
    quiet = p.play("S/3, S/2", (3, 2)).position
    assert value(trap, "W") > value(quiet, "W")
    assert simple_value(trap, "W") <= simple_value(quiet, "W")


def test_values_are_shares_of_the_win_and_complementary() -> None:
    rng = random.Random(7)
    p = GAME.initial({})
    for _ in range(30):
        if p.result is not None:
            break
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        p = p.play(rng.choice(p.legal_turns(dice)).text, dice).position
        if p.result is None:
            for fn in (value, simple_value):
                w, b = fn(p, "W"), fn(p, "B")
                assert 0.0 <= w <= 1.0
                assert w + b == pytest.approx(1.0)


def test_a_piece_sent_back_lowers_its_sides_value() -> None:
    p = position(BLOT_ON_17)
    hit = position_after(p.play("2X5, S/1", (3, 1)))
    assert ev.pips(hit.state, 1) == ev.pips(p.state, 1) + 17
    assert value(hit, "B") < value(p.play("S/3, S/1", (3, 1)).position, "B")


def test_attack_chance_counts_the_throws() -> None:
    # one piece 6 behind hits with any 6, or 5-1, 4-2, 3-3, 2-2 (4x... no: 2+2+2),
    # 1-1 not (4 moves of 1 reach 4): 11 + 2 + 2 + 1 + 1 = 17 of 36
    assert ev.attack_chance(1, False, ((6, 1, 0),)) == pytest.approx(17 / 36)
    # two pieces are needed against two: a single shooter never suffices
    # except with doubles bringing both (it has only one piece)
    assert ev.attack_chance(2, False, ((6, 1, 0),)) == 0.0
    # a King counts two, but may not attack a King
    assert ev.attack_chance(2, False, ((3, 0, 1),)) > 0.0
    assert ev.attack_chance(2, True, ((3, 0, 1),)) == 0.0


# --- hints -------------------------------------------------------------------

def test_hint_for_a_win() -> None:
    assert english(STRATEGY.explain(position(FINISHING), (4, 1), "14/F, 17/F")) == \
        "wins at once by bringing every piece into Finish"


def test_hint_for_a_king_trap() -> None:
    reason = english(STRATEGY.explain(position(KING_TO_TRAP), (3, 2), "4/7, S/2"))
    assert reason.startswith("traps Black's King on 8")
    assert "White wins" in reason


def test_hint_for_an_attack() -> None:
    reason = english(STRATEGY.explain(position(BLOT_ON_17), (3, 1), "2X5, S/1"))
    assert reason == "sends a piece of Black's back to Start"


def test_hint_for_an_escape_and_for_breaking_the_chebache() -> None:
    p = position(KING_IN_TRAP)
    assert english(STRATEGY.explain(p, (3, 5), "8/13, K(8/11), 2(12^14)")) == \
        "escapes the trap on 8"
    assert "breaks Black's Chebache over 8" in english(STRATEGY.explain(p, (3, 5), "2X7, 10X7"))


def test_hint_names_pieces_brought_home() -> None:
    p = position("W: 9K@F, 1@14, 1@15, 1@16; B: 4K@S, 2@2, 2@8, 2@10, 2@16; W to move")
    assert "brings piece" not in english(STRATEGY.explain(p, (4, 1), "14/F, 15/16"))
    assert "brings a piece into Finish" in english(STRATEGY.explain(p, (4, 1), "14/F, 15/16"))


def test_choices_carry_their_reason() -> None:
    choice = STRATEGY.choose(position(KING_TO_TRAP), (3, 2), Level.NORMAL, Budget(30.0),
                             random.Random(0))
    assert english(choice.reason).startswith("traps Black's King on 8")


# --- legality, budget, determinism ---------------------------------------------

def _game_positions(seed: int, plies: int) -> list[tuple[ChebachePosition, tuple[int, int]]]:
    rng = random.Random(seed)
    p = narrow(GAME.initial({}), ChebachePosition)
    out = []
    for _ in range(plies):
        if p.result is not None:
            break
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        out.append((p, dice))
        p = position_after(p.play(rng.choice(p.legal_turns(dice)).text, dice))
    return out


@pytest.mark.parametrize("level", list(Level))
def test_levels_choose_legal_turns(level: Level) -> None:
    for p, dice in _game_positions(11, 24)[::3]:
        choice = STRATEGY.choose(p, dice, level, STRATEGY.budget_for(level), random.Random(1))
        assert choice.text in p.legal_turns(dice)
        assert not choice.fallback


class _Ticks:
    """A clock that jumps a second at every reading: the budget runs out
    right after the decision starts."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 1.0
        return self.now


@pytest.mark.parametrize("level", list(Level))
def test_an_expired_budget_still_gives_a_legal_turn(level: Level) -> None:
    for p, dice in _game_positions(12, 30)[::5]:
        budget = Budget(0.5, clock=_Ticks())
        choice = STRATEGY.choose(p, dice, level, budget, random.Random(1))
        assert choice.text in p.legal_turns(dice)


def test_the_hard_level_stops_looking_deeper_when_the_budget_runs_out() -> None:
    p, dice = _game_positions(13, 9)[-1]
    side = p.side_to_move or "W"
    ranked = ranked_turns(p, dice, value, side, expand=expand)
    # with no time to look deeper the one-ply order stands (the first
    # candidate is always looked at, but its reply values are cut short)
    out_of_time = hard_ranking(ranked, side, Budget(0.5, clock=_Ticks()), 3)
    assert [c.text for _, c in out_of_time] == [c.text for _, c in ranked]
    # with time, the first three are re-valued one reply deeper
    deeper = hard_ranking(ranked, side, Budget(60.0), 3)
    assert {c.text for _, c in deeper[:3]} == {c.text for _, c in ranked[:3]}
    assert [s for s, _ in deeper[:3]] != [s for s, _ in ranked[:3]]


@pytest.mark.parametrize("level", list(Level))
def test_the_same_seed_gives_the_same_choice(level: Level) -> None:
    for p, dice in _game_positions(14, 20)[::4]:
        first = STRATEGY.choose(p, dice, level, Budget(30.0), random.Random(99)).text
        again = STRATEGY.choose(GAME.from_listing(p.listing(), {}), dice, level, Budget(30.0),
                                random.Random(99)).text
        assert first == again


def test_easy_varies_with_the_seed() -> None:
    p = GAME.initial({})
    seen = {STRATEGY.choose(p, (5, 3), Level.EASY, Budget(30.0), random.Random(s)).text
            for s in range(12)}
    assert len(seen) > 1


def test_the_beginners_game_is_played_too() -> None:
    p = GAME.initial({"kings": "false"})
    for level in Level:
        choice = STRATEGY.choose(p, (4, 2), level, STRATEGY.budget_for(level), random.Random(0))
        assert choice.text in p.legal_turns((4, 2))


def test_a_full_memo_starts_afresh_and_keeps_learning(monkeypatch: pytest.MonkeyPatch) -> None:
    """A memo that only stopped growing when full would stop learning the
    positions a long-lived process moves on to (a training run slowed
    fourteenfold): a full one is emptied and the new entry kept."""
    memo = {("junk", i): 0.0 for i in range(100_000)}
    monkeypatch.setattr(ev, "_HIT_MEMO", memo)
    shooters = ((3, 2, 0), (5, 1, 0))
    chance = ev.attack_chance(2, False, shooters)
    assert memo == {(2, False, shooters): chance}
    assert 0.0 < chance < 1.0
    # and the value is the same whether it came from the memo or not
    assert ev.attack_chance(2, False, shooters) == chance
    memo.clear()
    assert ev.attack_chance(2, False, shooters) == chance
