"""Where everything on the CheeseGambit board goes, in pixels, without drawing.

The board is a 19 x 19 grid of cells.  Every square's cell is laid out alike
so that nothing a player reads is ever covered:

- the square's number (``12``, ``S3``) in the top-left corner, in letters at
  least :data:`~renderer.phone.MIN_GLYPH` pixels high when the picture is
  shown 400 pixels wide (a phone);
- a *slot* in the top-right corner for one badge (a pool entry ``P``, a bump
  ``X``, a move's order number);
- the piece low and left of the middle, its count inside it;
- a *lane* down the right-hand side and along the piece's middle, where the
  last turn's arrows run: a line along a row passes under the pieces (drawn
  over it), a line along a column beside them, and every arrow head stops
  beside the piece it points at, never on it.

Re-entry labels (``R1``..``R6``) stand outside the track, in the free cell
next to their square.

The cross has 19 cells across, so its numbers stay 6.2 px high on a phone
whatever the width.  Phone pictures (:func:`compact_geometry`) unroll the
track into four bands of eight cells, one per arm (:data:`BAND`), with the
cells as small as lets every number meet the one rule of
:mod:`renderer.phone`; the same cell anatomy, so the same checks hold.

The renderer draws what :func:`plan` returns, and the layout tests check the
same boxes: labels against pieces, badges and heads.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from games.cheesegambit.board import ARM_SQUARES, COLOURS, TRACK, reentry_square
from renderer.fonts import font
from renderer.phone import COMPACT_BELOW, glyph_height, meets_rule

Box = tuple[float, float, float, float]
Point = tuple[float, float]
Cell = tuple[int, int]

GRID = 19
# Cell fractions (of the cell's side).
LABEL = 0.41          #: font size of numbers, S/R labels and counts
PAD = 0.07            #: number inset from the cell's top-left corner
PIECE_X, PIECE_Y, PIECE_R = 0.42, 0.69, 0.28
LANE_X = 0.86         #: the arrows' column lane (and every arrow's waypoint)
#: The badge slot: wide enough for a letter as tall as the square's number
#: (the P and X a player reads there), clear of a two-digit number.
SLOT_X, SLOT_Y, SLOT_R = 0.87, 0.2, 0.2
ORDER_R = 0.15        #: radius of a move's order badge on the lane
HEAD = 0.24           #: arrow head length
HEAD_GAP = 0.04       #: between a head's tip and the piece it points at

_SQUARE_CELLS: dict[int, Cell] = {}
for _s in range(2, 10):
    _SQUARE_CELLS[_s] = (10, 20 - _s)
_SQUARE_CELLS[10] = (11, 11)
for _s in range(11, 19):
    _SQUARE_CELLS[_s] = (_s, 10)
_SQUARE_CELLS[19] = (18, 9)
for _s in range(20, 28):
    _SQUARE_CELLS[_s] = (38 - _s, 8)
_SQUARE_CELLS[28] = (11, 7)
for _s in range(29, 37):
    _SQUARE_CELLS[_s] = (10, 36 - _s)
_SQUARE_CELLS[37] = (9, 0)
for _s in range(38, 46):
    _SQUARE_CELLS[_s] = (8, _s - 38)
_SQUARE_CELLS[46] = (7, 7)
for _s in range(47, 55):
    _SQUARE_CELLS[_s] = (54 - _s, 8)
_SQUARE_CELLS[55] = (0, 9)
for _s in range(56, 64):
    _SQUARE_CELLS[_s] = (_s - 56, 10)
_SQUARE_CELLS[64] = (7, 11)
for _s in range(65, 73):
    _SQUARE_CELLS[_s] = (8, _s - 54)
_SQUARE_CELLS[1] = (9, 18)

#: The blank cell between each safe zone's S1 and home.
GATE = {"R": (11, 9), "B": (7, 9), "G": (9, 7), "Y": (9, 11)}
#: Panel quadrant (top row, left column) of each colour, 7 x 7 cells.
PANEL = {"G": (0, 0), "B": (0, 12), "R": (12, 0), "Y": (12, 12)}


def square_cell(square: int) -> Cell:
    """(row, column) of a track square in the 19 x 19 grid."""
    return _SQUARE_CELLS[square]


def safe_cell(colour: str, k: int) -> Cell:
    """(row, column) of ``colour``'s safe-zone square S``k``."""
    return {"R": (11 + k, 9), "B": (7 - k, 9), "G": (9, 7 - k), "Y": (9, 11 + k)}[colour]


