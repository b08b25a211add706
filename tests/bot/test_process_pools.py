"""What the two process pools share (bot/process_pools.py): a pool whose worker died
is replaced by a working one, for the computer's pool as for the picture pool
(tests/bot/test_cpu_pool.py kills a worker drawing a picture), and a broken pool's
stuck workers are put down."""

from __future__ import annotations

import asyncio
import os
import time
from pathlib import Path

from bot.computer_pool import ComputerPool
from bot.process_pools import new_executor, put_down
from computer import Level, Request
from games import get_game
from tests.bot.computer.helpers import install


def install_in_first_worker(marker: str, game: str, kind: str) -> None:
    """A worker initializer: the first worker to start gets strategy ``kind``
    (the one that creates ``marker``); the workers that replace it keep the real one."""
    try:
        os.close(os.open(marker, os.O_CREAT | os.O_EXCL))
    except FileExistsError:
        return
    install(game, kind)


def _request() -> Request:
    game = get_game("hachapury")
    options = game.normalise_options({})
    listing = game.initial(options, "W").listing()
    return Request("hachapury", tuple(options.items()), listing, (3, 1), Level.EASY, seed=1)


def _pids(pool: ComputerPool) -> set[int]:
    return set((getattr(pool._executor, "_processes", None) or {}).keys())


async def test_a_computer_worker_that_dies_is_replaced_by_one_that_thinks(
        tmp_path: Path) -> None:
    # a generous limit: the replacement worker starts cold on a loaded machine
    pool = ComputerPool(1, grace=60, initializer=install_in_first_worker,
                        initargs=(str(tmp_path / "first"), "hachapury", "dying"))
    try:
        await pool.start()
        [first] = _pids(pool)
        dead = await pool.decide(_request())  # the first worker dies thinking
        assert dead.fallback and pool.replacements == 1
        # the next decision is thought in a new worker, not refused by a broken pool
        thought = await pool.decide(_request())
        assert not thought.fallback
        assert thought.text in _request().position().legal_turns((3, 1))
        assert first not in _pids(pool) and pool.replacements == 1
    finally:
        await pool.shutdown()


def _linger() -> int:
    time.sleep(60)
    return os.getpid()


async def test_put_down_terminates_a_worker_that_is_still_busy() -> None:
    executor = new_executor(1, int, ())
    busy = asyncio.get_running_loop().run_in_executor(executor, _linger)
    processes = list(executor._processes.values())
    while not processes:
        await asyncio.sleep(0.05)
        processes = list(executor._processes.values())
    await asyncio.sleep(0.5)  # the worker has taken the task
    started = time.monotonic()
    put_down(executor)
    for process in processes:
        await asyncio.to_thread(process.join, 30)
        assert not process.is_alive()
    assert time.monotonic() - started < 30  # not the task's 60 s
    busy.cancel()
    await asyncio.gather(busy, return_exceptions=True)
