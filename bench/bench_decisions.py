"""Benchmark: every game's computer player, time per decision per level (wall
and CPU), and the positions each decision evaluated (the work budget's unit).

Positions come from seeded random games of each game (``--positions`` per game,
after a random number of plies), the mover's dice rolled by the same seed;
every level decides each with the budget a real decision gets
(``Strategy.budget_for(level)``).  ``--save FILE`` writes the positions and the
choices as JSON; ``--compare FILE`` decides that file's positions again and
counts the choices that are the same (two runs: before and after a change).
Run: ``.venv/bin/python bench/bench_decisions.py [--games hachapury ...]``.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from computer.base import Budget, Level, Strategy, strategy_for  # noqa: E402
from games import get_game  # noqa: E402
from games.base import Dice, Position  # noqa: E402

GAMES = ("hachapury", "chebache", "cheesegambit", "che")


def positions(name: str, count: int, seed: str, plies: tuple[int, int],
              choices: int = 2) -> list[tuple[Position, Dice]]:
    """``count`` positions of random games seeded by ``seed``, each after a number of
    plies drawn from ``plies``, with the mover's dice: a throw with at least
    ``choices`` legal turns (a decision to make).  tests/computer/test_determinism.py
    draws its positions here too."""
    game = get_game(name)
    options = game.normalise_options({})
    rng = random.Random(seed)
    found: list[tuple[Position, Dice]] = []
    while len(found) < count:
        position = game.initial(options, game.sides(options)[0].letter)
        for _ in range(rng.randint(*plies)):
            if position.result is not None:
                break
            if position.action_due():
                position = position.play_action(position.action_choices()[0],
                                                position.actors()[0]).position
                continue
            dice = tuple(rng.randint(1, 6) for _ in range(position.dice_count()))
            position = position.play(rng.choice(position.legal_turns(dice)), dice).position
        if position.result is not None or position.action_due():
            continue
        dice = tuple(rng.randint(1, 6) for _ in range(position.dice_count()))
        if position.forced_pass(dice) is None and len(position.legal_turns(dice)) >= choices:
            found.append((position, dice))
    return found


def budget_of(strategy: Strategy, level: Level) -> Budget:
    maker = getattr(strategy, "budget_for", None)
    return maker(level) if maker is not None else Budget(level.budget)


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="*", default=list(GAMES))
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--save", type=Path)
    parser.add_argument("--compare", type=Path)
    args = parser.parse_args(argv)
    chosen: dict[str, str] = {}
    saved: dict[str, list[tuple[str, Dice]]] = {}
    before = json.loads(args.compare.read_text()) if args.compare else {}
    old = before.get("choices", {})
    for name in args.games:
        strategy = strategy_for(name)
        if name in before.get("cases", {}):
            listings = [(listing, tuple(dice)) for listing, dice in before["cases"][name]]
        else:
            listings = [(p.listing(), d) for p, d in positions(
                name, args.positions, f"{name}:{args.seed}",
                (4, {"che": 24, "chebache": 80}.get(name, 60)))]
        saved[name] = listings
        game = get_game(name)
        for level in Level:
            wall: list[float] = []
            cpu: list[float] = []
            work: list[int] = []
            same = 0
            for i, (listing, dice) in enumerate(listings):
                position = game.from_listing(listing, {})
                budget = budget_of(strategy, level)
                w0, c0 = time.perf_counter(), time.process_time()
                text = strategy.choose(position, dice, level, budget, random.Random(i)).text
                wall.append(time.perf_counter() - w0)
                cpu.append(time.process_time() - c0)
                work.append(getattr(budget, "spent", 0))
                key = f"{name}:{level.value}:{i}"
                chosen[key] = text
                same += old.get(key) == text
            line = (f"{name:12} {level.value:6}: wall ms p50 {pct(wall, .5) * 1e3:6.0f} "
                    f"p90 {pct(wall, .9) * 1e3:6.0f} max {max(wall) * 1e3:6.0f}; cpu ms p50 "
                    f"{pct(cpu, .5) * 1e3:6.0f} max {max(cpu) * 1e3:6.0f}; positions p50 "
                    f"{statistics.median(work):8.0f} max {max(work):8d}")
            if old:
                line += f"; same choice {same}/{len(listings)}"
            print(line, flush=True)
    if args.save:
        args.save.write_text(json.dumps({"cases": saved, "choices": chosen}, indent=0))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
