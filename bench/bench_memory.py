"""Memory of the whole bot (its process tree) with many live games.

A ``GameService`` on a real database (a SQLite file, or a ``postgresql://``
URL) opens ``--sessions`` live games spread over the four games, each in its
own channel between two players of its own, and looks at each as players
do: the board, then ``--moves`` legal moves, ``--concurrency`` channels at a
time.  Pictures are drawn as the bot draws them: in the process pool
(bot/cpu_pool.py, ``--workers`` warm worker processes), or with ``--no-pool``
in threads of the bot's process (as before the pool); ``--no-images``: none.

What counts against the target, **the whole bot at most 300 MiB on a 2-core
machine with 10,000 live sessions, plus at most 40 MiB per extra core**: the PSS
(shared pages split between the processes that map them) of every process of the
bot's tree summed: the bot's own process (the sessions, the service's caches, the
database driver, the event loop), the forkserver (which imports the engines and
renderers and draws the bot's look for every worker, bot/shared_pictures.py), the
resource tracker, and both pools' workers, one picture worker and one computer
worker a core (``--workers``; ``--no-computer`` leaves the computer's pool out).
Each line also shows every process's RSS and USS (its own pages); they come from
``/proc/PID/smaps_rollup`` where readable.  The bot process alone is still checked
against its own 200 MiB, and the pool's picture workers against ``--worker-target``.
The final figures are taken once the workers have been idle a few seconds, as
between bursts (an idle worker gives its free memory back, bot/worker_idle.py);
the line before them is the size while they were busy.

Printed: the sizes after start-up (imports done, database open, pool warm,
start-up heap frozen and the allocator's free pages returned, as the bot's
``setup_hook`` does), every ``--every`` sessions, after all of them, then
the size of every cache each process keeps, with its bound, the garbage
collector's counts and, with ``--tracemalloc N``, the bot process's N biggest
allocation sites (tracing costs memory of its own: its RSS is then higher).

Run: ``nice -n 10 .venv/bin/python bench/bench_memory.py --sessions 10000``
(``--sessions 1000`` shows the trend in a few minutes).
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
import tracemalloc
from collections.abc import Callable, Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.computer_pool import ComputerPool  # noqa: E402
from bot.cpu_pool import CpuPool  # noqa: E402
from bot.heap import (  # noqa: E402
    ARENAS,
    Memory,
    freeze_startup_heap,
    memory_of,
    release_free_memory,
    tree_memory,
    tune_allocator,
)
from bot.process_pools import cores  # noqa: E402
from bot.replies import Channel, User  # noqa: E402
from bot.service import GameService, ServiceConfig  # noqa: E402
from bot.service.context import POSITION_CACHE  # noqa: E402
from bot.worker_idle import IDLE_SECONDS  # noqa: E402
from games import available_games  # noqa: E402
from renderer import NoRenderer, for_game, warm_up  # noqa: E402
from storage import SessionStatus, Store  # noqa: E402

GAMES = ("hachapury", "cheesegambit", "chebache", "che")
PACKAGES = ("games", "renderer", "bot", "storage")
TARGET_MIB = 200.0
#: The whole tree (the bot, the forkserver, the resource tracker, every worker of
#: both pools), as PSS: at most this on a 2-core machine, plus ``TREE_PER_CORE``
#: for each core beyond 2 (each core adds a picture worker and a computer worker).
TREE_TARGET_MIB = 300.0
TREE_PER_CORE_MIB = 40.0


def tree_target(cores: int) -> float:
    return TREE_TARGET_MIB + TREE_PER_CORE_MIB * max(0, cores - 2)


def _mib(memory: Memory | None) -> str:
    if memory is None:
        return "(no /proc)"
    return (f"RSS {memory.rss:6.1f}  PSS {memory.pss:6.1f}  USS {memory.uss:6.1f}  "
            f"peak {memory.peak:6.1f} MiB")


def worker_pids(pool: CpuPool | ComputerPool | None) -> list[int]:
    executor = pool._executor if pool is not None else None
    return sorted((getattr(executor, "_processes", None) or {}).keys())


#: The computer pool of the run (``--computer``), for the whole tree's roles.
COMPUTERS: list[ComputerPool] = []


def _role(pid: int, pool: CpuPool | None) -> str:
    if pid == os.getpid():
        return "bot"
    if pid in worker_pids(pool):
        return "picture workers"
    if any(pid in worker_pids(c) for c in COMPUTERS):
        return "computer workers"
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as cmdline:
            command = cmdline.read().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        command = ""
    for word in ("forkserver", "resource_tracker"):
        if word in command:
            return word.replace("_", " ")
    return "other"


def tree_line(pool: CpuPool | None) -> tuple[float, str]:
    """The whole process tree's PSS and, by role, how it splits."""
    roles: dict[str, list[float]] = {}
    for pid, memory in tree_memory().items():
        roles.setdefault(_role(pid, pool), []).append(memory.pss)
    total = sum(sum(v) for v in roles.values())
    parts = ", ".join(f"{role} {sum(v):.1f}" + (f" ({len(v)})" if len(v) > 1 else "")
                      for role, v in sorted(roles.items(), key=lambda kv: -sum(kv[1])))
    return total, (f"whole tree: {sum(len(v) for v in roles.values())} processes, "
                   f"PSS {total:.1f} MiB = {parts}")


