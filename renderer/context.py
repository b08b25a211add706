"""What a board image shows besides the position itself."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from games.base import Result
from games.events import Event


@dataclass(frozen=True)
class Ending(Result):
    """How a finished game ended: the winner and points as a position's own
    ``Result`` gives them (``winner`` None and ``text`` empty for an abort), and
    ``reason``, why, in words of the picture's language with players' names
    (``bob resigned``, ``bore off all 15``).  A game that ended off the board (a
    resignation, a timeout, a claim, an abort) has a position that still shows
    a side to move: the picture shows the ending instead."""

    reason: str = ""


@dataclass(frozen=True)
class RenderContext:
    """Everything around the position that the picture shows.

    ``names`` maps side letters to players' display names.  ``dice`` are the
    dice just rolled for the side to move (or, once the game is over, the
    last turn's).  ``last_side`` is the side that played the previous turn,
    ``last_events`` what that turn did (``Played.events``, games/events.py),
    from which each renderer draws it in one function,
    ``last_turn_marks(context)``; ``last_moves`` is its canonical move text,
    only ever shown as words, never read for what it did.  ``viewer``
    is the side whose numbering the picture uses (default: the side to move).
    ``theme`` is ``light`` or ``dark``.  ``language`` is the language of the
    words drawn and of the description (``en``, ``ru``: renderer/words.py):
    the channel's for a public picture, the user's for a private one.
    ``ending``: the game ended off the board (renderer/base.py ``shown``): the
    picture and its description show it over, with who won and why.
    """

    names: Mapping[str, str] = field(default_factory=dict)
    dice: tuple[int, ...] = ()
    last_side: str | None = None
    last_moves: str = ""
    last_events: tuple[Event, ...] = ()
    viewer: str | None = None
    width: int = 1100
    theme: str = "light"
    footer: str = ""
    language: str = "en"
    ending: Ending | None = None
