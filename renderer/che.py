"""Che board picture: curved Truchet tiles on an unbounded board.

The view covers the occupied cells plus a one-cell margin (where every legal
cell lies).  A long thin board is cut into panels along its long side, each
with its own coordinates, so tiles stay large enough to read on a phone; the
cut edges are dashed and the gap between panels says where the board goes on
(:mod:`renderer.che_layout`).  Legal cells are framed at 3:1 or more against
the empty board, the last turn's tiles outlined in three tones (one of them
stands out on every tile shade), and the legend names every mark drawn.
Each tile is drawn once per (size, orientation, colours) with 4x
supersampling and pasted, which keeps rendering fast and the edges smooth.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from games.che import GAME
from games.che.geometry import BLUE, ORIENTATIONS, SLASH, WHITE, Cell, coloured_corners, other
from games.che.position import ChePosition
from games.events import TilePlaced
from renderer.accessibility import Legible, contrast_ratio
from renderer.base import BoardRenderer, headline, theme_name
from renderer.board_common import fit_text
from renderer.che_layout import MARGIN, CheLayout, Text, layout, text_at, text_width
from renderer.context import RenderContext
from renderer.fonts import font
from renderer.phone import legible_size
from renderer.stencil import stamp
from renderer.words import che_reason, colour_of, word

RGB = tuple[int, int, int]

#: Tile colours: the normal shade, the shade of the player's largest region,
#: and the highlight of a closed region at the end of the game.
TILE_COLOURS: dict[str, dict[str, RGB]] = {
    WHITE: {"normal": (250, 247, 238), "largest": (255, 236, 179), "closed": (255, 196, 40)},
    BLUE: {"normal": (47, 102, 178), "largest": (22, 62, 140), "closed": (255, 150, 30)},
}
#: A shade alone cannot tell a region's state (White's largest region is
#: 1.1:1 against its normal tiles): the largest region is also hatched with
#: ``/`` lines and a closed one cross-hatched, in an ink at 3:1 or more on
#: the shade (:func:`legibility`).  Normal tiles stay plain.
HATCH: dict[str, str] = {"normal": "", "largest": "/", "closed": "x"}
HATCH_INK: dict[str, dict[str, RGB]] = {
    WHITE: {"largest": (176, 120, 0), "closed": (90, 50, 0)},
    BLUE: {"largest": (150, 195, 255), "closed": (90, 50, 0)},
}
#: Hatch lines per tile side: they meet from tile to tile (the period divides
#: the tile) and stay clear of a tile's centre and corners (where tests and
#: eyes look for the shade).
HATCH_LINES = 5
#: The last turn's outline: red between a dark and a white line, so that one
#: of the three stands out on every tile shade.
LAST_TURN = (230, 60, 50)
LAST_TURN_DARK = (20, 20, 24)
LAST_TURN_LIGHT = (255, 255, 255)
SUPERSAMPLE = 4


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
    "light": Theme((236, 233, 226), (205, 201, 192), (226, 223, 215), (92, 88, 82),
                   (30, 30, 36), (88, 86, 82), (170, 166, 158)),
    "dark": Theme((32, 34, 40), (58, 61, 70), (74, 78, 88), (160, 166, 180),
                  (236, 236, 240), (176, 178, 186), (84, 88, 98)),
}


#: A region's look: its shade, its hatch (``""``, ``/`` or ``x``) and the hatch's ink.
Fill = tuple[RGB, str, RGB]


def region_fill(colour: str, state: str) -> Fill:
    """How a region of ``colour`` in ``state`` (normal, largest, closed) is painted."""
    hatch = HATCH[state]
    return TILE_COLOURS[colour][state], hatch, HATCH_INK[colour][state] if hatch else (0, 0, 0)


@lru_cache(maxsize=32)
def _texture(size: int, fill: Fill) -> Image.Image:
    """A ``size``-pixel square of ``fill``, hatched when asked.  Drawn at the
    final size, not supersampled: crisp lines keep their exact ink (what the
    contrast declaration promises) and compress well."""
    shade, hatch, ink = fill
    img = Image.new("RGB", (size, size), shade)
    if hatch:
        draw = ImageDraw.Draw(img)
        period = size / HATCH_LINES
        width = max(2, round(size / 26))
        for i in range(-HATCH_LINES, 2 * HATCH_LINES + 1):
            c = (i + 0.5) * period  # lines at x + y = c: between centre and corners
            draw.line((c, 0, c - size, size), fill=ink, width=width)
            if hatch == "x":  # and at x - y = c - size
                draw.line((c - size, 0, c, size), fill=ink, width=width)
    return img


@lru_cache(maxsize=256)
def tile_image(size: int, orientation: str, band: Fill, corner_a: Fill, corner_b: Fill
               ) -> Image.Image:
    """One tile: a band of ``band`` and quarter-disc corners ``corner_a``/``corner_b``
    (shades supersampled for smooth curves, then hatching pasted through the
    parts' masks).

    For ``/`` the corners sit upper-left (a) and lower-right (b); for ``\\``
    lower-left (a) and upper-right (b).
    """
    big = size * SUPERSAMPLE
    r = big / 2
    if orientation == SLASH:
        spots = ((0, 0, corner_a), (big, big, corner_b))
    else:
        spots = ((0, big, corner_a), (big, 0, corner_b))
    img = Image.new("RGB", (big, big), band[0])
    draw = ImageDraw.Draw(img)
    for cx, cy, fill in spots:
        draw.ellipse((cx - r, cy - r, cx + r - 1, cy + r - 1), fill=fill[0])
    img = img.resize((size, size), Image.Resampling.LANCZOS)
    if not any(fill[1] for fill in (band, corner_a, corner_b)):
        return img
    corners = []
    for cx, cy, fill in spots:
        mask = Image.new("L", (big, big), 0)
        ImageDraw.Draw(mask).ellipse((cx - r, cy - r, cx + r - 1, cy + r - 1), fill=255)
        corners.append((fill, mask.resize((size, size), Image.Resampling.BOX)))
    if band[1]:
        band_mask = Image.new("L", (size, size), 255)
        for _, mask in corners:
            band_mask.paste(0, (0, 0), mask)
        img.paste(_texture(size, band), (0, 0), band_mask)
    for fill, mask in corners:
        if fill[1]:
            img.paste(_texture(size, fill), (0, 0), mask)
    return img


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


def _name(context: RenderContext, side: str) -> str:
    colour = word(context.language, f"colour_{_colour(side)}")
    name = context.names.get(side)
    return word(context.language, "che_who", colour=colour, name=name) if name else colour


def _stamp(image: Image.Image, t: Text, fill: RGB) -> None:
    """``t`` pasted from its cached stencil (coordinates and legend lines
    repeat from picture to picture)."""
    stamp(image, t.xy, t.text, t.size, fill, t.bold, t.anchor)


@dataclass
class Legend:
    """The legend's entries laid out in lines: (kind, argument, text) with
    the swatch's box and the text's, and the height it takes."""

    entries: list[tuple[str, str, Text, tuple[float, float, float, float]]]
    height: int


SWATCH = 28


def legend(position: ChePosition, context: RenderContext, lay: CheLayout, top: int,
           show_last: bool, show_legal: bool) -> Legend:
    """Every mark on the board, explained: each colour's tiles and largest
    region, legal cells, the last turn, closed regions, cut edges."""
    size = legible_size(lay.width, bold=False, least=18)
    sizes = {c: (r.size if (r := position.largest_region(c)) else 0) for c in (WHITE, BLUE)}
    lang = context.language
    items: list[tuple[str, str, str]] = []
    for colour in (WHITE, BLUE):
        items.append(("normal", colour, word(lang, "che_tiles", who=_name(context, colour))))
        items.append(("largest", colour, word(lang, "che_largest",
                                              of=colour_of(lang, _colour(colour)),
                                              size=sizes[colour])))
    if show_legal:
        items.append(("legal", "", word(lang, "che_legal")))
    if show_last:
        side = context.last_side
        who = _name(context, side) if side in (WHITE, BLUE) else ""
        items.append(("last", "", word(lang, "che_last_by", who=who, moves=context.last_moves)
                      if who else word(lang, "che_last", moves=context.last_moves)))
    for colour in sorted({r.colour for r in position.closed_regions}, key="WB".index):
        items.append(("closed", colour, word(lang, "che_closed",
                                             of=colour_of(lang, _colour(colour)))))
    if lay.cuts:
        items.append(("cut", "", word(lang, "che_cut")))
    entries = []
    x, y = MARGIN, top
    line = max(SWATCH, size) + 12
    for kind, arg, text in items:
        width = SWATCH + 10 + text_width(text, size, False)
        if x > MARGIN and x + width > lay.width - MARGIN:
            x, y = MARGIN, y + line
        label = text_at(fit_text(text, font(size), lay.width - 2 * MARGIN - SWATCH - 10),
                        (x + SWATCH + 10, y + SWATCH / 2), "lm", size, False)
        entries.append((kind, arg, label, (float(x), float(y), float(x + SWATCH),
                                           float(y + SWATCH))))
        x += int(width) + 30
    return Legend(entries, y + line - top)


def _colour(side: str) -> str:
    return "White" if side == WHITE else "Blue"


def draw_with_centres(
    position: ChePosition, context: RenderContext
) -> tuple[Image.Image, dict[Cell, tuple[int, int]]]:
    """The full-colour picture and, for tests, the image centre of every visible cell."""
    theme = THEMES[theme_name(THEMES, context.theme)]
    lay = layout(position, context.width, context.language)
    cells = position.cells
    legal = set(position.legal_cells()) if position.result is None else set()
    last = {cell for cell in last_turn_marks(context) if cell in lay.cells and cell in cells}
    key = legend(position, context, lay, lay.oy + lay.board_h + 10, bool(last), bool(legal))
    footer_h = 34 if context.footer else 0
    height = lay.oy + lay.board_h + 10 + key.height + footer_h + 10
    img = Image.new("RGB", (lay.width, height), theme.background)
    draw = ImageDraw.Draw(img)
    # Crisp (not anti-aliased) text: as legible at these sizes, quicker, and
    # a smaller PNG (soft edges are noise to the compressor).
    draw.fontmode = "1"
    _draw_header(img, position, context, theme, lay.width)

    states = _states(position)
    pattern = position.pattern
    s = lay.s
    for panel in lay.panels:
        px, py, px1, py1 = (int(v) for v in lay.panel_box(panel))
        draw.rectangle((px - 1, py - 1, px1, py1), fill=theme.board)
        # faint grid lines between cells (the tiles cover them, keeping curves whole)
        for gx in range(px + s, px1, s):
            draw.line((gx, py, gx, py1 - 1), fill=theme.grid, width=1)
        for gy in range(py + s, py1, s):
            draw.line((px, gy, px1 - 1, gy), fill=theme.grid, width=1)
    for cell, (cx, cy) in lay.cells.items():
        dom = cells.get(cell)
        if dom is not None and pattern is not None:
            img.paste(_tile_for(position, cell, dom, states, s), (cx, cy))
        elif cell in legal:
            mark = _legal_cell(s, theme)
            img.paste(mark, (cx, cy), mark)
    for text in lay.coords:
        _stamp(img, text, theme.muted)
    for a, b in lay.cuts:
        _dashed(draw, a, b, theme.legal_outline, max(3, s // 16))
    for text in lay.continuations:
        _stamp(img, text, theme.text)
    # last turn outline (drawn after every tile so neighbours cannot cover it)
    w = max(2, s // 20)
    for cell in last:
        x0, y0, x1, y1 = (int(v) for v in lay.cell_box(cell))
        _last_outline(draw, (x0, y0, x1 - 1, y1 - 1), w)
    _draw_legend(img, draw, key, theme)
    if context.footer:
        size = legible_size(lay.width, bold=False, least=18)
        _stamp(img, text_at(context.footer, (MARGIN, height - 10 - footer_h + 4), "la", size,
                            False), theme.muted)
    return img, {cell: lay.centre(cell) for cell in lay.cells}


def _legal_mark(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], theme: Theme) -> None:
    """A legal cell: a lighter square framed at 3:1 or more against the board."""
    x0, y0, x1, y1 = box
    s = x1 - x0
    inset = max(2, s // 10)
    draw.rounded_rectangle((x0 + inset, y0 + inset, x1 - inset - 1, y1 - inset - 1),
                           radius=max(2, s // 8), fill=theme.legal, outline=theme.legal_outline,
                           width=max(2, s // 28))


def _last_outline(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], w: int) -> None:
    x0, y0, x1, y1 = box
    draw.rectangle((x0, y0, x1, y1), outline=LAST_TURN_DARK, width=1)
    draw.rectangle((x0 + 1, y0 + 1, x1 - 1, y1 - 1), outline=LAST_TURN, width=w)
    draw.rectangle((x0 + 1 + w, y0 + 1 + w, x1 - 1 - w, y1 - 1 - w), outline=LAST_TURN_LIGHT,
                   width=1)


def _dashed(draw: ImageDraw.ImageDraw, a: tuple[float, float], b: tuple[float, float],
            colour: RGB, width: int) -> None:
    """A dashed line from ``a`` to ``b`` (a cut edge where the board goes on)."""
    (ax, ay), (bx, by) = a, b
    length = max(abs(bx - ax), abs(by - ay))
    dash = 10
    for start in range(0, int(length), 2 * dash):
        t0, t1 = start / length, min(1.0, (start + dash) / length)
        draw.line((ax + (bx - ax) * t0, ay + (by - ay) * t0, ax + (bx - ax) * t1,
                   ay + (by - ay) * t1), fill=colour, width=width)


def _tile_for(position: ChePosition, cell: Cell, dom: str, states: dict, s: int) -> Image.Image:
    assert position.pattern is not None
    pattern = position.pattern
    orientation = position.orientation_at(cell, dom) or SLASH
    band_point = coloured_corners(pattern, cell, dom)[0]
    band = region_fill(dom, states.get((dom, band_point), "normal"))
    minor = other(dom)
    x, y = cell
    if orientation == SLASH:
        a_point, b_point = (x, y + 1), (x + 1, y)  # upper-left, lower-right
    else:
        a_point, b_point = (x, y), (x + 1, y + 1)  # lower-left, upper-right
    corner_a = region_fill(minor, states.get((minor, a_point), "normal"))
    corner_b = region_fill(minor, states.get((minor, b_point), "normal"))
    return tile_image(s, orientation, band, corner_a, corner_b)


def _draw_header(image: Image.Image, position: ChePosition, context: RenderContext,
                 theme: Theme, width: int) -> None:
    lang = context.language
    result = position.result
    # the reason goes on the line below the headline, an ending's as the engine's
    title = headline(position, lambda side: _name(context, side), lang, why=False)
    if result is None:
        if position.second_tile:
            title += word(lang, "che_second_tile")
        elif position.tiles_this_turn == 2:
            title += word(lang, "che_two_tiles")
        elif position.tiles_this_turn == 1 and position.tiles:
            title += word(lang, "che_last_tile")
        sub = ""
    else:
        said = getattr(result, "reason", "")  # an Ending's (an abort's is the headline)
        sub = said if said and result.text else che_reason(lang, position.end_why)
    small = legible_size(width, bold=False, least=18)
    pool = word(lang, "che_pool", left=position.tiles_left, total=position.total_tiles)
    pool_text = text_at(pool, (width - MARGIN, 22), "ra", small, True)
    room = pool_text.box[0] - MARGIN - 24
    big = headline_size(width)
    _stamp(image, text_at(fit_text(title, font(big, True), room), (MARGIN, 16), "la", big, True),
           theme.text)
    _stamp(image, pool_text, theme.text)
    if not sub and position.tiles and result is None:
        sub = word(lang, "che_framed")
    elif not position.tiles:
        sub = word(lang, "che_first")
    _stamp(image, text_at(fit_text(sub, font(small, False), width - 2 * MARGIN), (MARGIN, 60),
                          "la", small, False), theme.muted)


def headline_size(width: int) -> int:
    """The headline's font size: 32 px, larger where a phone needs it."""
    return legible_size(width, bold=True, least=32)


@lru_cache(maxsize=16)
def _legal_cell(s: int, theme: Theme) -> Image.Image:
    """A legal cell's mark, side ``s`` (RGBA: drawn once, pasted through its own
    alpha, which leaves the board and grid around it as they are; a rounded
    frame costs more to draw than to copy)."""
    img = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    _legal_mark(ImageDraw.Draw(img), (0, 0, s, s), theme)
    return img


@lru_cache(maxsize=32)
def _swatch(size: int, fill: Fill, outline: RGB) -> Image.Image:
    """A legend swatch (RGBA): a rounded square of ``fill`` with its hatching."""
    mask = Image.new("L", (size, size), 0)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, size - 1, size - 1), radius=5, fill=255)
    img = _texture(size, fill).convert("RGBA")
    img.putalpha(mask)
    ImageDraw.Draw(img).rounded_rectangle((0, 0, size - 1, size - 1), radius=5,
                                          outline=outline + (255,), width=1)
    return img


