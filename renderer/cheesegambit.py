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

import io
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from games.cheesegambit.board import (
    COLOUR_NAMES,
    COLOURS,
    EXIT,
    OFF,
    POOL,
    SAFE_BASE,
    TRACK,
    reentry_square,
)
from games.cheesegambit.notation import parse_turn
from games.cheesegambit.position import CheeseGambitPosition
from games.errors import GameError
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


def geometry(width: int) -> Geometry:
    """Cell size and margins for an image ``width`` pixels wide."""
    width = max(700, min(width, 1600))
    cell = (width - 24) // GRID
    left = (width - cell * GRID) // 2
    top = 74
    return Geometry(width, cell, left, top, top + cell * GRID + 52)


def _arm_of(square: int) -> str:
    if 10 <= square <= 27:
        return "R"
    if 28 <= square <= 45:
        return "G"
    if 46 <= square <= 63:
        return "B"
    return "Y"


def _star(draw: ImageDraw.ImageDraw, cx: int, cy: int, r: int, fill: RGB) -> None:
    import math
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
    th = THEMES.get(theme_name, THEMES["light"])
    img = Image.new("RGB", (g.width, g.height), th.background)
    d = ImageDraw.Draw(img)
    c = g.cell
    small = font(max(10, c * 10 // 46))
    tiny_bold = font(max(9, c // 6), bold=True)
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
            d.text((box[0] + 3, box[1] + 1), f"S{k}", font=small, fill=th.muted)
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
            fill = tuple(v // 2 for v in fill)  # type: ignore[assignment]
        d.rectangle(box, fill=fill, outline=th.grid)
        if exit_sq:
            _star(d, box[2] - c // 5, box[3] - c // 5, c // 7, PIECE[arm])
        if sq in reentry:
            col, k = reentry[sq]
            row, column = square_cell(sq)
            w = max(5, c // 9)
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
            tw = d.textlength(label, font=tiny_bold)
            lx = box[2] - tw - 3 - (w if column == 10 else 0)
            ly = box[3] - c // 4 - 2 if row == 8 else box[1] + 1
            d.text((lx, ly), label, font=tiny_bold, fill=PIECE[col])
        d.text((box[0] + 3, box[1] + 1), str(sq), font=small, fill=th.muted)
    # panels
    for col in COLOURS:
        r0, c0 = PANEL[col]
        px0, py0, _, _ = g.box(r0, c0)
        _, _, px1, py1 = g.box(r0 + 6, c0 + 6)
        if col in sides:
            d.rounded_rectangle((px0 + 4, py0 + 4, px1 - 4, py1 - 4), radius=14,
                                fill=th.panel, outline=PIECE[col], width=4)
    return img


@lru_cache(maxsize=512)
def _sprite(cell: int, colour: str, n: int, safe: bool) -> Image.Image:
    """A piece picture (RGBA, one cell): a blot is a disc, a block a square
    with its count; safe-zone pieces are plain discs with their count."""
    img = Image.new("RGBA", (cell, cell), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    cx, cy = cell // 2, cell // 2 + cell // 10
    fill = PIECE[colour]
    edge = (25, 25, 25)
    if safe:
        r = int(cell * 0.31)
        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=edge, width=2)
        if n > 1:
            f = font(int(cell * 0.34), bold=True)
            d.text((cx, cy), str(n), font=f, fill=PIECE_TEXT[colour], anchor="mm")
        return img
    r = int(cell * 0.33)
    if n == 1:
        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=edge, width=2)
        d.ellipse((cx - r // 3, cy - r // 3, cx + r // 3, cy + r // 3), outline=(255, 255, 255),
                  width=2)
    else:
        d.rounded_rectangle((cx - r - 1, cy - r - 1, cx + r + 1, cy + r + 1), radius=r // 3,
                            fill=fill, outline=edge, width=3)
        d.rounded_rectangle((cx - r + 3, cy - r + 3, cx + r - 3, cy + r - 3), radius=r // 4,
                            outline=(255, 255, 255), width=2)
        f = font(int(cell * 0.38), bold=True)
        d.text((cx, cy), str(n), font=f, fill=PIECE_TEXT[colour], anchor="mm")
    return img


def _paste(img: Image.Image, g: Geometry, row: int, col: int, sprite: Image.Image) -> None:
    x0, y0, _, _ = g.box(row, col)
    img.paste(sprite, (x0, y0), sprite)


def _die(d: ImageDraw.ImageDraw, x: int, y: int, size: int, value: int, th: Theme) -> None:
    d.rounded_rectangle((x, y, x + size, y + size), radius=size // 6, fill=(255, 255, 255),
                        outline=(40, 40, 40), width=2)
    spots = {1: [(1, 1)], 2: [(0, 0), (2, 2)], 3: [(0, 0), (1, 1), (2, 2)],
             4: [(0, 0), (0, 2), (2, 0), (2, 2)], 5: [(0, 0), (0, 2), (1, 1), (2, 0), (2, 2)],
             6: [(0, 0), (0, 2), (1, 0), (1, 2), (2, 0), (2, 2)]}[value]
    step = size / 4
    pr = max(3, size // 11)
    for r, c in spots:
        cx, cy = x + step * (c + 1), y + step * (r + 1)
        d.ellipse((cx - pr, cy - pr, cx + pr, cy + pr), fill=(30, 30, 30))


def _last_turn(position: CheeseGambitPosition, context: RenderContext
               ) -> tuple[set[tuple[int, int]], set[tuple[int, int]], set[tuple[int, int]]]:
    """Cells of the last turn: sources, destinations, bumps."""
    side = context.last_side
    text = context.last_moves
    src: set[tuple[int, int]] = set()
    dst: set[tuple[int, int]] = set()
    bumps: set[tuple[int, int]] = set()
    if not side or side not in COLOURS or not text:
        return src, dst, bumps
    try:
        written = parse_turn(text, side)
    except GameError:
        return src, dst, bumps

    def cell(loc: int) -> tuple[int, int] | None:
        if 1 <= loc <= TRACK:
            return square_cell(loc)
        if SAFE_BASE < loc < OFF:
            return safe_cell(side, loc - SAFE_BASE)
        if loc == OFF:
            return GATE[side]
        return None

    for chain in written.chains:
        for i, (a, b, x) in enumerate(chain):
            ca, cb = cell(a), cell(b)
            if ca and i == 0:
                src.add(ca)
            if cb:
                dst.add(cb)
                if x or written.kind in ("gambit", "cheesegambit"):
                    bumps.add(cb)
    return src, dst, bumps


def render(position: CheeseGambitPosition, context: RenderContext) -> bytes:
    """Draw ``position`` to PNG bytes (a palette image: small and quick to encode)."""
    img = draw(position, context)
    pal = _palette(img.width, context.theme)
    out = io.BytesIO()
    img.quantize(palette=pal, dither=Image.Dither.NONE).save(out, format="PNG",
                                                             compress_level=6)
    return out.getvalue()


@lru_cache(maxsize=8)
def _palette(width: int, theme: str) -> Image.Image:
    """A palette for one size and theme, taken from a busy sample picture."""
    from games.cheesegambit.game import GAME

    sample = GAME.from_listing(
        "R: 2@9, 1@13, 3@33, 2@P, 1@S6, 2@S3, 3@F; G: 2@11, 1@27, 4@51, 3@67, 1@P, 1@S2, "
        "2@F; B: 3@29, 4@45, 3@69, 1@14, 1@P, 2@S1; Y: 4@15, 3@31, 4@47, 3@63; "
        "cube R-B 2 R; R taunts B; R to move", {})
    ctx = RenderContext(names={"R": "Sample", "G": "Sample"}, dice=(5, 5), last_side="R",
                        last_moves="9X13 P/49", width=width, theme=theme, footer="x")
    img = draw(sample, ctx)  # type: ignore[arg-type]
    return img.quantize(224, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)


def draw(position: CheeseGambitPosition, context: RenderContext) -> Image.Image:
    """Draw ``position`` as an RGB image."""
    g = geometry(context.width)
    th = THEMES.get(context.theme, THEMES["light"])
    sides = position.sides
    img = _background(g.width, context.theme, sides).copy()
    d = ImageDraw.Draw(img)
    c = g.cell
    names = {s: context.names.get(s) or COLOUR_NAMES[s] for s in sides}

    # last turn highlight (under the pieces)
    src, dst, bumps = _last_turn(position, context)
    hl = PIECE.get(context.last_side or "", HIGHLIGHT)
    for cell in src:
        x0, y0, x1, y1 = g.box(*cell)
        d.rectangle((x0 + 2, y0 + 2, x1 - 2, y1 - 2), outline=hl, width=3)
    for cell in dst:
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
    for cell in bumps:
        x0, y0, x1, y1 = g.box(*cell)
        r = c // 6
        bx, by = x1 - r - 2, y0 + r + 2
        d.ellipse((bx - r, by - r, bx + r, by + r), fill=(255, 255, 255), outline=BUMP, width=2)
        d.line((bx - r // 2, by - r // 2, bx + r // 2, by + r // 2), fill=(200, 0, 0), width=3)
        d.line((bx - r // 2, by + r // 2, bx + r // 2, by - r // 2), fill=(200, 0, 0), width=3)

    # home: borne-off counts
    big = font(int(c * 0.42), bold=True)
    hx, hy = g.centre(9, 9)
    offsets = {"R": (0, c), "B": (0, -c), "G": (-c, 0), "Y": (c, 0)}
    for col in sides:
        if col in position.dropped:
            continue
        n = position.borne_off(col)
        ox, oy = offsets[col]
        d.text((hx + ox, hy + oy), str(n), font=big, fill=(20, 20, 20), anchor="mm")

    # panels
    to_move = position.side_to_move
    head = font(int(c * 0.46), bold=True)
    body = font(int(c * 0.40))
    body_b = font(int(c * 0.40), bold=True)
    n_pieces = int(position.options.get("pieces", "14"))
    for col in sides:
        r0, c0 = PANEL[col]
        px0, py0, _, _ = g.box(r0, c0)
        _, _, px1, _ = g.box(r0 + 6, c0 + 6)
        x = px0 + 18
        y = py0 + 16
        d.rounded_rectangle((px0 + 4, py0 + 4, px1 - 4, py0 + 16 + int(c * 0.62)),
                            radius=14, fill=PIECE[col])
        name = names[col]
        label = _fit(d, f"{COLOUR_NAMES[col]}: {name}" if name != COLOUR_NAMES[col] else name,
                     head, px1 - px0 - 60)
        d.text((x, y), label, font=head, fill=PIECE_TEXT[col])
        if col == to_move:
            tx = px1 - 22
            ty = y + int(c * 0.22)
            d.polygon([(tx - 14, ty - 11), (tx - 14, ty + 11), (tx + 2, ty)],
                      fill=PIECE_TEXT[col])
        y += int(c * 0.62) + 12
        lines: list[tuple[str, bool]] = []
        if col in position.dropped:
            lines.append((f"dropped to {COLOUR_NAMES[position.dropped[col]]}", True))
        else:
            if col in position.placings:
                place = position.placings.index(col) + 1
                lines.append(("WINNER" if place == 1 else f"placed {place}"
                              + {2: "nd", 3: "rd"}.get(place, "th"), True))
            lines.append((f"Borne off: {position.borne_off(col)} / {n_pieces}", False))
            lines.append((f"Pool: {position.pool(col)}", False))
        for text, bold in lines:
            d.text((x, y), text, font=body_b if bold else body, fill=th.text)
            y += int(c * 0.56)
        pool = 0 if col in position.dropped else position.pool(col)
        if pool:
            pr = int(c * 0.22)
            for i in range(pool):
                cx = x + pr + (i % 7) * (2 * pr + 6)
                cy = y + pr + (i // 7) * (2 * pr + 6)
                d.ellipse((cx - pr, cy - pr, cx + pr, cy + pr), fill=PIECE[col],
                          outline=(25, 25, 25), width=2)
            y += ((pool - 1) // 7 + 1) * (2 * pr + 6) + 4
        for other in sides:
            if other == col:
                continue
            stake = position.stake(col, other)
            holder = position.cube_holder(col, other)
            if stake == 1:
                continue
            who = "holds" if holder == col else f"{COLOUR_NAMES[other]} holds"
            d.text((x, y), f"Cube vs {COLOUR_NAMES[other]}: {stake} ({who})", font=body,
                   fill=th.text)
            y += int(c * 0.56)

    # header: status and dice
    title = font(int(c * 0.46), bold=True)
    status = _status(position, names)
    d.text((g.left, 16), _fit(d, status, title, g.width - 2 * g.left - 160), font=title,
           fill=th.text)
    size = 46
    for i, v in enumerate(context.dice[:4]):
        if 1 <= v <= 6:
            _die(d, g.width - g.left - (len(context.dice[:4]) - i) * (size + 10), 12, size, v, th)
    # footer: last turn
    foot = []
    if context.last_side and context.last_moves:
        who = names.get(context.last_side, context.last_side)
        foot.append(f"Last: {who} {context.last_moves}")
    if context.footer:
        foot.append(context.footer)
    if foot:
        d.text((g.left, g.top + GRID * c + 12), _fit(d, "   ".join(foot), body_b,
                                                      g.width - 2 * g.left),
               font=body_b, fill=th.text)
    return img


def _status(position: CheeseGambitPosition, names: dict[str, str]) -> str:
    pend = position.pending()
    if position.result is not None:
        return "Game over: " + ", ".join(
            f"{names[s]} {'wins' if i == 0 else ('2nd', '3rd', '4th')[i - 1]}"
            for i, s in enumerate(position.placings))
    if pend and pend[0] == "taunt":
        return f"{names[pend[2]]}: accept or drop {names[pend[1]]}'s taunt " \
               f"(stake {2 * position.stake(pend[1], pend[2])})"
    if pend and pend[0] == "vote":
        return "Vote to play on: " + ", ".join(names[s] for s in pend[1])
    side = position.side_to_move or ""
    return f"{names.get(side, side)} ({COLOUR_NAMES.get(side, side)}) to move"


def _fit(d: ImageDraw.ImageDraw, text: str, f: object, width: int) -> str:
    """``text`` shortened with an ellipsis to fit ``width`` pixels."""
    if d.textlength(text, font=f) <= width:  # type: ignore[arg-type]
        return text
    while text and d.textlength(text + "...", font=f) > width:  # type: ignore[arg-type]
        text = text[:-1]
    return text + "..."


__all__ = ["render", "square_cell", "safe_cell", "POOL"]
