"""Self-play for a learned evaluation, the same for every dice game: what a
game gives the trainer (``SelfPlay``), the TD(λ) training game and the
one-ply matches of the learning curve (computer/train.py runs them).

A game's ``SelfPlay`` works on its own state (``S``, a position) and its own
after-states (``A``: what the mover's turn leads to, in whatever form its
search values quickest: Hachapury's count tuples, a CheeseGambit turn option
with its position).  The trainer never looks inside either; it asks for
feature rows (the network's inputs, from the mover's point of view) and
hand-tuned values (the network's starting point, and its opponent in the
learning curve).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import Protocol, TypeVar

import numpy as np

from computer.search import TWO_DICE
from computer.td import Array, Network, TDLambda
from games.base import Dice

S = TypeVar("S")
A = TypeVar("A")


class SelfPlay(Protocol[S, A]):
    """One game's side of the trainer (two players, dice every turn)."""

    #: The game's name (the trainer's command-line word).
    game: str
    #: The first side's letter: values are learned from its point of view.
    first: str

    def fresh(self, seed: int, hidden: int | None = None) -> Network:
        """The untrained network: the hand-tuned evaluation exactly (``hidden``
        units, the game's own number unless given)."""

    def start(self) -> S:
        """The game's initial position, a throw due."""

    def mover(self, state: S) -> str:
        """The side to throw."""

    def options(self, state: S, dice: Dice) -> list[A]:
        """The after-states the mover may choose among with ``dice`` (never
        empty: a turn that cannot move is one after-state)."""

    def outcome(self, state: S, after: A) -> float | None:
        """The mover's result if ``after`` ends the game (1 win, 0 loss, 0.5
        a draw), else None."""

    def rows(self, state: S, afters: Sequence[A]) -> Array:
        """The feature rows of ``afters`` (n, inputs), each from the mover's view."""

    def hand(self, state: S, afters: Sequence[A]) -> list[float]:
        """The hand-tuned evaluation's value of each of ``afters`` to the mover."""

    def advance(self, state: S, after: A) -> S:
        """The position ``after`` leads to, with a throw due (or the game over)."""


#: A one-ply chooser: the index of the best of the mover's after-states.
Chooser = Callable[[SelfPlay[S, A], S, Sequence[A]], int]


def best_index(scores: Sequence[float]) -> int:
    """The first index of the highest score (the game's order breaks ties)."""
    best = 0
    for i, score in enumerate(scores):
        if score > scores[best]:
            best = i
    return best


def net_scores(net: Network, game: SelfPlay[S, A], state: S, afters: Sequence[A]
               ) -> list[float]:
    """The mover's value of each after-state by ``net`` (a finished game by its
    result, exactly)."""
    return _scored(net, game, state, afters)[0]


def _scored(net: Network, game: SelfPlay[S, A], state: S, afters: Sequence[A]
            ) -> tuple[list[float], dict[int, Array]]:
    """``net_scores`` and the feature row of each unfinished after-state by index."""
    scores: list[float] = []
    live: list[int] = []
    for i, after in enumerate(afters):
        done = game.outcome(state, after)
        scores.append(0.0 if done is None else done)
        if done is None:
            live.append(i)
    rows: dict[int, Array] = {}
    if live:
        x = game.rows(state, [afters[i] for i in live])
        found = net.values(x)
        for k, (i, value) in enumerate(zip(live, found.tolist(), strict=True)):
            scores[i] = value
            rows[i] = x[k]
    return scores, rows


def ranked_by_net(net: Network, game: SelfPlay[S, A], state: S, afters: Sequence[A]
                  ) -> list[tuple[float, int]]:
    """(value, index) of ``afters`` best first by ``net`` (a tie keeps their order)."""
    scores = net_scores(net, game, state, afters)
    return sorted(((score, i) for i, score in enumerate(scores)), key=lambda item: -item[0])


def net_chooser(net: Network) -> Chooser[S, A]:
    def choose(game: SelfPlay[S, A], state: S, afters: Sequence[A]) -> int:
        return best_index(net_scores(net, game, state, afters))
    return choose


def hand_chooser(game: SelfPlay[S, A], state: S, afters: Sequence[A]) -> int:
    scores = []
    for value, after in zip(game.hand(state, afters), afters, strict=True):
        done = game.outcome(state, after)
        scores.append(value if done is None else done)
    return best_index(scores)


