"""Chebache board picture.

Left: the 4x4 board seen from the viewer's side (see ``chebache_layout``):
cells in Black's and White's colours, the split Tivit cells with an angle
mark in each half pointing along its stretch of the path, the nine
Intersection rings, the four corner pools (each side's Start and Finish),
stacks of pieces drawn edge-on bottom to top (a King is a double-height
piece with a gold crown), space numbers of the viewer's path (the
opponent's fainter), Chebache threats hatched in red and the last turn as
arrows.  Right: headline, both name plates, the dice, the CHEBACHE banner
when the side to move is threatened, the last turn as text and the standing
Chebaches.

The empty board for a width, theme and viewer is cached; a render copies it
and draws what changes, then maps the picture onto a cached palette.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from games.chebache.board import FINISH, START, location
from games.chebache.board import SIDE_LETTERS as SIDES
from games.events import Moved
from renderer.accessibility import Legible, best_tone
from renderer.base import BoardRenderer, headline, theme_name
from renderer.board_common import (
    RGB,
    SS,
    arrow_head,
    contrast_ink,
    dice_values,
    die_pip_colour,
    fit_text,
    mix,
    name_plate,
    paste_dice,
    paste_sprite,
    plate_width,
    ring_sprite,
)
from renderer.chebache_layout import (
    Box,
    Label,
    Layout,
    Step,
    banner_box,
    cell_box,
    cell_centre,
    dice_centres,
    intersection_centre,
    label_anchor,
    label_font_size,
    layout,
    number_labels,
    overlaps,
    piece_boxes,
    segment_hits,
    space_box,
    space_centre,
)
from renderer.context import RenderContext
from renderer.fonts import font
from renderer.stencil import cached_text
from renderer.words import LANGUAGES, colour, word

COLOUR_NAMES = {"W": "White", "B": "Black"}
#: Start and Finish cells of each side.
POOLS = {("B", 0): "a1", ("B", 18): "d4", ("W", 0): "a4", ("W", 18): "d1"}
SS_BG = 3


# --------------------------------------------------------------------------- themes


@dataclass(frozen=True)
class Theme:
    page: RGB
    frame: RGB
    frame_edge: RGB
    rail_ink: RGB
    cell_b: RGB  # Black's cells
    cell_w: RGB  # White's cells
    divider: RGB  # the line between a Tivit's halves, on White's (light) cells
    divider_b: RGB  # the same line on Black's (dark) cells: 3:1 on both
    ring: RGB
    ring_fill: RGB
    num_fill: RGB
    halo: RGB  # the light line inside a closed space's red outline
    num_ink: RGB
    faint_fill: RGB  # the opponent's numbers: light ink on a dark tag
    faint_ink: RGB
    panel: RGB
    card: RGB
    ink: RGB
    muted: RGB
    accent: RGB
    accent_ink: RGB  # the headline of a finished game (text on the card)
    arrow: RGB
    arrow_jump: RGB
    arrow_edge: RGB
    threat: RGB
    banner: RGB
    white_face: RGB
    white_rim: RGB
    black_face: RGB
    black_rim: RGB
    gold: RGB
    gold_edge: RGB


THEMES: dict[str, Theme] = {
    "light": Theme(
        page=(243, 238, 228),
        frame=(112, 74, 44),
        frame_edge=(66, 42, 22),
        rail_ink=(246, 230, 200),
        cell_b=(146, 102, 66),
        cell_w=(238, 220, 186),
        divider=(92, 62, 38),
        divider_b=(34, 22, 12),
        ring=(70, 48, 30),
        ring_fill=(206, 174, 128),
        num_fill=(255, 251, 242),
        halo=(255, 251, 242),
        num_ink=(40, 32, 26),
        faint_fill=(84, 56, 34),
        faint_ink=(246, 232, 206),
        panel=(255, 252, 246),
        card=(236, 229, 216),
        ink=(38, 32, 28),
        muted=(98, 88, 78),
        accent=(226, 146, 20),
        accent_ink=(130, 76, 0),
        arrow=(30, 144, 220),
        arrow_jump=(170, 90, 225),
        arrow_edge=(8, 24, 44),
        threat=(214, 36, 36),
        banner=(200, 30, 36),
        white_face=(250, 246, 234),
        white_rim=(96, 84, 68),
        black_face=(38, 38, 44),
        black_rim=(8, 8, 10),
        gold=(246, 192, 40),
        gold_edge=(120, 80, 0),
    ),
    "dark": Theme(
        page=(27, 29, 34),
        frame=(70, 50, 36),
        frame_edge=(30, 22, 16),
        rail_ink=(214, 198, 170),
        cell_b=(110, 80, 58),
        cell_w=(190, 170, 136),
        divider=(54, 38, 26),
        divider_b=(236, 224, 200),
        ring=(30, 22, 14),
        ring_fill=(150, 124, 92),
        num_fill=(40, 43, 50),
        halo=(236, 230, 220),
        num_ink=(236, 236, 240),
        faint_fill=(24, 18, 12),
        faint_ink=(222, 206, 178),
        panel=(46, 50, 58),
        card=(38, 41, 48),
        ink=(234, 234, 238),
        muted=(150, 152, 160),
        accent=(244, 182, 56),
        accent_ink=(244, 182, 56),
        arrow=(90, 185, 255),
        arrow_jump=(214, 160, 255),
        arrow_edge=(8, 20, 40),
        threat=(208, 40, 40),
        banner=(190, 34, 40),
        white_face=(240, 236, 224),
        white_rim=(70, 62, 50),
        black_face=(34, 34, 40),
        black_rim=(170, 170, 180),
        gold=(246, 192, 40),
        gold_edge=(110, 72, 0),
    ),
}


def theme_of(name: str) -> Theme:
    return THEMES[theme_name(THEMES, name)]


def piece_colours(side: str, theme: Theme) -> tuple[RGB, RGB]:
    """(face, rim) of ``side``'s pieces."""
    if side == "W":
        return theme.white_face, theme.white_rim
    return theme.black_face, theme.black_rim


def other(side: str) -> str:
    return "B" if side == "W" else "W"


# --------------------------------------------------------------------------- sprites