#: (sessions looked at, the bot's RSS, the biggest worker's RSS) at each report.
TREND: list[tuple[int, float, float]] = []


def say(label: str, pool: CpuPool | None = None, sessions: int | None = None
        ) -> Memory | None:
    """One line for the bot's process, one for each pool worker; with ``sessions``,
    a point of the trend too."""
    bot = memory_of()
    load = os.getloadavg()[0]
    print(f"{label:<30} bot     {_mib(bot)}  (tracked objects "
          f"{len(gc.get_objects()):,}, load {load:.2f})", flush=True)
    workers = [memory_of(pid) for pid in worker_pids(pool)]
    for n, memory in enumerate(workers):
        print(f"{'':<30} worker{n} {_mib(memory)}", flush=True)
    print(f"{'':<30} {tree_line(pool)[1]}", flush=True)
    if sessions is not None and bot is not None:
        TREND.append((sessions, bot.rss, max((m.rss for m in workers if m), default=0.0)))
    return bot


def growth() -> str:
    """MiB per 1,000 sessions over the second half of the run (bot, biggest worker)."""
    if len(TREND) < 3:
        return ""
    last = TREND[-1]
    middle = min(TREND, key=lambda point: abs(point[0] - last[0] / 2))
    if last[0] <= middle[0]:
        return ""
    per = 1000 / (last[0] - middle[0])
    return (f"over sessions {middle[0]:,}-{last[0]:,}: the bot grew "
            f"{(last[1] - middle[1]) * per:+.1f} MiB per 1,000 sessions, the biggest worker "
            f"{(last[2] - middle[2]) * per:+.1f}")


def caches(service: GameService | None = None) -> list[tuple[str, int, str]]:
    """(name, entries now, bound) of every cache this process keeps (the service's
    when given, the renderers', every ``lru_cache`` and module-level cache dict of
    the project's packages)."""
    found: list[tuple[str, int, str]] = []
    if service is not None:
        ctx = service.context
        found.append(("service positions", len(ctx.positions), str(POSITION_CACHE)))
        found.append(("service legal turns", len(ctx.legal), str(POSITION_CACHE)))
        found.append(("service language choices", len(ctx.language_cache), "10000"))
        found.append(("service guild locales", len(ctx.guild_locales), "servers"))
    for name in GAMES:
        if f"renderer.{name}" not in sys.modules:
            continue
        try:
            renderer = for_game(name)
        except NoRenderer:
            continue
        found.append((f"renderer {name} palettes", len(renderer._palettes),
                      "widths x themes"))
    for modname, module in sorted(sys.modules.items()):
        if module is None or modname.split(".")[0] not in PACKAGES:
            continue
        for attr, value in sorted(vars(module).items()):
            info = getattr(value, "cache_info", None)
            if callable(info) and getattr(value, "__module__", "") == modname:
                got = info()
                found.append((f"{modname}.{attr}()", got.currsize, str(got.maxsize)))
            elif isinstance(value, dict) and attr.startswith("_") and attr.isupper() \
                    and not attr.startswith("__"):
                found.append((f"{modname}.{attr}", len(value), "-"))
    return found


def worker_trim(seconds: float = 1.0) -> int:
    """Run in a pool worker: hand its allocator's free pages back (a diagnostic: how
    much of a worker's size is freed memory its allocator keeps for the next picture)."""
    time.sleep(seconds)
    release_free_memory()
    return os.getpid()


