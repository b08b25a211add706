"""Optional operations endpoint: Prometheus metrics and a health check.

Enabled by ``[metrics] port = 9108`` in the config (``host`` defaults to 127.0.0.1);
needs the ``prometheus-client`` package (``pip install -e ".[metrics]"``).  One small
asyncio HTTP server on the bot's own loop answers

- ``GET /metrics``: the Prometheus text format;
- ``GET /healthz``: ``200 ok`` when the database answers within 2 s and the event loop
  is not stalled, else ``503`` and the reason (for process supervisors and load balancers).

What is measured, without touching the service's code (its public methods are wrapped
on the instance, the store's backend is timed through a thin proxy):

- ``boardbot_commands_total{command, outcome}`` (ok, refused, race) and
  ``boardbot_command_seconds{command}``: every command, ``move`` included, with its
  full reply (rendering included);
- ``boardbot_refusals_total{command, reason}``: refusals by reason: the key of the
  catalogue sentence the refusal says (bot/catalogue), so that a refusal counts under
  one reason whatever the reader's language; ``race``, or ``other`` for wording the
  catalogue does not have (``REFUSAL_LABELS``: never user text);
- ``boardbot_db_seconds{op}``: each read and each transaction;
- ``boardbot_db_pool_in_use``: PostgreSQL connections busy (0 on SQLite);
- ``boardbot_loop_lag_seconds``: how late a 100 ms timer fires (the loop's lag);
- ``boardbot_discord_errors_total{kind}``: discord.py's error records (``library``)
  and the bot's own failed Discord calls (``send``, ``defer``, ``post``, ``notify``,
  ``command``: the adapter's log events);
- ``boardbot_rate_limit_waits_total`` and ``boardbot_rate_limit_wait_seconds_total``:
  the waits Discord asked for (429 answers discord.py logs and retries after);
- ``boardbot_cpu_pool_queue``: work waiting for a worker of the process pool
  (bot/cpu_pool.py), and ``boardbot_cpu_pool_fallbacks_total``: work done on a
  thread instead (a dead worker, a pool warming up);
- ``boardbot_scheduler_leader``: 1 in the process whose scheduler leads.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import re
import string
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from prometheus_client import (
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    generate_latest,
)

from bot.catalogue import CATALOGUE, LANGUAGES, t
from bot.catalogue import hints as hint_phrases
from bot.command_table import metered_methods
from bot.replies import RACE_MESSAGE, Reply
from storage import Store
from storage.store import Backend, Run

if TYPE_CHECKING:
    from bot.cpu_pool import CpuPool

#: The service commands that are counted and timed (GameService methods): every
#: command's of the command table, and the press of a button or menu.
COMMANDS = metered_methods()
HEALTH_TIMEOUT = 2.0
STALLED = 1.0  # seconds of loop lag that make the process unhealthy
_LATENCY = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)

#: The lost-race refusal in every language (bot/catalogue "race").
RACES = {RACE_MESSAGE, *(t(lang, "race") for lang in LANGUAGES)}
OTHER_REASON = "other"
#: A template needs this many characters of its own wording (outside its values)
#: to name a refusal: ``{reason}; {rest}`` would name any text with a semicolon.
_WORDING = 4
#: The adapter's log events of a failed Discord call -> the ``kind`` label.
DISCORD_FAILURES = {"send_failed": "send", "defer_failed": "defer", "post_failed": "post",
                    "computer_post_failed": "post", "notify_failed": "notify",
                    "notify_dm_failed": "notify", "command_error": "command"}
#: discord.py's warning when Discord answered 429 and it waits before retrying.
_RATE_LIMITED = re.compile(r"rate limited.*Retrying in ([0-9.]+) seconds")


@dataclass(frozen=True)
class _Said:
    """A catalogue template read backwards: its key, its first words (``lead``, ''
    when it begins with a value), the words that follow each of its values
    (``after``: '' for a value at the end), and how many characters of its own words
    it has (``wording``)."""

    key: str
    lead: str
    after: tuple[str, ...]
    wording: int

    def begins(self, text: str) -> bool:
        """Whether ``text`` begins with this template said with some values: each
        value at least one character, its following words found leftmost.  A plain
        left-to-right search, linear in the text: a regular expression with a lazy
        group per value would backtrack for ages on a long hostile text."""
        if not text.startswith(self.lead):
            return False
        at = len(self.lead)
        for words in self.after:
            found = text.find(words, at + 1)
            if found < 0:
                return False
            at = found + len(words)
        return True


def _said(key: str, template: str) -> _Said:
    lead, wording = "", 0
    after: list[str] = []
    for literal, field, _spec, _conversion in string.Formatter().parse(template):
        wording += len(literal.strip())
        if after:
            after[-1] += literal  # ("{{" splits a literal in two)
        else:
            lead += literal
        if field is not None:
            after.append("")
    return _Said(key, lead, tuple(after), wording)


def _templates() -> tuple[_Said, ...]:
    """Every catalogue sentence of every language, in an order that is the same for
    every language, so that one kind of refusal gets one label in all of them: first
    the keys whose templates begin with their own words in every language (a template
    that begins with a value, ``{move}: ...``, would find itself inside the message
    that quotes it: ```24/1` is not playable: 24/1: ...``), the wordiest first; keys
    with fewer than ``_WORDING`` characters of their own words in some language (a
    button's label, ``{reason}; {rest}``) are left out, and so are the phrases of
    ``/hint`` reasons (bot/catalogue/hints.py): pieces of one sentence, never a
    message, and a short one ("bears off {pieces}") would claim a lesson's
    "bears off" in one language only."""
    by_key: dict[str, list[_Said]] = {}
    for catalogue in CATALOGUE.values():
        for key, template in catalogue.items():
            if key not in hint_phrases.EN:
                by_key.setdefault(key, []).append(_said(key, template))
    ranked = sorted(
        (saids for saids in by_key.values()
         if min(said.wording for said in saids) >= _WORDING),
        key=lambda saids: (not all(said.lead for said in saids),
                           -min(said.wording for said in saids), saids[0].key))
    return tuple(said for saids in ranked for said in saids)


#: The catalogue read backwards (``refusal_reason``).
TEMPLATES = _templates()
#: Every label a refusal may carry: a catalogue key, ``race`` or ``other``; never
#: user text.
REFUSAL_LABELS = frozenset(said.key for said in TEMPLATES) | {"race", OTHER_REASON}


def refusal_reason(text: str) -> str:
    """The reason label of a refusal: the key of the catalogue sentence it begins
    with, the same whatever the reader's language (``not_your_turn`` for "It is not
    your turn: ..." and for "Сейчас не ваш ход: ..."); ``race`` for a lost race;
    ``other`` for wording the catalogue does not have."""
    if text in RACES:
        return "race"
    for said in TEMPLATES:
        if said.begins(text):
            return said.key
    return OTHER_REASON


class Metrics:
    """The bot's metrics in a registry of their own."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        r = self.registry
        self.commands = Counter("boardbot_commands", "Commands answered",
                                ["command", "outcome"], registry=r)
        self.command_seconds = Histogram("boardbot_command_seconds",
                                         "Time until a command's full reply", ["command"],
                                         buckets=_LATENCY, registry=r)
        self.db_seconds = Histogram("boardbot_db_seconds", "Database reads and transactions",
                                    ["op"], buckets=_LATENCY, registry=r)
        self.pool_in_use = Gauge("boardbot_db_pool_in_use",
                                 "PostgreSQL connections in use", registry=r)
        self.loop_lag = Histogram("boardbot_loop_lag_seconds", "Lateness of a 100 ms timer",
                                  buckets=(0.001, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 1.0),
                                  registry=r)
        self.refusals = Counter("boardbot_refusals", "Commands refused, by reason",
                                ["command", "reason"], registry=r)
        self.discord_errors = Counter("boardbot_discord_errors",
                                      "Failed Discord calls and discord.py errors", ["kind"],
                                      registry=r)
        self.rate_limits = Counter("boardbot_rate_limit_waits",
                                   "Waits Discord asked for (429, retried)", registry=r)
        self.rate_limit_seconds = Counter("boardbot_rate_limit_wait_seconds",
                                          "Seconds waited for Discord's rate limits",
                                          registry=r)
        self.cpu_queue = Gauge("boardbot_cpu_pool_queue",
                               "Work waiting for a worker of the process pool", registry=r)
        self.cpu_fallbacks = Counter("boardbot_cpu_pool_fallbacks",
                                     "Pool work done on a thread instead", registry=r)
        self.leader = Gauge("boardbot_scheduler_leader", "1 where the scheduler leads",
                            registry=r)
        self.last_lag = 0.0

    def text(self) -> bytes:
        return generate_latest(self.registry)


def instrument_service(service: Any, metrics: Metrics) -> None:
    """Count and time every command of ``service`` (wraps its methods on the instance)."""
    for name in COMMANDS:
        method = getattr(service, name, None)
        if method is not None:
            setattr(service, name, _timed_command(name, method, metrics))


def _timed_command(name: str, method: Callable[..., Awaitable[Reply]], metrics: Metrics
                   ) -> Callable[..., Awaitable[Reply]]:
    @functools.wraps(method)
    async def timed(*args: Any, **kwargs: Any) -> Reply:
        start = time.perf_counter()
        reply = await method(*args, **kwargs)
        metrics.command_seconds.labels(name).observe(time.perf_counter() - start)
        outcome = "ok" if reply.ok else ("race" if reply.text in RACES else "refused")
        metrics.commands.labels(name, outcome).inc()
        if not reply.ok:
            metrics.refusals.labels(name, refusal_reason(reply.text)).inc()
        return reply
    return timed


class TimedBackend:
    """A store backend whose reads and transactions are timed (delegates the rest)."""

    def __init__(self, backend: Backend, metrics: Metrics) -> None:
        self._backend = backend
        self._metrics = metrics

    def __getattr__(self, name: str) -> Any:
        return getattr(self._backend, name)

    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        with self._metrics.db_seconds.labels("read").time():
            return await self._backend.fetchall(sql, params)

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Run]:
        start = time.perf_counter()
        try:
            async with self._backend.transaction() as run:
                yield run
        finally:
            self._metrics.db_seconds.labels("transaction").observe(time.perf_counter() - start)