def _draw_legend(image: Image.Image, draw: ImageDraw.ImageDraw, key: Legend,
                 theme: Theme) -> None:
    for kind, arg, text, box in key.entries:
        x0, y0, x1, y1 = (int(v) for v in box)
        if kind in ("normal", "largest", "closed"):
            swatch = _swatch(x1 - x0 + 1, region_fill(arg, kind), theme.muted)
            image.paste(swatch, (x0, y0), swatch)
        elif kind == "legal":
            draw.rectangle(box, fill=theme.board)
            mark = _legal_cell(x1 - x0, theme)
            image.paste(mark, (x0, y0), mark)
        elif kind == "last":
            _last_outline(draw, (x0 + 2, y0 + 2, x1 - 2, y1 - 2), 3)
        elif kind == "cut":
            _dashed(draw, ((x0 + x1) / 2, y0), ((x0 + x1) / 2, y1), theme.legal_outline, 3)
        _stamp(image, text, theme.text)


#: Theme colours that carry nothing a player reads (checked by
#: tests/renderer/test_accessibility.py: every other theme colour is declared).
DECORATION: dict[str, str] = {
    "grid": "faint lines between empty cells (covered by tiles; where a tile may go is "
            "framed, and coordinates name every cell)",
}


def player_colours(theme: str) -> dict[str, RGB]:
    """Each colour's tiles as drawn (the same in both themes)."""
    return {side: shades["normal"] for side, shades in TILE_COLOURS.items()}


