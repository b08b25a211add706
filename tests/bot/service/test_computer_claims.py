"""Each computer move is thought about by one process: a claim per session version
(storage/computer.py ``claim_move``), taken over when its process died mid-thought.
Two services on two connections to one database stand for two processes here;
tests/bot/test_processes.py runs two real processes on PostgreSQL."""

from __future__ import annotations

import asyncio
import os
import random
import subprocess
from pathlib import Path

from bot.computer_pool import InlineThinker
from bot.computer_seats import COMPUTER
from bot.replies import Reply
from bot.service import GameService, ServiceConfig
from computer import Choice, Request
from storage import Store
from storage.computer import ComputerStore
from storage.liveness import Liveness, pid_started, this_host
from tests.bot.conftest import ALICE, HERE, FakeClock


class GatedThinker:
    """Thinks only when let through; records each request it was asked."""

    def __init__(self) -> None:
        self.asked: list[Request] = []
        self.gate = asyncio.Event()
        self.inline = InlineThinker()

    async def decide(self, request: Request) -> Choice:
        self.asked.append(request)
        await self.gate.wait()
        return await self.inline.decide(request)

    async def answer(self, request: Request) -> Choice:
        self.asked.append(request)
        await self.gate.wait()
        return await self.inline.answer(request)


def _process(store: Store, clock: FakeClock, thinker: GatedThinker) -> GameService:
    rng = random.Random(99)
    return GameService(store, ServiceConfig(computer_claim_seconds=120.0), clock=clock,
                       seed_factory=lambda: rng.randbytes(32), render_images=False,
                       thinker=thinker)


async def _step(process: GameService) -> Reply | None:
    """One computer step, bounded: a step that thinks where it should not would wait
    at its closed gate for ever."""
    return await asyncio.wait_for(process.computer_step(HERE), 20)


async def _until_asked(thinker: GatedThinker, count: int) -> None:
    for _ in range(2000):
        if len(thinker.asked) >= count:
            return
        await asyncio.sleep(0.005)
    raise AssertionError("the thinker was never asked")


async def test_claims_one_owner_a_version_and_stale_ones_are_taken_over(
        store: Store) -> None:
    session_id = await store.create_session(
        guild_id="g", channel_id="c", game="hachapury", options={}, seed="ab" * 32,
        seed_hash="h", created_by=ALICE.id, now=0.0, expires_at=None,
        seats=[("W", ALICE.id, "alice", True), ("B", "2", "bob", True)])
    claims = ComputerStore(store)
    await _set_version(store, session_id, 3)
    assert await claims.claim_move(session_id, 3, "one", 100.0, 100.0 - 120)
    assert await claims.claim_move(session_id, 3, "one", 101.0, 101.0 - 120)  # its own
    assert not await claims.claim_move(session_id, 3, "two", 150.0, 150.0 - 120)
    assert await claims.claim_move(session_id, 3, "two", 222.0, 222.0 - 120)  # stale
    assert not await claims.claim_move(session_id, 3, "one", 223.0, 223.0 - 120)
    await _set_version(store, session_id, 4)  # the computer moved
    assert await claims.claim_move(session_id, 4, "one", 224.0, 224.0 - 120)  # next move
    rows = await store.fetchall("SELECT version, owner FROM computer_claims")
    assert [tuple(r) for r in rows] == [(4, "one")]  # the old version's claim is gone
    # a process that read the session before that move cannot claim the old version
    # again now that its claim row is gone (it would think about a move already made)
    assert not await claims.claim_move(session_id, 3, "two", 225.0, 225.0 - 120)
    assert not await claims.claim_move(session_id, 5, "two", 225.0, 225.0 - 120)


async def _set_version(store: Store, session_id: int, version: int) -> None:
    async with store.transaction() as run:
        await run("UPDATE sessions SET version=? WHERE id=?", (version, session_id))


