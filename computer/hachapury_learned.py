"""Hachapury's learned evaluation: features of an after-state and the network
(computer/td.py) that values them, trained by ``python -m computer.train
hachapury``.  The shipped weights are one network of 48 hidden units distilled
(``python -m computer.distill``) in two rounds from an ensemble of three
trained by self-play (``--games 40000 --seed 3 --seed 7 --seed 9``); the whole
recipe is in the weights file (``recipe``) and docs/computer-strength.md.

An after-state is a pair of count tuples (computer/hachapury_eval.py: 25
counts in each side's own numbering, index 0 borne off): ``mover``, the side
that has just moved, and ``other``, the side to move next.  Its value is the
mover's win share.

Features (``FEATURES`` of them):

- the raw board, TD-Gammon's encoding: for each side and point 1..24, n >= 1,
  n >= 2, n >= 3 and (n - 3) / 2 beyond, plus the checkers borne off / 15;
- hand-made: the hand-tuned evaluation's logit (the network's starting point:
  see computer/td.py), each side's pips / 100, effective pip count / 100,
  wall penalty / 50 and bear-off waste / 20, and whether the sides are still
  in contact.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

from computer.hachapury_eval import (
    DEFAULT,
    effective_pips,
    evaluate,
    home_waste,
    in_contact,
    other_point,
    pips,
    wall_penalty,
)
from computer.td import WEIGHTS_DIR, Array, Model, Network
from games import get_game
from games.base import Dice
from games.hachapury.position import HachapuryPosition
from games.hachapury.successors import successor_counts

Counts = Sequence[int]

RAW = 2 * (24 * 4 + 1)
#: Index of the hand-tuned evaluation's logit among the features.
HAND_LOGIT = RAW
HAND = 10
FEATURES = RAW + HAND
HIDDEN = 16
WEIGHTS = WEIGHTS_DIR / "hachapury.npz"


def _raw(counts: Counts) -> list[float]:
    out: list[float] = []
    for p in range(1, 25):
        n = counts[p]
        out += (float(n >= 1), float(n >= 2), float(n >= 3), max(n - 3, 0) / 2.0)
    out.append(counts[0] / 15.0)
    return out


def features(mover: Counts, other: Counts) -> list[float]:
    """The feature row of the after-state (``mover`` has moved, ``other`` is next)."""
    share = evaluate(mover, other, False)
    share = min(max(share, 1e-6), 1.0 - 1e-6)
    contact = in_contact(mover, other)
    return _raw(mover) + _raw(other) + [
        math.log(share / (1.0 - share)),
        pips(mover) / 100.0, pips(other) / 100.0,
        effective_pips(mover, other, contact=contact) / 100.0,
        effective_pips(other, mover, contact=contact) / 100.0,
        wall_penalty(mover, other) / 50.0, wall_penalty(other, mover) / 50.0,
        home_waste(mover) / 20.0, home_waste(other) / 20.0,
        float(contact),
    ]


#: The network's shape (computer/td.py) and its shipped weights.
MODEL = Model(FEATURES, HIDDEN, HAND_LOGIT, WEIGHTS)
fresh = MODEL.fresh
shipped = MODEL.shipped


def matrix(rows: Sequence[tuple[Counts, Counts]]) -> Array:
    """The feature rows of (mover, other) pairs, one at a time (``features``)."""
    return MODEL.matrix(features(m, o) for m, o in rows)


#: The evaluation's tables as arrays, for ``batch``.
_WASTE = np.array(DEFAULT.home_waste[1:7])
_WALL = np.array(DEFAULT.wall)
_PIPS = np.arange(25, dtype=np.float64)
#: ``other_point`` of my points 1..24.
_OTHER_POINT = np.array([other_point(p) for p in range(1, 25)])


def _waste(counts: Array) -> Array:
    """``home_waste`` of each row of ``counts`` (n, 25)."""
    home = counts[:, 1:7]
    piled = np.maximum(home - DEFAULT.stack_free, 0.0)
    return np.asarray(home @ _WASTE + DEFAULT.stack * piled.sum(axis=1))


def _raw_batch(counts: Array) -> Array:
    points = counts[:, 1:25]
    cells = np.stack([points >= 1, points >= 2, points >= 3,
                      np.maximum(points - 3, 0.0) / 2.0], axis=2).reshape(len(counts), 96)
    return np.concatenate([cells, counts[:, :1] / 15.0], axis=1)


def batch(movers: Sequence[Counts], other: Counts) -> Array:
    """``features(m, other)`` for every ``m`` of ``movers`` at once, in numpy
    (the same numbers to rounding: tests/computer/test_train.py): the search
    and the trainer value a throw's turns against one fixed opponent."""
    m = np.asarray(movers, dtype=np.float64).reshape(-1, 25)
    o = np.asarray(other, dtype=np.float64)
    n = len(m)
    # contact (in_contact): a side's highest checker above a point the other holds
    m_occ = m[:, 1:25] > 0
    m_high = np.where(m_occ.any(axis=1), 24 - np.argmax(m_occ[:, ::-1], axis=1), 0)
    o_points = [p for p in range(1, 25) if o[p] > 0]
    o_high = max(o_points, default=0)
    o_closed_low = min((other_point(q) for q in o_points), default=99)
    contact = (o_closed_low < m_high) | (m_occ & (_OTHER_POINT < o_high)).any(axis=1)
    # walls: the mover's runners against the other's home (held fixed for the batch) ...
    held = np.cumsum([0] + [int(o[q] > 0) for q in range(1, 7)])
    mover_wall = m[:, 13:19] @ _WALL[held[:6]] + m[:, 19:25].sum(axis=1) * _WALL[held[6]]
    # ... and the other's runners against each mover's home
    m_held = np.concatenate([np.zeros((n, 1)), np.cumsum(m[:, 1:7] > 0, axis=1)], axis=1)
    m_held = m_held.astype(np.int64)
    other_wall = (_WALL[m_held[:, :6]] @ o[13:19]) + o[19:25].sum() * _WALL[m_held[:, 6]]
    mover_waste = _waste(m)
    other_waste = float(_waste(o.reshape(1, 25))[0])
    times = np.where(contact, DEFAULT.contact_waste, 1.0)
    mover_pips = m @ _PIPS
    other_pips = float(o @ _PIPS)
    mover_epc = mover_pips + mover_waste * times + mover_wall
    other_epc = other_pips + other_waste * times + other_wall
    # the hand-tuned value's logit (evaluate(mover, other, False), as race_chance)
    lead = other_epc - mover_epc - DEFAULT.tempo
    sigma = DEFAULT.spread * np.sqrt(np.maximum(mover_epc + other_epc, 1.0)) + DEFAULT.base
    share = np.clip(1.0 / (1.0 + np.exp(-1.702 * lead / sigma)), 1e-6, 1.0 - 1e-6)
    hand = np.stack([
        np.log(share / (1.0 - share)),
        mover_pips / 100.0, np.full(n, other_pips / 100.0),
        mover_epc / 100.0, other_epc / 100.0,
        mover_wall / 50.0, other_wall / 50.0,
        mover_waste / 20.0, np.full(n, other_waste / 20.0),
        contact.astype(np.float64),
    ], axis=1)
    return np.concatenate([_raw_batch(m), _raw_batch(o.reshape(1, 25)).repeat(n, axis=0),
                           hand], axis=1)


