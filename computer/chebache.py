"""The computer player of Chebache.

Levels (all from ``computer.chebache_eval``):

- ``easy``: one ply by the pip race alone, choosing at random among the turns
  close to the best (it races, and blunders into traps and attacks);
- ``normal``: one ply by a plainer evaluation (race, Kings, Chebaches and
  the pieces they threaten), blind to the attacks the opponent can make;
- ``hard``: one ply by the full evaluation (it also weighs every attack the
  side to move can assemble, over the 36 throws), then the best candidates
  looked at one reply deeper, averaged over the opponent's throws
  (``computer.chebache_search``), within the level's work budget (``WORK``);
  it plays with the learned evaluation (``computer.chebache_learned``,
  trained by self-play): the hand-tuned best turns re-ranked by the network,
  the best ``HARD_TOP`` looked at one reply deeper, the reply to each throw
  chosen among the hand-tuned best few and valued by the network;
- ``expert``: with the learned evaluation, ``hard``'s search (a wider one
  scored below ``hard``); ``EXPERT_TOP`` turns on the hand-tuned value.

Successor positions come straight from the engine's turn search
(``games.chebache.successors``), not from each turn's text played again.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from computer import chebache_eval as ev
from computer.base import Budget, Choice, Level, mover
from computer.chebache_explain import explain_turn
from computer.chebache_search import hard_ranking, reply_value
from computer.learned_levels import LearnedLevels
from computer.levelled import LevelledStrategy
from computer.reasons import Reason
from computer.search import Candidate, outcome_value, pick_with_noise, ranked_turns
from games.base import Dice, Position
from games.chebache.position import ChebachePosition
from games.chebache.successors import successors
from games.turns import Turn

if TYPE_CHECKING:  # numpy is imported only when a level uses the learned value
    from computer.td import Network

_SIDES = ("W", "B")


def _kings_on(position: Position) -> bool:
    return position.options.get("kings", "true") == "true"


def simple_value(position: Position, side: str) -> float:
    """The greedy baseline's plain evaluation: the pip race (pieces' spaces
    still to go to Finish), with the tempo of the side to move."""
    assert isinstance(position, ChebachePosition)
    mover = position.side_to_move
    return ev.race_value(position.state, _SIDES.index(side),
                         None if mover is None else _SIDES.index(mover))


def value(position: Position, side: str) -> float:
    """The levels' evaluation (see ``computer.chebache_eval``)."""
    assert isinstance(position, ChebachePosition)
    mover = position.side_to_move
    me = _SIDES.index(side)
    to_move = 1 - me if mover is None else _SIDES.index(mover)
    return ev.value(position.state, me, to_move, _kings_on(position))


def plain_value(position: Position, side: str) -> float:
    """The ``normal`` level's evaluation: ``value`` without foreseeing the
    attacks the side to move could make (it still sees the race, Kings,
    Chebaches and the pieces they threaten)."""
    assert isinstance(position, ChebachePosition)
    mover = position.side_to_move
    me = _SIDES.index(side)
    to_move = 1 - me if mover is None else _SIDES.index(mover)
    return ev.value(position.state, me, to_move, _kings_on(position), attacks=False)


def expand(position: Position, dice: Dice) -> list[Candidate]:
    """Every legal turn with its position, from the engine's turn search."""
    assert isinstance(position, ChebachePosition)
    return [Candidate(text, after) for text, after in successors(position, dice)]


