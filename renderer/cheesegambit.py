"""CheeseGambit board picture: the cross with its 72 numbered squares.

Layout (a 19 x 19 grid of cells, see :mod:`renderer.cheesegambit_layout`):
Red's arm at the bottom, Green's on the left, Blue's at the top, Yellow's on
the right; each arm is tinted in its colour, its exit square starred and its
safe zone S6..S1 running up the middle towards home.  Re-entry squares carry
a stripe in the colour of the side that re-enters there, with ``R1``..``R6``
beside them outside the track.  The four corner quadrants hold each colour's
panel (name, pool, borne off, cubes, placing); the centre shows the borne-off
counts.

Colour is never the only signal: each colour's pieces have their own shape
(Red round, Green square, Blue a diamond, Yellow a cross), repeated
wherever the colour stands for a player (header, panels, re-entry labels),
and the four colours stay apart under simulated protanopia, deuteranopia
and tritanopia (:func:`player_colours`).  A blot is the plain shape with a
white ring; a block is the shape with its count.  The previous turn's
squares are outlined, each moved piece has an arrow from its start to its
end, and pool entries and bumps have a badge in the square's top-right slot.

The board itself (everything that never changes) is drawn once per size and
theme and cached; a render pastes pieces and text on a copy.

Phone pictures (narrower than :data:`~renderer.phone.COMPACT_BELOW`) use the
compact layout of :mod:`renderer.cheesegambit_layout`: the same cells, marks
and colours, the track unrolled into four bands of eight cells (one per arm,
its safe zone in the middle row ending at the gate with the borne-off count),
a rail on the left from 27 back to 28, each colour's panel beside its band,
and a header that wraps instead of cutting words.
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
from renderer.accessibility import Legible, best_tone, contrast_ratio
from renderer.base import BoardRenderer, moved_steps, result_text, theme_name
from renderer.board_common import dice_values, die_sprite, fit_text, mix, paste_dice
from renderer.cheesegambit_layout import (
    BAND,
    COMPACT_ROWS,
    GATE,
    GRID,
    ORDER_R,
    PANEL,
    Arrow,
    Badge,
    Geometry,
    Label,
    arrow,
    board_labels,
    geometry,
    label_size,
    order_badge_centre,
    reentry_label,
    safe_cell,
    square_cell,
    text_label,
)
from renderer.context import RenderContext
from renderer.fonts import font
from renderer.stencil import cached_text, stamp
from renderer.words import colour as colour_word
from renderer.words import word as say

RGB = tuple[int, int, int]

#: Piece colours, chosen so that every pair stays at least 24 CIEDE2000 apart
#: under normal vision and simulated protanopia, deuteranopia and tritanopia
#: (Machado 2009): a dark red, a blue-green, a deep blue and a light yellow
#: differ in lightness as well as in hue.
PIECE: dict[str, RGB] = {"R": (185, 21, 21), "G": (26, 171, 133), "B": (24, 63, 161),
                         "Y": (242, 211, 32)}
#: Counts and names on the piece colour (4.5:1 or more).
PIECE_TEXT: dict[str, RGB] = {"R": (255, 255, 255), "G": (14, 14, 14),
                              "B": (255, 255, 255), "Y": (14, 14, 14)}
#: Each colour's shape: colour is never the only thing telling pieces apart.
SHAPE: dict[str, str] = {"R": "circle", "G": "square", "B": "diamond", "Y": "cross"}
EDGE: RGB = (20, 20, 20)
#: The edge of pieces per theme: dark on the light board, light on the dark one.
PIECE_EDGE: dict[str, RGB] = {"light": EDGE, "dark": (232, 232, 236)}
BLACK_INK: RGB = (24, 22, 20)
WHITE_INK: RGB = (246, 246, 248)


@dataclass(frozen=True)
class Theme:
    """Colours around the board."""

    background: RGB
    grid: RGB
    text: RGB
    muted: RGB
    home: RGB
    panel: RGB
    #: last-turn outlines and arrows
    highlight: RGB
    #: how far each colour's arm tint and safe-zone tint are from the piece
    #: colour towards ``tint_base`` (0: the piece colour, 1: the base)
    tint_base: RGB
    arm_mix: float
    safe_mix: float


THEMES = {
    "light": Theme((242, 238, 228), (120, 112, 100), (30, 30, 36), (88, 84, 78),
                   (255, 255, 255), (250, 247, 240), (190, 78, 0), (255, 255, 255), 0.82, 0.55),
    "dark": Theme((34, 36, 42), (120, 122, 132), (236, 236, 240), (182, 185, 192),
                  (62, 64, 72), (48, 50, 58), (255, 160, 40), (34, 36, 42), 0.78, 0.6),
}
#: Kept for the tests and callers that want the light theme's tints.
HIGHLIGHT = THEMES["light"].highlight


def arm_tint(col: str, theme: str) -> RGB:
    """The tint of ``col``'s arm."""
    th = THEMES[theme]
    return mix(PIECE[col], th.tint_base, th.arm_mix)


def safe_tint(col: str, theme: str) -> RGB:
    """The tint of ``col``'s safe zone, gate, home triangle and exit square."""
    th = THEMES[theme]
    return mix(PIECE[col], th.tint_base, th.safe_mix)


ARM_TINT: dict[str, RGB] = {col: arm_tint(col, "light") for col in COLOURS}
SAFE_TINT: dict[str, RGB] = {col: safe_tint(col, "light") for col in COLOURS}


@lru_cache(maxsize=256)
def ink_on(fill: RGB) -> RGB:
    """Near-black or near-white, whichever has more contrast on ``fill``."""
    return max((BLACK_INK, WHITE_INK), key=lambda ink: contrast_ratio(ink, fill))


def colour_ink(col: str, theme: str) -> RGB:
    """Text in a colour on the page and panels: the piece colour darkened (light
    theme) or lightened (dark theme) until it reads at 4.5:1."""
    th = THEMES[theme]
    towards = (0, 0, 0) if theme != "dark" else (255, 255, 255)
    for step in range(21):
        ink = mix(PIECE[col], towards, step / 20)
        grounds = (th.background, th.panel, _active_panel(col, theme))
        if all(contrast_ratio(ink, ground) >= 4.6 for ground in grounds):
            return ink
    return ink_on(th.background)


