"""League seasons (bot/tournaments/leagues.py): promotion and relegation between
divisions, newcomers at the bottom, every member placed once."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from bot.tournaments.leagues import MIN_DIVISION, moves, next_divisions


def test_the_top_go_up_and_the_bottom_come_down() -> None:
    previous = [["a1", "a2", "a3", "a4"], ["b1", "b2", "b3", "b4"], ["c1", "c2", "c3"]]
    members = [p for d in previous for p in d]
    divisions = next_divisions(previous, members, 4, 1)
    assert divisions == [["a1", "a2", "a3", "b1"], ["a4", "b2", "b3", "c1"],
                         ["b4", "c2", "c3"]]
    up, down = moves(previous, divisions)
    assert up == ["b1", "c1"] and down == ["a4", "b4"]


def test_newcomers_start_at_the_bottom_and_leavers_leave() -> None:
    previous = [["a", "b", "c"]]
    divisions = next_divisions(previous, ["new1", "b", "c", "a", "new2", "new3"], 3, 1)
    assert divisions == [["a", "b", "c"], ["new1", "new2", "new3"]]
    smaller = next_divisions(previous, ["a", "c", "x"], 3, 1)
    assert smaller == [["a", "c", "x"]]
    # a last division too small to play joins the one above
    assert next_divisions([], ["p1", "p2", "p3", "p4"], 3, 1) == [["p1", "p2", "p3", "p4"]]


@given(sizes=st.lists(st.integers(MIN_DIVISION, 6), min_size=1, max_size=4),
       size=st.integers(MIN_DIVISION, 6), movers=st.integers(0, 3),
       newcomers=st.integers(0, 5))
def test_every_member_is_placed_once(sizes: list[int], size: int, movers: int,
                                     newcomers: int) -> None:
    previous = [[f"d{i}p{j}" for j in range(n)] for i, n in enumerate(sizes)]
    members = [p for d in previous for p in d] + [f"new{k}" for k in range(newcomers)]
    divisions = next_divisions(previous, members, size, movers)
    placed = [p for d in divisions for p in d]
    assert sorted(placed) == sorted(members)
    assert all(len(d) >= MIN_DIVISION for d in divisions) or len(divisions) == 1
    up, down = moves(previous, divisions)
    if movers and len(previous) > 1 and size == min(sizes) == max(sizes):
        assert up and down  # a ladder of equal divisions always moves someone