def worker_caches(seconds: float = 1.0) -> tuple[int, list[tuple[str, int, str]]]:
    """Run in a pool worker: its pid and caches (it waits ``seconds`` first, so that
    probes sent together land on different workers)."""
    time.sleep(seconds)
    return os.getpid(), caches()


def _clearable() -> Iterator[tuple[str, Callable[[], object]]]:
    """(name, how to empty it) of every renderer cache of this process."""
    for name in GAMES:
        if f"renderer.{name}" in sys.modules:
            try:
                yield f"renderer {name} palettes", for_game(name)._palettes.clear
            except NoRenderer:
                pass
    for modname, module in sorted(sys.modules.items()):
        if module is None or not modname.startswith("renderer"):
            continue
        for attr, value in sorted(vars(module).items()):
            if callable(getattr(value, "cache_clear", None)) \
                    and getattr(value, "__module__", "") == modname:
                yield f"{modname}.{attr}()", value.cache_clear
            elif isinstance(value, dict) and attr.startswith("_") and attr.isupper() \
                    and value and not attr.startswith("__"):
                yield f"{modname}.{attr}", value.clear


def worker_census(seconds: float = 1.0) -> tuple[int, list[tuple[str, float]]]:
    """Run in a pool worker at the end: what each renderer cache holds, in MiB, as
    the resident size its emptying gives back (collected and trimmed after each;
    the worker's caches are gone afterwards)."""
    time.sleep(seconds)
    sizes: list[tuple[str, float]] = []
    gc.collect()
    release_free_memory()
    before = memory_of()
    for name, clear in list(_clearable()):
        clear()
        gc.collect()
        release_free_memory()
        after = memory_of()
        if before is not None and after is not None:
            sizes.append((name, before.rss - after.rss))
        before = after
    return os.getpid(), sorted(sizes, key=lambda item: -item[1])


def print_caches(title: str, found: list[tuple[str, int, str]]) -> None:
    print(f"\n{title} (entries now / bound; '-': bounded by the game's geometry or a "
          "size check in its module):")
    for name, size, bound in found:
        if size:
            print(f"   {size:>8,} / {bound:<16} {name}")


async def report_workers(pool: CpuPool) -> None:
    """Each worker's caches (probes sent side by side, until every worker answered)."""
    seen: dict[int, list[tuple[str, int, str]]] = {}
    executor = pool._executor
    if executor is None:
        return
    loop = asyncio.get_running_loop()
    for _ in range(3):
        answers = await asyncio.gather(*(loop.run_in_executor(executor, worker_caches)
                                         for _ in range(pool.workers)))
        seen.update(answers)
        if len(seen) >= pool.workers:
            break
    for n, pid in enumerate(worker_pids(pool)):
        if pid in seen:
            print_caches(f"worker{n} (pid {pid}) caches", seen[pid])


async def census(pool: CpuPool) -> None:
    """The MiB each renderer cache holds in one worker (emptied one by one)."""
    executor = pool._executor
    if executor is None:
        return
    pid, sizes = await asyncio.get_running_loop().run_in_executor(executor, worker_census)
    print(f"\nworker pid {pid}: MiB given back by emptying each renderer cache "
          f"(the rest of its size is code, fonts and the allocator's own):")
    for name, mib in sizes:
        if abs(mib) >= 0.1:
            print(f"   {mib:7.1f} MiB  {name}")
    print(f"   {sum(mib for _, mib in sizes):7.1f} MiB  in all")


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
        reply = await service.move(user, channel, rng.choice(legal).text)
        tally["moves" if reply.ok else "refused moves"] += 1
        if not reply.ok:
            break
    tally["sessions"] += 1


