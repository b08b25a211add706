"""The entry point the bot and the engine command use: plain values in, a legal
choice out, never an exception."""

from __future__ import annotations

import random

import pytest

import computer.play as play
from computer.base import Budget, Choice, Level, Strategy, strategy_for
from computer.search import dice_outcomes
from games import get_game
from games.base import Dice, Position

GAMES = ["hachapury", "chebache", "cheesegambit", "che"]


def request_for(game_name: str, level: Level = Level.EASY, dice: Dice = (3, 1)) -> play.Request:
    game = get_game(game_name)
    options = game.normalise_options({})
    position = game.initial(options, game.sides(options)[0].letter)
    return play.Request(game_name, tuple(options.items()), position.listing(),
                        dice if position.dice_count() else (), level, seed=5)


@pytest.mark.parametrize("game_name", GAMES)
def test_decide_answers_a_legal_turn(game_name: str) -> None:
    request = request_for(game_name)
    choice = play.decide(request)
    position = request.position()
    assert not choice.fallback
    turn = choice.text.split(" T@")[0]
    assert turn in position.legal_turns(request.dice)
    position.play(choice.text, request.dice)  # raises if the whole text is not playable


class Broken(Strategy):
    game = "hachapury"

    def choose(self, position: Position, dice: Dice, level: Level, budget: Budget,
               rng: random.Random) -> Choice:
        raise RuntimeError("a bug in the strategy")


def test_a_failing_strategy_still_yields_a_legal_turn_and_says_so(
        monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    monkeypatch.setattr(play, "strategy_for", lambda game: Broken())
    request = request_for("hachapury")
    choice = play.decide(request)
    assert choice.fallback
    assert choice.text in request.position().legal_turns(request.dice)
    assert "a bug in the strategy" in caplog.text


def test_two_dice_have_21_throws_whose_chances_sum_to_one() -> None:
    outcomes = list(dice_outcomes(2))
    assert len(outcomes) == 21
    assert sum(weight for _, weight in outcomes) == pytest.approx(1.0)
    assert dict(outcomes)[(6, 6)] == pytest.approx(1 / 36)
    assert dict(outcomes)[(5, 6)] == pytest.approx(2 / 36)
    assert list(dice_outcomes(0)) == [((), 1.0)]


def test_levels_read_from_words_and_refuse_others() -> None:
    assert Level.parse(" HARD ") is Level.HARD
    assert Level.parse("Expert") is Level.EXPERT
    with pytest.raises(ValueError, match="easy, normal, hard, expert"):
        Level.parse("master")
    # the wall-time safety caps: generous, and the pool waits a little longer
    assert Level.EASY.budget < Level.NORMAL.budget < Level.HARD.budget <= 10
    assert Level.HARD.budget < Level.EXPERT.budget <= 20


@pytest.mark.parametrize("game", ["hachapury", "chebache", "cheesegambit", "che"])
def test_every_level_is_budgeted_by_work_that_grows_with_the_level(game: str) -> None:
    strategy = strategy_for(game)
    budgets = [strategy.budget_for(level) for level in Level]
    works = [b.work if b.work is not None else 0 for b in budgets]
    assert budgets[-1].work is not None  # hard always has a work budget
    assert works == sorted(works)
    assert all(b.seconds == level.budget for b, level in zip(budgets, Level, strict=True))
