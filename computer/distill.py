"""Distil a deeper look into a one-ply network: fit a game's learned evaluation
to its teacher's values one reply deeper.

Run: ``python -m computer.distill GAME --teacher FILE|shipped --positions N
--seed S [--seed S ...] [--hidden H] [--epochs 10] [--lr 0.002] [--members 1]
[--fit-seed F] [--match 1000] [--out FILE]`` with GAME one of ``hachapury``,
``cheesegambit``, ``chebache``.

Self-play by TD(λ) (computer/train.py) moves a value towards the next
position's value by the same network, one sampled throw at a time: a noisy
target, and one that can only be as good as the network already is.  Here the
target is what the teacher (a trained network or ensemble) sees one reply
deeper: for an after-state, one minus the opponent's best reply by the
teacher for each of its 21 throws, averaged over their chances, exactly what
the levels' reply searches compute.  A network fitted to those values sees at
one ply about what its teacher saw at two, and a search that uses it at its
leaves sees that much further too (docs/computer-strength.md, session 16).

- **Positions** (``positions``): for each seed, self-play games of the teacher
  one ply deep; at each turn the after-state it plays and, so that the
  network learns to rank a throw's turns and not only to value the ones it
  plays, the next ``ALTERNATIVES`` of that throw by the teacher and one more
  at random; one turn in ``1 / EXPLORE`` is played at random, so that the
  games also go where the teacher would not take them.
- **Fitting** (``fit``): the student starts from the teacher (an ensemble's
  first member; ``--hidden`` widens it), and is fitted to all seeds'
  positions by minibatch Adam on the cross-entropy of its win share against
  the target; one position in ten is held out, and its mean squared error
  printed each epoch.  ``--members K`` fits K students (member k from the
  teacher's member k, round robin) and writes their ensemble.
- **Iterating:** the student is the next round's teacher; each round it sees
  a little deeper (docs/computer-strength.md, session 16).
- Same teacher, seeds and options on the same machine: the same weights
  (the clock only times the log lines).  At the end it prints the student's one-ply
  match against the teacher (``--match`` games, seats alternating, the same
  seeded dice for both).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from computer.selfplay import (
    MAX_TURNS,
    THROWS,
    SelfPlay,
    best_index,
    every_throw,
    match,
    net_chooser,
    net_scores,
    throw,
    wilson,
)
from computer.td import WEIGHTS_DIR, Array, Network, sigmoid
from computer.train import GAMES, log_line, self_play_of

#: Beside the after-state played, this many more of the throw's turns (the
#: teacher's next best) are valued at each turn, and one more at random.
ALTERNATIVES = 2
#: The share of turns played at random instead of by the teacher.
EXPLORE = 0.1
#: One position in this many is held out to measure the fit.
HOLD_OUT = 10


@dataclass(frozen=True)
class Positions:
    """Feature rows and their teacher's values (the mover's win share one reply deeper)."""

    x: Array
    y: Array

    def __len__(self) -> int:
        return len(self.y)

    @classmethod
    def join(cls, parts: list[Positions]) -> Positions:
        return cls(np.concatenate([p.x for p in parts]), np.concatenate([p.y for p in parts]))


def one_reply_deeper(play: SelfPlay[Any, Any], teacher: Network, state: Any, after: Any
                     ) -> float:
    """The mover's value of ``after`` (one of its turns from ``state``) once the
    opponent has replied: one minus the opponent's best by ``teacher``,
    averaged over its 21 throws."""
    _, found = every_throw(teacher, play, play.advance(state, after))
    return sum(weight * (1.0 - max(found[dice][1])) for dice, weight in THROWS)


def _valued(scores: list[float], index: int, rng: random.Random) -> list[int]:
    """The turns of a throw to value: the one played, the teacher's next best
    ``ALTERNATIVES`` and, where the throw has more turns than those, one at random."""
    order = sorted(range(len(scores)), key=lambda i: -scores[i])
    picks = [index] + [i for i in order if i != index][:ALTERNATIVES]
    if len(scores) > ALTERNATIVES + 2:
        picks.append(rng.randrange(len(scores)))
    return list(dict.fromkeys(picks))


def positions(game: str, teacher: Network, count: int, seed: int,
              log: Callable[[str], None] = print) -> Positions:
    """At least ``count`` after-states (whole games) from the teacher's
    self-play (seeded), with their values one reply deeper."""
    play = self_play_of(game)
    rng = random.Random(seed)
    rows: list[Array] = []
    targets: list[float] = []
    started = time.perf_counter()
    games = 0
    while len(targets) < count:
        games += 1
        for state, afters, scores, index in _game(play, teacher, rng):
            for i in _valued(scores, index, rng):
                if play.outcome(state, afters[i]) is not None:
                    continue  # a finished game needs no teacher
                rows.append(play.rows(state, [afters[i]])[0])
                targets.append(one_reply_deeper(play, teacher, state, afters[i]))
        if games % 100 == 0:
            log(f"seed {seed}: {games} games, {len(targets)} positions "
                f"({time.perf_counter() - started:.0f} s)")
    return Positions(np.array(rows), np.array(targets))


def _game(play: SelfPlay[Any, Any], teacher: Network, rng: random.Random
          ) -> Iterator[tuple[Any, list[Any], list[float], int]]:
    """One self-play game of the teacher one ply deep (a turn in ``1 / EXPLORE``
    at random): each turn's state, after-states, their values and the one played."""
    state = play.start()
    for _ in range(MAX_TURNS):
        afters = play.options(state, throw(rng))
        scores = net_scores(teacher, play, state, afters)
        index = best_index(scores)
        if rng.random() < EXPLORE:
            index = rng.randrange(len(afters))
        yield state, afters, scores, index
        if play.outcome(state, afters[index]) is not None:
            return
        state = play.advance(state, afters[index])


