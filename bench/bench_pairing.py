"""How long a Swiss round takes to pair (bot/tournaments/pairing.py: one maximum-weight
matching, networkx's blossom algorithm): for N players, every round of a Swiss of R
rounds paired after random results, the slowest round and the mean printed.

    .venv/bin/python -m bench.bench_pairing [--players 16 32 64] [--rounds 7] [--seed 1]

A round is paired once, when the last game of the one before ends, so this is a cost
per round, not per move.  Measured on the shared 2-core machine: see the report this
script prints (figures in docs/tournaments.md).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from bot.tournaments.pairing import DRAW, LOSS, WIN, Played, swiss_round


def run(players: int, rounds: int, seed: int) -> tuple[float, float]:
    """(mean, slowest) milliseconds a round."""
    rng = random.Random(seed)
    names = [f"p{i}" for i in range(players)]
    games: list[Played] = []
    times: list[float] = []
    for _ in range(rounds):
        started = time.perf_counter()
        pairings = swiss_round(names, games)
        times.append((time.perf_counter() - started) * 1000)
        games += [Played(p.first, p.second,
                         0 if p.second is None else rng.choice((WIN, DRAW, LOSS)))
                  for p in pairings]
    return statistics.mean(times), max(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, nargs="+", default=[16, 32, 64])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    for count in args.players:
        mean, slowest = run(count, args.rounds, args.seed)
        print(f"{count:3d} players, {args.rounds} rounds: {mean:7.1f} ms a round on "
              f"average, {slowest:7.1f} ms the slowest")


if __name__ == "__main__":
    main()
