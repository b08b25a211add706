"""Every legal turn of a position valued as a level sees it, in win-share units.

``turn_equities(position, dice, level)``: the mover's turns (all, or those
named), each with the mover's expected share of the win after it as
``level`` values it (``Strategy.value_turns``: one ply for ``easy`` and
``normal``, the opponent's reply averaged over its throws for ``hard``,
deeper for ``expert`` where its search is deeper), best first.  A level's
own search values only its best few candidates that deeply and stops at its
work budget; here every turn asked for is valued in full (no work limit), so
the values of two turns are comparable: the error-rate bench
(bench/error_rate.py) measures a level's choice against the best turn by
``expert``'s values, and an analysis can say how much a played turn lost.

Turn texts are the engine's (``Position.legal_turns``), without additions
such as a CheeseGambit taunt (``choice_turn`` strips a choice to its turn).
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Collection
from dataclasses import dataclass

from computer.base import Budget, Level, strategy_for
from computer.search import outcome_value
from games.base import Dice, Position

#: The wall-time safety cap of one valuation (many times the heaviest seen).
SAFETY_SECONDS = 600.0


@dataclass(frozen=True)
class TurnEquity:
    """A legal turn's text and the mover's expected share of the win after it."""

    text: str
    equity: float


def turn_equities(game: str, position: Position, dice: Dice, level: Level = Level.EXPERT,
                  texts: Collection[str] | None = None) -> list[TurnEquity]:
    """``position``'s legal turns with ``dice`` (those in ``texts``, default
    all), each valued by ``level``'s look at the position it leads to, best
    first (ties keep the engine's order).  Deterministic: no clock, no
    randomness.  LookupError for a game without a computer player;
    NotImplementedError for one whose strategy cannot value turns.  Che has no
    dice (pass ``()``) and its values are its evaluation's, 0-1 with 1 a won
    position, not a measured win rate (``CheStrategy.value_turns``)."""
    strategy = strategy_for(game)
    budget = Budget(SAFETY_SECONDS)
    valued = strategy.value_turns(position, dice, level, budget, texts)
    ranked = sorted(enumerate(valued), key=lambda item: (-item[1][0], item[0]))
    return [TurnEquity(text, value) for _, (value, text) in ranked]


def rollout_equity(game: str, after: Position, side: str, games: int = 36, plies: int = 8,
                   policy: Level = Level.NORMAL, seed: int = 0) -> float:
    """``side``'s share of the win in ``after`` by truncated rollouts: ``games``
    continuations of ``plies`` plies each, every side played by ``policy``
    (its own work budget), each ended by the game's result or by the game's
    evaluation (the strategy's ``value``) where it stopped, averaged.  The dice of the
    ``g``-th continuation come from ``seed`` and ``g`` alone, so the turns of one
    position valued with the same seed meet the same dice (common random
    numbers: their difference is far less noisy than either value).  A deeper
    reference than any level's search, at the price of time: ``games`` times
    ``plies`` decisions of ``policy``."""
    strategy = strategy_for(game)
    total = 0.0
    for index in range(games):
        rng = random.Random(seed * 1_000_003 + index)
        position = after
        for _ in range(plies):
            if position.result is not None:
                break
            if position.action_due():
                for actor in position.actors():
                    answer = strategy.answer(position, actor, policy,
                                             strategy.budget_for(policy), rng)
                    position = position.play_action(answer.text, actor).position
                    if not position.action_due():
                        break
                continue
            dice = tuple(rng.randint(1, 6) for _ in range(position.dice_count()))
            choice = strategy.choose(position, dice, policy, strategy.budget_for(policy), rng)
            position = position.play(choice.text, dice).position
        done = outcome_value(position, side)
        total += done if done is not None else _static(game, position, side)
    return total / games


def net_rollout_equity(game: str, after: Position, side: str, games: int = 36,
                       plies: int = 200, seed: int = 0) -> float:
    """``rollout_equity`` played by the game's shipped network one ply deep
    (the trainer's player, computer/selfplay.py: the best after-state by the
    network, no noise) for both sides, each continuation ended by the result
    or, where it stopped, by the network's value of the last turn played.
    Fast enough to play most games to their end (``plies`` 200): the deep
    reference of the error-rate bench.  Dice as ``rollout_equity``'s (the
    same for every turn of a position).  Hachapury, CheeseGambit (two players,
    no taunt due) and Chebache; LookupError for another game."""
    from computer.rollouts import rollout_value
    from computer.train import GAMES, self_play_of

    if game not in GAMES:
        raise LookupError(f"{game}: no learned evaluation to roll out with")
    play = self_play_of(game)
    net = importlib.import_module(GAMES[game]).shipped()
    done = outcome_value(after, side)
    if done is not None:
        return done
    static = _static(game, after, side) if plies < 1 else 0.0  # where no ply is played
    value = rollout_value(play, net, after, side, games, plies, seed, static=static)
    assert value is not None  # no budget: every game is played
    return value


def _static(game: str, position: Position, side: str) -> float:
    """``side``'s value of ``position`` by the game's evaluation."""
    value = getattr(strategy_for(game), "value", None)
    if value is None:
        raise NotImplementedError(f"{game}: no position value to end a rollout with")
    result = value(position, side)
    assert isinstance(result, float)
    return result


def choice_turn(choice_text: str, turns: Collection[str]) -> str:
    """The legal turn in ``turns`` a choice's text plays (the choice may add
    words after the turn, such as ``T@B``): the longest turn it begins with."""
    if choice_text in turns:
        return choice_text
    found = [t for t in turns if choice_text.startswith(t + " ")]
    if not found:
        raise ValueError(f"{choice_text!r} plays none of the legal turns")
    return max(found, key=len)
