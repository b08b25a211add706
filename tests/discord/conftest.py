"""Fixtures for the Discord layer tests (SimCord: discord.py against an in-memory Discord)."""

from __future__ import annotations

import pytest

from tests.discord.aiosqlite_patch import unhold_results


@pytest.fixture(autouse=True)
def _unheld_aiosqlite_results(monkeypatch: pytest.MonkeyPatch) -> None:
    """See tests/discord/aiosqlite_patch.py: cursors must not outlive their call."""
    unhold_results(monkeypatch.setattr)


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
