"""What the direct messages cost: ``/mygames`` across servers for a player seated in N
games (spread over several servers, half waiting for them, with clocks), and the
scheduler's digest work for S subscribers at their hour (each list read, each digest
claimed once) and at any other hour (nothing but the subscribers read).

    .venv/bin/python -m bench.bench_direct [--games 300] [--subscribers 200]
        [--db postgresql://...]

Prints the time of the first list (positions parsed), a second one (cached), and of
the digest passes.  SQLite file in a temporary folder by default.  Measured on the
shared 2-core machine (load about 10), SQLite, 300 games, 200 subscribers (100 with a
game waiting): /mygames 34-53 ms first, 29-36 ms cached; the digest pass at their hour
200-385 ms for 100 digests; a later pass of that hour 220-250 ms (the 100 with nothing
waiting are looked at again: a game may come to them within the hour); another hour
1-2 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import tempfile
import time
from pathlib import Path

from bot.replies import Channel, User
from bot.service import GameService, ServiceConfig
from games.turns import texts
from storage import Store

SERVERS = 5


async def _games(service: GameService, player: User, count: int) -> None:
    """``count`` games of ``player`` over ``SERVERS`` servers, every other one with
    ``player`` to move."""
    for i in range(count):
        other = User(f"o{i}", f"opponent{i}")
        channel = Channel(f"1{i:05d}", f"9{i % SERVERS}", f"room{i}",
                          guild_name=f"Server {i % SERVERS}")
        assert (await service.new(player, channel, "hachapury", [other],
                                  time_control="3d")).ok
        assert (await service.accept(other, channel)).ok
        session = await service.store.live_session(channel.id)
        assert session is not None
        seat = session.seat_for_side(service.position_of(session).side_to_move or "")
        assert seat is not None
        if (seat.user_id == player.id) != (i % 2 == 0):
            mover = player if seat.user_id == player.id else other
            assert (await service.move(mover, channel,
                                       texts(service.legal_turns(session))[0])).ok


async def run(database: str, count: int, subscribers: int) -> None:
    store = await Store.open(database)
    now = [1_800_000_000.0]  # 08:00 UTC
    rng = random.Random(5)
    service = GameService(store, ServiceConfig(), clock=lambda: now[0],
                          seed_factory=lambda: rng.randbytes(32), render_images=False)
    try:
        player = User("p0", "player")
        started = time.perf_counter()
        await _games(service, player, count)
        print(f"{count} games over {SERVERS} servers set up in "
              f"{time.perf_counter() - started:.1f} s")
        service.context.forget()
        for label in ("first /mygames (positions parsed)", "second /mygames (cached)"):
            started = time.perf_counter()
            listed = await service.my_games(player, None)
            took = time.perf_counter() - started
            print(f"{label}: {took * 1000:.0f} ms, {len(listed.text)} characters, "
                  f"{len(listed.buttons)} Board buttons")
        # subscribers: the player and others seated in one of the player's games each
        await service.notify(player, digest="on", hour=8, timezone="UTC")
        for i in range(subscribers - 1):
            assert (await service.notify(User(f"o{i % count}", "x"), digest="on", hour=9,
                                         timezone="Europe/Berlin")).ok  # 9:00 there
        for label, at in (("digest pass at their hour", now[0] + 60),
                          ("the same hour again (claimed)", now[0] + 120),
                          ("another hour", now[0] + 3 * 3600)):
            started = time.perf_counter()
            notes = await service.digests(at)
            took = time.perf_counter() - started
            print(f"{label}: {took * 1000:.0f} ms, {len(notes)} digests")
    finally:
        await store.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--subscribers", type=int, default=200)
    parser.add_argument("--db", default=None, help="a postgresql:// URL (default: SQLite)")
    args = parser.parse_args()
    if args.db:
        asyncio.run(run(args.db, args.games, args.subscribers))
        return
    with tempfile.TemporaryDirectory() as folder:
        asyncio.run(run(str(Path(folder) / "bench.sqlite3"), args.games, args.subscribers))


if __name__ == "__main__":
    main()
