"""Benchmark: CPU time and work per decision in real games between two levels.

bench/bench_decisions.py times decisions in positions of random games, which
in Che are mostly decided already (a side with a region to close, or facing
two it cannot both break), so a deep search returns at once there.  This
plays whole games between two contestants (bench/arena.py's names, seats
alternating, seeded as the arena seeds them) and times every decision as the
process's CPU time (so other work on the machine does not count), with the
positions the decision evaluated (the work budget's unit).

Run: ``.venv/bin/python bench/decision_cpu.py che --pair expert:hard --games 4``.
Prints per contestant: decisions, CPU ms p50 / p90 / p99 / max, wall ms p50 /
p99, positions p50 / max.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.arena import contestant, percentile  # noqa: E402
from games import get_game  # noqa: E402
from games.base import Position  # noqa: E402


def play(game_name: str, a: str, b: str, index: int, seed: int,
         times: dict[str, list[tuple[float, float, int]]]) -> None:
    """One game (A takes the first seat when ``index`` is even), each decision's
    (cpu s, wall s, positions) appended to ``times[name]``."""
    game = get_game(game_name)
    options = game.normalise_options({})
    letters = [side.letter for side in game.sides(options)]
    players = {"A": contestant(game_name, a), "B": contestant(game_name, b)}
    first, second = ("A", "B") if index % 2 == 0 else ("B", "A")
    owner = {letter: (first if i % 2 == 0 else second) for i, letter in enumerate(letters)}
    rng = random.Random(seed * 1_000_003 + index)
    position: Position = game.initial(options, letters[0])
    while position.result is None:
        mover = position.side_to_move
        assert mover is not None
        dice = tuple(rng.randint(1, 6) for _ in range(position.dice_count()))
        who = players[owner[mover]]
        budget = who.strategy.budget_for(who.level)
        cpu, wall = time.process_time(), time.perf_counter()
        choice = who.strategy.choose(position, dice, who.level, budget, rng)
        times[who.name].append((time.process_time() - cpu, time.perf_counter() - wall,
                                budget.spent))
        position = position.play(choice.text, dice).position


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--pair", default="expert:hard")
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    a, b = args.pair.split(":", 1)
    times: dict[str, list[tuple[float, float, int]]] = {a: [], b: []}
    for index in range(args.games):
        play(args.game, a, b, index, args.seed, times)
    for name, rows in times.items():
        cpu = [row[0] for row in rows]
        wall = [row[1] for row in rows]
        work = [row[2] for row in rows]
        print(f"{args.game} {name:8}: {len(rows)} decisions; cpu ms p50 "
              f"{percentile(cpu, .5) * 1e3:6.0f} p90 {percentile(cpu, .9) * 1e3:6.0f} "
              f"p99 {percentile(cpu, .99) * 1e3:6.0f} max {max(cpu) * 1e3:6.0f}; wall ms p50 "
              f"{percentile(wall, .5) * 1e3:6.0f} p99 {percentile(wall, .99) * 1e3:6.0f}; "
              f"positions p50 {statistics.median(work):8.0f} max {max(work):8d}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
