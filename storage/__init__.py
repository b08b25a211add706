"""SQLite storage of sessions, seats and the turn log (no discord here)."""

from storage.models import NewTurn, Seat, Session, SessionStatus, TurnEntry, TurnKind
from storage.opening import DatabaseUnavailable
from storage.store import (
    ChannelBusy,
    CommitUnknown,
    DatabaseDown,
    DatabaseFault,
    DatabaseTimeout,
    DiskFull,
    StaleVersion,
    StorageError,
    Store,
    commits_counted,
)

__all__ = [
    "ChannelBusy", "CommitUnknown", "DatabaseDown", "DatabaseFault", "DatabaseTimeout",
    "DatabaseUnavailable", "DiskFull", "NewTurn", "Seat", "Session", "StaleVersion",
    "SessionStatus", "StorageError", "Store", "TurnEntry", "TurnKind", "commits_counted",
]