def _crown(draw: ImageDraw.ImageDraw, box: Box, fill: RGB, edge: RGB, line: int) -> None:
    """A three-pointed crown filling ``box``."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    pts = [
        (x0, y1),
        (x0, y0 + h * 0.25),
        (x0 + w * 0.27, y0 + h * 0.58),
        (x0 + w * 0.5, y0),
        (x0 + w * 0.73, y0 + h * 0.58),
        (x1, y0 + h * 0.25),
        (x1, y1),
    ]
    draw.polygon(pts, fill=fill, outline=edge, width=line)
    r = w * 0.07
    for px, py in (pts[1], pts[3], pts[5]):
        draw.ellipse((px - r, py - r, px + r, py + r), fill=fill, outline=edge, width=line)


@lru_cache(maxsize=64)
def slab_sprite(w: int, h: int, face: RGB, rim: RGB, king: bool, gold: RGB, gold_edge: RGB
                ) -> Image.Image:
    """A piece seen edge-on: a rounded slab ``w`` x ``h`` pixels (RGBA).  A King
    has a gold band and a crown on its side, so it shows even when covered."""
    s = SS
    W, H = w * s, h * s
    img = Image.new("RGBA", (W, H), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    edge = int(round(s * max(1.2, w * 0.028)))
    gap = s // 2  # a hair of space between stacked pieces
    radius = (H - 2 * gap) * (0.22 if king else 0.42)
    outer = (0, gap, W - 1, H - 1 - gap)
    d.rounded_rectangle(outer, radius=radius, fill=(gold_edge if king else rim) + (255,))
    body: tuple[float, float, float, float] = (edge, gap + edge, W - 1 - edge, H - 1 - gap - edge)
    inner_r = max(1, radius - edge)
    bh = body[3] - body[1]
    if king:
        d.rounded_rectangle(body, radius=inner_r, fill=gold + (255,))
        band = edge * 1.5
        body = (body[0] + band, body[1] + band, body[2] - band, body[3] - band)
        bh = body[3] - body[1]
        inner_r = max(1, inner_r - band)
    # Lower half in shade, upper in face colour, a sheen line near the top.
    d.rounded_rectangle(body, radius=inner_r, fill=mix(face, (0, 0, 0), 0.16) + (255,))
    d.rounded_rectangle((body[0], body[1], body[2], body[1] + bh * 0.62), radius=inner_r,
                        fill=face + (255,))
    sheen = mix(face, (255, 255, 255), 0.35)
    d.line((body[0] + W * 0.14, body[1] + bh * 0.2, body[2] - W * 0.14, body[1] + bh * 0.2),
           fill=sheen + (255,), width=max(s, int(bh * 0.1)))
    if king:
        ch = bh * 0.74
        cw = ch * 1.45
        cx, cy = W / 2, body[1] + bh / 2 + ch * 0.04
        _crown(d, (cx - cw / 2, cy - ch / 2, cx + cw / 2, cy + ch / 2), gold, gold_edge,
               max(1, int(s * 1.4)))
    return img.resize((w, h), Image.Resampling.LANCZOS)


def piece_sprite(side: str, king: bool, th: Theme, w: int, h: int) -> Image.Image:
    face, rim = piece_colours(side, th)
    return slab_sprite(w, h, face, rim, king, th.gold, th.gold_edge)


@lru_cache(maxsize=32)
def hatch_sprite(w: int, h: int, colour: RGB, alpha: int, step: int, line: int, outline: int,
                 hole: int, corners: tuple[bool, bool, bool, bool], halo: RGB | None = None
                 ) -> Image.Image:
    """Diagonal hatching and an outline over a ``w`` x ``h`` box (RGBA), with a
    quarter-circle hole of radius ``hole`` at each corner flagged in ``corners``
    (top left, top right, bottom left, bottom right: where Intersection rings
    are, which stay clear)."""
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    for x in range(-h, w, step):
        d.line((x, h, x + h, 0), fill=colour + (alpha,), width=line)
    inset = outline // 2
    if halo is not None:  # a light line inside the outline: the mark reads on any cell
        d.rectangle((outline, outline, w - 1 - outline, h - 1 - outline), outline=halo + (255,),
                    width=max(1, outline // 2))
    d.rectangle((inset, inset, w - 1 - inset, h - 1 - inset), outline=colour + (255,),
                width=outline)
    mask = Image.new("L", (w, h), 255)
    md = ImageDraw.Draw(mask)
    for (cx, cy), flag in zip(((0, 0), (w, 0), (0, h), (w, h)), corners, strict=True):
        if flag:
            md.ellipse((cx - hole, cy - hole, cx + hole, cy + hole), fill=0)
    alpha_band = img.getchannel("A")
    img.putalpha(Image.composite(alpha_band, mask, mask))
    return img


# --------------------------------------------------------------------------- background


def draw_label(d: ImageDraw.ImageDraw, label: Label, th: Theme, width: int) -> None:
    """A space number: the viewer's in a round light pill, the opponent's in a
    square-cornered dark tag (shape tells them apart, not only shade; both
    meet 4.5:1).  A Tivit half's tag has a point showing the way its stretch
    of the path runs."""
    k = layout(width).scale
    f = font(label_font_size(label.strong, width), label.strong)
    fill, ink = (th.num_fill, th.num_ink) if label.strong else (th.faint_fill, th.faint_ink)
    # Whole pixels, and a radius at most half the height: with fractional corners
    # Pillow's rounded_rectangle crossed its own edges at some widths.
    x0, y0, x1, y1 = (round(v) for v in label.box)
    if label.kind == "tag":
        h = y1 - y0
        point = h * 0.55
        cy = (y0 + y1) / 2
        if label.pointing > 0:
            back, front, tip = x0, x1 - point, x1
        else:
            back, front, tip = x1, x0 + point, x0
        poly = [(back, y0), (front, y0), (tip, cy), (front, y1), (back, y1)]
        d.polygon(poly, fill=fill, outline=th.ring if label.strong else ink)
    elif label.strong:
        d.rounded_rectangle((x0, y0, x1, y1), radius=(y1 - y0) // 2, fill=fill, outline=th.ring,
                            width=1)
    else:
        d.rounded_rectangle((x0, y0, x1, y1), radius=max(1, int(3 * k)), fill=fill)
    d.text(label.text_centre, str(label.number), font=f, fill=ink, anchor="mm")


@lru_cache(maxsize=256)
def pool_title_box(side: str, number: int, viewer: str, width: int, language: str = "en"
                   ) -> tuple[Box, tuple[float, float]]:
    """(box, centre) of a pool's title (``BLACK FINISH``) on its cell's outer edge."""
    lay = layout(width)
    k = lay.scale
    gx0, gy0, gx1, gy1 = lay.grid
    x0, y0, x1, y1 = cell_box(POOLS[(side, number)], viewer, width)
    outer_top = (y0 + y1) / 2 < (gy0 + gy1) / 2
    t = lay.text_scale
    ty = y0 + 16 * t if outer_top else y1 - 16 * t
    tx = (x0 + x1) / 2 + (-1 if (x0 + x1) / 2 < (gx0 + gx1) / 2 else 1) * lay.cell * 0.1
    tw = font(title_font_size(width), True).getlength(pool_title(side, number, language))
    return (tx - tw / 2 - 3 * k, ty - 10 * t, tx + tw / 2 + 3 * k, ty + 10 * t), (tx, ty)


def title_font_size(width: int) -> int:
    """Pixel size of the pool titles (larger on the phone layout)."""
    lay = layout(width)
    return int((17 if lay.compact else 15) * lay.text_scale)


def rail_font_size(width: int) -> int:
    """Pixel size of the file letters and rank digits on the rails."""
    return int(17 * layout(width).text_scale)


def pool_title(side: str, number: int, language: str = "en") -> str:
    """``WHITE START``, ``BLACK FINISH`` (in ``language``)."""
    return word(language, f"pool_{side}_{'start' if number == 0 else 'finish'}")


def _draw_pool_title(d: ImageDraw.ImageDraw, side: str, number: int, th: Theme, viewer: str,
                     width: int, backed: bool = False, language: str = "en") -> None:
    """A pool's title; ``backed``: on a patch of its cell's colour (drawn again
    over the last-turn outline, which must not run through it)."""
    box, centre = pool_title_box(side, number, viewer, width, language)
    cell_colour = cell_colour_of(side, th)
    if backed:
        d.rectangle(box, fill=cell_colour)
    d.text(centre, pool_title(side, number, language), font=font(title_font_size(width), True),
           fill=contrast_ink(cell_colour), anchor="mm")


def cell_colour_of(side: str, th: Theme) -> RGB:
    """The colour of ``side``'s cells (its Start and Finish are among them)."""
    return th.cell_b if side == "B" else th.cell_w


