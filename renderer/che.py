"""Che board picture: curved Truchet tiles on an unbounded board.

The view covers the occupied cells plus a one-cell margin (where every legal
cell lies).  A long thin board is cut into panels along its long side, each
with its own coordinates, so tiles stay large enough to read on a phone.
Each tile is drawn once per (size, orientation, colours) with 4x
supersampling and pasted, which keeps rendering fast and the edges smooth.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from games.che.geometry import BLUE, SLASH, WHITE, Cell, coloured_corners, other
from games.che.position import ChePosition
from games.events import TilePlaced
from renderer.base import BoardRenderer, headline, theme_name
from renderer.board_common import fit_text
from renderer.context import RenderContext
from renderer.fonts import font

RGB = tuple[int, int, int]

#: Tile colours: the normal shade, the shade of the player's largest region,
#: and the highlight of a closed region at the end of the game.
TILE_COLOURS: dict[str, dict[str, RGB]] = {
    WHITE: {"normal": (250, 247, 238), "largest": (255, 236, 179), "closed": (255, 196, 40)},
    BLUE: {"normal": (47, 102, 178), "largest": (22, 62, 140), "closed": (255, 150, 30)},
}
LAST_TURN = (230, 60, 50)
SWATCH_OUTLINE = (90, 90, 90)


@dataclass(frozen=True)
class Theme:
    """Colours around the tiles."""

    background: RGB
    board: RGB
    legal: RGB
    legal_outline: RGB
    text: RGB
    muted: RGB
    grid: RGB


THEMES = {
    "light": Theme((236, 233, 226), (205, 201, 192), (222, 219, 211), (168, 163, 152),
                   (30, 30, 36), (100, 98, 94), (160, 156, 148)),
    "dark": Theme((32, 34, 40), (58, 61, 70), (74, 78, 88), (112, 117, 128),
                  (236, 236, 240), (160, 162, 170), (90, 94, 104)),
}

MAX_CELL = 84
MIN_VIEW_COLS = 7
MIN_VIEW_ROWS = 5
MAX_BOARD_HEIGHT = 1250
PANEL_GAP = 16
SUPERSAMPLE = 4


@dataclass(frozen=True)
class Panel:
    """A rectangle of cells drawn at an image offset (``left``, ``top`` of the cells)."""

    x0: int
    x1: int
    y0: int
    y1: int
    left: int
    top: int


@lru_cache(maxsize=256)
def tile_image(size: int, orientation: str, band: RGB, corner_a: RGB, corner_b: RGB) -> Image.Image:
    """One tile: a band of ``band`` and quarter-disc corners ``corner_a``/``corner_b``.

    For ``/`` the corners sit upper-left (a) and lower-right (b); for ``\\``
    lower-left (a) and upper-right (b).
    """
    big = size * SUPERSAMPLE
    img = Image.new("RGB", (big, big), band)
    draw = ImageDraw.Draw(img)
    r = big / 2
    if orientation == SLASH:
        spots = ((0, 0, corner_a), (big, big, corner_b))
    else:
        spots = ((0, big, corner_a), (big, 0, corner_b))
    for cx, cy, colour in spots:
        draw.ellipse((cx - r, cy - r, cx + r - 1, cy + r - 1), fill=colour)
    return img.resize((size, size), Image.Resampling.LANCZOS)


def _view(position: ChePosition) -> tuple[int, int, int, int]:
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


def _layout(view: tuple[int, int, int, int], avail: int, label: int) -> tuple[int, list[Panel]]:
    """Pick a cell size and panels: split the long side when that makes tiles larger."""
    x0, x1, y0, y1 = view
    cols, rows = x1 - x0 + 1, y1 - y0 + 1
    options: list[tuple[int, int, bool]] = []  # (cell size, panels, split columns?)
    extra = PANEL_GAP + 2 * label  # room a further panel needs besides its cells
    for k in range(1, 9):
        per = math.ceil(cols / k)  # stacked panels, each a slice of the columns
        if k == 1 or per * (k - 1) < cols:
            s = min(MAX_CELL, avail // per, (MAX_BOARD_HEIGHT - (k - 1) * extra) // (k * rows))
            options.append((s, k, True))
        per = math.ceil(rows / k)  # side-by-side panels, each a slice of the rows
        if k > 1 and per * (k - 1) < rows:
            s = min(MAX_CELL, (avail - (k - 1) * extra) // (k * cols), MAX_BOARD_HEIGHT // per)
            options.append((s, k, False))
    best = max(s for s, _, _ in options)
    s, k, split_cols = min(
        (o for o in options if o[0] >= 0.8 * best), key=lambda o: (o[1], -o[0])
    )
    panels: list[Panel] = []
    if split_cols:
        per = math.ceil(cols / k)
        top = label
        for i in range(k):
            a = x0 + i * per
            b = min(x1, a + per - 1)
            if a > x1:
                break
            panels.append(Panel(a, b, y0, y1, label, top))
            top += rows * s + 2 * label + PANEL_GAP
    else:
        per = math.ceil(rows / k)
        left = label
        for i in range(k):
            b = y1 - i * per
            a = max(y0, b - per + 1)
            if b < y0:
                break
            panels.append(Panel(x0, x1, a, b, left, label))
            left += cols * s + 2 * label + PANEL_GAP
    return s, panels


def last_turn_marks(context: RenderContext) -> set[Cell]:
    """The cells of the last turn's tiles, to outline.  The one place the
    picture learns what the last turn did: its events."""
    cells = (_cell(e.cell) for e in context.last_events if isinstance(e, TilePlaced))
    return {cell for cell in cells if cell is not None}


def _cell(name: str) -> Cell | None:
    """An event's ``x,y`` as a cell; None for anything else (another game's
    event): the outline is decoration and never stops the picture."""
    parts = [p.removeprefix("-") for p in name.split(",")]
    if len(parts) != 2 or not all(p.isascii() and p.isdigit() for p in parts):
        return None
    x, y = (int(p) for p in name.split(","))
    return x, y


def _states(position: ChePosition) -> dict[tuple[str, tuple[int, int]], str]:
    """Region state per (colour, grid point): ``largest`` or ``closed`` (default normal)."""
    states: dict[tuple[str, tuple[int, int]], str] = {}
    for colour in (WHITE, BLUE):
        largest = position.largest_region(colour)
        if largest is not None and largest.size > 0:
            for p in largest.points:
                states[(colour, p)] = "largest"
    for region in position.closed_regions:
        for p in region.points:
            states[(region.colour, p)] = "closed"
    return states


def _text_width(draw: ImageDraw.ImageDraw, text: str, size: int, bold: bool = False) -> int:
    return int(draw.textlength(text, font=font(size, bold)))


def _name(context: RenderContext, side: str) -> str:
    colour = "White" if side == WHITE else "Blue"
    name = context.names.get(side)
    return f"{colour} ({name})" if name else colour


def draw_with_centres(
    position: ChePosition, context: RenderContext
) -> tuple[Image.Image, dict[Cell, tuple[int, int]]]:
    """The full-colour picture and, for tests, the image centre of every visible cell."""
    theme = THEMES[theme_name(THEMES, context.theme)]
    width = max(1000, min(1200, context.width or 1100))
    margin = 24
    view = _view(position)
    probe = _layout(view, width - 2 * margin - 2 * 40, 30)
    s = probe[0]
    label = max(22, min(34, int(s * 0.45) + 8))
    s, panels = _layout(view, width - 2 * margin - 2 * label, label)
    label_size = max(12, min(18, int(s * 0.32)))

    header_h = 92
    board_w = max(p.left + (p.x1 - p.x0 + 1) * s + label for p in panels)
    board_h = max(p.top + (p.y1 - p.y0 + 1) * s + label for p in panels)
    legend_h = 96 + (30 if context.footer else 0)
    height = header_h + board_h + legend_h
    img = Image.new("RGB", (width, height), theme.background)
    draw = ImageDraw.Draw(img)
    ox = (width - board_w) // 2
    oy = header_h

    # header
    _draw_header(draw, position, context, theme, width, margin)

    cells = position.cells
    legal = set(position.legal_cells()) if position.result is None else set()
    states = _states(position)
    last = last_turn_marks(context)
    pattern = position.pattern
    centres: dict[Cell, tuple[int, int]] = {}
    outline_w = max(3, s // 14)

    for panel in panels:
        px = ox + panel.left
        py = oy + panel.top
        pw = (panel.x1 - panel.x0 + 1) * s
        ph = (panel.y1 - panel.y0 + 1) * s
        draw.rectangle((px - 1, py - 1, px + pw, py + ph), fill=theme.board)
        # faint grid lines between cells (the tiles cover them, keeping curves whole)
        for i in range(1, panel.x1 - panel.x0 + 1):
            gx = px + i * s
            draw.line((gx, py, gx, py + ph - 1), fill=theme.grid, width=1)
        for j in range(1, panel.y1 - panel.y0 + 1):
            gy = py + j * s
            draw.line((px, gy, px + pw - 1, gy), fill=theme.grid, width=1)
        for y in range(panel.y0, panel.y1 + 1):
            for x in range(panel.x0, panel.x1 + 1):
                cx = px + (x - panel.x0) * s
                cy = py + (panel.y1 - y) * s
                centres[(x, y)] = (cx + s // 2, cy + s // 2)
                cell = (x, y)
                dom = cells.get(cell)
                if dom is not None and pattern is not None:
                    img.paste(_tile_for(position, cell, dom, states, s), (cx, cy))
                elif cell in legal:
                    inset = max(2, s // 10)
                    draw.rounded_rectangle(
                        (cx + inset, cy + inset, cx + s - inset - 1, cy + s - inset - 1),
                        radius=max(2, s // 8), fill=theme.legal, outline=theme.legal_outline,
                        width=1,
                    )
        _draw_labels(draw, panel, px, py, s, label, label_size, theme)

    # last turn outline (drawn after every tile so neighbours cannot cover it)
    for cell in last:
        if cell in centres and cell in cells:
            cx, cy = centres[cell]
            h = s // 2
            draw.rectangle((cx - h, cy - h, cx + h - 1, cy + h - 1), outline=LAST_TURN,
                           width=outline_w)

    _draw_legend(draw, position, context, theme, width, margin, header_h + board_h + 10, bool(last))

    return img, centres


def _tile_for(position: ChePosition, cell: Cell, dom: str, states: dict, s: int) -> Image.Image:
    assert position.pattern is not None
    pattern = position.pattern
    orientation = position.orientation_at(cell, dom) or SLASH
    band_point = coloured_corners(pattern, cell, dom)[0]
    band = TILE_COLOURS[dom][states.get((dom, band_point), "normal")]
    minor = other(dom)
    x, y = cell
    if orientation == SLASH:
        a_point, b_point = (x, y + 1), (x + 1, y)  # upper-left, lower-right
    else:
        a_point, b_point = (x, y), (x + 1, y + 1)  # lower-left, upper-right
    corner_a = TILE_COLOURS[minor][states.get((minor, a_point), "normal")]
    corner_b = TILE_COLOURS[minor][states.get((minor, b_point), "normal")]
    return tile_image(s, orientation, band, corner_a, corner_b)


def _draw_labels(draw: ImageDraw.ImageDraw, panel: Panel, px: int, py: int, s: int,
                 label: int, size: int, theme: Theme) -> None:
    f = font(size)
    cols = panel.x1 - panel.x0 + 1
    rows = panel.y1 - panel.y0 + 1
    widest = max(draw.textlength(str(v), font=f) for v in (panel.x0, panel.x1, panel.y0, panel.y1))
    step = 1
    while step * s < widest + 6:
        step += 1
    for i in range(cols):
        x = panel.x0 + i
        if x % step:
            continue
        cx = px + i * s + s // 2
        for ty in (py - label // 2, py + rows * s + label // 2):
            draw.text((cx, ty), str(x), fill=theme.muted, font=f, anchor="mm")
    vstep = 1
    while vstep * s < size + 4:
        vstep += 1
    for j in range(rows):
        y = panel.y1 - j
        if y % vstep:
            continue
        cy = py + j * s + s // 2
        for tx in (px - label // 2, px + cols * s + label // 2):
            draw.text((tx, cy), str(y), fill=theme.muted, font=f, anchor="mm")


def _draw_header(draw: ImageDraw.ImageDraw, position: ChePosition, context: RenderContext,
                 theme: Theme, width: int, margin: int) -> None:
    result = position.result
    title = headline(position, lambda side: _name(context, side))
    if result is None:
        if position.second_tile:
            title += " (second tile)"
        elif position.tiles_this_turn == 2:
            title += ": two tiles"
        elif position.tiles_this_turn == 1 and position.tiles:
            title += ": the last tile"
        sub = ""
    else:
        sub = position.end_reason
    pool = f"tiles left {position.tiles_left} of {position.total_tiles}"
    room = width - 2 * margin - _text_width(draw, pool, 22) - 24
    draw.text((margin, 16), fit_text(title, font(30, True), room), fill=theme.text,
              font=font(30, True))
    draw.text((width - margin, 22), pool, fill=theme.text, font=font(22), anchor="ra")
    if not sub and position.tiles:
        sub = "legal cells are shaded"
    elif not position.tiles:
        sub = "White places the first tile at 0,0: 0,0W/ or 0,0W\\ (or B)"
    draw.text((margin, 56), sub, fill=theme.muted, font=font(20))


def _draw_legend(draw: ImageDraw.ImageDraw, position: ChePosition, context: RenderContext,
                 theme: Theme, width: int, margin: int, top: int, show_last: bool) -> None:
    x = margin
    y = top
    sizes = {c: (r.size if (r := position.largest_region(c)) else 0) for c in (WHITE, BLUE)}
    for colour in (WHITE, BLUE):
        swatch = TILE_COLOURS[colour]["largest"]
        draw.rounded_rectangle((x, y + 2, x + 26, y + 28), radius=5, fill=swatch,
                               outline=SWATCH_OUTLINE, width=1)
        text = f"{_name(context, colour)}: largest region {sizes[colour]}"
        draw.text((x + 36, y + 15), text, fill=theme.text, font=font(22), anchor="lm")
        x += 36 + _text_width(draw, text, 22) + 40
    y += 40
    x = margin
    if show_last:
        draw.rectangle((x + 2, y + 4, x + 24, y + 26), outline=LAST_TURN, width=3)
        who = context.last_side or ""
        text = f"last turn {who + ': ' if who else ''}{context.last_moves}"
        draw.text((x + 36, y + 15), text, fill=theme.text, font=font(20), anchor="lm")
        x += 36 + _text_width(draw, text, 20) + 40
    for colour in sorted({r.colour for r in position.closed_regions}, key="WB".index):
        draw.rounded_rectangle((x, y + 2, x + 26, y + 28), radius=5,
                               fill=TILE_COLOURS[colour]["closed"], outline=SWATCH_OUTLINE)
        text = f"closed {'White' if colour == WHITE else 'Blue'} region"
        draw.text((x + 36, y + 15), text, fill=theme.text, font=font(20), anchor="lm")
        x += 36 + _text_width(draw, text, 20) + 40
    if context.footer:
        draw.text((margin, y + 44), context.footer, fill=theme.muted, font=font(18))


class CheRenderer(BoardRenderer[Theme]):
    """The Che board (see the module's description)."""

    game = "che"
    themes = THEMES

    @staticmethod
    def draw(position: Any, context: RenderContext) -> Image.Image:
        """The picture as a full-colour Pillow image."""
        return draw_with_centres(position, context)[0]

    def palette_samples(self, width: int, theme: str) -> list[tuple[Any, RenderContext]]:
        """Both colours in every shade (normal, largest region, closed region),
        shaded legal cells, the last-turn outline and both legends."""
        from games.che import GAME

        names = {"W": "White player", "B": "Blue player"}
        rng = random.Random(1)  # a fixed middle game: the palette never changes
        played = GAME.initial({}).play("0,0W/", ())
        position = played.position
        for _ in range(12):
            if position.result is not None:
                break
            played = position.play(rng.choice(position.legal_turns(())), ())
            position = played.position
        return [
            (position,
             RenderContext(names=names, last_side="W", last_moves=played.moves, width=width,
                           last_events=played.events, theme=theme,
                           footer="footer 0123456789")),
            (GAME.from_listing("0,0B\\ 1,0B 0,1B 1,1B; tiles left 60; W wins", {}),
             RenderContext(names=names, last_side="B", last_moves="1,1B", width=width,
                           last_events=(TilePlaced("B", "1,1", "B", "/"),), theme=theme)),
        ]


RENDERER = CheRenderer()
render, draw, warm_up = RENDERER.render, RENDERER.draw, RENDERER.warm_up
