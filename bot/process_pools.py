"""What the bot's two process pools share: how their workers are started, how a
broken pool's workers are put down, and how a pool stops.

``ComputerPool`` (bot/computer_pool.py: the computer players' decisions) and
``CpuPool`` (bot/cpu_pool.py: pictures, replays, legal-turn listings) differ in what
they do when work fails (a legal move played instead; the work done again on a
thread), not in these.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from multiprocessing.context import BaseContext
from typing import Any

from bot.lifeline import FORKSERVER_PRELOAD, name_forkserver_owner, start_worker
from bot.shared_pictures import share_main
from games.plugins import register_all, registered_modules


def cores() -> int:
    """The cores this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def worker_context() -> BaseContext:
    """forkserver: workers are forked from a clean single-threaded server, never from
    the bot's process with its database and event-loop threads (forking a threaded
    process can inherit a lock held by another thread)."""
    method = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() \
        else "spawn"
    context = multiprocessing.get_context(method)
    if method == "forkserver":
        # the forkserver imports bot.lifeline as it starts and so dies with this
        # process, even with a SIGKILL (the preload list is read when it starts: a
        # forkserver already running keeps its own)
        name_forkserver_owner()
        # ... and imports the main module once for every worker (bot/shared_pictures.py)
        share_main()
        context.set_forkserver_preload(FORKSERVER_PRELOAD)
    return context


def new_executor(workers: int, initializer: Callable[..., object],
                 initargs: tuple[Any, ...], context: BaseContext | None = None
                 ) -> ProcessPoolExecutor:
    """A pool of ``workers`` processes (``worker_context``), each registering the
    games registered here beyond the built-in ones, then running
    ``initializer(*initargs)`` as it starts.  Every worker dies with this process
    (bot/lifeline.py), so a killed bot leaves no worker behind."""
    return ProcessPoolExecutor(workers, mp_context=context or worker_context(),
                               initializer=start_worker,
                               initargs=(os.getpid(), _registered_then,
                                         (registered_modules(), initializer, initargs)))


def _registered_then(plugins: tuple[str, ...], initializer: Callable[..., object],
                     initargs: tuple[Any, ...]) -> None:
    # A worker is a fresh process (forkserver): a game registered at run time (a
    # plugin outside the built-in ones, such as a test's toy game) is registered again
    # by its module path, or the worker would not know the game it is asked about.
    register_all(plugins)
    initializer(*initargs)


def _processes(executor: ProcessPoolExecutor) -> list[Any]:
    return list((getattr(executor, "_processes", None) or {}).values())


def put_down(executor: ProcessPoolExecutor) -> None:
    """Retire a broken (or stuck) pool at once: queued work is cancelled and every
    worker still alive is terminated.  ProcessPoolExecutor cannot stop one running
    task, so a runaway worker would otherwise keep its core (Python 3.14's
    ``terminate_workers`` does the same)."""
    processes = _processes(executor)
    executor.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        if process.is_alive():
            process.terminate()


async def stop(executor: ProcessPoolExecutor, patience: float) -> None:
    """Stop a pool: queued work is cancelled, running work gets ``patience`` seconds
    to end, then the workers still running are terminated."""
    processes = _processes(executor)
    executor.shutdown(wait=False, cancel_futures=True)
    deadline = time.monotonic() + patience
    for process in processes:
        await asyncio.to_thread(process.join, max(0.0, deadline - time.monotonic()))
        if process.is_alive():
            process.terminate()