# every look the warm-up draws (2 widths x themes x chairs), in each language
@lru_cache(maxsize=2 * len(THEMES) * len(SIDES) * len(LANGUAGES))
def background(width: int, theme_name: str, viewer: str, language: str = "en") -> Image.Image:
    """The empty board and panel for a viewer: cells, Tivit halves with their
    angle marks, rings, pool titles and the space numbers (RGB); ``language``:
    of the pool titles and the legend."""
    lay = layout(width)
    th = theme_of(theme_name)
    k = lay.scale
    s = SS_BG
    big = Image.new("RGB", (lay.width * s, lay.height * s), th.page)
    d = ImageDraw.Draw(big)

    def sc(box: Box) -> Box:
        return (box[0] * s, box[1] * s, box[2] * s, box[3] * s)

    bx0, by0, bx1, by1 = lay.board
    d.rounded_rectangle(sc((bx0 + 3 * k, by0 + 5 * k, bx1 + 3 * k, by1 + 5 * k)),
                        radius=14 * k * s, fill=mix(th.page, (0, 0, 0), 0.2))
    d.rounded_rectangle(sc(lay.board), radius=14 * k * s, fill=th.frame_edge)
    d.rounded_rectangle(sc((bx0 + 3 * k, by0 + 3 * k, bx1 - 3 * k, by1 - 3 * k)),
                        radius=12 * k * s, fill=th.frame)
    gx0, gy0, gx1, gy1 = lay.grid
    d.rectangle(sc((gx0 - 3 * k, gy0 - 3 * k, gx1 + 3 * k, gy1 + 3 * k)), fill=th.frame_edge)
    for x in range(1, 5):
        for y in range(1, 5):
            cell = f"{'abcd'[x - 1]}{y}"
            colour = th.cell_b if (x + y) % 2 == 0 else th.cell_w
            d.rectangle(sc(cell_box(cell, viewer, width)), fill=colour)
    # Tivit cells: a divider between the two halves, dark on White's cells and
    # light (dark theme) or darker (light theme) on Black's: 3:1 on both.
    for cell in ("b2", "c3", "b3", "c2"):
        x0, y0, x1, y1 = cell_box(cell, viewer, width)
        my = (y0 + y1) / 2
        on_black = cell in ("b2", "c3")
        d.line(sc((x0 + 4 * k, my, x1 - 4 * k, my)),
               fill=th.divider_b if on_black else th.divider, width=int(3 * k * s))
    # Panel card.
    d.rounded_rectangle(sc(lay.panel), radius=16 * k * s, fill=th.card)
    # Intersection rings.
    r = lay.ring_r
    for px in range(1, 4):
        for py in range(1, 4):
            cx, cy = intersection_centre((px, py), viewer, width)
            d.ellipse(sc((cx - r, cy - r, cx + r, cy + r)), fill=th.ring,)
            rr = r - 4 * k
            d.ellipse(sc((cx - rr, cy - rr, cx + rr, cy + rr)), fill=th.ring_fill)
            rr2 = r * 0.45
            d.ellipse(sc((cx - rr2, cy - rr2, cx + rr2, cy + rr2)),
                      outline=mix(th.ring_fill, th.ring, 0.35), width=int(2 * k * s))
    img = big.resize((lay.width, lay.height), Image.Resampling.LANCZOS)
    d = ImageDraw.Draw(img)

    # Rail labels: files along the bottom, ranks along the left.
    rf = font(rail_font_size(width), True)
    for i in range(4):
        cell = f"{'abcd'[i]}1" if viewer == "B" else f"{'abcd'[3 - i]}4"
        x0, _, x1, _ = cell_box(cell, viewer, width)
        d.text(((x0 + x1) / 2, (gy1 + by1) / 2), cell[0], font=rf, fill=th.rail_ink, anchor="mm")
        cell = f"a{4 - i}" if viewer == "B" else f"d{i + 1}"
        _, y0, _, y1 = cell_box(cell, viewer, width)
        d.text(((bx0 + gx0) / 2, (y0 + y1) / 2), cell[1], font=rf, fill=th.rail_ink, anchor="mm")

    # Pool titles, then the space numbers of both paths (see ``number_labels``).
    for side, n in POOLS:
        _draw_pool_title(d, side, n, th, viewer, width, language=language)
    for label in number_labels(viewer, width):
        draw_label(d, label, th, width)
    if not lay.compact:
        _draw_legend(img, th, width, language)
    return img


# --------------------------------------------------------------------------- dynamic parts


def _draw_threats(img: Image.Image, position: Any, th: Theme, viewer: str, width: int,
                  language: str = "en") -> None:
    """Spaces closed by a standing Chebache: hatched red, boldly when threatened."""
    lay = layout(width)
    k = lay.scale
    d = ImageDraw.Draw(img)
    gx0, gy0, gx1, gy1 = (int(round(v)) for v in lay.grid)
    hatched: list[Box] = []
    for ch in position.chebaches():
        victim = other(ch.owner)
        x0, y0, x1, y1 = (int(round(v)) for v in space_box(victim, ch.controls, viewer, width))
        left, right = abs(x0 - gx0) > 2, abs(x1 - gx1) > 2
        top, bottom = abs(y0 - gy0) > 2, abs(y1 - gy1) > 2
        strong = bool(ch.threatened)
        sprite = hatch_sprite(x1 - x0, y1 - y0, th.threat, 150 if strong else 60,
                              int(14 * k), max(2, int((4 if strong else 2) * k)),
                              max(2, int((5 if strong else 3) * k)), int(lay.ring_r + 3 * k),
                              (top and left, top and right, bottom and left, bottom and right),
                              th.halo)
        img.paste(sprite, (x0, y0), sprite)
        hatched.append((x0, y0, x1, y1))
        # The Chebache itself: its letter on the owner's centre space, on the
        # side facing away from the space's number.
        lx0, ly0, lx1, ly1 = letter_box(ch, viewer, width)
        cx, cy, r = (lx0 + lx1) / 2, (ly0 + ly1) / 2, (lx1 - lx0) / 2
        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=th.threat, outline=th.num_fill,
                  width=max(1, int(2 * k)))
        cached_text(d, (cx, cy), ch.letter, font=font(int(17 * k), True), fill=(255, 255, 255),
                    anchor="mm")
    _redraw_covered_labels(img, hatched, th, viewer, width, language)


def letter_box(ch: Any, viewer: str, width: int) -> Box:
    """The badge of a Chebache's letter: on the owner's centre space, opposite
    that space's number."""
    lay = layout(width)
    if location(ch.owner, ch.centre).kind == "tivit":
        cx, cy = label_anchor(ch.owner, ch.centre, viewer, width, opposite=True)
    else:  # a Square: beside the stack, across from its number's direction
        x, y = space_centre(ch.owner, ch.centre, viewer, width)
        nx, ny = label_anchor(ch.owner, ch.centre, viewer, width)
        if abs(nx - x) > abs(ny - y):  # number to the side: the letter above the stack
            cx, cy = x, y - lay.cell * 0.3
        else:
            cx, cy = x + lay.cell * 0.36, y
    r = 14 * lay.scale
    return (cx - r, cy - r, cx + r, cy + r)


def _redraw_covered_labels(img: Image.Image, boxes: list[Box], th: Theme, viewer: str,
                           width: int, language: str = "en") -> None:
    """Draw again the numbers a hatched space covered: a number stays readable."""
    for label in number_labels(viewer, width):
        if any(overlaps(label.box, box, 1.0) for box in boxes):
            restore_label(img, label, th, viewer, width, language)


def restore_label(img: Image.Image, label: Label, th: Theme, viewer: str, width: int,
                  language: str = "en") -> None:
    """Put a number back as the empty board has it (a paste from the cached
    board of the picture's language: much quicker than drawing its text again)."""
    x0, y0, x1, y1 = label.box
    box = (int(x0) - 1, int(y0) - 1, int(x1) + 2, int(y1) + 2)
    img.paste(background(width, _theme_key(th), viewer, language).crop(box), box[:2])


def _theme_key(th: Theme) -> str:
    return next(name for name, theme in THEMES.items() if theme is th)


def _draw_stacks(img: Image.Image, position: Any, th: Theme, viewer: str, width: int) -> None:
    for sv in position.spaces():
        kings = tuple(king for _, king in sv.pieces)
        for (side, king), box in zip(sv.pieces, piece_boxes(sv.side, sv.number, kings, viewer,
                                                            width), strict=True):
            x0, y0, x1, y1 = box
            h = int(round(y1 - y0))
            sprite = piece_sprite(side, king, th, int(round(x1 - x0)), h)
            img.paste(sprite, (int(round(x0)), int(round(y0))), sprite)


def _draw_pools(img: Image.Image, counts: dict[tuple[str, int], tuple[int, int]], th: Theme,
                viewer: str, width: int, language: str = "en") -> None:
    """Each corner cell: a pile icon with the count of ordinary pieces, and the
    King (crowned piece) when it is there."""
    lay = layout(width)
    k = lay.scale
    d = ImageDraw.Draw(img)
    for side, n in POOLS:
        ordinary, kings = counts[(side, n)]
        cx, cy = pool_centre(side, n, viewer, width)
        cell_colour = th.cell_b if side == "B" else th.cell_w
        ink = contrast_ink(cell_colour)
        pw = int(lay.piece_w * 0.8)
        uh = int(round(lay.unit_h * 0.8))
        if ordinary == 0 and kings == 0:
            cached_text(d, (cx, cy), word(language, "pool_empty"), font=font(int(17 * k)), fill=ink,
                        anchor="mm")
            continue
        # A little pile (up to 3 slabs) with the number, the King below it.
        px = cx - lay.cell * 0.16
        tx = px + pw / 2 + 10 * k
        pile_y, king_y = cy, cy
        if ordinary and kings:
            pile_y, king_y = cy - 20 * k, cy + 30 * k
        if ordinary:
            sprite = piece_sprite(side, False, th, pw, uh)
            shown = min(3, ordinary)
            top = pile_y - uh * shown / 2
            for i in range(shown):
                img.paste(sprite, (int(round(px - pw / 2)), int(round(top + i * uh))), sprite)
            nf = font(int(36 * k), True)
            cached_text(d, (tx, pile_y), str(ordinary), font=nf, fill=ink, anchor="lm")
        if kings:
            ks = piece_sprite(side, True, th, pw, 2 * uh)
            img.paste(ks, (int(round(px - pw / 2)), int(round(king_y - uh))), ks)
            label = _kings(kings, language)
            cached_text(d, (tx, king_y), label, font=font(int(18 * k), True), fill=ink, anchor="lm")