def instrument_store(store: Store, metrics: Metrics) -> None:
    if not isinstance(store.backend, TimedBackend):
        store.backend = TimedBackend(store.backend, metrics)


class _DiscordLog(logging.Handler):
    """Counts discord.py's errors and rate-limit waits, and the adapter's failed calls
    (its ``event=...`` log lines), from their log records."""

    def __init__(self, metrics: Metrics) -> None:
        super().__init__(logging.WARNING)
        self.metrics = metrics

    def emit(self, record: logging.LogRecord) -> None:
        if record.name == "discord" or record.name.startswith("discord."):
            if record.levelno >= logging.ERROR:
                self.metrics.discord_errors.labels("library").inc()
                return
            waited = _RATE_LIMITED.search(record.getMessage())
            if waited:
                self.metrics.rate_limits.inc()
                self.metrics.rate_limit_seconds.inc(float(waited.group(1)))
            return
        event = record.getMessage().partition(" ")[0].removeprefix("event=")
        kind = DISCORD_FAILURES.get(event)
        if kind is not None:
            self.metrics.discord_errors.labels(kind).inc()


#: The loggers whose records ``watch_discord_log`` reads: discord.py's and the adapter's.
DISCORD_LOGGERS = ("discord", "boardbot.discord")


def watch_discord_log(metrics: Metrics) -> logging.Handler:
    handler = _DiscordLog(metrics)
    for name in DISCORD_LOGGERS:
        logging.getLogger(name).addHandler(handler)
    return handler


