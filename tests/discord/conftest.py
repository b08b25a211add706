"""Fixtures for the Discord layer tests (SimCord: discord.py against an in-memory Discord).

SimCord tracks every callback the bot schedules, and its bookkeeping keeps the
future of each finished aiosqlite call alive a little longer than asyncio
does; an aiosqlite cursor held that way stays "in progress" and SQLite then
refuses COMMIT.  ``_unheld_aiosqlite_results`` hands results over through a box
that is emptied on receipt, so cursors are freed exactly as without SimCord.
"""

from __future__ import annotations

import asyncio
from functools import partial

import aiosqlite.core
import pytest


@pytest.fixture(autouse=True)
def _unheld_aiosqlite_results(monkeypatch: pytest.MonkeyPatch) -> None:
    async def _execute(self, fn, *args, **kwargs):  # type: ignore[no-untyped-def]
        if not self._running or not self._connection:
            raise ValueError("Connection closed")
        function = partial(fn, *args, **kwargs)
        box: list[object] = []

        def boxed() -> list[object]:
            box.append(function())
            return box

        future = asyncio.get_event_loop().create_future()
        self._tx.put_nowait((future, boxed))
        received = await future
        return received.pop()

    monkeypatch.setattr(aiosqlite.core.Connection, "_execute", _execute)


@pytest.fixture
async def open_service():  # type: ignore[no-untyped-def]
    """``await open_service(path)``: a GameService on a SQLite file, closed at teardown
    (an open aiosqlite connection would keep the test process alive)."""
    from tests.discord import harness

    opened = []

    async def factory(path):  # type: ignore[no-untyped-def]
        service = await harness.open_service(path)
        opened.append(service)
        return service

    yield factory
    for service in opened:
        await service.store.close()
