"""``move`` through the service on SQLite and on PostgreSQL, side by side.

Prints, for each database: the median and p90 time of one Hachapury move (one channel,
moves one after the other), without and with rendering; the committed moves per second
when many channels move at once in one process; and, on PostgreSQL, the same burst
split over several processes sharing the database (``--processes``, default 2).
PostgreSQL is a throw-away server this script starts (tests/pg_server.py: a Unix
socket, with production's settings: fsync and synchronous_commit on) unless
``BOARDBOT_BENCH_POSTGRES`` names one; the settings in force are printed.

Run: ``.venv/bin/python bench/bench_backends.py [--channels 40] [--moves 8]``
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.pg_settings import described, durability  # noqa: E402
from bot.replies import Channel, User  # noqa: E402
from bot.service import GameService  # noqa: E402
from storage import Store  # noqa: E402
from tests.pg_server import start_server  # noqa: E402

ALICE, BOB = User("1", "alice"), User("2", "bob")


async def _game(service: GameService, channel: Channel) -> None:
    assert (await service.new(ALICE, channel, "hachapury", [BOB])).ok
    assert (await service.accept(BOB, channel)).ok


async def _move(service: GameService, channel: Channel, rng: random.Random) -> float | None:
    """One random legal move in ``channel``; its seconds (None when the game is over)."""
    session = await service.store.live_session(channel.id)
    if session is None:
        return None
    position = service.position_of(session)
    seat = session.seat_for_side(position.side_to_move or "")
    user = ALICE if seat and seat.user_id == ALICE.id else BOB
    text = rng.choice(position.legal_turns(session.dice)).text
    start = time.perf_counter()
    reply = await service.move(user, channel, text)
    assert reply.ok, reply.text
    return time.perf_counter() - start


async def _sequential(target: str, render: bool, count: int) -> list[float]:
    store = await Store.open(target)
    try:
        rng = random.Random(1)
        service = GameService(store, seed_factory=lambda: rng.randbytes(32),
                              render_images=render)
        times: list[float] = []
        game = 0
        while len(times) < count:
            channel = Channel(f"seq-{render}-{game}", "g")
            game += 1
            await _game(service, channel)
            for _ in range(40):
                took = await _move(service, channel, rng)
                if took is None:
                    break
                times.append(took)
        return times
    finally:
        await store.close()


async def _burst(target: str, channels: int, moves: int, render: bool, prefix: str = "b",
                 ready: Callable[[], Awaitable[None]] | None = None) -> tuple[float, int]:
    """``channels`` games moving at once, ``moves`` each: (seconds, moves committed).
    ``ready`` is awaited between setting the games up and the burst (a start line)."""
    store = await Store.open(target)
    try:
        rng = random.Random(2)
        service = GameService(store, seed_factory=lambda: rng.randbytes(32),
                              render_images=render)
        rooms = [Channel(f"{prefix}-{render}-{i}", "g") for i in range(channels)]
        for room in rooms:
            await _game(service, room)
        if ready is not None:
            await ready()

        async def play(room: Channel) -> int:
            local = random.Random(room.id)
            done = 0
            for _ in range(moves):
                done += await _move(service, room, local) is not None
            return done

        start = time.perf_counter()
        done = sum(await asyncio.gather(*(play(room) for room in rooms)))
        return time.perf_counter() - start, done
    finally:
        await store.close()


async def _worker(target: str, prefix: str, channels: int, moves: int, render: bool) -> None:
    """One of several processes: set up, say ``ready``, wait for a line, burst, report."""
    async def ready() -> None:
        print("ready", flush=True)
        await asyncio.to_thread(sys.stdin.readline)

    seconds, done = await _burst(target, channels, moves, render, prefix, ready)
    print(json.dumps({"seconds": seconds, "done": done}), flush=True)


def _processes(target: str, count: int, channels: int, moves: int, render: bool
               ) -> tuple[float, int]:
    """``count`` processes, ``channels`` games each, all bursting at once on ``target``:
    (seconds until the last finished, moves committed in all)."""
    workers = [subprocess.Popen(
        [sys.executable, __file__, "--worker", target, f"p{i}", str(channels), str(moves),
         "1" if render else "0"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        for i in range(count)]
    try:
        for worker in workers:
            assert worker.stdout is not None
            assert worker.stdout.readline().strip() == "ready"
        for worker in workers:
            assert worker.stdin is not None
            worker.stdin.write("go\n")
            worker.stdin.flush()
        results = [json.loads(worker.communicate(timeout=600)[0].strip().splitlines()[-1])
                   for worker in workers]
    finally:
        for worker in workers:
            if worker.poll() is None:
                worker.kill()
    return max(r["seconds"] for r in results), sum(r["done"] for r in results)


def _ms(values: list[float], q: int) -> float:
    return statistics.quantiles(values, n=100)[q - 1] * 1000


async def _measure(name: str, target: str, args: argparse.Namespace) -> None:
    for render in (False, True):
        times = await _sequential(target, render, args.sequential)
        print(f"{name:10} one channel, render {'on ' if render else 'off'}: median "
              f"{statistics.median(times) * 1000:5.1f} ms, p90 {_ms(times, 90):5.1f} ms "
              f"({len(times)} moves)")
    for render in (False, True):
        seconds, done = await _burst(target, args.channels, args.moves, render)
        print(f"{name:10} 1 process, {args.channels} channels at once, render "
              f"{'on ' if render else 'off'}: {done / seconds:6.1f} committed moves/s "
              f"({done} moves)")
    if name == "postgresql" and args.processes > 1:
        per = max(1, args.channels // args.processes)
        for render in (False, True):
            seconds, done = await asyncio.to_thread(_processes, target, args.processes, per,
                                                    args.moves, render)
            print(f"{name:10} {args.processes} processes, {per} channels each at once, render "
                  f"{'on ' if render else 'off'}: {done / seconds:6.1f} committed moves/s "
                  f"({done} moves)")


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--channels", type=int, default=40)
    parser.add_argument("--moves", type=int, default=8)
    parser.add_argument("--sequential", type=int, default=120)
    parser.add_argument("--processes", type=int, default=2,
                        help="bot processes sharing PostgreSQL in the last figures")
    parser.add_argument("--worker", nargs=5, default=None, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        target, prefix, channels, moves, render = args.worker
        await _worker(target, prefix, int(channels), int(moves), render == "1")
        return
    with tempfile.TemporaryDirectory() as tmp:
        await _measure("sqlite", str(Path(tmp) / "bench.sqlite3"), args)
    given = os.environ.get("BOARDBOT_BENCH_POSTGRES")
    if given:
        print(described(await durability(given)), flush=True)
        await _measure("postgresql", given, args)
        return
    server = await asyncio.to_thread(start_server, True)
    try:
        print(described(await durability(server.url())), flush=True)
        await _measure("postgresql", server.url(), args)
    finally:
        server.stop()


if __name__ == "__main__":
    asyncio.run(main())
