"""Game analysis: does it mean something, and what does it cost?

Plays games between an ``easy`` and a ``hard`` computer (seats alternating), has
each analysed (computer/analysis_judge.py) and prints, per game type:

- how many games gave ``easy`` a higher error rate than ``hard`` (the measure
  means something when that is nearly every game: the issue asks 90 of 100);
- each game's turns and analysis time, in one process and split over ``--jobs``
  worker processes (as the bot's pool does), and p50/max per game;
- the event loop's worst lag while the analyses run in a process
  pool beside it (the bot answering meanwhile).

    nice -n 10 .venv/bin/python -m bench.bench_analysis --games 100
    nice -n 10 .venv/bin/python -m bench.bench_analysis --games 5 --games-only hachapury
    nice -n 10 .venv/bin/python -m bench.bench_analysis --games 4 --games-only cheesegambit \
        --option players=2
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from bot.computer_pool import lower_priority
from computer.analysis import Analysis, summarise
from computer.analysis_judge import Step, judge_steps
from computer.base import Level, strategy_for
from games import get_game
from games.base import Position

GAMES = ("chebache", "hachapury", "cheesegambit", "che")
#: A game longer than this many plies is cut off (never seen between these levels).
MAX_PLIES = 600


@dataclass(frozen=True)
class Played:
    """A game between two levels: its steps, the side each level played, who won."""

    game: str
    steps: tuple[Step, ...]
    levels: dict[str, Level]
    winner: str | None
    sides: tuple[str, ...]


def play(game_name: str, levels: Sequence[Level], seed: int,
         options: dict[str, str] | None = None) -> Played:
    """One game, ``levels[i]`` in seat ``i`` (levels repeat round the seats)."""
    game = get_game(game_name)
    opts = game.normalise_options(options or {})
    letters = [side.letter for side in game.sides(opts)]
    seat_level = {letter: levels[i % len(levels)] for i, letter in enumerate(letters)}
    strategy = strategy_for(game_name)
    rng = random.Random(seed)
    position: Position = game.initial(opts, letters[0])
    steps: list[Step] = []
    plies = 0
    while position.result is None and plies < MAX_PLIES:
        plies += 1
        if position.action_due():
            for side in position.actors():
                level = seat_level[side]
                choice = strategy.answer(position, side, level, strategy.budget_for(level), rng)
                position = position.play_action(choice.text, side).position
                if not position.action_due():
                    break
            continue
        mover = position.side_to_move
        assert mover is not None
        dice = tuple(rng.randint(1, 6) for _ in range(position.dice_count()))
        level = seat_level[mover]
        choice = strategy.choose(position, dice, level, strategy.budget_for(level), rng)
        steps.append(Step(position, dice, choice.text, plies))
        position = position.play(choice.text, dice).position
    result = position.result
    return Played(game_name, tuple(steps), seat_level, result.winner if result else None,
                  tuple(letters))


def analyse(played: Played, work: int | None = None, luck: bool = True) -> Analysis:
    decisions = judge_steps(played.game, played.steps, work, luck)
    dice = any(step.dice for step in played.steps)
    return summarise(played.game, decisions, played.sides, played.winner, dice)


def rates_by_level(played: Played, analysis: Analysis) -> dict[Level, float]:
    """Each level's error rate (over all its seats' decisions)."""
    out: dict[Level, list[float]] = {}
    for player in analysis.players:
        out.setdefault(played.levels[player.side], []).append(player.total_loss)
    counts: dict[Level, int] = {}
    for player in analysis.players:
        level = played.levels[player.side]
        counts[level] = counts.get(level, 0) + player.decisions
    return {level: sum(losses) / max(1, counts[level]) for level, losses in out.items()}


def _one(game: str, index: int, work: int | None, luck: bool,
         options: dict[str, str] | None = None) -> tuple[int, bool, float, float, float]:
    """(turns, easy erred more, easy's rate, hard's rate, analysis seconds) of a game."""
    levels = [Level.EASY, Level.HARD] if index % 2 == 0 else [Level.HARD, Level.EASY]
    played = play(game, levels, seed=index * 7919 + 1, options=options)
    started = time.perf_counter()
    analysis = analyse(played, work, luck)
    seconds = time.perf_counter() - started
    rates = rates_by_level(played, analysis)
    return (len(played.steps), rates[Level.EASY] > rates[Level.HARD], rates[Level.EASY],
            rates[Level.HARD], seconds)


async def _lag_while(work: asyncio.Future[Any]) -> float:
    """The event loop's worst lag (s) while ``work`` runs."""
    worst = 0.0
    while not work.done():
        started = time.perf_counter()
        await asyncio.sleep(0.01)
        worst = max(worst, time.perf_counter() - started - 0.01)
    return worst


async def _with_lag(game: str, games: int, jobs: int, work: int | None, luck: bool,
                    options: dict[str, str] | None = None
                    ) -> tuple[list[tuple[int, bool, float, float, float]], float]:
    loop = asyncio.get_running_loop()
    # the workers at the computer pool's lower priority, as in the bot
    with ProcessPoolExecutor(jobs, initializer=lower_priority) as pool:
        # every worker up before the loop is watched: starting one is no analysis
        await asyncio.gather(*(loop.run_in_executor(pool, time.sleep, 0.2)
                               for _ in range(jobs)))
        futures = [loop.run_in_executor(pool, _one, game, i, work, luck, options)
                   for i in range(games)]
        gathered = asyncio.gather(*futures)
        lag = await _lag_while(gathered)
        return list(await gathered), lag


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=10, help="games per game type")
    parser.add_argument("--games-only", nargs="*", default=list(GAMES), dest="only",
                        help="game types (default: all)")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes")
    parser.add_argument("--work", type=int, default=None,
                        help="positions a decision may evaluate (default: the judge's)")
    parser.add_argument("--no-luck", action="store_true",
                        help="judge errors only (the count's measure; luck is most of "
                             "Chebache's analysis time)")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help="a game option, e.g. players=2 (repeatable)")
    args = parser.parse_args(argv)
    options = dict(item.split("=", 1) for item in args.option) or None
    for game in args.only:
        started = time.perf_counter()
        results, lag = asyncio.run(_with_lag(game, args.games, args.jobs, args.work,
                                             not args.no_luck, options))
        wall = time.perf_counter() - started
        easy_more = sum(1 for r in results if r[1])
        turns = [r[0] for r in results]
        seconds = [r[4] for r in results]
        per_100 = [s / max(1, t) * 100 for s, t in zip(seconds, turns, strict=True)]
        print(f"{game}: easy erred more than hard in {easy_more} of {len(results)} games; "
              f"mean error rate easy {statistics.mean(r[2] for r in results):.4f}, "
              f"hard {statistics.mean(r[3] for r in results):.4f}")
        print(f"  turns p50 {statistics.median(turns):.0f} max {max(turns)}; analysis s/game "
              f"p50 {statistics.median(seconds):.2f} max {max(seconds):.2f} (one process); "
              f"per 100 turns p50 {statistics.median(per_100):.1f} max {max(per_100):.1f}")
        luck = "errors only" if args.no_luck else "errors and luck"
        print(f"  {len(results)} games played and analysed ({luck}) in {wall:.1f} s on "
              f"{args.jobs} workers; event-loop lag meanwhile max {lag * 1000:.1f} ms",
              flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
