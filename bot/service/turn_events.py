"""Replaying the log: the position after some entries, and what a logged turn did
(for the board picture: its events as the log keeps them since storage migration
4, or replayed for a row logged before)."""

from __future__ import annotations

from games import GameError, Played, Position, get_game
from games.events import Event, events_from_json
from storage import Session, TurnEntry, TurnKind


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
        return replay_entry(before, entry).events
    except GameError:
        return ()


def replay_position(session: Session, turns: list[TurnEntry]) -> Position:
    """The position after ``turns`` (an effective log), replayed from the start."""
    game = get_game(session.game)
    assert session.initial_position is not None
    position = game.from_listing(session.initial_position, session.options)
    for entry in turns:
        position = replay_entry(position, entry).position
    return position


def replay_entry(position: Position, entry: TurnEntry) -> Played:
    """Play one logged entry again (a turn with its dice, or an answer)."""
    if entry.kind == TurnKind.TURN:
        return position.play(entry.moves, entry.dice)
    try:
        return position.play_action(entry.moves, entry.side)
    except GameError:
        return position.play_action(entry.record)
