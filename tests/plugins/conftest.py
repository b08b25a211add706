"""The toy game (tests/toygame) registered for each test that asks for it, and gone
after, so that no other test sees a fifth game."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.bot.conftest import clock, service, store  # noqa: F401 - the service fixtures
from tests.toygame import registered


@pytest.fixture
def toy() -> Iterator[str]:
    with registered():
        yield "toyrace"