class ChebacheStrategy(LearnedLevels, LevelledStrategy):
    game = "chebache"
    #: The learned evaluation (computer/chebache_learned.py), which ``hard`` and
    #: ``expert`` play with: ``hard`` with it beat ``hard`` without it by the
    #: figures in docs/computer-strength.md; ``normal`` stays hand-tuned.
    LEARNED_MODULE = "computer.chebache_learned"
    DEFAULT_LEARNED = frozenset({Level.HARD, Level.EXPERT})

    #: ``easy`` picks among turns this close to the best by the race.
    EASY_SPREAD = 0.06
    #: How many one-ply candidates ``hard`` looks at one reply deeper.
    HARD_TOP = 3
    #: Positions a decision may evaluate (``Budget``): about what the old time
    #: budgets (0.1 / 0.5 / 1.5 s) held here.
    #: The same for ``expert``.
    EXPERT_TOP = 6
    WORK = {Level.EASY: 3_000, Level.NORMAL: 15_000, Level.HARD: 40_000,
            Level.EXPERT: 100_000}

    def value(self, position: Position, side: str) -> float:
        return value(position, side)

    def expand(self, position: Position, dice: Dice) -> list[Candidate]:
        return expand(position, dice)

    def choose(self, position: Position, dice: Dice, level: Level, budget: Budget,
               rng: random.Random) -> Choice:
        side = mover(position)
        net = self.net_for(level)
        if net is not None and level != Level.EASY:
            assert isinstance(position, ChebachePosition)
            chosen = self._learned_choice(position, dice, level, budget, net)
        elif level == Level.EASY:
            ranked = ranked_turns(position, dice, simple_value, side, budget, self.expand)
            # even a beginner takes a win it sees (only the game's end is exactly 1)
            wins = [item for item in ranked if item[0] >= 1.0 and item[1].after.result]
            chosen = wins[0][1] if wins else pick_with_noise(ranked, rng, self.EASY_SPREAD)
        elif level == Level.NORMAL:
            chosen = ranked_turns(position, dice, plain_value, side, budget, self.expand)[0][1]
        else:
            ranked = ranked_turns(position, dice, self.value, side, budget, self.expand)
            top = self.EXPERT_TOP if level == Level.EXPERT else self.HARD_TOP
            chosen = hard_ranking(ranked, side, budget, top)[0][1]
        return Choice(chosen.text, explain_turn(position, chosen.after))

    def _learned_choice(self, position: ChebachePosition, dice: Dice, level: Level,
                        budget: Budget, net: Network) -> Candidate:
        """The hand-tuned value's best turns re-ranked by the learned network;
        at ``hard`` and ``expert`` the best few looked at one reply deeper,
        the replies chosen and valued by the network too."""
        from computer import chebache_learned

        # ``expert`` looks at as many turns as ``hard``: over twice the turns it
        # scored 65 of 140 games against ``hard`` (docs/computer-strength.md),
        # a wider look picking the turns whose replies the network overrates
        top = self.HARD_TOP
        found = chebache_learned.ranking(position, dice, net)  # its TOP covers ``top``
        budget.spend(len(found))
        ranked = [(value, Candidate(text, after)) for value, text, after in found]
        if level == Level.NORMAL or len(ranked) == 1 or ranked[0][0] >= 1.0:
            return ranked[0][1]
        me = _SIDES.index(mover(position))
        best_value, best = -1.0, ranked[0][1]
        for index, (static, candidate) in enumerate(ranked[:top]):
            if index and budget.expired():
                break
            after = candidate.after
            assert isinstance(after, ChebachePosition)
            value = chebache_learned.reply_value(after, me, net, budget, static)
            if value is None:
                break
            if value > best_value:
                best_value, best = value, candidate
        return best

    def after_value(self, after: Position, side: str, level: Level, budget: Budget
                    ) -> float | None:
        """As each level looks: the race (``easy``), the plain evaluation
        (``normal``), the opponent's best reply averaged over its throws
        (``hard``, ``expert``; doubles at the one-ply value, as their search),
        by the network where the level plays with it (``_learned_choice``'s
        reply search), else by the hand-tuned evaluation."""
        assert isinstance(after, ChebachePosition)
        budget.spend()
        done = outcome_value(after, side)
        if done is not None:
            return done
        if level == Level.EASY:
            return simple_value(after, side)
        net = self.net_for(level)
        if net is not None:
            from computer import chebache_learned

            static = float(net.values(chebache_learned.matrix([after], side))[0])
            if level == Level.NORMAL:
                return static
            return chebache_learned.reply_value(after, _SIDES.index(side), net, budget, static)
        if level == Level.NORMAL:
            return plain_value(after, side)
        return reply_value(after, _SIDES.index(side), budget, self.value(after, side))

    def explain(self, position: Position, dice: Dice, text: str | Turn) -> Reason:
        assert isinstance(position, ChebachePosition)
        after = position.play(text, dice).position
        return explain_turn(position, after)


STRATEGY = ChebacheStrategy()