def legibility(theme: str) -> list[Legible]:
    """Every text and mark colour a player reads, on what it stands on."""
    th = THEMES[theme_name(THEMES, theme)]
    out = [Legible("headline and legend", th.text, th.background),
           Legible("coordinates and notes", th.muted, th.background),
           Legible("legal-cell frame", th.legal_outline, th.board, "mark"),
           Legible("legal-cell frame on its fill", th.legal_outline, th.legal, "mark"),
           Legible("cut edge", th.legal_outline, th.board, "mark"),
           Legible("tile edges: White on Blue", TILE_COLOURS[WHITE]["normal"],
                   TILE_COLOURS[BLUE]["normal"], "mark"),
           Legible("legend swatch outline", th.muted, th.background, "mark")]
    for colour in (WHITE, BLUE):
        for state, ink in HATCH_INK[colour].items():
            shade = TILE_COLOURS[colour][state]
            out.append(Legible(f"{state} {_colour(colour)} region's hatching", ink, shade,
                               "mark"))
        for state, shade in TILE_COLOURS[colour].items():
            tones = (LAST_TURN, LAST_TURN_DARK, LAST_TURN_LIGHT)
            best = sorted(tones, key=lambda tone: contrast_ratio(tone, shade))[-1]
            out.append(Legible(f"last-turn outline on {state} {_colour(colour)}", best, shade,
                               "mark"))
    return out