@lru_cache(maxsize=1024)
def pool_display_box(side: str, number: int, ordinary: int, kings: int, viewer: str = "W",
                     width: int = 1100, language: str = "en") -> Box:
    """The box of what ``_draw_pools`` draws in a pool cell (pile, count, King)."""
    lay = layout(width)
    k = lay.scale
    cx, cy = pool_centre(side, number, viewer, width)
    if ordinary == 0 and kings == 0:
        w = font(int(17 * k)).getlength(word(language, "pool_empty"))
        return (cx - w / 2, cy - 10 * k, cx + w / 2, cy + 10 * k)
    pw = int(lay.piece_w * 0.8)
    uh = int(round(lay.unit_h * 0.8))
    px = cx - lay.cell * 0.16
    tx = px + pw / 2 + 10 * k
    pile_y, king_y = (cy - 20 * k, cy + 30 * k) if ordinary and kings else (cy, cy)
    x1, y0, y1 = tx, cy, cy
    if ordinary:
        x1 = max(x1, tx + font(int(36 * k), True).getlength(str(ordinary)))
        y0 = min(y0, pile_y - max(uh * min(3, ordinary) / 2, 18 * k))
        y1 = max(y1, pile_y + max(uh * min(3, ordinary) / 2, 18 * k))
    if kings:
        label = _kings(kings, language)
        x1 = max(x1, tx + font(int(18 * k), True).getlength(label))
        y0, y1 = min(y0, king_y - uh), max(y1, king_y + uh)
    return (px - pw / 2, y0, x1, y1)


def _kings(kings: int, language: str) -> str:
    """``King``, ``2 Kings``."""
    return word(language, "king_one") if kings == 1 else word(language, "kings", n=kings)


def pool_centre(side: str, number: int, viewer: str = "W", width: int = 1100
                ) -> tuple[float, float]:
    """Centre of the pool display in a Start (0) or Finish (18) corner cell:
    shifted away from the Intersection ring in the cell's inner corner."""
    lay = layout(width)
    cx, cy = cell_centre(POOLS[(side, number)], viewer, width)
    gx = (lay.grid[0] + lay.grid[2]) / 2
    gy = (lay.grid[1] + lay.grid[3]) / 2
    sx = -1 if cx < gx else 1
    sy = -1 if cy < gy else 1
    # Away from the ring (inner corner) sideways; towards the board's middle
    # vertically, clear of the title on the outer edge.
    return (cx + sx * lay.cell * 0.06, cy - sy * lay.cell * 0.03)


def _step_point(side: str, n: int, viewer: str, width: int) -> tuple[float, float]:
    if n in (0, 18):
        return cell_centre(POOLS[(side, n)], viewer, width)
    return space_centre(side, n, viewer, width)


@lru_cache(maxsize=8)
def _disc_mask(size: int) -> Image.Image:
    mask = Image.new("L", (size * SS, size * SS), 0)
    ImageDraw.Draw(mask).ellipse((0, 0, size * SS - 1, size * SS - 1), fill=255)
    return mask.resize((size, size), Image.Resampling.LANCZOS)


def _restore_rings(img: Image.Image, box: Box, th: Theme, viewer: str, width: int,
                   language: str = "en") -> None:
    """Copy the Intersection rings at the corners of ``box`` back from the empty
    board (after an outline was drawn across them)."""
    lay = layout(width)
    bg = background(width, next(n for n, t in THEMES.items() if t is th), viewer, language)
    size = int(lay.ring_r * 2) + 4
    mask = _disc_mask(size)
    for px in range(1, 4):
        for py in range(1, 4):
            cx, cy = intersection_centre((px, py), viewer, width)
            if box[0] - 1 <= cx <= box[2] + 1 and box[1] - 1 <= cy <= box[3] + 1:
                x0, y0 = int(round(cx - size / 2)), int(round(cy - size / 2))
                img.paste(bg.crop((x0, y0, x0 + size, y0 + size)), (x0, y0), mask)


def _box_exit(a: tuple[float, float], b: tuple[float, float], box: Box) -> float:
    """The fraction along a->b where the segment leaves ``box`` (``a`` inside it)."""
    x0, y0, x1, y1 = box
    t = 1.0
    dx, dy = b[0] - a[0], b[1] - a[1]
    if dx > 0:
        t = min(t, (x1 - a[0]) / dx)
    elif dx < 0:
        t = min(t, (x0 - a[0]) / dx)
    if dy > 0:
        t = min(t, (y1 - a[1]) / dy)
    elif dy < 0:
        t = min(t, (y0 - a[1]) / dy)
    return max(0.0, t)


def _clearance(n: int, width: int) -> float:
    """How far from a space's point an arrow stops: outside an Intersection's
    ring, beside a Square's or Tivit's stack, inside a pool (its centre)."""
    lay = layout(width)
    if n in (0, 18):
        return lay.cell * 0.2
    if n % 2:  # odd numbers are Intersections on both paths
        return lay.ring_r + 4 * lay.scale
    return lay.cell * 0.24


def step_arrow(mover: str, src: int, dst: int, viewer: str, width: int,
               avoid: tuple[Box, ...] = (), labels: tuple[Box, ...] = (),
               pool: Box | None = None) -> tuple[tuple[float, float], tuple[float, float]]:
    """(start, tip) of the arrow of a step from ``src`` to ``dst`` (mover's
    numbering, 0 Start, 18 Finish): it leaves the source's point and stops
    short of the destination's, always pointing from ``src`` to ``dst`` (a
    pool's point is its cell's centre, so S/1 points out of Start and 17/F
    into Finish; from Start it leaves at the edge of ``pool``, the box of
    the pile there).  The tip stops earlier where its head would cover a box of
    ``avoid`` (a number, a stack), as long as the arrow keeps a body; where
    no place is clear of all, one clear of ``labels`` at least."""
    a = _step_point(mover, src, viewer, width)
    b = _step_point(mover, dst, viewer, width)
    dx, dy = b[0] - a[0], b[1] - a[1]
    dist = (dx * dx + dy * dy) ** 0.5 or 1.0
    ux, uy = dx / dist, dy / dist
    lead, stop = _clearance(src, width), _clearance(dst, width)
    k = layout(width).scale
    least = 30 * k
    room = dist - lead - stop
    if room < least:  # neighbours: shorten both ends alike so the arrow keeps a body
        cut = (least - room) / 2
        lead, stop = max(0.0, lead - cut), max(0.0, stop - cut)
    start = (a[0] + ux * lead, a[1] + uy * lead)
    tip = (b[0] - ux * stop, b[1] - uy * stop)
    if src in (0, 18) and pool is not None:  # leave from the edge of the pool's pile
        out = _box_exit(a, b, pool)
        if out * dist < dist - stop - least:
            start = (a[0] + dx * out, a[1] + dy * out)
    for boxes in (avoid, labels):
        if boxes:
            found = _clear_arrow(start, tip, (ux, uy), dist - lead - stop, least, boxes, width)
            if found is not None:
                return found
    return start, tip


