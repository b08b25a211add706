"""Bearing off, the end of the game and the score."""

from __future__ import annotations

import pytest

from games.errors import IllegalTurnError
from tests.games.hachapury.util import pos, position_after, reason


def test_seed_rule_bear_off_only_when_all_home() -> None:
    position = pos("W: 2@8, 13@6; B: 15@24; W to move")
    assert reason(position, "6/F, 6/1", (6, 5)) == (
        "6/F: cannot bear off: 2 checkers are still outside the home"
    )
    # After 8/3 one checker is still out: the message counts what stands then.
    assert reason(position, "6/F, 8/3", (6, 5)) == (
        "6/F: cannot bear off: 1 checker is still outside the home"
    )
    one_out = pos("W: 1@8, 14@6; B: 15@24; W to move")
    assert "1 checker is still outside" in reason(one_out, "6/F 6/1", (6, 5))


def test_seed_rule_bear_off_from_the_die_point() -> None:
    position = pos("W: 5@6, 5@5, 5@4; B: 15@24; W to move")
    played = position.play("6/F 5/F", (6, 5))
    assert played.moves == "6/F, 5/F"
    assert position_after(played).off("W") == 2


def test_seed_rule_empty_die_point_must_move_from_higher() -> None:
    # A 5 with point 5 empty and a checker on 6: 6/1, not 3/F.
    position = pos("W: 1@6, 14@3; B: 15@24; W to move")
    assert position.legal_turns((5, 4)) == ["6/1, 3/F", "6/2, 3/F"]
    assert "a checker stands on 6" in reason(position, "3/F, 3/F", (5, 4))


def test_seed_rule_no_higher_point_bear_off_from_highest() -> None:
    position = pos("W: 5@3, 10@1; B: 15@24; W to move")
    assert position.legal_turns((6, 5)) == ["2(3/F)"]
    text = reason(position, "1/F, 3/F", (6, 5))
    assert "bears off from the highest occupied point, 3" in text


def test_rule_lower_point_bear_off_only_when_nothing_on_die_point_or_higher() -> None:
    # After 6/2 the highest checker is 3: the 5 bears off from 3, not from 2.
    position = pos("W: 1@6, 14@3; B: 15@24; W to move")
    assert "highest occupied point, 3" in reason(position, "6/2, 2/F", (5, 4))


def test_seed_rule_moving_inside_home_instead_of_bearing_off() -> None:
    position = pos("W: 5@6, 5@5, 5@4; B: 15@24; W to move")
    turns = position.legal_turns((2, 1))
    assert "6/4, 6/5" in turns
    assert position_after(position.play("6/5, 6/4", (1, 2))).off("W") == 0


def test_rule_bearing_off_can_start_mid_turn() -> None:
    position = pos("W: 1@8, 14@1; B: 15@24; W to move")
    turns = position.legal_turns((6, 2))
    # 8/6, 6/F reaches the same position: the turns are deduplicated.
    assert turns == ["8/2, 2/F"]
    assert position.play("8/6, 6/F", (6, 2)).moves == "8/2, 2/F"
    assert position_after(position.play("8/F", (6, 2))).off("W") == 1


def test_rule_bearing_off_is_not_blocked_by_opponent() -> None:
    # Black's checkers are on White's 24..19: bearing off lands nowhere.
    position = pos("W: 15@1; B: 15@12; W to move")
    assert position_after(position.play("2(1/F)", (6, 5))).off("W") == 2


def test_rule_last_checker_off_counts_as_using_every_die() -> None:
    position = pos("W: 1@1, 14@F; B: 15@24; W to move")
    assert position.legal_turns((6, 5)) == ["1/F"]
    played = position.play("1/F", (6, 5))
    assert played.position.result is not None


def test_rule_last_checkers_off_with_doubles_ends_the_turn() -> None:
    position = pos("W: 2@1, 13@F; B: 15@24; W to move")
    assert position.legal_turns((3, 3)) == ["2(1/F)"]
    played = position.play("1/f 1/off", (3, 3))
    assert played.position.listing() == "W: 15@F; B: 15@24; W wins 2"


def test_seed_rule_mars_when_loser_has_borne_off_none() -> None:
    position = pos("W: 1@2, 14@F; B: 15@1; W to move")
    result = position.play("2/F", (2, 1)).position.result
    assert result is not None
    assert (result.winner, result.points, result.text) == ("W", 2, "W wins 2")


def test_seed_rule_single_win_when_loser_has_borne_off_some() -> None:
    position = pos("W: 1@2, 14@F; B: 14@1, 1@F; W to move")
    after = position.play("2/F", (6, 5)).position
    assert after.result is not None
    assert (after.result.winner, after.result.points, after.result.text) == ("W", 1, "W wins")
    assert after.listing() == "W: 15@F; B: 14@1, 1@F; W wins"


def test_finished_game_has_no_turns() -> None:
    over = pos("W: 15@F; B: 14@1, 1@F; W wins")
    assert over.side_to_move is None
    assert over.dice_count() == 0
    assert over.legal_turns((6, 5)) == []
    with pytest.raises(IllegalTurnError, match="game is over"):
        over.play("1/F", (6, 5))


def test_black_wins_are_reported_for_black() -> None:
    position = pos("W: 15@13; B: 1@3, 14@F; B to move")
    after = position.play("3/F", (4, 1)).position
    assert after.listing() == "W: 15@13; B: 15@F; B wins 2"
