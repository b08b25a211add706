"""Chebache's learned evaluation: the features of an after-state and the
trainer's view of the game, trained by ``python -m computer.train chebache``
(network: computer/td.py).  The shipped weights are the self-play network
(``--games 1000 --seed 1``) distilled once (``python -m computer.distill``)
to its own values one reply deeper; the whole recipe is in the weights file
(``recipe``) and docs/computer-strength.md (session 17).

An after-state is the position a turn leads to.  The network looks at the
hand-tuned evaluation's best ``TOP`` turns (the full value, as ``hard`` ranks
them at one ply), so it re-ranks what the hand-tuned value already finds
good: a throw can give hundreds of turns, and this keeps a training game near
``hard``'s one-ply cost.

Features (``FEATURES``), with "mine" the side that has just moved:

- the parts the hand-tuned score adds up (computer/chebache_eval.py
  ``parts``), each side's: pips / 100, Kings / 2, standing Chebaches / 3,
  pieces in Start and in Finish / 10; and what the side to move next can
  expect to gain this coming turn, with and without its attacks, / 30;
- the board along each side's own path (spaces 1-17 in its numbering, so the
  colours are alike): whether the side tops the stack there, and its pieces
  in it / 3;
- the hand-tuned value's logit (the network's starting point), whether the
  mover moves next, whether Kings are on.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

from computer import chebache_eval as ev
from computer.base import Budget
from computer.chebache import value
from computer.search import TWO_DICE
from computer.selfplay import ranked_by_net
from computer.td import WEIGHTS_DIR, Array, Model, Network
from games import get_game
from games.base import Dice
from games.chebache.board import SLOT
from games.chebache.position import ChebachePosition
from games.chebache.state import P_FIN, P_FIN_K, P_START, P_START_K, State
from games.chebache.successors import successors, turn_ends

#: How many of the hand-tuned value's best turns the network looks at.
TOP = 8
SIDES = ("W", "B")
PARTS = 12
PATH = 17
#: Index of the hand-tuned value's logit among the features.
HAND_LOGIT = PARTS + 2 * 2 * PATH
FEATURES = HAND_LOGIT + 3
HIDDEN = 16
WEIGHTS = WEIGHTS_DIR / "chebache.npz"


def _path(slots: tuple[tuple[int, ...], ...], side: int) -> list[float]:
    out: list[float] = []
    for n in range(1, PATH + 1):
        stack = slots[SLOT[side][n]]
        out.append(float(bool(stack) and (stack[-1] & 1) == side))
        out.append(sum(1 for p in stack if (p & 1) == side) / 3.0)
    return out


def _pools(pools: tuple[int, ...], side: int) -> tuple[float, float]:
    base = side * 4
    return ((pools[base + P_START] + pools[base + P_START_K]) / 10.0,
            (pools[base + P_FIN] + pools[base + P_FIN_K]) / 10.0)


def features(after: ChebachePosition, mover: str) -> list[float]:
    """The feature row of ``after`` (``mover`` has just played) from the mover's view."""
    me = SIDES.index(mover)
    next_side = after.side_to_move
    to_move = 1 - me if next_side is None else SIDES.index(next_side)
    return state_features(after.state, me, to_move,
                          after.options.get("kings", "true") == "true")


def state_features(state: State, me: int, to_move: int, kings_on: bool) -> list[float]:
    """``features`` of an end-of-turn state (``me`` has just played,
    ``to_move`` throws next; sides as 0 White, 1 Black)."""
    them = 1 - me
    pw, pb, kw, kb, sw, sb, gain, loss_only = ev.parts(state, to_move)
    pips = (pw, pb)
    kings = (kw, kb)
    standing = (sw, sb)
    start_me, finish_me = _pools(state[1], me)
    start_them, finish_them = _pools(state[1], them)
    share = min(max(ev.value(state, me, to_move, kings_on), 1e-6), 1.0 - 1e-6)
    return [
        pips[me] / 100.0, pips[them] / 100.0, kings[me] / 2.0, kings[them] / 2.0,
        standing[me] / 3.0, standing[them] / 3.0, start_me, finish_me, start_them,
        finish_them, gain / 30.0, loss_only / 30.0,
    ] + _path(state[0], me) + _path(state[0], them) + [
        math.log(share / (1.0 - share)), float(to_move == me), float(kings_on)]


#: The network's shape (computer/td.py) and its shipped weights.
MODEL = Model(FEATURES, HIDDEN, HAND_LOGIT, WEIGHTS)
fresh = MODEL.fresh
shipped = MODEL.shipped