def _loss(net: Network, data: Positions) -> float:
    return float(np.mean((net.values(data.x) - data.y) ** 2))


def fit(start: Network, data: Positions, seed: int, epochs: int = 10, lr: float = 0.002,
        hidden: int | None = None, batch: int = 128, log: Callable[[str], None] = print
        ) -> Network:
    """A copy of ``start`` (a single network; widened to ``hidden`` units, the
    new ones random and with no say yet) fitted to ``data``: minibatch Adam on
    the cross-entropy of its win share against the target, the step halved
    every four epochs; the hold-out's mean squared error logged each epoch."""
    if start.members > 1:
        raise ValueError("fit one network at a time (an ensemble's member)")
    net = start.copy()
    rng = np.random.default_rng(seed)
    order = rng.permutation(len(data))
    held = len(data) // HOLD_OUT
    hold = Positions(data.x[order[:held]], data.y[order[:held]])
    train = Positions(data.x[order[held:]], data.y[order[held:]])
    if hidden is not None and hidden > len(net.b):
        _widen(net, hidden, rng)
    params = net.params()
    first = [np.zeros_like(p) for p in params]
    second = [np.zeros_like(p) for p in params]
    steps = 0
    log(f"fit seed {seed}: {len(train)} positions, {held} held out; "
        f"mean squared error {_loss(net, hold):.6f} at the start")
    for epoch in range(1, epochs + 1):
        rate = lr * 0.5 ** ((epoch - 1) / 4)
        shuffled = rng.permutation(len(train))
        for begin in range(0, len(train), batch):
            chosen = shuffled[begin:begin + batch]
            steps += 1
            _adam(params, _gradient(net, train.x[chosen], train.y[chosen]), first, second,
                  steps, rate)
        log(f"  epoch {epoch}: {_loss(net, hold):.6f}")
    return net


def _widen(net: Network, hidden: int, rng: np.random.Generator) -> None:
    """Add hidden units to ``net`` (in place) as ``Network.fresh`` makes them:
    small random input weights and output weights near 0, so the network
    values as before until the fit gives them a say."""
    extra = hidden - len(net.b)
    net.W = np.concatenate([net.W, rng.normal(0.0, 0.1, (extra, net.W.shape[1]))])
    net.b = np.concatenate([net.b, np.zeros(extra)])
    net.v = np.concatenate([net.v, rng.normal(0.0, 0.01, extra)])


def _gradient(net: Network, x: Array, y: Array) -> list[Array]:
    """The mean cross-entropy's gradient over a batch, for each of ``net.params()``
    (its slope in the logit is simply the win share minus the target)."""
    hidden = np.tanh(x @ net.W.T + net.b)
    logit = hidden @ net.v + x @ net.u + net.c[0]
    slope = (sigmoid(logit) - y) / len(y)
    back = np.outer(slope, net.v) * (1.0 - hidden * hidden)
    return [back.T @ x, back.sum(axis=0), hidden.T @ slope, x.T @ slope,
            np.array([slope.sum()])]


