"""Two learned evaluations (or one and the hand-tuned value) against each other,
one ply deep, as the trainer's learning curve plays them: the same seeded
dice for every run, seats alternating, Wilson 95% interval.

Run: ``.venv/bin/python bench/net_match.py GAME A B [--games 1000] [--seed 7]``
where A and B are weight files (``.npz``), ``shipped`` (the repository's
weights for GAME) or ``hand`` (the hand-tuned evaluation).  It prints A's
score.  Use it to choose between training runs before the longer arena
matches of the levels that would ship them.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from computer.selfplay import Chooser, hand_chooser, match, net_chooser, wilson  # noqa: E402
from computer.td import WEIGHTS_DIR, Network  # noqa: E402
from computer.train import GAMES, self_play_of  # noqa: E402


def chooser(game: str, name: str) -> Chooser[Any, Any]:
    if name == "hand":
        return hand_chooser
    path = WEIGHTS_DIR / f"{game}.npz" if name == "shipped" else Path(name)
    return net_chooser(Network.load(path))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=sorted(GAMES))
    parser.add_argument("a")
    parser.add_argument("b")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args(argv)
    play = self_play_of(args.game)
    started = time.perf_counter()
    score = match(play, chooser(args.game, args.a), chooser(args.game, args.b), args.games,
                  args.seed)
    low, high = wilson(score, args.games)
    print(f"{args.game} {args.a} vs {args.b}: {score:g}/{args.games} = "
          f"{score / args.games:.1%} [95% {low:.1%}-{high:.1%}] "
          f"({time.perf_counter() - started:.0f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