def _active_panel(col: str, theme: str) -> RGB:
    """The tint of the panel of the colour to play."""
    return arm_tint(col, theme) if theme != "dark" else mix(PIECE[col], (0, 0, 0), 0.67)


def cell_fill(cell: tuple[int, int], theme: str, sides: tuple[str, ...],
              g: Geometry | None = None) -> RGB:
    """The fill of a board cell (what a number or a mark stands on), on the
    cross or on ``g``'s layout."""
    th = THEMES[theme]
    g = g or geometry(1100)
    for col in COLOURS:
        if cell == g.gate(col) or any(cell == g.safe_cell(col, k) for k in range(1, 7)):
            return safe_tint(col, theme) if col in sides else th.home
    for sq in range(1, TRACK + 1):
        if g.square_cell(sq) == cell:
            arm = _arm_of(sq)
            return safe_tint(arm, theme) if EXIT[arm] == sq else arm_tint(arm, theme)
    return th.background


def _arm_of(square: int) -> str:
    if 10 <= square <= 27:
        return "R"
    if 28 <= square <= 45:
        return "G"
    if 46 <= square <= 63:
        return "B"
    return "Y"


def _star(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: RGB,
          edge: RGB = EDGE) -> None:
    pts = []
    for i in range(10):
        ang = -math.pi / 2 + i * math.pi / 5
        rad = r if i % 2 == 0 else r * 0.45
        pts.append((cx + rad * math.cos(ang), cy + rad * math.sin(ang)))
    draw.polygon(pts, fill=fill, outline=edge)


