"""Plain rows as the store hands them out (no aiosqlite types leak upwards)."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from games.base import TurnKind
from games.outcome import Outcome, outcome_from_text

__all__ = ["LIVE_STATUSES", "Seat", "Session", "SessionStatus", "TurnEntry", "TurnKind"]


class SessionStatus(StrEnum):
    """A session's ``status`` column (stored as these very strings)."""

    CHALLENGE = "challenge"  # offered or a lobby with open seats: not started
    ACTIVE = "active"
    FINISHED = "finished"
    DECLINED = "declined"
    EXPIRED = "expired"  # nobody answered the challenge in time
    ABORTED = "aborted"


LIVE_STATUSES = (SessionStatus.CHALLENGE, SessionStatus.ACTIVE)


@dataclass(frozen=True)
class Seat:
    seat: int
    side: str
    user_id: str
    name: str
    accepted: bool


@dataclass(frozen=True)
class Session:
    id: int
    guild_id: str | None
    channel_id: str
    game: str
    status: str
    options: dict[str, str]
    initial_position: str | None
    position: str | None
    next_turn: int
    dice: tuple[int, ...]
    #: Secret until the game ends: kept out of repr, so out of logs and tracebacks.
    seed: str = field(repr=False)
    seed_hash: str
    opening: list[tuple[int, ...]]
    result: str | None
    version: int
    created_by: str
    created_at: float
    updated_at: float
    expires_at: float | None
    seats: tuple[Seat, ...] = field(default=())
    #: The ``outcome`` column: how the game ended, as data (None before migration 12
    #: and while the game runs; ``outcome`` reads the former's text instead).
    stored_outcome: Outcome | None = None

    @property
    def outcome(self) -> Outcome | None:
        """How the game ended (None while it runs).  A row finished before outcomes
        were stored has only its ``result`` text: its outcome is read from that, here
        and nowhere else (``games.outcome.outcome_from_text``)."""
        if self.stored_outcome is not None:
            return self.stored_outcome
        return outcome_from_text(self.result)

    def seat_of(self, user_id: str) -> Seat | None:
        """The seat a user holds, if any."""
        for seat in self.seats:
            if seat.user_id == user_id:
                return seat
        return None

    def seat_for_side(self, side: str) -> Seat | None:
        for seat in self.seats:
            if seat.side == side:
                return seat
        return None

    @property
    def live(self) -> bool:
        return self.status in LIVE_STATUSES


@dataclass(frozen=True)
class NewTurn:
    """A turn to append to the log."""

    number: int
    side: str
    dice: tuple[int, ...]
    record: str
    moves: str
    actor: str
    kind: str = TurnKind.TURN
    #: What the turn did: the JSON of its events (games/events.py ``events_to_json``
    #: writes it, ``events_from_json`` reads it); None for rows logged before the log
    #: kept them.
    events: str | None = None


@dataclass(frozen=True, kw_only=True)
class TurnEntry(NewTurn):
    """A turn as logged: the turn written, its place ``seq`` in the session's log and
    when it was played (both named when one is built)."""

    seq: int
    played_at: float

    @property
    def line(self) -> str:
        """The record file's line for this entry (an 'amend' entry has none)."""
        if self.kind == TurnKind.LINE:
            return self.record
        return f"{self.number}{self.side}: {self.record}"
