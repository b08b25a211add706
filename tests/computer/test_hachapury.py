"""The Hachapury computer player: its evaluation on hand-made positions where
one turn is clearly best, the hint reasons, the levels' legality and
determinism, and the quick successor listing it searches with."""

from __future__ import annotations

import random

import pytest

from computer.base import Budget, Level, strategy_for
from computer.hachapury import (
    STRATEGY,
    HachapuryStrategy,
    learned_ranking,
    reply_average,
    simple_value,
    two_ply,
)
from computer.hachapury_eval import evaluate, home_waste, pips, wall_penalty
from computer.hachapury_explain import explain_turn, runs
from computer.search import ranked_turns
from games.hachapury.game import GAME
from games.hachapury.position import HachapuryPosition
from games.hachapury.successors import successor_counts, successors
from tests.computer.said import english
from tests.games.hachapury.util import position_after


def listing(text: str) -> HachapuryPosition:
    position = GAME.from_listing(text, {})
    assert isinstance(position, HachapuryPosition)
    return position


def best_turn(position: HachapuryPosition, dice: tuple[int, int], level: Level) -> str:
    return STRATEGY.choose(position, dice, level, Budget(60), random.Random(1)).text


ALL_LEVELS = [Level.EASY, Level.NORMAL, Level.HARD]


# -- the quick successor listing ---------------------------------------------

@pytest.mark.parametrize("seed", range(6))
def test_successors_are_the_legal_turns_with_the_positions_play_reaches(seed: int) -> None:
    rng = random.Random(seed)
    position: HachapuryPosition = GAME.initial({}, "W")
    for _ in range(60):
        if position.result is not None:
            break
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        listed = successors(position, dice)
        assert [text for text, _ in listed] == position.legal_turns(dice)
        for text, after in listed:
            assert after == position.play(text, dice).position
        position = rng.choice(listed)[1]


def test_successors_of_a_blocked_side_are_the_pass() -> None:
    # White's last runner on 13 faces Black on every point 12-7 (Black's 24-19).
    position = listing("W: 1@13, 5@1, 9@F; B: 1@24, 1@23, 1@22, 1@21, 1@20, 1@19, 9@2; "
                       "W to move")
    listed = successors(position, (6, 5))
    assert [text for text, _ in listed] == ["(no move)"]
    assert listed[0][1].side_to_move == "B"


# -- the evaluation -------------------------------------------------------------

def test_pips_count_every_checker_by_its_point() -> None:
    start = GAME.initial({}, "W")
    assert pips(start.checkers("W")) == 4 * 24 + 11 * 6


def test_the_side_ahead_in_a_pure_race_is_the_favourite_and_values_are_complementary() -> None:
    position = listing("W: 5@3, 5@2, 5@1; B: 5@6, 5@5, 5@4; W to move")
    white, black = STRATEGY.value(position, "W"), STRATEGY.value(position, "B")
    assert white > 0.9
    assert white + black == pytest.approx(1.0)


def test_checkers_piled_on_low_points_waste_more_than_spread_ones() -> None:
    piled = (0, 10, 5) + (0,) * 22
    spread = (0, 3, 3, 3, 3, 3, 0) + (0,) * 18
    assert pips(piled) < pips(spread)  # fewer pips, yet ...
    assert pips(piled) + home_waste(piled) > pips(spread) + home_waste(spread) - 10


def test_a_runner_above_a_full_opponent_home_costs_more_than_one_above_two_points() -> None:
    # Black's home (its 6..1) is White's 18..13; White's runner waits on 20.
    white = listing("W: 1@20, 14@6; B: 15@6; W to move").checkers("W")
    full = listing("W: 1@20, 14@6; B: 3@6, 3@5, 3@4, 2@3, 2@2, 2@1; W to move").checkers("B")
    two = listing("W: 1@20, 14@6; B: 8@6, 7@5; W to move").checkers("B")
    assert wall_penalty(white, full) > 4 * wall_penalty(white, two) > 0


def test_the_wall_counts_only_the_home_points_below_the_runner() -> None:
    black = listing("W: 1@21, 14@6; B: 3@6, 3@5, 3@4, 2@3, 2@2, 2@1; W to move").checkers("B")
    on_15 = (0,) * 15 + (1,) + (0,) * 9
    on_13 = (0,) * 13 + (1,) + (0,) * 11
    assert wall_penalty(on_15, black) > wall_penalty(on_13, black) == 0