def _clear_arrow(start: tuple[float, float], tip: tuple[float, float], u: tuple[float, float],
                 length: float, least: float, avoid: tuple[Box, ...], width: int
                 ) -> tuple[tuple[float, float], tuple[float, float]] | None:
    """An arrow like start-tip whose head covers nothing in ``avoid``: stopping
    earlier, or run alongside (neighbouring Intersections have their numbers
    between them); None if there is none."""
    ux, uy = u
    k = layout(width).scale
    # Only boxes near the arrow's end can be under its head.
    reach_box = (min(start[0], tip[0]) - 110 * k, min(start[1], tip[1]) - 110 * k,
                 max(start[0], tip[0]) + 110 * k, max(start[1], tip[1]) + 110 * k)
    avoid = tuple(box for box in avoid if overlaps(box, reach_box))
    for side, shortest in ((0.0, least), (1.0, least), (-1.0, least), (1.5, least),
                           (-1.5, least), (0.0, least * 0.6), (1.0, least * 0.6),
                           (-1.0, least * 0.6), (2.2, least * 0.6), (-2.2, least * 0.6)):
        px, py = -uy * side * 34 * k, ux * side * 34 * k
        s0 = (start[0] + px, start[1] + py)
        reach = int(max(0.0, length - shortest))
        for extra in range(0, reach + 1, max(1, int(4 * k))):
            trial = (tip[0] - ux * extra + px, tip[1] - uy * extra + py)
            head = arrow_head_box(s0, trial, width)
            if not any(overlaps(head, box, 1.0) for box in avoid):
                return s0, trial
    return None


def arrow_head_box(start: tuple[float, float], tip: tuple[float, float], width: int) -> Box:
    """The box of an arrow's head (with its outline)."""
    k = layout(width).scale
    head = 28 * k
    dx, dy = tip[0] - start[0], tip[1] - start[1]
    n = (dx * dx + dy * dy) ** 0.5 or 1.0
    ux, uy = dx / n, dy / n
    bx, by = tip[0] - ux * head, tip[1] - uy * head
    px, py = -uy * head * 0.6, ux * head * 0.6
    xs = (tip[0], bx + px, bx - px)
    ys = (tip[1], by + py, by - py)
    return (min(xs), min(ys), max(xs), max(ys))


def count_badge_box(start: tuple[float, float], tip: tuple[float, float], count: int,
                    avoid: list[Box], width: int, labels: tuple[Box, ...] = ()) -> Box:
    """Where an arrow's ``×N`` goes: on its shaft, at the first of a few places
    along it (then beside it) that covers no label, piece or other badge in
    ``avoid``; the middle if none is free."""
    k = layout(width).scale
    tw = font(int(17 * k), True).getlength(f"×{count}")
    hw, hh = tw / 2 + 6 * k, 13 * k
    dx, dy = tip[0] - start[0], tip[1] - start[1]
    n = (dx * dx + dy * dy) ** 0.5 or 1.0
    px, py = -dy / n, dx / n
    spots = [(t, 0.0) for t in (0.5, 0.35, 0.65, 0.2, 0.8)]
    spots += [(t, side * reach * (hw + hh)) for reach in (1.0, 1.6, 2.4)
              for t in (0.5, 0.3, 0.7, 0.15, 0.85) for side in (1, -1)]
    boxes = [(start[0] + dx * t + px * off - hw, start[1] + dy * t + py * off - hh,
              start[0] + dx * t + px * off + hw, start[1] + dy * t + py * off + hh)
             for t, off in spots]
    for keep_clear in (avoid, labels):  # all if possible, else the numbers at least
        for box in boxes:
            if not any(overlaps(box, other, 1.0) for other in keep_clear):
                return box
    return boxes[0]


def last_turn_layout(steps: list[Step], mover: str, viewer: str, width: int,
                     avoid: list[Box], pools: dict[int, Box] | None = None
                     ) -> list[tuple[Step, tuple[float, float],
                                                     tuple[float, float], Box | None]]:
    """Each step's (step, start, tip, count badge box or None), the badges
    placed clear of ``avoid`` and of each other."""
    out = []
    taken = list(avoid)
    # Heads stay clear of numbers and of pieces (stacks are drawn over arrows).
    labels = tuple(label.box for label in number_labels(viewer, width))
    arrows = [(st, *step_arrow(mover, st.src, st.dst, viewer, width, tuple(avoid), labels,
                               (pools or {}).get(st.src)))
              for st in steps]
    taken += [arrow_head_box(start, tip, width) for _, start, tip in arrows]
    for st, start, tip in arrows:
        badge = None
        if st.count > 1:
            badge = count_badge_box(start, tip, st.count, taken, width, labels)
            taken.append(badge)
        out.append((st, start, tip, badge))
    return out


def _ring_with_halo(d: ImageDraw.ImageDraw, centre: tuple[float, float], r: float, th: Theme,
                    line: int) -> None:
    """A solid last-turn ring with a dark edge either side (a mark that reads on
    light and dark cells alike)."""
    cx, cy = centre
    d.ellipse((cx - r - 2, cy - r - 2, cx + r + 2, cy + r + 2), outline=th.arrow_edge,
              width=line + 4)
    d.ellipse((cx - r, cy - r, cx + r, cy + r), outline=th.arrow, width=line)


def board_obstacles(position: Any, viewer: str, width: int,
                    counts: dict[tuple[str, int], tuple[int, int]] | None = None,
                    language: str = "en") -> list[Box]:
    """Boxes of everything on the board a mark must not cover: the space numbers,
    the pool titles, the stacks, the Chebache letters and the pools' piles
    (``counts``: :func:`pool_counts` of the position, when the caller has them)."""
    counts = counts or pool_counts(position)
    boxes = [label.box for label in number_labels(viewer, width)]
    boxes += [pool_title_box(side, n, viewer, width, language)[0] for side, n in POOLS]
    for sv in position.spaces():
        kings = tuple(king for _, king in sv.pieces)
        boxes += piece_boxes(sv.side, sv.number, kings, viewer, width)
    boxes += [letter_box(ch, viewer, width) for ch in position.chebaches()]
    boxes += [pool_display_box(side, n, *counts[(side, n)], viewer, width, language)
              for side, n in POOLS]
    return boxes


def _pool_counts(position: Any, side: str, number: int) -> tuple[int, int]:
    """(ordinary pieces, Kings) in a side's Start (0) or Finish (18)."""
    counts: tuple[int, int] = position.start(side) if number == 0 else position.finish(side)
    return counts


def pool_counts(position: Any) -> dict[tuple[str, int], tuple[int, int]]:
    """Every pool's counts, asked of the position once per picture (the
    engine's answer is not free)."""
    return {(side, n): _pool_counts(position, side, n) for side, n in POOLS}


def mover_pools(position: Any, mover: str, viewer: str, width: int,
                counts: dict[tuple[str, int], tuple[int, int]] | None = None,
                language: str = "en") -> dict[int, Box]:
    """The boxes of the piles in the mover's Start (0) and Finish (18)."""
    counts = counts or pool_counts(position)
    return {n: pool_display_box(mover, n, *counts[(mover, n)], viewer, width, language)
            for n in (0, 18)}


