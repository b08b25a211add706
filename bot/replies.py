"""What the service hands back: replies, and who is asking from where.

These are plain values so the Discord adapter, the local console and the
tests all consume the same thing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

#: What Discord would read as a mention: @everyone, @here, <@user>, <@!user>, <@&role>.
_PING_LIKE = re.compile(r"@(?=everyone|here)|<@(?=[!&]?\d)")
#: What can ping a crowd: @everyone, @here and role mentions.
_CROWD_PING = re.compile(r"@(?=everyone|here)|<@(?=&\d)")
ZERO_WIDTH = "\u200b"


def quiet_name(name: str) -> str:
    """A user-chosen name shown so that it neither pings nor looks like a ping:
    a zero-width space after the ``@`` of ``@everyone``, ``@here``, ``<@123>``, ``<@&1>``."""
    return _PING_LIKE.sub(lambda m: m.group(0) + ZERO_WIDTH, name)


def quiet_crowds(text: str) -> str:
    """Text the bot sends, with every @everyone, @here and role mention defused (the
    bot never means one; user mentions are left, ``allowed_mentions`` decides those)."""
    return _CROWD_PING.sub(lambda m: m.group(0) + ZERO_WIDTH, text)


@dataclass(frozen=True)
class User:
    """Someone issuing a command.  ``moderator``: may abort any game here."""

    id: str
    name: str
    moderator: bool = False
    #: The user's Discord locale (``interaction.locale``, e.g. ``ru``): private replies
    #: speak it where the catalogue has it (bot/catalogue); '' for the server's.
    locale: str = ""

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"


@dataclass(frozen=True)
class Channel:
    """Where a command was issued (a thread counts as a channel)."""

    id: str
    guild_id: str | None = None
    name: str = ""
    #: The server's language (Discord's ``guild_locale``, e.g. ``ru``): public replies
    #: narrate in it where the catalogue has it (bot/catalogue.py); '' for English.
    locale: str = ""
    #: The server's name as Discord gave it with the command ('' unknown): the list of
    #: one's games across servers names each server by it (bot/service/everywhere.py).
    guild_name: str = ""

    @property
    def direct(self) -> bool:
        """A direct message with the bot (no server)."""
        return self.guild_id is None


@dataclass(frozen=True)
class Button:
    """A button under a reply: ``action`` is an action's id (``bot.actions.encode``:
    stable across restarts; it names the question the button answers)."""

    label: str
    action: str
    style: str = "secondary"  # primary, secondary, success, danger


@dataclass(frozen=True)
class MenuOption:
    """One choice of a menu: its label, the value it sends and a short description."""

    label: str
    value: str
    description: str = ""


@dataclass(frozen=True)
class Menu:
    """A select menu under a reply: choosing an option presses ``action`` followed by
    the option's value (``pick:7:p12-`` + ``3``: ``bot.actions.menu_prefix``), so the
    menu is bound to its question the same way a button is."""

    action: str
    placeholder: str
    options: tuple[MenuOption, ...]


@dataclass
class Reply:
    """A command's answer.

    ``private`` replies are shown only to the sender (ephemeral on Discord);
    refusals are always private.  ``image`` is a PNG of the board and
    ``image_description`` the board in words (the attachment's description,
    read by screen readers; renderer/describe.py);
    ``attachment`` is any other file (the game record).  ``mentions`` are the
    user ids to notify (the player to move, the challenged player).
    """

    text: str
    image: bytes | None = None
    image_name: str = "board.png"
    image_description: str = ""
    attachment: tuple[str, bytes] | None = None
    mentions: list[str] = field(default_factory=list)
    private: bool = False
    ok: bool = True
    buttons: list[Button] = field(default_factory=list)
    session_id: int | None = None
    menus: list[Menu] = field(default_factory=list)
    #: A card (``/profile``): on Discord the text goes inside the image's embed.
    card: bool = False
    #: The session version whose outbox row this reply empties once it is posted (a
    #: computer's turn, posted by the driver: bot/computer_driver.py); None otherwise.
    posts: int | None = None
    #: Posts in other channels than the command's (a tournament's own channel: its
    #: standings, its next round, the games to open in threads of their own).
    announcements: list[Announcement] = field(default_factory=list)


@dataclass(frozen=True)
class ThreadGame:
    """A tournament game to open in a thread of its own: the adapter opens a public
    thread named ``name`` in the channel ``parent``, asks the service to begin the game
    there (``GameService.tournament_game(key, thread)``) and posts its answer there."""

    parent: str
    name: str
    key: str


@dataclass(frozen=True)
class ScheduledEvent:
    """A Discord scheduled event to make (a tournament's start): ``starts`` and
    ``ends`` are Unix times; ``where`` is the location line shown."""

    name: str
    description: str
    starts: float
    ends: float
    where: str


@dataclass
class Announcement:
    """``reply`` posted in the channel ``channel_id`` (not the command's), then each of
    ``games`` opened in a thread of that channel, then ``event`` made in its server."""

    channel_id: str
    reply: Reply
    games: list[ThreadGame] = field(default_factory=list)
    event: ScheduledEvent | None = None


class Refused(Exception):
    """Raised inside a command to answer privately and change nothing."""


RACE_MESSAGE = ("Someone else changed this game at the same moment; nothing was applied. "
                "Look at `/board` and try again.")  # English; refusals say bot/catalogue's "race"


def refusal(text: str) -> Reply:
    """A private answer to a command that changed nothing."""
    return Reply(text=text, private=True, ok=False)
