"""Replaying the log: the position after some entries, and what a logged turn did
(for the board picture: its events as the log keeps them since storage migration
4, or replayed for a row logged before)."""

from __future__ import annotations

from functools import lru_cache

from games import GameError, Played, Position, get_game
from games.events import Event, events_from_json
from games.messages import Message
from storage import Session, TurnEntry, TurnKind

#: A logged turn's events read from their JSON once, not once for its line in words
#: and again for its picture (events are frozen, so one reading serves both); a
#: few hundred: the turns of the channels being answered at one moment.
parsed_events = lru_cache(maxsize=256)(events_from_json)


def stored_events(entry: TurnEntry | None) -> tuple[Event, ...] | None:
    """The events the log kept with ``entry``: ``()`` when there is no entry, None
    when the row has none to give (logged before the log kept them, or unreadable)."""
    if entry is None:
        return ()
    if entry.events is None:
        return None
    try:
        return parsed_events(entry.events)
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
        _, played = replay_through(session, [t for t in turns if t.seq <= entry.seq])
    except GameError:
        return ()
    return played.events if played is not None else ()


def replay_position(session: Session, turns: list[TurnEntry]) -> Position:
    """The position after ``turns`` (an effective log), replayed from the start."""
    return replay_through(session, turns)[0]


def replay_through(session: Session, turns: list[TurnEntry]
                   ) -> tuple[Position, Played | None]:
    """The position after ``turns`` (an effective log), replayed from the start, and
    how the last of them was played (None when there are none)."""
    game = get_game(session.game)
    assert session.initial_position is not None
    start = game.from_listing(session.initial_position, session.options)
    return replay_from(start, turns)


def replay_from(position: Position, turns: list[TurnEntry]
                ) -> tuple[Position, Played | None]:
    """The position after playing ``turns`` from ``position``, and how the last was
    played.  Remembers the position before each turn, which an addition made after
    the turn (a late taunt) is played from."""
    played: Played | None = None
    before_turn: tuple[Position, TurnEntry] | None = None
    for entry in turns:
        played = replay_entry(position, entry, before_turn)
        if entry.kind == TurnKind.TURN:
            before_turn = (position, entry)
        position = played.position
    return position, played


def replay_entry(position: Position, entry: TurnEntry,
                 before_turn: tuple[Position, TurnEntry] | None = None) -> Played:
    """Play one logged entry again (a turn with its dice, or an answer).  An 'amend'
    entry while nothing waits for an answer is an addition to the turn before it
    (a taunt chosen after the turn's reply, bot/service/late_taunt.py): it is played
    from ``before_turn`` (the position before that turn, and the turn)."""
    if entry.kind == TurnKind.TURN:
        return position.play(entry.moves, entry.dice)
    if entry.kind == TurnKind.AMEND and not position.action_due():
        if before_turn is None:
            raise GameError(Message.of("gerr_log_orphan", record=entry.record))
        return play_addition(*before_turn, entry.moves)
    try:
        return position.play_action(entry.moves, entry.side)
    except GameError:
        return position.play_action(entry.record)


def play_addition(before: Position, turn: TurnEntry, addition: str) -> Played:
    """``addition`` (one of ``Position.turn_additions``, e.g. ``T@B``) made to the
    logged ``turn`` after it was played from ``before``: the engine plays the turn
    again with the addition written at its end, so it alone decides whether the
    addition is legal there.  The result's record is the addition alone: folded
    into the turn's line (``Game.join_action``) it reads exactly as the typed turn
    would; its events are what the addition adds to the turn's."""
    plain = before.play(turn.moves, turn.dice)
    full = before.play(f"{turn.moves} {addition}", turn.dice)
    if full.record != f"{plain.record} {addition}":  # the fold must read as typed
        raise GameError(Message.of("gerr_log_ending", addition=addition, record=plain.record,
                                   full=full.record))
    same = 0
    while same < min(len(plain.events), len(full.events)) and \
            plain.events[same] == full.events[same]:
        same += 1
    return Played(full.position, addition, addition, True, full.events[same:])