def _draw_last_turn(img: Image.Image, steps: list[Step], mover: str, th: Theme, viewer: str,
                    width: int, avoid: list[Box], pools: dict[int, Box],
                    language: str = "en") -> None:
    """Arrows from where pieces left to where they arrived (mover's numbering):
    a dashed ring where they left, a solid one where they arrived, and the
    pool cell outlined when a piece left Start or entered Finish.  A jump is a
    dashed arrow (not only another colour); a count ``×N`` sits where it hides
    nothing."""
    lay = layout(width)
    k = lay.scale
    d = ImageDraw.Draw(img)
    ring_d = int(lay.ring_r * ARRIVAL_RING)
    line = max(2, int(4 * k))
    edge_ring = ring_sprite(ring_d + 4, th.arrow_edge, line + 2, 14)
    ring = ring_sprite(ring_d, th.arrow, line, 14)
    sources = {st.src for st in steps}
    ends = {st.dst for st in steps}
    for n in sources | ends:
        if n in (0, 18):
            x0, y0, x1, y1 = cell_box(POOLS[(mover, n)], viewer, width)
            inset = 5 * k
            box = (x0 + inset, y0 + inset, x1 - inset, y1 - inset)
            d.rounded_rectangle(box, radius=10 * k, outline=th.arrow_edge,
                                width=max(3, int(5 * k)) + 4)
            d.rounded_rectangle((box[0] + 2, box[1] + 2, box[2] - 2, box[3] - 2), radius=10 * k,
                                outline=th.arrow, width=max(3, int(5 * k)))
            _restore_rings(img, (x0, y0, x1, y1), th, viewer, width, language)
            _draw_pool_title(d, mover, n, th, viewer, width, backed=True, language=language)
            _redraw_covered_labels(img, [(x0, y0, x1, y1)], th, viewer, width, language)
            d = ImageDraw.Draw(img)
        elif n in ends:
            _ring_with_halo(d, space_centre(mover, n, viewer, width), ring_d / 2, th,
                            max(3, int(5 * k)))
        else:
            centre = space_centre(mover, n, viewer, width)
            paste_sprite(img, edge_ring, centre)
            paste_sprite(img, ring, centre)
    cf = font(int(17 * k), True)
    placed = last_turn_layout(steps, mover, viewer, width, avoid, pools)
    for st, start, tip, badge in placed:
        dx, dy = tip[0] - start[0], tip[1] - start[1]
        dist = (dx * dx + dy * dy) ** 0.5 or 1.0
        ux, uy = dx / dist, dy / dist
        colour = th.arrow_jump if st.jump else th.arrow
        w = max(3, int(7 * k))
        head = 24 * k
        base = (tip[0] - ux * head * 0.8, tip[1] - uy * head * 0.8)
        d.line([start, base], fill=th.arrow_edge, width=w + int(4 * k))
        arrow_head(d, tip, (ux, uy), head + 4 * k, th.arrow_edge)
        if st.jump:  # dashes of colour on the dark edge
            _dashed(d, start, base, colour, w, 14 * k)
        else:
            d.line([start, base], fill=colour, width=w)
        arrow_head(d, (tip[0] - ux * 3 * k, tip[1] - uy * 3 * k), (ux, uy), head - 2 * k,
                   colour)
        if badge is not None:
            d.rounded_rectangle(badge, radius=12 * k, fill=th.arrow_edge, outline=colour,
                                width=max(1, int(2 * k)))
            cached_text(d, ((badge[0] + badge[2]) / 2, (badge[1] + badge[3]) / 2), f"×{st.count}",
                        font=cf, fill=(255, 255, 255), anchor="mm")
    # A number an arrow's shaft or a ring crossed is drawn again on top: it stays readable.
    pad = max(3, int(7 * k)) / 2 + 2 * k
    r = ring_d / 2 + 2
    rings = [(cx - r, cy - r, cx + r, cy + r) for cx, cy in
             (space_centre(mover, n, viewer, width) for n in (sources | ends) if n not in (0, 18))]
    for label in number_labels(viewer, width):
        if any(segment_hits(start, tip, label.box, pad) for _, start, tip, _ in placed) \
                or any(overlaps(label.box, ring_box, 1.0) for ring_box in rings):
            restore_label(img, label, th, viewer, width, language)


#: A last-turn ring's diameter in Intersection ring radii: just around the
#: ring, clear of the numbers beside it.
ARRIVAL_RING = 2.05


def _dashed(d: ImageDraw.ImageDraw, a: tuple[float, float], b: tuple[float, float], colour: RGB,
            w: int, dash: float) -> None:
    dx, dy = b[0] - a[0], b[1] - a[1]
    n = (dx * dx + dy * dy) ** 0.5 or 1.0
    t = 0.0
    while t < n:
        t1 = min(n, t + dash)
        d.line([(a[0] + dx * t / n, a[1] + dy * t / n), (a[0] + dx * t1 / n, a[1] + dy * t1 / n)],
               fill=colour, width=w)
        t += dash * 1.7


def _draw_dice(img: Image.Image, dice: tuple[int, ...], side: str, th: Theme, width: int) -> None:
    lay = layout(width)
    values = dice_values(dice)
    if not values:
        return
    face, edge = piece_colours(side, th)
    paste_dice(img, values, dice_centres(len(values), width), lay.die, face,
               die_pip_colour(face), edge, max(2, int(3 * lay.scale)))


def _headline(position: Any, language: str = "en", why: bool = True) -> tuple[str, bool]:
    """(text, is the game over); ``why``: with an ending's reason."""
    text = headline(position, lambda side: colour(language, COLOUR_NAMES.get(side, side)),
                    language, why)
    return text, position.side_to_move not in SIDES


def _draw_plate(img: Image.Image, box: Box, side: str, name: str, active: bool, badge: str,
                th: Theme, width: int, language: str = "en") -> None:
    lay = layout(width)
    h = box[3] - box[1]
    face, rim = piece_colours(side, th)
    icon = slab_sprite(int(h * 0.62), int(h * 0.3), face, rim, False, th.gold, th.gold_edge)
    fs = int(23 * lay.scale)
    subtitle = colour(language, COLOUR_NAMES[side])
    need = plate_width(name, icon.size[0], int(h), active, subtitle, fs, badge)
    if need > box[2] - box[0]:
        subtitle = ""
    name_plate(img, box, name, icon, th.panel, th.ink, active, th.accent, badge_text=badge,
               subtitle=subtitle, font_size=fs)


def _wrap(text: str, fnt: Any, max_w: float, max_lines: int) -> list[str]:
    lines: list[str] = []
    cur = ""
    for part in text.split(" "):
        trial = f"{cur} {part}".strip()
        if fnt.getlength(trial) <= max_w or not cur:
            cur = trial
        else:
            lines.append(cur)
            cur = part
    if cur:
        lines.append(cur)
    if len(lines) > max_lines:
        lines = lines[:max_lines]
        lines[-1] = fit_text(lines[-1] + " …", fnt, max_w)
    return [fit_text(line, fnt, max_w) for line in lines]


def _draw_panel(img: Image.Image, position: Any, ctx: RenderContext, th: Theme, viewer: str,
                width: int) -> None:
    lay = layout(width)
    k = lay.scale
    d = ImageDraw.Draw(img)
    px0, py0, px1, py1 = lay.panel
    pad = 14 * k
    cx = (px0 + px1) / 2
    names = dict(ctx.names or {})
    mover = position.side_to_move
    result = getattr(position, "result", None)
    winner = getattr(result, "winner", None) if result is not None else None
    lang = ctx.language
    # the panel is narrow: an ending's reason gets lines of its own below
    headline, over = _headline(position, lang, why=False)
    hf = font(int(30 * k), True)
    cached_text(d, (cx, lay.headline_y), fit_text(headline, hf, px1 - px0 - 2 * pad), font=hf,
                fill=th.accent_ink if over else th.ink, anchor="mm")

    opponent = other(viewer)
    for side, box in ((opponent, lay.top_plate), (viewer, lay.bottom_plate)):
        active = side == mover or (mover is None and side == winner)
        badge = word(lang, "badge_to_move" if mover is not None else "badge_winner")
        inner = (box[0] + pad * 0.5, box[1], box[2] - pad * 0.5, box[3])
        _draw_plate(img, inner, side, names.get(side) or colour(lang, COLOUR_NAMES[side]),
                    active, badge, th, width, lang)

    dice_side = mover if mover in SIDES else (ctx.last_side if ctx.last_side in SIDES else viewer)
    if ctx.dice:
        _draw_dice(img, tuple(ctx.dice), dice_side, th, width)
    else:
        cached_text(d, (cx, lay.dice_y), word(lang, "no_dice") if mover else "",
                    font=font(int(17 * k)), fill=th.muted, anchor="mm")

    y = lay.info_top
    threatened = [n for victim, n in position.threatened() if victim == mover]
    if mover in SIDES and threatened:
        bx0, by0, bx1, by1 = banner_box(width)
        d.rounded_rectangle((bx0, by0, bx1, by1), radius=14 * k, fill=th.banner,
                            outline=mix(th.banner, (0, 0, 0), 0.35), width=max(2, int(3 * k)))
        bf = font(int(36 * k), True)
        cached_text(d, ((bx0 + bx1) / 2, by0 + 32 * k), word(lang, "chebache_banner"), font=bf,
                    fill=(255, 255, 255), anchor="mm")
        sf = font(int(17 * k), True)
        spaces = ", ".join(str(n) for n in sorted(threatened))
        sub = word(lang, "threatened", colour=colour(lang, COLOUR_NAMES[mover]),
                   n=len(threatened), spaces=spaces)
        cached_text(d, ((bx0 + bx1) / 2, by0 + 68 * k), fit_text(sub, sf, bx1 - bx0 - 16 * k),
                    font=sf, fill=(255, 236, 230), anchor="mm")
    else:
        y = lay.banner[1] + 8 * k

    lf = font(int(16 * k), True)
    mf = font(int(21 * k))
    tx = px0 + pad
    room = px1 - px0 - 2 * pad
    legend_top = _legend_top(width)  # (the legend itself is on the cached board)
    reason = getattr(result, "reason", "") if result is not None and result.text else ""
    if reason:  # why the game ended ("bob resigned"); an abort's is the headline
        for line in _wrap(reason, mf, room, 2):
            cached_text(d, (tx, y), line, font=mf, fill=th.accent_ink, anchor="lt")
            y += 27 * k
        y += 10 * k
    if ctx.last_side in SIDES and ctx.last_moves:
        title = word(lang, "last_turn_title",
                     colour=colour(lang, COLOUR_NAMES[ctx.last_side]).upper())
        cached_text(d, (tx, y), title, font=lf, fill=th.muted, anchor="lt")
        y += 24 * k
        for line in _wrap(ctx.last_moves, mf, room, 3):
            cached_text(d, (tx, y), line, font=mf, fill=th.ink, anchor="lt")
            y += 27 * k
        y += 10 * k
    cheb = position.chebaches()
    if cheb:
        cached_text(d, (tx, y), word(lang, "chebaches_title"), font=lf, fill=th.muted, anchor="lt")
        y += 24 * k
        sf = font(int(19 * k))
        lines = []
        for side in SIDES:
            for c in sorted((c for c in cheb if c.owner == side), key=lambda c: c.letter):
                lines.append(word(lang, f"closes_{side}", letter=c.letter,
                                  controls=c.controls))
        for line in lines:
            if y + 24 * k > legend_top:
                break
            cached_text(d, (tx, y), fit_text(line, sf, room), font=sf, fill=th.ink, anchor="lt")
            y += 25 * k
    nf = font(int(14 * k))
    note = word(lang, f"numbers_{viewer}")
    if ctx.footer:
        note = ctx.footer
    cached_text(d, (cx, py1 - 14 * k), fit_text(note, nf, room), font=nf, fill=th.muted,
                anchor="mm")


