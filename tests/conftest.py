"""Suite-wide settings.

Hypothesis: no per-example deadline anywhere (CI machines are shared and a slow
example is not a wrong one); ``HYPOTHESIS_PROFILE=thorough`` runs more examples.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest
from hypothesis import settings

from tests.pg_server import (
    ENV_REQUIRE,
    ENV_UNAVAILABLE,
    ENV_URL,
    ServerUnavailable,
    start_server,
)

settings.register_profile("default", deadline=None)
settings.register_profile("thorough", deadline=None, max_examples=1000)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


# -- both databases ------------------------------------------------------------------
# ``database``: a fresh database of each kind in turn, as the string ``Store.open`` takes
# (a SQLite file path, or a PostgreSQL URL whose search_path is a new, empty schema on
# the session's test server).  Where no server can start, the PostgreSQL half skips and
# says why (or fails, when BOARDBOT_REQUIRE_POSTGRES=1, as in CI).

BACKENDS = ["sqlite", pytest.param("postgresql", marks=pytest.mark.postgresql)]


@pytest.fixture(scope="session")
def pg_server_url() -> Iterator[str]:
    """The URL of a PostgreSQL server for the tests: BOARDBOT_TEST_POSTGRES when set,
    else a server started here for the session (stopped at its end, pass or fail)."""
    given = os.environ.get(ENV_URL)
    if given:
        yield given
        return
    try:
        if os.environ.get(ENV_UNAVAILABLE):  # tests.pg_server tried already
            raise ServerUnavailable(os.environ[ENV_UNAVAILABLE])
        server = start_server()
    except (ServerUnavailable, OSError) as exc:
        message = f"no PostgreSQL server for the tests: {exc}"
        if os.environ.get(ENV_REQUIRE) == "1":
            pytest.fail(message)
        pytest.skip(message)
    try:
        yield server.url()
    finally:
        server.stop()


PgFactory = Callable[[], Awaitable[str]]


@asynccontextmanager
async def pg_schemas(server_url: str) -> AsyncIterator[PgFactory]:
    """``await new()``: the URL of a new, empty schema on the server (a database of its
    own as far as the bot can tell: the URL sets its search_path); every schema made is
    dropped at the end."""
    import asyncpg

    made: list[str] = []
    admin = await asyncpg.connect(server_url)

    async def new() -> str:
        schema = f"t_{uuid.uuid4().hex[:16]}"
        await admin.execute(f'CREATE SCHEMA "{schema}"')
        made.append(schema)
        return f"{server_url}{'&' if '?' in server_url else '?'}search_path={schema}"

    try:
        yield new
    finally:
        for schema in made:
            await admin.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')
        await admin.close()


@pytest.fixture
async def new_pg_database(pg_server_url: str) -> AsyncIterator[PgFactory]:
    """``await new_pg_database()``: a new, empty PostgreSQL database's URL (see above)."""
    async with pg_schemas(pg_server_url) as new:
        yield new


@pytest.fixture(params=BACKENDS)
async def database(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[str]:
    """A fresh database of each kind in turn (see above)."""
    if request.param == "sqlite":
        yield str(tmp_path / "db.sqlite3")
        return
    async with pg_schemas(request.getfixturevalue("pg_server_url")) as new:
        yield await new()
