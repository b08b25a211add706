"""The process pool for CPU work (bot/cpu_pool.py): pictures drawn in a worker are the
bytes a thread draws, for every game; a killed worker is replaced and the reply keeps
its picture; a service with a pool plays a game end to end; the pool stops cleanly."""

from __future__ import annotations

import asyncio
import os
import random
import signal
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from bot.cpu_pool import CpuPool
from bot.replies import Channel
from bot.service import GameService, ServiceConfig
from bot.service.context import Context, listed_turns, render_listing
from games import Position, available_games, get_game
from games.dice import turn_dice
from renderer import RENDERERS, RenderContext, render
from storage import Store
from tests.bot.conftest import ALICE, BOB, CAROL

WIDTH = 400  # small pictures: the workers warm up at this width


def slow_pictures(seconds: float) -> None:
    """A worker initializer: every picture takes ``seconds`` longer (so that a test
    can kill the worker while it draws)."""
    import time

    from bot.service import context

    drawn = context.render

    def slow(position: Position, rendering: RenderContext | None = None) -> bytes:
        time.sleep(seconds)
        return drawn(position, rendering)

    context.render = slow


def _workers(pool: CpuPool) -> list[int]:
    executor = pool._executor
    return list((getattr(executor, "_processes", None) or {}).keys())


@pytest.fixture(scope="module")
def pool() -> Iterator[CpuPool]:
    """One warm single-worker pool for the tests that only use it (started outside
    any test's event loop: the pool keeps no loop of its own)."""
    shared = CpuPool(1, width=WIDTH, every_look=False)
    asyncio.run(shared.start())
    yield shared
    asyncio.run(shared.shutdown())


def _midgame(name: str, turns: int) -> tuple[Position, tuple[int, ...]]:
    """A position some random turns into a game of ``name`` and its next dice."""
    rng = random.Random(name)
    game = get_game(name)
    options = game.normalise_options({})
    position = game.initial(options, game.first_mover(options))
    seed = bytes(range(32))
    for number in range(1, turns + 1):
        if position.result is not None or position.side_to_move is None:
            break
        if position.action_due():
            position = position.play_action(position.action_choices()[0],
                                            position.actors()[0]).position
            continue
        dice = turn_dice(seed, 1, number, position.dice_count())
        position = position.play(rng.choice(position.legal_turns(dice)).text, dice).position
    count = position.dice_count() if position.side_to_move else 0
    return position, turn_dice(seed, 1, turns + 1, count)


@pytest.mark.parametrize("name", sorted(set(available_games()) & set(RENDERERS)))
async def test_a_worker_draws_the_bytes_a_thread_draws_for_each_game(
        pool: CpuPool, name: str, tmp_path: Path) -> None:
    position, dice = _midgame(name, 12)
    picture = RenderContext(names={side: f"player {side}" for side in "ABCDWRGY"},
                            dice=dice, width=WIDTH, theme="dark", footer="a footer")
    store = await Store.open(str(tmp_path / "db.sqlite3"))
    try:
        threads = Context(store, ServiceConfig(), lambda: 0.0, bytes, True)
        workers = Context(store, ServiceConfig(), lambda: 0.0, bytes, True)
        workers.cpu_pool = pool
        tasks = pool.tasks
        drawn = await workers.draw(position, picture)
        assert pool.tasks == tasks + 1 and pool.fallbacks == 0  # drawn in the worker
        assert drawn is not None and drawn == await threads.draw(position, picture)
        assert drawn == render(position, picture)  # the listing is the whole position
        assert await pool.run(listed_turns, name, position.listing(), dict(position.options),
                              dice) == position.legal_turns(dice)
    finally:
        await store.close()


async def test_a_renderer_fault_in_a_worker_is_the_fault_a_thread_raises(
        pool: CpuPool) -> None:
    fallbacks = pool.fallbacks
    with pytest.raises(Exception) as raised:
        await pool.run(render_listing, "hachapury", "not a listing", {}, RenderContext())
    assert pool.fallbacks == fallbacks  # the worker raised it: not a broken pool
    with pytest.raises(type(raised.value)):
        render_listing("hachapury", "not a listing", {}, RenderContext())


def page_faults_per_picture(name: str, pictures: int) -> float:
    """In the calling process: the minor page faults (fresh pages) each of
    ``pictures`` 1100 px pictures of ``name``'s opening costs, after a first one."""
    import resource

    game = get_game(name)
    options = game.normalise_options({})
    position = game.initial(options, game.first_mover(options))
    context = RenderContext(width=1100)
    render(position, context)
    before = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
    for _ in range(pictures):
        render(position, context)
    return (resource.getrusage(resource.RUSAGE_SELF).ru_minflt - before) / pictures


async def test_a_worker_reuses_its_picture_buffers_instead_of_fresh_pages(
        pool: CpuPool) -> None:
    # A 1100 px picture is 3.6 MB of pixels (900 pages).  Mapped afresh for every
    # picture, as the bot's own process maps blocks of 1 MiB and more, the kernel's
    # zeroing and faulting made a picture 60 % dearer (bot/heap.py).
    faults = await pool.run(page_faults_per_picture, "hachapury", 20)
    assert faults < 100, f"{faults:.0f} fresh pages a picture"


