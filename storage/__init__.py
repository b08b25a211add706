"""SQLite storage of sessions, seats and the turn log (no discord here)."""

from storage.models import Seat, Session, SessionStatus, TurnEntry, TurnKind
from storage.opening import DatabaseUnavailable
from storage.store import ChannelBusy, NewTurn, StaleVersion, StorageError, Store

__all__ = [
    "ChannelBusy", "DatabaseUnavailable", "NewTurn", "Seat", "Session", "StaleVersion",
    "SessionStatus", "StorageError", "Store", "TurnEntry", "TurnKind",
]
