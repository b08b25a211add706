"""CheeseGambit rules: the special moves, dancing, bearing off, bumps, taunts, votes."""

from __future__ import annotations

import pytest

from games.cheesegambit import GAME
from games.errors import IllegalTurnError
from games.turns import texts

from .helpers import pos, random_game


def test_initial_listing_and_sides() -> None:
    p = GAME.initial({}, "R")
    assert p.listing() == "R: 4@9, 3@33, 4@49, 3@65; B: 4@13, 3@29, 4@45, 3@69; R to move"
    assert [s.letter for s in GAME.sides({"players": "3"})] == ["R", "G", "B"]
    assert [s.colour for s in GAME.sides({"players": "4"})] == ["Red", "Green", "Blue", "Yellow"]
    four = GAME.initial({"players": "4", "pieces": "10"}, "G")
    assert four.listing().startswith("R: 3@9, 3@33, 2@49, 2@65; G: 3@11, 3@27, 2@51, 2@67;")
    assert four.side_to_move == "G" and four.dice_count() == 2


def test_seed_gambit_example() -> None:
    """Red 4 on 9, Blue 2 on 13, double 4s: Gambit 9 -> 13 bumps both Blue pieces."""
    p = pos("R: 4@9, 10@33; B: 2@13, 12@45; R to move")
    turns = texts(p.legal_turns((4, 4)))
    assert "G 2(9X13)" in turns
    assert any(not t.startswith("G ") for t in turns)  # normal play offered beside it
    played = p.play("G 2(9X13)", (4, 4))
    assert played.record == "[4 4] G 2(9X13)"
    after = played.position
    assert after.track("R") == {9: 2, 13: 2, 33: 10}
    assert after.pool("B") == 2
    assert after.side_to_move == "B"
    # X is optional on input and the order of words free
    assert p.play("g 2(9/13)", (4, 4)).position.listing() == after.listing()
    with pytest.raises(IllegalTurnError):
        p.play("G 2(9X13)", (3, 3))


def test_cheesegambit_and_extra_turn() -> None:
    p = pos("R: 2@15, 12@33; B: 2@P, 12@45; B to move")  # Red blocks Blue's R3 = 15
    turns = texts(p.legal_turns((3, 3)))
    assert set(turns) == {"(dance)", "CG PX15", "CG 2(PX15)"}
    played = p.play("CG 2(PX15)", (3, 3))
    assert played.record == "[3 3] CG 2(PX15)"
    after = played.position
    assert after.pool("R") == 2 and after.track("B")[15] == 2
    assert after.side_to_move == "B" and after.dice_count() == 2  # the extra turn
    extra = after.play("15/17 45/46", (2, 1))
    assert extra.position.side_to_move == "R"
    one = p.play("CG PX15", (3, 3)).position
    assert one.pool("B") == 1 and one.side_to_move == "B"
    danced = p.play("(dance)", (3, 3)).position
    assert danced.side_to_move == "R"


def test_dancing_and_reentry_first() -> None:
    p = pos("R: 2@13, 2@18, 10@33; B: 1@P, 13@45; B to move")  # R1 and R6 blocked
    assert texts(p.legal_turns((1, 6))) == ["(dance)"]
    assert p.play("(dance)", (1, 6)).record == "[1 6] (dance)"
    listed = texts(p.legal_turns((3, 4)))
    assert "P/15 45/49" in listed or "P/15 45/48" in listed
    with pytest.raises(IllegalTurnError, match="pool"):
        p.play("45/48 45/49", (3, 4))
    # two in the pool, R3 blocked: only the 5 enters, the 3 is lost
    q = pos("R: 2@15, 12@33; B: 2@P, 12@45; B to move")
    assert texts(q.legal_turns((3, 5))) == ["P/17"]
    assert q.play("P/R5", (3, 5)).moves == "P/17"


def test_either_die_when_only_one_can_be_played() -> None:
    p = pos("R: 1@30, 13@S1; B: 2@41, 12@45; R to move")
    assert sorted(texts(p.legal_turns((5, 6)))) == ["30/35", "30/36"]


def test_gamble_both_outcomes() -> None:
    p = pos("R: 3@S3, 1@S5, 10@F; B: 14@45; R to move")
    assert texts(p.legal_turns((3, 3))) == ["gamble 3(S3/F)"]
    assert texts(p.legal_turns((5, 5))) == ["gamble S5/F"]
    assert texts(p.legal_turns((2, 2))) == ["(dance)"]  # dance baby dance
    played = p.play("gamble 3(S3/F)", (3, 3))
    assert played.record == "[3 3] gamble 3(S3/F)"
    assert played.position.borne_off("R") == 13
    with pytest.raises(IllegalTurnError, match="Gamble"):
        p.play("S3/S1 S3/S1", (2, 2))
    done = pos("R: 3@S3, 11@F; B: 14@45; R to move").play("gamble 3(S3/F)", (3, 3)).position
    assert done.result is not None and done.result.winner == "R"
    assert done.listing().endswith("; R wins; B 2nd")


def test_exact_entry_into_safe_zone() -> None:
    p = pos("R: 1@17, 1@S2, 12@33; B: 14@45; R to move")
    played = p.play("17/S4 33/34", (5, 1))
    assert played.position.safe_zone("R") == {4: 1, 2: 1}
    with pytest.raises(IllegalTurnError):
        p.play("S2/F 33/34", (3, 1))  # may not run past S1 before bearing off
    assert "19/S1" in pos("R: 1@19, 13@33; B: 14@45; R to move").play(
        "19/S1 33/34", (6, 1)).record


