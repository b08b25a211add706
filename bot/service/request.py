"""``Request``: who asked, where, and in which languages the answer is said.

Every command the service runs gets one, built once at the facade's entry point
(``GameService``) from the command's own arguments, and handed explicitly to the part
that answers it: a part says its private sentences with ``req.mine(key)`` (the user's
language) and its public ones with ``req.public(key)`` (the channel's).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.catalogue import Readers, t
from bot.replies import Channel, User


@dataclass
class CommandNotes:
    """What one command learned on its way that a later step of the same command
    would otherwise look up again (never carried over to another command)."""

    #: The session the command found to be a game on its own (its board's caption
    #: looked), so that the match follow-on after the command does not look again.
    solo_game: int | None = None


@dataclass(frozen=True)
class Request:
    """One command's asker (``user``, None for the scheduler's and the computer's own
    work), its place (``channel``, None in a direct message) and its ``readers``."""

    user: User | None
    channel: Channel | None
    readers: Readers = Readers()
    notes: CommandNotes = field(default_factory=CommandNotes, compare=False)

    @property
    def user_lang(self) -> str:
        """The language of the private replies (refusals included)."""
        return self.readers.user

    @property
    def channel_lang(self) -> str:
        """The language of the public replies."""
        return self.readers.channel

    def mine(self, key: str, **values: object) -> str:
        """``key`` for the asker alone, in their language."""
        return t(self.readers.user, key, **values)

    def public(self, key: str, **values: object) -> str:
        """``key`` for everybody in the channel, in its language."""
        return t(self.readers.channel, key, **values)
