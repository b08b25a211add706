"""A picture worker hands its free memory back once it is idle.

A picture worker (bot/cpu_pool.py) keeps the buffers of its last pictures in its
heap (bot/heap.py ``WORKER_TRIM_THRESHOLD``): the next picture reuses them instead of
faulting in fresh pages (3.8 ms a Hachapury picture instead of 6.2 ms).  That is
worth it while pictures come one after another; between bursts it is about 10 MiB
a worker held for nothing (bench/bench_memory.py: 18 MiB of the whole tree on 2
cores).  So each worker runs ``watch`` on a daemon thread: once no work has run for
``IDLE_SECONDS``, it calls ``malloc_trim`` once (until the next work).  During a
burst nothing changes: a worker busy within the last seconds keeps its pages.

``call`` is what the pool runs in the worker: the work itself, timed for ``watch``.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import TypeVar

from bot.heap import release_free_memory

_V = TypeVar("_V")

#: Seconds without work after which a worker gives its free memory back.
IDLE_SECONDS = 2.0


class _Activity:
    """This worker's state, as ``call`` leaves it for ``watch``: work running now,
    when the last one ended, and whether the memory was given back since."""

    def __init__(self) -> None:
        self.running = 0
        self.ended = time.monotonic()
        self.trimmed = False
        self.trims = 0


ACTIVITY = _Activity()


def call(fn: Callable[..., _V], *args: object) -> _V:
    """``fn(*args)``, noted as work (the pool's worker runs this)."""
    ACTIVITY.running += 1
    try:
        return fn(*args)
    finally:
        ACTIVITY.running -= 1
        ACTIVITY.ended = time.monotonic()
        ACTIVITY.trimmed = False


def idle_for(now: float | None = None) -> float:
    """Seconds since the last work ended (0 while work runs)."""
    if ACTIVITY.running:
        return 0.0
    return max(0.0, (time.monotonic() if now is None else now) - ACTIVITY.ended)


def trim_if_idle(seconds: float = IDLE_SECONDS) -> bool:
    """Give the free memory back if idle ``seconds`` and not done since the last work;
    True when it did."""
    if ACTIVITY.trimmed or idle_for() < seconds:
        return False
    ACTIVITY.trimmed = True
    ACTIVITY.trims += 1
    release_free_memory()
    return True


def watch(seconds: float = IDLE_SECONDS) -> threading.Thread:
    """Start the daemon thread that trims this worker once it is idle (a look every
    ``seconds / 2``)."""

    def loop() -> None:
        while True:
            time.sleep(seconds / 2)
            trim_if_idle(seconds)

    thread = threading.Thread(target=loop, name="boardbot-idle-trim", daemon=True)
    thread.start()
    return thread
