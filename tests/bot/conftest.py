"""Service fixtures: a fresh database (SQLite, then PostgreSQL: the ``database`` fixture of
tests/conftest.py), a controllable clock, repeatable seeds."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator

import pytest

from bot.replies import Channel, User
from bot.service import GameService, ServiceConfig
from storage import Store


class FakeClock:
    def __init__(self, now: float = 1_800_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


ALICE = User("1001", "alice")
BOB = User("1002", "bob")
CAROL = User("1003", "carol")
MOD = User("1999", "mod", moderator=True)
HERE = Channel("5001", "9000", "game-room")


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
async def store(database: str) -> AsyncIterator[Store]:
    s = await Store.open(database)
    yield s
    await s.close()


@pytest.fixture
def service(store: Store, clock: FakeClock) -> GameService:
    rng = random.Random(1234)
    return GameService(store, ServiceConfig(challenge_seconds=3600), clock=clock,
                       seed_factory=lambda: rng.randbytes(32), render_images=False)
