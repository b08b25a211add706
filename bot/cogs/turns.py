"""Move autocomplete: which legal turns to offer for what has been typed.

``TurnCache`` remembers each channel's live session between keystrokes, so
typing does no database round trip while nothing changes; the flows forget a
channel whenever they relay a command that may change its session.  The legal
turns themselves come from the service's cache (per session id and version).
"""

from __future__ import annotations

import re
import time
from collections import OrderedDict
from collections.abc import Callable, Sequence
from typing import TypeVar

from games.turns import Turn
from storage import Session

MAX_CHOICES = 25
#: What is matched: turn values (their text is typed) or plain answer texts.
_T = TypeVar("_T", str, Turn)
MAX_LENGTH = 100
_SEPARATORS = re.compile(r"[\s,;]+")


def normalise(text: str) -> str:
    """Lower case, with every run of spaces, commas and semicolons made one space."""
    return _SEPARATORS.sub(" ", text.lower()).strip()


def match_turns(turns: Sequence[_T], typed: str, limit: int = MAX_CHOICES,
                index: Sequence[tuple[str, _T]] | None = None) -> list[_T]:
    """Turns whose text starts with ``typed`` first, then those containing it,
    each group in the engine's order; at most ``limit``, none longer than
    Discord's 100-character choice limit.  ``index`` is ``prepare(turns)``."""
    wanted = normalise(typed)
    pairs = index if index is not None else prepare(turns)
    if not wanted:
        return [turn for _, turn in pairs[:limit]]
    prefix: list[_T] = []
    inside: list[_T] = []
    for norm, turn in pairs:
        if norm.startswith(wanted):
            prefix.append(turn)
            if len(prefix) >= limit:
                break
        elif len(inside) < limit and wanted in norm:
            inside.append(turn)
    return (prefix + inside)[:limit]


def prepare(turns: Sequence[_T]) -> list[tuple[str, _T]]:
    """(normalised text, turn) for every turn short enough to be offered (a legal
    turn value, or an answer's text)."""
    return [(normalise(str(t)), t) for t in turns if 0 < len(str(t)) <= MAX_LENGTH]


class TurnCache:
    """channel id -> its live session (or None), and per-version match indexes."""

    def __init__(self, ttl: float = 300.0, size: int = 4096,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.ttl = ttl
        self.size = size
        self.clock = clock
        self._sessions: OrderedDict[str, tuple[float, Session | None]] = OrderedDict()
        self._indexes: OrderedDict[tuple[int, int], list[tuple[str, Turn]]] = OrderedDict()

    def get(self, channel_id: str) -> tuple[bool, Session | None]:
        """(known, session): ``known`` is False when the store must be asked."""
        entry = self._sessions.get(channel_id)
        if entry is None or self.clock() - entry[0] > self.ttl:
            return False, None
        return True, entry[1]

    def put(self, channel_id: str, session: Session | None) -> None:
        self._sessions[channel_id] = (self.clock(), session)
        self._sessions.move_to_end(channel_id)
        while len(self._sessions) > self.size:
            self._sessions.popitem(last=False)

    def forget(self, channel_id: str) -> None:
        self._sessions.pop(channel_id, None)

    def index(self, session: Session, turns: Callable[[], Sequence[Turn]]
              ) -> list[tuple[str, Turn]]:
        key = (session.id, session.version)
        found = self._indexes.get(key)
        if found is None:
            found = prepare(turns())
            self._indexes[key] = found
            while len(self._indexes) > 256:
                self._indexes.popitem(last=False)
        return found
