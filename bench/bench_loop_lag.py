"""Event-loop lag while the service works: engine calls run off the loop.

A ticker task sleeps 1 ms at a time and records how late it wakes up; the largest
delay while a command runs is that command's loop lag (what every other channel
waits).  Prints, for a Hachapury game played through the service with board images,
the worst lag per command; then the lag of one crowded CheeseGambit legal-turn
listing run on the loop versus in a worker thread, as the service now does (and
with a 1 ms GIL switch interval).

Run: ``.venv/bin/python bench/bench_loop_lag.py``
"""

from __future__ import annotations

import asyncio
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from functools import partial
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.bench_cheesegambit import CROWDED  # noqa: E402
from bot.replies import Channel, User  # noqa: E402
from bot.service import GameService, ServiceConfig  # noqa: E402
from games.cheesegambit import GAME as CHEESEGAMBIT  # noqa: E402
from storage import Store  # noqa: E402

ALICE, BOB, CAROL = User("1", "alice"), User("2", "bob"), User("3", "carol")
HERE = Channel("10", "1", "bench")


class LagMeter:
    """A task that wakes every millisecond and keeps the worst delay seen."""

    def __init__(self) -> None:
        self.worst = 0.0
        self._task: asyncio.Task[None] | None = None

    async def _run(self) -> None:
        while True:
            before = time.perf_counter()
            await asyncio.sleep(0.001)
            self.worst = max(self.worst, time.perf_counter() - before - 0.001)

    async def measure(self, call: Callable[[], Awaitable[Any]]) -> tuple[float, float]:
        """(seconds the call took, worst loop lag meanwhile)."""
        self.worst = 0.0
        await asyncio.sleep(0.002)  # let the ticker settle
        self.worst = 0.0
        start = time.perf_counter()
        await call()
        took = time.perf_counter() - start
        await asyncio.sleep(0.002)  # a lag ending with the call is seen on the next wake
        return took, self.worst

    def __enter__(self) -> LagMeter:
        self._task = asyncio.get_running_loop().create_task(self._run())
        return self

    def __exit__(self, *_: object) -> None:
        assert self._task is not None
        self._task.cancel()


def _row(name: str, figures: list[tuple[float, float]]) -> str:
    took = [t * 1000 for t, _ in figures]
    lag = [lag * 1000 for _, lag in figures]
    return (f"{name:10s} n={len(figures):4d}  call median {statistics.median(took):7.1f} ms"
            f"  loop lag median {statistics.median(lag):5.1f} ms, worst {max(lag):6.1f} ms")


async def service_game(moves: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        store = await Store.open(str(Path(tmp) / "bench.sqlite3"))
        rng = random.Random(3)
        service = GameService(store, ServiceConfig(image_width=1100),
                              seed_factory=lambda: rng.randbytes(32))
        figures: dict[str, list[tuple[float, float]]] = {}
        with LagMeter() as meter:
            async def note(name: str, call: Callable[[], Awaitable[Any]]) -> None:
                figures.setdefault(name, []).append(await meter.measure(call))

            await note("new", lambda: service.new(ALICE, HERE, "hachapury", [BOB]))
            await note("accept", lambda: service.accept(BOB, HERE))
            for _ in range(moves):
                session = await store.live_session(HERE.id)
                if session is None:
                    break
                seat = session.seat_for_side(service.position_of(session).side_to_move or "")
                assert seat is not None
                mover = ALICE if seat.user_id == ALICE.id else BOB
                await note("legal", lambda: service.legal(CAROL, HERE))
                turns = await service.legal_turns_async(session)
                turn = rng.choice(turns).text
                await note("preview", partial(service.preview, mover, HERE, turn))
                await note("move", partial(service.move, mover, HERE, turn))
                await note("board", lambda: service.board(CAROL, HERE))
        await store.close()
    print("Hachapury through the service (images on):")
    for name, rows in figures.items():
        print("  " + _row(name, rows))


async def crowded_listing(repeat: int) -> None:
    """One crowded CheeseGambit listing with doubles: on the loop vs in a thread."""
    def listing() -> int:
        fresh = CHEESEGAMBIT.from_listing(CROWDED, {})  # fresh: legal turns are cached
        return len(fresh.legal_turns((3, 3)))

    on_loop: list[tuple[float, float]] = []
    off_loop: list[tuple[float, float]] = []
    with LagMeter() as meter:
        for _ in range(repeat):
            async def blocking() -> int:
                return listing()
            on_loop.append(await meter.measure(blocking))
            off_loop.append(await meter.measure(lambda: asyncio.to_thread(listing)))
    print("Crowded CheeseGambit legal turns, doubles [3 3]:")
    print("  " + _row("on loop", on_loop))
    print("  " + _row("in thread", off_loop))


async def main() -> None:
    await service_game(moves=60)
    await crowded_listing(repeat=15)
    # A pure-Python engine in a thread still holds the GIL; the loop gets it back only
    # every switch interval (5 ms by default).  Shown for comparison: 1 ms.
    default = sys.getswitchinterval()
    sys.setswitchinterval(0.001)
    print("with sys.setswitchinterval(0.001):")
    await crowded_listing(repeat=15)
    sys.setswitchinterval(default)


if __name__ == "__main__":
    asyncio.run(main())