#: The legend's lines by key (renderer/words.py), in the order of their marks.
LEGEND_KEYS = ("legend_king", "legend_closed", "legend_letter", "legend_last", "legend_jump")
LEGEND = tuple(word("en", key) for key in LEGEND_KEYS)


def _draw_strip(img: Image.Image, position: Any, ctx: RenderContext, th: Theme, viewer: str,
                width: int) -> None:
    """The phone layout's strip above the board: the headline with players'
    names (on the CHEBACHE banner's red when the side to move is threatened),
    the dice, both plates and the footer.  The last turn's text and the
    legend are left to the message and the picture's description."""
    lay = layout(width)
    k = lay.scale
    d = ImageDraw.Draw(img)
    px0, py0, px1, py1 = lay.panel
    names = dict(ctx.names or {})
    mover = position.side_to_move
    dice = dice_values(tuple(ctx.dice))
    dice_room = (lay.die * 1.25 * len(dice) + 20 * k) if dice else 0
    lang = ctx.language
    text, over = _headline(position, lang)
    threatened = [n for victim, n in position.threatened() if victim == mover]
    hf = font(int(32 * k), True)
    room = px1 - px0 - 28 * k - dice_room
    ink = th.accent_ink if over else th.ink
    if mover in SIDES and threatened:
        text = word(lang, "chebache_strip", n=len(threatened),
                    spaces=", ".join(str(n) for n in sorted(threatened)))
        d.rounded_rectangle((px0 + 6 * k, lay.headline_y - 24 * k, px0 + 20 * k + room,
                             lay.headline_y + 24 * k), radius=12 * k, fill=th.banner)
        ink = (255, 255, 255)
    cached_text(d, (px0 + 14 * k, lay.headline_y), fit_text(text, hf, room - 8 * k), font=hf,
                fill=ink, anchor="lm")
    dice_side = mover if mover in SIDES else (ctx.last_side if ctx.last_side in SIDES else viewer)
    if dice:
        _draw_dice(img, tuple(dice), dice_side, th, width)
    for side, box in ((other(viewer), lay.top_plate), (viewer, lay.bottom_plate)):
        active = side == mover or (mover is None and side == getattr(position.result, "winner",
                                                                      None))
        badge = word(lang, "badge_to_move" if mover is not None else "badge_winner")
        _draw_plate(img, box, side, names.get(side) or colour(lang, COLOUR_NAMES[side]), active,
                    badge, th, width, lang)
    if ctx.footer:
        nf = font(int(15 * k))
        cached_text(d, (px1 - 10 * k, py1 - 2 * k), fit_text(ctx.footer, nf, px1 - px0 - 20 * k),
                    font=nf, fill=th.muted, anchor="rb")


def _legend_top(width: int) -> float:
    """Where the legend above the bottom plate begins."""
    lay = layout(width)
    return lay.bottom_plate[1] - len(LEGEND) * 25 * lay.scale - 10 * lay.scale


def _draw_legend(img: Image.Image, th: Theme, width: int, language: str = "en") -> float:
    """A key to every mark on the board (King, closed space, a Chebache's
    letter, the last turn's arrow and count, the jump's dashed arrow) above
    the bottom plate; returns the legend's top."""
    lay = layout(width)
    k = lay.scale
    d = ImageDraw.Draw(img)
    row = 25 * k
    x0 = lay.panel[0] + 16 * k
    top = _legend_top(width)
    f = font(int(16 * k))
    iw = int(lay.piece_w * 0.62)
    for i, text in enumerate(word(language, key) for key in LEGEND_KEYS):
        cy = top + (i + 0.5) * row
        icx = x0 + iw / 2
        if i == 0:
            sprite = piece_sprite("W", True, th, iw, int(row * 0.8))
            paste_sprite(img, sprite, (icx, cy))
        elif i == 1:
            box = (int(x0), int(cy - row * 0.38), int(x0 + iw), int(cy + row * 0.38))
            sw = hatch_sprite(box[2] - box[0], box[3] - box[1], th.threat, 150, int(9 * k),
                              max(2, int(3 * k)), max(2, int(3 * k)), 0,
                              (False, False, False, False), th.halo)
            img.paste(sw, box[:2], sw)
        elif i == 2:
            r = 11 * k
            d.ellipse((icx - r, cy - r, icx + r, cy + r), fill=th.threat, outline=th.num_fill,
                      width=max(1, int(2 * k)))
            d.text((icx, cy), "H", font=font(int(14 * k), True), fill=(255, 255, 255),
                   anchor="mm")
        else:
            jump = i == 4
            colour = th.arrow_jump if jump else th.arrow
            w = max(3, int(5 * k))
            d.line((x0, cy, x0 + iw - 10 * k, cy), fill=th.arrow_edge, width=w + int(4 * k))
            arrow_head(d, (x0 + iw + 2 * k, cy), (1, 0), 17 * k, th.arrow_edge)
            if jump:
                _dashed(d, (x0, cy), (x0 + iw - 10 * k, cy), colour, w, 9 * k)
            else:
                d.line((x0, cy, x0 + iw - 10 * k, cy), fill=colour, width=w)
            arrow_head(d, (x0 + iw, cy), (1, 0), 13 * k, colour)
        d.text((x0 + iw + 12 * k, cy), text, font=f, fill=th.muted, anchor="lm")
    return top


# --------------------------------------------------------------------------- accessibility


