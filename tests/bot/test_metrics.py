"""The operations endpoint (bot/metrics.py): /metrics counts and times commands and the
database, /healthz answers 200 while the database answers and 503 when it does not."""

from __future__ import annotations

import asyncio

from bot.metrics import Metrics, OpsServer, instrument_service, instrument_store
from bot.service import GameService
from tests.bot.conftest import ALICE, BOB, CAROL, HERE


async def _get(port: int, path: str) -> tuple[int, str]:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(f"GET {path} HTTP/1.1\r\nHost: localhost\r\n\r\n".encode())
    await writer.drain()
    raw = await reader.read()
    writer.close()
    head, _, body = raw.decode().partition("\r\n\r\n")
    return int(head.split()[1]), body


async def test_metrics_count_commands_and_database_time_and_health_follows_the_database(
        service: GameService) -> None:
    metrics = Metrics()
    instrument_service(service, metrics)
    instrument_store(service.store, metrics)
    ops = OpsServer(service.store, metrics, "127.0.0.1", 0)
    port = await ops.start()
    try:
        assert (await service.new(ALICE, HERE, "hachapury", [BOB])).ok
        assert (await service.accept(BOB, HERE)).ok
        assert not (await service.accept(CAROL, HERE)).ok  # nothing to accept any more
        status, text = await _get(port, "/metrics")
        assert status == 200
        lines = set(text.splitlines())
        assert 'boardbot_commands_total{command="new",outcome="ok"} 1.0' in lines
        assert 'boardbot_commands_total{command="accept",outcome="ok"} 1.0' in lines
        assert 'boardbot_commands_total{command="accept",outcome="refused"} 1.0' in lines
        assert 'boardbot_command_seconds_count{command="accept"} 2.0' in lines
        transactions = next(line for line in lines if line.startswith(
            'boardbot_db_seconds_count{op="transaction"}'))
        assert float(transactions.split()[-1]) >= 2
        assert any(line.startswith("boardbot_loop_lag_seconds_bucket") for line in lines)
        assert await _get(port, "/healthz") == (200, "ok\n")
        assert (await _get(port, "/other"))[0] == 404
        await service.store.close()  # the database is gone: unhealthy
        status, reason = await _get(port, "/healthz")
        assert status == 503 and reason.startswith("database:")
    finally:
        await ops.stop()
