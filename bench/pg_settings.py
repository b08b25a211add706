"""What the PostgreSQL benchmarks print about their server: whether its commits are
durable (flushed to disk before they are answered), as production runs them.

The benchmarks start their throw-away server with production's settings
(``tests.pg_server.start_server(durable=True)``); a server named by URL is used as it
is, and its settings are printed all the same, so every figure says what it measured.
"""

from __future__ import annotations

import asyncpg

from tests.pg_server import DURABILITY_SETTINGS


async def durability(url: str) -> str:
    """``fsync=on synchronous_commit=on full_page_writes=on`` (or whatever is in force)
    on the server at ``url``."""
    connection = await asyncpg.connect(url)
    try:
        values = [await connection.fetchval(f"SHOW {name}") for name in DURABILITY_SETTINGS]
    finally:
        await connection.close()
    return " ".join(f"{name}={value}" for name, value in zip(DURABILITY_SETTINGS, values,
                                                              strict=True))


def described(settings: str) -> str:
    """``settings`` with a word on what they mean for the figures."""
    durable = "fsync=on" in settings and "synchronous_commit=off" not in settings
    return (f"PostgreSQL settings: {settings} ("
            + ("as in production: each commit is on disk before it is answered)" if durable
               else "NOT as in production: commits are not waited for; faster figures)"))
