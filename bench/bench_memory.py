"""Memory of one bot process with many live games (issue 17, item 6).

A ``GameService`` on a real database (a SQLite file, or a ``postgresql://``
URL) opens ``--sessions`` live games spread over the four games, each in its
own channel between two players of its own, and looks at each as players
do: the board, then ``--moves`` legal moves (pictures drawn as the bot draws
them, in worker threads, unless ``--no-images``), ``--concurrency`` channels
at a time.  Printed: the resident size (RSS) idle (imports done, database
open), after the warm-up (every board background drawn, start-up heap frozen
and, with ``--trim``, the allocator's free pages returned), every
``--every`` sessions, after all of them, and the peak; then the size of every
cache the process keeps, with its bound.

Target: at most 200 MiB with 10,000 live sessions.

Run: ``.venv/bin/python bench/bench_memory.py --sessions 10000``
(``--no-images``: no pictures; ``--no-trim``: keep glibc's freed pages;
``--db postgresql://...``: on PostgreSQL).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import random
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.heap import ARENAS, release_free_memory, tune_allocator  # noqa: E402
from bot.replies import Channel, User  # noqa: E402
from bot.service import GameService, ServiceConfig  # noqa: E402
from bot.service.context import POSITION_CACHE  # noqa: E402
from games import available_games  # noqa: E402
from renderer import NoRenderer, for_game, warm_up  # noqa: E402
from storage import SessionStatus, Store  # noqa: E402

GAMES = ("hachapury", "cheesegambit", "chebache", "che")
PACKAGES = ("games", "renderer", "bot", "storage")


def rss_mib() -> tuple[float, float]:
    """(resident size now, peak resident size) in MiB, from /proc (Linux)."""
    now = peak = 0.0
    try:
        with open("/proc/self/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    now = int(line.split()[1]) / 1024
                elif line.startswith("VmHWM:"):
                    peak = int(line.split()[1]) / 1024
    except OSError:
        pass
    return now, peak


def say(label: str) -> None:
    now, peak = rss_mib()
    load = os.getloadavg()[0]
    print(f"{label:<34} RSS {now:7.1f} MiB  peak {peak:7.1f} MiB  "
          f"(tracked objects {len(gc.get_objects()):,}, load {load:.2f})", flush=True)


def caches(service: GameService) -> Iterator[tuple[str, int, str]]:
    """(name, entries now, bound) of every cache the process keeps."""
    ctx = service.context
    yield "service positions", len(ctx.positions), str(POSITION_CACHE)
    yield "service legal turns", len(ctx.legal), str(POSITION_CACHE)
    for name in GAMES:
        try:
            renderer = for_game(name)
        except NoRenderer:
            continue
        yield f"renderer {name} palettes", len(renderer._palettes), "widths x themes"
    for modname, module in sorted(sys.modules.items()):
        if module is None or modname.split(".")[0] not in PACKAGES:
            continue
        for attr, value in sorted(vars(module).items()):
            info = getattr(value, "cache_info", None)
            if callable(info) and getattr(value, "__module__", "") == modname:
                got = info()
                yield f"{modname}.{attr}()", got.currsize, str(got.maxsize)
            elif isinstance(value, dict) and attr.startswith("_") and attr.isupper() \
                    and not attr.startswith("__"):
                yield f"{modname}.{attr}", len(value), "-"


async def _player(service: GameService, channel: Channel, users: tuple[User, User]
                  ) -> User | None:
    session = await service.store.live_session(channel.id)
    if session is None or session.status != SessionStatus.ACTIVE:
        return None
    side = service.position_of(session).side_to_move or ""
    seat = session.seat_for_side(side)
    return next((u for u in users if seat and seat.user_id == u.id), None)


async def one_session(service: GameService, n: int, moves: int, rng: random.Random,
                      tally: dict[str, int]) -> None:
    """Open game ``n`` in its own channel, look at its board, play ``moves``."""
    game = GAMES[n % len(GAMES)]
    channel = Channel(f"mem{n}", f"guild{n % 50}")
    users = (User(f"{2 * n + 1}", f"p{2 * n + 1}"), User(f"{2 * n + 2}", f"p{2 * n + 2}"))
    reply = await service.new(users[0], channel, game, [users[1]])
    if not reply.ok:
        tally["refused new"] += 1
        return
    await service.accept(users[1], channel)
    await service.board(users[0], channel)
    for _ in range(moves):
        user = await _player(service, channel, users)
        session = await service.store.live_session(channel.id)
        if user is None or session is None:
            break
        legal = await service.context.legal_turns_async(session)
        if not legal:
            break
        reply = await service.move(user, channel, rng.choice(legal))
        tally["moves" if reply.ok else "refused moves"] += 1
        if not reply.ok:
            break
    tally["sessions"] += 1


async def run(args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        target = args.db or str(Path(tmp) / "memory.sqlite3")
        if args.arenas:
            tune_allocator(args.arenas)  # as the bot does at start-up
        store = await Store.open(target)
        config = ServiceConfig(challenge_seconds=30 * 86400)
        service = GameService(store, config, render_images=args.images)
        say("idle (imported, database open)")
        if args.images:
            await asyncio.to_thread(warm_up, available_games(), config.image_width,
                                    config.theme)
        gc.collect()  # as bot/heap.py freeze_startup_heap, with or without the trim
        gc.freeze()
        trimmed = release_free_memory() if args.trim else False
        say("after warm-up" + (" and malloc_trim" if trimmed else ""))
        rng = random.Random(args.seed)
        tally: dict[str, int] = {"sessions": 0, "moves": 0, "refused new": 0,
                                 "refused moves": 0}
        started = time.perf_counter()
        for lo in range(0, args.sessions, args.concurrency):
            hi = min(lo + args.concurrency, args.sessions)
            await asyncio.gather(*(one_session(service, n, args.moves, rng, tally)
                                   for n in range(lo, hi)))
            if hi % args.every == 0 and hi < args.sessions:
                say(f"after {hi:,} sessions")
        seconds = time.perf_counter() - started
        say(f"after {args.sessions:,} sessions")
        print(f"   {tally['sessions']:,} sessions looked at, {tally['moves']:,} moves "
              f"({tally['refused new']} refused new games, {tally['refused moves']} refused "
              f"moves) in {seconds:.0f} s")
        gc.collect()
        say("after a full collection")
        if release_free_memory():
            say("after malloc_trim(0)")
        print("\ncaches (entries now / bound; '-': bounded by the game's geometry or "
              "a size check in its module):")
        for name, size, bound in caches(service):
            if size:
                print(f"   {size:>8,} / {bound:<16} {name}")
        await store.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sessions", type=int, default=10_000)
    parser.add_argument("--moves", type=int, default=2, help="moves played per session")
    parser.add_argument("--concurrency", type=int, default=20,
                        help="channels looked at side by side")
    parser.add_argument("--every", type=int, default=2_500, help="sessions between reports")
    parser.add_argument("--images", action=argparse.BooleanOptionalAction, default=True,
                        help="draw pictures (in worker threads, as the bot does today)")
    parser.add_argument("--trim", action=argparse.BooleanOptionalAction, default=True,
                        help="malloc_trim(0) after the warm-up, as bot/heap.py does")
    parser.add_argument("--arenas", type=int, default=ARENAS,
                        help="glibc malloc arenas at most, and the 1 MiB mmap threshold, as "
                        "bot/heap.py tune_allocator sets at start-up (0: glibc's defaults, "
                        "as before)")
    parser.add_argument("--db", default=None, help="a postgresql:// URL (default: a "
                        "fresh SQLite file)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"bench_memory: {args.sessions:,} sessions, {args.moves} moves each, images "
          f"{'on' if args.images else 'off'}, trim {'on' if args.trim else 'off'}, arenas "
          f"{args.arenas or 'default'}, "
          f"{'PostgreSQL' if args.db else 'SQLite'}, pid {os.getpid()}")
    asyncio.run(run(args))


if __name__ == "__main__":
    main()