def test_bearing_off_with_higher_die() -> None:
    p = pos("R: 1@S2, 1@S1, 12@F; B: 14@45; R to move")
    played = p.play("S2/F S1/F", (6, 5))
    assert played.position.result is not None
    q = pos("R: 1@S5, 1@S2, 12@F; B: 14@45; R to move")
    with pytest.raises(IllegalTurnError):
        q.play("S2/F S5/S4", (4, 1))  # a higher die only from the highest square
    assert "S5/F" in " ".join(texts(q.legal_turns((6, 1))))


def test_bumps_in_four_player_game() -> None:
    p = pos("R: 1@20, 13@33; G: 1@17, 13@51; B: 14@45; Y: 14@63; G to move")
    played = p.play("51/52 17/20", (1, 3))
    assert played.moves == "17X20 51/52" or "17X20" in played.moves
    after = played.position
    assert after.pool("R") == 1 and after.track("G")[20] == 1
    assert after.side_to_move == "B"
    with pytest.raises(IllegalTurnError):
        p.play("17/20 51X52", (3, 1))  # an X where nothing is bumped
    with pytest.raises(IllegalTurnError, match="block"):
        pos("R: 2@20, 12@33; G: 1@17, 13@51; B: 14@45; Y: 14@63; G to move").play(
            "17/20 51/52", (3, 1))


def test_taunt_accepted_and_cube_ownership() -> None:
    p = pos("R: 4@9, 10@33; B: 2@13, 12@45; R to move")
    played = p.play("G 2(9X13) T@B", (4, 4))
    assert played.record == "[4 4] G 2(9X13) T@B"
    t = played.position
    assert t.pending() == ("taunt", "R", "B")
    assert t.side_to_move == "B" and t.dice_count() == 0 and texts(t.legal_turns((1, 2))) == []
    with pytest.raises(IllegalTurnError):
        t.play("P/13", (1, 2))
    answer = t.answer_taunt(True)
    assert answer.record == "T@B x2"
    a = answer.position
    assert a.stake("R", "B") == 2 and a.cube_holder("R", "B") == "B"
    assert "cube R-B 2 B" in a.listing() and a.side_to_move == "B"
    # the full record line replays in one go
    assert p.play("G 2(9X13) T@B x2", (4, 4)).position.listing() == a.listing()
    with pytest.raises(IllegalTurnError):
        p.play("G 2(9X13) T@B x4", (4, 4))
    # Red no longer holds the cube: it may not taunt Blue next
    r = pos("R: 4@9, 10@33; B: 2@13, 12@45; cube R-B 2 B; R to move")
    with pytest.raises(IllegalTurnError, match="holds the cube"):
        r.play("G 2(9X13) T@B", (4, 4))
    # Blue holds it: Blue may taunt again, the stake goes to 4 and the cube to Red
    b = pos("R: 1@50, 13@33; B: 1@49, 13@45; cube R-B 2 B; B to move")
    again = b.play("49X50 45/47 T@R", (1, 2)).position.play_action("accept")
    assert again.record == "T@R x4" and again.position.cube_holder("R", "B") == "R"
    with pytest.raises(IllegalTurnError, match="bumped"):
        p.play("4(33/37) T@B", (4, 4))


def test_taunt_dropped() -> None:
    p = pos("R: 4@9, 10@33; B: 2@13, 12@45; R to move")
    t = p.play("G 2(9X13) T@B", (4, 4)).position
    dropped = t.play_action("T@B drop")
    assert dropped.record == "T@B drop"
    end = dropped.position
    assert end.result is not None and end.result.winner == "R" and end.result.points == 1
    assert end.listing() == "R: 2@9, 2@13, 10@33; B: dropped to R; R wins"
    # three players: the dropper leaves, the others play on
    three = pos("R: 4@9, 10@33; G: 14@51; B: 2@13, 12@45; R to move")
    t3 = three.play("G 2(9X13) T@B", (4, 4)).position.answer_taunt(False).position
    assert t3.result is None and t3.side_to_move == "G"
    assert "B: dropped to R" in t3.listing()
    assert t3.play("51/52 51/53", (1, 2)).position.side_to_move == "R"


def test_taunt_off_option() -> None:
    p = pos("R: 4@9, 10@33; B: 2@13, 12@45; taunt off; R to move")
    assert p.options["taunt"] == "off"
    with pytest.raises(IllegalTurnError, match="off"):
        p.play("G 2(9X13) T@B", (4, 4))
    assert p.possible_taunts("G 2(9X13)", (4, 4)) == []
    assert pos("R: 4@9, 10@33; B: 2@13, 12@45; R to move").possible_taunts(
        "G 2(9X13)", (4, 4)) == ["B"]


def test_vote_to_play_on() -> None:
    p = pos("R: 1@S1, 13@F; G: 14@45; B: 14@29; R to move")
    played = p.play("S1/F", (1, 2))
    v = played.position
    assert v.listing().endswith("R wins; vote G B; G to move")
    assert v.pending() == ("vote", ["G", "B"]) and v.side_to_move == "G"
    assert v.dice_count() == 0 and v.result is None
    yes = v.vote("G", True)
    assert yes.record == "vote G yes"
    assert yes.position.side_to_move == "B"
    on = yes.position.play_action("vote B yes").position
    assert on.pending() is None and on.side_to_move == "G" and on.dice_count() == 2
    no = v.play_action("vote B no").position
    assert no.result is not None and no.result.winner == "R"
    assert no.listing().endswith("; R wins")
    with pytest.raises(IllegalTurnError):
        v.vote("R", True)


def test_three_player_game_to_the_end() -> None:
    end = random_game(3, seed=11)
    assert end.result is not None
    assert end.result.winner == end.placings[0]
    assert end.side_to_move is None and end.dice_count() == 0
