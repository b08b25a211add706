"""The computer player of Hachapury (hachapury.md).

The value is race equity from effective pip counts (computer/hachapury_eval.py):
Hachapury has no hitting, so a game is a race in which the waste of bearing
off and, above all, the homes matter: a side's home checkers close points in
front of the opponent's runners for good, so a runner that comes late waits.
The levels:

- ``easy``: one ply by the plain race value (pips and waste, blind to the
  homes' walls), at random among the turns within ``EASY_SPREAD`` of the best;
- ``normal``: one ply by the full value, at random among the turns within
  ``NORMAL_SPREAD`` of the best (it errs now and then, never grossly);
- ``hard``: the best ``HARD_TOP`` one-ply turns looked at one reply deeper,
  averaged over the opponent's 21 throws, each reply chosen by the
  opponent's own value.  Its search reads successor states straight from
  the engine's turn search (games/hachapury/successors.py) and values count
  tuples without building positions: a decision takes tens of milliseconds,
  a few hundred for crowded doubles, and stops at the level's work budget
  (``WORK``: positions evaluated).

Why expectimax over a hand-tuned evaluation rather than self-play learning:
the evaluation has few terms with a clear meaning (tuned by one-ply matches,
bench/tune_hachapury.py), it explains its choices in words for ``/hint``, and
it met the strength targets in the time at hand.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from computer.base import Budget, Choice, Level, mover
from computer.hachapury_eval import Weights, evaluate, position_value
from computer.hachapury_eval import simple_value as simple_value
from computer.hachapury_explain import explain_turn
from computer.learned_levels import LearnedLevels
from computer.levelled import LevelledStrategy
from computer.reasons import Reason
from computer.search import TWO_DICE, Candidate, pick_with_noise, ranked_turns
from games.base import Dice, Position
from games.hachapury.position import HachapuryPosition
from games.hachapury.successors import successor_counts, successors
from games.turns import Turn

if TYPE_CHECKING:  # numpy is imported only when a level uses the learned value
    from computer.td import Network

__all__ = ["STRATEGY", "HachapuryStrategy", "simple_value"]

#: The levels that value positions with the learned evaluation
#: (computer/hachapury_learned.py, weights computer/weights/hachapury.npz)
#: instead of the hand-tuned one.  A level is listed only once arena matches
#: show it stronger so (README, "Computer players").
#: ``expert``: hard's reply search over ``EXPERT_TOP`` turns with the network
#: choosing and valuing the replies, then its best ``EXPERT_DEEP`` two replies
#: deep by the network (distilled from an ensemble of three, computer/distill.py):
#: 62.2% [58.5-65.8] against ``hard`` over 675 games (the ensemble itself 60.3%
#: [57.8-62.6] over 1,600, one network alone 59.1%; the one-reply search alone
#: scored 59.0% over 400; by the hand-tuned value the two-reply search scored
#: 50%).  ``hard`` with one network scored 55.5% [50.6-60.3] over 400: it stays
#: on the hand-tuned value so that ``expert`` stays clearly above it
#: (docs/computer-strength.md).
LEARNED_LEVELS: frozenset[Level] = frozenset({Level.EXPERT})


class HachapuryStrategy(LearnedLevels, LevelledStrategy):
    game = "hachapury"
    LEARNED_MODULE = "computer.hachapury_learned"
    DEFAULT_LEARNED = LEARNED_LEVELS

    #: ``easy`` picks among turns this close to the best by the plain race
    #: value (win-chance units).
    EASY_SPREAD = 0.05
    #: ``normal`` picks among turns this close to the best by the full value.
    NORMAL_SPREAD = 0.04
    #: How many one-ply candidates ``hard`` looks at one reply deeper.
    HARD_TOP = 8
    #: The same for ``expert``'s first stage ...
    EXPERT_TOP = 12
    #: ... which may spend this share of its budget; the best of it are then
    #: looked at two replies deeper (``two_ply``).
    EXPERT_FIRST_SHARE = 0.2
    EXPERT_DEEP = 6
    #: Positions a decision may evaluate (``Budget``): about what the old time
    #: budgets (0.1 / 0.5 / 1.5 s) held here; ``hard`` uses a few thousand.
    WORK = {Level.EASY: 6_000, Level.NORMAL: 30_000, Level.HARD: 150_000,
            Level.EXPERT: 300_000}

    def value(self, position: Position, side: str) -> float:
        return position_value(position, side)

    def expand(self, position: Position, dice: Dice) -> list[Candidate]:
        assert isinstance(position, HachapuryPosition)
        return [Candidate(text, after) for text, after in successors(position, dice)]

    def choose(self, position: Position, dice: Dice, level: Level, budget: Budget,
               rng: random.Random) -> Choice:
        side = mover(position)
        if level == Level.EASY:
            ranked = ranked_turns(position, dice, race_value, side, budget, self.expand)
            chosen = pick_with_noise(ranked, rng, self.EASY_SPREAD)
            return Choice(chosen.text, self.explain(position, dice, chosen.text))
        net = self.net_for(level)
        if net is None:
            ranked = ranked_turns(position, dice, self.value, side, budget, self.expand)
        else:
            assert isinstance(position, HachapuryPosition)
            ranked = learned_ranking(position, dice, side, budget, net)
        if level == Level.EXPERT:
            chosen = self.expert(ranked, side, budget, net)
        elif level == Level.HARD:
            chosen = self.deeper(ranked, side, budget, self.HARD_TOP, net)
        else:
            chosen = pick_with_noise(ranked, rng, self.NORMAL_SPREAD)
        return Choice(chosen.text, self.explain(position, dice, chosen.text))

    def deeper(self, ranked: list[tuple[float, Candidate]], side: str, budget: Budget,
               top: int = HARD_TOP, net: Network | None = None) -> Candidate:
        """The best of the top one-ply turns once the opponent's reply to each
        is averaged over its throws; the one-ply best if the budget runs out first."""
        found = self.reply_ranking(ranked, side, budget, top, net)
        return found[0][1] if found else ranked[0][1]

    def reply_ranking(self, ranked: list[tuple[float, Candidate]], side: str, budget: Budget,
                      top: int, net: Network | None = None) -> list[tuple[float, Candidate]]:
        """The top ``top`` one-ply turns that the budget reached, best first by
        their value once the opponent has replied (``reply_average``); empty
        when there is nothing to choose (one turn, or a sure result)."""
        if len(ranked) == 1 or ranked[0][0] in (0.0, 1.0):
            return []
        found: list[tuple[float, Candidate]] = []
        for _, candidate in ranked[:top]:
            revalued = reply_average(candidate.after, side, budget, net)
            if revalued is None:
                break
            found.append((revalued, candidate))
        found.sort(key=lambda item: -item[0])  # stable: ties keep the one-ply order
        return found

    def expert(self, ranked: list[tuple[float, Candidate]], side: str, budget: Budget,
               net: Network | None = None) -> Candidate:
        """``hard``'s search over ``EXPERT_TOP`` turns with a share of the
        budget, then its best ``EXPERT_DEEP`` looked at two replies deeper
        (``two_ply``): the opponent's best reply to each of its throws, then
        our best answer to each of ours (by ``net`` when given, else the
        hand-tuned value).  The best two-ply value among the turns the budget
        reached wins (they are reached in ``hard``'s order, so a budget spent
        early still gives ``hard``'s choice)."""
        first = self.reply_ranking(ranked, side, budget.within(self.EXPERT_FIRST_SHARE),
                                   self.EXPERT_TOP, net)
        if not first:
            # the share ran out before one turn was looked at: hard's search on the rest
            first = self.reply_ranking(ranked, side, budget, self.EXPERT_TOP, net)
        if not first:
            return ranked[0][1]
        best_value, best = -1.0, first[0][1]
        for _, candidate in first[:self.EXPERT_DEEP]:
            after = candidate.after
            assert isinstance(after, HachapuryPosition)
            value = two_ply(after, side, budget, net)
            if value is None:
                break
            if value > best_value:
                best_value, best = value, candidate
        return best

    def after_value(self, after: Position, side: str, level: Level, budget: Budget
                    ) -> float | None:
        """As each level looks: the race alone, the full value, one reply
        averaged over the opponent's throws, two replies (by the network for
        a level that plays with it, else the hand-tuned value)."""
        assert isinstance(after, HachapuryPosition)
        if after.result is not None:
            return 1.0 if after.result.winner == side else 0.0
        net = self.net_for(level)
        if level == Level.EXPERT:
            return two_ply(after, side, budget, net)
        if level == Level.HARD:
            return reply_average(after, side, budget, net)
        budget.spend()
        if level == Level.EASY:
            return race_value(after, side)
        if net is not None:
            from computer import hachapury_learned

            mover = after.checkers(side)
            return hachapury_learned.values(net, [mover], after.checkers(_other(side)))[0]
        return self.value(after, side)

    def explain(self, position: Position, dice: Dice, text: str | Turn) -> Reason:
        assert isinstance(position, HachapuryPosition)
        return explain_turn(position, dice, text)


def _other(side: str) -> str:
    return "B" if side == "W" else "W"


#: What ``easy`` knows: the race and the waste of bearing off, blind to blocks.
RACE_ONLY = Weights(wall=(0.0,) * 7, contact_waste=1.0)


def race_value(position: Position, side: str) -> float:
    """``side``'s value by the race alone (``RACE_ONLY``)."""
    return position_value(position, side, RACE_ONLY)


def learned_ranking(position: HachapuryPosition, dice: Dice, side: str, budget: Budget,
                    net: Network) -> list[tuple[float, Candidate]]:
    """``ranked_turns`` by the learned value: the turns valued in one batch
    (as many as the budget has left, the first always)."""
    from computer import hachapury_learned

    found = successor_counts(position, dice)
    left = budget.work_left()
    if left is not None:
        found = found[:max(1, left)]
    budget.spend(len(found))
    other = position.checkers("B" if side == "W" else "W")
    scores = hachapury_learned.values(net, [counts for _, counts in found], other)
    ranked = [(score, Candidate(text, position.after(counts)))
              for score, (text, counts) in zip(scores, found, strict=True)]
    ranked.sort(key=lambda item: -item[0])
    return ranked


def reply_average(after: Position, side: str, budget: Budget, net: Network | None = None
                  ) -> float | None:
    """``side``'s value of ``after`` (the opponent to move) once the opponent
    has played its best reply by the same value (``net``'s if given, else the
    hand-tuned one), averaged over its 21 throws; None when the budget ran out
    first (each reply is a unit of it)."""
    result = after.result
    if result is not None:
        return 1.0 if result.winner == side else 0.0
    assert isinstance(after, HachapuryPosition)
    mine = after.checkers(side)
    total = 0.0
    for dice, weight in TWO_DICE:
        if budget.expired():
            return None
        best_for_them = -1.0
        replies = successor_counts(after, dice)
        budget.spend(len(replies))
        if net is not None:
            from computer import hachapury_learned

            best_for_them = max(hachapury_learned.values(net, [c for _, c in replies], mine))
            total += weight * (1.0 - best_for_them)
            continue
        for _, theirs in replies:
            if theirs[0] == 15:
                best_for_them = 1.0
                break
            theirs_value = evaluate(theirs, mine, False)
            if theirs_value > best_for_them:
                best_for_them = theirs_value
        total += weight * (1.0 - best_for_them)
    return total


def _best_reply(position: HachapuryPosition, dice: Dice, other: tuple[int, ...],
                budget: Budget) -> tuple[float, tuple[int, ...]]:
    """The mover's best turn with ``dice`` by the hand-tuned value (1 for bearing off
    the last checker) and the mover's counts after it; ``other`` is the side not
    moving.  Each turn valued is a unit of ``budget``."""
    turns = successor_counts(position, dice)
    budget.spend(len(turns))
    best, chosen = -1.0, turns[0][1]
    for _, counts in turns:
        value = 1.0 if counts[0] == 15 else evaluate(counts, other, False)
        if value > best:
            best, chosen = value, counts
    return best, chosen


def _best_reply_by_net(position: HachapuryPosition, dice: Dice, other: tuple[int, ...],
                       budget: Budget, net: Network) -> tuple[float, tuple[int, ...]]:
    """``_best_reply`` by the learned value."""
    from computer import hachapury_learned

    turns = [counts for _, counts in successor_counts(position, dice)]
    budget.spend(len(turns))
    scores = hachapury_learned.values(net, turns, other)
    best = max(range(len(turns)), key=scores.__getitem__)  # the first of equals
    return scores[best], turns[best]


def _our_throws_by_net(position: HachapuryPosition, other: tuple[int, ...], budget: Budget,
                       net: Network) -> float:
    """The mover's best value by ``net`` averaged over its 21 throws, every
    throw's turns valued in one batch (each a unit of ``budget``)."""
    from computer import hachapury_learned

    spans: list[tuple[int, int, float]] = []
    rows: list[tuple[int, ...]] = []
    for dice, weight in TWO_DICE:
        turns = successor_counts(position, dice)
        spans.append((len(rows), len(rows) + len(turns), weight))
        rows.extend(counts for _, counts in turns)
    budget.spend(len(rows))
    scores = hachapury_learned.values(net, rows, other)
    return sum(weight * max(scores[start:end]) for start, end, weight in spans)


def two_ply(after: HachapuryPosition, side: str, budget: Budget, net: Network | None = None
            ) -> float | None:
    """``side``'s value of ``after`` (the opponent to move) two replies deep:
    for each of the opponent's 21 throws its best reply by the hand-tuned
    value (``net``'s if given), then for each of our 21 throws our best turn
    by the same value, averaged over both; None when the budget ran out first
    (each turn valued is a unit of it)."""
    result = after.result
    if result is not None:
        return 1.0 if result.winner == side else 0.0
    mine = after.checkers(side)
    total = 0.0
    for dice, weight in TWO_DICE:
        if budget.expired():
            return None
        if net is not None:
            _, theirs = _best_reply_by_net(after, dice, mine, budget, net)
            if theirs[0] < 15:
                total += weight * _our_throws_by_net(after.after(theirs), theirs, budget, net)
            continue
        _, theirs = _best_reply(after, dice, mine, budget)
        if theirs[0] == 15:
            continue  # they win: 0 for us
        ours_to_move = after.after(theirs)
        expected = 0.0
        for our_dice, our_weight in TWO_DICE:
            if budget.expired():
                return None
            best, _ = _best_reply(ours_to_move, our_dice, theirs, budget)
            expected += our_weight * best
        total += weight * expected
    return total


STRATEGY = HachapuryStrategy()
