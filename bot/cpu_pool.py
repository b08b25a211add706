"""Where the service's CPU work runs: a process pool, never the event loop.

``CpuPool`` runs ``Context.cpu(fn, *args)`` work (board pictures, animated replays,
the engine's legal-turn listings) in a process pool sized to the cores.  Threads
would not do: pure-Python drawing and the compiled Chebache search hold the GIL the
event loop needs, so every picture drawn in a thread was loop lag for every other
channel.

- **forkserver**: workers are forked from a clean single-threaded server, never from
  the bot's process with its database and event-loop threads (see bot/process_pools.py).
- **Warm, and shared**: the forkserver imports every engine and renderer and draws
  the bot's look (its width and theme) before it forks the workers
  (bot/shared_pictures.py): every worker shares those pages instead of drawing its
  own copy.  Each worker then draws one board of each game as it starts (``start``
  waits for that), so the first real picture is as quick as the next.  The rare
  looks (other themes, the phone layout) are drawn by a worker when first asked for.
- **Broken pool**: when a worker dies (killed, out of memory), every piece of work it
  took down is done again on a thread of this process (logged), so the reply still
  gets its picture; a fresh pool is made and warmed in the background, and work goes
  to threads until it is ready.
- **Idle**: a worker idle for a couple of seconds gives its allocator's free pages
  back (bot/worker_idle.py); during a burst it keeps them for the next picture.
- **Shutdown**: queued work is cancelled, running work gets a moment to end, then the
  workers are terminated.

A service built without a pool (tests, tools) keeps the worker-thread path
(``Context.cpu`` without ``cpu_pool``).
"""

from __future__ import annotations

import asyncio
import logging
import os
import queue
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from multiprocessing.queues import Queue
from typing import Any, TypeVar

from bot.process_pools import cores, new_executor, put_down, stop, worker_context
from bot.shared_pictures import prepared_look, share_look
from bot.worker_idle import call, watch

log = logging.getLogger("boardbot.cpu")

#: Seconds a pool may take to start and warm up before work goes to it anyway
#: (with the workers that are warm) or, with none, stays on threads.
WARM_LIMIT = 300.0

_V = TypeVar("_V")
Initializer = Callable[..., object]


def prepare_worker(width: int, theme: str, every_look: bool, started: Queue[int],
                   initializer: Initializer | None, initargs: tuple[Any, ...]) -> None:
    """Run in each worker as it starts: every engine and renderer imported, the
    cached backgrounds of the look built and one board of each game drawn (by the
    forkserver when it drew this look, bot/shared_pictures.py: nothing left to do
    here; ``every_look``: every theme and the phone layout too, each worker its own
    copy), so that no player's picture pays for a first import or a first
    background; then the caller's ``initializer`` (tests use it to make a worker
    misbehave).  Its pid on ``started`` says it is warm."""
    from bot.heap import (
        WORKER_MMAP_THRESHOLD,
        WORKER_TRIM_THRESHOLD,
        freeze_startup_heap,
        tune_allocator,
    )
    from games import available_games
    from renderer import draw_first_positions, warm_look, warm_up

    # fewer, tighter arenas as in the bot's own process, but a picture's buffers
    # reused from the heap (bot/heap.py WORKER_MMAP_THRESHOLD)
    tune_allocator(mmap_threshold=WORKER_MMAP_THRESHOLD, trim_threshold=WORKER_TRIM_THRESHOLD)
    games = available_games()
    if every_look:
        warm_up(games, width, theme)
        draw_first_positions(games, width, theme)
    elif prepared_look() != (width, theme):
        # not drawn by the forkserver (another look, or it failed): drawn here.  When
        # it was, drawing it again only wrote to the shared pages, copying them into
        # this worker (bench/bench_memory.py: 8.5 MiB a fresh worker's own)
        warm_look(games, width, theme)
        draw_first_positions(games, width, theme)
    freeze_startup_heap()  # the warm-up's objects live on: no collection walks them again
    watch()  # idle for a while: the free memory goes back to the system (bot/worker_idle.py)
    if initializer is not None:
        initializer(*initargs)
    started.put(os.getpid())


def _taken(started: Queue[int], seconds: float) -> int | None:
    """The next warm worker's pid, or None after ``seconds``."""
    try:
        return started.get(timeout=seconds)
    except queue.Empty:
        return None


