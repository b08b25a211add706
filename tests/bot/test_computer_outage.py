"""A database that comes back wakes the computer games waiting for it at once, not at
the driver's next sweep a minute later (bot/computer_driver.py ``recover``).  Real
outages: a PostgreSQL server stopped as by a crash and started again; a SQLite file
locked by another process."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from contextlib import ExitStack
from pathlib import Path

import pytest

from bot.computer_driver import ComputerDriver
from bot.computer_seats import COMPUTER
from bot.replies import Channel, Reply
from bot.service import GameService
from storage import Store
from tests.bot.conftest import ALICE, HERE
from tests.pg_server import ServerUnavailable, start_server
from tests.storage.faults import locked

#: Seconds within which the computers must move again once the database is back
#: (the sweep is a minute).
LIMIT = 10.0


async def _until(condition: Callable[[], bool], seconds: float, what: str) -> float:
    began = time.monotonic()
    while not condition():
        assert time.monotonic() - began < seconds, f"timed out waiting for {what}"
        await asyncio.sleep(0.05)
    return time.monotonic() - began


async def _outage(store: Store, down: Callable[[], object], back: Callable[[], object],
                  lasting: float) -> float:
    """A game of computers played by a driver; the database goes ``down`` mid-game and
    comes ``back``: the seconds from its return to the computers' next post."""
    service = GameService(store, render_images=False)
    posted: list[Reply] = []

    async def deliver(channel: Channel, reply: Reply) -> None:
        posted.append(reply)

    driver = ComputerDriver(service, deliver, sweep=60.0)
    # at the hard level (1.5 s a decision) a game lasts minutes: it cannot end before
    # the outage, which would leave nothing to play after it
    assert (await service.new(ALICE, HERE, "hachapury", [COMPUTER, COMPUTER],
                              {"level": "hard"})).ok
    task = asyncio.create_task(driver.run_forever())
    try:
        await _until(lambda: len(posted) >= 2, 60, "the computers to play")
        await asyncio.to_thread(down)
        await asyncio.sleep(lasting)  # the computers' steps fail meanwhile
        count = len(posted)
        await asyncio.to_thread(back)
        try:
            seconds = await _until(lambda: len(posted) > count, LIMIT + 50,
                                   "the computers to play again")
        except AssertionError:
            session = await store.latest_session(HERE.id)
            raise AssertionError(
                f"no post after the outage; {count} before it, the game "
                f"{session.status if session else None}; the last: "
                f"{posted[-1].text if posted else None!r}") from None
    finally:
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
        await driver.close()
    print(f"database back to the computer's next post: {seconds:.2f} s")
    return seconds


@pytest.mark.postgresql
async def test_computers_play_on_at_once_when_postgresql_comes_back() -> None:
    try:
        server = await asyncio.to_thread(start_server)
    except (ServerUnavailable, OSError) as exc:
        pytest.skip(f"no PostgreSQL server: {exc}")
    try:
        store = await Store.open(server.url())
        try:
            seconds = await _outage(store, server.halt, server.resume, 2.0)
        finally:
            await store.close()
    finally:
        await asyncio.to_thread(server.stop)
    assert seconds < LIMIT


async def test_computers_play_on_at_once_when_a_sqlite_lock_goes(tmp_path: Path) -> None:
    db = tmp_path / "db.sqlite3"
    store = await Store.open(str(db), busy_timeout=0.2)
    stack = ExitStack()
    try:
        # a write waits out the lock for about 3 s (busy_timeout, then the store's own
        # retries) before it fails: the lock is held longer than that
        seconds = await _outage(store, lambda: stack.enter_context(locked(db)), stack.close,
                                8.0)
    finally:
        stack.close()
        await store.close()
    assert seconds < LIMIT


class _Broken:
    """A service whose computer step always fails with a bug (not an outage): the
    database answers, the step does not."""

    def __init__(self) -> None:
        self.steps = 0

    async def computer_step(self, channel: Channel) -> Reply | None:
        self.steps += 1
        raise RuntimeError("a bug in the step")

    async def computer_unposted(self) -> list[tuple[Channel, Reply]]:
        return []

    async def computer_channels(self) -> list[Channel]:
        return []

    async def computer_posted(self, reply: Reply) -> None:
        return None


async def test_a_step_that_keeps_failing_is_retried_less_and_less_often() -> None:
    broken = _Broken()

    async def deliver(channel: Channel, reply: Reply) -> None:
        return None

    driver = ComputerDriver(broken, deliver, sweep=60.0)  # type: ignore[arg-type]  # a stand-in
    driver.poke(HERE)
    await asyncio.sleep(4.2)
    await driver.close()
    # failures at about 0, 0.5, 1.5 and 3.5 s (waits 0.5, 1, 2 s): not every half second
    assert 3 <= broken.steps <= 5, broken.steps