async def test_one_process_thinks_and_a_dead_thinker_is_replaced(database: str) -> None:
    clock = FakeClock()
    first_store, second_store = await Store.open(database), await Store.open(database)
    first_thinker, second_thinker = GatedThinker(), GatedThinker()
    first = _process(first_store, clock, first_thinker)
    second = _process(second_store, clock, second_thinker)
    try:
        # a game of computers (alice watches): every step is the computer's
        assert (await first.new(ALICE, HERE, "hachapury", [COMPUTER, COMPUTER])).ok
        session = await first_store.live_session(HERE.id)
        assert session is not None
        logged = len(await first_store.turns(session.id))

        thinking = asyncio.create_task(first.computer_step(HERE))
        await _until_asked(first_thinker, 1)
        assert await _step(second) is None  # the first process has it
        assert second_thinker.asked == []
        first_thinker.gate.set()
        reply = await thinking
        assert reply is not None and reply.ok, reply
        assert len(await first_store.turns(session.id)) > logged

        # the first process "dies" mid-thought on the next move
        first_thinker.gate.clear()
        session = await first_store.live_session(HERE.id)
        assert session is not None
        turn = session.next_turn
        stuck = asyncio.create_task(first.computer_step(HERE))
        await _until_asked(first_thinker, 2)
        assert await _step(second) is None
        clock.now += 60
        assert await _step(second) is None  # not stale yet
        clock.now += 61
        second_thinker.gate.set()
        reply = await _step(second)  # taken over
        assert reply is not None and reply.ok
        assert [r.seed for r in second_thinker.asked] == [first_thinker.asked[1].seed]
        stuck.cancel()
        await asyncio.gather(stuck, return_exceptions=True)
        played = [t for t in await first_store.turns(session.id)
                  if t.number == turn and t.kind == "turn" and t.actor != "bot"]
        assert len(played) == 1  # the move that was thought about twice, played once
    finally:
        await first_store.close()
        await second_store.close()


async def test_a_closed_processs_claim_is_taken_at_once(database: str) -> None:
    """A process whose connection is gone (killed: the server closes it) holds no
    claim, whatever its age: the other takes the move over at once (PostgreSQL: the
    start's advisory lock went with the connection).  SQLite's processes are told
    apart by pid, which two services in one test process share: see
    test_liveness_on_one_host and tests/bot/test_claims_after_kill.py."""
    if not database.startswith("postgresql"):
        return
    clock = FakeClock()
    first_store, second_store = await Store.open(database), await Store.open(database)
    first_thinker, second_thinker = GatedThinker(), GatedThinker()
    first = _process(first_store, clock, first_thinker)
    second = _process(second_store, clock, second_thinker)
    try:
        assert (await first.new(ALICE, HERE, "hachapury", [COMPUTER, COMPUTER])).ok
        stuck = asyncio.create_task(first.computer_step(HERE))
        await _until_asked(first_thinker, 1)
        assert await _step(second) is None  # alive: it holds the claim
        stuck.cancel()
        await asyncio.gather(stuck, return_exceptions=True)
        await first_store.close()  # its connections close, as when it is killed
        second_thinker.gate.set()
        reply = await _step(second)  # no clock moved: the claim is fresh, its owner gone
        assert reply is not None and reply.ok
        assert [r.seed for r in second_thinker.asked] == [first_thinker.asked[0].seed]
        # the next start clears the rows of the starts that ended
        await Liveness(second_store).present()
        rows = await second_store.fetchall("SELECT start_id FROM processes")
        started = {str(r[0]) for r in rows}
        assert first._computer.owner not in started
        assert second._computer.owner in started
    finally:
        await second_store.close()


async def test_liveness_on_one_host(tmp_path: Path) -> None:
    """SQLite: a start is gone when its pid no longer runs, or runs another process
    (the pid used again, e.g. by a restarted container); alive while it runs."""
    store = await Store.open(str(tmp_path / "db.sqlite3"))
    try:
        me = Liveness(store)
        await me.present()
        sleeper = subprocess.Popen(["sleep", "60"])
        ended = subprocess.Popen(["true"])
        ended.wait()
        try:
            async with store.transaction() as run:
                for start_id, pid, started in (
                        ("sleeper", sleeper.pid, pid_started(sleeper.pid)),
                        ("ended", ended.pid, None),
                        ("reused", os.getpid(), "1")):  # this pid, another start time
                    await run("INSERT INTO processes (start_id, host, pid, pid_started, "
                              "started_at) VALUES (?, ?, ?, ?, 0)",
                              (start_id, this_host(), pid, started))
                assert not await me.gone(run, me.start_id)
                assert not await me.gone(run, "sleeper")
                assert await me.gone(run, "ended")
                assert await me.gone(run, "reused")
                assert await me.gone(run, "never-registered")
            sleeper.kill()
            sleeper.wait()
            async with store.transaction() as run:
                assert await me.gone(run, "sleeper")
        finally:
            if sleeper.poll() is None:
                sleeper.kill()
                sleeper.wait()
    finally:
        await store.close()
