"""Rollouts by a learned network: a position's value as the average result of
games played on from it by the network one ply deep (the trainer's player,
computer/selfplay.py: the best after-state by the network, no noise), each
stopped after some plies and ended there by the network's value.

The error-rate bench's deep reference (computer/equity.py).  Every turn of
one position is rolled out on the same dice (game ``i`` of each from the
same seed): the turns' values then differ by what the turns do, not by whose
dice were luckier, which is what lets a few dozen games tell two turns apart.
As a level's search they were tried for Hachapury's ``expert`` and gave away
no less than its two-reply look (docs/computer-strength.md, session 12);
Chebache's and CheeseGambit's plies cost 4-8 ms, too dear for a decision.
"""

from __future__ import annotations

import random
from typing import Any

from computer.base import Budget
from computer.selfplay import SelfPlay, best_index, net_scores, throw
from computer.td import Network


def rollout_value(play: SelfPlay[Any, Any], net: Network, after: Any, side: str,
                  games: int, plies: int, seed: int, budget: Budget | None = None,
                  static: float = 0.0) -> float | None:
    """``side``'s average result over ``games`` continuations of ``after`` (a
    position with the other side to throw), each of at most ``plies`` plies
    and ended by the network's value of its last turn where it stopped
    (``static`` when no ply is played).  Game ``i`` throws the dice of
    ``random.Random(seed * 1_000_003 + i)``.  Each after-state valued is a
    unit of ``budget``; None when the budget ran out first."""
    total = 0.0
    for index in range(games):
        if budget is not None and budget.expired():
            return None
        rng = random.Random(seed * 1_000_003 + index)
        state = after
        value = static
        for _ in range(plies):
            options = play.options(state, throw(rng))
            if budget is not None:
                budget.spend(len(options))
            scores = net_scores(net, play, state, options)
            best = best_index(scores)
            value = scores[best] if play.mover(state) == side else 1.0 - scores[best]
            if play.outcome(state, options[best]) is not None:
                break
            state = play.advance(state, options[best])
        total += value
    return total / games