def stripe_side(square: int) -> str:
    """The side of a track square facing away from the board's middle
    (``left``, ``right``, ``top``, ``bottom``): where a re-entry stripe goes and
    where its ``R`` label stands, in the free cell beyond."""
    row, col = square_cell(square)
    if col == 8:
        return "left"
    if col == 10:
        return "right"
    return "top" if row == 8 else "bottom"


def reentry_label_cell(square: int) -> Cell:
    """The free cell beside a re-entry square, where its ``R`` label stands."""
    row, col = square_cell(square)
    dr, dc = {"left": (0, -1), "right": (0, 1), "top": (-1, 0), "bottom": (1, 0)}[
        stripe_side(square)]
    return row + dr, col + dc


@dataclass(frozen=True)
class Geometry:
    """Pixel measures for one image width."""

    width: int
    cell: int
    left: int
    top: int
    height: int
    #: The phone layout (see :func:`compact_geometry`): the track in four bands.
    compact: bool = False

    def square_cell(self, square: int) -> Cell:
        """(row, column) of a track square in this layout's grid."""
        return _COMPACT_SQUARES[square] if self.compact else _SQUARE_CELLS[square]

    def safe_cell(self, colour: str, k: int) -> Cell:
        """(row, column) of ``colour``'s safe-zone square S``k``."""
        if self.compact:
            return 4 * BAND[colour] + 2, k
        return safe_cell(colour, k)

    def gate(self, colour: str) -> Cell:
        """The cell between ``colour``'s S1 and home (where borne-off pieces go)."""
        return (4 * BAND[colour] + 2, 0) if self.compact else GATE[colour]

    def stripe_side(self, square: int) -> str:
        """Where a re-entry square's stripe and ``R`` label go (compact: every
        re-entry square is on a band's top row, its label in the row above)."""
        return "top" if self.compact else stripe_side(square)

    def reentry_label_cell(self, square: int) -> Cell:
        if self.compact:
            row, col = self.square_cell(square)
            return row - 1, col
        return reentry_label_cell(square)

    def waypoints(self, cells: list[Cell]) -> list[Point]:
        """The lane points an arrow along ``cells`` passes; in the compact
        layout the step from the bottom band back to the top one (27 to 28)
        runs up the rail on the left."""
        out: list[Point] = []
        for i, cell in enumerate(cells):
            if i and self.compact and abs(cell[0] - cells[i - 1][0]) > 1:
                prev = out[-1]
                x = self.left - self.rail / 2
                here = self.lane(cell)
                out += [(x, prev[1]), (x, here[1])]
            out.append(self.lane(cell))
        return out

    @property
    def rail(self) -> float:
        """Width of the compact layout's rail (left of the track)."""
        return self.cell * RAIL

    @property
    def track_right(self) -> int:
        """The right edge of the compact track (panels stand beyond it)."""
        return self.left + COMPACT_COLS * self.cell

    def box(self, row: int, col: int) -> tuple[int, int, int, int]:
        """The pixel box of a cell."""
        x = self.left + col * self.cell
        y = self.top + row * self.cell
        return x, y, x + self.cell, y + self.cell

    def centre(self, row: int, col: int) -> tuple[int, int]:
        """The pixel centre of a cell."""
        x0, y0, x1, y1 = self.box(row, col)
        return (x0 + x1) // 2, (y0 + y1) // 2

    def at(self, cell: Cell, fx: float, fy: float) -> Point:
        """The point at fractions ``fx``, ``fy`` of a cell."""
        x0, y0, _, _ = self.box(*cell)
        return x0 + fx * self.cell, y0 + fy * self.cell

    @property
    def piece_radius(self) -> int:
        """Half the size of a piece."""
        return round(self.cell * PIECE_R)

    def piece_centre(self, row: int, col: int) -> tuple[int, int]:
        """Where a piece's centre stands in a cell: low and left, leaving the
        number above it and the lane to its right."""
        x, y = self.at((row, col), PIECE_X, PIECE_Y)
        return round(x), round(y)

    def piece_box(self, cell: Cell) -> Box:
        x, y = self.piece_centre(*cell)
        r = self.piece_radius
        return x - r - 2, y - r - 2, x + r + 2, y + r + 2

    def lane(self, cell: Cell) -> Point:
        """An arrow's waypoint in a cell."""
        return self.at(cell, LANE_X, PIECE_Y)

    def slot(self, cell: Cell) -> tuple[Point, float]:
        """The top-right badge slot: centre and radius."""
        return self.at(cell, SLOT_X, SLOT_Y), self.cell * SLOT_R

    @property
    def label_px(self) -> int:
        """Font size of square numbers, S and R labels and counts."""
        return label_size(self.cell)