async def run(args: argparse.Namespace) -> None:
    if args.discord:
        import bot.discord_app  # noqa: F401  (the bot's process holds discord.py and its adapter)
    with tempfile.TemporaryDirectory() as tmp:
        target = args.db or str(Path(tmp) / "memory.sqlite3")
        if args.arenas:
            tune_allocator(args.arenas)  # as the bot does in setup_hook
        store = await Store.open(target)
        config = ServiceConfig(challenge_seconds=30 * 86400)
        service = GameService(store, config, render_images=args.images)
        say("idle (imported, database open)")
        pool: CpuPool | None = None
        if args.images and args.pool:
            # made first, as in the bot's setup_hook: it names the look the forkserver
            # draws for every worker (bot/shared_pictures.py) before the forkserver starts
            pool = CpuPool(args.workers or None, width=config.image_width, theme=config.theme,
                           every_look=args.every_look)
            service.context.cpu_pool = pool
        if args.computer:  # as the bot: the computer's pool starts first (setup_hook)
            computers = ComputerPool(args.workers or None)
            COMPUTERS.append(computers)
            await computers.start()
        if pool is not None:
            await pool.start()  # each worker warm, as the bot's pool
        elif args.images:
            await asyncio.to_thread(warm_up, available_games(), config.image_width,
                                    config.theme)
        if args.trim:
            freeze_startup_heap()  # as setup_hook: collect, freeze, malloc_trim
        else:
            gc.collect()
            gc.freeze()
        say("after start-up", pool, 0)
        if args.tracemalloc:
            tracemalloc.start(args.frames)
        rng = random.Random(args.seed)
        tally: dict[str, int] = {"sessions": 0, "moves": 0, "refused new": 0,
                                 "refused moves": 0}
        started = time.perf_counter()
        try:
            for lo in range(0, args.sessions, args.concurrency):
                hi = min(lo + args.concurrency, args.sessions)
                await asyncio.gather(*(one_session(service, n, args.moves, rng, tally)
                                       for n in range(lo, hi)))
                if hi % args.every == 0 and hi < args.sessions:
                    say(f"after {hi:,} sessions", pool, hi)
            seconds = time.perf_counter() - started
            say(f"after {args.sessions:,} sessions", pool, args.sessions)
            live = await store.fetchall("SELECT COUNT(*) FROM sessions WHERE status = ?",
                                        (SessionStatus.ACTIVE.value,))
            print(f"   {tally['sessions']:,} sessions looked at ({live[0][0]:,} live), "
                  f"{tally['moves']:,} moves ({tally['refused new']} refused new games, "
                  f"{tally['refused moves']} refused moves) in {seconds:.0f} s")
            if pool is not None:
                # as between bursts: idle workers give their free memory back
                # (bot/worker_idle.py); the line above is the size while they were busy
                await asyncio.sleep(2 * IDLE_SECONDS)
                say(f"after {2 * IDLE_SECONDS:.0f} s without pictures", pool)
            snapshot = tracemalloc.take_snapshot() if args.tracemalloc else None
            gc.collect()
            after_gc = say("after a full collection", pool)
            trimmed = release_free_memory()
            final = say("after malloc_trim(0)", pool) if trimmed else after_gc
            print(f"   gc: counts {gc.get_count()}, frozen {gc.get_freeze_count():,}, "
                  f"tracked {len(gc.get_objects()):,}, collections "
                  f"{[g['collections'] for g in gc.get_stats()]}")
            print_caches("bot process caches", caches(service))
            if pool is not None:
                await report_workers(pool)
            if snapshot is not None:
                print_allocations(snapshot, args.tracemalloc)
            verdict(final, pool, args)
            if pool is not None and pool._executor is not None:
                loop = asyncio.get_running_loop()
                await asyncio.gather(*(loop.run_in_executor(pool._executor, worker_trim)
                                       for _ in range(pool.workers)))
                say("diagnostic: workers' malloc_trim(0)", pool)
            if pool is not None and args.census:
                await census(pool)
        finally:
            if pool is not None:
                await pool.shutdown()
            for computers in COMPUTERS:
                await computers.shutdown()
            await store.close()


def print_allocations(snapshot: tracemalloc.Snapshot, top: int) -> None:
    """The bot process's biggest allocation sites still alive after the sessions."""
    stats = snapshot.filter_traces((
        tracemalloc.Filter(False, tracemalloc.__file__),
        tracemalloc.Filter(False, "<frozen importlib._bootstrap>"),
    )).statistics("traceback")
    total = sum(stat.size for stat in stats)
    print(f"\nbot process: {total / 2**20:.1f} MiB allocated since start-up and still "
          f"alive, {top} biggest sites:")
    for stat in stats[:top]:
        frames = " <- ".join(f"{Path(f.filename).name}:{f.lineno}"
                             for f in reversed(stat.traceback[-5:]))  # newest first
        print(f"   {stat.size / 2**20:7.2f} MiB {stat.count:>8,} blocks  {frames}")


