"""Phase I rules A-I on hand-worked positions (White's numbering)."""

from __future__ import annotations

import pytest

from games.errors import IllegalTurnError
from games.turns import texts

from .util import pos


def refused(p, text: str, dice: tuple[int, int], why: str = "") -> str:  # type: ignore[no-untyped-def]
    with pytest.raises(IllegalTurnError) as info:
        p.play(text, dice)
    assert why in str(info.value)
    return str(info.value)


# A. dice and movement -------------------------------------------------------
def test_a_each_die_moves_one_piece_exactly() -> None:
    p = pos("1@2, 1@8")
    assert "2/7, 8/10" in texts(p.legal_turns((5, 2)))
    assert "2/7, 7/9" in texts(p.legal_turns((5, 2)))
    refused(p, "2/6, 8/10", (5, 2), "needs a 4")


def test_a_doubles_give_four_moves() -> None:
    p = pos("4@2")
    assert "4(2/3)" in texts(p.legal_turns((1, 1)))
    refused(p, "2(2/3)", (1, 1), "not complete")


# B. Tivits ---------------------------------------------------------------------
def test_b_backward_only_from_a_tivit() -> None:
    p = pos("1@8, 1@4")
    assert p.play("8\\6, 4/5", (2, 1)).moves == "8\\6, 4/5"
    refused(p, "4\\3, 8/10", (2, 1), "Tivit")


def test_b_forward_then_backward_from_a_tivit() -> None:
    p = pos("1@8")
    assert "8/10, 10\\9" in texts(p.legal_turns((2, 1)))
    refused(p, "8/9, 9\\7", (2, 1), "Tivit")


def test_b_never_backward_into_start() -> None:
    p = pos("1@2")
    turns = texts(p.legal_turns((2, 1)))
    assert "2\\1, 1/3" in turns
    assert not any("\\S" in t for t in turns)


def test_b_no_backward_moves_without_kings() -> None:
    p = pos("1@8", kings="false")
    assert not any("\\" in t for t in texts(p.legal_turns((2, 1))))


# C. no return to stay -------------------------------------------------------
def test_c_no_return_to_stay() -> None:
    p = pos("1@8, 4@2")
    refused(p, "8/10, 10\\8, 8/10, 10\\8", (2, 2), "")
    assert p.play("8/10, 10\\8, 8/10, 2/4", (2, 2)).position.stack("W", 10) == (("W", False),)


# D. stacking limit ------------------------------------------------------------
def test_d_stacking_limit_four() -> None:
    p = pos("4@4, 1@2, 1@12")
    refused(p, "2/4, 12/13", (2, 1), "more than 4")
    assert all("2/4" not in t for t in texts(p.legal_turns((2, 1))))


def test_d_king_counts_two() -> None:
    p = pos("1K@4, 1@2, 1@3")
    refused(p, "2/4, 3/4", (2, 1), "more than 4")
    listed = texts(p.legal_turns((2, 2)))
    assert "2/4, 3/5" in listed or "2/4, 3/5, 5/7, 7/9" in listed
    q = pos("3@4, K@2, 1@12")
    refused(q, "K(2/4), 12/13", (2, 1), "more than 4")


def test_d_passing_over_a_full_stack() -> None:
    p = pos("4@4, 1@2")
    assert "2/5, 5/6" in texts(p.legal_turns((3, 1)))


# E. stacking order: top piece first ----------------------------------------------
def test_e_covered_king_cannot_move() -> None:
    p = pos("K1@4")
    refused(p, "K(4/6), 4/5", (2, 1), "covered")
    played = p.play("4/6, K(4/5)", (2, 1))
    assert played.position.stack("W", 5) == (("W", True),)


# F/G1. Intersections and attacks ---------------------------------------------------
def test_f_unresolved_attack_is_illegal() -> None:
    p = pos("1@5, 1@12", "2@7")
    refused(p, "5X7, 12/13", (2, 1), "cannot be completed")


def test_g1_attack_from_two_spaces_and_directions() -> None:
    p = pos("1@5, 1@8", "2@7")
    played = p.play("5X7, 8X7", (2, 1))
    assert played.record == "[2 1]; 5X7, 8X7; X2@7"
    assert played.position.start("B") == (12, 1)
    assert played.position.stack("W", 7) == (("W", False), ("W", False))


def test_g1_attack_succeeds_at_equal_weight_then_ordinary_stacking() -> None:
    p = pos("3@4", "1@7")
    played = p.play("4X7, 4/7, 4/7, 7/10", (3, 3))
    assert played.record == "[3 3]; 4X7, 2(4/7), 7/10; X1@7"
    with pytest.raises(IllegalTurnError):
        p.play("4X7, 4X7, 4/7, 7/10", (3, 3))


# H. Finish ---------------------------------------------------------------------
def test_h_exact_count_into_finish() -> None:
    p = pos("1@14, 1@10")
    assert p.play("14/F, 10/12", (4, 2)).position.finish("W") == (11, 1)
    assert not any("14/F" in t for t in texts(p.legal_turns((6, 1))))


def test_h_larger_die_when_all_within_five() -> None:
    p = pos("1@14, 1@16")
    played = p.play("14/F, 16/F", (6, 5))
    assert played.position.result is not None and played.position.result.text == "W wins"
    refused(p, "16/F, 14/F", (6, 5), "furthest")


def test_h_must_leave_start_once_a_piece_is_in_finish() -> None:
    p = pos("1@S, 1@10, 1@12")
    refused(p, "10/13, S/2", (3, 2), "Start")
    assert "S/3, 10/12" in texts(p.legal_turns((3, 2)))


def test_h_must_leave_start_from_the_moment_a_piece_enters_finish() -> None:
    p = pos("1@16, 1@10", wfill="S")
    refused(p, "16/F, 10/11", (2, 1), "Start")
    assert p.play("16/F, S/1", (2, 1)).position.finish("W") == (1, 0)


# I. completion -------------------------------------------------------------------
def test_i_all_dice_must_be_used() -> None:
    p = pos("1@2, 1@8")
    refused(p, "2/7", (5, 2), "not complete")


def test_i_a_move_that_blocks_the_rest_is_allowed() -> None:
    p = pos("1@2", "4@7, 4@1", kings="false")
    assert texts(p.legal_turns((6, 5))) == ["2/8"]
    assert p.play("2/8", (6, 5)).record == "[6 5]; 2/8"


def test_i_forfeit_backward_moves_near_finish() -> None:
    p = pos("1@16, 1@12", "4@5")
    turns = texts(p.legal_turns((5, 5)))
    assert "(no move)" in turns
    assert p.play("(no move)", (5, 5)).record == "[5 5]; (no move)"
    q = pos("1@16, 1@12, 1@2", "4@5, 4@9")
    assert "(no move)" not in texts(q.legal_turns((5, 5)))


def test_i_no_move_when_nothing_can_move() -> None:
    p = pos("1@12", "4@5, 4@1", kings="false")
    assert texts(p.legal_turns((5, 1))) == ["(no move)"]


def test_an_attack_once_begun_must_succeed_even_if_attackers_leave() -> None:
    p = pos("1@12, 1@16", "4@5")
    refused(p, "12X17, 16/F, 17/F", (5, 5), "cannot be completed")
