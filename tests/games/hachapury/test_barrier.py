"""The barrier rule, with its exact definition (hachapury.md, Clarifications).

Runs are counted in the opponent's numbering with no wrap across the
opponent's seam (White's 13/12); they may straddle White's own 1/24.  A run
of six or more is illegal unless a Black checker stands lower, in Black's
numbering, than the run's lowest point.  Every single move is checked.
"""

from __future__ import annotations

from games.hachapury.board import TurnContext, pack, point_mask
from games.turns import texts
from tests.games.hachapury.util import pos, reason

# White holds 22..19; Black is all on its 13 (White's 1): nobody past any run.
WALL = "W: 3@24, 2@22, 2@21, 2@20, 2@19, 4@6; B: 15@13; W to move"


def test_barrier_five_run_is_legal() -> None:
    position = pos("W: 3@24, 2@22, 2@21, 2@20, 6@6; B: 15@13; W to move")
    played = position.play("24/23, 24/21", (3, 1))
    assert played.position.listing().startswith("W: 1@24, 1@23, 2@22, 3@21, 2@20, 6@6;")


def test_barrier_six_run_is_illegal() -> None:
    text = reason(pos(WALL), "24/18, 24/23", (6, 1))
    assert text == (
        "24/23: that leaves a barrier of 7 points 24-18 with no Black checker past it"
    )
    assert "24/18, 24/23" not in texts(pos(WALL).legal_turns((6, 1)))


def test_barrier_exact_six_points_message() -> None:
    position = pos("W: 1@24, 2@17, 2@16, 2@15, 2@14, 2@13, 4@6; B: 1@7, 14@10; W to move")
    text = reason(position, "24/18", (6, 5))
    assert "barrier of 6 points 18-13 with no Black checker past it" in text


def test_barrier_six_run_allowed_when_opponent_checker_is_past_it() -> None:
    # One Black checker on its 3: lower than the run's lowest point (Black's 6).
    position = pos("W: 3@24, 2@22, 2@21, 2@20, 2@19, 4@6; B: 14@13, 1@3; W to move")
    assert "24/18, 24/23" in texts(position.legal_turns((6, 1)))
    played = position.play("24/23 24/18", (1, 6))
    assert played.moves == "24/18, 24/23"


def test_barrier_opponent_checker_inside_or_behind_does_not_count() -> None:
    # A Black checker on its 7 (White's 19 is empty here) is not past a run 18-13.
    position = pos("W: 1@24, 2@17, 2@16, 2@15, 2@14, 2@13, 4@6; B: 1@7, 14@10; W to move")
    assert not any("24/18" in t for t in texts(position.legal_turns((6, 5))))


def test_barrier_borne_off_opponent_checkers_do_not_count() -> None:
    # Black has borne off 3 but has nobody on the board past the run.
    position = pos("W: 3@24, 2@22, 2@21, 2@20, 2@19, 4@6; B: 12@13, 3@F; W to move")
    assert "24/18, 24/23" not in texts(position.legal_turns((6, 1)))


def test_barrier_run_straddling_my_own_1_24_is_counted() -> None:
    # White 3,2,1 + 24,23,22 are Black's 15..10: consecutive for Black.
    position = pos("W: 1@24, 1@23, 1@22, 1@2, 1@1, 10@6; B: 8@17, 7@16; W to move")
    text = reason(position, "6/3, 3/2", (3, 1))
    assert text == (
        "6/3: that leaves a barrier of 6 points 3-1 and 24-22 with no Black checker past it"
    )
    # Vacating 24 first breaks the run, so 6/3 then becomes legal.
    assert position.play("24/23, 6/3", (3, 1)).moves == "24/23, 6/3"


def test_barrier_run_across_opponent_seam_is_not_counted() -> None:
    # White 15..10 would be six in a row in White's numbering, but for Black it
    # is 3,2,1 | 24,23,22: split by Black's seam, so no barrier.
    position = pos("W: 2@16, 1@15, 1@14, 1@13, 1@11, 1@10, 8@6; B: 15@19; W to move")
    played = position.play("16/12, 6/2", (4, 4)) if False else position.play("16/12, 6/4", (4, 2))
    assert played.position.listing().startswith("W: 1@16, 1@15, 1@14, 1@13, 1@12, 1@11, 1@10,")


def test_barrier_intermediate_landing_creating_barrier_refused() -> None:
    # 24/13 with 6-5: via 19 is blocked by Black, via 18 stands a 6-run 18-13
    # for a moment; the final position (17-13) would be fine, the stop is not.
    position = pos("W: 1@24, 2@17, 2@16, 2@15, 2@14, 2@13, 4@6; B: 1@7, 14@10; W to move")
    text = reason(position, "24/13", (6, 5))
    assert "barrier of 6 points 18-13" in text
    assert not any(t.startswith("24/") for t in texts(position.legal_turns((6, 5))))


def test_barrier_can_shrink_turn_to_pass() -> None:
    # 24/18 would close 18-13 (six points, Black all behind on White's 11-7);
    # every other 6 lands on Black.  So 6-6 is a pass.
    position = pos(
        "W: 1@24, 2@17, 2@16, 2@15, 2@14, 6@13; B: 3@23, 3@22, 3@21, 3@20, 3@19; W to move"
    )
    assert texts(position.legal_turns((6, 6))) == ["(no move)"]
    assert "barrier of 6 points 18-13" in reason(position, "24/18", (6, 6))
    assert position.play("pass", (6, 6)).position.side_to_move == "B"


def test_context_agrees_with_barrier_definition() -> None:
    ctx = TurnContext.build(pos(WALL).checkers("B"), "Black")
    five = pack([0] * 19 + [1, 1, 1, 1, 1, 0])  # 19..23
    six = pack([0] * 18 + [1, 1, 1, 1, 1, 1, 0])  # 18..23
    assert ctx.barrier_ok(point_mask(five))
    assert not ctx.barrier_ok(point_mask(six))