def shape_points(shape: str, cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    """The outline of a piece shape of half-size ``r`` (a circle is its box)."""
    if shape == "square":
        k = r * 0.9
        return [(cx - k, cy - k), (cx + k, cy - k), (cx + k, cy + k), (cx - k, cy + k)]
    if shape == "diamond":
        k = r * 1.12
        return [(cx, cy - k), (cx + k, cy), (cx, cy + k), (cx - k, cy)]
    if shape == "cross":  # a plus sign with thick arms
        a, k = r * 1.05, r * 0.55
        return [(cx - k, cy - a), (cx + k, cy - a), (cx + k, cy - k), (cx + a, cy - k),
                (cx + a, cy + k), (cx + k, cy + k), (cx + k, cy + a), (cx - k, cy + a),
                (cx - k, cy + k), (cx - a, cy + k), (cx - a, cy - k), (cx - k, cy - k)]
    return [(cx - r, cy - r), (cx + r, cy + r)]


def draw_shape(d: ImageDraw.ImageDraw, col: str, cx: float, cy: float, r: float,
               edge: RGB = EDGE, width: int = 2) -> None:
    """``col``'s piece shape, filled with its colour and edged in ``edge``."""
    shape = SHAPE[col]
    pts = shape_points(shape, cx, cy, r)
    if shape == "circle":
        d.ellipse((pts[0], pts[1]), fill=PIECE[col], outline=edge, width=width)
    else:
        d.polygon(pts, fill=PIECE[col], outline=edge, width=width)


@lru_cache(maxsize=2 * len(THEMES) * 3)  # every look: 2 widths x themes x 2-4 players
def _background(width: int, theme_name: str, sides: tuple[str, ...]) -> Image.Image:
    """The board without pieces or text that changes."""
    g = geometry(width)
    th = THEMES[theme_name]
    img = Image.new("RGB", (g.width, g.height), th.background)
    d = ImageDraw.Draw(img)
    c = g.cell
    edge = PIECE_EDGE[theme_name]  # of stars and stripes: dark on light, light on dark
    if g.compact:
        _rail(d, g, th)
    else:
        # home: four triangles towards the arms
        x0, y0, _, _ = g.box(8, 8)
        _, _, x1, y1 = g.box(10, 10)
        mx, my = (x0 + x1) // 2, (y0 + y1) // 2
        tris = {"R": [(x0, y1), (x1, y1), (mx, my)], "B": [(x0, y0), (x1, y0), (mx, my)],
                "G": [(x0, y0), (x0, y1), (mx, my)], "Y": [(x1, y0), (x1, y1), (mx, my)]}
        for col, pts in tris.items():
            d.polygon(pts, fill=safe_tint(col, theme_name) if col in sides else th.home,
                      outline=th.grid)
    # gates and safe zones
    for col in COLOURS:
        tint = safe_tint(col, theme_name) if col in sides else th.home
        d.rectangle(g.box(*g.gate(col)), fill=tint, outline=th.grid)
        for k in range(1, 7):
            d.rectangle(g.box(*g.safe_cell(col, k)), fill=tint, outline=th.grid)
        if g.compact:  # the star top left: the borne-off count takes the middle
            gx, gy = g.at(g.gate(col), 0.3, 0.27)
            _star(d, gx, gy, c * 0.2, PIECE[col] if col in sides else th.muted, edge)
        else:
            gx, gy = g.centre(*GATE[col])
            _star(d, gx, gy, c // 4, PIECE[col] if col in sides else th.muted, edge)
    # track squares
    stripes: dict[int, str] = {}
    for col in sides:
        for k in range(1, 7):
            stripes[reentry_square(col, k)] = col
    for sq in range(1, TRACK + 1):
        arm = _arm_of(sq)
        box = g.box(*g.square_cell(sq))
        d.rectangle(box, fill=cell_fill(g.square_cell(sq), theme_name, sides, g),
                    outline=th.grid)
        if EXIT[arm] == sq:
            (sx, sy), sr = g.slot(g.square_cell(sq))
            _star(d, sx, sy, sr, PIECE[arm], edge)
        if sq in stripes:
            w = max(3, c // 18)
            stripe = {"left": (box[0] + 1, box[1] + 1, box[0] + w, box[3] - 1),
                      "right": (box[2] - w, box[1] + 1, box[2] - 1, box[3] - 1),
                      "top": (box[0] + 1, box[1] + 1, box[2] - 1, box[1] + w),
                      "bottom": (box[0] + 1, box[3] - w, box[2] - 1, box[3] - 1)}[
                g.stripe_side(sq)]
            d.rectangle(stripe, fill=PIECE[stripes[sq]], outline=edge)
    # Crisp (not anti-aliased) labels: as legible at this size, and a PNG
    # a quarter smaller (soft edges are noise to the compressor).
    d.fontmode = "1"
    labels = board_labels(g.width, sides)
    for label in labels:
        if label.text.startswith("R") and label.text[1:].isdigit():
            continue
        cell = _label_cell(g, label)
        d.text(label.xy, label.text, font=font(label.size, True), anchor=label.anchor,
               fill=ink_on(cell_fill(cell, theme_name, sides, g)))
    # re-entry labels beside their squares, with the colour's shape
    for col in sides:
        for k in range(1, 7):
            label = reentry_label(g, reentry_square(col, k), k)
            ink = colour_ink(col, theme_name)
            d.text(label.xy, label.text, font=font(label.size, True), anchor=label.anchor,
                   fill=ink)
            _reentry_shape(d, g, col, label)
    # panels
    for col in COLOURS:
        if col in sides:
            d.rounded_rectangle(_panel_box(g, col), radius=14, fill=th.panel,
                                outline=PIECE[col], width=3)
    return img


def _rail(d: ImageDraw.ImageDraw, g: Geometry, th: Theme) -> None:
    """The compact layout's way from 27 (the bottom band's last square) up
    the left margin to 28 (the top band's first), ending in a head: the track
    goes on there."""
    x = g.left - g.rail / 2
    y0 = g.lane(g.square_cell(27))[1]
    y1 = g.lane(g.square_cell(28))[1]
    w = max(3, g.cell // 14)
    d.line([(g.left, y0), (x, y0), (x, y1), (g.left - w, y1)], fill=th.grid, width=w,
           joint="curve")
    h = g.rail * 0.45
    d.polygon([(g.left, y1), (g.left - h, y1 - h * 0.7), (g.left - h, y1 + h * 0.7)],
              fill=th.grid)
    d.polygon([(x, y1 - h), (x - h * 0.6, y1 - h * 0.1), (x + h * 0.6, y1 - h * 0.1)],
              fill=th.grid)


def _label_cell(g: Geometry, label: Label) -> tuple[int, int]:
    x0, y0, _, _ = label.box
    return int((y0 - g.top) // g.cell), int((x0 - g.left) // g.cell)


def _reentry_shape(d: ImageDraw.ImageDraw, g: Geometry, col: str, label: Label) -> None:
    """A small piece shape of the re-entering colour next to its ``R`` label,
    on the side away from the square."""
    x0, y0, x1, y1 = label.box
    r = g.cell * 0.11
    cy = (y0 + y1) / 2
    if label.anchor == "rm":  # label against the square on its right: shape to the left
        cx = x0 - r - 3
    else:
        cx = x1 + r + 3
    draw_shape(d, col, cx, cy, r, width=1)


def _panel_box(g: Geometry, col: str) -> tuple[int, int, int, int]:
    if g.compact:
        x0, y0, x1, y1 = _quadrant(g, col)
        return x0 + 4, y0 + 4, x1 - 4, y1 - 4
    r0, c0 = PANEL[col]
    px0, py0, _, _ = g.box(r0, c0)
    _, _, px1, py1 = g.box(r0 + 6, c0 + 6)
    return px0 + 4, py0 + 4, px1 - 4, py1 - 4


@lru_cache(maxsize=1024)
def _sprite(cell: int, colour: str, n: int, theme: str = "light") -> Image.Image:
    """A piece picture (RGBA, one cell): ``colour``'s shape, with a white ring
    for a blot or its count for a block (also in the safe zone)."""
    from renderer.cheesegambit_layout import PIECE_X, PIECE_Y

    img = Image.new("RGBA", (cell, cell), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    cx, cy = round(cell * PIECE_X), round(cell * PIECE_Y)
    r = round(cell * 0.28)
    edge = PIECE_EDGE[theme]
    if n == 1:
        draw_shape(d, colour, cx, cy, r - 1, edge)
        q = max(3, r // 3)
        d.ellipse((cx - q, cy - q, cx + q, cy + q), outline=WHITE_INK, width=2)
        d.ellipse((cx - q - 2, cy - q - 2, cx + q + 2, cy + q + 2), outline=EDGE, width=1)
    else:
        draw_shape(d, colour, cx, cy, r + 1, edge, width=3)
        d.text((cx, cy), str(n), font=font(label_size(cell), True), fill=PIECE_TEXT[colour],
               anchor="mm", stroke_width=2, stroke_fill=PIECE[colour])
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
    g = geometry(context.width)
    side = context.last_side
    if not side or side not in COLOURS:
        return out
    steps = moved_steps(context.last_events, side, _CODES, OFF, MAX_PIECES)
    bumped = {_CODES[e.at] for e in context.last_events
              if isinstance(e, Hit) and e.side == side and e.at in _CODES}

    def cell(loc: int) -> tuple[int, int] | None:
        if 1 <= loc <= TRACK:
            return g.square_cell(loc)
        if SAFE_BASE < loc < OFF:
            return g.safe_cell(side, loc - SAFE_BASE)
        if loc == OFF:
            return g.gate(side)
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


@dataclass
class Plan:
    """Where this picture's pieces, arrows and badges go (what the layout
    tests check): pieces as (cell, colour, count) with their boxes."""

    pieces: list[tuple[tuple[int, int], str, int]]
    piece_boxes: list[tuple[float, float, float, float]]
    arrows: list[Arrow]
    badges: list[Badge]
    last: LastTurn


def plan(position: CheeseGambitPosition, context: RenderContext) -> Plan:
    """The picture's layout: every piece, arrow and badge, in pixels."""
    g = geometry(context.width)
    pieces: list[tuple[tuple[int, int], str, int]] = []
    for col in position.sides:
        if col in position.dropped:
            continue
        pieces += [(g.square_cell(sq), col, n) for sq, n in position.track(col).items()]
        pieces += [(g.safe_cell(col, k), col, n) for k, n in position.safe_zone(col).items()]
    boxes = [g.piece_box(cell) for cell, _, _ in pieces]
    last = last_turn_marks(context)
    arrows = [arrow(g, cells) for cells, _, _ in last.arrows]
    badges: list[Badge] = []
    if len(last.arrows) + len(last.entries) > 1 or any(n > 1 for _, n, _ in last.arrows):
        for cells, count, number in last.arrows:
            text = f"{number}" if count == 1 else f"{count}x"
            centre = order_badge_centre(g, cells)
            radius = ORDER_R * g.cell  # (in the start cell's slot too: a number, not a letter)
            badges.append(Badge(centre, radius, text, "order"))
    entered = {cell for cell, _ in last.entries}
    for cell in sorted(entered | last.bumps):
        centre, r = g.slot(cell)
        text = ("P" if cell in entered else "") + ("X" if cell in last.bumps else "")
        badges.append(Badge(centre, r, text, "entry" if cell in entered else "bump"))
    return Plan(pieces, boxes, arrows, badges, last)


def count_labels(layout: Plan, width: int) -> list[tuple[Label, tuple[float, float,
                                                                    float, float]]]:
    """Each block's count as a label, with its piece's box (what the layout
    tests check; the sprites draw the counts)."""
    g = geometry(width)
    return [(text_label(str(n), g.piece_centre(*cell), "mm", g.label_px), box)
            for (cell, _, n), box in zip(layout.pieces, layout.piece_boxes, strict=True)
            if n > 1]


def _draw(position: CheeseGambitPosition, context: RenderContext) -> Image.Image:
    """The full-colour picture (see :meth:`CheeseGambitRenderer.draw`)."""
    g = geometry(context.width)
    theme = theme_name(THEMES, context.theme)
    th = THEMES[theme]
    sides = position.sides
    img = _background(g.width, theme, sides).copy()
    d = ImageDraw.Draw(img)
    d.fontmode = "1"  # crisp text: a smaller PNG (see _background)
    c = g.cell
    lang = context.language
    names = {s: context.names.get(s) or colour_word(lang, COLOUR_NAMES[s]) for s in sides}
    layout = plan(position, context)

    # last turn: outlines and arrows under the pieces (a piece hides the
    # line passing under it, never the other way round)
    # two tones, so that one of them stands out on any square's tint
    for cell in layout.last.src | layout.last.dst:
        x0, y0, x1, y1 = g.box(*cell)
        wide = 2 if cell in layout.last.dst else 1
        d.rectangle((x0 + 1, y0 + 1, x1 - 1, y1 - 1), outline=th.highlight, width=wide)
        d.rectangle((x0 + 1 + wide, y0 + 1 + wide, x1 - 1 - wide, y1 - 1 - wide), outline=EDGE,
                    width=1)
    w = max(4, c // 12)
    for a in layout.arrows:
        _draw_arrow(d, a, w, th.highlight)

    for (row, column), colour, n in layout.pieces:
        _paste(img, g, row, column, _sprite(c, colour, n, theme))

    for badge in layout.badges:
        _draw_badge(img, d, badge, badge_font_size(badge, c), th.highlight)

    # home: borne-off counts
    hx, hy = g.centre(9, 9)
    offsets = {"R": (0, c), "B": (0, -c), "G": (-c, 0), "Y": (c, 0)}
    for col in sides:
        if col in position.dropped:
            continue
        ox, oy = offsets[col]
        # compact: in the gate, where a piece would stand (the star is in the slot)
        at = g.piece_centre(*g.gate(col)) if g.compact else (hx + ox, hy + oy)
        stamp(img, at, str(position.borne_off(col)), int(c * 0.46),
              ink_on(safe_tint(col, theme)), anchor="mm")

    actor = position.side_to_move
    for col in sides:
        _paste_panel(img, g, position, col, names, col == actor, theme, lang)
    _header(img, g, th, position, context, names)

    # footer: last turn
    body_b = font(_text_px(c), bold=True)
    foot = []
    if context.last_side and context.last_moves:
        who = names.get(context.last_side, context.last_side)
        foot.append(say(lang, "last_by", who=who, moves=context.last_moves))
    if context.footer:
        foot.append(context.footer)
    if foot:
        rows = COMPACT_ROWS if g.compact else GRID
        stamp(img, (g.left, g.top + rows * c + int(c * 0.2)),
              fit_text("   ".join(foot), body_b, g.width - 2 * g.left), _text_px(c), th.text)
    return img


def _draw_arrow(d: ImageDraw.ImageDraw, a: Arrow, w: int, colour: RGB) -> None:
    line = list(a.points)
    if len(line) > 1:
        d.line(line, fill=EDGE, width=w + 4, joint="curve")
        d.line(line, fill=colour, width=w, joint="curve")
    d.polygon(list(a.head), fill=colour, outline=EDGE, width=2)


def _text_px(cell: int) -> int:
    """Lines of text (panels, second header line, footer): never smaller than
    the square numbers."""
    return max(int(cell * 0.42), label_size(cell))


def badge_font_size(badge: Badge, cell: int) -> int:
    """A pool entry's P or a bump's X as tall as the square numbers (they are
    read like them); two letters (PX) and order numbers smaller, to fit."""
    if badge.kind in ("entry", "bump") and len(badge.text) == 1:
        return label_size(cell)
    return max(10, int(cell * 0.26))


#: A bump's badge: a red X on white.
BUMP_INK: RGB = (200, 0, 0)
BADGE_WHITE: RGB = (255, 255, 255)
#: Pips of a die of no player's colour (white).
DIE_PIP: RGB = (30, 30, 30)


def _draw_badge(image: Image.Image, d: ImageDraw.ImageDraw, badge: Badge, size: int,
                highlight: RGB) -> None:
    """An order number on the highlight colour; a bump's X in red on white."""
    fill = BADGE_WHITE if badge.kind == "bump" else highlight
    x0, y0, x1, y1 = badge.box
    d.ellipse((x0, y0, x1, y1), fill=fill, outline=EDGE, width=2)
    ink = BUMP_INK if badge.kind == "bump" else ink_on(fill)
    stamp(image, badge.centre, badge.text, size, ink, anchor="mm")


def _header(image: Image.Image, g: Geometry, th: Theme, position: CheeseGambitPosition,
            context: RenderContext, names: dict[str, str]) -> None:
    """Whose turn it is (in that colour, after its shape), a pending taunt or
    vote, the dice."""
    d = ImageDraw.Draw(image)
    d.fontmode = "1"
    c = g.cell
    title = font(int(c * 0.56), bold=True)
    sub = font(_text_px(c), bold=True)
    main, colour, second = _status(position, names, context.language)
    size = int(c * 1.12)
    dice = dice_values(context.dice)
    dice_w = len(dice) * (size + 12)
    y = 10
    x = g.left
    theme = theme_name(THEMES, context.theme)
    if colour and position.result is None:
        r = int(c * 0.26)
        draw_shape(d, colour, x + r, y + int(c * 0.34), r)
        x += 2 * r + 14
    ink = colour_ink(colour, theme) if colour else th.text
    if g.compact:
        _compact_header(image, g, th, position, context, main, second, x, ink, dice_w, colour)
        return
    text = fit_text(main, title, g.width - g.left - x - dice_w - 20)
    stamp(image, (x, y), text, int(c * 0.56), ink)
    after_title = x + int(d.textlength(text, font=title)) + int(c * 0.5)
    if second:
        stamp(image, (x, y + int(c * 0.78)),
              fit_text(second, sub, g.width - g.left - x - dice_w - 20), _text_px(c), th.text)
    if dice:
        die_colour = position.side_to_move if position.result is None else context.last_side
        if die_colour not in PIECE:
            die_colour = None
        dx = min(after_title, g.width - g.left - dice_w + 12)
        if second:
            dx = g.width - g.left - dice_w + 12
        face = PIECE[die_colour] if die_colour else (255, 255, 255)
        pip = PIECE_TEXT[die_colour] if die_colour else DIE_PIP
        centres = [(dx + i * (size + 12) + size / 2, 8 + size / 2) for i in range(len(dice))]
        paste_dice(image, dice, centres, size, face, pip, (25, 25, 25))


def _wrap(text: str, fnt: Any, widths: list[float]) -> list[str]:
    """``text`` in lines of the given widths (the last width repeats), whole
    words; a word longer than a line is cut with an ellipsis."""
    lines: list[str] = []
    for word in text.split():
        room = widths[min(len(lines) - 1, len(widths) - 1)] if lines else widths[0]
        if lines and fnt.getlength(lines[-1] + " " + word) <= room:
            lines[-1] += " " + word
        else:
            room = widths[min(len(lines), len(widths) - 1)]
            lines.append(fit_text(word, fnt, room))
    return lines


def _compact_header(image: Image.Image, g: Geometry, th: Theme,
                    position: CheeseGambitPosition, context: RenderContext, main: str,
                    second: str, x: int, ink: RGB, dice_w: int, colour: str | None) -> None:
    """The phone header: the headline beside the dice (smaller, down to the
    square numbers' size, or wrapped onto the lines below when it is long),
    then the second line wrapped: nothing a player reads is cut short."""
    c = g.cell
    first_w = g.width - g.left - x - dice_w - 8
    full_w = g.width - 2 * g.left + g.rail
    sub_px = _text_px(c)
    sub = font(sub_px, True)
    if colour and sub.getlength(main) > first_w:  # the shape and colour say it already
        main = main.replace(f" ({colour_word(context.language, COLOUR_NAMES[colour])})", "")
    title_px = int(c * 0.56)
    while title_px > sub_px and font(title_px, True).getlength(main) > first_w:
        title_px -= 1
    head = _wrap(main, font(title_px, True), [first_w, full_w])
    rest = [(text, ink) for text in head[1:]]
    for part in second.split("; ") if second else []:  # a clause a line where they fit
        rest += [(text, th.text) for text in _wrap(part, sub, [full_w])]
    if len(rest) > 2:
        rest = [rest[0], (fit_text(" ".join(t for t, _ in rest[1:]), sub, full_w), th.text)]
    stamp(image, (x, 10), head[0], title_px, ink)
    y = 10 + int(c * 0.78)
    for text, tone in rest:
        stamp(image, (g.left - round(g.rail), y), text, sub_px, tone)
        y += int(c * 0.55)
    dice = dice_values(context.dice)
    if dice:
        size = int(c * 1.12)
        die_colour = position.side_to_move if position.result is None else context.last_side
        face = PIECE[die_colour] if die_colour in PIECE else (255, 255, 255)
        pip = PIECE_TEXT[die_colour] if die_colour in PIECE else DIE_PIP
        dx = g.width - g.left - dice_w + 12
        centres = [(dx + i * (size + 12) + size / 2, 8 + size / 2) for i in range(len(dice))]
        paste_dice(image, dice, centres, size, face, pip, (25, 25, 25))


#: Panel pictures by content, least recently used first.
_PANELS: dict[tuple[object, ...], Image.Image] = {}
#: Panels kept: two pictures' worth of a 4-player game (a reply and a /board of the
#: same game hit).  A panel is 600 KB at 1,100 px, in each picture worker; 64 of them
#: were the biggest cache of a bot with many games (bench/bench_memory.py), 16 still
#: 9 MiB a worker, and their names make them one game's each: a busy bot's pictures
#: of other games evict them anyway.
PANELS = 8


def _paste_panel(img: Image.Image, g: Geometry, position: CheeseGambitPosition, col: str,
                 names: dict[str, str], active: bool, theme: str, language: str = "en") -> None:
    """Paste ``col``'s panel, drawn once per content (most panels do not
    change from one turn to the next)."""
    gone = col in position.dropped
    key = (g.width, theme, language, position.sides, col, active, position.pending() is not None,
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
        local = Geometry(g.width, g.cell, g.left - x0, g.top - y0, g.height, g.compact)
        if g.compact:  # the panel's own box, moved with the crop
            local = _Shifted(local, x0, y0)
        th = THEMES[theme]
        draw = ImageDraw.Draw(panel)
        draw.fontmode = "1"  # crisp text: a smaller PNG (see _background)
        _panel(draw, local, th, position, col, names, active, theme, language)
        if len(_PANELS) >= PANELS:
            del _PANELS[next(iter(_PANELS))]
    _PANELS[key] = panel  # most recently used last
    img.paste(panel, (x0, y0))


def _quadrant(g: Geometry, col: str) -> tuple[int, int, int, int]:
    if g.compact:  # beside the colour's band, to the picture's right margin
        y0 = g.top + 4 * BAND[col] * g.cell
        return g.track_right + 4, y0, g.width - 6, y0 + 4 * g.cell
    r0, c0 = PANEL[col]
    x0, y0, _, _ = g.box(r0, c0)
    _, _, x1, y1 = g.box(r0 + 6, c0 + 6)
    return x0, y0, x1, y1


def panel_status(position: CheeseGambitPosition, col: str, names: dict[str, str],
                 language: str = "en") -> str | None:
    """Why ``col`` is out of the game, in words (None while it plays): a
    resignation is a resignation, a dropped taunt names the winner."""
    to = position.dropped.get(col)
    if to is None:
        return None
    if to == col:
        return say(language, "resigned")
    return say(language, "dropped_to",
               name=names.get(to, colour_word(language, COLOUR_NAMES[to])))


def cube_text(position: CheeseGambitPosition, col: str, other: str,
              names: dict[str, str], language: str = "en") -> str:
    """``col``'s stake and cube against ``other``, naming the cube's holder (a
    public picture never says "you")."""
    stake = position.stake(col, other)
    holder = position.cube_holder(col, other)
    return say(language, "cube_vs", colour=colour_word(language, COLOUR_NAMES[other]), stake=stake,
               cube=_cube(holder, names, language))


def _cube(holder: str | None, names: dict[str, str], language: str) -> str:
    """Where a cube is: ``centre``, or its holder's name."""
    if holder is None:
        return say(language, "cube_centre")
    return say(language, "cube_at",
               name=names.get(holder, colour_word(language, COLOUR_NAMES[holder])))


def _place_text(place: int, language: str) -> str:
    """``WINNER``, ``Placed 2nd``."""
    if place == 1:
        return say(language, "winner_caps")
    key = f"ordinal_{place}" if place in (2, 3) else "ordinal_n"
    return say(language, "placed", place=say(language, key, n=place))


def _panel_frame(d: ImageDraw.ImageDraw, box: tuple[int, int, int, int], col: str, theme: str,
                 active: bool, *, pad: int, radius: int, outline: int, bar_h: int,
                 bar_radius: int) -> None:
    """A panel's frame: the turn's highlight ``pad`` round ``box`` when ``active``, then
    the name bar in the colour (the desktop and the phone panel differ only in sizes)."""
    x0, y0, x1, y1 = box
    if active:
        d.rounded_rectangle((x0 - pad, y0 - pad, x1 + pad, y1 + pad), radius=radius,
                            fill=_active_panel(col, theme), outline=PIECE[col], width=outline)
    d.rounded_rectangle((x0, y0, x1, y0 + bar_h), radius=bar_radius, fill=PIECE[col])


def _panel(d: ImageDraw.ImageDraw, g: Geometry, th: Theme, position: CheeseGambitPosition,
           col: str, names: dict[str, str], active: bool, theme: str,
           language: str = "en") -> None:
    """A colour's corner panel: name, pool, borne off, cubes, placing."""
    if isinstance(g, _Shifted):
        _panel_compact(d, g, th, position, col, names, active, theme, language)
        return
    c = g.cell
    x0, y0, x1, y1 = _panel_box(g, col)
    head = font(int(c * 0.48), bold=True)
    body = font(_text_px(c))
    body_b = font(_text_px(c), bold=True)
    line = int(c * 0.62)
    bar_h = int(c * 0.78)
    _panel_frame(d, (x0, y0, x1, y1), col, theme, active, pad=3, radius=16, outline=8,
                 bar_h=bar_h, bar_radius=14)
    name = names[col]
    colour_name = colour_word(language, COLOUR_NAMES[col])
    label = f"{name} ({colour_name})" if name != colour_name else name
    badge_w = 0
    if active:
        tag = say(language, "to_play" if not position.pending() else "to_answer")
        tw = int(d.textlength(tag, font=body_b))
        badge_w = tw + 24
        bx1 = x1 - 10
        d.rounded_rectangle((bx1 - badge_w, y0 + 8, bx1, y0 + bar_h - 8), radius=10,
                            fill=(255, 255, 255))
        cached_text(d, (bx1 - badge_w // 2, y0 + bar_h // 2), tag, font=body_b,
                    fill=colour_ink(col, "light"), anchor="mm")
    r = int(c * 0.2)
    draw_shape(d, col, x0 + 12 + r, y0 + bar_h // 2, r, width=2)
    tx = x0 + 20 + 2 * r
    room = x1 - tx - 20 - badge_w
    if d.textlength(label, font=head) > room:
        label = name
    cached_text(d, (tx, y0 + bar_h // 2), fit_text(label, head, room),
                font=head, fill=PIECE_TEXT[col], anchor="lm")
    x = x0 + 16
    y = y0 + bar_h + 12
    inner = x1 - x0 - 32
    gone = panel_status(position, col, names, language)
    if gone is not None:
        cached_text(d, (x, y), fit_text(gone, body_b, inner), font=body_b, fill=th.text)
        return
    if col in position.placings:
        place = position.placings.index(col) + 1
        text = _place_text(place, language)
        cached_text(d, (x, y), text, font=head, fill=colour_ink(col, theme))
        y += int(c * 0.66)
    n_pieces = int(position.options.get("pieces", "14"))
    # pool: drawn pieces with the count
    pool = position.pool(col)
    cached_text(d, (x, y), say(language, "pool_label"), font=body_b, fill=th.text)
    px = x + int(d.textlength(say(language, "pool_label_space"), font=body_b))
    if pool == 0:
        cached_text(d, (px, y), say(language, "pool_empty"), font=body, fill=th.muted)
        y += line
    else:
        cached_text(d, (px, y), f"{pool}", font=body_b, fill=th.text)
        pr = int(c * 0.2)
        step = 2 * pr + 6
        per_row = max(1, (x1 - 16 - (px + 40)) // step)
        sx = px + 40
        for i in range(pool):
            cx = sx + pr + (i % per_row) * step
            cy = y + int(c * 0.24) + (i // per_row) * step
            draw_shape(d, col, cx, cy, pr)
        y += max(line, ((pool - 1) // per_row + 1) * step + 4)
    # borne off: a bar with one segment per piece
    off = position.borne_off(col)
    cached_text(d, (x, y), say(language, "borne_off_of", off=off, pieces=n_pieces),
                font=body_b if off else body,
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
    cached_text(d, (x, y), fit_text(say(language, "track_line", track=track, safe=safe,
                                        pips=_pips(position, col)), body, inner),
                font=body, fill=th.muted)
    y += line + 4
    # cubes, one line per opponent still in the game
    if position.taunt_enabled:
        for other in sides_order(position, col):
            chip = int(c * 0.15)
            draw_shape(d, other, x + chip, y + int(c * 0.27), chip, width=1)
            text = cube_text(position, col, other, names, language)
            cached_text(d, (x + 2 * chip + 8, y), fit_text(text, body, inner - 2 * chip - 8),
                        font=body, fill=th.text)
            y += line


class _Shifted(Geometry):
    """A compact panel's geometry inside its crop (the panel box moved by
    the crop's corner)."""

    def __init__(self, g: Geometry, dx: int, dy: int) -> None:
        super().__init__(g.width, g.cell, g.left, g.top, g.height, True)
        object.__setattr__(self, "dx", dx)
        object.__setattr__(self, "dy", dy)


def _panel_compact(d: ImageDraw.ImageDraw, g: _Shifted, th: Theme,
                   position: CheeseGambitPosition, col: str, names: dict[str, str],
                   active: bool, theme: str, language: str = "en") -> None:
    """A colour's panel beside its band on a phone: the name bar (with TO
    PLAY), then one line each for pool and borne off, track and pips, and a
    line per opponent's cube, all at the square numbers' size or larger."""
    c = g.cell
    full = geometry(g.width)
    bx0, by0, bx1, by1 = _panel_box(full, col)
    x0, y0, x1, y1 = bx0 - g.dx, by0 - g.dy, bx1 - g.dx, by1 - g.dy  # type: ignore[attr-defined]
    px = _text_px(c)
    body, body_b = font(px), font(px, bold=True)
    line = int(px * 1.3)
    bar_h = int(c * 0.74)
    _panel_frame(d, (x0, y0, x1, y1), col, theme, active, pad=2, radius=12, outline=6,
                 bar_h=bar_h, bar_radius=10)
    badge_w = 0
    if active:
        tag = say(language, "to_play" if not position.pending() else "to_answer")
        badge_w = int(d.textlength(tag, font=body_b)) + 12
        d.rounded_rectangle((x1 - 6 - badge_w, y0 + 5, x1 - 6, y0 + bar_h - 5), radius=8,
                            fill=(255, 255, 255))
        cached_text(d, (x1 - 6 - badge_w // 2, y0 + bar_h // 2), tag, font=body_b,
                    fill=colour_ink(col, "light"), anchor="mm")
    r = int(c * 0.18)
    draw_shape(d, col, x0 + 8 + r, y0 + bar_h // 2, r, width=2)
    tx = x0 + 14 + 2 * r
    cached_text(d, (tx, y0 + bar_h // 2), fit_text(names[col], body_b, x1 - tx - 12 - badge_w),
                font=body_b, fill=PIECE_TEXT[col], anchor="lm")
    x, y = x0 + 8, y0 + bar_h + 6
    inner = x1 - x0 - 16
    gone = panel_status(position, col, names, language)
    if gone is not None:
        cached_text(d, (x, y), fit_text(gone, body_b, inner), font=body_b, fill=th.text)
        return
    n_pieces = int(position.options.get("pieces", "14"))
    off = position.borne_off(col)
    if col in position.placings:
        place = position.placings.index(col) + 1
        text = _place_text(place, language)
        cached_text(d, (x, y), fit_text(say(language, "placed_off", text=text, off=off,
                                            pieces=n_pieces), body_b, inner),
                    font=body_b, fill=colour_ink(col, theme))
    else:
        pool = position.pool(col)
        text = say(language, "pool_off", pool=pool, off=off, pieces=n_pieces)
        cached_text(d, (x, y), fit_text(text, body_b, inner), font=body_b, fill=th.text)
    y += line
    safe = sum(position.safe_zone(col).values())
    text = say(language, "pips_safe", pips=_pips(position, col), safe=safe)
    cached_text(d, (x, y), fit_text(text, body, inner), font=body, fill=th.muted)
    y += line
    if position.taunt_enabled:
        for other in sides_order(position, col):
            chip = int(c * 0.14)
            draw_shape(d, other, x + chip, y + px * 0.55, chip, width=1)
            cube = _cube(position.cube_holder(col, other), names, language)
            text = say(language, "cube_stake", stake=position.stake(col, other), cube=cube)
            cached_text(d, (x + 2 * chip + 6, y), fit_text(text, body, inner - 2 * chip - 6),
                        font=body, fill=th.text)
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


def _status(position: CheeseGambitPosition, names: dict[str, str], language: str = "en"
            ) -> tuple[str, str | None, str]:
    """The header: main line, the colour it is written in, a second line."""
    pend = position.pending()

    lang = language

    def who(s: str) -> str:
        n = names.get(s, s)
        colour_name = colour_word(lang, COLOUR_NAMES.get(s, s))
        return n if n == colour_name else f"{n} ({colour_name})"

    if position.result is not None:
        return say(lang, "game_over_with", result=result_text(
            position.result, lambda s: names.get(s, s), lang)), None, ""
    if pend and pend[0] == "taunt":
        taunter, target = pend[1], pend[2]
        stake = 2 * position.stake(taunter, target)
        return (say(lang, "must_answer", who=who(target), taunter=names[taunter], stake=stake),
                target,
                say(lang, "answer_choices", stake=stake, target=names[target],
                    lose=position.stake(taunter, target)))
    if pend and pend[0] == "vote":
        voters = ", ".join(names[s] for s in pend[1])
        return say(lang, "vote_title", voters=voters), pend[1][0], say(lang, "vote_rule")
    side = position.side_to_move or ""
    return say(lang, "to_move", side=who(side)), side or None, ""


#: Theme colours that carry nothing a player reads (checked by
#: tests/renderer/test_accessibility.py: every other theme colour is declared).
DECORATION: dict[str, str] = {}


def player_colours(theme: str) -> dict[str, RGB]:
    """Each colour's pieces as drawn (the same in both themes)."""
    return dict(PIECE)


def legibility(theme: str) -> list[Legible]:
    """Every text and mark colour a player reads, on what it stands on."""
    name = theme_name(THEMES, theme)
    th = THEMES[name]
    out = [Legible("headline and panel text", th.text, th.background),
           Legible("panel text", th.text, th.panel),
           Legible("panel figures", th.muted, th.panel),
           Legible("footer", th.text, th.background),
           Legible("squares' grid lines", th.grid, th.background, "mark"),
           Legible("a bump's X", BUMP_INK, BADGE_WHITE),
           Legible("a move's order number", ink_on(th.highlight), th.highlight),
           Legible("an uncoloured die's pips", DIE_PIP, BADGE_WHITE, "mark")]
    fills = {cell_fill(label_cell, name, COLOURS)
             for label_cell in _all_label_cells()} | {th.home}
    for fill in sorted(fills):
        out.append(Legible(f"square numbers on {fill}", ink_on(fill), fill))
        outline = th.highlight if contrast_ratio(th.highlight, fill) >= contrast_ratio(
            EDGE, fill) else EDGE
        out.append(Legible(f"last-turn outline (its stronger tone) on {fill}", outline, fill,
                           "mark"))
        out.append(Legible(f"piece edge on {fill}", PIECE_EDGE[name], fill, "mark"))
        # arrows, badges and stars are two-toned (a colour edged in EDGE): each
        # reads where either tone stands out from the square
        out.append(Legible(f"last-turn arrow on {fill}", best_tone((th.highlight, EDGE), fill),
                           fill, "mark"))
        out.append(Legible(f"a badge on {fill}", best_tone((BADGE_WHITE, th.highlight, EDGE),
                                                           fill), fill, "mark"))
        for col in COLOURS:
            out.append(Legible(f"{col} re-entry stripe and star on {fill}",
                               best_tone((PIECE[col], PIECE_EDGE[name]), fill), fill, "mark"))
    for col in COLOURS:
        ink = colour_ink(col, name)
        out += [Legible(f"{col} count", PIECE_TEXT[col], PIECE[col]),
                Legible(f"{col} name bar", PIECE_TEXT[col], PIECE[col]),
                Legible(f"{col} headline and R labels", ink, th.background),
                Legible(f"{col} winner line", ink, th.panel),
                Legible(f"{col} to play", th.text, _active_panel(col, name)),
                Legible(f"{col} to play figures", th.muted, _active_panel(col, name)),
                Legible(f"{col} TO PLAY tag", colour_ink(col, "light"), (255, 255, 255)),
                Legible(f"{col} borne off", ink_on(safe_tint(col, name)), safe_tint(col, name))]
    return out


def _all_label_cells() -> list[tuple[int, int]]:
    return ([square_cell(sq) for sq in range(1, TRACK + 1)]
            + [safe_cell(col, k) for col in COLOURS for k in range(1, 7)])


class CheeseGambitRenderer(BoardRenderer[Theme]):
    """The CheeseGambit cross (see the module's description)."""

    game = "cheesegambit"
    themes = THEMES
    png_filter = "up"  # crisp text and cells repeat down the columns: 10-15 % smaller

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

    def warm_caches(self, width: int, theme: str) -> None:
        """Every player count's board (its own background), every piece
        sprite and die face, and a few turns of a game with names, dice and
        last moves, which fill the palette's colour lookup: the first board
        after a start then costs what any other does."""
        from games.cheesegambit.game import GAME

        cell = geometry(width).cell
        for col in COLOURS:
            for n in range(1, MAX_PIECES + 1):
                _sprite(cell, col, n, theme)
        size = int(cell * 1.12)
        faces = [(PIECE[col], PIECE_TEXT[col]) for col in COLOURS] + [(BADGE_WHITE, DIE_PIP)]
        for face, pip in faces:  # as _header draws them
            for value in range(1, 7):
                die_sprite(size, value, face, pip, (25, 25, 25))
        names = {"R": "Robin Q.", "G": "gwen_xyz", "B": "Bo-Jack 99", "Y": "Yves (K)"}
        for players in ("2", "3", "4"):
            position: Any = GAME.initial({"players": players}, "R")
            _background(geometry(width).width, theme, position.sides)
            for dice in ((6, 5), (4, 4), (3, 1), (2, 6)):
                context = RenderContext(names=names, dice=dice, width=width, theme=theme,
                                        footer="Game #1 · 2 days left")
                self.render(position, context)
                turns = position.legal_turns(dice)
                if turns:
                    side = position.side_to_move
                    played = position.play(turns[len(turns) // 2], dice)
                    position = played.position
                    self.render(position, RenderContext(
                        names=names, dice=dice, width=width, theme=theme, last_side=side,
                        last_moves=played.moves, last_events=played.events))


RENDERER = CheeseGambitRenderer()
render, draw, warm_up = RENDERER.render, RENDERER.draw, RENDERER.warm_up

__all__ = ["POOL", "RENDERER", "draw", "last_turn_marks", "legibility", "plan",
           "player_colours", "render", "safe_cell", "square_cell", "warm_up"]