def label_size(cell: int) -> int:
    return round(cell * LABEL)


@lru_cache(maxsize=32)
def geometry(width: int) -> Geometry:
    """Cell size and margins for an image ``width`` pixels wide: the cross,
    or under :data:`~renderer.phone.COMPACT_BELOW` pixels the phone layout."""
    if width < COMPACT_BELOW:
        return compact_geometry(width)
    width = max(700, min(width, 1600))
    cell = (width - 24) // GRID
    left = (width - cell * GRID) // 2
    top = 12 + int(cell * 1.55)
    return Geometry(width, cell, left, top, top + cell * GRID + int(cell * 0.95))


# --------------------------------------------------------------------------- phone layout

#: The compact layout's bands, top to bottom, in the order of play: each
#: colour's arm is one band of four rows (the row for its corner square and
#: the R labels above it, the squares going out, the safe zone S1..S6 from
#: the gate to the exit, the squares coming back), with its panel on the
#: right.  Red's arm is at the bottom (the first seat, as on the cross).
BAND = {"G": 0, "B": 1, "Y": 2, "R": 3}
COMPACT_COLS = 8
COMPACT_ROWS = 16
#: The compact header's height in cells: the headline and two more lines
#: (a taunt's headline and its terms wrap rather than lose words).
HEADER_ROWS = 2.2
#: The rail on the left (fraction of a cell): the track's way from the
#: bottom band (27) back to the top (28).
RAIL = 0.5

_COMPACT_SQUARES: dict[int, Cell] = {}
for _col, _band in BAND.items():
    _arm = ARM_SQUARES[_col]
    _COMPACT_SQUARES[_arm[0]] = (4 * _band, 0)
    for _i in range(1, 9):
        _COMPACT_SQUARES[_arm[_i]] = (4 * _band + 1, _i - 1)
    _COMPACT_SQUARES[_arm[9]] = (4 * _band + 2, 7)
    for _i in range(10, 18):
        _COMPACT_SQUARES[_arm[_i]] = (4 * _band + 3, 17 - _i)


def compact_geometry(width: int) -> Geometry:
    """The phone layout for a ``width``-pixel picture (at least 480): cells as
    small as lets the square numbers meet the one rule (renderer/phone.py)
    when the picture is shown 400 px wide; eight cells of track and the
    panels beside the bands."""
    width = max(480, width)
    cell = 20
    while not meets_rule(label_size(cell), width):
        cell += 1
    margin = 8
    left = margin + round(cell * RAIL)
    top = 12 + int(cell * HEADER_ROWS)
    return Geometry(width, cell, left, top, top + cell * COMPACT_ROWS + int(cell * 0.95), True)


# --------------------------------------------------------------------------- labels


@dataclass(frozen=True)
class Label:
    """Text a player reads: what it says, where it is drawn (``xy`` with
    Pillow's ``anchor``) and its ink box."""

    text: str
    xy: Point
    anchor: str
    box: Box
    size: int


def text_label(text: str, xy: Point, anchor: str, size: int) -> Label:
    x0, y0, x1, y1 = font(size, True).getbbox(text, anchor=anchor)
    return Label(text, xy, anchor, (xy[0] + x0, xy[1] + y0, xy[0] + x1, xy[1] + y1), size)


def number_label(g: Geometry, cell: Cell, text: str) -> Label:
    """A square's number (or ``S3``) in its top-left corner."""
    x0, y0, _, _ = g.box(*cell)
    pad = max(3, round(g.cell * PAD))
    return text_label(text, (x0 + pad, y0 + pad + glyph_height(g.label_px)), "ls", g.label_px)


@lru_cache(maxsize=16)
def board_labels(width: int, sides: tuple[str, ...]) -> tuple[Label, ...]:
    """Every square number, safe-zone label and re-entry label on the board."""
    g = geometry(width)
    out = [number_label(g, g.square_cell(sq), str(sq)) for sq in range(1, TRACK + 1)]
    out += [number_label(g, g.safe_cell(col, k), f"S{k}") for col in COLOURS
            for k in range(1, 7)]
    for col in sides:
        for k in range(1, 7):
            out.append(reentry_label(g, reentry_square(col, k), k))
    return tuple(out)


