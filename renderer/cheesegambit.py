"""CheeseGambit board picture: the cross with its 72 numbered squares.

Layout (a 19 x 19 grid of cells): Red's arm at the bottom, Green's on the
left, Blue's at the top, Yellow's on the right; each arm is tinted in its
colour, its exit square starred and its safe zone S6..S1 running up the
middle towards home.  Re-entry zones carry a stripe and ``R1``..``R6`` in the
colour of the side that re-enters there.  The four corner quadrants hold each
colour's panel (name, pool, borne off, cubes, placing); the centre shows the
borne-off counts.  Blots are round, blocks are square with the count.  The
previous turn's squares are highlighted and its bumps marked with an X.

The board itself (everything that never changes) is drawn once per size and
theme and cached; a render pastes pieces and text on a copy.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from games.cheesegambit.board import (
    COLOUR_NAMES,
    COLOURS,
    EXIT,
    MAX_PIECES,
    OFF,
    POOL,
    SAFE_BASE,
    TRACK,
    location_name,
    reentry_square,
)
from games.cheesegambit.position import CheeseGambitPosition
from games.events import Hit, Moved
from renderer.base import BoardRenderer, moved_steps, result_text, theme_name
from renderer.board_common import Font, dice_values, fit_text, paste_dice
from renderer.context import RenderContext
from renderer.fonts import font

RGB = tuple[int, int, int]
GRID = 19

PIECE: dict[str, RGB] = {"R": (206, 38, 38), "G": (32, 150, 64), "B": (36, 92, 212),
                         "Y": (240, 196, 20)}
PIECE_TEXT: dict[str, RGB] = {"R": (255, 255, 255), "G": (255, 255, 255),
                              "B": (255, 255, 255), "Y": (40, 30, 0)}
ARM_TINT: dict[str, RGB] = {"R": (250, 214, 210), "G": (208, 238, 212), "B": (212, 224, 250),
                            "Y": (250, 240, 196)}
SAFE_TINT: dict[str, RGB] = {"R": (238, 150, 144), "G": (140, 208, 152), "B": (146, 176, 238),
                             "Y": (242, 218, 110)}
#: Text in each colour, dark enough to read on the light background.
INK: dict[str, RGB] = {"R": (190, 28, 28), "G": (22, 120, 50), "B": (30, 76, 196),
                       "Y": (150, 112, 0)}
HIGHLIGHT = (255, 140, 0)
BUMP = (20, 20, 20)


@dataclass(frozen=True)
class Theme:
    """Colours around the board."""

    background: RGB
    grid: RGB
    text: RGB
    muted: RGB
    home: RGB
    panel: RGB


THEMES = {
    "light": Theme((242, 238, 228), (120, 112, 100), (30, 30, 36), (105, 100, 92),
                   (255, 255, 255), (250, 247, 240)),
    "dark": Theme((34, 36, 42), (150, 150, 160), (236, 236, 240), (165, 168, 176),
                  (70, 72, 80), (50, 52, 60)),
}

_SQUARE_CELLS: dict[int, tuple[int, int]] = {}
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


def square_cell(square: int) -> tuple[int, int]:
    """(row, column) of a track square in the 19 x 19 grid."""
    return _SQUARE_CELLS[square]


def safe_cell(colour: str, k: int) -> tuple[int, int]:
    """(row, column) of ``colour``'s safe-zone square S``k``."""
    return {"R": (11 + k, 9), "B": (7 - k, 9), "G": (9, 7 - k), "Y": (9, 11 + k)}[colour]


#: The blank cell between each safe zone's S1 and home.
GATE = {"R": (11, 9), "B": (7, 9), "G": (9, 7), "Y": (9, 11)}
#: Panel quadrant (top row, left column) of each colour, 7 x 7 cells.
PANEL = {"G": (0, 0), "B": (0, 12), "R": (12, 0), "Y": (12, 12)}


