"""200 channels moving at once: full replies, throughput, loop lag, CPU per move.

For SQLite with 1 process, PostgreSQL with 1 process and PostgreSQL with 2 processes
(each process its share of the channels, as shards are), every channel plays one
Hachapury move at the same moment, ``--rounds`` times.  Each move is a ``/move``
through the service with its full reply, board picture included, drawn where the bot
draws it (``--cpu pool``: the process pool, bot/cpu_pool.py; ``--cpu thread``: worker
threads, as before the pool).  Prints for each:

- committed moves per second (all rounds' moves / all rounds' time);
- p50/p99/max seconds from a move's start until its full reply;
- the event loop's lag while the rounds run: a task sleeping 1 ms at a time records
  how late it wakes (p99, p99.9, max of those wake-ups), and the CPU the loop's
  thread used between two wake-ups (the loop's own work: on a busy machine the rest
  of a lag is waiting for a core);
- CPU milliseconds per move: the bot process(es), their pool workers and the
  PostgreSQL server (a figure that a busy machine does not inflate as it does
  wall-clock time);
- database statements and transactions per move (each a round trip: an aiosqlite
  thread hop, a PostgreSQL message);
- lost/doubled: every move answered ``ok`` must be in the log exactly once, and
  nothing else (checked on the database after the rounds).

``--profile DIR`` writes cProfile statistics of the timed rounds: ``DIR/bot-NAME.prof``
for each bot process and ``DIR/worker-PID.prof`` for each pool worker (a worker's
also holds the untimed legal-turn listings that choose the moves).  Read them with
``python -m pstats``.

The choice of each move (a random legal turn for whoever is to move) is made before
the round starts and is not timed.  PostgreSQL is a throw-away server started as
tests/pg_server.py does (a Unix socket), with production's settings (fsync and
synchronous_commit on: each commit on disk before it is answered), unless ``--postgres
URL`` or ``BOARDBOT_BENCH_POSTGRES`` names one; the settings in force are printed.
A run takes about a minute or two on a quiet 2-core machine.

Run: ``.venv/bin/python bench/bench_burst.py [--channels 200] [--rounds 4]
[--only sqlite,postgresql,postgresql-2] [--cpu pool|thread] [--profile DIR]``
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.pg_settings import described, durability  # noqa: E402
from bot.cpu_pool import CpuPool  # noqa: E402
from bot.replies import Channel, User  # noqa: E402
from bot.service import GameService  # noqa: E402
from storage import SessionStatus, Store  # noqa: E402

ALICE, BOB = User("1", "alice"), User("2", "bob")
PLAYERS = {ALICE.id: ALICE, BOB.id: BOB}
TICKS = os.sysconf("SC_CLK_TCK")


# ------------------------------------------------------------------ CPU time


def _cpu_of(pid: int) -> float:
    """Seconds of CPU ``pid`` has used (user + system), 0 once it is gone."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / TICKS


def _children_of(parent: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == parent:
                found.append(int(entry.name))
    return found


def _server_cpu(postmaster: int | None) -> float:
    """The PostgreSQL server's CPU seconds: the postmaster and its backends."""
    if postmaster is None:
        return 0.0
    return sum(_cpu_of(pid) for pid in [postmaster, *_children_of(postmaster)])


# ------------------------------------------------------------ one bot process


class LagMeter:
    """Wakes every millisecond; while ``recording``, keeps how late each wake-up was
    (``samples``) and how much CPU the event loop's thread used since the previous
    one (``held``: the loop's own work, which a busy machine does not lengthen; the
    rest of a lag is waiting for a core or for the GIL)."""

    def __init__(self) -> None:
        self.recording = False
        self.samples: list[float] = []
        self.held: list[float] = []
        self._task: asyncio.Task[None] | None = None

    async def _run(self) -> None:
        while True:
            before, cpu = time.perf_counter(), time.thread_time()
            await asyncio.sleep(0.001)
            if self.recording:
                self.samples.append(max(0.0, time.perf_counter() - before - 0.001))
                self.held.append(time.thread_time() - cpu)

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._run())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)


