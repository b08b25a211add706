"""The operations endpoint (bot/metrics.py): /metrics counts and times commands and the
database, /healthz answers 200 while the database answers and 503 when it does not."""

from __future__ import annotations

import asyncio
import logging

from bot.discord_adapter import kv
from bot.metrics import (
    OTHER_REASON,
    REFUSAL_LABELS,
    Metrics,
    OpsServer,
    instrument_service,
    instrument_store,
    refusal_reason,
    unwatch_discord_log,
    watch_discord_log,
)
from bot.replies import RACE_MESSAGE
from bot.service import GameService
from tests.bot.conftest import ALICE, BOB, CAROL, HERE
from tests.bot.seats import seat_of_user


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


async def test_refusals_are_counted_by_a_reason_from_a_fixed_set(service: GameService) -> None:
    metrics = Metrics()
    instrument_service(service, metrics)
    assert not (await service.move(ALICE, HERE, "13/7")).ok  # no game here
    assert (await service.new(ALICE, HERE, "hachapury", [BOB])).ok
    assert not (await service.new(CAROL, HERE, "hachapury", [BOB])).ok  # channel taken
    assert (await service.accept(BOB, HERE)).ok
    session = await service.store.live_session(HERE.id)
    assert session is not None
    side = service.position_of(session).side_to_move
    mover, waiting = (ALICE, BOB) if seat_of_user(session, ALICE.id).side == side else (BOB, ALICE)
    hostile = 'x"} boardbot_evil{a="1'  # a user's text is never a label
    replies = [await service.move(waiting, HERE, "13/7"),  # not their turn
               await service.move(mover, HERE, hostile),  # not a turn at all
               await service.move(CAROL, HERE, "13/7")]  # a watcher
    assert not any(reply.ok for reply in replies)
    text = metrics.text().decode()
    lines = set(text.splitlines())
    for command, reason in (("move", "no_game"), ("new", "channel_busy"),
                            ("move", "not_your_turn"), ("move", "not_playable"),
                            ("move", "not_playing_watch")):
        assert f'boardbot_refusals_total{{command="{command}",reason="{reason}"}} 1.0' \
            in lines, (command, reason, text)
    reasons = {line.split('reason="')[1].split('"')[0] for line in lines
               if line.startswith("boardbot_refusals_total{")}
    assert reasons <= REFUSAL_LABELS
    assert "evil" not in text
    assert refusal_reason(RACE_MESSAGE) == "race"
    assert refusal_reason("Something nobody wrote a pattern for.") == OTHER_REASON


def test_discord_errors_by_kind_and_rate_limit_waits_come_from_the_logs() -> None:
    metrics = Metrics()
    handler = watch_discord_log(metrics)
    try:
        http = logging.getLogger("discord.http")
        http.warning("We are being rate limited. %s %s responded with 429. Retrying in "
                     "%.2f seconds.", "POST", "https://discord.invalid/api", 1.25)
        http.warning("Global rate limit has been hit. Retrying in %.2f seconds.", 1.25)
        logging.getLogger("discord.client").error("Ignoring exception in on_ready")
        adapter = logging.getLogger("boardbot.discord")
        adapter.warning(kv("send_failed", interaction=1, status=500, error="HTTPException"))
        adapter.warning(kv("notify_dm_failed", kind="reminder", session=3))
        adapter.warning(kv("button_unhandled", custom_id="x"))  # not a Discord failure
        adapter.info(kv("replied", interaction=1))
    finally:
        unwatch_discord_log(handler)
    lines = set(metrics.text().decode().splitlines())
    assert "boardbot_rate_limit_waits_total 1.0" in lines  # one 429, one wait
    assert "boardbot_rate_limit_wait_seconds_total 1.25" in lines
    assert 'boardbot_discord_errors_total{kind="library"} 1.0' in lines
    assert 'boardbot_discord_errors_total{kind="send"} 1.0' in lines
    assert 'boardbot_discord_errors_total{kind="notify"} 1.0' in lines
    assert not any(line.startswith("boardbot_discord_errors_total{")
                   and line.split('kind="')[1].split('"')[0] not in
                   {"library", "send", "notify"} for line in lines)