class CpuPool:
    """The process pool for ``Context.cpu`` (see the module's docstring).

    ``width`` and ``theme`` are the pictures the workers draw while warming up (the
    bot's configured ones), drawn once in the forkserver when this pool is made
    before the forkserver starts (``share_look``); ``every_look``: each worker draws
    the other themes and the phone layout too as it starts (about 100 MiB of its
    own per worker; the bot draws them when first asked for instead).

    Counts for logs, metrics and tests: ``tasks`` done in the pool, ``fallbacks``
    done on a thread instead, pool ``replacements``."""

    def __init__(self, workers: int | None = None, *, width: int = 1100,
                 theme: str = "light", every_look: bool = False,
                 initializer: Initializer | None = None,
                 initargs: tuple[Any, ...] = ()) -> None:
        self.workers = workers or cores()
        self.width = width
        self.theme = theme
        self.every_look = every_look
        share_look(width, theme)  # read by the forkserver if it is not running yet
        self._initializer = initializer
        self._initargs = initargs
        self._executor: ProcessPoolExecutor | None = None
        #: True once the current executor's workers are warm; until then (a
        #: replacement warming up) work goes to threads.
        self._warm = False
        self._warming: asyncio.Task[None] | None = None
        self._in_flight = 0
        self.tasks = 0
        self.fallbacks = 0
        self.replacements = 0

    @property
    def queued(self) -> int:
        """Work waiting for a free worker (the metrics' pool queue length)."""
        return max(0, self._in_flight - self.workers)

    @property
    def ready(self) -> bool:
        return self._executor is not None and self._warm

    # -- life cycle -------------------------------------------------------------------

    def _new_executor(self) -> ProcessPoolExecutor:
        context = worker_context()
        self._started = context.Queue()
        return new_executor(self.workers, prepare_worker,
                            (self.width, self.theme, self.every_look, self._started,
                             self._initializer, self._initargs), context)

    def begin(self) -> None:
        """Create the pool and warm it up in the background (work runs on threads
        until it is warm): for a caller that must not wait, such as the console."""
        if self._executor is None:
            self._executor = self._new_executor()
            self._warm = False
        if not self._warm and self._warming is None:
            self._warming = asyncio.get_running_loop().create_task(
                self._warm_up(self._executor), name="boardbot-cpu-pool-warm-up")

    async def start(self) -> None:
        """Create the pool and wait until every worker is up and warm."""
        self.begin()
        if self._warming is not None:
            await self._warming

    async def _warm_up(self, executor: ProcessPoolExecutor) -> None:
        """Wait until every worker of ``executor`` has said it is warm (or the pool
        broke, or ``WARM_LIMIT`` passed); then work goes to it."""
        started, began = self._started, time.perf_counter()
        up: set[int] = set()
        # a worker starts for each submission while none is idle: one probe each (they
        # fail when the workers cannot start)
        loop = asyncio.get_running_loop()
        probes = [loop.run_in_executor(executor, os.getpid) for _ in range(self.workers)]
        try:
            while len(up) < self.workers and time.perf_counter() - began < WARM_LIMIT:
                if any(p.done() and p.exception() is not None for p in probes):
                    break
                pid = await asyncio.to_thread(_taken, started, 0.25)
                if pid is not None:
                    up.add(pid)
        finally:
            if self._warming is asyncio.current_task():
                self._warming = None
            for probe in probes:
                probe.cancel()  # a pool stopped while warming: nobody waits for them
        if executor is not self._executor:
            return  # replaced or shut down meanwhile
        if up:
            self._warm = True
            log.info("cpu pool ready: %d worker(s) warm in %.2f s", len(up),
                     time.perf_counter() - began)
        else:
            failure = next((p.exception() for p in probes
                            if p.done() and not p.cancelled()), None)
            log.error("cpu pool could not start its workers (%r); CPU work runs on "
                      "threads", failure)

    async def shutdown(self, patience: float = 2.0) -> None:
        """Stop the workers: queued work is cancelled, running work gets ``patience``
        seconds, then the workers are terminated."""
        if self._warming is not None:
            self._warming.cancel()
            await asyncio.gather(self._warming, return_exceptions=True)
            self._warming = None
        executor, self._executor = self._executor, None
        if not self._warm:
            patience = 0.0  # workers still warming up have nothing worth waiting for
        self._warm = False
        if executor is None:
            return
        await stop(executor, patience)
        log.info("cpu pool stopped (%d task(s), %d on a thread instead, %d replacement(s))",
                 self.tasks, self.fallbacks, self.replacements)

    # -- work -------------------------------------------------------------------------

    async def run(self, fn: Callable[..., _V], *args: object) -> _V:
        """``fn(*args)`` in a worker (a module-level function, picklable arguments);
        on a thread of this process while the pool is not ready or when its worker
        died (the work is not lost).  ``fn``'s own exceptions are raised here."""
        executor = self._executor
        if executor is None or not self._warm:
            self.fallbacks += 1
            return await asyncio.to_thread(fn, *args)
        self._in_flight += 1
        try:
            result = await asyncio.get_running_loop().run_in_executor(executor, call, fn,
                                                                       *args)
            self.tasks += 1
            return result
        except BrokenProcessPool:
            log.error("cpu pool worker died while running %s; running it on a thread "
                      "instead", getattr(fn, "__qualname__", fn))
            self._replace(executor)
        finally:
            self._in_flight -= 1
        self.fallbacks += 1
        return await asyncio.to_thread(fn, *args)

    def _replace(self, broken: ProcessPoolExecutor) -> None:
        """A fresh pool in place of ``broken`` (once, however many tasks it took down),
        warmed in the background; the broken one's workers are terminated."""
        if broken is not self._executor:
            return
        self.replacements += 1
        self._executor = None
        self._warm = False
        self._warming = None
        log.warning("cpu pool replaced (a worker died); work runs on threads until the "
                    "new workers are warm")
        put_down(broken)
        self.begin()
