"""Hand-worked tests of every Hachapury rule (hachapury.md and the seed).

Positions are built from listings; every point is in the mover's (White's)
own numbering unless said otherwise.  Black's point q is White's q+12.
"""

from __future__ import annotations

import pytest

from games.errors import IllegalTurnError
from games.hachapury import GAME
from games.turns import texts
from tests.games.hachapury.util import pos, refused

# Black's checkers sit on White's 12 (Black's head) and White's 14 (Black's 2),
# leaving White's 24 -> 18 -> 13 road open.
OPEN = "W: 4@24, 11@6; B: 4@24, 11@2; W to move"


def test_seed_rule_initial_setting_four_on_head_eleven_on_six() -> None:
    start = GAME.initial({}, "W")
    assert start.listing() == "W: 4@24, 11@6; B: 4@24, 11@6; W to move"
    assert start.checkers("W")[24] == 4 and start.checkers("W")[6] == 11
    assert GAME.initial({}, "B").side_to_move == "B"


def test_seed_rule_first_move_by_opening_throw() -> None:
    assert GAME.opening_throw is True
    assert GAME.initial({}, "B").listing().endswith("; B to move")


def test_seed_rule_no_landing_on_opponent() -> None:
    start = GAME.initial({}, "W")
    # Black's 6 is White's 18: the 6 cannot be played from the head.
    error = refused(start, "24/18, 18/13", (6, 5))
    assert "point 18 is held by Black" in str(error.reason)
    assert texts(start.legal_turns((6, 5))) == ["24/19, 19/13"]


def test_seed_rule_no_landing_on_opponent_even_as_intermediate_stop() -> None:
    # Black on White's 18 (its 6) and 19 (its 7): 24/13 has no legal stop.
    position = pos("W: 1@24, 14@6; B: 1@7, 14@6; W to move")
    error = refused(position, "24/13", (6, 5))
    assert "is held by Black" in str(error.reason)
    assert texts(position.legal_turns((6, 5))) == ["6/1"]


def test_seed_rule_strictly_the_number_rolled() -> None:
    error = refused(GAME.initial({}, "W"), "24/20", (2, 1))
    assert "4 pips" in str(error.reason)


def test_seed_rule_any_quantity_from_the_head() -> None:
    played = pos(OPEN).play("4(24/20)", (4, 4))
    assert played.position.checkers("W")[20] == 4
    assert played.moves == "4(24/20)"
    assert "4(24/20)" in texts(pos(OPEN).legal_turns((4, 4)))


def test_seed_rule_any_quantity_on_one_point() -> None:
    played = pos(OPEN).play("2(24/22), 2(24/22)", (2, 2))
    assert played.position.listing().startswith("W: 4@22, 11@6;")
    stacked = pos(OPEN).play("2(6/4), 2(24/22)", (2, 2))
    assert stacked.position.checkers("W")[4] == 2


def test_seed_rule_no_summing_each_die_is_a_separate_move() -> None:
    # 24/13 is really 24/18 then 18/13 (or via 19): both stops are checked.
    played = pos(OPEN).play("24/13", (6, 5))
    assert played.moves == "24/18, 18/13"
    assert played.record == "[6 5]; 24/18, 18/13"


def test_seed_rule_full_move_both_dice_must_be_used() -> None:
    error = refused(pos(OPEN), "24/18", (6, 5))
    assert str(error.reason).startswith("you must use both dice: e.g. `24/18")
    assert error.legal and all(", " in t for t in error.legal)


def test_seed_rule_full_move_even_to_own_harm() -> None:
    # Only one checker can move: it must run on with both dice.
    position = pos("W: 1@24, 14@1; B: 15@2; W to move")
    assert texts(position.legal_turns((6, 5))) == ["24/18, 18/13"]
    refused(position, "24/19", (6, 5))


def test_full_move_picks_the_only_combination_using_both_dice() -> None:
    # 15 is held: 24/21 leaves the 6 unplayable (21/15), and 24/18 leaves the
    # 3 only for 4/1.  So the one full move is 24/18 with 4/1.
    position = pos("W: 1@24, 1@4, 13@1; B: 1@3, 14@2; W to move")
    turns = texts(position.legal_turns((6, 3)))
    assert turns == ["24/18, 4/1"]
    error = refused(position, "24/18", (6, 3))
    assert "both dice" in str(error.reason)


