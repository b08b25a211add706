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
after it.  Nothing here can stall another channel.

Faults:

- a turn is saved with an outbox row (bot/service/core.py ``commit``'s ``post_by``)
  that goes once its reply is posted; the start-up scan and every sweep post what a
  killed process left unposted (``GameService.computer_unposted``), before the
  computers play on;
- a step that fails (the database went away) is logged and the game is looked at
  again as soon as the database answers (``recover``: a look after 0.5 s, then
  every ``RETRY_MAX`` s at most while it is down), not at the next sweep a minute
  later; a step that keeps failing for another reason waits twice as long each time
  (up to the sweep).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

from bot.faults import log_failure
from bot.ordering import ChannelOrder
from bot.replies import Channel, Reply

if TYPE_CHECKING:
    from bot.service import GameService

log = logging.getLogger("boardbot.computer")

Deliver = Callable[[Channel, Reply], Awaitable[object]]
#: Seconds before the first look at a failed channel's database, and the most
#: between two looks (doubling from the first).
RETRY_FIRST = 0.5
RETRY_MAX = 2.0


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
        #: Channels whose last step failed (and when to look again), their failures
        #: in a row, and the task that wakes them (``recover``).
        self._failed: dict[str, tuple[Channel, float]] = {}
        self._failures: dict[str, int] = {}
        self._recovery: asyncio.Task[None] | None = None

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
                try:
                    reply = await self.service.computer_step(channel)
                except asyncio.CancelledError:
                    raise
                except Exception as exc:  # logged; looked at again once the database answers
                    log_failure(log, exc, "computer step failed in channel %s", channel.id)
                    self._fail(channel)
                    return
                self._failures.pop(channel.id, None)
                if reply is not None:
                    await self._post(channel, reply)
            if reply is None:
                if channel.id in self._again:
                    continue
                return
            if self.pace:  # (the channel is free meanwhile: people may act)
                await asyncio.sleep(self.pace)

    async def _post(self, channel: Channel, reply: Reply) -> None:
        """Deliver a computer's reply, then take it out of the outbox.  A failed
        delivery stays in the outbox: a later sweep posts it once more."""
        try:
            delivered = await self.deliver(channel, reply)
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # the turn is saved; /board shows it
            log_failure(log, exc, "could not deliver the computer's reply in channel %s",
                        channel.id)
            return
        if delivered is False:  # the Discord bot's post says False when it failed (logged)
            return
        try:
            await self.service.computer_posted(reply)
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # posted: at worst it is posted once more later
            log_failure(log, exc, "could not note the computer's reply in channel %s "
                        "as posted", channel.id)

    def _fail(self, channel: Channel) -> None:
        """``channel``'s step failed: look again once the database answers, after a
        wait that doubles with each failure in a row (a step failing for another
        reason is not retried every half second)."""
        count = self._failures.get(channel.id, 0) + 1
        self._failures[channel.id] = count
        wait = min(RETRY_FIRST * 2 ** (count - 1), self.sweep)
        self._failed[channel.id] = (channel, time.monotonic() + wait)
        if self._recovery is None or self._recovery.done():
            self._recovery = asyncio.create_task(self.recover(),
                                                 name="boardbot-computer-recovery")

    async def recover(self) -> None:
        """Until no channel waits: when a failed channel's wait is over, look whether
        the database answers (``resume``: it posts what was left unposted and pokes
        every computer game) and wake the failed channels.  While the database is
        down the look is repeated every ``RETRY_MAX`` seconds at most, so a database
        back after an outage sets the computers going within about that, not at the
        next sweep a minute later."""
        probe = RETRY_FIRST
        down_since: float | None = None
        while self._failed:
            # short sleeps, not until the soonest wait is over: a channel that fails
            # meanwhile (its wait shorter) is not kept waiting for a longer one
            await asyncio.sleep(RETRY_FIRST if down_since is None else probe)
            due = [c for c, at in self._failed.values() if at <= time.monotonic()]
            if not due:
                continue
            try:
                await self.resume()
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # still down: look again, less often
                if down_since is None:
                    down_since = time.monotonic()
                    log.warning("computer games wait for the database (%s)", exc)
                probe = min(probe * 2, RETRY_MAX)
                continue
            if down_since is not None:
                log.info("the database answers again after %.1f s: computer games woken",
                         time.monotonic() - down_since)
            down_since, probe = None, RETRY_FIRST
            for channel in due:
                self._failed.pop(channel.id, None)
                self.poke(channel)

    async def resume(self) -> int:
        """Post the computer turns left unposted (a process killed between a commit
        and its post), then poke every channel whose active game seats a computer
        (after a restart, on each sweep); returns how many channels."""
        for channel, reply in await self.service.computer_unposted():
            log.info("posting a computer turn saved but never posted in channel %s",
                     channel.id)
            await self._post(channel, reply)
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
        if self._recovery is not None:
            tasks.append(self._recovery)
            self._recovery = None
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._tasks.clear()
