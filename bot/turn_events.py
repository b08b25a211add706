"""What a logged turn did, for the board picture: its events as the log keeps
them (since storage migration 4), or replayed for a row logged before."""

from __future__ import annotations

from bot.correspondence import replay_position
from games import GameError
from games.events import Event, events_from_json
from storage import Session, TurnEntry


def stored_events(entry: TurnEntry | None) -> tuple[Event, ...] | None:
    """The events the log kept with ``entry``: ``()`` when there is no entry, None
    when the row has none to give (logged before the log kept them, or unreadable)."""
    if entry is None:
        return ()
    if entry.events is None:
        return None
    try:
        return events_from_json(entry.events)
    except ValueError:
        return None


def replayed_events(session: Session, turns: list[TurnEntry], entry: TurnEntry
                    ) -> tuple[Event, ...]:
    """``entry``'s events found again by playing it from the position before it
    (``turns``: the effective log it is part of); ``()`` if it does not replay,
    as the picture then simply marks no last turn."""
    if session.initial_position is None:  # nothing to replay from
        return ()
    try:
        before = replay_position(session, [t for t in turns if t.seq < entry.seq])
        return before.play(entry.moves, entry.dice).events
    except GameError:
        return ()
