"""SQLite storage of sessions, seats and the turn log (no discord here)."""

from storage.models import Seat, Session, TurnEntry
from storage.store import ChannelBusy, NewTurn, StaleVersion, StorageError, Store

__all__ = [
    "ChannelBusy", "NewTurn", "Seat", "Session", "StaleVersion", "StorageError", "Store",
    "TurnEntry",
]
