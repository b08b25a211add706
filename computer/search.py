"""Searches every game's strategy can use, over the protocol of games/base.py.

A *value* is a function ``value(position, side) -> float``: how good the
position is for ``side``, as its expected share of the win (1 a sure win, 0 a
sure loss; a finished game is exactly 1 or 0).  With such a value:

- ``ranked_turns``: every legal turn, best first by the value of the position
  it leads to (one ply: greedy);
- ``expectimax``: the top candidates looked at one reply deeper, averaging
  over the opponent's possible dice (each next mover picks the reply best for
  itself, which covers three and four players too).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from itertools import combinations_with_replacement

from computer.base import Budget
from games.base import Dice, Position

Value = Callable[[Position, str], float]


def outcome_value(position: Position, side: str) -> float | None:
    """1, 0 or 0.5 (a draw) once the game is over, else None."""
    result = position.result
    if result is None:
        return None
    if result.winner is None:
        return 0.5
    return 1.0 if result.winner == side else 0.0


@dataclass(frozen=True)
class Candidate:
    """A legal turn and the position it leads to."""

    text: str
    after: Position


def candidates(position: Position, dice: Dice) -> list[Candidate]:
    """Every legal turn with its resulting position (the engine's own list, in
    its order, so that choices are reproducible).  This plays each turn's text
    through ``Position.play``; a game with a quicker way to reach the positions
    passes its own ``expand`` to the searches below."""
    return [Candidate(turn.text, position.play(turn, dice).position)
            for turn in position.legal_turns(dice)]


#: How a search lists a position's legal turns with the positions they lead to.
Expand = Callable[[Position, Dice], list[Candidate]]


def ranked_turns(position: Position, dice: Dice, value: Value, side: str,
                 budget: Budget | None = None, expand: Expand = candidates
                 ) -> list[tuple[float, Candidate]]:
    """Legal turns best first for ``side`` by ``value`` one ply ahead (ties keep
    the engine's order).  Each turn valued is a unit of ``budget``; turns not
    reached before it was spent are left out, except that the first is always
    looked at."""
    scored: list[tuple[float, Candidate]] = []
    for index, candidate in enumerate(expand(position, dice)):
        if budget is not None:
            if index and budget.expired():
                break
            budget.spend()
        done = outcome_value(candidate.after, side)
        scored.append((done if done is not None else value(candidate.after, side), candidate))
    scored.sort(key=lambda item: -item[0])
    return scored


def dice_outcomes(count: int) -> Iterator[tuple[Dice, float]]:
    """Every throw of ``count`` dice up to order, with its probability (21
    throws for two dice); one empty throw for a game without dice."""
    if count == 0:
        yield (), 1.0
        return
    total = 6 ** count
    for combo in combinations_with_replacement(range(1, 7), count):
        orders = _orderings(combo)
        yield combo, orders / total


def _orderings(combo: tuple[int, ...]) -> int:
    from math import factorial

    result = factorial(len(combo))
    for face in set(combo):
        result //= factorial(combo.count(face))
    return result


#: The 21 throws of two dice up to order with their chances, worked out once.
TWO_DICE: tuple[tuple[Dice, float], ...] = tuple(dice_outcomes(2))


def reply_value(after: Position, value: Value, side: str, budget: Budget,
                expand: Expand = candidates) -> float | None:
    """``side``'s value of ``after`` once the next mover has replied as best for
    itself, averaged over that mover's dice; None if the budget ran out first
    (each reply valued is a unit of it).  A position waiting for an answer (a
    taunt) is valued as it stands."""
    done = outcome_value(after, side)
    if done is not None:
        return done
    mover = after.side_to_move
    if mover is None or after.action_due():
        return value(after, side)
    total = 0.0
    for dice, weight in dice_outcomes(after.dice_count()):
        if budget.expired():
            return None
        best_for_mover = -1.0
        ours = 0.0
        replies = expand(after, dice)
        budget.spend(len(replies))
        for candidate in replies:
            reply = candidate.after
            done = outcome_value(reply, mover)
            theirs = done if done is not None else value(reply, mover)
            if theirs > best_for_mover:
                best_for_mover = theirs
                ours = _value_for(reply, value, side, mover, theirs)
        total += weight * ours
    return total


def _value_for(position: Position, value: Value, side: str, mover: str, mover_value: float
               ) -> float:
    """``side``'s value where ``mover``'s is known (two players: its complement)."""
    if side == mover:
        return mover_value
    done = outcome_value(position, side)
    if done is not None:
        return done
    return value(position, side)


def expectimax(position: Position, dice: Dice, value: Value, side: str, budget: Budget,
               top: int = 6, expand: Expand = candidates) -> list[tuple[float, Candidate]]:
    """The ``top`` one-ply candidates re-valued one reply deeper (see
    ``reply_value``), best first.  Candidates the budget did not reach keep
    their place after every re-valued one, in one-ply order."""
    ranked = ranked_turns(position, dice, value, side, budget, expand)
    deeper: list[tuple[float, Candidate]] = []
    rest: list[tuple[float, Candidate]] = []
    for index, (score, candidate) in enumerate(ranked):
        if index >= top or not (index == 0 or not budget.expired()):
            rest.append((score, candidate))
            continue
        revalued = reply_value(candidate.after, value, side, budget, expand)
        if revalued is None:
            rest.append((score, candidate))
        else:
            deeper.append((revalued, candidate))
    deeper.sort(key=lambda item: -item[0])
    return deeper + rest


def pick_with_noise(ranked: list[tuple[float, Candidate]], rng: random.Random,
                    spread: float) -> Candidate:
    """A candidate among those within ``spread`` of the best, uniformly: how the
    weaker levels err like a person (never a blunder much worse than the best)."""
    best = ranked[0][0]
    close = [candidate for score, candidate in ranked if score >= best - spread]
    return rng.choice(close)