def test_bearing_off_beats_moving_inside_the_home() -> None:
    # A close race: White must take two checkers off rather than shuffle them down.
    position = listing("W: 3@6, 3@5, 3@4, 2@3, 2@2, 2@1; B: 3@6, 3@5, 3@4, 2@3, 2@2, 2@1; "
                       "W to move")
    for level in (Level.NORMAL, Level.HARD, Level.EXPERT):
        turn = best_turn(position, (6, 5), level)
        assert turn == "6/F, 5/F", (level, turn)


def test_the_last_checker_runs_home_rather_than_a_home_checker_moving_down() -> None:
    position = listing("W: 1@8, 3@6, 3@5, 3@4, 2@3, 2@2, 1@1; "
                       "B: 1@9, 3@6, 3@5, 2@4, 2@3, 2@2, 2@1; W to move")
    turn = best_turn(position, (2, 1), Level.NORMAL)
    assert position_after(position.play(turn, (2, 1))).checkers("W")[8] == 0, turn


def test_a_block_that_traps_beats_a_plain_race_move() -> None:
    # Black's two runners wait on its 24 and 23 (White's 12 and 11); White holds
    # 6, 5, 4, 3 and 2 and can close 1 too (6/1 with the 5): a six-point block
    # that they cannot pass, against running the 20 checker.
    position = listing("W: 1@20, 6@6, 2@5, 2@4, 2@3, 2@2; "
                       "B: 1@24, 1@23, 5@6, 4@5, 4@4; W to move")
    for level in (Level.NORMAL, Level.HARD, Level.EXPERT):
        turn = best_turn(position, (5, 4), level)
        after = position_after(position.play(turn, (5, 4))).checkers("W")
        assert all(after[p] for p in range(1, 7)), (level, turn)


def test_the_greedy_baseline_only_counts_pips() -> None:
    position = listing("W: 5@3, 5@2, 5@1; B: 5@6, 5@5, 5@4; B to move")
    assert simple_value(position, "W") > 0.5
    assert simple_value(position, "W") + simple_value(position, "B") == pytest.approx(1.0)


def test_evaluate_is_symmetric_between_the_sides() -> None:
    a = (0, 1, 2, 3) + (0,) * 16 + (2, 0, 0, 0, 7)
    b = (0, 0, 0, 4, 4) + (0,) * 15 + (0, 3, 0, 0, 4)
    assert evaluate(a, b, True) + evaluate(b, a, False) == pytest.approx(1.0)


# -- hint reasons ----------------------------------------------------------------

def test_reason_for_bearing_off_to_win_mentions_the_mars() -> None:
    position = listing("W: 1@2, 1@1, 13@F; B: 15@6; W to move")
    assert english(explain_turn(position, (2, 1), "2/F, 1/F")) == \
        "bears off the last checker and wins with a mars (2 points)"


def test_reason_for_bearing_off() -> None:
    position = listing("W: 3@6, 3@5, 3@4, 2@3, 2@2, 2@1; B: 3@6, 3@5, 3@4, 2@3, 2@2, 2@1; "
                       "W to move")
    assert english(explain_turn(position, (6, 5), "6/F, 5/F")) == "bears off 2 checkers"


def test_reason_for_running_the_last_checker_home() -> None:
    position = listing("W: 1@8, 3@6, 3@5, 3@4, 2@3, 2@2, 1@1; "
                       "B: 1@9, 3@6, 3@5, 2@4, 2@3, 2@2, 2@1; W to move")
    assert english(explain_turn(position, (2, 1), "8/6, 6/5")).startswith(
        "runs the last checker home")


def test_reason_for_a_trapping_block_names_its_points_in_the_movers_numbering() -> None:
    position = listing("W: 1@20, 6@6, 2@5, 2@4, 2@3, 2@2; "
                       "B: 1@24, 1@23, 5@6, 4@5, 4@4; W to move")
    reason = english(explain_turn(position, (5, 4), "20/15, 5/1"))
    assert reason == "traps 2 Black checkers behind a 6-point block (6-1)"