def throw(rng: random.Random) -> Dice:
    return (rng.randint(1, 6), rng.randint(1, 6))


#: Turns after which a game is scored a draw (no game comes near it: a
#: guard against a network that learns to stall).
MAX_TURNS = 2000


def self_play(game: SelfPlay[S, A], td: TDLambda, rng: random.Random) -> int:
    """One training game of the network against itself, one ply deep, learning
    as it goes (values from ``game.first``'s point of view); its plies."""
    state = game.start()
    td.start()
    plies = 0
    while True:
        plies += 1
        if plies > MAX_TURNS:
            td.finish(0.5)
            return plies
        mover = game.mover(state)
        afters = game.options(state, throw(rng))
        scores, rows = _scored(td.net, game, state, afters)
        index = best_index(scores)
        chosen = afters[index]
        mine = mover == game.first
        done = game.outcome(state, chosen)
        if done is not None:
            td.finish(done if mine else 1.0 - done)
            return plies
        td.step(np.asarray(rows[index]), 1.0 if mine else -1.0)
        state = game.advance(state, chosen)


def match(game: SelfPlay[S, A], a: Chooser[S, A], b: Chooser[S, A], games: int,
          seed: int) -> float:
    """A's score over ``games`` one-ply games against B (a draw is half),
    seats alternating (A moves first in even games), each game's dice from
    ``seed`` and its index."""
    score = 0.0
    for index in range(games):
        rng = random.Random(seed * 1_000_003 + index)
        a_first = index % 2 == 0
        state = game.start()
        for _ in range(MAX_TURNS):
            mover = game.mover(state)
            afters = game.options(state, throw(rng))
            mine = (mover == game.first) == a_first
            chosen = afters[(a if mine else b)(game, state, afters)]
            done = game.outcome(state, chosen)
            if done is not None:
                score += done if mine else 1.0 - done
                break
            state = game.advance(state, chosen)
        else:
            score += 0.5
    return score


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score 95% interval of a win rate."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return centre - half, centre + half


#: Every throw of two dice up to order, with its chance (the expected target's sum).
THROWS = TWO_DICE


def every_throw(net: Network, game: SelfPlay[S, A], state: S
                ) -> tuple[float, dict[Dice, tuple[list[A], list[float], dict[int, Array]]]]:
    """The mover's best value by ``net`` averaged over its 21 throws, and each
    throw's after-states, their values and feature rows (all valued in one batch)."""
    per_throw = {dice: game.options(state, dice) for dice, _ in THROWS}
    flat = [after for dice, _ in THROWS for after in per_throw[dice]]
    scores, rows = _scored(net, game, state, flat)
    found: dict[Dice, tuple[list[A], list[float], dict[int, Array]]] = {}
    expected = 0.0
    start = 0
    for dice, weight in THROWS:
        afters = per_throw[dice]
        end = start + len(afters)
        mine = scores[start:end]
        found[dice] = (afters, mine, {i - start: rows[i] for i in range(start, end) if i in rows})
        expected += weight * max(mine)
        start = end
    return expected, found


def expected_self_play(game: SelfPlay[S, A], net: Network, alpha: float, rng: random.Random
                       ) -> int:
    """One training game of ``net`` against itself, one ply deep, whose every
    after-state is moved towards its value averaged over the next throw: one
    minus the opponent's best by ``net`` for each of its 21 throws, weighted
    by their chances (a finished game by its result).  The sampled throw of
    plain TD only says where the game goes next; the target no longer carries
    its luck (TD(0) with an expected target, as the reply search sees the
    position).  Returns the game's plies."""
    state = game.start()
    afters = game.options(state, throw(rng))
    scores, rows = _scored(net, game, state, afters)
    for plies in range(1, MAX_TURNS + 1):
        index = best_index(scores)
        chosen = afters[index]
        if game.outcome(state, chosen) is not None:
            return plies
        x = np.asarray(rows[index])
        state = game.advance(state, chosen)
        theirs, found = every_throw(net, game, state)
        value, grad = net.value_and_grad(x)
        step = alpha * ((1.0 - theirs) - value)
        for p, g in zip(net.params(), grad, strict=True):
            p += step * g
        afters, scores, rows = found[tuple(sorted(throw(rng)))]
    return MAX_TURNS
