"""Hachapury's learned evaluation: features of an after-state and the network
(computer/td.py) that values them, trained by ``python -m computer.train
hachapury``.

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

from computer.hachapury_eval import (
    effective_pips,
    evaluate,
    home_waste,
    in_contact,
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
    return MODEL.matrix(features(m, o) for m, o in rows)


def values(net: Network, mover_rows: Sequence[Counts], other: Counts) -> list[float]:
    """The mover's win share after each of ``mover_rows`` against ``other``
    (a finished side, 15 borne off, is exactly 1)."""
    out = [1.0] * len(mover_rows)
    live = [i for i, m in enumerate(mover_rows) if m[0] < 15]
    if live:
        found = net.values(matrix([(mover_rows[i], other) for i in live]))
        for i, v in zip(live, found.tolist(), strict=True):
            out[i] = v
    return out


class HachapurySelfPlay:
    """The trainer's view of Hachapury (computer/selfplay.py): after-states are
    the mover's count tuples, valued without building positions."""

    game = "hachapury"
    first = "W"

    def fresh(self, seed: int) -> Network:
        return fresh(seed)

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
        other = self._other(state)
        return matrix([(mover, other) for mover in afters])

    def hand(self, state: HachapuryPosition, afters: Sequence[Counts]) -> list[float]:
        other = self._other(state)
        return [evaluate(mover, other, False) for mover in afters]

    def advance(self, state: HachapuryPosition, after: Counts) -> HachapuryPosition:
        return state.after(tuple(after))


SELF_PLAY = HachapurySelfPlay()