def legibility(theme: str) -> list[Legible]:
    """Every text and mark a player reads, with the colour behind it (checked
    against WCAG AA by tests/renderer/test_accessibility.py)."""
    th = theme_of(theme)
    pairs = [
        Legible("viewer's numbers", th.num_ink, th.num_fill),
        Legible("opponent's numbers", th.faint_ink, th.faint_fill),
        Legible("rail letters", th.rail_ink, th.frame),
        Legible("headline", th.ink, th.card),
        Legible("headline of a finished game", th.accent_ink, th.card),
        Legible("panel text (last turn, Chebaches)", th.ink, th.card),
        Legible("panel captions, legend, footer", th.muted, th.card),
        Legible("plate names", th.ink, th.panel),
        Legible("plate colour word", mix(th.ink, th.panel, 0.35), th.panel),
        Legible("'to move' badge", contrast_ink(th.accent), th.accent),
        Legible("CHEBACHE banner", (255, 255, 255), th.banner),
        Legible("banner's threatened spaces", (255, 236, 230), th.banner),
        Legible("Chebache letter", (255, 255, 255), th.threat),
        Legible("arrow count", (255, 255, 255), th.arrow_edge),
        Legible("closed space's outline (on its light line)", th.threat, th.halo, "mark"),
        Legible("arrow on its dark edge", th.arrow, th.arrow_edge, "mark"),
        Legible("jump arrow on its dark edge", th.arrow_jump, th.arrow_edge, "mark"),
        Legible("Intersection ring around its floor", th.ring, th.ring_fill, "mark"),
    ]
    pairs += [Legible("Tivit divider on White's cells", th.divider, th.cell_w, "mark"),
              Legible("Tivit divider on Black's cells", th.divider_b, th.cell_b, "mark")]
    for side in SIDES:
        face, rim = piece_colours(side, th)
        # A piece reads by its face or by its rim, whichever stands out from
        # where it stands: a space of either colour, an Intersection's floor.
        for ground_name, ground in (("Black's cells", th.cell_b), ("White's cells", th.cell_w),
                                    ("an Intersection", th.ring_fill)):
            pairs.append(Legible(f"{COLOUR_NAMES[side]} piece on {ground_name}",
                                 best_tone((face, rim), ground), ground, "mark"))
        pairs.append(Legible(f"the King's crown on {COLOUR_NAMES[side]}'s face",
                             best_tone((th.gold, th.gold_edge), face), face, "mark"))
        pairs += [Legible(f"{COLOUR_NAMES[side]} dice pips", die_pip_colour(face), face, "mark"),
                  Legible(f"{COLOUR_NAMES[side]} die on the panel", best_tone((face, rim), th.card),
                          th.card, "mark")]
    for side in SIDES:
        cell = cell_colour_of(side, th)
        pairs.append(Legible(f"{COLOUR_NAMES[side]} pool title and count", contrast_ink(cell),
                             cell))
        # An arrow is two-toned (a light core on a dark edge): it reads where
        # either tone stands out from the cell.
        for what, core in (("arrow", th.arrow), ("jump arrow", th.arrow_jump)):
            tone = best_tone((th.arrow_edge, core), cell)
            pairs.append(Legible(f"{what} on {COLOUR_NAMES[side]}'s cells", tone, cell, "mark"))
    return pairs


#: Theme colours that carry nothing a player reads (checked by
#: tests/renderer/test_accessibility.py: every other theme colour is declared).
DECORATION: dict[str, str] = {
    "page": "the page around the board and panel: nothing is written or drawn on it",
    "frame_edge": "the frame's dark edge and the grid's border: the cells are told by their "
                  "own colours and numbers",
}


def player_colours(theme: str) -> dict[str, RGB]:
    """The face colour of each side's pieces."""
    th = theme_of(theme)
    return {side: piece_colours(side, th)[0] for side in SIDES}


# --------------------------------------------------------------------------- entry points


def _viewer(position: Any, ctx: RenderContext) -> str:
    mover = position.side_to_move
    if ctx.viewer in SIDES:
        return ctx.viewer
    return mover if mover in SIDES else "W"


def last_turn_marks(context: RenderContext) -> list[Step]:
    """The steps of the last turn to draw as arrows, in the mover's numbering
    (0 Start, 18 Finish); the same step made several times is one arrow with
    a count.  The one place the picture learns what the last turn did: its
    events (a Phase II jump is the move without a die)."""
    side = context.last_side
    if side not in SIDES:
        return []
    merged: dict[tuple[int, int, bool], int] = {}
    for event in context.last_events:
        # A place that is no space (another game's event) is skipped: the
        # arrows are decoration and never stop the picture.
        if isinstance(event, Moved) and event.side == side and event.src in _SPACES \
                and event.dst in _SPACES:
            key = (_SPACES[event.src], _SPACES[event.dst], event.die is None)
            merged[key] = merged.get(key, 0) + event.count
    return [Step(src, dst, count, jump) for (src, dst, jump), count in merged.items()]


#: The mover's space numbers by the names events give them (Start 0, Finish 18).
_SPACES = {"S": START, "F": FINISH, **{str(n): n for n in range(1, 18)}}


def _draw(position: Any, context: RenderContext) -> Image.Image:
    """The full-colour picture (see :meth:`ChebacheRenderer.draw`)."""
    ctx = context
    width = max(600, min(2400, int(ctx.width or 1100)))
    theme = theme_name(THEMES, ctx.theme)
    th = THEMES[theme]
    viewer = _viewer(position, ctx)
    lang = ctx.language
    img = background(width, theme, viewer, lang).copy()
    counts = pool_counts(position)
    _draw_threats(img, position, th, viewer, width, lang)
    steps = last_turn_marks(ctx)
    if steps and ctx.last_side is not None:  # (there are steps only with a side)
        _draw_last_turn(img, steps, ctx.last_side, th, viewer, width,
                        board_obstacles(position, viewer, width, counts, lang),
                        mover_pools(position, ctx.last_side, viewer, width, counts, lang), lang)
    _draw_stacks(img, position, th, viewer, width)
    _draw_pools(img, counts, th, viewer, width, lang)
    if layout(width).compact:
        _draw_strip(img, position, ctx, th, viewer, width)
    else:
        _draw_panel(img, position, ctx, th, viewer, width)
    return img


class ChebacheRenderer(BoardRenderer[Theme]):
    """The Chebache board and panel (see the module's description)."""

    game = "chebache"
    themes = THEMES

    draw = staticmethod(_draw)

    def palette_samples(self, width: int, theme: str) -> list[tuple[Any, RenderContext]]:
        """Both viewers, both colours of dice, Kings, a threat and jumps."""
        from games.chebache import GAME

        names = {"W": "White player", "B": "Black player"}
        return [
            (GAME.from_listing(
                "W: 1@S, 1@3, 4@6, 1@11, 2@12, 2@15, 1@16, K@17; "
                "B: 1@1, 2@2, 1@4, 2@6, K@9, 1@10, 1@14, 4@F; B to move", {}),
             RenderContext(names=names, dice=(6, 5), last_side="W",
                           last_moves="5/11, 3(11/14), 14^16", width=width, theme=theme,
                           last_events=(Moved("W", "5", "11", 6), Moved("W", "11", "14", 3, 3),
                                        Moved("W", "14", "16")),
                           viewer="B")),
            (GAME.from_listing(
                "W: 2K@S, 1@2, 1@4, 1@6, 3@8, 1@9, 1@10, 2@16; "
                "B: 3K@S, 2@2, 1@3, 1@5, 1@11, 2@12, 1@13, 1@16; W to move", {}),
             RenderContext(names=names, dice=(3, 3), last_side="B",
                           last_moves="S/3, 16\\11, 2(10^12)", width=width, theme=theme,
                           last_events=(Moved("B", "S", "3", 3), Moved("B", "16", "11", 5),
                                        Moved("B", "10", "12", None, 2, "2")),
                           footer="footer 0123456789")),
            (GAME.from_listing("W: 2@17, 10K@F; B: 12K@F; B wins", {}),
             RenderContext(names=names, last_side="B", width=width, theme=theme, viewer="W")),
        ]

    def warm_caches(self, width: int, theme: str) -> None:
        """The empty board from both chairs (the samples show only one each)."""
        for viewer in SIDES:  # (called as pictures call it: one cache entry)
            background(width, theme, viewer, "en")


RENDERER = ChebacheRenderer()
render, draw, warm_up = RENDERER.render, RENDERER.draw, RENDERER.warm_up


__all__ = ["RENDERER", "THEMES", "Layout", "draw", "last_turn_marks", "pool_centre", "render",
           "warm_up"]
