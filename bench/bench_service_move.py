"""``move`` through the service: parse, validate, commit, render.

Prints the median time of a Hachapury move with images on, and shows that the
time per move stays flat as the session's log grows from 0 to 1,000 turns
(the service reads the stored position, never replays the log).

Run: ``.venv/bin/python bench/bench_service_move.py``
"""

from __future__ import annotations

import asyncio
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.replies import Channel, User  # noqa: E402
from bot.service import GameService  # noqa: E402
from storage import NewTurn, Store  # noqa: E402

ALICE, BOB = User("1", "alice"), User("2", "bob")


async def _game(service: GameService, channel: Channel) -> None:
    await service.new(ALICE, channel, "hachapury", [BOB])
    await service.accept(BOB, channel)


async def _timed_moves(service: GameService, channel: Channel, count: int,
                       rng: random.Random) -> list[float]:
    """Play ``count`` random legal moves; returns the seconds each ``move`` took."""
    times = []
    for _ in range(count):
        session = await service.store.live_session(channel.id)
        if session is None:
            break
        position = service.position_of(session)
        seat = session.seat_for_side(position.side_to_move or "")
        user = ALICE if seat and seat.user_id == ALICE.id else BOB
        text = rng.choice(position.legal_turns(session.dice)).text
        start = time.perf_counter()
        reply = await service.move(user, channel, text)
        times.append(time.perf_counter() - start)
        assert reply.ok, reply.text
    return times


async def _pad_log(store: Store, channel: Channel, turns: int) -> None:
    """Give the live session a log of ``turns`` old entries (as a long game would)."""
    session = await store.live_session(channel.id)
    assert session is not None
    filler = [NewTurn(-i, "W", (1, 1), "[1 1]; (no move)", "(no move)", "bench")
              for i in range(turns)]
    await store.append_turns(session, filler, time.time())


async def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        store = await Store.open(str(Path(tmp) / "bench.sqlite3"))
        rng = random.Random(1)
        service = GameService(store, seed_factory=lambda: rng.randbytes(32))
        times: list[float] = []
        for n in range(6):
            channel = Channel(f"c{n}", "g")
            await _game(service, channel)
            times += await _timed_moves(service, channel, 40, rng)
        sizes = []
        print(f"move with render: median {statistics.median(times) * 1000:.1f} ms, "
              f"p90 {statistics.quantiles(times, n=10)[-1] * 1000:.1f} ms over {len(times)} moves")
        for padding in (0, 100, 500, 1000):
            channel = Channel(f"pad{padding}", "g")
            await _game(service, channel)
            await _pad_log(store, channel, padding)
            sample = await _timed_moves(service, channel, 30, rng)
            sizes.append(statistics.median(sample))
            median_ms = statistics.median(sample) * 1000
            print(f"log of {padding:>4} turns: median move {median_ms:.1f} ms")
        print(f"slowest/fastest median across log sizes: {max(sizes) / min(sizes):.2f}x")
        await store.close()


if __name__ == "__main__":
    asyncio.run(main())