@pytest.fixture
async def opened(tmp_path: Path) -> AsyncIterator[tuple[Store, Store]]:
    first = await Store.open(str(tmp_path / "pool.sqlite3"))
    second = await Store.open(str(tmp_path / "threads.sqlite3"))
    yield first, second
    await first.close()
    await second.close()


def _service(store: Store) -> GameService:
    rng = random.Random(5)
    return GameService(store, ServiceConfig(image_width=WIDTH),
                       seed_factory=lambda: rng.randbytes(32))


async def test_a_service_with_a_pool_plays_a_game_as_one_with_threads(
        pool: CpuPool, opened: tuple[Store, Store]) -> None:
    pooled, threaded = _service(opened[0]), _service(opened[1])
    pooled.context.cpu_pool = pool
    here = Channel("77", "1")
    tasks = pool.tasks
    for service in (pooled, threaded):
        assert (await service.new(ALICE, here, "hachapury", [BOB])).ok
    answers = [await service.accept(BOB, here) for service in (pooled, threaded)]
    for _ in range(6):
        session = await opened[0].live_session(here.id)
        assert session is not None
        turns = await pooled.legal_turns_async(session)  # listed in the worker
        twin = await opened[1].live_session(here.id)
        assert twin is not None and turns == await threaded.legal_turns_async(twin)
        seat = session.seat_for_side(pooled.position_of(session).side_to_move or "")
        assert seat is not None
        mover = ALICE if seat.user_id == ALICE.id else BOB
        answers += [await service.move(mover, here, turns[-1]) for service in (pooled, threaded)]
    answers += [await service.board(CAROL, here) for service in (pooled, threaded)]
    for by_pool, by_threads in zip(answers[::2], answers[1::2], strict=True):
        assert by_pool.ok and by_pool.image is not None
        assert (by_pool.text, by_pool.image) == (by_threads.text, by_threads.image)
    assert pool.tasks >= tasks + 8 + 6 and pool.fallbacks == 0


async def test_a_killed_worker_is_replaced_and_the_reply_keeps_its_picture(
        opened: tuple[Store, Store], caplog: pytest.LogCaptureFixture) -> None:
    pool = CpuPool(1, width=WIDTH, every_look=False, initializer=slow_pictures,
                   initargs=(2.0,))
    await pool.start()
    try:
        service, twin = _service(opened[0]), _service(opened[1])
        here = Channel("78", "1")
        for each in (service, twin):
            assert (await each.new(ALICE, here, "hachapury", [BOB])).ok
        service.context.cpu_pool = pool
        [first] = _workers(pool)
        drawing = asyncio.create_task(service.accept(BOB, here))
        while pool._in_flight == 0:  # wait until the picture is being drawn...
            await asyncio.sleep(0.01)
        await asyncio.sleep(0.3)
        os.kill(first, signal.SIGKILL)  # ...and kill the worker drawing it
        reply = await drawing
        assert reply.ok and reply.image is not None  # drawn again, on a thread
        assert reply.image == (await twin.accept(BOB, here)).image
        assert pool.replacements == 1 and pool.fallbacks == 1
        assert "worker died" in caplog.text and "on a thread" in caplog.text
        for _ in range(1200):  # a new worker warms up in the background
            if pool.ready:
                break
            await asyncio.sleep(0.05)
        assert pool.ready and first not in _workers(pool)
        tasks = pool.tasks
        assert (await service.board(CAROL, here)).image == (await twin.board(CAROL, here)).image
        assert pool.tasks == tasks + 1  # the new worker drew it
    finally:
        await pool.shutdown()
    assert pool._executor is None


async def test_shutdown_stops_the_workers_and_later_work_runs_on_threads() -> None:
    pool = CpuPool(1, width=WIDTH, every_look=False)
    await pool.start()
    assert pool.ready
    processes = list(pool._executor._processes.values())  # type: ignore[union-attr]
    assert len(processes) == 1 and processes[0].is_alive()
    await pool.shutdown()
    assert not pool.ready and not processes[0].is_alive()
    game = get_game("hachapury")
    options = game.normalise_options({})
    position = game.initial(options, game.first_mover(options))
    picture = RenderContext(width=WIDTH)
    fallbacks = pool.fallbacks
    assert await pool.run(render_listing, "hachapury", position.listing(), options,
                          picture) == render(position, picture)
    assert pool.fallbacks == fallbacks + 1


async def test_work_waits_in_a_queue_the_metrics_can_read(pool: CpuPool,
                                                          tmp_path: Path) -> None:
    from bot.metrics import Metrics, OpsServer

    metrics = Metrics()
    store = await Store.open(str(tmp_path / "db.sqlite3"))
    ops = OpsServer(store, metrics, cpu_pool=pool)
    position, _ = _midgame("hachapury", 4)
    picture = RenderContext(width=WIDTH)
    try:
        runs = [asyncio.ensure_future(pool.run(render_listing, "hachapury",
                                               position.listing(), dict(position.options),
                                               picture)) for _ in range(5)]
        await asyncio.sleep(0)
        assert pool.queued == 4  # one worker: one drawing, four waiting
        ops.sample_pool()
        assert "boardbot_cpu_pool_queue 4.0" in metrics.text().decode().splitlines()
        assert len(set(await asyncio.gather(*runs))) == 1
        ops.sample_pool()
        lines = metrics.text().decode().splitlines()
        assert "boardbot_cpu_pool_queue 0.0" in lines
        assert "boardbot_cpu_pool_fallbacks_total 0.0" in lines
    finally:
        await store.close()
