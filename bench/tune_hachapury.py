"""How the Hachapury evaluation's weights were chosen: one-ply matches of a
weights variant against the defaults (or the random / greedy baselines).

Run: ``python bench/tune_hachapury.py GAMES OPPONENT VARIANTS`` where OPPONENT
is ``default``, ``random`` or ``greedy`` and VARIANTS is a Python dict of
named overrides of ``computer.hachapury_eval.Weights``, e.g.
``"{'wall0': {'wall': (0, 0, 0, 0, 0, 0, 0)}, 'waste1x': {'contact_waste': 1.0}}"``.
Prints each variant's win rate with a Wilson 95% interval.  Seats alternate
game by game and the dice of game i are the same for every variant, so the
comparison is paired.  One-ply only: a game takes a second or two.
"""

from __future__ import annotations

import ast
import random
import sys
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.arena import wilson  # noqa: E402
from computer.hachapury_eval import DEFAULT, Weights, evaluate, simple_value  # noqa: E402
from games.hachapury.game import GAME  # noqa: E402
from games.hachapury.position import HachapuryPosition, other  # noqa: E402
from games.hachapury.successors import successor_counts, successors  # noqa: E402

Player = Weights | str


def pick(position: HachapuryPosition, dice: tuple[int, int], player: Player,
         rng: random.Random) -> tuple[int, ...]:
    """The mover's counts after the turn ``player`` chooses."""
    side = position.side_to_move
    assert side is not None
    if player == "random":
        return rng.choice(successor_counts(position, dice))[1]
    if player == "greedy":
        scored = [(simple_value(after, side), after) for _, after in successors(position, dice)]
        return max(scored, key=lambda item: item[0])[1].checkers(side)
    assert isinstance(player, Weights)
    theirs = position.checkers(other(side))
    best: tuple[int, ...] = ()
    best_value = -1.0
    for _, mine in successor_counts(position, dice):
        value = 2.0 if mine[0] == 15 else evaluate(mine, theirs, False, player)
        if value > best_value:
            best, best_value = mine, value
    return best


def play(a: Player, b: Player, index: int, seed: int = 7) -> bool:
    """One game; True when ``a`` wins.  A takes White in even games."""
    dice_rng = random.Random(seed * 1_000_003 + index)
    choice_rng = random.Random(index)
    position: HachapuryPosition = GAME.initial({}, "W")
    owner = {"W": a, "B": b} if index % 2 == 0 else {"W": b, "B": a}
    while position.result is None:
        side = position.side_to_move
        assert side is not None
        dice = (dice_rng.randint(1, 6), dice_rng.randint(1, 6))
        position = position.after(pick(position, dice, owner[side], choice_rng))
    winner = position.result.winner
    assert winner is not None
    return (winner == "W") == (index % 2 == 0)


def main(argv: list[str]) -> int:
    games, opponent_name, variants = int(argv[0]), argv[1], ast.literal_eval(argv[2])
    opponent: Player = DEFAULT if opponent_name == "default" else opponent_name
    for name, overrides in variants.items():
        weights = replace(DEFAULT, **overrides)
        wins = sum(play(weights, opponent, i) for i in range(games))
        low, high = wilson(wins, games)
        print(f"{name}: {wins}/{games} = {wins / games:.1%} [95% {low:.1%}-{high:.1%}] "
              f"against {opponent_name}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
