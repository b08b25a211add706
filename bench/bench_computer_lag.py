"""Event-loop lag while computers think in many channels.

N channels each hold a game of two computers (driven by ``ComputerDriver`` as
the bot drives them, decisions in the ``ComputerPool``); meanwhile a person
plays a game against another person in one more channel, issuing commands
(``/move``, ``/board``, ``/legal``) and autocomplete look-ups (the legal turns
matched against what was typed, as ``/move``'s autocomplete does).  A ticker
wakes every 2 ms and records how late it wakes: the loop's lag, what every
other channel waits.  Prints loop-lag p50/p99/max, command and autocomplete
latency p50/p99, and how many computer turns were played and fell back.

``--thinker inline`` runs the same decisions on threads of this process instead
of the pool, for comparison.

Run: ``.venv/bin/python bench/bench_computer_lag.py --channels 8 --seconds 20``
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.cogs.turns import match_turns  # noqa: E402
from bot.computer_driver import ComputerDriver  # noqa: E402
from bot.computer_pool import ComputerPool, InlineThinker, Thinker  # noqa: E402
from bot.computer_seats import COMPUTER  # noqa: E402
from bot.replies import Channel, Reply, User  # noqa: E402
from bot.service import GameService, ServiceConfig  # noqa: E402
from storage import Store  # noqa: E402

ALICE, BOB = User("1", "alice"), User("2", "bob")


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


async def tick(lags: list[float], stop: asyncio.Event) -> None:
    while not stop.is_set():
        before = time.perf_counter()
        await asyncio.sleep(0.002)
        lags.append(time.perf_counter() - before - 0.002)


async def person(service: GameService, here: Channel, stop: asyncio.Event,
                 commands: list[float], completions: list[float], rng: random.Random) -> None:
    """alice and bob play each other in ``here``: each turn an autocomplete look-up
    or two, a /board or /legal now and then, then the /move."""
    await service.new(ALICE, here, "hachapury", [BOB])
    await service.accept(BOB, here)
    while not stop.is_set():
        session = await service.store.live_session(here.id)
        if session is None:  # the game ended: another
            await service.new(ALICE, here, "hachapury", [BOB])
            await service.accept(BOB, here)
            continue
        mover = ALICE if service.position_of(session).side_to_move == "W" else BOB
        for typed in ("", "2"):
            started = time.perf_counter()
            turns = await service.legal_turns_async(session)
            match_turns(turns, typed)
            completions.append(time.perf_counter() - started)
        board = rng.random() < 0.5
        started = time.perf_counter()
        await (service.board(mover, here) if board else service.legal(mover, here))
        commands.append(time.perf_counter() - started)
        turns = await service.legal_turns_async(session)
        started = time.perf_counter()
        await service.move(mover, here, rng.choice(turns).text)
        commands.append(time.perf_counter() - started)
        await asyncio.sleep(0.05)  # a person's pace, roughly: a command every 50 ms


async def run(channels: int, seconds: float, level: str, thinker_kind: str,
              images: bool) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        store = await Store.open(str(Path(tmp) / "bench.sqlite3"))
        pool = ComputerPool() if thinker_kind == "pool" else None
        thinker: Thinker = pool if pool is not None else InlineThinker()
        rng = random.Random(1)
        service = GameService(store, ServiceConfig(image_width=600), thinker=thinker,
                              seed_factory=lambda: rng.randbytes(32), render_images=images)
        if pool is not None:
            started = time.perf_counter()
            await pool.start()
            print(f"pool: {pool.workers} worker(s), warm in {time.perf_counter() - started:.2f} s")
        played = 0

        async def deliver(channel: Channel, reply: Reply) -> None:
            nonlocal played
            played += 1

        driver = ComputerDriver(service, deliver)
        rooms = [Channel(str(100 + i), "1", f"room{i}") for i in range(channels)]

        async def keep_playing(room: Channel) -> None:
            while not stop.is_set():
                session = await service.store.live_session(room.id)
                if session is None:
                    await service.new(ALICE, room, "hachapury", [COMPUTER, COMPUTER],
                                      {"level": level})
                driver.poke(room)
                await asyncio.sleep(0.2)

        stop = asyncio.Event()
        lags: list[float] = []
        commands: list[float] = []
        completions: list[float] = []
        tasks = [asyncio.create_task(tick(lags, stop)),
                 asyncio.create_task(person(service, Channel("99", "1", "people"), stop,
                                            commands, completions, random.Random(2))),
                 *(asyncio.create_task(keep_playing(room)) for room in rooms)]
        await asyncio.sleep(seconds)
        stop.set()
        await asyncio.gather(*tasks)
        await driver.close()
        if pool is not None:
            await pool.shutdown()
        await store.close()
    ms = 1000
    print(f"{channels} channel(s) of computers at {level}, thinker={thinker_kind}, "
          f"images={'on' if images else 'off'}, {seconds:g} s:")
    print(f"  computer turns played: {played}"
          + (f" ({pool.fallbacks} fell back, {pool.replacements} pool replacement(s))"
             if pool is not None else ""))
    print(f"  loop lag: p50 {percentile(lags, 0.5) * ms:.1f} ms, p99 "
          f"{percentile(lags, 0.99) * ms:.1f} ms, max {max(lags) * ms:.1f} ms "
          f"({len(lags)} ticks)")
    print(f"  commands (/move, /board, /legal): n={len(commands)}, p50 "
          f"{statistics.median(commands) * ms:.1f} ms, p99 "
          f"{percentile(commands, 0.99) * ms:.1f} ms")
    print(f"  autocomplete: n={len(completions)}, p50 {statistics.median(completions) * ms:.1f}"
          f" ms, p99 {percentile(completions, 0.99) * ms:.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--channels", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--level", default="normal", choices=["easy", "normal", "hard", "expert"])
    parser.add_argument("--thinker", default="pool", choices=["pool", "inline"])
    parser.add_argument("--images", action="store_true", help="render board images too")
    args = parser.parse_args()
    asyncio.run(run(args.channels, args.seconds, args.level, args.thinker, args.images))


if __name__ == "__main__":
    main()