def test_reason_for_a_smaller_block() -> None:
    position = listing("W: 1@20, 9@6, 2@4, 2@3, 1@2; B: 1@24, 1@23, 5@6, 4@5, 4@4; W to move")
    assert english(explain_turn(position, (1, 5), "6/5, 20/15")) == \
        "makes a block of 5 points (6-2) in front of 2 Black checkers"


def test_reason_for_an_escape() -> None:
    # White's runner on 19 faces Black's home (White's 18-13); 6-5 takes it to 8.
    position = listing("W: 1@19, 14@6; B: 3@6, 3@5, 3@4, 3@3, 3@2; W to move")
    assert english(explain_turn(position, (6, 5), "19/13, 13/8")).startswith(
        "escapes a checker past Black's points")


def test_reason_for_a_pass_and_for_a_plain_race_move_in_the_record_form() -> None:
    blocked = listing("W: 1@13, 5@1, 9@F; B: 1@24, 1@23, 1@22, 1@21, 1@20, 1@19, 9@2; "
                      "W to move")
    assert english(explain_turn(blocked, (6, 5), "pass")) == "has no legal move: the turn passes"
    race = listing("W: 2@6, 3@5, 10@F; B: 3@6, 12@F; W to move")
    assert english(explain_turn(race, (1, 1), "6-5 6-5 5-4 5-4")) == \
        "plays 2(6/5), 2(5/4) with the least waste, though it still trails the race by 5 pips"


def test_runs_follow_the_opponents_path_across_my_1_and_24() -> None:
    counts = (0, 1, 1) + (0,) * 20 + (1, 1)
    assert runs(counts) == [[2, 1, 24, 23]]


def test_every_choice_carries_a_reason() -> None:
    position = GAME.initial({}, "W")
    for level in ALL_LEVELS:
        choice = STRATEGY.choose(position, (6, 5), level, STRATEGY.budget_for(level),
                                 random.Random(3))
        assert choice.reason


# -- the levels -------------------------------------------------------------------

def test_the_registry_finds_this_strategy() -> None:
    assert strategy_for("hachapury") is STRATEGY


@pytest.mark.parametrize("level", ALL_LEVELS)
def test_each_level_plays_legal_turns_through_a_whole_game(level: Level) -> None:
    rng = random.Random(11)
    position: HachapuryPosition = GAME.initial({}, "W")
    while position.result is None:
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        choice = STRATEGY.choose(position, dice, level, STRATEGY.budget_for(level), rng)
        assert choice.text in position.legal_turns(dice)
        position = position_after(position.play(choice.text, dice))


@pytest.mark.parametrize("level", ALL_LEVELS)
def test_a_level_is_deterministic_for_a_seed(level: Level) -> None:
    position = listing("W: 2@24, 1@20, 1@16, 9@6, 1@5, 1@4; "
                       "B: 3@24, 1@19, 8@6, 1@5, 1@3, 1@2; W to move")
    picks = {STRATEGY.choose(position, (3, 1), level, Budget(60), random.Random(42)).text
             for _ in range(3)}
    assert len(picks) == 1


def test_hard_with_no_time_left_still_answers_a_legal_turn() -> None:
    position = GAME.initial({}, "W")
    expired = Budget(1.0, clock=iter([0.0] + [5.0] * 1000).__next__)
    choice = STRATEGY.choose(position, (4, 2), Level.HARD, expired, random.Random(1))
    assert choice.text in position.legal_turns((4, 2))


# -- expert: two replies deep -----------------------------------------------------

def test_two_replies_deep_a_bear_off_race_is_counted_out() -> None:
    # White (to move after Black) has two checkers on its 1 point: whatever Black
    # throws it cannot finish (5 checkers left), and every White throw takes both
    # off: a sure win two replies deep, where one reply deep it is only a value.
    after = listing("W: 2@1, 13@F; B: 5@6, 10@F; B to move")
    assert two_ply(after, "W", Budget(60)) == pytest.approx(1.0, abs=1e-12)
    one_reply = reply_average(after, "W", Budget(60))
    assert one_reply is not None and one_reply < 0.999


