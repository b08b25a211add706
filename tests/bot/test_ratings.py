"""Ratings' maths against OpenSkill's own figures: two players, three placed, ties."""

from __future__ import annotations

import pytest
from openskill.models import PlackettLuce

from bot.ratings import PROVISIONAL_GAMES, Standing, outcome, rate


def test_a_two_player_win_moves_ratings_as_openskill_does() -> None:
    model = PlackettLuce()
    [[a], [b]] = model.rate([[model.rating()], [model.rating()]], ranks=[1, 2])
    result = outcome("W wins 2", {"W": "alice", "B": "bob"}, [])
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
    result = outcome("B wins 5 (R dropped)", {"R": "r", "G": "g", "B": "b"},
                     [("B", 1), ("G", 2)])
    assert result is not None and dict(result.places) == {"b": 1, "g": 2, "r": 3}
    new = rate({u: Standing(u, u) for u in "rgb"}, result)
    for user, [team] in zip("bgr", expected, strict=True):
        assert new[user].mu == pytest.approx(team.mu)
    assert new["g"].losses == 1 and new["b"].points == 5


def test_players_not_placed_tie_for_last() -> None:
    result = outcome("R wins", {"R": "r", "G": "g", "B": "b", "Y": "y"}, [("R", 1)])
    assert result is not None and dict(result.places) == {"r": 1, "g": 2, "b": 2, "y": 2}
    new = rate({u: Standing(u, u) for u in "rgby"}, result)
    assert new["g"].mu == pytest.approx(new["b"].mu) == pytest.approx(new["y"].mu)


def test_no_winner_is_no_outcome() -> None:
    assert outcome("draw", {"W": "a", "B": "b"}, []) is None
    assert outcome(None, {"W": "a", "B": "b"}, []) is None