def reentry_label(g: Geometry, square: int, k: int) -> Label:
    """``R<k>`` in the free cell beside re-entry square ``square``, against it."""
    cell = g.reentry_label_cell(square)
    x0, y0, x1, y1 = g.box(*cell)
    side = g.stripe_side(square)
    pad = max(3, round(g.cell * PAD))
    xy, anchor = {"left": ((x1 - pad, (y0 + y1) / 2), "rm"),
                  "right": ((x0 + pad, (y0 + y1) / 2), "lm"),
                  "top": (((x0 + x1) / 2, y1 - pad), "ms"),
                  "bottom": (((x0 + x1) / 2, y0 + pad), "mt")}[side]
    return text_label(f"R{k}", xy, anchor, g.label_px)


# --------------------------------------------------------------------------- last turn


@dataclass(frozen=True)
class Arrow:
    """A moved piece's path: the line's points (lane waypoints, ending at the
    head's base), the head's triangle and its box."""

    points: tuple[Point, ...]
    head: tuple[Point, Point, Point]

    @property
    def head_box(self) -> Box:
        xs = [p[0] for p in self.head]
        ys = [p[1] for p in self.head]
        return min(xs), min(ys), max(xs), max(ys)


@dataclass(frozen=True)
class Badge:
    """A small disc with a letter or number: a pool entry, a bump, a move's order."""

    centre: Point
    radius: float
    text: str
    kind: str  # "entry", "bump", "order"

    @property
    def box(self) -> Box:
        (x, y), r = self.centre, self.radius
        return x - r, y - r, x + r, y + r


def arrow(g: Geometry, cells: list[Cell]) -> Arrow:
    """The arrow along ``cells`` (adjacent cells, start first): waypoints on
    the lane, and a head beside the last cell's piece, pointing the way the
    piece went."""
    c = g.cell
    lanes = g.waypoints(cells)
    (x0, y0), (x1, y1) = lanes[-2], lanes[-1]
    dr, dc = y1 - y0, x1 - x0
    last = cells[-1]
    if dc and not dr:  # along a row: stop short of the piece's side
        px, py = g.piece_centre(*last)
        edge = g.piece_radius + 2 + HEAD_GAP * c
        tip = (px - edge if dc > 0 else px + edge, g.lane(last)[1])
        direction = (1.0 if dc > 0 else -1.0, 0.0)
    else:  # along a column: the head ends on the lane, level with the piece
        tip = g.lane(last)
        direction = (0.0, 1.0 if dr > 0 else -1.0)
    size = HEAD * c
    base = (tip[0] - direction[0] * size, tip[1] - direction[1] * size)
    half = size * 0.6
    side = (-direction[1] * half, direction[0] * half)
    head = (tip, (base[0] + side[0], base[1] + side[1]), (base[0] - side[0], base[1] - side[1]))
    points = lanes[:-1]
    if direction[1] == 0:
        points.append((base[0], points[-1][1]))
    else:
        points.append(base)
    return Arrow(tuple(points), head)


def order_badge_centre(g: Geometry, cells: list[Cell]) -> Point:
    """Where an arrow's order number goes: on the lane between two middle
    cells of a long path, clear of both pieces; on a one-step path, in the
    start cell's slot when the head reaches back into the start cell (a step
    to the right), else just right of the start cell's lane."""
    shift = 0.06 * g.cell
    steps = len(cells) - 1
    if steps >= 2:
        k = (steps - 1) // 2
        a, b = g.lane(cells[k]), g.lane(cells[k + 1])
        if cells[k][0] == cells[k + 1][0]:  # along a row: in the gap between the pieces
            return min(a[0], b[0]) + shift, a[1]
        return a  # along a column: on the lane, between the piece and the next column
    (ra, ca), (rb, cb) = cells[0], cells[-1]
    if cb > ca and ra == rb:
        return g.slot(cells[0])[0]
    x, y = g.lane(cells[0])
    return (x + shift, y) if ra == rb else (x, y)


@dataclass
class Marks:
    """Everything the last turn adds, in pixels."""

    arrows: list[Arrow] = field(default_factory=list)
    badges: list[Badge] = field(default_factory=list)