def verdict(bot: Memory | None, pool: CpuPool | None, args: argparse.Namespace) -> None:
    if bot is None:
        print("\nno /proc: nothing to check")
        return
    ok = bot.rss <= TARGET_MIB
    print(f"\ncounted against the target: the bot process's RSS with {args.sessions:,} "
          f"live sessions: {bot.rss:.1f} MiB (target <= {TARGET_MIB:.0f} MiB: "
          f"{'met' if ok else 'NOT met'}; PSS {bot.pss:.1f}, USS {bot.uss:.1f})")
    workers = [m for pid in worker_pids(pool) if (m := memory_of(pid)) is not None]
    if workers:
        biggest = max(m.rss for m in workers)
        print(f"beside it: {len(workers)} pool worker(s), RSS "
              f"{', '.join(f'{m.rss:.1f}' for m in workers)} MiB (PSS "
              f"{', '.join(f'{m.pss:.1f}' for m in workers)}; bounded caches, each "
              f"<= {args.worker_target:.0f} MiB: "
              f"{'met' if biggest <= args.worker_target else 'NOT met'}); all processes' "
              f"PSS together {bot.pss + sum(m.pss for m in workers):.1f} MiB")
    total, line = tree_line(pool)
    each = args.workers or cores()  # workers a pool: the cores the tree is sized for
    target = tree_target(each)
    print(f"counted against the target: the {line}, {each} worker(s) a pool (target <= "
          f"{target:.0f} MiB: {'met' if total <= target else 'NOT met'})")
    # the cost of one more core is a difference between two runs: this one cannot
    # say whether the per-core part of the target is met, only the total at its size
    print(f"per extra core (<= {TREE_PER_CORE_MIB:.0f} MiB): not measured by one run; "
          f"run again with --workers {each + 1} and subtract the two totals above")
    if trend := growth():
        print(trend)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sessions", type=int, default=10_000)
    parser.add_argument("--moves", type=int, default=2, help="moves played per session")
    parser.add_argument("--concurrency", type=int, default=20,
                        help="channels looked at side by side")
    parser.add_argument("--every", type=int, default=2_500, help="sessions between reports")
    parser.add_argument("--images", action=argparse.BooleanOptionalAction, default=True,
                        help="draw pictures")
    parser.add_argument("--pool", action=argparse.BooleanOptionalAction, default=True,
                        help="draw them in the process pool, as the bot does (--no-pool: "
                        "in threads of the bot's process, as before the pool)")
    parser.add_argument("--workers", type=int, default=0,
                        help="pool workers (0: one per core, as the bot)")
    parser.add_argument("--computer", action=argparse.BooleanOptionalAction, default=True,
                        help="start the computer players' pool too (one worker a core), as "
                        "the bot does: it is part of the whole tree")
    parser.add_argument("--every-look", action=argparse.BooleanOptionalAction, default=False,
                        help="each picture worker draws every theme and the phone layout as it "
                        "starts (as before the forkserver drew the bot's look for all of "
                        "them); default: rare looks drawn when first asked for")
    parser.add_argument("--worker-target", type=float, default=256.0,
                        help="MiB each pool worker should stay under")
    parser.add_argument("--discord", action=argparse.BooleanOptionalAction, default=True,
                        help="import discord.py and the bot's adapter, as the bot's process "
                        "does (no connection is made)")
    parser.add_argument("--trim", action=argparse.BooleanOptionalAction, default=True,
                        help="freeze the start-up heap and malloc_trim(0) after start-up, "
                        "as bot/heap.py freeze_startup_heap does")
    parser.add_argument("--arenas", type=int, default=ARENAS,
                        help="glibc malloc arenas at most, and the 1 MiB mmap threshold, as "
                        "bot/heap.py tune_allocator sets at start-up (0: glibc's defaults)")
    parser.add_argument("--census", action=argparse.BooleanOptionalAction, default=True,
                        help="at the end, empty one worker's renderer caches one by one and "
                        "print the MiB each gave back")
    parser.add_argument("--tracemalloc", type=int, default=0, metavar="N",
                        help="print the bot process's N biggest allocation sites")
    parser.add_argument("--frames", type=int, default=6, help="tracemalloc frames kept")
    parser.add_argument("--db", default=None, help="a postgresql:// URL (default: a "
                        "fresh SQLite file)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"bench_memory: {args.sessions:,} sessions, {args.moves} moves each, images "
          f"{'off' if not args.images else 'in the pool' if args.pool else 'in threads'}, "
          f"trim {'on' if args.trim else 'off'}, arenas {args.arenas or 'default'}, "
          f"{'PostgreSQL' if args.db else 'SQLite'}, pid {os.getpid()}")
    asyncio.run(run(args))


if __name__ == "__main__":
    main()
