"""Rollouts by a learned network (computer/rollouts.py, the error-rate bench's
deep reference): one ply is the opponent's best reply to each game's throw,
the games' dice come from the seed alone, and a work budget stops them."""

from __future__ import annotations

import random

import pytest

from computer import hachapury_learned as learned
from computer.base import Budget
from computer.rollouts import rollout_value
from computer.selfplay import throw
from games import get_game
from games.hachapury.position import HachapuryPosition
from games.hachapury.successors import successor_counts


def _after_opening() -> HachapuryPosition:
    game = get_game("hachapury")
    position = game.initial(game.normalise_options({}), "W")
    assert isinstance(position, HachapuryPosition)
    _, counts = successor_counts(position, (6, 3))[0]
    return position.after(counts)  # White has moved: Black to throw


def test_one_ply_is_the_opponent_s_best_reply_to_each_game_s_throw() -> None:
    net = learned.shipped()
    after = _after_opening()
    white = after.checkers("W")
    expected = 0.0
    for index in range(5):
        dice = throw(random.Random(11 * 1_000_003 + index))
        replies = [counts for _, counts in successor_counts(after, dice)]
        expected += 1.0 - max(learned.values(net, replies, white))
    value = rollout_value(learned.SELF_PLAY, net, after, "W", games=5, plies=1, seed=11)
    assert value is not None and value == pytest.approx(expected / 5, abs=1e-12)
    black = rollout_value(learned.SELF_PLAY, net, after, "B", games=5, plies=1, seed=11)
    assert black == pytest.approx(1.0 - value, abs=1e-12)  # the same games, the other side


def test_the_seed_alone_decides_the_dice_and_the_budget_stops_the_games() -> None:
    net = learned.shipped()
    after = _after_opening()

    def roll(seed: int, budget: Budget | None = None) -> float | None:
        return rollout_value(learned.SELF_PLAY, net, after, "W", 6, 30, seed, budget)

    assert roll(3) == roll(3) and roll(3) != roll(4)
    budget = Budget(60.0, work=50)
    assert roll(3, budget) is None and budget.spent >= 50
    assert roll(3, Budget(60.0, work=10**7)) == roll(3)
