"""Train a game's learned evaluation by self-play with TD(λ), as TD-Gammon did.

Run: ``python -m computer.train hachapury --games 2000 --seed 1
[--every 400] [--match 200] [--alpha 0.01] [--lam 0.7] [--out FILE]``.

The network (computer/td.py) starts as the hand-tuned evaluation exactly and
plays itself one ply deep (the best after-state by its own value, no
exploration: the dice explore); after every after-state it moves its value
towards the next one's, and at the end towards the result.  Every
``--every`` games it prints its learning curve: one-ply matches of
``--match`` games (seats alternating, the same seeded dice for every match)
against the previous checkpoint and against the hand-tuned evaluation, with
Wilson 95% intervals.  Same seed, same options, same machine: same weights
(the dice and the network's start come from the seed; nothing reads the
clock).  The weights go to ``--out`` (default computer/weights/GAME.npz).
The shipped Hachapury weights: ``--games 4000 --seed 2`` (docs/computer-strength.md).
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np

from computer import hachapury_learned as learned
from computer.hachapury_eval import evaluate
from computer.td import WEIGHTS_DIR, Network, TDLambda
from games import get_game
from games.hachapury.position import HachapuryPosition
from games.hachapury.successors import successor_counts

Counts = tuple[int, ...]
#: A one-ply chooser: the index of the best of the mover's after-states
#: against the other side's counts.
Chooser = Callable[[Sequence[Counts], Counts], int]


def _initial() -> HachapuryPosition:
    game = get_game("hachapury")
    options = game.normalise_options({})
    position = game.initial(options, game.sides(options)[0].letter)
    assert isinstance(position, HachapuryPosition)
    return position


def _other(side: str) -> str:
    return "B" if side == "W" else "W"


def _best(scores: Sequence[float]) -> int:
    """The first index of the highest score (the engine's order breaks ties)."""
    best = 0
    for i, score in enumerate(scores):
        if score > scores[best]:
            best = i
    return best


def net_chooser(net: Network) -> Chooser:
    def choose(rows: Sequence[Counts], other: Counts) -> int:
        return _best(learned.values(net, rows, other))
    return choose


def hand_chooser(rows: Sequence[Counts], other: Counts) -> int:
    return _best([1.0 if m[0] == 15 else evaluate(m, other, False) for m in rows])


def self_play(td: TDLambda, rng: random.Random) -> None:
    """One training game of the network against itself, learning as it goes
    (values from White's point of view)."""
    position = _initial()
    td.start()
    while True:
        mover = position.side_to_move
        assert mover is not None
        other = position.checkers(_other(mover))
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        rows = [counts for _, counts in successor_counts(position, dice)]
        chosen = rows[_best(learned.values(td.net, rows, other))]
        sign = 1.0 if mover == "W" else -1.0
        if chosen[0] == 15:
            td.finish(1.0 if mover == "W" else 0.0)
            return
        td.step(np.array(learned.features(chosen, other)), sign)
        position = position.after(chosen)


def match(a: Chooser, b: Chooser, games: int, seed: int) -> float:
    """A's wins over ``games`` one-ply games against B, seats alternating (A
    moves first in even games), each game's dice from ``seed`` and its index."""
    wins = 0
    for index in range(games):
        rng = random.Random(seed * 1_000_003 + index)
        first = {"W": a, "B": b} if index % 2 == 0 else {"W": b, "B": a}
        position = _initial()
        while position.result is None:
            mover = position.side_to_move
            assert mover is not None
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            rows = [counts for _, counts in successor_counts(position, dice)]
            position = position.after(rows[first[mover](rows, position.checkers(_other(mover)))])
        a_side = "W" if index % 2 == 0 else "B"
        wins += position.result.winner == a_side
    return wins


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score 95% interval of a win rate."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return centre - half, centre + half


def _line(name: str, wins: float, games: int) -> str:
    low, high = wilson(wins, games)
    return f"vs {name} {wins:g}/{games} = {wins / games:.1%} [95% {low:.1%}-{high:.1%}]"


def train(games: int, seed: int, every: int = 0, match_games: int = 0, alpha: float = 0.01,
          lam: float = 0.7, out: Path | None = None, log: Callable[[str], None] = print
          ) -> Network:
    """Train from the hand-tuned start for ``games`` self-play games; the
    learning curve goes to ``log``; the weights to ``out`` if given."""
    rng = random.Random(seed)
    net = learned.fresh(seed)
    td = TDLambda(net, alpha, lam)
    previous = net.copy()
    started = time.perf_counter()
    for done in range(1, games + 1):
        self_play(td, rng)
        if every and match_games and (done % every == 0 or done == games):
            # the same dice for every checkpoint's matches: only the players change
            mine = net_chooser(net)
            against_previous = match(mine, net_chooser(previous), match_games, seed + 7)
            against_hand = match(mine, hand_chooser, match_games, seed + 7)
            log(f"{done} games ({time.perf_counter() - started:.0f} s): "
                f"{_line('previous', against_previous, match_games)}; "
                f"{_line('hand-tuned', against_hand, match_games)}")
            previous = net.copy()
    if out is not None:
        net.save(out, games=games, seed=seed, alpha=alpha, lam=lam)
    return net


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=["hachapury"])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--every", type=int, default=400)
    parser.add_argument("--match", type=int, default=200)
    parser.add_argument("--alpha", type=float, default=0.01)
    parser.add_argument("--lam", type=float, default=0.7)
    parser.add_argument("--out", type=Path)
    args = parser.parse_args(argv)
    out = args.out or WEIGHTS_DIR / f"{args.game}.npz"
    train(args.games, args.seed, args.every, args.match, args.alpha, args.lam, out,
          lambda line: print(line, flush=True))
    print(f"weights: {out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
