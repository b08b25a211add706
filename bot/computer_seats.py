"""Who the computer is: the user that stands for it in commands, and its seats.

In commands the computer is one user, ``COMPUTER`` (the console's ``@boardbot``;
the Discord adapter turns the bot's own user into it).  Seated, each computer
gets a seat of its own whose user id names its level and seat number
(``computer:hard:1``) and whose name is what the record shows
(``boardbot (hard)``; ``boardbot 2 (hard)`` where several sit): several
computers can sit in one game, each seat still has a distinct user id
(``Session.seat_of`` stays exact), and the level needs no column of its own.
Nothing here imports discord.
"""

from __future__ import annotations

from bot.replies import User
from computer import Level

#: The id of the user that stands for the computer in a command (a person's id is
#: a Discord snowflake or a console name other than this).
COMPUTER_ID = "boardbot"
COMPUTER_NAME = "boardbot"
COMPUTER = User(id=COMPUTER_ID, name=COMPUTER_NAME)
#: Seat user ids of computers start with this (never a Discord id: those are digits).
SEAT_PREFIX = "computer:"


def is_computer(user: User) -> bool:
    """Whether ``user`` names the computer (as an opponent in ``/new``)."""
    return user.id == COMPUTER_ID


def seat_user_id(level: Level, seat: int) -> str:
    """The user id of a computer's seat: ``computer:<level>:<seat>``."""
    return f"{SEAT_PREFIX}{level.value}:{seat}"


def seat_name(level: Level, number: int | None = None) -> str:
    """How the record and the replies name a computer: ``boardbot (hard)``; with
    ``number``, one of several at the table: ``boardbot 2 (hard)`` (three of the
    same name made "bumped boardbot (easy)'s piece" say nothing)."""
    numbered = f" {number}" if number is not None else ""
    return f"{COMPUTER_NAME}{numbered} ({level.value})"


def seat_level(user_id: str) -> Level | None:
    """The level of a computer's seat, or None for a person's."""
    if not user_id.startswith(SEAT_PREFIX):
        return None
    word = user_id[len(SEAT_PREFIX):].split(":", 1)[0]
    try:
        return Level.parse(word)
    except ValueError:
        return None


def is_computer_seat(user_id: str) -> bool:
    return seat_level(user_id) is not None
