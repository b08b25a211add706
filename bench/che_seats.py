"""Che: who wins by seat, and evaluation variants against each other.

Run: ``.venv/bin/python bench/che_seats.py [--games 40] [--level normal]
[--a KEY=VALUE ...] [--b KEY=VALUE ...] [--jobs 1] [--random]``.

Plays the Che strategy with evaluation weights A against weights B (both the
defaults unless changed with ``--a``/``--b``, names of ``che_eval.Weights``),
alternating who is White (A is White in even games; White places the first
tile and, with 64 tiles, the last), at one level.  ``--random`` plays random
against random instead.  Prints A's win rate with a Wilson 95% interval and
White's win rate: with A = B the latter is the first player's advantage.
"""

from __future__ import annotations

import argparse
import random
import sys
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.arena import wilson  # noqa: E402
from computer.base import Level, Strategy  # noqa: E402
from computer.baselines import RandomPlayer  # noqa: E402
from computer.che import CheStrategy  # noqa: E402
from computer.che_eval import DEFAULT, Weights  # noqa: E402
from games.che import GAME, ChePosition  # noqa: E402


def weights_from(pairs: list[str]) -> Weights:
    return replace(DEFAULT, **{k: float(v) for k, v in (p.split("=", 1) for p in pairs)})


def play(index: int, a: list[str], b: list[str], level: str, randomly: bool, seed: int
         ) -> tuple[str | None, str | None, int]:
    """One game; returns (winner seat letter, winner 'A'/'B', tiles placed)."""
    lv = Level.parse(level)
    players: dict[str, Strategy]
    if randomly:
        players = {"A": RandomPlayer("che"), "B": RandomPlayer("che")}
    else:
        players = {"A": CheStrategy(weights_from(a)), "B": CheStrategy(weights_from(b))}
    owner = {"W": "A", "B": "B"} if index % 2 == 0 else {"W": "B", "B": "A"}
    rng = random.Random(seed * 1_000_003 + index)
    position = GAME.initial({})
    while position.result is None:
        mover = position.side_to_move
        assert mover is not None
        player = players[owner[mover]]
        choice = player.choose(position, (), lv, player.budget_for(lv), rng)
        played = position.play(choice.text).position
        assert isinstance(played, ChePosition)
        position = played
    winner = position.result.winner
    return winner, owner[winner] if winner else None, len(position.tiles)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--level", default="normal")
    parser.add_argument("--a", action="append", default=[])
    parser.add_argument("--b", action="append", default=[])
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--random", action="store_true")
    args = parser.parse_args(argv)
    n = args.games
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        results = list(pool.map(play, range(n), [args.a] * n, [args.b] * n, [args.level] * n,
                                [args.random] * n, [args.seed] * n))
    a_score = sum(1.0 if who == "A" else 0.5 if who is None else 0.0 for _, who, _ in results)
    w_score = sum(1.0 if seat == "W" else 0.5 if seat is None else 0.0 for seat, _, _ in results)
    tiles = sorted(t for _, _, t in results)
    lo, hi = wilson(a_score, n)
    wlo, whi = wilson(w_score, n)
    print(f"{n} games at {args.level if not args.random else 'random'}: A {args.a} vs B {args.b}: "
          f"A scores {a_score / n:.1%} [95% {lo:.1%}-{hi:.1%}]; White (first player) scores "
          f"{w_score / n:.1%} [95% {wlo:.1%}-{whi:.1%}]; median tiles {tiles[n // 2]}, "
          f"games to the last tile {sum(t == 64 for t in tiles)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
