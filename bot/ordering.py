"""One change at a time in a channel, told before the next one begins.

A channel's posts must come in the order of the turns they tell.  A person's
command changes the game and then delivers its reply; a computer's step
(``bot.computer_driver``) changes it and then posts.  A computer step that began
while the person's reply was still on its way (the minute's sweep, or the driver
still looping after its own last post) could post its turn above the reply to
the turn before, which then still said "thinking…".  So a change in a channel
and the delivery of its reply hold the channel (:meth:`ChannelOrder.telling`);
the next change there waits until the reply before it is out.

Only that channel waits: one ``asyncio.Lock`` per channel, made when a change
begins and dropped with the last one waiting, so the event loop and every other
channel go on.  Nothing here knows Discord: the console could use it as well.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager


class ChannelOrder:
    """The channels' turns to change and tell, first come first served."""

    def __init__(self) -> None:
        self._locks: dict[str, asyncio.Lock] = {}
        #: How many changes hold or wait for each channel's lock (dropped at zero).
        self._users: dict[str, int] = {}

    def busy(self, channel_id: str) -> bool:
        """Whether a change in ``channel_id`` would have to wait now."""
        return channel_id in self._users

    @asynccontextmanager
    async def telling(self, channel_id: str) -> AsyncIterator[None]:
        """Hold ``channel_id`` for one change and the delivery of what it tells."""
        lock = self._locks.get(channel_id)
        if lock is None:
            lock = self._locks[channel_id] = asyncio.Lock()
        self._users[channel_id] = self._users.get(channel_id, 0) + 1
        try:
            async with lock:
                yield
        finally:
            left = self._users[channel_id] - 1
            if left:
                self._users[channel_id] = left
            else:
                del self._users[channel_id]
                del self._locks[channel_id]
