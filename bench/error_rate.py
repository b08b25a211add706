"""Error rate per level: how much win share each level's choice gives away.

Run: ``.venv/bin/python bench/error_rate.py [--games hachapury ...] [--positions 300]
[--seed 1] [--top 8] [--rollouts 0 --plies 8 --policy normal] [--jobs 1]``.

On ``--positions`` random positions per game (seeded random games stopped after
a random number of plies, with a throw that leaves at least two legal turns:
``bench_decisions.positions``), every level chooses its turn as in a game (its
own work budget, a seeded random generator).  The reference values turns by
``expert``'s look (computer/equity.py: one or two replies deep, averaged over
the dice) with no work limit: the ``--top`` best turns by the one-ply value
plus every turn some level chose.  A level's loss in a position is the best
reference value minus the reference value of its choice (win-share units, 0-1:
0.05 is five games in a hundred); the bench prints, per game and level, the
mean loss with a 95% interval (normal approximation over positions), how
often the choice was the reference's best, how often it lost more than 0.02
(a mistake) and 0.10 (a blunder), and the decision time p50 / p99.

What the reference is and is not: ``expert``'s own evaluation, looked at every
candidate in full rather than at the few its budget reaches.  So ``expert``'s
loss measures only what its pruning and budget cost it, and every level is
judged by the hand-tuned evaluation that ``expert`` trusts: an error of that
evaluation is nobody's loss here.  Rollouts to the end of the game with
``expert`` would be the deeper reference; they cost hours a game on this
machine; ``--rollouts N`` values the same turns instead by N truncated
rollouts of ``--plies`` plies played by ``normal`` from each, ended by the
evaluation (``equity.rollout_equity``, the same dice for every turn of a
position): deeper than any level's search, and slow.  ``--policy net`` plays
the rollouts instead by the game's shipped network one ply deep, greedy
(``equity.net_rollout_equity``), fast enough to play them to the end of the
game (``--plies 200``): the deepest reference here, and one that does not
share the hand-tuned evaluation's blind spots.  Che is left out by
default: no dice, and its turn values are its evaluation's, not win rates
(``--games che`` runs it all the same).
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import random
import statistics
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.bench_decisions import positions  # noqa: E402
from computer.base import Level, strategy_for  # noqa: E402
from computer.equity import (  # noqa: E402
    choice_turn,
    net_rollout_equity,
    rollout_equity,
    turn_equities,
)
from games.base import Dice, Position  # noqa: E402

GAMES = ("hachapury", "cheesegambit", "chebache")
#: Losses above these are counted as a mistake and as a blunder.
MISTAKE = 0.02
BLUNDER = 0.10


@dataclass
class Tally:
    """One level's losses and decision times in one game."""

    losses: list[float] = field(default_factory=list)
    seconds: list[float] = field(default_factory=list)

    def line(self) -> str:
        n = len(self.losses)
        mean = statistics.fmean(self.losses)
        half = 1.96 * statistics.stdev(self.losses) / math.sqrt(n) if n > 1 else float("nan")
        best = sum(loss <= 1e-9 for loss in self.losses)
        mistakes = sum(loss > MISTAKE for loss in self.losses)
        blunders = sum(loss > BLUNDER for loss in self.losses)
        ordered = sorted(self.seconds)
        p50 = ordered[len(ordered) // 2] * 1e3
        p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))] * 1e3
        return (f"mean loss {mean:.4f} [95% {max(0.0, mean - half):.4f}-{mean + half:.4f}]; "
                f"best {best}/{n}; >{MISTAKE} {mistakes}; >{BLUNDER} {blunders}; "
                f"ms p50 {p50:.0f} p99 {p99:.0f}")


def losses_in(game: str, position: Position, dice: Dice, seed: int, top: int,
              tallies: dict[Level, Tally], rollouts: int = 0, plies: int = 8,
              policy: str = "normal") -> None:
    """Every level's choice in one position, scored against the reference."""
    _tally(tallies, scored(game, position, dice, seed, top, rollouts, plies, policy))


def _tally(tallies: dict[Level, Tally], result: dict[Level, tuple[float, float]]) -> None:
    """Add one position's ``scored`` result to each level's tally."""
    for level, (loss, seconds) in result.items():
        tallies[level].losses.append(loss)
        tallies[level].seconds.append(seconds)


