"""Which colour wins when one contestant plays itself: separates a bias of the
rules as played (the same with ``random`` or ``easy``) from a bias of a
strategy's evaluation (only at the levels that use it).

Run: ``.venv/bin/python bench/colour_bias.py GAME --who hard --games 100
[--first R] [--option players=2] [--jobs 2] [--seed 1]``.  ``--first`` names the
colour that moves first (default: the game's first side); prints the wins of
each colour with a Wilson 95% interval.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.arena import MAX_PLIES, contestant, wilson  # noqa: E402
from games import get_game  # noqa: E402


def play_one(game_name: str, options: dict[str, str], who: str, first: str | None,
             index: int, seed: int) -> str | None:
    """One self-play game; the winning colour (None: a draw or cut off)."""
    game = get_game(game_name)
    opts = game.normalise_options(options)
    player = contestant(game_name, who)
    rng = random.Random(seed * 1_000_003 + index)
    position = game.initial(opts, first or game.sides(opts)[0].letter)
    plies = 0
    while position.result is None and plies < MAX_PLIES:
        plies += 1
        if position.action_due():
            for side in position.actors():
                choice = player.strategy.answer(position, side, player.level,
                                                player.strategy.budget_for(player.level), rng)
                position = position.play_action(choice.text, side).position
                if not position.action_due():
                    break
            continue
        dice = tuple(rng.randint(1, 6) for _ in range(position.dice_count()))
        choice = player.strategy.choose(position, dice, player.level,
                                        player.strategy.budget_for(player.level), rng)
        position = position.play(choice.text, dice).position
    return None if position.result is None else position.result.winner


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--who", default="random")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--first")
    parser.add_argument("--option", action="append", default=[], help="NAME=VALUE")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--progress", type=int, default=0, help="print the tally every N games")
    args = parser.parse_args(argv)
    options = dict(item.split("=", 1) for item in args.option)
    n = args.games
    winners: list[str | None] = []
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for winner in pool.map(play_one, [args.game] * n, [options] * n, [args.who] * n,
                               [args.first] * n, range(n), [args.seed] * n):
            winners.append(winner)
            if args.progress and len(winners) % args.progress == 0:
                print(f"  after {len(winners)}: {dict(Counter(winners))}", flush=True)
    counts = Counter(winners)
    parts = []
    for colour, wins in sorted(counts.items(), key=lambda kv: str(kv[0])):
        low, high = wilson(wins, n)
        parts.append(f"{colour}: {wins}/{n} = {wins / n:.1%} [95% {low:.1%}-{high:.1%}]")
    print(f"{args.game} {args.who} self-play, first {args.first or 'default'}, "
          f"seed {args.seed}: " + "; ".join(parts), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
