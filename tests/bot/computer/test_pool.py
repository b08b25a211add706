"""The process pool: decisions off the event loop, the wall-clock limit, and a
legal fall-back (logged) when a strategy is slow, fails, dies or is refused."""

from __future__ import annotations

import asyncio
import logging
import os
import time

import pytest

from bot.computer_pool import NICENESS, ComputerPool
from bot.service import GameService
from computer import Level, Request
from games import get_game
from tests.bot.computer.helpers import COMPUTER, install
from tests.bot.conftest import ALICE, HERE


def _request(level: Level = Level.EASY) -> Request:
    game = get_game("hachapury")
    options = game.normalise_options({})
    listing = game.initial(options, "W").listing()
    return Request("hachapury", tuple(options.items()), listing, (3, 1), level, seed=1)


async def test_decides_in_another_process() -> None:
    pool = ComputerPool(2)
    try:
        await pool.start()
        choice = await pool.decide(_request())
        request = _request()
        assert not choice.fallback
        assert choice.text in request.position().legal_turns(request.dice)
        assert pool.limit(Level.HARD) > Level.HARD.budget
        assert pool.limit(Level.EASY) < pool.limit(Level.HARD)
    finally:
        await pool.shutdown()


async def test_the_workers_think_below_the_bots_priority() -> None:
    """Thinking and analyses are background work: on cores they fill, the bot's own
    process (the event loop answering everyone) goes first."""
    pool = ComputerPool(1)
    try:
        await pool.start()
        theirs = await pool.work(os.getpriority, os.PRIO_PROCESS, 0)
        assert theirs == min(19, os.getpriority(os.PRIO_PROCESS, 0) + NICENESS)
    finally:
        await pool.shutdown()


async def test_a_slow_strategy_falls_back_within_the_limit(caplog: pytest.LogCaptureFixture
                                                           ) -> None:
    pool = ComputerPool(1, grace=0.3, slack=0.0, initializer=install,
                        initargs=("hachapury", "slow"))
    try:
        await pool.start()
        started = time.perf_counter()
        with caplog.at_level(logging.ERROR, logger="boardbot.computer"):
            choice = await pool.decide(_request(Level.EASY))
        waited = time.perf_counter() - started
        request = _request()
        assert choice.fallback and choice.text in request.position().legal_turns(request.dice)
        # the limit (0.1 s budget + 0.3 s grace), not the strategy's 30 s; generous
        # room for a loaded machine
        assert waited < 10
        assert "timed out" in caplog.text
        assert pool.replacements == 1  # the stuck worker was replaced
        # and the new pool still thinks (the slow strategy again: falls back again)
        again = await pool.decide(_request(Level.EASY))
        assert again.fallback
    finally:
        await pool.shutdown()


@pytest.mark.parametrize("kind", ["failing", "dying"])
async def test_a_broken_strategy_falls_back(kind: str, caplog: pytest.LogCaptureFixture
                                            ) -> None:
    pool = ComputerPool(1, initializer=install, initargs=("hachapury", kind))
    try:
        await pool.start()
        with caplog.at_level(logging.WARNING, logger="boardbot.computer"):
            choice = await pool.decide(_request())
        request = _request()
        assert choice.fallback and choice.text in request.position().legal_turns(request.dice)
        assert pool.fallbacks == 1
        assert ("died" if kind == "dying" else "fell back") in caplog.text
    finally:
        await pool.shutdown()


async def test_the_event_loop_keeps_running_while_the_computer_thinks() -> None:
    pool = ComputerPool(1, grace=0.2, slack=0.0, initializer=install,
                        initargs=("hachapury", "slow"))
    try:
        await pool.start()
        ticks = 0

        async def ticker() -> None:
            nonlocal ticks
            while True:
                await asyncio.sleep(0.01)
                ticks += 1

        task = asyncio.create_task(ticker())
        await pool.decide(_request(Level.EASY))
        task.cancel()
        assert ticks >= 5  # the loop ticked all along the (limited) wait
    finally:
        await pool.shutdown()


async def test_a_game_goes_on_through_a_failing_strategy(service: GameService,
                                                         caplog: pytest.LogCaptureFixture
                                                         ) -> None:
    pool = ComputerPool(1, initializer=install, initargs=("hachapury", "illegal"))
    try:
        service.thinker = pool
        await service.new(ALICE, HERE, "hachapury", [COMPUTER, COMPUTER], {"level": "easy"})
        with caplog.at_level(logging.ERROR, logger="boardbot.computer"):
            reply = await service.computer_step(HERE)
        assert reply is not None and reply.ok
        assert "engine refused it" in caplog.text
        session = await service.store.latest_session(HERE.id)
        assert session is not None
        assert [t.actor for t in await service.store.turns(session.id)][-1].startswith(
            "computer:")
    finally:
        await pool.shutdown()


async def test_shutdown_does_not_wait_for_a_runaway_search() -> None:
    pool = ComputerPool(1, grace=30.0, initializer=install, initargs=("hachapury", "slow"))
    await pool.start()
    thinking = asyncio.create_task(pool.decide(_request()))
    await asyncio.sleep(0.5)  # the worker is now inside its 30-second search
    started = time.perf_counter()
    await pool.shutdown(patience=0.5)
    assert time.perf_counter() - started < 10
    choice = await thinking  # the decision still gets a legal (fall-back) turn
    assert choice.fallback
