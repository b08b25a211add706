"""Phase II jumps, rules A-E (White's numbering; 14/16, 16/17 spends the dice)."""

from __future__ import annotations

import pytest

from games.chebache.position import ChebachePosition
from games.errors import GameError, IllegalTurnError

from .util import pos, position_after

SPEND = "14/16, 16/17"


def refused(p: ChebachePosition, text: str, dice: tuple[int, int] = (2, 1),
            why: str = "") -> None:
    with pytest.raises(IllegalTurnError) as info:
        p.play(text, dice)
    assert why in str(info.value)


def test_a_single_jump_over_a_controlled_intersection() -> None:
    p = pos("1@4, 1@5, 1@14")
    played = p.play(f"{SPEND}, 4^6", (2, 1))
    assert played.record == "[2 1]; 14/16, 16/17; 4^6"
    assert f"{SPEND}, 4^6" in p.legal_turns((2, 1))
    refused(p, f"{SPEND}, 4^8")


def test_a_jump_sequence_and_split_writing() -> None:
    p = pos("3@2, 1@3, 1@5, 1@7, 1@14")
    a = p.play(f"{SPEND}, 3(2^8)", (2, 1))
    b = p.play(f"{SPEND}, 3(2^4), 3(4^6), 3(6^8)", (2, 1))
    assert a.position == b.position and b.moves.endswith("3(2^8)")
    with pytest.raises(GameError):
        p.play(f"{SPEND}, 2^4, 4^6, 2^4", (2, 1))


def test_a_jump_needs_every_die_used_and_kings_option() -> None:
    p = pos("1@4, 1@5, 1@14", kings="false")
    refused(p, f"{SPEND}, 4^6", why="beginners")
    q = pos("1@4, 1@5, 1@16, 3@S")
    refused(q, "S/2, S/1, 4^6", why="Start")


def test_b_stack_units_keep_their_order() -> None:
    p = pos("1K1@4, 1@5, 1@14")
    assert position_after(p.play(f"{SPEND}, 1K1(4^6)", (2, 1))).stack("W", 6) == (
        ("W", False), ("W", True), ("W", False))
    k1 = position_after(p.play(f"{SPEND}, K1(4^6)", (2, 1)))
    assert k1.stack("W", 6) == (("W", True), ("W", False)) and k1.stack("W", 4) == (("W", False),)
    refused(p, f"{SPEND}, 2(4^6)", why="ordinary pieces only")


def test_c_jump_limit_on_every_landing() -> None:
    p = pos("3@4, 1@5, 2@6, 1@14")
    refused(p, f"{SPEND}, 3(4^6)")
    assert position_after(p.play(f"{SPEND}, 2(4^6)", (2, 1))).stack("W", 6) == (("W", False),) * 4


def test_d_backward_from_tivits_only() -> None:
    p = pos("1@10, 1@9, 1@7, 1@14")
    assert position_after(p.play(f"{SPEND}, 10^6", (2, 1))).stack("W", 6) == (("W", False),)
    q = pos("1@6, 1@5, 1@14")
    refused(q, f"{SPEND}, 6^4", why="backward")


def test_d_kings_jump_backward_from_a_square_once() -> None:
    p = pos("K@6, 1@5, 1@3, 1@14")
    assert position_after(p.play(f"{SPEND}, K(6^4)", (2, 1))).stack("W", 4) == (("W", True),)
    refused(p, f"{SPEND}, K(6^2)")


def test_e_forbidden_jumps() -> None:
    p = pos("1@16, 1@17, 1@12")
    refused(p, "12/14, 14/15, 16^F")
    # onto a space under an opponent's Chebache (Black F on its 12 controls White 6)
    q = pos("1@4, 1@5, 1@14", "1@11, 1@12, 1@13")
    refused(q, f"{SPEND}, 4^6")
    # ending where a jumping piece began the turn
    r = pos("1@8, 1@7, 1@14")
    refused(r, "8\\6, 14/15, 6^8", why="")
    assert r.play("8\\6, 14/15", (2, 1)).moves == "8\\6, 14/15"
