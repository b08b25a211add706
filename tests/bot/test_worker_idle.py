"""A picture worker gives its free memory back once idle, never while it works
(bot/worker_idle.py), and the pool's workers run that watch."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator

import pytest

from bot import worker_idle
from bot.cpu_pool import CpuPool
from bot.worker_idle import ACTIVITY, call, idle_for, trim_if_idle


@pytest.fixture(autouse=True)
def fresh_activity(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """This process's activity, reset; the trims counted instead of done."""
    monkeypatch.setattr(ACTIVITY, "running", 0)
    monkeypatch.setattr(ACTIVITY, "ended", time.monotonic())
    monkeypatch.setattr(ACTIVITY, "trimmed", False)
    monkeypatch.setattr(ACTIVITY, "trims", 0)
    done: list[int] = []

    def counted() -> bool:
        done.append(1)
        return True

    monkeypatch.setattr(worker_idle, "release_free_memory", counted)
    yield done


def test_an_idle_worker_trims_once_until_the_next_work(fresh_activity: list[int]) -> None:
    ACTIVITY.ended = time.monotonic() - 5
    assert trim_if_idle(2.0)
    assert not trim_if_idle(2.0)  # once: nothing new was freed since
    assert call(sum, (1, 2)) == 3  # work ran: it may trim again once idle
    assert not trim_if_idle(2.0)  # ...not yet: it just worked
    ACTIVITY.ended -= 5
    assert trim_if_idle(2.0)
    assert fresh_activity == [1, 1] and ACTIVITY.trims == 2


def test_no_trim_while_work_runs(fresh_activity: list[int]) -> None:
    ACTIVITY.ended = time.monotonic() - 60  # the last work ended long ago...

    def long_work() -> bool:
        return trim_if_idle(2.0)  # ...but this one is running

    assert call(long_work) is False
    assert idle_for() < 1
    assert fresh_activity == []


def test_work_that_fails_still_counts_as_ended() -> None:
    def broken() -> None:
        raise ValueError("no")

    with pytest.raises(ValueError):
        call(broken)
    assert ACTIVITY.running == 0 and idle_for() < 1


def _trims() -> int:
    return worker_idle.ACTIVITY.trims


async def test_a_pool_worker_trims_after_its_work() -> None:
    pool = CpuPool(1, width=400)
    await pool.start()
    try:
        before = await pool.run(_trims)
        await asyncio.sleep(worker_idle.IDLE_SECONDS * 1.5)
        after = await pool.run(_trims)
        for _ in range(20):  # a busy machine may run the watch late
            if after != before:
                break
            await asyncio.sleep(0.5)
            after = await pool.run(_trims)
        assert after == before + 1
    finally:
        await pool.shutdown()
