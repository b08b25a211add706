"""Fixtures for the Discord layer tests (SimCord: discord.py against an in-memory Discord)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import AsyncExitStack
from pathlib import Path

import pytest

from bot.service import GameService
from tests.conftest import BACKENDS, pg_schemas
from tests.discord.aiosqlite_patch import unhold_results
from tests.discord.harness import Opener


@pytest.fixture(autouse=True)
def _unheld_aiosqlite_results(monkeypatch: pytest.MonkeyPatch) -> None:
    """See tests/discord/aiosqlite_patch.py: cursors must not outlive their call."""
    unhold_results(monkeypatch.setattr)


@pytest.fixture(params=BACKENDS)
async def open_service(request: pytest.FixtureRequest) -> AsyncIterator[Opener]:
    """``await open_service(path)``: a GameService on a SQLite file, then (the second
    run of each test) on a PostgreSQL database standing for that path (the same path
    opens the same database again: a restart); closed at teardown (an open connection
    would keep the test process alive)."""
    from tests.discord import harness

    opened: list[GameService] = []
    databases: dict[str, str] = {}
    async with AsyncExitStack() as stack:
        new_database = None
        if request.param == "postgresql":
            new_database = await stack.enter_async_context(
                pg_schemas(request.getfixturevalue("pg_server_url")))

        async def factory(path: Path) -> GameService:
            target = str(path)
            if new_database is not None:
                if target not in databases:
                    databases[target] = await new_database()
                target = databases[target]
            service = await harness.open_service(target)
            opened.append(service)
            return service

        yield factory
        for service in opened:
            await service.store.close()
