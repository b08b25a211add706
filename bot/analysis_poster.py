"""Posts each finished game's analysis in its channel (bot/service/analysis.py).

An analysis takes seconds (it runs in the process pool), so it is never part of
the reply to the move that ended the game: after every change in a channel
(``poke``), and on a slow sweep (a game ended by the clock, by a computer's move, or
while the bot was down), one pass asks the service for the analyses due and
delivers each.  One pass at a time; a poke during a pass makes it look once more.
Each game's message is claimed in the database before it is built, so it is posted
once, whatever the restarts or the processes.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

from bot.faults import log_failure
from bot.replies import Channel, Reply

if TYPE_CHECKING:
    from bot.service import GameService

log = logging.getLogger("boardbot.analysis")

Deliver = Callable[[Channel, Reply], Awaitable[object]]


class AnalysisPoster:
    def __init__(self, service: GameService, deliver: Deliver, *, sweep: float = 30.0) -> None:
        self.service = service
        self.deliver = deliver
        self.sweep = sweep
        self._task: asyncio.Task[None] | None = None
        self._again = False

    def poke(self) -> None:
        """Something changed: a game may have ended."""
        if self._task is not None and not self._task.done():
            self._again = True
            return
        self._task = asyncio.create_task(self._passes(), name="boardbot-analysis")

    async def _passes(self) -> None:
        while True:
            self._again = False
            await self.run_once()
            if not self._again:
                return

    async def run_once(self) -> int:
        """One pass: every analysis due posted; how many."""
        try:
            due = await self.service.analyses_to_post()
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # the next poke or sweep looks again
            log_failure(log, exc, "analysis pass failed")
            return 0
        for channel, reply in due:
            try:
                await self.deliver(channel, reply)
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # claimed already: /analysis still shows it
                log_failure(log, exc, "could not post the analysis in channel %s",
                            channel.id)
        return len(due)

    async def run_forever(self) -> None:
        while True:
            self.poke()
            await asyncio.sleep(self.sweep)

    async def idle(self) -> None:
        """Wait until the pass running (if any) has ended (tests)."""
        while self._task is not None and not self._task.done():
            await asyncio.wait({self._task})
