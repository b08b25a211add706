"""CheeseGambit records: the shared record shape plus vote lines.

A CheeseGambit record may hold lines ``vote G yes`` / ``vote G no`` between
turn lines (design page "Clarifications"); the shared ``games.record`` reader
refuses them, so ``parse_record`` here lifts them out first and ``replay``
plays a whole record, turns and votes in file order.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from games.base import Played
from games.cheesegambit.position import CheeseGambitPosition
from games.record import Record, RecordFormatError, TurnLine
from games.record import parse_record as parse_shared

_VOTE = re.compile(r"^vote\s+([RGBY])\s+(yes|no)\s*$", re.IGNORECASE)


@dataclass(frozen=True)
class VoteLine:
    """``vote G yes`` on its own line."""

    side: str
    yes: bool
    line_number: int

    @property
    def text(self) -> str:
        """The canonical line."""
        return f"vote {self.side} {'yes' if self.yes else 'no'}"


def parse_record(text: str) -> tuple[Record, list[TurnLine | VoteLine]]:
    """The record (tags and turn lines) and every entry, votes included, in file order."""
    votes: dict[int, VoteLine] = {}
    kept = []
    for number, raw in enumerate(text.splitlines(), start=1):
        m = _VOTE.match(raw.strip())
        if m:
            votes[number] = VoteLine(m.group(1).upper(), m.group(2).lower() == "yes", number)
            kept.append("")
        else:
            kept.append(raw)
    record = parse_shared("\n".join(kept))
    if votes and not record.turns:
        raise RecordFormatError("a vote line before any turn")
    entries: list[TurnLine | VoteLine] = [*record.turns, *votes.values()]
    entries.sort(key=lambda e: e.line_number)
    return record, entries


def replay(position: CheeseGambitPosition,
           entries: list[TurnLine | VoteLine]) -> Iterator[tuple[str, Played]]:
    """Play entries in order, yielding (canonical line, Played); a GameError
    propagates from the first entry that cannot be played (turn number and side
    checks are the caller's)."""
    for entry in entries:
        if isinstance(entry, VoteLine):
            played = position.vote(entry.side, entry.yes)
            yield played.record, played
        else:
            played = position.play(entry.text, entry.dice)
            yield f"{entry.number}{entry.side}: {played.record}", played
        position = played.position  # type: ignore[assignment]
