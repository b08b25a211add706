"""What the nudges add to a scheduler pass: N active Hachapury games without a clock,
then the first pass (every game's wait noted: one position read each), a quiet pass
(nothing changed, nothing due) and the pass at which every game is nudged.

    .venv/bin/python -m bench.bench_nudges [--games 2000] [--db postgresql://...]

Prints the time of each pass and the nudges sent (a pass claims at most 200: the
rest go at the next pass, a minute later).  SQLite file in a temporary folder by
default.  Measured on the shared 2-core machine, SQLite, 500 games: first pass 220 ms,
quiet pass 2 ms, nudging pass 85 ms for 200 notices.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import tempfile
import time
from pathlib import Path

from bot.clocks import DAY
from bot.replies import Channel, User
from bot.scheduler import Notification, Scheduler
from bot.service import GameService, ServiceConfig
from storage import Store


async def _games(service: GameService, count: int) -> None:
    alice, bob = User("1", "alice"), User("2", "bob")
    for i in range(count):
        channel = Channel(f"c{i}", "g", f"room{i}")
        assert (await service.new(alice, channel, "hachapury", [bob])).ok
        assert (await service.accept(bob, channel)).ok


async def run(database: str, count: int) -> None:
    store = await Store.open(database)
    now = [1_800_000_000.0]
    rng = random.Random(5)
    service = GameService(store, ServiceConfig(), clock=lambda: now[0],
                          seed_factory=lambda: rng.randbytes(32), render_images=False)
    sent: list[Notification] = []

    async def deliver(note: Notification) -> None:
        sent.append(note)

    try:
        started = time.perf_counter()
        await _games(service, count)
        print(f"{count} games without a clock set up in {time.perf_counter() - started:.1f} s")
        scheduler = Scheduler.for_service(service, deliver)
        for label, at in (("first pass (every wait noted)", now[0] + 60),
                          ("quiet pass", now[0] + 120),
                          ("pass nudging every game", now[0] + 3 * DAY + 60)):
            sent.clear()
            started = time.perf_counter()
            await scheduler.run_once(at)
            took = time.perf_counter() - started
            print(f"{label}: {took * 1000:.0f} ms, {len(sent)} notices")
    finally:
        await store.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--db", default=None, help="a postgresql:// URL (default: SQLite)")
    args = parser.parse_args()
    if args.db:
        asyncio.run(run(args.db, args.games))
        return
    with tempfile.TemporaryDirectory() as folder:
        asyncio.run(run(str(Path(folder) / "bench.sqlite3"), args.games))


if __name__ == "__main__":
    main()
