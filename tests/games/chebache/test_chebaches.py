"""Chebaches A-H: which opponent space each controls; threats, traps, breaking."""

from __future__ import annotations

import pytest

from games.chebache.position import ChebacheView
from games.errors import IllegalTurnError

from .util import pos, position_after

TABLE = [("A", 2, 14), ("B", 4, 16), ("C", 6, 12), ("D", 8, 8), ("E", 10, 10), ("F", 12, 6),
         ("G", 14, 2), ("H", 16, 4)]


@pytest.mark.parametrize("letter, centre, controls", TABLE)
@pytest.mark.parametrize("owner", ["W", "B"])
def test_each_chebache_controls_its_opponent_space(owner: str, letter: str, centre: int,
                                                   controls: int) -> None:
    items = f"1@{centre - 1}, 1@{centre}, 1@{centre + 1}"
    p = pos(items, "", move="B") if owner == "W" else pos("", items)
    assert p.chebaches() == [ChebacheView(owner, letter, centre, controls, False)]


def test_no_chebache_without_the_centre_or_an_intersection() -> None:
    assert pos("1@7, 1@9").chebaches() == []
    assert pos("1@7, 1@8").chebaches() == []


def test_threat_trap_at_the_end_of_the_victims_next_turn() -> None:
    # White D (7, 8, 9) controls Black 8, where a Black piece stands
    p = pos("1@7, 1@8, 1@9", "1@8, 1@2", move="B")
    assert p.threatened() == [("B", 8)]
    played = p.play("2/4, 4/5", (2, 1))
    assert played.record == "[2 1]; 2/4, 4/5; -1@8; <B8>"
    assert position_after(played).stack("B", 8) == ()


def test_escape_by_moving_out() -> None:
    p = pos("1@7, 1@8, 1@9", "1@8, 1@2", move="B")
    assert "-1@8" not in p.play("8/10, 2/3", (2, 1)).record


def test_break_by_attacking_an_intersection() -> None:
    p = pos("1@7, 1@8, 1@9", "1@8, 1@2", move="B")
    played = p.play("8X7, 2/4", (1, 2))
    assert "X1@7" in played.record and "-1@8" not in played.record
    assert position_after(played).chebaches() == []


def test_cannot_land_under_a_chebache() -> None:
    p = pos("1@7, 1@8, 1@9", "1@2", move="B")
    with pytest.raises(IllegalTurnError, match="Chebache"):
        p.play("2/8, 8/9", (6, 1))
    q = pos("1@7, 1@8, 1@9", "1@2, 1@4", move="B")
    assert q.play("4/10, 2/3", (6, 1)).moves == "4/10, 2/3"  # passing over is fine


def test_record_lists_chebaches_standing() -> None:
    p = pos("1@7, 1@8, 1@10, 1@14", "1@1, 1@2, 1@3")
    played = p.play("10\\9, 14/16", (1, 2))
    assert played.record == "[1 2]; 10\\9, 14/16; <B8; W14>"