@dataclass(frozen=True)
class Geometry:
    """Pixel measures for one image width."""

    width: int
    cell: int
    left: int
    top: int
    height: int

    def box(self, row: int, col: int) -> tuple[int, int, int, int]:
        """The pixel box of a cell."""
        x = self.left + col * self.cell
        y = self.top + row * self.cell
        return x, y, x + self.cell, y + self.cell

    def centre(self, row: int, col: int) -> tuple[int, int]:
        """The pixel centre of a cell."""
        x0, y0, x1, y1 = self.box(row, col)
        return (x0 + x1) // 2, (y0 + y1) // 2

    @property
    def piece_radius(self) -> int:
        """Half the size of a piece (a blot's radius, a block's half side)."""
        return int(self.cell * 0.31)

    def piece_centre(self, row: int, col: int) -> tuple[int, int]:
        """Where a piece's centre stands in a cell: low enough to leave the
        square's number in the top corners readable."""
        x0, y0, _, _ = self.box(row, col)
        return x0 + self.cell // 2, y0 + _piece_offset(self.cell)


def _piece_offset(cell: int) -> int:
    """The piece centre's height in a cell, from the cell's top."""
    return cell - int(cell * 0.31) - max(3, cell // 18)


def geometry(width: int) -> Geometry:
    """Cell size and margins for an image ``width`` pixels wide."""
    width = max(700, min(width, 1600))
    cell = (width - 24) // GRID
    left = (width - cell * GRID) // 2
    top = 12 + int(cell * 1.55)
    return Geometry(width, cell, left, top, top + cell * GRID + int(cell * 0.95))


def _arm_of(square: int) -> str:
    if 10 <= square <= 27:
        return "R"
    if 28 <= square <= 45:
        return "G"
    if 46 <= square <= 63:
        return "B"
    return "Y"


def _star(draw: ImageDraw.ImageDraw, cx: int, cy: int, r: int, fill: RGB) -> None:
    pts = []
    for i in range(10):
        ang = -math.pi / 2 + i * math.pi / 5
        rad = r if i % 2 == 0 else r * 0.45
        pts.append((cx + rad * math.cos(ang), cy + rad * math.sin(ang)))
    draw.polygon(pts, fill=fill)


@lru_cache(maxsize=8)
def _background(width: int, theme_name: str, sides: tuple[str, ...]) -> Image.Image:
    """The board without pieces or text that changes."""
    g = geometry(width)
    th = THEMES[theme_name]
    img = Image.new("RGB", (g.width, g.height), th.background)
    d = ImageDraw.Draw(img)
    c = g.cell
    number = font(max(12, int(c * 0.29)), bold=True)
    label_font = font(max(11, int(c * 0.27)), bold=True)
    # home: four triangles towards the arms
    x0, y0, _, _ = g.box(8, 8)
    _, _, x1, y1 = g.box(10, 10)
    mx, my = (x0 + x1) // 2, (y0 + y1) // 2
    tris = {"R": [(x0, y1), (x1, y1), (mx, my)], "B": [(x0, y0), (x1, y0), (mx, my)],
            "G": [(x0, y0), (x0, y1), (mx, my)], "Y": [(x1, y0), (x1, y1), (mx, my)]}
    for col, pts in tris.items():
        d.polygon(pts, fill=SAFE_TINT[col] if col in sides else th.home, outline=th.grid)
    # gates and safe zones
    for col in COLOURS:
        tint = SAFE_TINT[col] if col in sides else th.home
        d.rectangle(g.box(*GATE[col]), fill=tint, outline=th.grid)
        for k in range(1, 7):
            box = g.box(*safe_cell(col, k))
            d.rectangle(box, fill=tint, outline=th.grid)
            d.text((box[0] + 3, box[1] + 1), f"S{k}", font=number,
                   fill=(70, 66, 60) if col in sides else th.muted)
        gx, gy = g.centre(*GATE[col])
        _star(d, gx, gy, c // 4, PIECE[col] if col in sides else th.muted)
    # track squares
    reentry: dict[int, tuple[str, int]] = {}
    for col in sides:
        for k in range(1, 7):
            reentry[reentry_square(col, k)] = (col, k)
    for sq in range(1, TRACK + 1):
        arm = _arm_of(sq)
        box = g.box(*square_cell(sq))
        exit_sq = EXIT[arm] == sq
        fill = SAFE_TINT[arm] if exit_sq else ARM_TINT[arm]
        if theme_name == "dark":
            fill = (fill[0] // 2, fill[1] // 2, fill[2] // 2)
        d.rectangle(box, fill=fill, outline=th.grid)
        if exit_sq:
            _star(d, box[2] - c // 5, box[3] - c // 5, c // 7, PIECE[arm])
        if sq in reentry:
            col, k = reentry[sq]
            row, column = square_cell(sq)
            w = max(4, c // 14)
            if column == 8:
                stripe = (box[0] + 1, box[1] + 1, box[0] + w, box[3] - 1)
            elif column == 10:
                stripe = (box[2] - w, box[1] + 1, box[2] - 1, box[3] - 1)
            elif row == 8:
                stripe = (box[0] + 1, box[1] + 1, box[2] - 1, box[1] + w)
            else:
                stripe = (box[0] + 1, box[3] - w, box[2] - 1, box[3] - 1)
            d.rectangle(stripe, fill=PIECE[col])
            label = f"R{k}"
            tw = d.textlength(label, font=label_font)
            lx = box[2] - tw - 3 - (w if column == 10 else 0)
            ly = box[1] + 1
            d.text((lx, ly), label, font=label_font, fill=_ink(col, theme_name))
        nx = box[0] + 3 + (max(4, c // 14) if sq in reentry and square_cell(sq)[1] == 8 else 0)
        d.text((nx, box[1] + 1), str(sq), font=number, fill=th.muted)
    # panels
    for col in COLOURS:
        if col in sides:
            d.rounded_rectangle(_panel_box(g, col), radius=14, fill=th.panel,
                                outline=PIECE[col], width=3)
    return img


def _panel_box(g: Geometry, col: str) -> tuple[int, int, int, int]:
    r0, c0 = PANEL[col]
    px0, py0, _, _ = g.box(r0, c0)
    _, _, px1, py1 = g.box(r0 + 6, c0 + 6)
    return px0 + 4, py0 + 4, px1 - 4, py1 - 4


def _ink(col: str, theme: str) -> RGB:
    """A colour's text colour on the background (darker on the light theme)."""
    return PIECE[col] if theme == "dark" else INK[col]


@lru_cache(maxsize=512)
def _sprite(cell: int, colour: str, n: int, safe: bool) -> Image.Image:
    """A piece picture (RGBA, one cell): a blot is a disc with a white ring, a
    block a bigger square with its count; safe-zone pieces are plain discs
    with their count."""
    img = Image.new("RGBA", (cell, cell), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    cx, cy = cell // 2, _piece_offset(cell)
    fill = PIECE[colour]
    edge = (25, 25, 25)
    r = int(cell * 0.31)
    if safe:
        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=edge, width=2)
        if n > 1:
            f = font(int(cell * 0.36), bold=True)
            d.text((cx, cy), str(n), font=f, fill=PIECE_TEXT[colour], anchor="mm")
        return img
    if n == 1:
        rb = r - 1
        d.ellipse((cx - rb, cy - rb, cx + rb, cy + rb), fill=fill, outline=edge, width=2)
        d.ellipse((cx - rb // 3, cy - rb // 3, cx + rb // 3, cy + rb // 3),
                  outline=(255, 255, 255), width=2)
    else:
        d.rectangle((cx - r - 2, cy - r - 2, cx + r + 2, cy + r + 2), fill=edge)
        d.rectangle((cx - r + 1, cy - r + 1, cx + r - 1, cy + r - 1), fill=fill)
        d.rectangle((cx - r + 4, cy - r + 4, cx + r - 4, cy + r - 4), outline=(255, 255, 255),
                    width=2)
        f = font(int(cell * 0.40), bold=True)
        d.text((cx, cy), str(n), font=f, fill=PIECE_TEXT[colour], anchor="mm")
    return img


def _paste(img: Image.Image, g: Geometry, row: int, col: int, sprite: Image.Image) -> None:
    x0, y0, _, _ = g.box(row, col)
    img.paste(sprite, (x0, y0), sprite)


@dataclass
class LastTurn:
    """The previous turn as drawn: arrows (cells along the track, count,
    number),
    destinations, sources, pool entries and bumps (cells)."""

    arrows: list[tuple[list[tuple[int, int]], int, int]]
    src: set[tuple[int, int]]
    dst: set[tuple[int, int]]
    entries: list[tuple[tuple[int, int], int]]
    bumps: set[tuple[int, int]]


def last_turn_marks(context: RenderContext) -> LastTurn:
    """Cells and arrows of the previous turn.  The one place the picture
    learns what the last turn did: its events (moves, bear-offs, bumps)."""
    out = LastTurn([], set(), set(), [], set())
    side = context.last_side
    if not side or side not in COLOURS:
        return out
    steps = moved_steps(context.last_events, side, _CODES, OFF, MAX_PIECES)
    bumped = {_CODES[e.at] for e in context.last_events
              if isinstance(e, Hit) and e.side == side and e.at in _CODES}

    def cell(loc: int) -> tuple[int, int] | None:
        if 1 <= loc <= TRACK:
            return square_cell(loc)
        if SAFE_BASE < loc < OFF:
            return safe_cell(side, loc - SAFE_BASE)
        if loc == OFF:
            return GATE[side]
        return None

    def path(a: int, b: int) -> list[tuple[int, int]]:
        """The cells a piece passes from ``a`` to ``b``, both included."""
        out_cells = []
        loc = a
        for _ in range(TRACK + 8):
            c = cell(loc)
            if c:
                out_cells.append(c)
            if loc == b:
                break
            if 1 <= loc <= TRACK:
                loc = SAFE_BASE + 6 if loc == EXIT[side] else loc % TRACK + 1
            elif SAFE_BASE + 1 < loc < OFF:
                loc -= 1
            else:
                loc = OFF
        return out_cells if loc == b else [c for c in (cell(a), cell(b)) if c]

    counts: dict[tuple[int, int], int] = {}
    order: list[tuple[int, int]] = []
    for chain in _chains(steps):
        for i, (a, b) in enumerate(chain):
            ca, cb = cell(a), cell(b)
            if ca and i == 0:
                out.src.add(ca)
            if cb:
                out.dst.add(cb)
                if b in bumped:
                    out.bumps.add(cb)
            if (a, b) not in counts:
                order.append((a, b))
            counts[(a, b)] = counts.get((a, b), 0) + 1
    for number, (a, b) in enumerate(order, start=1):
        ca, cb = cell(a), cell(b)
        if cb is None:
            continue
        if ca is None:
            out.entries.append((cb, number))
        elif ca != cb:
            out.arrows.append((path(a, b), counts[(a, b)], number))
    return out


def _chains(steps: list[tuple[int, int]]) -> list[list[tuple[int, int]]]:
    """The steps as one path per piece, joined as the notation writes them
    (``chain_texts``): a step goes on with the latest path that ends where it
    starts, unless it starts in the pool (a piece entering is a new piece)."""
    chains: list[list[tuple[int, int]]] = []
    for a, b in steps:
        for chain in reversed(chains):
            if chain[-1][1] == a and a != POOL:
                chain.append((a, b))
                break
        else:
            chains.append([(a, b)])
    return chains


#: Location codes by the names events (and the notation) give them: P, 1-72, S1-S6, F.
_CODES: dict[str, int] = {
    location_name("R", loc): loc
    for loc in (POOL, OFF, *range(1, TRACK + 1), *range(SAFE_BASE + 1, SAFE_BASE + 7))}


def _arrow(d: ImageDraw.ImageDraw, pts: list[tuple[int, int]], cell: int, colour: RGB
           ) -> tuple[int, int]:
    """An arrow through the pixel points ``pts`` (stopping short of the piece
    at the end); returns a point on it between two cells, where a label hides
    no piece."""
    def toward(p: tuple[float, float], q: tuple[float, float], dist: float
               ) -> tuple[float, float]:
        dx, dy = q[0] - p[0], q[1] - p[1]
        n = math.hypot(dx, dy) or 1.0
        return p[0] + dx / n * dist, p[1] + dy / n * dist

    line: list[tuple[float, float]] = [(float(x), float(y)) for x, y in pts]
    line[0] = toward(line[0], line[1], cell * 0.22)
    tip = toward(line[-1], line[-2], cell * 0.30)
    base = toward(tip, line[-2], cell * 0.30)
    line[-1] = base
    w = max(4, cell // 12)
    d.line(line, fill=(25, 25, 25), width=w + 4, joint="curve")
    d.line(line, fill=colour, width=w, joint="curve")
    ux, uy = tip[0] - base[0], tip[1] - base[1]
    px, py = -uy * 0.6, ux * 0.6
    head_pts = [toward(tip, base, -2), (base[0] + px, base[1] + py), (base[0] - px, base[1] - py)]
    d.polygon(head_pts, fill=colour, outline=(25, 25, 25), width=2)
    steps = len(pts) - 1
    if steps <= 1:
        lx, ly = toward(pts[0], pts[-1], cell * 0.22)
        return int(lx), int(ly)
    k = (steps - 1) // 2
    return (pts[k][0] + pts[k + 1][0]) // 2, (pts[k][1] + pts[k + 1][1]) // 2


def _badge(d: ImageDraw.ImageDraw, x: int, y: int, r: int, text: str, f: Font,
           fill: RGB = HIGHLIGHT, ink: RGB = (20, 20, 20)) -> None:
    d.ellipse((x - r, y - r, x + r, y + r), fill=fill, outline=(25, 25, 25), width=2)
    d.text((x, y), text, font=f, fill=ink, anchor="mm")


def _draw(position: CheeseGambitPosition, context: RenderContext) -> Image.Image:
    """The full-colour picture (see :meth:`CheeseGambitRenderer.draw`)."""
    g = geometry(context.width)
    theme = theme_name(THEMES, context.theme)
    th = THEMES[theme]
    sides = position.sides
    img = _background(g.width, theme, sides).copy()
    d = ImageDraw.Draw(img)
    c = g.cell
    names = {s: context.names.get(s) or COLOUR_NAMES[s] for s in sides}

    # last turn: outlines under the pieces
    last = last_turn_marks(context)
    for cell in last.src:
        x0, y0, x1, y1 = g.box(*cell)
        d.rectangle((x0 + 2, y0 + 2, x1 - 2, y1 - 2), outline=HIGHLIGHT, width=2)
    for cell in last.dst:
        x0, y0, x1, y1 = g.box(*cell)
        d.rectangle((x0 + 1, y0 + 1, x1 - 1, y1 - 1), outline=HIGHLIGHT, width=5)

    # pieces
    for col in sides:
        if col in position.dropped:
            continue
        for sq, n in position.track(col).items():
            _paste(img, g, *square_cell(sq), _sprite(c, col, n, False))
        for k, n in position.safe_zone(col).items():
            _paste(img, g, *safe_cell(col, k), _sprite(c, col, n, True))

    # last turn: arrows, numbers, pool entries and bumps over the pieces
    small_b = font(max(11, int(c * 0.28)), bold=True)
    br = max(9, int(c * 0.19))
    for cells, count, number in last.arrows:
        mx, my = _arrow(d, [g.piece_centre(*cell) for cell in cells], c, HIGHLIGHT)
        if len(last.arrows) + len(last.entries) > 1 or count > 1:
            label = f"{number}" if count == 1 else f"{count}x"
            _badge(d, mx, my, br, label, small_b)
    for cb, _number in last.entries:
        x0, y0, x1, _ = g.box(*cb)
        _badge(d, (x0 + x1) // 2, y0 + br + 1, br, "P", small_b)
    for cell in last.bumps:
        x0, y0, x1, y1 = g.box(*cell)
        r = max(9, int(c * 0.2))
        bx, by = x1 - r - 1, y0 + r + 1
        d.ellipse((bx - r, by - r, bx + r, by + r), fill=(255, 255, 255), outline=BUMP, width=2)
        q = int(r * 0.55)
        d.line((bx - q, by - q, bx + q, by + q), fill=(210, 0, 0), width=4)
        d.line((bx - q, by + q, bx + q, by - q), fill=(210, 0, 0), width=4)

    # home: borne-off counts
    big = font(int(c * 0.46), bold=True)
    hx, hy = g.centre(9, 9)
    offsets = {"R": (0, c), "B": (0, -c), "G": (-c, 0), "Y": (c, 0)}
    for col in sides:
        if col in position.dropped:
            continue
        ox, oy = offsets[col]
        d.text((hx + ox, hy + oy), str(position.borne_off(col)), font=big, fill=(20, 20, 20),
               anchor="mm")

    actor = position.side_to_move
    for col in sides:
        _paste_panel(img, g, position, col, names, col == actor, theme)
    _header(img, g, th, position, context, names)

    # footer: last turn
    body_b = font(int(c * 0.40), bold=True)
    foot = []
    if context.last_side and context.last_moves:
        who = names.get(context.last_side, context.last_side)
        foot.append(f"Last: {who} {context.last_moves}")
    if context.footer:
        foot.append(context.footer)
    if foot:
        d.text((g.left, g.top + GRID * c + int(c * 0.2)),
               fit_text("   ".join(foot), body_b, g.width - 2 * g.left), font=body_b,
               fill=th.text)
    return img


def _header(image: Image.Image, g: Geometry, th: Theme, position: CheeseGambitPosition,
            context: RenderContext, names: dict[str, str]) -> None:
    """Whose turn it is (in that colour), a pending taunt or vote, the dice."""
    d = ImageDraw.Draw(image)
    c = g.cell
    title = font(int(c * 0.56), bold=True)
    sub = font(int(c * 0.40), bold=True)
    main, colour, second = _status(position, names)
    size = int(c * 1.12)
    dice = dice_values(context.dice)
    dice_w = len(dice) * (size + 12)
    y = 10
    x = g.left
    if colour and position.result is None:
        r = int(c * 0.24)
        cy = y + int(c * 0.34)
        d.ellipse((x, cy - r, x + 2 * r, cy + r), fill=PIECE[colour], outline=(25, 25, 25),
                  width=2)
        x += 2 * r + 12
    ink = _ink(colour, theme_name(THEMES, context.theme)) if colour else th.text
    text = fit_text(main, title, g.width - g.left - x - dice_w - 20)
    d.text((x, y), text, font=title, fill=ink)
    after_title = x + int(d.textlength(text, font=title)) + int(c * 0.5)
    if second:
        d.text((x, y + int(c * 0.78)), fit_text(second, sub, g.width - g.left - x - dice_w - 20),
               font=sub, fill=th.text)
    if dice:
        die_colour = position.side_to_move if position.result is None else context.last_side
        if die_colour not in PIECE:
            die_colour = None
        dx = min(after_title, g.width - g.left - dice_w + 12)
        if second:
            dx = g.width - g.left - dice_w + 12
        face = PIECE[die_colour] if die_colour else (255, 255, 255)
        pip = PIECE_TEXT[die_colour] if die_colour else (30, 30, 30)
        centres = [(dx + i * (size + 12) + size / 2, 8 + size / 2) for i in range(len(dice))]
        paste_dice(image, dice, centres, size, face, pip, (25, 25, 25))


#: Panel pictures by content, least recently used first.
_PANELS: dict[tuple[object, ...], Image.Image] = {}


def _paste_panel(img: Image.Image, g: Geometry, position: CheeseGambitPosition, col: str,
                 names: dict[str, str], active: bool, theme: str) -> None:
    """Paste ``col``'s panel, drawn once per content (most panels do not
    change from one turn to the next)."""
    gone = col in position.dropped
    key = (g.width, theme, position.sides, col, active, position.pending() is not None,
           tuple(sorted(names.items())),
           position.dropped.get(col),
           position.placings.index(col) if col in position.placings else None,
           position.options.get("pieces", "14"), position.taunt_enabled,
           None if gone else (position.pool(col), position.borne_off(col),
                              tuple(sorted(position.track(col).items())),
                              tuple(sorted(position.safe_zone(col).items()))),
           tuple((o, position.stake(col, o), position.cube_holder(col, o))
                 for o in sides_order(position, col)))
    x0, y0, x1, y1 = _quadrant(g, col)
    panel = _PANELS.pop(key, None)
    if panel is None:
        panel = _background(g.width, theme, position.sides).crop((x0, y0, x1, y1))
        local = Geometry(g.width, g.cell, g.left - x0, g.top - y0, g.height)
        th = THEMES[theme]
        _panel(ImageDraw.Draw(panel), local, th, position, col, names, active, theme)
        if len(_PANELS) >= 64:
            del _PANELS[next(iter(_PANELS))]
    _PANELS[key] = panel  # most recently used last
    img.paste(panel, (x0, y0))


def _quadrant(g: Geometry, col: str) -> tuple[int, int, int, int]:
    r0, c0 = PANEL[col]
    x0, y0, _, _ = g.box(r0, c0)
    _, _, x1, y1 = g.box(r0 + 6, c0 + 6)
    return x0, y0, x1, y1


def _panel(d: ImageDraw.ImageDraw, g: Geometry, th: Theme, position: CheeseGambitPosition,
           col: str, names: dict[str, str], active: bool, theme: str) -> None:
    """A colour's corner panel: name, pool, borne off, cubes, placing."""
    c = g.cell
    x0, y0, x1, y1 = _panel_box(g, col)
    head = font(int(c * 0.48), bold=True)
    body = font(int(c * 0.42))
    body_b = font(int(c * 0.42), bold=True)
    line = int(c * 0.6)
    cube_f = font(int(c * 0.37))
    if active:
        tint = ARM_TINT[col] if theme != "dark" else tuple(v // 3 for v in PIECE[col])
        d.rounded_rectangle((x0 - 3, y0 - 3, x1 + 3, y1 + 3), radius=16, fill=tint,
                            outline=PIECE[col], width=8)
    bar_h = int(c * 0.78)
    d.rounded_rectangle((x0, y0, x1, y0 + bar_h), radius=14, fill=PIECE[col])
    name = names[col]
    label = f"{name} ({COLOUR_NAMES[col]})" if name != COLOUR_NAMES[col] else name
    badge_w = 0
    if active:
        tag = "TO PLAY" if not position.pending() else "TO ANSWER"
        tw = int(d.textlength(tag, font=body_b))
        badge_w = tw + 24
        bx1 = x1 - 10
        d.rounded_rectangle((bx1 - badge_w, y0 + 8, bx1, y0 + bar_h - 8), radius=10,
                            fill=(255, 255, 255))
        d.text((bx1 - badge_w // 2, y0 + bar_h // 2), tag, font=body_b, fill=INK[col],
               anchor="mm")
    room = x1 - x0 - 34 - badge_w
    if d.textlength(label, font=head) > room:
        label = name
    d.text((x0 + 14, y0 + bar_h // 2), fit_text(label, head, room),
           font=head, fill=PIECE_TEXT[col], anchor="lm")
    x = x0 + 16
    y = y0 + bar_h + 12
    inner = x1 - x0 - 32
    if col in position.dropped:
        d.text((x, y), f"Dropped (lost to {names[position.dropped[col]]})", font=body_b,
               fill=th.text)
        return
    if col in position.placings:
        place = position.placings.index(col) + 1
        text = "WINNER" if place == 1 else f"Placed {place}" + {2: "nd", 3: "rd"}.get(place, "th")
        d.text((x, y), text, font=head, fill=_ink(col, theme))
        y += int(c * 0.66)
    n_pieces = int(position.options.get("pieces", "14"))
    # pool: drawn pieces with the count
    pool = position.pool(col)
    d.text((x, y), "Pool:", font=body_b, fill=th.text)
    px = x + int(d.textlength("Pool: ", font=body_b))
    if pool == 0:
        d.text((px, y), "empty", font=body, fill=th.muted)
        y += line
    else:
        d.text((px, y), f"{pool}", font=body_b, fill=th.text)
        pr = int(c * 0.2)
        step = 2 * pr + 5
        per_row = max(1, (x1 - 16 - (px + 40)) // step)
        sx = px + 40
        for i in range(pool):
            cx = sx + pr + (i % per_row) * step
            cy = y + int(c * 0.22) + (i // per_row) * step
            d.ellipse((cx - pr, cy - pr, cx + pr, cy + pr), fill=PIECE[col],
                      outline=(25, 25, 25), width=2)
        y += max(line, ((pool - 1) // per_row + 1) * step + 4)
    # borne off: a bar with one segment per piece
    off = position.borne_off(col)
    d.text((x, y), f"Borne off: {off} / {n_pieces}", font=body_b if off else body,
           fill=th.text)
    y += line
    seg = inner / max(1, n_pieces)
    bh = int(c * 0.22)
    for i in range(n_pieces):
        sx0 = x + int(i * seg)
        sx1 = x + int((i + 1) * seg) - 3
        d.rectangle((sx0, y, sx1, y + bh), fill=PIECE[col] if i < off else th.background,
                    outline=th.grid)
    y += bh + 10
    safe = sum(position.safe_zone(col).values())
    track = sum(position.track(col).values())
    d.text((x, y), f"Track {track} · safe {safe} · {_pips(position, col)} pips", font=body,
           fill=th.muted)
    y += line + 4
    # cubes, one line per opponent still in the game
    if position.taunt_enabled:
        for other in sides_order(position, col):
            stake = position.stake(col, other)
            holder = position.cube_holder(col, other)
            cube = "centre" if holder is None else ("you" if holder == col
                                                    else COLOUR_NAMES[holder])
            chip = int(c * 0.15)
            cy = y + int(c * 0.26)
            d.rectangle((x, cy - chip, x + 2 * chip, cy + chip), fill=PIECE[other],
                        outline=(25, 25, 25))
            text = f"vs {COLOUR_NAMES[other]}: stake {stake}, cube: {cube}"
            f = cube_f
            d.text((x + 2 * chip + 8, y), fit_text(text, f, inner - 2 * chip - 8), font=f,
                   fill=th.text)
            y += line


def _pips(position: CheeseGambitPosition, col: str) -> int:
    """Steps ``col`` still needs to bear every piece off (a pool piece counts
    from the square before R1)."""
    total = sum(((EXIT[col] - sq) % TRACK + 7) * n for sq, n in position.track(col).items())
    total += sum(k * n for k, n in position.safe_zone(col).items())
    before_r1 = reentry_square(col, 1) - 1
    total += position.pool(col) * ((EXIT[col] - before_r1) % TRACK + 7)
    return total


def sides_order(position: CheeseGambitPosition, col: str) -> list[str]:
    """``col``'s opponents still in the game (not dropped), in turn order."""
    return [s for s in position.sides if s != col and s not in position.dropped]


def _status(position: CheeseGambitPosition, names: dict[str, str]
            ) -> tuple[str, str | None, str]:
    """The header: main line, the colour it is written in, a second line."""
    pend = position.pending()

    def who(s: str) -> str:
        n = names.get(s, s)
        return n if n == COLOUR_NAMES.get(s) else f"{n} ({COLOUR_NAMES.get(s, s)})"

    if position.result is not None:
        return "Game over: " + result_text(position.result, lambda s: names.get(s, s)), None, ""
    if pend and pend[0] == "taunt":
        taunter, target = pend[1], pend[2]
        stake = 2 * position.stake(taunter, target)
        return (f"{who(target)} must answer {names[taunter]}'s taunt (x{stake})", target,
                f"accept: stake {stake}, {names[target]} holds the cube; "
                f"drop: lose {position.stake(taunter, target)} and leave")
    if pend and pend[0] == "vote":
        voters = ", ".join(names[s] for s in pend[1])
        return f"Vote to play on: {voters}", pend[1][0], "any \"no\" ends the game"
    side = position.side_to_move or ""
    return f"{who(side)} to move", side or None, ""


class CheeseGambitRenderer(BoardRenderer[Theme]):
    """The CheeseGambit cross (see the module's description)."""

    game = "cheesegambit"
    themes = THEMES

    draw = staticmethod(_draw)

    def palette_samples(self, width: int, theme: str) -> list[tuple[Any, RenderContext]]:
        """A busy board with each colour to move (its header, dice and
        highlighted panel) and a pending taunt."""
        from games.cheesegambit.game import GAME

        base = ("R: 2@9, 1@13, 3@33, 2@P, 1@S6, 2@S3, 3@F; G: 2@11, 1@27, 4@51, 3@67, 1@P, "
                "1@S2, 2@F; B: 3@29, 4@45, 3@69, 1@14, 1@P, 2@S1; Y: 4@15, 3@31, 4@47, 3@63; "
                "cube R-B 2 R; ")
        tails = ["R taunts B; G to move", "G to move", "R to move", "Y to move"]
        context = RenderContext(names={"R": "Sample", "G": "Sample"}, dice=(5, 5),
                                last_side="R", last_moves="9X13 P/49 33/38", width=width,
                                last_events=(Moved("R", "9", "13", 4), Hit("R", "B", "13", "P"),
                                             Moved("R", "P", "49"), Moved("R", "33", "38", 5)),
                                theme=theme, footer="x")
        return [(GAME.from_listing(base + tail, {}), context) for tail in tails]


RENDERER = CheeseGambitRenderer()
render, draw, warm_up = RENDERER.render, RENDERER.draw, RENDERER.warm_up

__all__ = ["POOL", "RENDERER", "draw", "last_turn_marks", "render", "safe_cell", "square_cell",
           "warm_up"]
