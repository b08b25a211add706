"""Chebache's learned evaluation: the features of an after-state and the
trainer's view of the game, trained by ``python -m computer.train chebache``
(network: computer/td.py).

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
from functools import lru_cache

import numpy as np

from computer import chebache_eval as ev
from computer.chebache import value
from computer.td import WEIGHTS_DIR, Array, Network
from games import get_game
from games.base import Dice
from games.chebache.board import SLOT
from games.chebache.position import ChebachePosition
from games.chebache.state import P_FIN, P_FIN_K, P_START, P_START_K, State
from games.chebache.successors import successors

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
    them = 1 - me
    state: State = after.state
    next_side = after.side_to_move
    to_move = them if next_side is None else SIDES.index(next_side)
    pw, pb, kw, kb, sw, sb, gain, loss_only = ev.parts(state, to_move)
    pips = (pw, pb)
    kings = (kw, kb)
    standing = (sw, sb)
    start_me, finish_me = _pools(state[1], me)
    start_them, finish_them = _pools(state[1], them)
    kings_on = after.options.get("kings", "true") == "true"
    share = min(max(value(after, mover), 1e-6), 1.0 - 1e-6)
    return [
        pips[me] / 100.0, pips[them] / 100.0, kings[me] / 2.0, kings[them] / 2.0,
        standing[me] / 3.0, standing[them] / 3.0, start_me, finish_me, start_them,
        finish_them, gain / 30.0, loss_only / 30.0,
    ] + _path(state[0], me) + _path(state[0], them) + [
        math.log(share / (1.0 - share)), float(to_move == me), float(kings_on)]


def matrix(afters: Sequence[ChebachePosition], mover: str) -> Array:
    return np.array([features(a, mover) for a in afters], dtype=np.float64).reshape(
        len(afters), FEATURES)


def fresh(seed: int) -> Network:
    """The untrained network: the hand-tuned evaluation exactly."""
    return Network.fresh(FEATURES, HIDDEN, seed, {HAND_LOGIT: 1.0})


@lru_cache(maxsize=1)
def shipped() -> Network:
    """The weights in the repository (computer/weights/chebache.npz)."""
    return Network.load(WEIGHTS)


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


class ChebacheSelfPlay:
    """The trainer's view of Chebache (computer/selfplay.py), Kings on."""

    game = "chebache"
    first = "W"

    def fresh(self, seed: int) -> Network:
        return fresh(seed)

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
