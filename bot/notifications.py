"""What the scheduler (reminders, time-ups) and the nudges hand to the Discord layer.

Its own module so that the service's nudges and the scheduler can both build one
without importing each other (the scheduler imports the service).
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Notification"]


@dataclass(frozen=True)
class Notification:
    """A message the scheduler asks the Discord layer to send.

    ``kind``: ``reminder`` (your turn, time running low), ``timeout`` (the
    opponent's time is up: claim or grant), ``forfeit`` (the game was lost on
    time), ``nudge`` (your turn in a game without a clock, for a while now) or
    ``silent`` (the player you wait for went silent: you may end the game) or
    ``digest`` (the daily list of the games waiting for ``user_id``, by direct message
    only: its ``channel_id`` is '' and ``session_id`` the first game it names).
    ``mode``: ``mention`` (post in the channel, pinging ``user_id``),
    ``dm`` (direct message to ``user_id``) or ``channel`` (post in the channel).
    ``mentions``: the only users the post may ping (whatever ids the text holds)."""

    kind: str
    mode: str
    channel_id: str
    guild_id: str | None
    session_id: int
    user_id: str | None
    text: str
    mentions: tuple[str, ...] = ()
