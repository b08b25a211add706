"""Chebache board geometry and last-turn parsing: pure functions, no drawing.

The board is drawn from the viewer's side: Black's view is the rules page's
(a1 bottom left, Black's Start), White's view is the same board turned half
a round (a4, White's Start, bottom right... seen from White's chair: d1 top
left).  Turning by 180 degrees keeps every cell's colour.

Board coordinates are grid units from the lower-left corner of the board in
Black's orientation: cell ``b2`` spans x 1..2, y 1..2; Intersection point
``(1, 1)`` (``X(a1 b1 a2 b2)``) is the grid point (1, 1).  Everything a test
needs to find a piece, a die pip or the banner in a picture is here.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from games.chebache.board import location
from renderer.board_common import die_pip_offsets
from renderer.fonts import font
from renderer.phone import COMPACT_BELOW as PHONE_PICTURES_BELOW

Point = tuple[float, float]
Box = tuple[float, float, float, float]

#: Stacking weight a full stack has (King = 2); stacks never grow taller on screen.
FULL_STACK = 4


@dataclass(frozen=True)
class Layout:
    """Where everything is for one picture width (pixels)."""

    width: int
    height: int
    scale: float
    board: Box  # the wooden frame
    grid: Box  # the 4x4 cells
    cell: float
    panel: Box  # the right-hand column: headline, plates, dice, banner, last turn
    piece_w: int  # width of a piece (a slab seen from the side)
    unit_h: float  # height of an ordinary piece; a King is twice as tall
    ring_r: float  # radius of an Intersection ring
    die: int
    headline_y: float
    plate_h: float
    top_plate: Box
    bottom_plate: Box
    dice_y: float
    banner: Box
    info_top: float
    #: Size of the board's numbers relative to the design (larger on a phone).
    text_scale: float = 1.0
    #: The phone layout: the board alone at full width under a strip (see ``layout``).
    compact: bool = False


#: Pictures narrower than this get the phone layout (the one rule: renderer/phone.py).
COMPACT_BELOW = PHONE_PICTURES_BELOW
#: The phone layout's design width.
COMPACT_DESIGN = 760


@lru_cache(maxsize=16)
def layout(width: int = 1100) -> Layout:
    """The geometry of a picture ``width`` pixels wide (1100 is the design size).

    Below :data:`COMPACT_BELOW` pixels it is the phone layout: the board fills
    the width under a strip with the headline, the dice and the players, and
    the numbers are drawn 1.3 times larger, so that a phone showing the
    picture 400 px wide still reads them (renderer/phone.py's MIN_GLYPH)."""
    w = int(width)
    if w < COMPACT_BELOW:
        return _compact(w)
    k = w / 1100
    margin = 18 * k
    rail = 30 * k
    cell = 165 * k
    grid0 = margin + rail
    board = (margin, margin, grid0 + 4 * cell + rail, grid0 + 4 * cell + rail)
    grid = (grid0, grid0, grid0 + 4 * cell, grid0 + 4 * cell)
    h = int(round(board[3] + margin))
    panel = (board[2] + 22 * k, margin, w - margin, board[3])
    plate_h = 58 * k
    top_plate = (panel[0], panel[1] + 62 * k, panel[2], panel[1] + 62 * k + plate_h)
    bottom_plate = (panel[0], panel[3] - 34 * k - plate_h, panel[2], panel[3] - 34 * k)
    dice_y = top_plate[3] + 58 * k
    die = int(round(66 * k))
    banner = (panel[0] + 7 * k, dice_y + 48 * k, panel[2] - 7 * k, dice_y + 48 * k + 92 * k)
    return Layout(
        width=w,
        height=h,
        scale=k,
        board=board,
        grid=grid,
        cell=cell,
        panel=panel,
        # A full stack (4 units) fits a Tivit half between the numbers beside
        # the Intersections above and below it (issue 15: stacks covered them).
        piece_w=int(round(cell * 0.38)),
        unit_h=cell * 0.082,
        ring_r=cell * 0.215,
        die=die,
        headline_y=panel[1] + 26 * k,
        plate_h=plate_h,
        top_plate=top_plate,
        bottom_plate=bottom_plate,
        dice_y=dice_y,
        banner=banner,
        info_top=banner[3] + 18 * k,
        text_scale=k,
    )


def _compact(w: int) -> Layout:
    k = w / COMPACT_DESIGN
    margin = 10 * k
    rail = 28 * k
    strip = 116 * k
    cell = (w - 2 * margin - 2 * rail) / 4
    top = strip + margin
    board = (margin, top, w - margin, top + 4 * cell + 2 * rail)
    grid = (margin + rail, top + rail, margin + rail + 4 * cell, top + rail + 4 * cell)
    panel = (margin, margin * 0.6, w - margin, strip)
    die = int(round(52 * k))
    plate_h = 40 * k
    plates_y = panel[1] + 74 * k
    half = (panel[0] + panel[2]) / 2
    return Layout(
        width=w,
        height=int(round(board[3] + margin)),
        scale=k * 0.75 * 1100 / COMPACT_DESIGN,  # what 1100-based sizes are multiplied by
        board=board,
        grid=grid,
        cell=cell,
        panel=panel,
        piece_w=int(round(cell * 0.36)),
        unit_h=cell * 0.078,
        ring_r=cell * 0.2,
        die=die,
        headline_y=panel[1] + 30 * k,
        plate_h=plate_h,
        top_plate=(panel[0], plates_y - plate_h / 2, half - 6 * k, plates_y + plate_h / 2),
        bottom_plate=(half + 6 * k, plates_y - plate_h / 2, panel[2], plates_y + plate_h / 2),
        dice_y=panel[1] + 30 * k,
        banner=panel,
        info_top=panel[3],
        text_scale=k * 1.3 * 1100 / COMPACT_DESIGN * 0.69,
        compact=True,
    )


# --------------------------------------------------------------------------- board points


def to_pixel(bx: float, by: float, viewer: str = "W", width: int = 1100) -> Point:
    """A point in board coordinates (0..4 each, Black's orientation) in pixels."""
    lay = layout(width)
    if viewer == "W":
        bx, by = 4 - bx, 4 - by
    return (lay.grid[0] + bx * lay.cell, lay.grid[1] + (4 - by) * lay.cell)


def _cell_xy(cell: str) -> tuple[int, int]:
    return ord(cell[0]) - ord("a") + 1, int(cell[1])


def cell_centre(cell: str, viewer: str = "W", width: int = 1100) -> Point:
    """Centre of a cell such as ``b2``."""
    x, y = _cell_xy(cell)
    return to_pixel(x - 0.5, y - 0.5, viewer, width)


def cell_box(cell: str, viewer: str = "W", width: int = 1100) -> Box:
    """The rectangle of a cell."""
    x, y = _cell_xy(cell)
    a = to_pixel(x - 1, y - 1, viewer, width)
    b = to_pixel(x, y, viewer, width)
    return (min(a[0], b[0]), min(a[1], b[1]), max(a[0], b[0]), max(a[1], b[1]))


def intersection_centre(point: tuple[int, int], viewer: str = "W", width: int = 1100) -> Point:
    """Centre of the Intersection at grid point ``point`` (1..3 each)."""
    return to_pixel(point[0], point[1], viewer, width)


def space_box(side: str, number: int, viewer: str = "W", width: int = 1100) -> Box:
    """The area of a Square, Tivit half, Start or Finish (an Intersection: its ring's box)."""
    loc = location(side, number)
    if loc.kind == "intersection":
        assert loc.point is not None
        cx, cy = intersection_centre(loc.point, viewer, width)
        r = layout(width).ring_r
        return (cx - r, cy - r, cx + r, cy + r)
    x, y = _cell_xy(loc.cell)
    if loc.kind == "tivit":
        lo = y - 0.5 if loc.half == "upper" else y - 1
        a = to_pixel(x - 1, lo, viewer, width)
        b = to_pixel(x, lo + 0.5, viewer, width)
        return (min(a[0], b[0]), min(a[1], b[1]), max(a[0], b[0]), max(a[1], b[1]))
    return cell_box(loc.cell, viewer, width)


def space_centre(side: str, number: int, viewer: str = "W", width: int = 1100) -> Point:
    """Where a space's stack stands: the ring, the cell or the Tivit half's centre.

    ``number`` is in ``side``'s own numbering; 0 is Start and 18 Finish (their
    corner cell's centre)."""
    loc = location(side, number)
    if loc.kind == "intersection":
        assert loc.point is not None
        return intersection_centre(loc.point, viewer, width)
    x0, y0, x1, y1 = space_box(side, number, viewer, width)
    return ((x0 + x1) / 2, (y0 + y1) / 2)


def tivit_direction(side: str, number: int, viewer: str = "W", width: int = 1100) -> Point:
    """Unit vector (pixels) of the path's stretch through a Tivit half: from
    Intersection ``number - 1`` towards ``number + 1`` (what its angle mark shows)."""
    a = space_centre(side, number - 1, viewer, width)
    b = space_centre(side, number + 1, viewer, width)
    dx, dy = b[0] - a[0], b[1] - a[1]
    n = (dx * dx + dy * dy) ** 0.5 or 1.0
    return (dx / n, dy / n)


# --------------------------------------------------------------------------- stacks


def piece_heights(kings: tuple[bool, ...], width: int = 1100) -> list[float]:
    """Heights of the pieces of a stack (bottom to top): a King is twice as tall
    (it counts 2); a stack heavier than 4 is squeezed to a full stack's height."""
    lay = layout(width)
    weight = sum(2 if k else 1 for k in kings)
    unit = lay.unit_h * min(1.0, FULL_STACK / weight) if weight else lay.unit_h
    return [unit * (2 if k else 1) for k in kings]


def king_width(width: int = 1100) -> int:
    """A King is a little wider than an ordinary piece (and twice as tall)."""
    return int(round(layout(width).piece_w * 1.1))


def piece_boxes(
    side: str, number: int, kings: tuple[bool, ...], viewer: str = "W", width: int = 1100
) -> list[Box]:
    """Boxes of the pieces of the stack on a space, bottom first (see
    :func:`_piece_boxes`; a copy of the cached list)."""
    return list(_piece_boxes(side, number, kings, viewer, width))


@lru_cache(maxsize=4096)
def _piece_boxes(
    side: str, number: int, kings: tuple[bool, ...], viewer: str = "W", width: int = 1100
) -> tuple[Box, ...]:
    """Boxes of the pieces of the stack on a space, bottom first.  ``kings``
    holds one flag per piece (True for a King), bottom to top, as
    ``position.stack()`` gives them.  The stack is centred on the space."""
    lay = layout(width)
    cx, cy = space_centre(side, number, viewer, width)
    heights = piece_heights(kings, width)
    bottom = cy + sum(heights) / 2
    out = []
    for king, h in zip(kings, heights, strict=True):
        half_w = king_width(width) / 2 if king else lay.piece_w / 2
        out.append((cx - half_w, bottom - h, cx + half_w, bottom))
        bottom -= h
    return tuple(out)


def piece_centre(
    side: str, number: int, index: int, kings: tuple[bool, ...], viewer: str = "W",
    width: int = 1100,
) -> Point:
    """Centre of the ``index``-th piece (0 = bottom) of that stack."""
    x0, y0, x1, y1 = piece_boxes(side, number, kings, viewer, width)[index]
    return ((x0 + x1) / 2, (y0 + y1) / 2)


# --------------------------------------------------------------------------- panel


def dice_centres(count: int, width: int = 1100) -> list[Point]:
    """Centres of ``count`` dice in the panel, in a row."""
    lay = layout(width)
    cx = (lay.panel[0] + lay.panel[2]) / 2
    step = lay.die * 1.25
    if lay.compact:  # at the right end of the strip, level with the headline
        cx = lay.panel[2] - 12 * lay.scale - lay.die / 2 - step * (count - 1) / 2
    first = cx - step * (count - 1) / 2
    return [(first + i * step, lay.dice_y) for i in range(count)]


def die_pip_centres(value: int, index: int, count: int, width: int = 1100) -> list[Point]:
    """Absolute pip centres of the ``index``-th of ``count`` dice showing ``value``."""
    lay = layout(width)
    cx, cy = dice_centres(count, width)[index]
    x0 = int(round(cx - lay.die / 2))
    y0 = int(round(cy - lay.die / 2))
    return [(x0 + px, y0 + py) for px, py in die_pip_offsets(lay.die, value)]


def banner_box(width: int = 1100) -> Box:
    """Where the CHEBACHE banner is drawn (when the side to move is threatened)."""
    return layout(width).banner


# --------------------------------------------------------------------------- last turn

@dataclass(frozen=True)
class Step:
    """One drawn step of the last turn: from/to in the mover's numbering
    (0 Start, 18 Finish), how many pieces went that way, and whether it was
    the jump (``^``)."""

    src: int
    dst: int
    count: int
    jump: bool


# --------------------------------------------------------------------------- labels


@dataclass(frozen=True)
class Label:
    """A space number on the board: ``strong`` for the viewer's path (a round
    pill), else the opponent's (a square-cornered tag in the opponent's
    style).  ``kind`` is ``pill`` (Intersection, Square) or ``tag`` (a Tivit
    half: the tag's point shows the way its stretch runs, ``pointing`` +1
    right, -1 left).  ``box`` is everything drawn, point included."""

    side: str
    number: int
    strong: bool
    kind: str
    box: Box
    text_centre: Point
    pointing: int = 0


def label_font_size(strong: bool, width: int = 1100) -> int:
    """Pixel size of a space number: the viewer's numbering larger."""
    return int((20 if strong else 17) * layout(width).text_scale)


def _text_len(text: str, size: int, bold: bool) -> float:
    return font(size, bold).getlength(text)


def label_anchor(side: str, n: int, viewer: str = "W", width: int = 1100,
                 opposite: bool = False) -> Point:
    """Where a Square's number or a Tivit half's tag goes: a Tivit's beside its
    stack on the side where its stretch of the path leaves (level with the
    stack, clear of the Intersections' numbers above and below), a Square's
    (Squares are edge cells) towards the board's edge.  ``opposite``: the
    other side of the stack."""
    lay = layout(width)
    cx, cy = space_centre(side, n, viewer, width)
    if location(side, n).kind == "tivit":
        ux, _ = tivit_direction(side, n, viewer, width)
        ux, uy = (1.0 if ux >= 0 else -1.0), 0.0
        off = lay.cell * 0.37
    else:
        gx0, gy0, gx1, gy1 = lay.grid
        ex, ey = cx - (gx0 + gx1) / 2, cy - (gy0 + gy1) / 2
        if abs(ex) > abs(ey):
            ux, uy = (1.0 if ex > 0 else -1.0), 0.0
        else:
            ux, uy = 0.0, (1.0 if ey > 0 else -1.0)
        off = lay.cell * 0.36
    off *= -1 if opposite else 1
    return (cx + ux * off, cy + uy * off)


@lru_cache(maxsize=16)
def number_labels(viewer: str = "W", width: int = 1100) -> tuple[Label, ...]:
    """Every space number of both paths for this viewer and width.  An
    Intersection's two numbers sit left (viewer's) and right (opponent's) of
    it, clear of the widest stack (a King); a Square's towards the board's
    edge; a Tivit half's tag on the side its stretch leaves by."""
    lay = layout(width)
    k = lay.text_scale
    clear = king_width(width) / 2 + 3 * lay.scale
    out = []
    for side in ("W", "B"):
        strong = side == viewer
        size = label_font_size(strong, width)
        h = (26 if strong else 22) * k
        for n in range(1, 18):
            text = str(n)
            tw = _text_len(text, size, strong)
            body = max(h, tw + 14 * k) if strong else tw + 10 * k
            kind = location(side, n).kind
            if kind == "intersection":
                cx, cy = space_centre(side, n, viewer, width)
                sign = -1 if strong else 1
                mid = cx + sign * (clear + body / 2)
                box = (mid - body / 2, cy - h / 2, mid + body / 2, cy + h / 2)
                out.append(Label(side, n, strong, "pill", box, (mid, cy)))
                continue
            ax, ay = label_anchor(side, n, viewer, width)
            if kind == "tivit":
                ux, _ = tivit_direction(side, n, viewer, width)
                dx = 1 if ux >= 0 else -1
                point = h * 0.55
                half = tw / 2 + 6 * k
                # At its anchor, or further out when a large number would reach the stack.
                sx, _ = space_centre(side, n, viewer, width)
                back = sx + dx * max(abs(ax - sx) - point / 2 - half, clear)
                tcx = back + dx * half
                front = tcx + dx * (half + point)
                box = (min(back, front), ay - h / 2, max(back, front), ay + h / 2)
                out.append(Label(side, n, strong, "tag", box, (tcx, ay), dx))
            else:
                box = (ax - body / 2, ay - h / 2, ax + body / 2, ay + h / 2)
                out.append(Label(side, n, strong, "pill", box, (ax, ay)))
    return tuple(out)


def overlaps(a: Box, b: Box, margin: float = 0.0) -> bool:
    """Whether two boxes share more than ``margin`` pixels each way."""
    return (min(a[2], b[2]) - max(a[0], b[0]) > margin
            and min(a[3], b[3]) - max(a[1], b[1]) > margin)


def segment_hits(a: Point, b: Point, box: Box, pad: float = 0.0) -> bool:
    """Whether the segment a-b passes through ``box`` grown by ``pad`` (slab clipping)."""
    x0, y0, x1, y1 = box[0] - pad, box[1] - pad, box[2] + pad, box[3] + pad
    t0, t1 = 0.0, 1.0
    for p, q in ((-(b[0] - a[0]), a[0] - x0), (b[0] - a[0], x1 - a[0]),
                 (-(b[1] - a[1]), a[1] - y0), (b[1] - a[1], y1 - a[1])):
        if p == 0:
            if q < 0:
                return False
            continue
        t = q / p
        if p < 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
        if t0 > t1:
            return False
    return True
