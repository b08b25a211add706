"""Train a dice game's learned evaluation by self-play with TD(λ), as TD-Gammon did.

Run: ``python -m computer.train GAME --games 2000 --seed 1 [--seed S ...] [--every 400]
[--match 200] [--alpha 0.01] [--alpha-end A] [--lam 0.7] [--hidden H]
[--target td|throw] [--start FILE] [--out FILE]``
with GAME one of
``hachapury``, ``cheesegambit``, ``chebache``.

The network (computer/td.py) starts as the hand-tuned evaluation exactly and
plays itself one ply deep (the best after-state by its own value, no
exploration: the dice explore); after every after-state it moves its value
towards the next one's, and at the end towards the result.  With
``--alpha-end`` the step size falls geometrically from ``--alpha`` at the
first game to it at the last (a network that has stopped improving at a fixed
step often improves again as the step falls); ``--hidden`` sets the number of
hidden units (default: the game's own, computer/<game>_learned.py).  With
``--target throw`` each after-state moves instead towards its value averaged
over the next throw (one minus the opponent's best by the network for each of
its 21 throws; the sampled throw only says where the game goes), TD(0) with
the reply search's own target; ``--start FILE`` goes on from weights already
trained instead of the hand-tuned start.  Every
``--every`` games it prints its learning curve: one-ply matches of
``--match`` games (seats alternating, the same seeded dice for every match)
against the previous checkpoint and against the hand-tuned evaluation, with
Wilson 95% intervals.  Same seed, same options, same machine: same weights
(the dice and the network's start come from the seed; nothing reads the
clock).  The weights go to ``--out`` (default computer/weights/GAME.npz), at
every checkpoint and at the end.  With several ``--seed``s it trains one
network per seed in turn (same options) and writes their ensemble
(``Network.stack``: the mean of their win shares), then prints its one-ply
matches against the first member and against the hand-tuned evaluation.

What each game learns from (its features, its after-states) is in
computer/<game>_learned.py; the loop is computer/selfplay.py.  The shipped
weights and the runs that made them: docs/computer-strength.md.
"""

from __future__ import annotations

import argparse
import importlib
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from computer.selfplay import (
    Chooser,
    SelfPlay,
    expected_self_play,
    hand_chooser,
    match,
    net_chooser,
    self_play,
    wilson,
)
from computer.td import WEIGHTS_DIR, Network, TDLambda

#: The games with a learned evaluation: the module that gives its ``SELF_PLAY``.
GAMES = {
    "hachapury": "computer.hachapury_learned",
    "cheesegambit": "computer.cheesegambit_learned",
    "chebache": "computer.chebache_learned",
}

__all__ = ["GAMES", "main", "self_play_of", "train", "wilson"]


def self_play_of(game: str) -> SelfPlay[Any, Any]:
    """The trainer's view of ``game`` (imported when first asked for)."""
    found: SelfPlay[Any, Any] = importlib.import_module(GAMES[game]).SELF_PLAY
    return found


def log_line(line: str) -> None:
    """A command's progress line, printed at once (a long run is watched as it goes)."""
    print(line, flush=True)


def _line(name: str, score: float, games: int) -> str:
    low, high = wilson(score, games)
    return f"vs {name} {score:g}/{games} = {score / games:.1%} [95% {low:.1%}-{high:.1%}]"


def step_size(alpha: float, alpha_end: float | None, done: int, games: int) -> float:
    """The step size of game ``done`` (0-based) of ``games``: ``alpha``
    throughout, or falling geometrically from it to ``alpha_end``."""
    if alpha_end is None or games <= 1:
        return alpha
    return alpha * (alpha_end / alpha) ** (done / (games - 1))


def _curve(play: SelfPlay[Any, Any], net: Network, name: str, other: Network, games: int,
           seed: int) -> str:
    """``net``'s one-ply matches against ``other`` (called ``name``) and against
    the hand-tuned evaluation, on the same dice for every checkpoint of a run
    (``seed``'s): only the players change."""
    mine: Chooser[Any, Any] = net_chooser(net)
    against_other = match(play, mine, net_chooser(other), games, seed + 7)
    against_hand = match(play, mine, hand_chooser, games, seed + 7)
    return f"{_line(name, against_other, games)}; {_line('hand-tuned', against_hand, games)}"