@dataclass
class Bot:
    """One bot process's service, its channels and what it has answered."""

    service: GameService
    pool: CpuPool | None
    rooms: list[Channel]
    rng: random.Random
    #: session id -> moves answered ok (to check against the log).
    answered: dict[int, int] = field(default_factory=dict)
    #: The timed rounds' profile (``--profile``), or None.
    profile: cProfile.Profile | None = None

    def cpu(self) -> tuple[float, float]:
        """CPU seconds of this process and of its pool's workers."""
        executor = self.pool._executor if self.pool is not None else None
        workers = getattr(executor, "_processes", None) or {}
        return time.process_time(), sum(_cpu_of(pid) for pid in workers)

    async def start_game(self, room: Channel) -> None:
        self.service.render_images = False  # setting up is not measured
        try:
            assert (await self.service.new(ALICE, room, "hachapury", [BOB])).ok
            assert (await self.service.accept(BOB, room)).ok
        finally:
            self.service.render_images = True

    async def choose(self, room: Channel) -> tuple[User, str, int]:
        """(who moves, the text, the session) of a random legal move in ``room``."""
        session = await self.service.store.live_session(room.id)
        if session is None or session.status != SessionStatus.ACTIVE:
            await self.start_game(room)
            session = await self.service.store.live_session(room.id)
        assert session is not None
        position = await self.service.position_async(session)
        if position.action_due():
            side, text = position.actors()[0], position.action_choices()[0]
        else:
            side = position.side_to_move or ""
            text = self.rng.choice(await self.service.legal_turns_async(session)).text
        seat = session.seat_for_side(side)
        assert seat is not None
        return PLAYERS[seat.user_id], text, session.id

    async def round(self, meter: LagMeter) -> dict[str, Any]:
        chosen = [await self.choose(room) for room in self.rooms]
        print("ready", flush=True)
        await asyncio.to_thread(sys.stdin.readline)
        cpu_before, meter.samples, meter.held = self.cpu(), [], []
        store = self.service.store
        statements, transactions = store.statements, store.transactions
        meter.recording = True
        if self.profile is not None:
            self.profile.enable()

        async def move(room: Channel, user: User, text: str) -> tuple[float, bool, bool]:
            start = time.perf_counter()
            reply = await self.service.move(user, room, text)
            return time.perf_counter() - start, reply.ok, reply.image is not None

        start = time.perf_counter()
        done = await asyncio.gather(*(move(room, user, text) for room, (user, text, _)
                                      in zip(self.rooms, chosen, strict=True)))
        seconds = time.perf_counter() - start
        if self.profile is not None:
            self.profile.disable()
        meter.recording = False
        for (_, ok, _), (_, _, session_id) in zip(done, chosen, strict=True):
            self.answered[session_id] = self.answered.get(session_id, 0) + ok
        return {"seconds": seconds, "ok": sum(ok for _, ok, _ in done),
                "pictures": sum(picture for _, _, picture in done),
                "latencies": [took for took, _, _ in done], "lags": meter.samples,
                "held": meter.held, "statements": store.statements - statements,
                "transactions": store.transactions - transactions,
                "cpu": [after - before for after, before
                        in zip(self.cpu(), cpu_before, strict=True)]}

    async def check_log(self) -> dict[str, int]:
        """Moves answered ok but not logged (lost) or logged more often (doubled)."""
        lost = doubled = 0
        for session_id, answered in self.answered.items():
            turns = await self.service.store.turns(session_id)
            by_players = [t for t in turns if t.actor in PLAYERS]
            numbers = [(t.number, t.kind, t.side) for t in by_players]
            doubled += len(numbers) - len(set(numbers))
            lost += max(0, answered - len(by_players))
            doubled += max(0, len(by_players) - answered)
        return {"lost": lost, "doubled": doubled}


def _profile_worker(folder: str) -> None:
    """A pool worker's initializer (``--profile``): profile everything it runs from
    now on, written to ``folder`` as the worker ends."""
    from multiprocessing.util import Finalize

    profile = cProfile.Profile()
    profile.enable()

    def dump() -> None:
        profile.disable()
        profile.dump_stats(str(Path(folder) / f"worker-{os.getpid()}.prof"))

    Finalize(profile, dump, exitpriority=10)


