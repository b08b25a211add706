"""Ratings' maths against OpenSkill's own figures: two players, three placed, ties."""

from __future__ import annotations

import pytest
from openskill.models import PlackettLuce

from bot.ratings import PROVISIONAL_GAMES, Standing, rate, rated_game
from games.outcome import EndReason, Outcome, resigned


def test_a_two_player_win_moves_ratings_as_openskill_does() -> None:
    model = PlackettLuce()
    [[a], [b]] = model.rate([[model.rating()], [model.rating()]], ranks=[1, 2])
    result = rated_game(Outcome("W", 2, EndReason.MARS), {"W": "alice", "B": "bob"}, [])
    assert result is not None
    new = rate({"alice": Standing("alice", "alice"), "bob": Standing("bob", "bob")}, result)
    assert new["alice"].mu == pytest.approx(a.mu) and new["alice"].sigma == pytest.approx(a.sigma)
    assert new["bob"].mu == pytest.approx(b.mu) and new["bob"].sigma == pytest.approx(b.sigma)
    assert (new["alice"].wins, new["alice"].points, new["alice"].streak) == (1, 2, 1)
    assert (new["bob"].losses, new["bob"].points, new["bob"].streak) == (1, 0, -1)
    assert new["alice"].rating > 1500 > new["bob"].rating
    assert new["alice"].provisional and PROVISIONAL_GAMES > 1


def test_three_players_are_rated_in_the_order_they_placed() -> None:
    model = PlackettLuce()
    first, second, third = (model.rating() for _ in range(3))
    expected = model.rate([[first], [second], [third]], ranks=[1, 2, 3])
    result = rated_game(Outcome("B", 5, EndReason.PLAYED), {"R": "r", "G": "g", "B": "b"},
                        [("B", 1), ("G", 2)])
    assert result is not None and dict(result.places) == {"b": 1, "g": 2, "r": 3}
    new = rate({u: Standing(u, u) for u in "rgb"}, result)
    for user, [team] in zip("bgr", expected, strict=True):
        assert new[user].mu == pytest.approx(team.mu)
    assert new["g"].losses == 1 and new["b"].points == 5


def test_players_not_placed_tie_for_last() -> None:
    result = rated_game(Outcome("R", 1, EndReason.PLAYED),
                        {"R": "r", "G": "g", "B": "b", "Y": "y"}, [("R", 1)])
    assert result is not None and dict(result.places) == {"r": 1, "g": 2, "b": 2, "y": 2}
    new = rate({u: Standing(u, u) for u in "rgby"}, result)
    assert new["g"].mu == pytest.approx(new["b"].mu) == pytest.approx(new["y"].mu)


def test_no_winner_is_no_outcome() -> None:
    assert rated_game(Outcome(None, 0, EndReason.DRAW), {"W": "a", "B": "b"}, []) is None
    assert rated_game(None, {"W": "a", "B": "b"}, []) is None
    assert rated_game(Outcome("X", 1, EndReason.PLAYED), {"W": "a", "B": "b"}, []) is None


def test_a_placings_win_counts_one_point_whatever_the_stakes() -> None:
    """CheeseGambit's result text never stated its stakes, so ratings counted its wins
    1 point; its outcome carries the stakes now, and ratings still count 1."""
    placed = Outcome("R", 3, EndReason.PLACINGS, ("R", "G", "B"))
    result = rated_game(placed, {"R": "r", "G": "g", "B": "b"}, [("R", 1), ("G", 2)])
    assert result is not None and dict(result.points) == {"r": 1, "g": 0, "b": 0}


def test_an_off_board_win_counts_one_point() -> None:
    result = rated_game(resigned("B", "W"), {"W": "a", "B": "b"}, [])
    assert result is not None and dict(result.points) == {"a": 0, "b": 1}
    assert dict(result.places) == {"b": 1, "a": 2}