class CheRenderer(BoardRenderer[Theme]):
    """The Che board (see the module's description)."""

    game = "che"
    themes = THEMES
    png_filter = "up"  # crisp text and cells repeat down the columns: 10-15 % smaller

    @staticmethod
    def draw(position: Any, context: RenderContext) -> Image.Image:
        """The picture as a full-colour Pillow image."""
        return draw_with_centres(position, context)[0]

    def warm_caches(self, width: int, theme: str) -> None:
        """The tiles of a young game (the largest cell size, normal and
        largest-region shades both ways round), so the first boards after a
        start are drawn from the cache."""
        from itertools import product

        from renderer.che_layout import MAX_CELL

        for dom in (WHITE, BLUE):
            minor = other(dom)
            shades = ("normal", "largest")
            for band, a, b, orientation in product(shades, shades, shades, ORIENTATIONS):
                tile_image(MAX_CELL, orientation, region_fill(dom, band),
                           region_fill(minor, a), region_fill(minor, b))
        self.render(GAME.initial({}), RenderContext(width=width, theme=theme))

    def palette_samples(self, width: int, theme: str) -> list[tuple[Any, RenderContext]]:
        """Both colours in every shade (normal, largest region, closed region),
        shaded legal cells, the last-turn outline and both legends."""
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
            (_line(), RenderContext(names=names, last_side="B", last_moves="14,0B -14,0W",
                                  last_events=(TilePlaced("B", "14,0", "B", "/"),),
                                  width=width, theme=theme)),
        ]


@lru_cache(maxsize=1)
def _line() -> ChePosition:
    """A long line of tiles, cut into stacked panels, with legal cells all round."""
    tiles = " ".join(f"{i},0B {-i},0W" for i in range(1, 15))
    return GAME.from_listing(f"0,0W/ {tiles}; tiles left 35; B to move", {})


RENDERER = CheRenderer()
render, draw, warm_up = RENDERER.render, RENDERER.draw, RENDERER.warm_up
