"""Keeps computer games moving: after every change in a channel, after a restart,
and on a slow sweep, the computers a game waits for play, one action at a time,
each reply delivered as a message of its own (a follow-up to the person's move).

One task per channel at most; a poke while it runs makes it look once more
before it ends, so no change is missed and no channel is driven twice.  ``pace``
spaces a computer's consecutive messages (a game of computers people watch, the
three computers after a person in CheeseGambit), which also keeps a channel
under Discord's rate limits.  A step and the post of its reply hold the channel
(``bot.ordering``) against the people's commands there: the computer's turn comes
below the reply to the turn before, and a command arriving meanwhile is told
after it.  A failing step is logged and the game is looked at
again on the next sweep: nothing here can stall another channel.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

from bot.faults import log_failure
from bot.ordering import ChannelOrder
from bot.replies import Channel, Reply

if TYPE_CHECKING:
    from bot.service import GameService

log = logging.getLogger("boardbot.computer")

Deliver = Callable[[Channel, Reply], Awaitable[object]]


class ComputerDriver:
    """Drives the computers of a service's games (see the module's docstring)."""

    def __init__(self, service: GameService, deliver: Deliver, *, pace: float = 0.0,
                 sweep: float = 60.0, order: ChannelOrder | None = None) -> None:
        self.service = service
        self.deliver = deliver
        self.pace = pace
        self.sweep = sweep
        #: Shared with the people's commands (the Discord flows): a step and the post
        #: of its reply wait for the reply to the change before, and the next change
        #: waits for this post (bot/ordering.py).
        self.order = order or ChannelOrder()
        self._tasks: dict[str, asyncio.Task[None]] = {}
        self._again: set[str] = set()

    def poke(self, channel: Channel) -> None:
        """Something changed in ``channel``: let its computers act if it is their turn."""
        task = self._tasks.get(channel.id)
        if task is not None and not task.done():
            self._again.add(channel.id)
            return
        self._tasks[channel.id] = asyncio.create_task(self._drive(channel),
                                                      name=f"computer-{channel.id}")

    async def _drive(self, channel: Channel) -> None:
        while True:
            self._again.discard(channel.id)
            async with self.order.telling(channel.id):
                reply = await self._step(channel)
                if reply is not None:
                    await self._post(channel, reply)
            if reply is None:
                if channel.id in self._again:
                    continue
                return
            if self.pace:  # (the channel is free meanwhile: people may act)
                await asyncio.sleep(self.pace)

    async def _step(self, channel: Channel) -> Reply | None:
        try:
            return await self.service.computer_step(channel)
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # logged; the next poke or sweep tries again
            log_failure(log, exc, "computer step failed in channel %s", channel.id)
            return None

    async def _post(self, channel: Channel, reply: Reply) -> None:
        try:
            await self.deliver(channel, reply)
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # the turn is saved; /board shows it
            log_failure(log, exc, "could not deliver the computer's reply in channel %s",
                        channel.id)

    async def resume(self) -> int:
        """Poke every channel whose active game seats a computer (after a restart);
        returns how many."""
        channels = await self.service.computer_channels()
        for channel in channels:
            self.poke(channel)
        return len(channels)

    async def run_forever(self) -> None:
        """Resume at once (the start-up scan), then sweep every ``sweep`` seconds."""
        while True:
            try:
                resumed = await self.resume()
                if resumed:
                    log.info("computer games looked at: %d", resumed)
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                log_failure(log, exc, "computer sweep failed")
            await asyncio.sleep(self.sweep)

    async def idle(self) -> None:
        """Wait until no channel's computers have anything to do (tests, the console)."""
        while True:
            running = [t for t in self._tasks.values() if not t.done()]
            if not running:
                return
            await asyncio.gather(*running, return_exceptions=True)

    async def close(self) -> None:
        """Cancel every channel's task (shutdown)."""
        tasks = list(self._tasks.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._tasks.clear()
