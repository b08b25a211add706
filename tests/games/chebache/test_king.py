"""The King, rules 1-7 (White's numbering; Black 17 is White 5)."""

from __future__ import annotations

import pytest

from games.errors import IllegalTurnError

from .util import pos, position_after


def test_1_covered_king_cannot_move_but_jumps_in_a_unit() -> None:
    p = pos("K1@4, 1@5, 1@14")
    with pytest.raises(IllegalTurnError, match="covered"):
        p.play("K(4/6), 14/15", (2, 1))
    assert position_after(p.play("14/16, 16/17, K1(4^6)", (2, 1))).stack("W", 6) == (
        ("W", True), ("W", False))


def test_1_king_moves_backward_from_any_space() -> None:
    p = pos("K@6, 1@14")
    assert position_after(p.play("K(6\\4), 14/15", (2, 1))).stack("W", 4) == (("W", True),)


def test_2_stacking_order_follows_the_order_of_moves() -> None:
    p = pos("1@3, K@4")
    assert position_after(p.play("3/5, K(4/5)", (2, 1))).stack("W", 5) == (
        ("W", False), ("W", True))
    assert position_after(p.play("K(4/5), 3/5", (1, 2))).stack("W", 5) == (
        ("W", True), ("W", False))


def test_3_king_may_not_attack_a_king() -> None:
    p = pos("K@3, 1@12", "K@17")
    with pytest.raises(IllegalTurnError, match="King may not attack a King"):
        p.play("K(3X5), 12/13", (2, 1))
    q = pos("K@3, 1@12", "1K@17")
    with pytest.raises(IllegalTurnError, match="King"):
        q.play("K(3X5), 12/13", (2, 1))


def test_4_capture_a_lone_king_with_two_pieces() -> None:
    p = pos("1@3, 1@4", "K@17, 1@2")
    played = p.play("3X5, 4X5", (2, 1))
    assert played.record == "[2 1]; 3X5, 4X5; XK@17; K(B->W@5)"
    after = position_after(played)
    assert after.stack("W", 5) == (("W", False), ("W", False), ("W", True))
    assert after.start("B") == (11, 0)


def test_4_capture_king_with_one_piece_needs_three_and_sacrifices_one() -> None:
    p = pos("3@4, 1@12", "1K@17, 1@2")
    # the sacrificed piece is in Start while White has pieces in Finish: it leaves first
    with pytest.raises(IllegalTurnError, match="Start"):
        p.play("3(4X5), 12/13", (1, 1))
    played = p.play("3(4X5), S/1", (1, 1))
    assert played.record == "[1 1]; 3(4X5), S/1; X1K@17; K(B->W@5); -1@5"
    assert position_after(played).start("W") == (0, 0)
    assert position_after(played).start("B") == (11, 0)


def test_4_flipped_king_uses_the_remaining_dice() -> None:
    p = pos("2@3", "K@17, 1@2")
    played = p.play("2(3X5), K(5/7), K(7/9)", (2, 2))
    assert position_after(played).stack("W", 9) == (("W", True),)


def test_5_both_kings_stacked_flip_and_stay() -> None:
    p = pos("4@4", "KK@17, 1@2")
    played = p.play("4(4X5)", (1, 1))
    assert played.record == "[1 1]; 4(4X5); XKK@17; KK(B->W@5); -4@5"
    assert position_after(played).stack("W", 5) == (("W", True), ("W", True))
    assert position_after(played).start("W") == (4, 0)


def test_6_capturing_the_last_piece_in_play_when_a_king_is_a_draw() -> None:
    p = pos("1@3, 1@4", "K@17", bfill="F")
    played = p.play("3X5, 4X5", (2, 1))
    assert played.position.result is not None and played.position.result.text == "draw"
    assert played.position.listing().endswith("; draw")
    assert played.position.side_to_move is None


def test_7_trapped_king_is_a_sudden_win() -> None:
    # Black A (its 1, 2, 3) controls White 14, where White's King stands
    p = pos("K@14, 1@4", "1@1, 1@2, 1@3")
    played = p.play("4/6, 6/7", (2, 1))
    assert played.record == "[2 1]; 4/6, 6/7; -K@14; <W14>"
    assert played.position.result is not None and played.position.result.text == "B wins"
    assert p.play("K(14/16), 4/5", (2, 1)).position.result is None


def test_7_win_by_finish_counts_a_captured_king() -> None:
    p = pos("K@16, K@15", "1@2")
    result = p.play("K(15/F), K(16/F)", (3, 2)).position.result
    assert result is not None and result.text == "W wins"
