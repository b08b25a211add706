"""Che move text: placements ``x,y`` + dominant colour (+ orientation mark).

The comma belongs to the cell here, so Che reads its own text rather than
using the shared tokenizer; between placements spaces, commas and semicolons
all separate (``1,0B 0,1W``, ``1,0B, 0,1W``, ``1,0b;0,1w``).  The first
tile names its orientation: ``0,0W/`` or ``0,0W\\``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from games.che.geometry import Cell, format_cell
from games.errors import NotationError
from games.messages import Message
from games.notation import MAX_TEXT, check_length

#: Coordinates further out than this cannot be legal in any game (at most 200 tiles).
MAX_COORD = 9999

_SEPARATORS = " \t\r\n,;"
# Coordinates are ASCII digits: \d would also take Arabic-Indic ones.
_PLACEMENT = re.compile(
    r"([-\u2212]?)([0-9]+)\s*,\s*([-\u2212]?)([0-9]+)\s*([WwBb])?([/\\]?)"
)


@dataclass(frozen=True)
class Placement:
    """One placement as written: cell, dominant colour, optional orientation mark."""

    cell: Cell
    colour: str
    orientation: str | None
    column: int

    def text(self) -> str:
        """The placement as typed, normalised (``1,0B`` or ``0,0W/``)."""
        return f"{format_cell(self.cell)}{self.colour}{self.orientation or ''}"


def _number(sign: str, digits: str, source: str, column: int) -> int:
    if len(digits) > 4 or int(digits) > MAX_COORD:
        raise NotationError(Message.of("gerr_che_coordinate", value=sign + digits),
                            source, column)
    value = int(digits)
    return -value if sign else value


def parse_placements(text: str, limit: int = MAX_TEXT) -> list[Placement]:
    """Read every placement of a turn text; NotationError points at the first bad character.

    ``limit`` bounds the work on anything a player types; a position listing, which
    holds every tile on the board, passes a larger one."""
    check_length(text, limit)
    placements: list[Placement] = []
    i = 0
    n = len(text)
    while i < n:
        if text[i] in _SEPARATORS:
            i += 1
            continue
        m = _PLACEMENT.match(text, i)
        if not m:
            raise NotationError(
                Message.of("gerr_che_want"), text, i + 1
            )
        if m.group(5) is None:
            raise NotationError(
                Message.of("gerr_che_colour"), text, m.end() + 1
            )
        x = _number(m.group(1), m.group(2), text, i + 1)
        y = _number(m.group(3), m.group(4), text, m.start(3) + 1)
        end = m.end()
        if end < n and text[end] not in _SEPARATORS:
            raise NotationError(
                Message.of("gerr_che_after"),
                text,
                end + 1,
            )
        placements.append(
            Placement((x, y), m.group(5).upper(), m.group(6) or None, i + 1)
        )
        i = end
    return placements
