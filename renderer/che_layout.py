"""Where everything on the Che picture goes, in pixels, without drawing.

The view covers the occupied cells plus a one-cell margin (where every legal
cell lies).  A long thin board is cut into panels along its long side, each
with its own coordinates, so tiles stay large enough to read on a phone; the
cut edges are marked and the gap between two stacked panels says where the
board goes on.  Coordinates are as tall as :mod:`renderer.phone` asks, and
the margins around each panel are made wide enough to hold them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache

from games.che.geometry import Cell
from games.che.position import ChePosition
from renderer.fonts import font
from renderer.phone import glyph_height, legible_size
from renderer.words import word

Box = tuple[float, float, float, float]
Point = tuple[float, float]

MAX_CELL = 84
MIN_VIEW_COLS = 7
MIN_VIEW_ROWS = 5
MAX_BOARD_HEIGHT = 1250
SIDE_GAP = 16
MARGIN = 24
HEADER_H = 100


@dataclass(frozen=True)
class Panel:
    """A rectangle of cells drawn at an image offset (``left``, ``top`` of the
    cells, from the board's origin)."""

    x0: int
    x1: int
    y0: int
    y1: int
    left: int
    top: int


@dataclass(frozen=True)
class Text:
    """Text drawn at ``xy`` with Pillow's ``anchor``; ``box`` is its ink."""

    text: str
    xy: Point
    anchor: str
    size: int
    bold: bool
    box: Box


def text_at(text: str, xy: Point, anchor: str, size: int, bold: bool = True) -> Text:
    x0, y0, x1, y1 = _ink(text, anchor, size, bold)
    return Text(text, xy, anchor, size, bold, (xy[0] + x0, xy[1] + y0, xy[0] + x1, xy[1] + y1))


@lru_cache(maxsize=4096)
def _ink(text: str, anchor: str, size: int, bold: bool) -> Box:
    """The ink box of ``text`` around its anchor (cached: coordinates repeat)."""
    x0, y0, x1, y1 = font(size, bold).getbbox(text, anchor=anchor)
    return float(x0), float(y0), float(x1), float(y1)


@lru_cache(maxsize=4096)
def text_width(text: str, size: int, bold: bool = True) -> float:
    return font(size, bold).getlength(text)


@dataclass
class CheLayout:
    """The picture's measures: cell size ``s``, the panels at the board
    origin (``ox``, ``oy``), each cell's box, the coordinates and the
    continuation marks (dashed cut edges and their words)."""

    width: int
    s: int
    ox: int
    oy: int
    board_h: int
    panels: list[Panel]
    stacked: bool
    coord_size: int
    cells: dict[Cell, tuple[int, int]] = field(default_factory=dict)
    coords: list[Text] = field(default_factory=list)
    cuts: list[tuple[Point, Point]] = field(default_factory=list)
    continuations: list[Text] = field(default_factory=list)

    def cell_box(self, cell: Cell) -> Box:
        x, y = self.cells[cell]
        return x, y, x + self.s, y + self.s

    def centre(self, cell: Cell) -> tuple[int, int]:
        x, y = self.cells[cell]
        return x + self.s // 2, y + self.s // 2

    def panel_box(self, panel: Panel) -> Box:
        px, py = self.ox + panel.left, self.oy + panel.top
        return (px, py, px + (panel.x1 - panel.x0 + 1) * self.s,
                py + (panel.y1 - panel.y0 + 1) * self.s)


def image_width(width: int | None) -> int:
    """The picture's width for a requested width (1000-1200 px)."""
    return max(1000, min(1200, width or 1100))


def view(position: ChePosition) -> tuple[int, int, int, int]:
    """The cell range shown: occupied cells plus a margin, at least a minimum size."""
    cells = list(position.cells) or [(0, 0)]
    x0 = min(c[0] for c in cells) - 1
    x1 = max(c[0] for c in cells) + 1
    y0 = min(c[1] for c in cells) - 1
    y1 = max(c[1] for c in cells) + 1
    small = (x1 - x0 + 1) < 2 * MIN_VIEW_COLS and (y1 - y0 + 1) < 2 * MIN_VIEW_ROWS
    if small and x1 - x0 + 1 < MIN_VIEW_COLS:
        extra = MIN_VIEW_COLS - (x1 - x0 + 1)
        x0 -= extra // 2
        x1 += extra - extra // 2
    if small and y1 - y0 + 1 < MIN_VIEW_ROWS:
        extra = MIN_VIEW_ROWS - (y1 - y0 + 1)
        y0 -= extra // 2
        y1 += extra - extra // 2
    return x0, x1, y0, y1


def _options(cols: int, rows: int, avail: int, lx: int, ly: int, gap: int
             ) -> list[tuple[int, int, bool]]:
    """(cell size, panels, stacked?) for 1..8 panels either way."""
    out: list[tuple[int, int, bool]] = []
    for k in range(1, 9):
        per = math.ceil(cols / k)  # stacked panels, each a slice of the columns
        if k == 1 or per * (k - 1) < cols:
            s = min(MAX_CELL, (avail - 2 * lx) // per,
                    (MAX_BOARD_HEIGHT - k * 2 * ly - (k - 1) * gap) // (k * rows))
            out.append((s, k, True))
        per = math.ceil(rows / k)  # side-by-side panels, each a slice of the rows
        if k > 1 and per * (k - 1) < rows:
            s = min(MAX_CELL, (avail - k * 2 * lx - (k - 1) * SIDE_GAP) // (k * cols),
                    (MAX_BOARD_HEIGHT - 2 * ly) // per)
            out.append((s, k, False))
    return out


def layout(position: ChePosition, width: int | None, language: str = "en") -> CheLayout:
    """Cell size, panels, coordinates and continuation marks for ``position``
    (their words in ``language``)."""
    w = image_width(width)
    size = legible_size(w)
    glyph = glyph_height(size)
    x0, x1, y0, y1 = view(position)
    cols, rows = x1 - x0 + 1, y1 - y0 + 1
    widest = max(text_width(str(v), size) for v in (x0, x1, y0, y1))
    lx = int(widest) + 16  # room for row numbers beside a panel
    ly = glyph + 16  # room for column numbers above and below
    gap = glyph + 24  # between stacked panels: room for "continues below"
    options = _options(cols, rows, w - 2 * MARGIN, lx, ly, gap)
    best = max(s for s, _, _ in options)
    s, k, stacked = min((o for o in options if o[0] >= 0.8 * best), key=lambda o: (o[1], -o[0]))
    panels: list[Panel] = []
    if stacked:
        per = math.ceil(cols / k)
        top = ly
        for i in range(k):
            a = x0 + i * per
            if a > x1:
                break
            panels.append(Panel(a, min(x1, a + per - 1), y0, y1, lx, top))
            top += rows * s + 2 * ly + gap
    else:
        per = math.ceil(rows / k)
        left = lx
        for i in range(k):
            b = y1 - i * per
            if b < y0:
                break
            panels.append(Panel(x0, x1, max(y0, b - per + 1), b, left, ly))
            left += cols * s + 2 * lx + SIDE_GAP
    board_w = max(p.left + (p.x1 - p.x0 + 1) * s + lx for p in panels)
    board_h = max(p.top + (p.y1 - p.y0 + 1) * s + ly for p in panels)
    out = CheLayout(w, s, (w - board_w) // 2, HEADER_H, board_h, panels, stacked, size)
    for panel in panels:
        _place_cells(out, panel)
        out.coords += _coordinates(out, panel, lx, ly, glyph)
    _continuations(out, glyph, language)
    return out


def _place_cells(out: CheLayout, panel: Panel) -> None:
    px, py = out.ox + panel.left, out.oy + panel.top
    for y in range(panel.y0, panel.y1 + 1):
        for x in range(panel.x0, panel.x1 + 1):
            out.cells[(x, y)] = (px + (x - panel.x0) * out.s, py + (panel.y1 - y) * out.s)


def _coordinates(out: CheLayout, panel: Panel, lx: int, ly: int, glyph: int) -> list[Text]:
    """Column numbers above and below a panel, row numbers on both sides;
    every ``step``-th when a cell is too small for every one."""
    s, size = out.s, out.coord_size
    px0, py0, px1, py1 = out.panel_box(panel)
    widest = max(text_width(str(v), size) for v in range(panel.x0, panel.x1 + 1))
    step = 1
    while step * s < widest + 8:
        step += 1
    texts = []
    for x in range(panel.x0, panel.x1 + 1):
        if x % step:
            continue
        cx = px0 + (x - panel.x0) * s + s / 2
        texts.append(text_at(str(x), (cx, py0 - ly / 2), "mm", size))
        texts.append(text_at(str(x), (cx, py1 + ly / 2), "mm", size))
    vstep = 1
    while vstep * s < glyph + 6:
        vstep += 1
    for y in range(panel.y0, panel.y1 + 1):
        if y % vstep:
            continue
        cy = py0 + (panel.y1 - y) * s + s / 2
        texts.append(text_at(str(y), (px0 - lx / 2, cy), "mm", size))
        texts.append(text_at(str(y), (px1 + lx / 2, cy), "mm", size))
    return texts


def _continuations(out: CheLayout, glyph: int, language: str = "en") -> None:
    """Dashed cut edges where one panel goes on in the next, and between two
    stacked panels the words saying so."""
    for a, b in zip(out.panels, out.panels[1:], strict=False):
        ax0, ay0, ax1, ay1 = out.panel_box(a)
        bx0, by0, bx1, by1 = out.panel_box(b)
        if out.stacked:  # a's right edge goes on at b's left edge
            out.cuts += [((ax1, ay0), (ax1, ay1)), ((bx0, by0), (bx0, by1))]
            middle = (ay1 + by0) / 2
            out.continuations.append(text_at(word(language, "che_continues", left=a.x1,
                                                  right=b.x0),
                                             (ax1, middle), "rm", out.coord_size, False))
        else:  # a's bottom edge goes on at b's top edge
            out.cuts += [((ax0, ay1), (ax1, ay1)), ((bx0, by0), (bx1, by0))]