def values(net: Network, mover_rows: Sequence[Counts], other: Counts) -> list[float]:
    """The mover's win share after each of ``mover_rows`` against ``other``
    (a finished side, 15 borne off, is exactly 1)."""
    out = [1.0] * len(mover_rows)
    live = [i for i, m in enumerate(mover_rows) if m[0] < 15]
    if live:
        found = net.values(batch([mover_rows[i] for i in live], other))
        for i, v in zip(live, found.tolist(), strict=True):
            out[i] = v
    return out


class HachapurySelfPlay:
    """The trainer's view of Hachapury (computer/selfplay.py): after-states are
    the mover's count tuples, valued without building positions."""

    game = "hachapury"
    first = "W"

    def fresh(self, seed: int, hidden: int | None = None) -> Network:
        return fresh(seed, hidden)

    def start(self) -> HachapuryPosition:
        game = get_game("hachapury")
        options = game.normalise_options({})
        position = game.initial(options, game.sides(options)[0].letter)
        assert isinstance(position, HachapuryPosition)
        return position

    def mover(self, state: HachapuryPosition) -> str:
        side = state.side_to_move
        assert side is not None
        return side

    def _other(self, state: HachapuryPosition) -> tuple[int, ...]:
        return state.checkers("B" if self.mover(state) == "W" else "W")

    def options(self, state: HachapuryPosition, dice: Dice) -> list[tuple[int, ...]]:
        return [counts for _, counts in successor_counts(state, dice)]

    def outcome(self, state: HachapuryPosition, after: Counts) -> float | None:
        return 1.0 if after[0] == 15 else None

    def rows(self, state: HachapuryPosition, afters: Sequence[Counts]) -> Array:
        return batch(afters, self._other(state))

    def hand(self, state: HachapuryPosition, afters: Sequence[Counts]) -> list[float]:
        other = self._other(state)
        return [evaluate(mover, other, False) for mover in afters]

    def advance(self, state: HachapuryPosition, after: Counts) -> HachapuryPosition:
        return state.after(tuple(after))


SELF_PLAY = HachapurySelfPlay()
