"""Where the computer thinks: never on the event loop.

``ComputerPool`` runs ``computer.play.decide`` / ``answer_question`` in a
process pool sized to the cores (CPU work: threads would hold the GIL the event
loop needs), created once, warmed up at start (every worker imports the engines
and strategies before the first game asks) and shut down cleanly.

Each decision is awaited with a wall-clock limit a little above its level's
budget (``limit``).  The wait starts only once a worker is free (a semaphore of
one slot per worker), so a queue of channels never turns into time-outs.  When a
decision times out, or a worker dies, the pool is replaced (the stuck worker is
terminated: it would otherwise keep a slot busy for good) and a legal move
chosen without thinking is played instead (``computer.play.fallback_turn``);
every such fall-back is logged.  A game never waits on a broken strategy.

``InlineThinker`` is the same protocol on a worker thread, for a service built
without a pool (most tests; tools).
"""

from __future__ import annotations

import asyncio
import logging
import os
import time
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Protocol, TypeVar

from bot.process_pools import cores, new_executor, put_down, stop
from computer import Choice, Level, Request, answer_question, decide
from computer.play import fallback_turn

log = logging.getLogger("boardbot.computer")

Initializer = Callable[..., object]


class Thinker(Protocol):
    """What the service asks for a computer's decision."""

    async def decide(self, request: Request) -> Choice: ...

    async def answer(self, request: Request) -> Choice: ...


def fallback_choice(request: Request, answering: bool) -> Choice:
    """A legal choice made without thinking: the engine's first turn, or the first
    answer the question takes."""
    position = request.position()
    if answering:
        return Choice(position.action_choices()[0], fallback=True)
    return Choice(fallback_turn(position, request.dice), fallback=True)


_V = TypeVar("_V")


class InlineThinker:
    """Decisions on a worker thread of this process (no time limit of its own: the
    strategy's budget bounds it).  For services that need no pool."""

    async def work(self, fn: Callable[..., _V], *args: Any) -> _V:
        """Other thinking (a game's analysis: bot/analysis_work.py) on a thread."""
        return await asyncio.to_thread(fn, *args)

    async def decide(self, request: Request) -> Choice:
        return await asyncio.to_thread(decide, request)

    async def answer(self, request: Request) -> Choice:
        return await asyncio.to_thread(answer_question, request)


#: How much lower (Unix niceness) the computers' workers run than the bot's own
#: process: thinking and analyses are background work, so on a machine whose cores
#: they fill, the event loop answering everyone goes first (bench/bench_analysis.py
#: measures the loop's lag beside them).
NICENESS = 5


def lower_priority() -> None:
    """Lower this process's priority by ``NICENESS`` (where not permitted, as it was)."""
    try:
        os.nice(NICENESS)
    except OSError:
        pass


def _prepare_worker(initializer: Initializer | None, initargs: tuple[Any, ...]) -> None:
    """Run in each worker as it starts: its priority lowered (``NICENESS``), every
    game and strategy imported now, so the first decision does not pay for it, then
    the caller's initializer (tests install a deliberately slow or failing strategy
    this way)."""
    from computer.base import strategy_for
    from games import available_games

    lower_priority()
    for game in available_games():
        try:
            strategy_for(game)
        except LookupError:  # a game without a computer player (its plugin names none)
            continue
    if initializer is not None:
        initializer(*initargs)


def _ready() -> int:
    """The warm-up task: proves a worker is up (its pid).  It lingers a moment so
    that the next warm-up task goes to another worker, not to this one again."""
    time.sleep(0.2)
    return os.getpid()