def unwatch_discord_log(handler: logging.Handler) -> None:
    for name in DISCORD_LOGGERS:
        logging.getLogger(name).removeHandler(handler)


class OpsServer:
    """``/metrics`` and ``/healthz`` over HTTP on the running loop; ``await start()``,
    ``await stop()``.  Also samples the loop's lag and the pool while it runs."""

    def __init__(self, store: Store, metrics: Metrics, host: str = "127.0.0.1",
                 port: int = 9108, leading: Callable[[], bool] | None = None,
                 cpu_pool: CpuPool | None = None) -> None:
        self.store, self.metrics, self.host, self.port = store, metrics, host, port
        self.leading = leading
        self.cpu_pool = cpu_pool
        self._fallbacks_seen = 0
        self._server: asyncio.Server | None = None
        self._sampler: asyncio.Task[None] | None = None

    async def start(self) -> int:
        """Listen; returns the port (useful with port 0)."""
        self._server = await asyncio.start_server(self._answer, self.host, self.port)
        self.port = self._server.sockets[0].getsockname()[1]
        self._sampler = asyncio.create_task(self._sample(), name="boardbot-ops-sampler")
        return self.port

    async def stop(self) -> None:
        if self._sampler is not None:
            self._sampler.cancel()
            await asyncio.gather(self._sampler, return_exceptions=True)
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()

    async def _sample(self) -> None:
        while True:
            start = time.perf_counter()
            await asyncio.sleep(0.1)
            lag = max(0.0, time.perf_counter() - start - 0.1)
            self.metrics.last_lag = lag
            self.metrics.loop_lag.observe(lag)
            pool = getattr(self.store.backend, "pool", None)
            if pool is not None:
                self.metrics.pool_in_use.set(pool.get_size() - pool.get_idle_size())
            if self.leading is not None:
                self.metrics.leader.set(1 if self.leading() else 0)
            self.sample_pool()

    def sample_pool(self) -> None:
        """The process pool's queue length and new fall-backs (sampled with the lag)."""
        if self.cpu_pool is None:
            return
        self.metrics.cpu_queue.set(self.cpu_pool.queued)
        fallbacks = self.cpu_pool.fallbacks
        self.metrics.cpu_fallbacks.inc(max(0, fallbacks - self._fallbacks_seen))
        self._fallbacks_seen = fallbacks

    async def health(self) -> tuple[bool, str]:
        try:
            await asyncio.wait_for(self.store.fetchall("SELECT 1"), HEALTH_TIMEOUT)
        except Exception as exc:  # any failure is an unhealthy answer, not a crash
            return False, f"database: {type(exc).__name__}: {exc}"
        if self.metrics.last_lag > STALLED:
            return False, f"event loop stalled {self.metrics.last_lag:.1f} s"
        return True, "ok"

    async def _answer(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter
                      ) -> None:
        try:
            request = await asyncio.wait_for(reader.readline(), 5.0)
            parts = request.decode("latin-1").split()
            path = parts[1] if len(parts) >= 2 else ""
            if path == "/metrics":
                status, body = "200 OK", self.metrics.text()
                kind = "text/plain; version=0.0.4; charset=utf-8"
            elif path == "/healthz":
                healthy, reason = await self.health()
                status = "200 OK" if healthy else "503 Service Unavailable"
                body, kind = (reason + "\n").encode(), "text/plain; charset=utf-8"
            else:
                status, body, kind = "404 Not Found", b"/metrics or /healthz\n", "text/plain"
            writer.write(f"HTTP/1.1 {status}\r\nContent-Type: {kind}\r\nContent-Length: "
                         f"{len(body)}\r\nConnection: close\r\n\r\n".encode() + body)
            await writer.drain()
        except (TimeoutError, ConnectionError):
            pass
        finally:
            writer.close()
