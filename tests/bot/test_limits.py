"""Bounds on what one command can cost or say: clock values, and the work a game
keeps off the event loop."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable
from pathlib import Path
from typing import Any, TypeVar

import pytest

from bot.clocks import DAY, HOUR
from bot.scheduler import Scheduler
from bot.service import GameService
from tests.bot.conftest import ALICE, BOB, HERE, FakeClock
from tests.bot.service.test_correspondence import Outbox, _play, _start, _to_move

T = TypeVar("T")


async def test_a_huge_clock_is_refused_with_the_bound(service: GameService) -> None:
    reply = await service.new(ALICE, HERE, "hachapury", [BOB],
                              time_control="99999999999d,weekends")
    assert not reply.ok and reply.private
    assert "at most 365 days" in reply.text and "99999999999d" in reply.text
    assert await service.store.live_session(HERE.id) is None  # nothing was created
    reply = await service.new(ALICE, HERE, "hachapury", [BOB], {"time": "bank=7d,bonus=400d"})
    assert not reply.ok and "at most 365 days" in reply.text


async def test_a_huge_grant_is_refused_and_the_clock_kept(service: GameService,
                                                          clock: FakeClock) -> None:
    session = await _start(service, "1d,weekends")
    mover, other = _to_move(service, session)
    clock.now += DAY + HOUR
    before = await service.ledger.clock(session.id)
    # stepped week by week for ever before (the timeout fails the test instead of hanging)
    reply = await asyncio.wait_for(service.grant(other, HERE, "99999999999d"), 30)
    assert not reply.ok and "at most 365 days" in reply.text
    assert await service.ledger.clock(session.id) == before
    assert (await service.grant(other, HERE, "365d")).ok


async def test_a_game_stored_with_a_huge_clock_still_plays(service: GameService,
                                                           clock: FakeClock) -> None:
    """Games created before the bound keep their (now cheap) clock."""
    session = await _start(service, "3d,weekends")
    huge = "10000000d,weekends"
    async with service.store.transaction() as run:
        await run("UPDATE clocks SET control=?, budget=? WHERE session_id=?",
                  (huge, 10_000_000 * DAY, session.id))
    session = await _play(service)
    session = await _play(service)
    assert "left" in (await service.board(ALICE, HERE)).text
    await Scheduler.for_service(service, Outbox()).run_once(clock.now + DAY)


# -- engine work off the event loop -------------------------------------------------------

ENGINE_SECONDS = 0.4


def _slow_engine(monkeypatch: pytest.MonkeyPatch, position: object, method: str) -> None:
    """Make one engine method do ENGINE_SECONDS of real CPU work before its own."""
    cls = type(position)
    original = getattr(cls, method)

    def slow(self: object, *args: object) -> object:
        end = time.perf_counter() + ENGINE_SECONDS
        while time.perf_counter() < end:  # busy: CPU work, as a hostile text causes
            pass
        return original(self, *args)

    monkeypatch.setattr(cls, method, slow)


async def _ticks_during(call: Awaitable[T]) -> tuple[T, int]:
    """Run ``call`` while another task ticks every 5 ms; how often it ticked meanwhile
    (a blocked event loop ticks at most once or twice, around the database awaits)."""
    ticks = 0

    async def ticker() -> None:
        nonlocal ticks
        while True:
            await asyncio.sleep(0.005)
            ticks += 1

    task = asyncio.create_task(ticker())
    await asyncio.sleep(0)
    try:
        result = await call
    finally:
        task.cancel()
    return result, ticks


@pytest.mark.parametrize("command", ["move", "preview", "legal"])
async def test_other_channels_are_served_while_the_engine_works(
        service: GameService, monkeypatch: pytest.MonkeyPatch, command: str) -> None:
    session = await _start(service, None)
    mover, _ = _to_move(service, session)
    turn = service.legal_turns(session)[0]
    service.context.forget()
    position = service.position_of(session)
    service.context.forget()
    _slow_engine(monkeypatch, position, "legal_turns" if command == "legal" else "play")
    calls = {"move": lambda: service.move(mover, HERE, turn),
             "preview": lambda: service.preview(mover, HERE, turn),
             "legal": lambda: service.legal(mover, HERE)}
    reply, ticks = await _ticks_during(calls[command]())
    assert reply.ok, reply.text
    # 0.4 s of engine work: 15-40 ticks when it runs in a worker thread (the GIL is
    # shared), 0-1 when it runs on the event loop
    assert ticks >= 5, ticks


async def test_a_takeback_replays_the_log_off_the_event_loop(
        service: GameService, monkeypatch: pytest.MonkeyPatch) -> None:
    """Fuzz finding: allowing a take-back replayed the whole log on the loop (1.5 s in a
    long CheeseGambit game)."""
    import bot.service.correspondence as correspondence

    await _start(service, None)
    await _play(service)
    before = await service.store.live_session(HERE.id)
    assert before is not None
    mover, other = _to_move(service, before)
    assert (await service.move(mover, HERE, service.legal_turns(before)[0])).ok
    assert (await service.takeback(mover, HERE)).ok
    original = correspondence.replay_position

    def slow_replay(*args: Any) -> Any:
        end = time.perf_counter() + ENGINE_SECONDS
        while time.perf_counter() < end:  # busy: the CPU work of a long log
            pass
        return original(*args)

    monkeypatch.setattr(correspondence, "replay_position", slow_replay)
    reply, ticks = await _ticks_during(service.takeback_answer(other, HERE, True))
    assert reply.ok, reply.text
    assert ticks >= 5, ticks


# -- notices ping only the players meant -------------------------------------------------


async def test_notices_name_their_mentions_and_defuse_hostile_names(
        service: GameService, clock: FakeClock) -> None:
    """A nickname ``<@victim>`` in a time-up or forfeit notice pinged the victim: the
    adapter pinged every id in the text.  Notices now carry whom they mean."""
    session = await _start(service, "1d")
    mover, other = _to_move(service, session)
    hostile = "<@4242> @everyone <@&77>"
    async with service.store.transaction() as run:
        await run("UPDATE seats SET name=? WHERE user_id=?", (hostile, mover.id))
    scheduler = Scheduler.for_service(service, Outbox())
    await scheduler.run_once()
    clock.now += DAY + HOUR
    (timeout,) = await scheduler.run_once()
    assert timeout.kind == "timeout" and timeout.mentions == (other.id,)
    assert "<@4242>" not in timeout.text and "@everyone" not in timeout.text
    assert "<@\u200b4242>" in timeout.text  # shown, but neither a ping nor like one
    async with service.store.transaction() as run:
        await run("UPDATE clocks SET control='1d,forfeit'")
    await service.grant(other, HERE, "1h")
    clock.now += 2 * HOUR
    forfeits = [n for n in await scheduler.run_once() if n.kind == "forfeit"]
    assert len(forfeits) == 1
    assert set(forfeits[0].mentions) == {mover.id, other.id}
    assert "<@4242>" not in forfeits[0].text


def test_the_service_imports_every_engine_before_the_first_command(tmp_path: Path) -> None:
    """Fuzz finding: the first command naming a game imported its engine on the event
    loop (169 ms for Che); the service imports them all when it is built."""
    import subprocess
    import sys

    code = (
        "import asyncio, sys\n"
        "from bot.service import GameService\n"
        "from storage import Store\n"
        "from games import GAME_MODULES\n"
        "async def main():\n"
        f"    store = await Store.open({str(tmp_path / 'db.sqlite3')!r})\n"
        "    before = [m for m in GAME_MODULES.values() if m in sys.modules]\n"
        "    GameService(store)\n"
        "    after = [m for m in GAME_MODULES.values() if m in sys.modules]\n"
        "    await store.close()\n"
        "    print(len(before), len(after), len(GAME_MODULES))\n"
        "asyncio.run(main())\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=120, check=True).stdout.split()
    assert out[1] == out[2] and out[0] != out[2], out