def train(games: int, seed: int, every: int = 0, match_games: int = 0, alpha: float = 0.01,
          lam: float = 0.7, out: Path | None = None, log: Callable[[str], None] = print,
          game: str = "hachapury", alpha_end: float | None = None,
          hidden: int | None = None, target: str = "td", start: Path | None = None
          ) -> Network:
    """Train ``game``'s network from the hand-tuned start (or the weights in
    ``start``) for ``games`` self-play games, by TD(λ) (``target`` "td") or
    towards the value averaged over the next throw ("throw"); the learning
    curve goes to ``log``; the weights to ``out`` if given."""
    play = self_play_of(game)
    rng = random.Random(seed)
    net = Network.load(start) if start is not None else play.fresh(seed, hidden)
    if net.members > 1:
        raise ValueError(f"{start}: an ensemble of {net.members}; training goes on from one "
                         f"network (train each member from its own weights)")
    td = TDLambda(net, alpha, lam)
    previous = net.copy()
    started = time.perf_counter()
    meta: dict[str, float | int | str] = {"seed": seed, "alpha": alpha, "lam": lam,
                                          "target": target}
    if start is not None:
        meta["start"] = start.name
    if alpha_end is not None:
        meta["alpha_end"] = alpha_end
    for done in range(1, games + 1):
        td.alpha = step = step_size(alpha, alpha_end, done - 1, games)
        if target == "throw":
            expected_self_play(play, net, step, rng)
        else:
            self_play(play, td, rng)
        if every and match_games and (done % every == 0 or done == games):
            log(f"{done} games ({time.perf_counter() - started:.0f} s): "
                f"{_curve(play, net, 'previous', previous, match_games, seed)}")
            previous = net.copy()
            if out is not None:  # a run stopped later still leaves its latest weights
                net.save(out, games=done, **meta)
    if out is not None:
        net.save(out, games=games, **meta)
    return net


def ensemble_line(game: str, ensemble: Network, first: Network, games: int, seed: int
                  ) -> str:
    """The ensemble's one-ply matches against its first member and against the
    hand-tuned evaluation (the checkpoints' dice)."""
    curve = _curve(self_play_of(game), ensemble, "first member", first, games, seed)
    return f"ensemble of {ensemble.members}: {curve}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=sorted(GAMES))
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, action="append",
                        help="repeat for an ensemble: one network per seed, trained in turn")
    parser.add_argument("--every", type=int, default=400)
    parser.add_argument("--match", type=int, default=200)
    parser.add_argument("--alpha", type=float, default=0.01)
    parser.add_argument("--alpha-end", type=float)
    parser.add_argument("--lam", type=float, default=0.7)
    parser.add_argument("--hidden", type=int)
    parser.add_argument("--target", choices=("td", "throw"), default="td")
    parser.add_argument("--start", type=Path)
    parser.add_argument("--out", type=Path)
    args = parser.parse_args(argv)
    out = args.out or WEIGHTS_DIR / f"{args.game}.npz"
    seeds: list[int] = args.seed or [1]
    members = []
    for seed in seeds:
        if len(seeds) > 1:
            log_line(f"member seed {seed}")
        members.append(train(args.games, seed, args.every, args.match, args.alpha, args.lam,
                             out if len(seeds) == 1 else None, log_line, args.game,
                             args.alpha_end, args.hidden, args.target, args.start))
    if len(seeds) > 1:
        ensemble = Network.stack(members)
        ensemble.save(out, games=args.games, seeds=",".join(map(str, seeds)),
                      alpha=args.alpha, lam=args.lam, target=args.target)
        if args.match:
            log_line(ensemble_line(args.game, ensemble, members[0], args.match, seeds[0]))
    print(f"weights: {out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