def _adam(params: list[Array], grads: list[Array], first: list[Array], second: list[Array],
          steps: int, rate: float, beta1: float = 0.9, beta2: float = 0.999) -> None:
    """One Adam step, in place."""
    for p, g, m, v in zip(params, grads, first, second, strict=True):
        m *= beta1
        m += (1.0 - beta1) * g
        v *= beta2
        v += (1.0 - beta2) * g * g
        p -= rate * (m / (1.0 - beta1 ** steps)) / (np.sqrt(v / (1.0 - beta2 ** steps)) + 1e-8)


def teacher_path(game: str, name: str) -> Path:
    """``shipped`` (the repository's weights for ``game``) or a weights file."""
    return WEIGHTS_DIR / f"{game}.npz" if name == "shipped" else Path(name)


def recipe(game: str, teacher: Path, command: list[str]) -> str:
    """How to make the student from nothing: the teacher's own recipe (a
    distilled teacher's, or its self-play run's from its seeds and games), then
    this command."""
    with np.load(teacher) as data:
        if "recipe" in data:
            before = str(data["recipe"])
        else:
            seeds = str(data["seeds"]).split(",") if "seeds" in data else [str(data["seed"])]
            before = (f"python -m computer.train {game} --games {int(data['games'])} "
                      + " ".join(f"--seed {seed}" for seed in seeds)
                      + f" --out {teacher.name}")
    return f"{before}; python -m computer.distill {' '.join(command)}"


def distil(game: str, teacher: Network, count: int, seeds: list[int], epochs: int = 10,
           lr: float = 0.002, hidden: int | None = None, members: int = 1,
           fit_seed: int | None = None, log: Callable[[str], None] = print) -> Network:
    """``members`` networks fitted to the teacher's values one reply deeper over
    at least ``count`` positions from each of ``seeds`` (pooled in seed order),
    member k starting from the teacher's member k (round robin) with fit seed
    ``fit_seed`` + k (``fit_seed``: the first seed unless given); several
    members give their ensemble."""
    data = Positions.join([positions(game, teacher, count, seed, log) for seed in seeds])
    first = seeds[0] if fit_seed is None else fit_seed
    nets = [fit(teacher.member(k % teacher.members), data, first + k, epochs, lr, hidden,
                log=log)
            for k in range(members)]
    return nets[0] if members == 1 else Network.stack(nets)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=sorted(GAMES))
    parser.add_argument("--teacher", default="shipped",
                        help="a weights file, or shipped (the repository's)")
    parser.add_argument("--positions", type=int, default=80_000,
                        help="positions a seed")
    parser.add_argument("--seed", type=int, action="append",
                        help="the self-play's seed (repeat: positions from each, pooled)")
    parser.add_argument("--epochs", type=int, default=10)
    parser.add_argument("--lr", type=float, default=0.002)
    parser.add_argument("--hidden", type=int, help="widen the student to this many units")
    parser.add_argument("--members", type=int, default=1,
                        help="fit this many networks, for an ensemble")
    parser.add_argument("--fit-seed", type=int, help="the fit's seed (default: the first seed)")
    parser.add_argument("--match", type=int, default=1000,
                        help="one-ply games against the teacher at the end (0: none)")
    parser.add_argument("--out", type=Path)
    args = parser.parse_args(argv)
    out = args.out or WEIGHTS_DIR / f"{args.game}.npz"
    seeds: list[int] = args.seed or [1]
    source = teacher_path(args.game, args.teacher)
    teacher = Network.load(source)
    made = recipe(args.game, source, sys.argv[1:] if argv is None else argv)
    student = distil(args.game, teacher, args.positions, seeds, args.epochs, args.lr,
                     args.hidden, args.members, args.fit_seed, log_line)
    student.save(out, distilled_from=source.name, positions=args.positions,
                 seeds=",".join(map(str, seeds)), epochs=args.epochs, lr=args.lr,
                 fit_seed=seeds[0] if args.fit_seed is None else args.fit_seed, recipe=made)
    if args.match:
        play = self_play_of(args.game)
        score = match(play, net_chooser(student), net_chooser(teacher), args.match,
                      seeds[0] + 7)
        low, high = wilson(score, args.match)
        log_line(f"against the teacher one ply deep: {score:g}/{args.match} = "
            f"{score / args.match:.1%} [95% {low:.1%}-{high:.1%}]")
    print(f"weights: {out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