def matrix(afters: Sequence[ChebachePosition], mover: str) -> Array:
    return MODEL.matrix(features(a, mover) for a in afters)


def top_turns(position: ChebachePosition, dice: Dice, top: int = TOP
              ) -> list[tuple[float, str, ChebachePosition]]:
    """The hand-tuned value's best ``top`` turns (value, text, position after),
    best first (the engine's order breaks ties)."""
    mover = position.side_to_move
    assert mover is not None
    scored: list[tuple[float, int, str, ChebachePosition]] = []
    for index, (text, after) in enumerate(successors(position, dice)):
        result = after.result
        if result is not None:
            worth = 0.5 if result.winner is None else float(result.winner == mover)
        else:
            worth = value(after, mover)
        scored.append((worth, index, text, after))
    scored.sort(key=lambda item: (-item[0], item[1]))
    return [(worth, text, after) for worth, _, text, after in scored[:top]]


def ranking(position: ChebachePosition, dice: Dice, net: Network, top: int = TOP
            ) -> list[tuple[float, str, ChebachePosition]]:
    """The hand-tuned value's best ``top`` turns ranked by ``net`` instead
    (value to the mover, text, position after), best first; a tie keeps the
    hand-tuned order.  What a level with the learned evaluation looks at."""
    found = top_turns(position, dice, top)
    return [(value, found[i][1], found[i][2])
            for value, i in ranked_by_net(net, SELF_PLAY, position, [a for _, _, a in found])]


#: How many of the hand-tuned value's best replies the network looks at in a reply search.
REPLY_TOP = 4


def reply_value(after: ChebachePosition, me: int, net: Network, budget: Budget,
                static: float) -> float | None:
    """``me``'s value of ``after`` by the network once the opponent has
    replied: for each of its throws but doubles, its best turn among the
    hand-tuned best ``REPLY_TOP`` by the network, averaged over the throws
    (doubles, hundreds of turns each, count as ``static``: the network's
    one-ply value of ``after``, as ``hard``'s own search counts them); None
    if the budget ran out first (each reply is a unit of it)."""
    result = after.result
    if result is not None:
        return 0.5 if result.winner is None else float(result.winner == SIDES[me])
    foe = 1 - me
    kings_on = after.options.get("kings", "true") == "true"
    total = 0.0
    for dice, weight in TWO_DICE:
        if budget.expired():
            return None
        if dice[0] == dice[1]:
            total += weight * static
            continue
        ends = turn_ends(after, dice)
        budget.spend(len(ends))
        best = -1.0
        live: list[tuple[float, State]] = []
        for end in ends:
            if end.winner is not None or end.draw:
                theirs = 0.5 if end.draw else float(end.winner == foe)
                best = max(best, theirs)
            else:
                live.append((ev.value(end.state, foe, me, kings_on), end.state))
        if live and best < 1.0:
            live.sort(key=lambda item: -item[0])
            rows = np.array([state_features(state, foe, me, kings_on)
                             for _, state in live[:REPLY_TOP]], dtype=np.float64)
            best = max(best, float(net.values(rows).max()))
        total += weight * (1.0 - best)
    return total


class ChebacheSelfPlay:
    """The trainer's view of Chebache (computer/selfplay.py), Kings on."""

    game = "chebache"
    first = "W"

    def fresh(self, seed: int, hidden: int | None = None) -> Network:
        return fresh(seed, hidden)

    def start(self) -> ChebachePosition:
        game = get_game("chebache")
        options = game.normalise_options({})
        position = game.initial(options, self.first)
        assert isinstance(position, ChebachePosition)
        return position

    def mover(self, state: ChebachePosition) -> str:
        side = state.side_to_move
        assert side is not None
        return side

    def options(self, state: ChebachePosition, dice: Dice) -> list[ChebachePosition]:
        return [after for _, _, after in top_turns(state, dice)]

    def outcome(self, state: ChebachePosition, after: ChebachePosition) -> float | None:
        result = after.result
        if result is None:
            return None
        return 0.5 if result.winner is None else float(result.winner == self.mover(state))

    def rows(self, state: ChebachePosition, afters: Sequence[ChebachePosition]) -> Array:
        return matrix(afters, self.mover(state))

    def hand(self, state: ChebachePosition, afters: Sequence[ChebachePosition]) -> list[float]:
        mover = self.mover(state)
        return [value(a, mover) for a in afters]

    def advance(self, state: ChebachePosition, after: ChebachePosition) -> ChebachePosition:
        return after


SELF_PLAY = ChebacheSelfPlay()
__all__ = ["SELF_PLAY", "features", "fresh", "shipped", "top_turns"]