class ComputerPool:
    """The process pool the bot's computers think in (see the module's docstring).

    ``grace``: seconds added to the level's budget for the wall-clock limit, plus
    ``slack`` times the budget (a loaded machine runs a search a little over)."""

    def __init__(self, workers: int | None = None, *, grace: float = 0.5, slack: float = 0.2,
                 initializer: Initializer | None = None, initargs: tuple[Any, ...] = ()) -> None:
        self.workers = workers or cores()
        self.grace = grace
        self.slack = slack
        self._initializer = initializer
        self._initargs = initargs
        self._executor: ProcessPoolExecutor | None = None
        self._slots: asyncio.Semaphore | None = None
        #: Counts for logs and tests: decisions, fall-backs, pool replacements.
        self.decisions = 0
        self.fallbacks = 0
        self.replacements = 0

    # -- life cycle -------------------------------------------------------------------

    def _new_executor(self) -> ProcessPoolExecutor:
        return new_executor(self.workers, _prepare_worker, (self._initializer, self._initargs))

    async def start(self) -> None:
        """Create the pool and warm it up: every worker started and ready."""
        if self._executor is None:
            self._executor = self._new_executor()
            self._slots = asyncio.Semaphore(self.workers)
        await self._warm(self._executor)

    async def _warm(self, executor: Executor) -> None:
        started = time.perf_counter()
        loop = asyncio.get_running_loop()
        pids = await asyncio.gather(*(loop.run_in_executor(executor, _ready)
                                      for _ in range(self.workers)), return_exceptions=True)
        log.info("computer pool ready: %d worker(s) in %.2f s", len(
            {p for p in pids if isinstance(p, int)}), time.perf_counter() - started)

    async def shutdown(self, patience: float = 2.0) -> None:
        """Stop the workers: pending decisions are cancelled, running ones get
        ``patience`` seconds to end (a search ends within its budget), then their
        workers are terminated, so a stop never waits on a runaway search."""
        executor, self._executor = self._executor, None
        if executor is not None:
            await stop(executor, patience)

    def limit(self, level: Level) -> float:
        """The wall-clock limit of a decision at ``level``."""
        return level.budget * (1 + self.slack) + self.grace

    # -- decisions --------------------------------------------------------------------

    async def work(self, fn: Callable[..., _V], *args: Any) -> _V:
        """Other thinking in the pool (a slice of a game's analysis:
        bot/analysis_work.py): ``fn`` a module-level function, ``args`` picklable.  It
        takes a worker slot like a decision, so decisions queue between slices rather
        than behind a whole game; its own work budget bounds it (no time limit)."""
        if self._executor is None:
            await self.start()
        assert self._slots is not None
        async with self._slots:
            executor = self._executor
            assert executor is not None
            return await asyncio.get_running_loop().run_in_executor(executor, fn, *args)

    async def decide(self, request: Request) -> Choice:
        return await self._think(decide, request, answering=False)

    async def answer(self, request: Request) -> Choice:
        return await self._think(answer_question, request, answering=True)

    async def _think(self, work: Callable[[Request], Choice], request: Request,
                     answering: bool) -> Choice:
        if self._executor is None:
            await self.start()
        assert self._slots is not None
        self.decisions += 1
        limit = self.limit(request.level)
        async with self._slots:  # the limit counts from a free worker, not the queue
            executor = self._executor
            assert executor is not None
            started = time.perf_counter()
            try:
                future = asyncio.get_running_loop().run_in_executor(executor, work, request)
                choice = await asyncio.wait_for(future, limit)
                if choice.fallback:
                    self.fallbacks += 1  # the strategy raised: decide() logged it there
                    log.warning("computer fell back in %s (strategy error); played %r",
                                request.game, choice.text)
                return choice
            except TimeoutError:
                log.error("computer timed out in %s at %s after %.2f s (limit %.2f s); "
                          "playing a legal move instead", request.game, request.level.value,
                          time.perf_counter() - started, limit)
                self._replace(executor, "a decision timed out")
            except BrokenProcessPool:
                log.error("computer worker died in %s; playing a legal move instead",
                          request.game)
                self._replace(executor, "a worker died")
            except Exception:
                log.exception("computer failed in %s; playing a legal move instead",
                              request.game)
        self.fallbacks += 1
        return await asyncio.to_thread(fallback_choice, request, answering)

    def _replace(self, broken: ProcessPoolExecutor, why: str) -> None:
        """A fresh pool in place of ``broken`` (unless already replaced); the old one's
        workers are terminated, so a runaway search frees its core."""
        if broken is not self._executor:
            return
        self.replacements += 1
        self._executor = self._new_executor()
        log.warning("computer pool replaced (%s)", why)
        put_down(broken)