def test_rule_higher_die_when_only_one_can_be_played() -> None:
    # Either die alone can be played from 24 but no follow-up exists (15 held).
    position = pos("W: 1@24, 14@1; B: 1@3, 14@2; W to move")
    assert texts(position.legal_turns((6, 3))) == ["24/18"]
    error = refused(position, "24/21", (3, 6))
    assert str(error.reason) == "with only one die playable the higher (6) must be used"
    assert error.legal == ["24/18"]


def test_rule_lower_die_when_higher_cannot_be_played() -> None:
    position = pos("W: 1@24, 14@6; B: 1@7, 14@6; W to move")
    played = position.play("6/1", (6, 5))
    assert played.moves == "6/1"


def test_rule_higher_die_rule_not_for_doubles() -> None:
    position = pos("W: 1@24, 14@1; B: 15@21; W to move")  # Black on White's 9
    assert texts(position.legal_turns((5, 5))) == ["24/19, 19/14"]


def test_rule_doubles_give_four_moves() -> None:
    turns = texts(pos(OPEN).legal_turns((4, 4)))
    assert turns
    for turn in turns:
        moved = sum(int(part.split("(")[0]) if "(" in part else 1 for part in turn.split(", "))
        assert moved == 4


def test_rule_doubles_as_many_as_possible() -> None:
    position = pos("W: 1@24, 14@1; B: 15@21; W to move")  # 9 is blocked: two 5s only
    error = refused(position, "24/19", (5, 5))
    assert "you must play 2 dice" in str(error.reason)
    assert "`24/19, 19/14`" in str(error.reason)
    assert position.play("24/14", (5, 5)).moves == "24/19, 19/14"


def test_rule_doubles_one_checker_three_dice() -> None:
    position = pos("W: 4@24, 11@6; B: 4@23, 11@2; W to move")
    played = position.play("24/12, 6/2", (4, 4))
    assert played.moves == "24/20, 20/16, 16/12, 6/2"


def test_seed_rule_pass_when_no_legal_move() -> None:
    start = GAME.initial({}, "W")
    assert texts(start.legal_turns((6, 6))) == ["(no move)"]
    played = start.play("(no move)", (6, 6))
    assert played.record == "[6 6]; (no move)"
    assert played.moves == "(no move)"
    assert played.position.listing() == "W: 4@24, 11@6; B: 4@24, 11@6; B to move"
    assert start.play("pass", (6, 6)).position == played.position


def test_pass_refused_when_a_move_exists() -> None:
    error = refused(GAME.initial({}, "W"), "(no move)", (6, 5))
    assert "cannot pass" in str(error.reason)
    assert error.legal == ["24/19, 19/13"]


def test_moves_refused_when_there_is_no_legal_move() -> None:
    error = refused(GAME.initial({}, "W"), "24/18", (6, 6))
    assert "(no move)" in str(error)


def test_side_to_move_alternates() -> None:
    after = GAME.initial({}, "W").play("24/13", (6, 5)).position
    assert after.side_to_move == "B"
    again = after.play("24/13", (6, 5)).position
    assert again.side_to_move == "W"
    assert again.listing() == "W: 3@24, 1@13, 11@6; B: 3@24, 1@13, 11@6; W to move"


def test_black_moves_in_its_own_numbering() -> None:
    after = GAME.initial({}, "B").play("24/19, 19/13", (5, 6))
    assert after.record == "[5 6]; 24/19, 19/13"
    assert after.position.checkers("B")[13] == 1
    assert after.position.checkers("W") == GAME.initial({}, "W").checkers("W")


def test_dice_order_does_not_change_turns() -> None:
    start = GAME.initial({}, "W")
    assert texts(start.legal_turns((2, 1))) == texts(start.legal_turns((1, 2)))


def test_bad_dice_are_refused() -> None:
    start = GAME.initial({}, "W")
    for dice in [(0, 3), (7, 1), (1,), (1, 2, 3)]:
        with pytest.raises(IllegalTurnError):
            texts(start.legal_turns(dice))