def test_two_replies_deep_by_the_network_counts_out_the_same_race() -> None:
    # the learned two-ply (expert's) sees the same sure win, exactly: both of
    # White's last checkers come off whatever either side throws
    after = listing("W: 2@1, 13@F; B: 5@6, 10@F; B to move")
    net = STRATEGY.net_for(Level.EXPERT)
    assert net is not None
    assert two_ply(after, "W", Budget(60), net) == pytest.approx(1.0, abs=1e-12)
    # and an open position gets a share strictly between
    race = listing("W: 4@24, 11@6; B: 4@24, 11@6; B to move")
    value = two_ply(race, "W", Budget(60), net)
    assert value is not None and 0.0 < value < 1.0


@pytest.mark.parametrize("learned", [False, True], ids=["hand", "network"])
def test_two_replies_deep_stops_when_the_work_budget_is_spent(learned: bool) -> None:
    after = listing("W: 4@24, 11@6; B: 4@24, 11@6; B to move")
    net = STRATEGY.net_for(Level.EXPERT) if learned else None
    assert two_ply(after, "W", Budget(60, work=10), net) is None


def test_the_hand_tuned_expert_with_a_tight_budget_plays_what_hard_plays() -> None:
    # the budget runs out in the first stage: expert falls back on hard's search
    hand = HachapuryStrategy(learned=())
    position = listing("W: 2@24, 1@20, 1@16, 9@6, 1@5, 1@4; "
                       "B: 3@24, 1@19, 8@6, 1@5, 1@3, 1@2; W to move")
    for dice in ((3, 1), (6, 4), (2, 2)):
        hard = hand.choose(position, dice, Level.HARD, Budget(60, work=400),
                           random.Random(1)).text
        expert = hand.choose(position, dice, Level.EXPERT, Budget(60, work=400),
                             random.Random(1)).text
        assert expert == hard


def test_expert_plays_by_the_learned_value_and_hard_by_the_hand_tuned_one() -> None:
    """The shipped levels: ``expert`` with the network (measured stronger),
    ``hard`` without.  With no work to look deeper, ``expert`` plays the
    network's one-ply best, which is not always the hand-tuned one-ply best."""
    assert STRATEGY.net_for(Level.EXPERT) is not None
    assert STRATEGY.net_for(Level.HARD) is None
    net = STRATEGY.net_for(Level.EXPERT)
    assert net is not None
    rng = random.Random(3)
    position = listing("W: 15@24; B: 15@24; W to move")
    differs = 0
    for _ in range(40):
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        # work enough to value every turn once, none left for a reply
        work = len(successor_counts(position, dice))
        expert = STRATEGY.choose(position, dice, Level.EXPERT, Budget(60, work=work),
                                 random.Random(1)).text
        learned = learned_ranking(position, dice, "W", Budget(60), net)[0][1].text
        hand = ranked_turns(position, dice, STRATEGY.value, "W", Budget(60),
                            STRATEGY.expand)[0][1].text
        assert expert == learned
        differs += learned != hand
        position = position_after(position.play(expert, dice))
        position = position_after(position.play(
            ranked_turns(position, dice, STRATEGY.value, "B", Budget(60),
                         STRATEGY.expand)[0][1].text, dice))
        if position.result is not None:
            break
    assert differs >= 1


def test_turn_values_are_the_ones_each_level_plays_by() -> None:
    """``value_turns`` (the error-rate bench's and analysis' view) looks as the
    level does: ``expert`` by the network two replies deep, ``hard`` (hand-tuned
    by default) one reply deep by the hand-tuned value, and a ``hard`` switched
    to the network by the network."""
    position = listing("W: 2@24, 1@20, 1@16, 9@6, 1@5, 1@4; "
                       "B: 3@24, 1@19, 8@6, 1@5, 1@3, 1@2; W to move")
    dice = (3, 1)
    net = STRATEGY.net_for(Level.EXPERT)
    assert net is not None
    learned_hard = HachapuryStrategy(learned={Level.HARD})
    for text, after in successors(position, dice)[:3]:
        expert = STRATEGY.value_turns(position, dice, Level.EXPERT, Budget(60), [text])
        assert expert[0][0] == two_ply(after, "W", Budget(60), net)
        hand = STRATEGY.value_turns(position, dice, Level.HARD, Budget(60), [text])
        assert hand[0][0] == reply_average(after, "W", Budget(60))
        by_net = learned_hard.value_turns(position, dice, Level.HARD, Budget(60), [text])
        assert by_net[0][0] == reply_average(after, "W", Budget(60), net)
        assert by_net[0][0] != hand[0][0]