def _write_thread_cpu(path: Path) -> None:
    """CPU seconds of each thread of this process, by name, since it started (where
    a bot process's CPU goes besides the event loop: database, pool, to_thread)."""
    import threading

    names = {t.native_id: t.name for t in threading.enumerate()}
    lines = []
    for task in Path("/proc/self/task").iterdir():
        tid = int(task.name)
        lines.append((_cpu_of_task(task), f"{names.get(tid, '?')} ({tid})"))
    path.write_text("".join(f"{cpu:8.2f} s  {name}\n" for cpu, name in sorted(lines)[::-1]))


def _cpu_of_task(task: Path) -> float:
    try:
        fields = (task / "stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / TICKS


async def bot_process(target: str, prefix: str, channels: int, rounds: int, cpu: str,
                      profile: str) -> None:
    """One bot process, driven over stdin/stdout by ``run_config``."""
    store = await Store.open(target)
    pool = None
    if cpu == "pool":
        pool = CpuPool(initializer=_profile_worker, initargs=(profile,)) if profile \
            else CpuPool()
    try:
        rng = random.Random(prefix)
        service = GameService(store, seed_factory=lambda: rng.randbytes(32))
        if pool is not None:
            await pool.start()
            service.context.cpu_pool = pool
        bot = Bot(service, pool, [Channel(f"{prefix}-{i}", "g") for i in range(channels)],
                  random.Random(prefix + "moves"))
        if profile:
            bot.profile = cProfile.Profile(time.thread_time)  # the loop's CPU, not waits
        for room in bot.rooms:
            await bot.start_game(room)
        meter = LagMeter()
        meter.start()
        for _ in range(rounds):
            print(json.dumps(await bot.round(meter)), flush=True)
        await meter.stop()
        print(json.dumps(await bot.check_log()), flush=True)
        if bot.profile is not None:
            bot.profile.dump_stats(str(Path(profile) / f"bot-{prefix}.prof"))
            _write_thread_cpu(Path(profile) / f"bot-{prefix}-threads.txt")
    finally:
        if pool is not None:
            await pool.shutdown()
        await store.close()


# ---------------------------------------------------------------- the driver


def _line(process: subprocess.Popen[str]) -> str:
    assert process.stdout is not None
    line = process.stdout.readline()
    if not line:
        raise RuntimeError(f"a bot process ended early (exit {process.wait()})")
    return line.strip()


def _quantile(values: list[float], q: float) -> float:
    if len(values) < 2:
        return values[0] if values else 0.0
    return statistics.quantiles(values, n=1000, method="inclusive")[round(q * 1000) - 1]


def run_config(name: str, target: str, processes: int, args: argparse.Namespace,
               postmaster: int | None) -> None:
    per = args.channels // processes
    bots = [subprocess.Popen(
        [sys.executable, __file__, "--bot", target, f"{name}-p{i}", str(per),
         str(args.rounds), args.cpu, args.profile], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
        text=True) for i in range(processes)]
    load = os.getloadavg()
    seconds = 0.0
    ok = pictures = 0
    cpu = pool_cpu = server_cpu = 0.0
    statements = transactions = 0
    latencies: list[float] = []
    lags: list[float] = []
    held: list[float] = []
    try:
        for _ in range(args.rounds):
            for bot in bots:
                assert _line(bot) == "ready"
            server_before = _server_cpu(postmaster)
            for bot in bots:  # the start line: every process's channels move now
                assert bot.stdin is not None
                bot.stdin.write("go\n")
                bot.stdin.flush()
            results = [json.loads(_line(bot)) for bot in bots]
            server_cpu += _server_cpu(postmaster) - server_before
            seconds += max(r["seconds"] for r in results)
            for r in results:
                ok += r["ok"]
                pictures += r["pictures"]
                cpu += r["cpu"][0]
                pool_cpu += r["cpu"][1]
                latencies += r["latencies"]
                lags += r["lags"]
                held += r["held"]
                statements += r["statements"]
                transactions += r["transactions"]
        checks = [json.loads(_line(bot)) for bot in bots]
        for bot in bots:
            bot.wait(60)
    finally:
        for bot in bots:
            if bot.poll() is None:
                bot.kill()
    moves = args.rounds * per * processes
    lost = sum(c["lost"] for c in checks) + (moves - ok)
    doubled = sum(c["doubled"] for c in checks)
    print(f"{name:13} {processes} process(es) x {per} channels, {args.rounds} rounds, "
          f"cpu work in {args.cpu}s; load average {load[0]:.2f} {load[1]:.2f}")
    cores = os.cpu_count() or 1
    print(f"  committed {ok}/{moves} moves ({pictures} with a picture): "
          f"{ok / seconds:6.1f} moves/s, {ok / seconds / cores:6.1f} per core "
          f"(target >= 100 per core)")
    print(f"  full reply: p50 {_quantile(latencies, 0.5):.3f} s, p99 "
          f"{_quantile(latencies, 0.99):.3f} s, max {max(latencies):.3f} s "
          f"(target p99 <= 1 s)")
    print(f"  loop lag: p99 {_quantile(lags, 0.99) * 1000:5.1f} ms, p99.9 "
          f"{_quantile(lags, 0.999) * 1000:5.1f} ms, max {max(lags) * 1000:5.1f} ms "
          f"({len(lags)} wake-ups; target p99 <= 20 ms)")
    print(f"  loop busy between wake-ups (its thread's CPU): p99 "
          f"{_quantile(held, 0.99) * 1000:5.1f} ms, max {max(held) * 1000:5.1f} ms")
    database = f" + database {server_cpu / ok * 1000:.2f} ms" if postmaster else ""
    print(f"  CPU per move: {(cpu + pool_cpu + server_cpu) / ok * 1000:.2f} ms = bot "
          f"{cpu / ok * 1000:.2f} ms + pool {pool_cpu / ok * 1000:.2f} ms{database}")
    print(f"  database: {statements / ok:.1f} statements in {transactions / ok:.1f} "
          f"transaction(s) per move")
    print(f"  lost {lost}, doubled {doubled}; load average at the end "
          f"{os.getloadavg()[0]:.2f}", flush=True)


def _postmaster(data: Path) -> int | None:
    try:
        return int((data / "postmaster.pid").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--channels", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--only", default="sqlite,postgresql,postgresql-2",
                        help="which of sqlite, postgresql, postgresql-2 (comma-separated)")
    parser.add_argument("--cpu", choices=("pool", "thread"), default="pool",
                        help="where pictures are drawn: the process pool or threads")
    parser.add_argument("--postgres", default=os.environ.get("BOARDBOT_BENCH_POSTGRES"),
                        help="a PostgreSQL URL to use instead of a throw-away server")
    parser.add_argument("--profile", default="", metavar="DIR",
                        help="write cProfile statistics of bot processes and pool workers")
    parser.add_argument("--bot", nargs=6, default=None, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.bot:
        target, prefix, channels, rounds, cpu, profile = args.bot
        asyncio.run(bot_process(target, prefix, int(channels), int(rounds), cpu, profile))
        return
    wanted = args.only.split(",")
    if args.profile:
        args.profile = str(Path(args.profile).resolve())
        Path(args.profile).mkdir(parents=True, exist_ok=True)
    print(f"{os.cpu_count()} cores; {args.channels} channels moving at once, "
          f"Hachapury, pictures at 1100 px")
    if "sqlite" in wanted:
        with tempfile.TemporaryDirectory() as tmp:
            run_config("sqlite", str(Path(tmp) / "bench.sqlite3"), 1, args, None)
    if not {"postgresql", "postgresql-2"} & set(wanted):
        return
    server = None
    if args.postgres:
        url, postmaster = args.postgres, None
    else:
        from tests.pg_server import start_server
        server = start_server(durable=True)
        url, postmaster = server.url(), _postmaster(server.data)
    try:
        print(described(asyncio.run(durability(url))), flush=True)
        for name, processes in (("postgresql", 1), ("postgresql-2", 2)):
            if name in wanted:
                # each configuration on a database of its own (on the throw-away server)
                target = _database(name, server) if server is not None else url
                run_config(name, target, processes, args, postmaster)
    finally:
        if server is not None:
            server.stop()


def _database(name: str, server: Any) -> str:
    """A fresh database on the throw-away server for one configuration."""
    database = "bench_" + name.replace("-", "_")
    made = server._run("createdb", "-h", str(server.socket_dir), database)
    if made.returncode != 0:
        raise RuntimeError(f"createdb {database} failed: {made.stderr.strip()}")
    return str(server.url(database))


if __name__ == "__main__":
    main()
