"""Computer players against each other: win rates with 95% intervals and
time per decision.

Run: ``.venv/bin/python bench/arena.py GAME [--games 200] [--pair hard:random ...]
[--option players=2] [--jobs 2] [--seed 1]``.  A contestant is a level (``easy``,
``normal``, ``hard``, ``expert``), a baseline (``random``: a uniformly random
legal player; ``greedy``: one ply with the game's ``simple_value``), or
``LEVEL@DIR``: that level of the code checked out in DIR, played through its
engine command (``python -m bot engine``, run in DIR so that its packages win;
e.g. ``git worktree add /work/old3ad 3ad088c`` then ``hard:hard@/work/old3ad``), or
``LEVEL+learned``: that level with the learned evaluation (Hachapury, CheeseGambit,
Chebache; ``LEVEL+learned=FILE`` with the weights in FILE, e.g. a training run's), or
``LEVEL+hand``: that level on the hand-tuned evaluation alone.  Contestants
alternate seats game by game (A takes the first seat in even games), so each
starts half of the games; with three or four sides, A takes the seats of one
parity and B the others.  Dice come from a seeded ``random.Random`` per game,
so a run is reproducible for the same seed and code.

Prints, per pairing: A's wins / games, win rate with a Wilson 95% interval,
draws, and each contestant's decision time p50/p99 (ms).  Without ``--pair``
it runs the pairings the issue's targets name: hard-random, hard-greedy,
hard-normal, normal-easy.
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from computer.base import Budget, Choice, Level, Strategy, strategy_for  # noqa: E402
from computer.baselines import BASELINES  # noqa: E402
from computer.selfplay import wilson  # noqa: E402
from computer.td import Network  # noqa: E402
from games import get_game  # noqa: E402
from games.base import Dice, Position  # noqa: E402

DEFAULT_PAIRS = ("hard:random", "hard:greedy", "hard:normal", "normal:easy")
#: Plies after which a game is scored a draw (no game here is that long).
MAX_PLIES = 3000


@dataclass
class Contestant:
    name: str
    strategy: Strategy
    level: Level


class EngineStrategy(Strategy):
    """Another checkout's computer player through its engine command: one
    process per arena worker and contestant, kept for the worker's games."""

    _running: dict[tuple[str, str, str], subprocess.Popen[str]] = {}

    def __init__(self, game: str, level: str, directory: str) -> None:
        self.game = game  # type: ignore[misc]
        self.key = (game, level, directory)

    def _engine(self) -> subprocess.Popen[str]:
        engine = self._running.get(self.key)
        if engine is None:
            game, level, directory = self.key
            engine = subprocess.Popen(
                [sys.executable, "-m", "bot", "engine", game, "--level", level],
                cwd=directory, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
            self._running[self.key] = engine
        return engine

    def _ask(self, line: str) -> str:
        engine = self._engine()
        assert engine.stdin is not None and engine.stdout is not None
        engine.stdin.write(line + "\n")
        engine.stdin.flush()
        reply = engine.stdout.readline().strip()
        if not reply or reply.startswith("error:"):
            raise RuntimeError(f"engine in {self.key[2]}: {reply or 'no answer'} for {line}")
        return reply

    def choose(self, position: Position, dice: Dice, level: Level, budget: Budget,
               rng: random.Random) -> Choice:
        thrown = f" | {' '.join(map(str, dice))}" if dice else ""
        return Choice(self._ask(position.listing() + thrown))

    def answer(self, position: Position, side: str, level: Level, budget: Budget,
               rng: random.Random) -> Choice:
        return Choice(self._ask(position.listing()))


def contestant(game: str, name: str) -> Contestant:
    if name.endswith("+hand"):
        # the level on the hand-tuned evaluation alone, for the levels that
        # play with a learned one by default
        level = Level.parse(name.removesuffix("+hand"))
        kind = type(strategy_for(game))
        return Contestant(name, kind(learned=()), level)  # type: ignore[call-arg]
    if "+learned" in name:
        # the level with the game's learned evaluation (computer/td.py) in
        # place of the hand-tuned one, for the games whose strategy takes one;
        # ``+learned=FILE`` names the weights (default: the shipped ones)
        word, _, weights = name.partition("+learned")
        net = Network.load(Path(weights.removeprefix("="))) if weights else None
        level = Level.parse(word)
        kind = type(strategy_for(game))
        return Contestant(name, kind(learned={level}, net=net), level)  # type: ignore[call-arg]
    if "@" in name:
        word, directory = name.split("@", 1)
        return Contestant(name, EngineStrategy(game, Level.parse(word).value, directory),
                          Level.parse(word))
    if name in BASELINES:
        baseline: Strategy = BASELINES[name](game)
        return Contestant(name, baseline, Level.NORMAL)
    return Contestant(name, strategy_for(game), Level.parse(name))


@dataclass
class GameResult:
    winner: str | None  # "A", "B" or None (draw / cut off)
    times: dict[str, list[float]] = field(default_factory=dict)
    plies: int = 0


def budget_of(who: Contestant, cap: float | None) -> Budget:
    """A fresh budget for ``who``'s decision: its level's work budget under its
    usual wall-time cap, or under ``cap`` seconds (a long run on a crowded
    machine raises the cap so that every decision is stopped by work alone,
    as on a quiet one: what is measured is then the level itself)."""
    budget = who.strategy.budget_for(who.level)
    return budget if cap is None else Budget(cap, work=budget.work)


def play_one(game_name: str, options: dict[str, str], a: str, b: str, index: int,
             seed: int, cap: float | None = None) -> GameResult:
    """One game of ``a`` against ``b``; A takes the first seat when ``index`` is even."""
    game = get_game(game_name)
    opts = game.normalise_options(options)
    letters = [side.letter for side in game.sides(opts)]
    players = {"A": contestant(game_name, a), "B": contestant(game_name, b)}
    first_owner = "A" if index % 2 == 0 else "B"
    other = "B" if first_owner == "A" else "A"
    owner = {letter: (first_owner if i % 2 == 0 else other) for i, letter in enumerate(letters)}
    rng = random.Random(seed * 1_000_003 + index)
    position: Position = game.initial(opts, letters[0])
    times: dict[str, list[float]] = {"A": [], "B": []}
    plies = 0
    while position.result is None and plies < MAX_PLIES:
        plies += 1
        if position.action_due():
            for side in position.actors():
                who = players[owner[side]]
                choice = who.strategy.answer(position, side, who.level, budget_of(who, cap),
                                             rng)
                position = position.play_action(choice.text, side).position
                if not position.action_due():
                    break
            continue
        mover = position.side_to_move
        assert mover is not None
        dice = tuple(rng.randint(1, 6) for _ in range(position.dice_count()))
        who = players[owner[mover]]
        started = time.perf_counter()
        choice = who.strategy.choose(position, dice, who.level, budget_of(who, cap), rng)
        times[owner[mover]].append(time.perf_counter() - started)
        position = position.play(choice.text, dice).position
    winner: str | None = None
    if position.result is not None and position.result.winner is not None:
        winner = owner[position.result.winner]
    return GameResult(winner, times, plies)


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def run_pair(game: str, options: dict[str, str], pair: str, games: int, jobs: int,
             seed: int, every: int = 0, cap: float | None = None) -> str:
    """The pairing's line; with ``every``, a running tally is printed each
    ``every`` games (in game order), so a run stopped early still says its score."""
    a, b = pair.split(":", 1)
    started = time.perf_counter()
    results: list[GameResult] = []
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for result in pool.map(play_one, [game] * games, [options] * games, [a] * games,
                               [b] * games, range(games), [seed] * games, [cap] * games):
            results.append(result)
            if every and len(results) % every == 0 and len(results) < games:
                won = sum(r.winner == "A" for r in results)
                drawn = sum(r.winner is None for r in results)
                low, high = wilson(won + drawn / 2, len(results))
                print(f"  after {len(results)} games: {a} {won + drawn / 2:g} = "
                      f"{(won + drawn / 2) / len(results):.1%} [95% {low:.1%}-{high:.1%}]; "
                      f"{decision_times(results, a, b)}; "
                      f"{time.perf_counter() - started:.0f} s", flush=True)
    wins_a = sum(r.winner == "A" for r in results)
    draws = sum(r.winner is None for r in results)
    score = wins_a + draws / 2
    low, high = wilson(score, games)
    plies = statistics.median(r.plies for r in results)
    return (f"{game} {pair}: {a} wins {wins_a}/{games} (draws {draws}) = {score / games:.1%} "
            f"[95% {low:.1%}-{high:.1%}]; {decision_times(results, a, b)}; "
            f"median plies {plies:g}; {time.perf_counter() - started:.0f} s")


def decision_times(results: list[GameResult], a: str, b: str) -> str:
    """Each contestant's decision time p50 and p99 (ms) over ``results``: in
    the running tally too, so a run stopped early keeps them."""
    times = {k: [t for r in results for t in r.times[k]] for k in ("A", "B")}
    return (f"ms/decision {a} p50 {percentile(times['A'], .5) * 1e3:.1f} "
            f"p99 {percentile(times['A'], .99) * 1e3:.1f}, "
            f"{b} p50 {percentile(times['B'], .5) * 1e3:.1f} "
            f"p99 {percentile(times['B'], .99) * 1e3:.1f}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--pair", action="append", help="A:B, e.g. hard:random (repeatable)")
    parser.add_argument("--option", action="append", default=[], help="NAME=VALUE")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--every", type=int, default=0,
                        help="print a running tally every N games (0: only the result)")
    parser.add_argument("--cap", type=float, default=None,
                        help="wall-time safety cap of a decision in seconds (default: the "
                             "level's own); raise it on a crowded machine so that work alone "
                             "stops every search")
    args = parser.parse_args(argv)
    options = dict(item.split("=", 1) for item in args.option)
    for pair in args.pair or DEFAULT_PAIRS:
        print(run_pair(args.game, options, pair, args.games, args.jobs, args.seed, args.every,
                       args.cap), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
