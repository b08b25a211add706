"""Che geometry: cells, grid points, the colour pattern and tiles.

A tile in cell ``(x, y)`` has corners ``(x, y)``, ``(x+1, y)``, ``(x, y+1)``
and ``(x+1, y+1)``.  Every grid point has one colour, alternating like a
checkerboard; the first tile fixes which parity is White.  ``pattern`` is
that parity: grid point ``(px, py)`` is White when ``(px + py) % 2 == pattern``.

A tile dominant in colour ``c`` joins its two ``c``-coloured corners with its
band.  When the band runs from the lower-left to the upper-right corner the
orientation is ``/``, otherwise ``\\``.
"""

from __future__ import annotations

from dataclasses import dataclass

WHITE = "W"
BLUE = "B"
COLOURS = (WHITE, BLUE)
COLOUR_NAMES = {WHITE: "White", BLUE: "Blue"}
SLASH = "/"
BACKSLASH = "\\"
ORIENTATIONS = (SLASH, BACKSLASH)

Cell = tuple[int, int]
Point = tuple[int, int]

#: The four edge-sharing neighbours of a cell, as offsets.
EDGE_OFFSETS: tuple[Cell, ...] = ((1, 0), (-1, 0), (0, 1), (0, -1))


def other(colour: str) -> str:
    """The other colour (or side): W <-> B."""
    return BLUE if colour == WHITE else WHITE


def pattern_for(colour: str, orientation: str) -> int:
    """The pattern fixed by a first tile at 0,0 of ``colour`` and ``orientation``.

    ``0,0W/`` puts White on (0,0) and (1,1): White points have even parity.
    """
    lower_left_is_dominant = orientation == SLASH
    lower_left_white = lower_left_is_dominant == (colour == WHITE)
    return 0 if lower_left_white else 1


def point_colour(pattern: int, point: Point) -> str:
    """The colour of grid point ``point`` under ``pattern``."""
    return WHITE if (point[0] + point[1]) & 1 == pattern else BLUE


def orientation_of(pattern: int, cell: Cell, colour: str) -> str:
    """The orientation forced on a ``colour``-dominant tile in ``cell``."""
    return SLASH if point_colour(pattern, cell) == colour else BACKSLASH


def corners(cell: Cell) -> tuple[Point, Point, Point, Point]:
    """The four corner points of ``cell``: lower-left, lower-right, upper-left, upper-right."""
    x, y = cell
    return (x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1)


def coloured_corners(pattern: int, cell: Cell, colour: str) -> tuple[Point, Point]:
    """The two corners of ``cell`` that have ``colour`` (they are diagonally opposite)."""
    x, y = cell
    if point_colour(pattern, cell) == colour:
        return (x, y), (x + 1, y + 1)
    return (x + 1, y), (x, y + 1)


def cells_round(point: Point) -> tuple[Cell, Cell, Cell, Cell]:
    """The four cells that share grid point ``point``."""
    px, py = point
    return (px - 1, py - 1), (px, py - 1), (px - 1, py), (px, py)


def neighbours(cell: Cell) -> list[Cell]:
    """The four cells sharing an edge with ``cell``."""
    x, y = cell
    return [(x + dx, y + dy) for dx, dy in EDGE_OFFSETS]


def format_cell(cell: Cell) -> str:
    """``x,y`` as the notation writes a cell."""
    return f"{cell[0]},{cell[1]}"


@dataclass(frozen=True, order=True)
class Tile:
    """A placed tile: its cell, dominant colour and (forced) orientation."""

    cell: Cell
    colour: str
    orientation: str

    @property
    def x(self) -> int:
        """The cell's column."""
        return self.cell[0]

    @property
    def y(self) -> int:
        """The cell's row (growing upward)."""
        return self.cell[1]

    def text(self, with_orientation: bool = False) -> str:
        """Canonical placement text: ``1,0B`` (``0,0W/`` with the orientation)."""
        mark = self.orientation if with_orientation else ""
        return f"{format_cell(self.cell)}{self.colour}{mark}"
