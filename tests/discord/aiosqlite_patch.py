"""Make aiosqlite hand each result over through a box that is emptied on receipt.

SimCord tracks every callback the bot schedules, and its bookkeeping keeps the
future of each finished aiosqlite call alive a little longer than asyncio
does; an aiosqlite cursor held that way stays "in progress" and SQLite then
refuses COMMIT.  With the box, cursors are freed exactly as without SimCord.
Used by the Discord tests and the Discord benchmark only.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from functools import partial
from typing import Any

import aiosqlite.core


async def _execute(self: Any, fn: Any, *args: Any, **kwargs: Any) -> Any:
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


def unhold_results(setattr_: Callable[[Any, str, Any], None] = setattr) -> None:
    """Install the boxed ``Connection._execute`` (``setattr_``: e.g. monkeypatch's)."""
    setattr_(aiosqlite.core.Connection, "_execute", _execute)