def scored(game: str, position: Position, dice: Dice, seed: int, top: int,
           rollouts: int = 0, plies: int = 8, policy: str = "normal"
           ) -> dict[Level, tuple[float, float]]:
    """Every level's loss against the reference in one position, and the CPU
    seconds of its decision."""
    strategy = strategy_for(game)
    legal = [turn.text for turn in position.legal_turns(dice)]
    chosen: dict[Level, str] = {}
    seconds: dict[Level, float] = {}
    for level in Level:
        budget = strategy.budget_for(level)
        started = time.process_time()
        choice = strategy.choose(position, dice, level, budget, random.Random(seed))
        seconds[level] = time.process_time() - started
        chosen[level] = choice_turn(choice.text, legal)
    shallow = turn_equities(game, position, dice, Level.NORMAL)
    wanted = {item.text for item in shallow[:top]} | set(chosen.values())
    if rollouts:
        side = position.side_to_move
        assert side is not None
        roll = net_rollout_equity if policy == "net" else rollout_equity
        reference = {text: roll(game, position.play(text, dice).position, side,
                                rollouts, plies, seed=seed)
                     for text in sorted(wanted)}
    else:
        reference = {item.text: item.equity
                     for item in turn_equities(game, position, dice, Level.EXPERT, wanted)}
    best = max(reference.values())
    return {level: (best - reference[text], seconds[level]) for level, text in chosen.items()}


@dataclass(frozen=True)
class Run:
    """One game's run: its positions (``cases``) and how each is scored."""

    game: str
    positions: int
    seed: int
    top: int
    rollouts: int
    plies: int
    policy: str

    def cases(self) -> list[tuple[Position, Dice]]:
        return positions(self.game, self.positions, f"error-rate:{self.game}:{self.seed}",
                         (4, {"chebache": 80}.get(self.game, 60)))

    def score(self, index: int, case: tuple[Position, Dice]
              ) -> dict[Level, tuple[float, float]]:
        position, dice = case
        return scored(self.game, position, dice, self.seed * 100_003 + index, self.top,
                      self.rollouts, self.plies, self.policy)


#: A worker process's positions, drawn once (positions do not cross processes:
#: each worker draws the same seeded list and scores the indices it is sent).
_WORKER_CASES: dict[Run, list[tuple[Position, Dice]]] = {}


def _score_in_worker(job: tuple[Run, int]) -> dict[Level, tuple[float, float]]:
    run, index = job
    cases = _WORKER_CASES.get(run)
    if cases is None:
        cases = _WORKER_CASES[run] = run.cases()
    return run.score(index, cases[index])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="*", default=list(GAMES))
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--top", type=int, default=8)
    parser.add_argument("--rollouts", type=int, default=0)
    parser.add_argument("--plies", type=int, default=8)
    parser.add_argument("--policy", choices=("normal", "net"), default="normal")
    parser.add_argument("--jobs", type=int, default=1,
                        help="processes scoring positions side by side (the same figures)")
    args = parser.parse_args(argv)
    for game in args.games:
        started = time.perf_counter()
        tallies = {level: Tally() for level in Level}
        run = Run(game, args.positions, args.seed, args.top, args.rollouts, args.plies,
                  args.policy)
        cases = run.cases()
        found: Iterator[dict[Level, tuple[float, float]]]
        if args.jobs > 1:
            pool = multiprocessing.get_context("fork").Pool(args.jobs)
            found = pool.imap(_score_in_worker, [(run, i) for i in range(len(cases))])
        else:
            pool = None
            found = (run.score(i, case) for i, case in enumerate(cases))
        for index, result in enumerate(found):
            _tally(tallies, result)
            if (index + 1) % 25 == 0:  # a long run shows how far it is
                print(f"  {game}: {index + 1}/{len(cases)} positions "
                      f"({time.perf_counter() - started:.0f} s)", file=sys.stderr, flush=True)
        if pool is not None:
            pool.close()
            pool.join()
        how = (f"{args.rollouts} rollouts of {args.plies} plies by {args.policy}"
               if args.rollouts
               else "expert's look")
        print(f"{game}: {len(cases)} positions, reference {how} at the "
              f"{args.top} best one-ply turns and every choice "
              f"({time.perf_counter() - started:.0f} s)", flush=True)
        for level in Level:
            print(f"  {level.value:6} {tallies[level].line()}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
