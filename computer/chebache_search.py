"""The ``hard`` level's look one reply deeper, on the engine's states.

The generic ``computer.search.expectimax`` builds a position per reply; with
Chebache's many turns per throw (hundreds with doubles) that is the slow
part, so the replies here are valued as end-of-turn states
(``games.chebache.successors.turn_ends``) by ``computer.chebache_eval``.
"""

from __future__ import annotations

from computer import chebache_eval as ev
from computer.base import Budget
from computer.search import TWO_DICE, Candidate, outcome_value
from games.chebache.position import ChebachePosition
from games.chebache.successors import turn_ends

_SIDES = ("W", "B")


def reply_value(after: ChebachePosition, me: int, budget: Budget, static: float,
                doubles: bool = False) -> float | None:
    """``me``'s value of ``after`` once the opponent has replied as best for
    itself (by the same evaluation), averaged over its throws; None if the
    budget ran out first (each reply is a unit of it).  Doubles (1 throw in
    6) give hundreds or thousands of replies each: unless ``doubles``, they
    count as ``static`` (the one-ply value of ``after``, whose threat terms
    already expect them)."""
    done = outcome_value(after, _SIDES[me])
    if done is not None:
        return done
    foe = 1 - me
    kings_on = after.options.get("kings", "true") == "true"
    total = 0.0
    for dice, weight in TWO_DICE:
        if budget.expired():
            return None
        if dice[0] == dice[1] and not doubles:
            total += weight * static
            continue
        best = -1.0
        ends = turn_ends(after, dice)
        budget.spend(len(ends))
        for end in ends:
            if end.winner is not None:
                theirs = 1.0 if end.winner == foe else 0.0
            elif end.draw:
                theirs = 0.5
            else:
                theirs = ev.value(end.state, foe, me, kings_on)
            if theirs > best:
                best = theirs
                if best >= 1.0:
                    break
        total += weight * (1.0 - best)
    return total


def hard_ranking(ranked: list[tuple[float, Candidate]], side: str, budget: Budget,
                 top: int, margin: float = 0.1) -> list[tuple[float, Candidate]]:
    """The ``top`` candidates of a one-ply ranking within ``margin`` of the
    best re-valued one reply deeper, best first; the rest (and any the budget
    did not reach) follow in one-ply order.  A turn that wins at once stays
    first, and so does a lone candidate within the margin (nothing to weigh
    it against).  A candidate is looked at only if the work one took so far,
    on average, still fits in the work budget left: a look is never begun
    that would run far past the budget."""
    if not ranked or ranked[0][0] >= 1.0:
        return ranked
    close = sum(1 for score, _ in ranked[:top] if score >= ranked[0][0] - margin)
    if close < 2:
        return ranked
    me = _SIDES.index(side)
    deeper: list[tuple[float, Candidate]] = []
    rest: list[tuple[float, Candidate]] = []
    started = budget.spent
    for index, (score, candidate) in enumerate(ranked):
        left = budget.work_left()
        looked = len(deeper)
        if index >= close or (looked and left is not None
                              and (budget.spent - started) / looked > left):
            rest.append((score, candidate))
            continue
        after = candidate.after
        assert isinstance(after, ChebachePosition)
        revalued = reply_value(after, me, budget, score)
        if revalued is None:
            rest.append((score, candidate))
        else:
            deeper.append((revalued, candidate))
    deeper.sort(key=lambda item: -item[0])
    return deeper + rest
