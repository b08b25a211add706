"""Hachapury (long nardy) board picture.

The board is drawn from the viewer's side in the viewer's own numbering:

    top row:      1  2  3  4  5  6 |  7  8  9 10 11 12   (6..1: the viewer's home)
    bottom row:  24 23 22 21 20 19 | 18 17 16 15 14 13   (24: the viewer's head)

This follows the source's picture (docs/rules/hachapury.md): seen from White's side, White's home
is the top-left quarter (the source's points 13-18) and Black's the
bottom-right one (1-6).  Both sides move counter-clockwise: along the bottom
row to the right, up, then along the top row to the left.  The viewer starts
bottom left and bears off beyond point 1 into the tray at the top left; the
opponent starts on the viewer's 12 (top right), comes home on the viewer's
18..13 (bottom right) and bears off into the tray at the bottom right.

The empty board (frame, points, numbers) is cached per width and theme; a
render copies it and draws only what changes: checkers, trays, dice, the
last-turn highlight, name plates and the headline.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, ClassVar

from PIL import Image, ImageDraw

from games.base import Result
from games.events import BorneOff, Moved
from games.hachapury.board import CHECKERS
from games.hachapury.position import COLOURS as COLOUR_NAMES
from games.hachapury.position import SIDES
from renderer.accessibility import MARK_CONTRAST, Legible, best_tone, contrast_ratio
from renderer.base import BoardRenderer, headline, moved_steps, theme_name
from renderer.board_common import (
    RGB,
    arrow_head,
    ccw_arrow_icon,
    checker_sprite,
    contrast_ink,
    dice_values,
    die_pip_colour,
    die_pip_offsets,
    fit_text,
    mix,
    name_plate,
    outlined_text,
    paste_dice,
    paste_sprite,
    plate_width,
    ring_sprite,
)
from renderer.context import RenderContext
from renderer.fonts import font
from renderer.phone import COMPACT_BELOW as PHONE_PICTURES_BELOW
from renderer.stencil import cached_text
from renderer.words import LANGUAGES, colour, colour_of, word

#: Checkers drawn in one stack before the rest are shown as a count.
STACK = 5
#: Height / width of the picture.
ASPECT = 0.74
SS_BG = 3


# --------------------------------------------------------------------------- themes


@dataclass(frozen=True)
class Theme:
    page: RGB
    frame: RGB
    frame_dark: RGB
    frame_edge: RGB
    field: RGB
    point_a: RGB
    point_b: RGB
    numbers: RGB
    tray: RGB
    ink: RGB
    muted: RGB
    panel: RGB
    accent: RGB
    accent_ink: RGB  # the result headline (text on the page)
    ghost: RGB  # dashed rings where checkers left
    arrow: RGB
    arrow_edge: RGB
    highlight_from: RGB
    highlight_to: RGB
    field_from: RGB
    field_to: RGB
    white_face: RGB
    white_rim: RGB
    black_face: RGB
    black_rim: RGB
    black_ring: RGB


THEMES: dict[str, Theme] = {
    "light": Theme(
        page=(243, 238, 228),
        frame=(128, 82, 46),
        frame_dark=(110, 69, 37),
        frame_edge=(72, 44, 22),
        field=(238, 225, 196),
        point_a=(172, 68, 46),
        point_b=(80, 135, 120),
        numbers=(250, 236, 208),
        tray=(82, 52, 28),
        ink=(38, 32, 28),
        muted=(98, 88, 78),
        panel=(255, 252, 246),
        accent=(236, 158, 28),
        accent_ink=(130, 76, 0),
        ghost=(120, 72, 0),
        arrow=(110, 200, 255),
        arrow_edge=(8, 24, 44),
        highlight_from=(255, 214, 90),
        highlight_to=(255, 190, 0),
        field_from=(247, 228, 166),
        field_to=(253, 205, 92),
        white_face=(246, 238, 218),
        white_rim=(128, 112, 88),
        black_face=(46, 46, 52),
        black_rim=(14, 14, 16),
        black_ring=(96, 96, 108),
    ),
    "dark": Theme(
        page=(27, 29, 34),
        frame=(84, 56, 38),
        frame_dark=(72, 47, 31),
        frame_edge=(36, 24, 16),
        field=(36, 60, 50),
        point_a=(160, 66, 48),
        point_b=(184, 164, 124),
        numbers=(236, 222, 196),
        tray=(40, 27, 18),
        ink=(234, 234, 238),
        muted=(150, 152, 160),
        panel=(46, 50, 58),
        accent=(244, 182, 56),
        accent_ink=(244, 182, 56),
        ghost=(255, 220, 110),
        arrow=(110, 200, 255),
        arrow_edge=(8, 20, 40),
        highlight_from=(255, 220, 110),
        highlight_to=(255, 196, 30),
        field_from=(78, 90, 56),
        field_to=(150, 130, 50),
        white_face=(240, 232, 212),
        white_rim=(60, 50, 38),
        black_face=(40, 40, 46),
        black_rim=(200, 200, 210),
        black_ring=(100, 100, 112),
    ),
}


def theme_of(name: str) -> Theme:
    return THEMES[theme_name(THEMES, name)]


def checker_colours(side: str, theme: Theme) -> tuple[RGB, RGB, RGB | None]:
    """(face, rim, ring) of ``side``'s checkers."""
    if side == "W":
        return theme.white_face, theme.white_rim, None
    return theme.black_face, theme.black_rim, theme.black_ring


# --------------------------------------------------------------------------- geometry


@dataclass(frozen=True)
class Layout:
    """Where everything is for one picture width (all in pixels)."""

    width: int
    height: int
    scale: float
    top_strip: tuple[float, float, float, float]
    bottom_strip: tuple[float, float, float, float]
    board: tuple[float, float, float, float]
    field: tuple[float, float, float, float]
    left_half_x: float
    bar: tuple[float, float, float, float]
    right_half_x: float
    point_w: float
    half_h: float
    gap: float
    checker: int
    die: int
    tray_viewer: tuple[float, float, float, float]
    tray_opponent: tuple[float, float, float, float]
    spare_left: tuple[float, float, float, float]
    spare_right: tuple[float, float, float, float]
    rail: float


@lru_cache(maxsize=16)
def layout(width: int = 1100) -> Layout:
    """The geometry of a picture ``width`` pixels wide."""
    w = int(width)
    k = w / 1100
    h = int(round(w * ASPECT))
    margin = 14 * k
    strip = 62 * k
    side_col = 84 * k
    rail = 36 * k
    bar_w = 42 * k
    board = (margin, strip, w - margin, h - strip)
    field = (margin + side_col, board[1] + rail, w - margin - side_col, board[3] - rail)
    point_w = (field[2] - field[0] - bar_w) / 12
    left_x = field[0]
    bar = (left_x + 6 * point_w, board[1], left_x + 6 * point_w + bar_w, board[3])
    right_x = bar[2]
    field_h = field[3] - field[1]
    checker = int(min(point_w * 0.86, field_h * 0.86 / (2 * STACK)))
    half_h = checker * STACK + 2 * k
    gap = field_h - 2 * half_h
    die = int(min(gap * 0.74, 66 * k))
    inset = 12 * k
    mid = (field[1] + field[3]) / 2
    tray_view = (board[0] + inset, field[1], board[0] + side_col - inset, mid - gap / 2)
    tray_opp = (board[2] - side_col + inset, mid + gap / 2, board[2] - inset, field[3])
    spare_l = (board[0] + inset, mid + gap / 2, board[0] + side_col - inset, field[3])
    spare_r = (board[2] - side_col + inset, field[1], board[2] - inset, mid - gap / 2)
    return Layout(
        width=w,
        height=h,
        scale=k,
        top_strip=(margin, 0, w - margin, strip),
        bottom_strip=(margin, h - strip, w - margin, h),
        board=board,
        field=field,
        left_half_x=left_x,
        bar=bar,
        right_half_x=right_x,
        point_w=point_w,
        half_h=half_h,
        gap=gap,
        checker=checker,
        die=die,
        tray_viewer=tray_view,
        tray_opponent=tray_opp,
        spare_left=spare_l,
        spare_right=spare_r,
        rail=rail,
    )


#: Pictures narrower than this are for phones: their numbers, counts and
#: headline are drawn larger (the board's geometry stays), so that a phone
#: showing the picture 400 px wide still reads them (the one rule, MIN_GLYPH
#: in renderer/phone.py).
COMPACT_BELOW = PHONE_PICTURES_BELOW


def phone_text(width: int) -> float:
    """How much larger text is drawn at this width (1 on a desktop picture)."""
    return 1.4 if width < COMPACT_BELOW else 1.0


def number_font_size(width: int) -> int:
    """Pixel size of the point numbers on the rails."""
    return int(23 * layout(width).scale * phone_text(width))


def _column(viewer_point: int) -> tuple[int, bool]:
    """(column 0..11 from the left, is the top row) of a viewer point 1..24."""
    if not 1 <= viewer_point <= 24:
        raise ValueError(f"no point {viewer_point}")
    if viewer_point <= 12:
        return viewer_point - 1, True
    return 24 - viewer_point, False


def point_box(viewer_point: int, width: int = 1100) -> tuple[float, float, float, float]:
    """The rectangle of a point's half-column (triangle and its stack area)."""
    lay = layout(width)
    col, top = _column(viewer_point)
    x0 = (lay.left_half_x if col < 6 else lay.right_half_x) + (col % 6) * lay.point_w
    if top:
        return (x0, lay.field[1], x0 + lay.point_w, lay.field[1] + lay.half_h)
    return (x0, lay.field[3] - lay.half_h, x0 + lay.point_w, lay.field[3])


def point_anchor(viewer_point: int, width: int = 1100) -> tuple[float, float]:
    """The middle of a point's base (on the rail edge), where its stack starts."""
    x0, y0, x1, y1 = point_box(viewer_point, width)
    _, top = _column(viewer_point)
    return ((x0 + x1) / 2, y0 if top else y1)


def checker_centre(viewer_point: int, index: int, width: int = 1100) -> tuple[float, float]:
    """Centre of the ``index``-th checker (0 = at the base) on a viewer point."""
    lay = layout(width)
    x, y = point_anchor(viewer_point, width)
    _, top = _column(viewer_point)
    offset = lay.checker / 2 + min(index, STACK - 1) * lay.checker + lay.scale
    return (x, y + offset if top else y - offset)


def number_centre(viewer_point: int, width: int = 1100) -> tuple[float, float]:
    """Centre of a point's number on the rail."""
    lay = layout(width)
    x, _ = point_anchor(viewer_point, width)
    _, top = _column(viewer_point)
    return (x, lay.field[1] - lay.rail / 2 if top else lay.field[3] + lay.rail / 2)


def dice_centres(count: int, viewer_moves: bool, width: int = 1100) -> list[tuple[float, float]]:
    """Centres of ``count`` dice in the middle gap: in the right half when the
    viewer rolled them, in the left half otherwise."""
    lay = layout(width)
    half_x = lay.right_half_x if viewer_moves else lay.left_half_x
    cx = half_x + 3 * lay.point_w
    cy = (lay.field[1] + lay.field[3]) / 2
    step = lay.die * 1.28
    first = cx - step * (count - 1) / 2
    return [(first + i * step, cy) for i in range(count)]


def die_pip_centres(
    value: int, index: int, count: int, viewer_moves: bool, width: int = 1100
) -> list[tuple[float, float]]:
    """Absolute pip centres of the ``index``-th of ``count`` dice showing ``value``."""
    lay = layout(width)
    cx, cy = dice_centres(count, viewer_moves, width)[index]
    x0 = int(round(cx - lay.die / 2))
    y0 = int(round(cy - lay.die / 2))
    return [(x0 + px, y0 + py) for px, py in die_pip_offsets(lay.die, value)]


def tray_box(viewer_side: bool, width: int = 1100) -> tuple[float, float, float, float]:
    """The borne-off tray of the viewer (top left) or the opponent (bottom right)."""
    lay = layout(width)
    return lay.tray_viewer if viewer_side else lay.tray_opponent


# --------------------------------------------------------------------------- numbering


def other(side: str) -> str:
    return "B" if side == "W" else "W"


def to_viewer(point: int, side: str, viewer: str) -> int:
    """``side``'s own point number as the viewer counts it (0 stays 0: off)."""
    if point == 0 or side == viewer:
        return point
    return (point + 11) % 24 + 1


def last_turn_marks(context: RenderContext) -> list[tuple[int, int]]:
    """The (from, to) steps of the last turn in the mover's numbering, to
    highlight; bearing off is ``to`` = 0.  The one place the picture learns
    what the last turn did: its events (a pass has none to draw)."""
    side = context.last_side
    if side not in SIDES:
        return []
    return moved_steps(context.last_events, side, _POINTS, 0, CHECKERS)


#: Point numbers by the names events give them.
_POINTS = {str(p): p for p in range(1, 25)}


# --------------------------------------------------------------------------- background


def _lcg(seed: int):
    state = seed
    while True:
        state = (state * 1103515245 + 12345) & 0x7FFFFFFF
        yield state / 0x7FFFFFFF


# every look the warm-up draws (2 widths: bot, phone x themes x variants), in each language
@lru_cache(maxsize=2 * len(THEMES) * 3 * len(LANGUAGES))
def background(width: int, theme_name: str, variant: str = "", language: str = "en"
               ) -> Image.Image:
    """The empty board (no numbers highlighted, no pieces), RGB.

    ``variant`` "from" / "to" paints the felt in the last-turn highlight
    colours; renders cut single point columns out of those variants (so a
    variant's spare wells go without their words).  ``language``: of the
    words in the spare wells.
    """
    lay = layout(width)
    th = theme_of(theme_name)
    field_colour = {"from": th.field_from, "to": th.field_to}.get(variant, th.field)
    s = SS_BG if lay.width <= 1400 else 2
    big = Image.new("RGB", (lay.width * s, lay.height * s), th.page)
    d = ImageDraw.Draw(big)

    def sc(box: tuple[float, float, float, float]) -> tuple[float, float, float, float]:
        x0, y0, x1, y1 = box
        return x0 * s, y0 * s, x1 * s, y1 * s

    k = lay.scale
    bx0, by0, bx1, by1 = lay.board
    # Soft shadow under the table, then the wooden frame.
    d.rounded_rectangle(
        sc((bx0 + 3 * k, by0 + 5 * k, bx1 + 3 * k, by1 + 5 * k)),
        radius=16 * k * s,
        fill=mix(th.page, (0, 0, 0), 0.18),
    )
    d.rounded_rectangle(sc(lay.board), radius=16 * k * s, fill=th.frame_edge)
    d.rounded_rectangle(
        sc((bx0 + 3 * k, by0 + 3 * k, bx1 - 3 * k, by1 - 3 * k)), radius=13 * k * s, fill=th.frame
    )
    # Wood grain: long faint horizontal streaks (kept sparse so the PNG stays small).
    rnd = _lcg(7)
    y = by0 + 6 * k
    while y < by1 - 6 * k:
        shade = mix(th.frame, th.frame_dark, 0.5 + 0.5 * next(rnd))
        x_start = bx0 + 8 * k + next(rnd) * 60 * k
        x_end = bx1 - 8 * k - next(rnd) * 60 * k
        d.line(sc((x_start, y, x_end, y)), fill=shade, width=max(1, int(s * k * 1.2)))
        y += 5 * k + next(rnd) * 9 * k

    # The playing field, one felt panel per half, recessed.
    fx0, fy0, fx1, fy1 = lay.field
    for hx in (lay.left_half_x, lay.right_half_x):
        box = (hx, fy0, hx + 6 * lay.point_w, fy1)
        d.rectangle(
            sc((box[0] - 3 * k, box[1] - 3 * k, box[2] + 3 * k, box[3] + 3 * k)), fill=th.frame_edge
        )
        d.rectangle(sc(box), fill=field_colour)
    # Triangles in alternating colours.
    for vp in range(1, 25):
        x0, y0, x1, y1 = point_box(vp, width)
        col, top = _column(vp)
        colour = th.point_a if col % 2 == 0 else th.point_b
        pad = lay.point_w * 0.06
        tip_len = lay.half_h * 0.93
        if top:
            poly = [(x0 + pad, y0), (x1 - pad, y0), ((x0 + x1) / 2, y0 + tip_len)]
        else:
            poly = [(x0 + pad, y1), (x1 - pad, y1), ((x0 + x1) / 2, y1 - tip_len)]
        d.polygon([(px * s, py * s) for px, py in poly], fill=colour)
    # The bar: a raised strip with a hinge line.
    bar = lay.bar
    d.rectangle(sc((bar[0], bar[1] + 3 * k, bar[2], bar[3] - 3 * k)), fill=th.frame_edge)
    d.rectangle(sc((bar[0] + 3 * k, bar[1] + 3 * k, bar[2] - 3 * k, bar[3] - 3 * k)), fill=th.frame)
    mx = (bar[0] + bar[2]) / 2
    d.line(
        sc((mx, bar[1] + 6 * k, mx, bar[3] - 6 * k)),
        fill=th.frame_edge,
        width=max(1, int(2 * k * s)),
    )
    # Trays (recessed wells) and the two spare wells.
    for box in (lay.tray_viewer, lay.tray_opponent, lay.spare_left, lay.spare_right):
        d.rounded_rectangle(sc(box), radius=8 * k * s, fill=th.tray)
        inner = (box[0] + 2 * k, box[1] + 2 * k, box[2] - 2 * k, box[3] - 2 * k)
        d.rounded_rectangle(
            sc(inner),
            radius=7 * k * s,
            outline=mix(th.tray, th.frame, 0.5),
            width=max(1, int(k * s)),
        )

    img = big.resize((lay.width, lay.height), Image.Resampling.LANCZOS)
    d = ImageDraw.Draw(img)
    # Point numbers on the rails, in the viewer's numbering.
    nf = font(number_font_size(width), True)
    for vp in range(1, 25):
        d.text(number_centre(vp, width), str(vp), font=nf, fill=th.numbers, anchor="mm")
    # Direction of play in the spare wells: both sides move counter-clockwise.
    icon_size = int(min(lay.spare_left[2] - lay.spare_left[0], 64 * k) * 0.8)
    icon = ccw_arrow_icon(icon_size, th.numbers)
    lf = font(int(13 * k), True)
    for box in (lay.spare_left, lay.spare_right):
        cx = (box[0] + box[2]) / 2
        cy = (box[1] + box[3]) / 2
        paste_sprite(img, icon, (cx, cy - 12 * k))
        if variant:  # only ever cut into point columns: the wells' words are not needed
            continue
        d.text((cx, cy + icon_size / 2 + 2 * k), word(language, "both"), font=lf,
               fill=th.numbers, anchor="mm")
        d.text((cx, cy + icon_size / 2 + 18 * k), word(language, "move"), font=lf,
               fill=th.numbers, anchor="mm")
    return img


# --------------------------------------------------------------------------- dynamic parts


def _checkers(position: Any, side: str) -> tuple[int, ...]:
    counts = tuple(position.checkers(side))
    if len(counts) != 25:
        raise ValueError("checkers() must give 25 counts")
    return counts


def _off(position: Any, side: str) -> int:
    if hasattr(position, "off"):
        return int(position.off(side))
    return _checkers(position, side)[0]


def _draw_stack(
    img: Image.Image, d: ImageDraw.ImageDraw, vp: int, n: int, side: str, th: Theme, width: int
) -> None:
    lay = layout(width)
    face, rim, ring = checker_colours(side, th)
    sprite = checker_sprite(lay.checker, face, rim, ring)
    for i in range(min(n, STACK)):
        paste_sprite(img, sprite, checker_centre(vp, i, width))
    if n > STACK:
        cx, cy = checker_centre(vp, STACK - 1, width)
        ink = contrast_ink(face)
        f = font(int(lay.checker * 0.5 * min(1.2, phone_text(width))), True)
        cached_text(d, (cx, cy), str(n), font=f, fill=ink, anchor="mm")


TRAY_LABEL = 50


def _slab(
    box: tuple[float, float, float, float], index: int, at_bottom: bool, k: float
) -> tuple[float, float]:
    """(centre y, height) of the ``index``-th borne-off slab in a tray."""
    x0, y0, x1, y1 = box
    slab_h = ((y1 - y0) - TRAY_LABEL * k - 6 * k) / 15
    if at_bottom:
        return y1 - 5 * k - (index + 0.5) * slab_h, slab_h
    return y0 + 5 * k + (index + 0.5) * slab_h, slab_h


def tray_slab_centre(viewer_side: bool, index: int, width: int = 1100) -> tuple[float, float]:
    """Centre of the ``index``-th borne-off checker (0 = first off) in a tray."""
    lay = layout(width)
    box = tray_box(viewer_side, width)
    y, _ = _slab(box, index, not viewer_side, lay.scale)
    return ((box[0] + box[2]) / 2, y)


def _draw_tray(
    img: Image.Image,
    d: ImageDraw.ImageDraw,
    box: tuple[float, float, float, float],
    side: str,
    count: int,
    th: Theme,
    width: int,
    at_bottom: bool,
    language: str = "en",
) -> None:
    """Borne-off checkers as edge-on slabs, with the count in big type."""
    lay = layout(width)
    k = lay.scale
    face, rim, _ = checker_colours(side, th)
    rim = tray_edge(face, rim, th)
    x0, y0, x1, y1 = box
    label_h = TRAY_LABEL * k
    sx0, sx1 = x0 + 7 * k, x1 - 7 * k
    for i in range(min(count, 15)):
        cy, slab_h = _slab(box, i, at_bottom, k)
        d.rounded_rectangle(
            (sx0, cy - slab_h / 2 + 0.5, sx1, cy + slab_h / 2 - 0.5),
            radius=slab_h / 2.5,
            fill=face,
            outline=rim,
            width=1,
        )
    cx = (x0 + x1) / 2
    top = y0 + 4 * k if at_bottom else y1 - label_h
    f = font(int(26 * k * phone_text(width)), True)
    fill = mix(th.numbers, th.tray, 0.3) if count == 0 else (255, 255, 255)
    outlined_text(
        d, (cx, top + 17 * k), str(count), f, fill, outline=th.tray, stroke=max(1, int(2 * k))
    )
    small = font(int(13 * k), True)
    cached_text(d, (cx, top + 38 * k), word(language, "tray_off"), font=small,
                fill=mix(th.numbers, th.tray, 0.3), anchor="mm")


@lru_cache(maxsize=8)
def tray_edge(face: RGB, rim: RGB, th: Theme) -> RGB:
    """The edge of a borne-off slab in the tray: its rim, unless neither face nor
    rim stands out from the tray (a Black slab in the light theme's dark tray),
    then the tray's light ink."""
    if max(contrast_ratio(face, th.tray), contrast_ratio(rim, th.tray)) >= MARK_CONTRAST:
        return rim
    return th.numbers


def _paste_column(img: Image.Image, vp: int, width: int, theme_name: str, variant: str) -> None:
    """Copy one point's column from a highlighted variant of the background."""
    x0, y0, x1, y1 = (int(round(v)) for v in point_box(vp, width))
    img.paste(background(width, theme_name, variant).crop((x0, y0, x1, y1)), (x0, y0))


def _highlight(
    img: Image.Image,
    d: ImageDraw.ImageDraw,
    steps: list[tuple[int, int]],
    mover: str,
    viewer: str,
    theme_name: str,
    width: int,
) -> tuple[set[int], bool]:
    """Light up the points of the last turn (felt under the points and their
    numbers); return the start points (viewer numbering) and whether it bore off."""
    lay = layout(width)
    th = theme_of(theme_name)
    k = lay.scale
    sources: set[int] = set()
    dests: set[int] = set()
    bore_off = False
    for a, b in steps:
        sources.add(to_viewer(a, mover, viewer))
        if b == 0:
            bore_off = True
        else:
            dests.add(to_viewer(b, mover, viewer))
    # A point passed through (x/y then y/z) is drawn like a start point; the
    # final landings get the strong colour.
    finals = dests - sources
    starts = sources - dests
    for vp in sources:
        _paste_column(img, vp, width, theme_name, "from")
    for vp in finals:
        _paste_column(img, vp, width, theme_name, "to")
    if bore_off:
        box = tray_box(mover == viewer, width)
        d.rounded_rectangle(box, radius=8 * k, outline=th.highlight_to, width=max(2, int(3 * k)))
    nf = font(number_font_size(width), True)
    for vp in sources | finals:
        cx, cy = number_centre(vp, width)
        colour = th.highlight_to if vp in finals else th.highlight_from
        r = lay.rail * 0.42
        d.rounded_rectangle(
            (cx - lay.point_w * 0.38, cy - r, cx + lay.point_w * 0.38, cy + r),
            radius=r,
            fill=colour,
        )
        # The rail keeps one numbering, the viewer's: a highlighted point in the
        # mover's numbers made the rail read "6 17 4 15" when the opponent moved.
        cached_text(d, (cx, cy), str(vp), font=nf, fill=HIGHLIGHT_INK, anchor="mm")
    return starts, bore_off


#: Text on a highlighted number (dark on the amber of both themes).
HIGHLIGHT_INK = (40, 28, 10)


def step_ends(step: tuple[int, int], counts: dict[str, tuple[int, ...]], mover: str,
              viewer: str, width: int) -> tuple[tuple[float, float], tuple[float, float]]:
    """(start, end) of a step's arrow (mover's numbering, 0 = borne off): from
    the slot the checker left (where its dashed ring is) to the top checker of
    the point it reached, or to the mover's tray."""
    a, b = step
    va = to_viewer(a, mover, viewer)
    start = checker_centre(va, min(counts[mover][a], STACK - 1), width)
    if b == 0:
        x0, y0, x1, y1 = tray_box(mover == viewer, width)
        return start, ((x0 + x1) / 2, (y0 + y1) / 2)
    vb = to_viewer(b, mover, viewer)
    return start, checker_centre(vb, max(0, min(counts[mover][b], STACK) - 1), width)


def step_path(step: tuple[int, int], counts: dict[str, tuple[int, ...]], mover: str,
              viewer: str, width: int = 1100) -> list[tuple[float, float]]:
    """The arrow's path of a step, from ``step_ends``' start to its end.  Along
    one row a straight line would cross the stacks between the two points: the
    path leaves the start away from the rail, runs past the deepest stack
    between (a lane in the free felt, or the gap between the rows), and comes
    back to the end, so it runs over no checker.  To the other row or off the
    board it is the straight line."""
    start, end = step_ends(step, counts, mover, viewer, width)
    a, b = step
    va, vb = to_viewer(a, mover, viewer), to_viewer(b, mover, viewer) if b else 0
    if not vb or _column(va)[1] != _column(vb)[1]:
        return [start, end]
    depth = _depths(counts, viewer)
    lo, hi = sorted((_column(va)[0], _column(vb)[0]))
    row = [vp for vp in range(1, 25) if _column(vp)[1] == _column(va)[1]
           and lo < _column(vp)[0] < hi]
    deepest = max((depth[vp] for vp in row), default=0)
    start_slot = min(counts[mover][a], STACK - 1)
    end_slot = max(0, min(counts[mover][b], STACK) - 1)
    if start_slot == end_slot and deepest <= start_slot:
        return [start, end]  # level, beyond every stack between (a slanted line
        # would cut the deeper end's own stack)
    # one slot past the deepest stack between, and past the end's top checker,
    # so that the last leg comes at the end from the open side
    lane = _slot_y(va, max(deepest, start_slot, end_slot + 1), width)
    path = [start, (start[0], lane), (end[0], lane), end]
    return [p for i, p in enumerate(path) if i == 0 or p != path[i - 1]]


def _depths(counts: dict[str, tuple[int, ...]], viewer: str) -> dict[int, int]:
    """Checkers shown on each viewer point (either side's; at most ``STACK``)."""
    depth = dict.fromkeys(range(1, 25), 0)
    for side in SIDES:
        for p in range(1, 25):
            depth[to_viewer(p, side, viewer)] += counts[side][p]
    return {vp: min(n, STACK) for vp, n in depth.items()}


def _slot_y(viewer_point: int, index: int, width: int = 1100) -> float:
    """The height of a checker ``index`` deep on the point, past a full column too
    (``checker_centre`` stops at the last slot shown)."""
    lay = layout(width)
    _, y = point_anchor(viewer_point, width)
    offset = lay.checker / 2 + index * lay.checker + lay.scale
    return y + offset if _column(viewer_point)[1] else y - offset


def _arrows(img: Image.Image, steps: list[tuple[int, int]], counts: dict[str, tuple[int, ...]],
            mover: str, viewer: str, th: Theme, width: int) -> None:
    """An arrow per step of the last turn, pairing where a checker left with
    where it arrived (a dark edge around a light core: it reads on any felt)."""
    lay = layout(width)
    k = lay.scale
    d = ImageDraw.Draw(img)
    seen: dict[tuple[int, int], int] = {}
    for step in steps:
        seen[step] = seen.get(step, 0) + 1
    w = max(3, int(6 * k))
    head = 20 * k
    cf = font(int(16 * k), True)
    gap = lay.checker * 0.42
    for step, count in seen.items():
        path = step_path(step, counts, mover, viewer, width)
        (sx, sy), (s2x, s2y) = path[0], path[1]
        (e1x, e1y), (ex, ey) = path[-2], path[-1]
        first, last = _unit(s2x - sx, s2y - sy), _unit(ex - e1x, ey - e1y)
        ux, uy = last
        start = (sx + first[0] * gap, sy + first[1] * gap)
        tip = (ex - ux * gap, ey - uy * gap)
        if len(path) == 2 and abs(ex - sx) + abs(ey - sy) < 2 * gap + head:
            continue
        base = (tip[0] - ux * head * 0.8, tip[1] - uy * head * 0.8)
        line = [start, *path[1:-1], base]
        d.line(line, fill=th.arrow_edge, width=w + int(4 * k), joint="curve")
        arrow_head(d, tip, (ux, uy), head + 4 * k, th.arrow_edge)
        d.line(line, fill=th.arrow, width=w, joint="curve")
        arrow_head(d, (tip[0] - ux * 3 * k, tip[1] - uy * 3 * k), (ux, uy), head - 2 * k,
                   th.arrow)
        if count > 1:
            # the count on the longest leg's middle
            legs = list(zip(line, line[1:], strict=False))
            (ax, ay), (bx, by) = max(legs, key=lambda g: abs(g[1][0] - g[0][0])
                                     + abs(g[1][1] - g[0][1]))
            mx, my = (ax + bx) / 2, (ay + by) / 2
            label = f"×{count}"
            tw = cf.getlength(label)
            d.rounded_rectangle((mx - tw / 2 - 6 * k, my - 12 * k, mx + tw / 2 + 6 * k,
                                 my + 12 * k), radius=11 * k, fill=th.arrow_edge,
                                outline=th.arrow, width=max(1, int(2 * k)))
            cached_text(d, (mx, my), label, font=cf, fill=(255, 255, 255), anchor="mm")


def _unit(dx: float, dy: float) -> tuple[float, float]:
    dist = (dx * dx + dy * dy) ** 0.5 or 1.0
    return dx / dist, dy / dist


def _ghosts(
    img: Image.Image,
    steps: list[tuple[int, int]],
    counts: dict[str, tuple[int, ...]],
    mover: str,
    viewer: str,
    th: Theme,
    width: int,
) -> None:
    """Dashed rings where the checkers of the last turn left from (one per
    checker that left a point and did not come back to it)."""
    lay = layout(width)
    ring = ring_sprite(lay.checker, th.ghost, max(2, int(3 * lay.scale)))
    net: dict[int, int] = {}
    for a, b in steps:
        net[a] = net.get(a, 0) + 1
        if b:
            net[b] = net.get(b, 0) - 1
    for own, left in net.items():
        n = counts[mover][own]
        for i in range(n, min(n + left, STACK)):
            paste_sprite(img, ring, checker_centre(to_viewer(own, mover, viewer), i, width))


def _draw_dice(
    img: Image.Image, dice: tuple[int, ...], side: str, viewer: str, th: Theme, width: int
) -> None:
    lay = layout(width)
    values = dice_values(dice)
    if not values:
        return
    face, edge, _ = checker_colours(side, th)
    centres = dice_centres(len(values), side == viewer, width)
    paste_dice(img, values, centres, lay.die, face, die_pip_colour(face), edge,
               max(2, int(3 * lay.scale)))


def _headline(position: Any, context: RenderContext) -> str:
    """Who is to move, or the result: a gammon-like 2 points is a mars, and
    the winner's name follows."""
    lang = context.language

    def label(side: str) -> str:
        return colour(lang, COLOUR_NAMES.get(side, side))

    text = headline(position, label, lang, why=False)
    result = getattr(position, "result", None)
    winner = getattr(result, "winner", None)
    if result is not None and winner in SIDES:
        if result.points == 2:  # (a mars is 2 points: said once, the picture is narrow)
            return _named_winner(word(lang, "mars", side=label(winner)), winner, context)
        text = _named_winner(text, winner, context)
        # why it ended (an Ending's: "bob resigned", "bore off all 15")
        reason = getattr(result, "reason", "")
        if reason:
            text = word(lang, "result_why_after", result=text, why=reason)
    return text


def _named_winner(text: str, winner: str, context: RenderContext) -> str:
    name = (context.names or {}).get(winner)
    return text + word(context.language, "winner_name", name=name) if name else text


def _pip_count(counts: tuple[int, ...]) -> int:
    return sum(p * n for p, n in enumerate(counts) if p)


def _draw_plate(
    img: Image.Image,
    side: str,
    strip: tuple[float, float, float, float],
    name: str,
    active: bool,
    badge: str,
    pips: int,
    th: Theme,
    width: int,
    max_w: float,
    language: str = "en",
) -> float:
    """Draws the plate; returns its right edge."""
    lay = layout(width)
    k = lay.scale
    h = (strip[3] - strip[1]) * 0.7
    y0 = (strip[1] + strip[3]) / 2 - h / 2
    icon_d = int(h * 0.72)
    face, rim, ring = checker_colours(side, th)
    icon = checker_sprite(icon_d, face, rim, ring)
    subtitle = word(language, "plate_pips", colour=colour(language, COLOUR_NAMES[side]),
                    pips=pips)
    fs = int(24 * k)
    w = plate_width(name, icon_d, int(h), active, subtitle, fs, badge)
    w = min(w, max_w)
    box = (strip[0], y0, strip[0] + w, y0 + h)
    name_plate(
        img,
        box,
        name,
        icon,
        th.panel,
        th.ink,
        active,
        th.accent,
        badge_text=badge,
        subtitle=subtitle,
        font_size=fs,
    )
    return box[2]


@dataclass(frozen=True)
class _Sample:
    """A made-up position showing every kind of thing a picture can hold."""

    game: ClassVar[str] = "hachapury"

    white: tuple[int, ...]
    black: tuple[int, ...]
    side_to_move: str | None
    result: Any = None

    def checkers(self, side: str) -> tuple[int, ...]:
        return self.white if side == "W" else self.black

    def off(self, side: str) -> int:
        return self.checkers(side)[0]


def _counts(points: dict[int, int]) -> tuple[int, ...]:
    row = [0] * 25
    for p, n in points.items():
        row[p] = n
    return tuple(row)


def _draw(position: Any, context: RenderContext) -> Image.Image:
    """The full-colour picture (see :meth:`HachapuryRenderer.draw`)."""
    ctx = context
    width = max(600, min(2400, int(ctx.width or 1100)))
    lay = layout(width)
    theme = theme_name(THEMES, ctx.theme)
    th = THEMES[theme]
    mover = position.side_to_move
    viewer = ctx.viewer if ctx.viewer in SIDES else (mover if mover in SIDES else "W")
    opponent = other(viewer)
    lang = ctx.language
    img = background(width, theme, "", lang).copy()
    d = ImageDraw.Draw(img)
    k = lay.scale

    # Last turn first, so checkers sit on top of the tint.
    counts = {s: _checkers(position, s) for s in SIDES}
    last_side = ctx.last_side if ctx.last_side in SIDES else None
    steps = last_turn_marks(ctx)
    if last_side and steps:
        _highlight(img, d, steps, last_side, viewer, theme, width)
        _ghosts(img, steps, counts, last_side, viewer, th, width)

    for s in SIDES:
        for p in range(1, 25):
            n = counts[s][p]
            if n:
                _draw_stack(img, d, to_viewer(p, s, viewer), n, s, th, width)
    if last_side and steps:
        _arrows(img, steps, counts, last_side, viewer, th, width)
    _draw_tray(img, d, lay.tray_viewer, viewer, _off(position, viewer), th, width, False, lang)
    _draw_tray(img, d, lay.tray_opponent, opponent, _off(position, opponent), th, width, True,
               lang)

    # Dice: the side to move's, or (game over) the last mover's.
    dice_side = mover if mover in SIDES else (last_side or viewer)
    if ctx.dice:
        _draw_dice(img, tuple(ctx.dice), dice_side, viewer, th, width)

    # Name plates: the opponent above the board (their head is on the top row),
    # the viewer below.
    result = getattr(position, "result", None)
    winner = getattr(result, "winner", None) if result is not None else None
    names = ctx.names or {}
    hf = font(int(30 * k * phone_text(width)), True)
    # a long name or reason is cut rather than run over the opponent's plate
    headline = fit_text(_headline(position, ctx), hf,
                        (lay.top_strip[2] - lay.top_strip[0]) * 0.72)
    head_w = hf.getlength(headline)
    plate_room = lay.top_strip[2] - lay.top_strip[0] - head_w - 30 * k
    plate_right = lay.bottom_strip[0]
    for side, strip in ((opponent, lay.top_strip), (viewer, lay.bottom_strip)):
        active = side == mover or (mover is None and side == winner)
        badge = word(lang, "badge_to_move" if mover is not None else "badge_winner")
        room = plate_room if strip is lay.top_strip else (lay.bottom_strip[2] - lay.bottom_strip[0])
        if strip is lay.bottom_strip and ctx.footer:
            room *= 0.62
        right = _draw_plate(
            img,
            side,
            strip,
            names.get(side) or colour(lang, COLOUR_NAMES[side]),
            active,
            badge,
            _pip_count(counts[side]),
            th,
            width,
            room,
            lang,
        )
        if strip is lay.bottom_strip:
            plate_right = right

    ink = th.accent_ink if result is not None else th.ink
    tx = lay.top_strip[2]
    ty = (lay.top_strip[1] + lay.top_strip[3]) / 2
    cached_text(d, (tx, ty), headline, font=hf, fill=ink, anchor="rm")

    footer_left = lay.bottom_strip[2]
    if ctx.footer:
        ff = font(int(18 * k))
        # a long footer (a match's score and a clock) may use the room the plate left
        room = max((lay.bottom_strip[2] - lay.bottom_strip[0]) * 0.36,
                   lay.bottom_strip[2] - plate_right - 24 * k)
        text = fit_text(ctx.footer, ff, room)
        footer_left -= ff.getlength(text)
        cached_text(
                    d,
                    (lay.bottom_strip[2], (lay.bottom_strip[1] + lay.bottom_strip[3]) / 2),
                    text,
                    font=ff,
                    fill=th.muted,
                    anchor="rm",
                    )
    if last_side and steps:
        # What the amber points are (their numbers are the viewer's, as the rail's).
        cf = font(int(16 * k), True)
        room = footer_left - plate_right - 36 * k
        mover_name = colour_of(lang, COLOUR_NAMES[last_side])
        caption = word(lang, "caption_last_turn", of=mover_name)
        if room > 80 * k:
            cached_text(d, (plate_right + 18 * k, (lay.bottom_strip[1] + lay.bottom_strip[3]) / 2),
                        fit_text(caption, cf, room), font=cf, fill=th.muted, anchor="lm")
    return img


def legibility(theme: str) -> list[Legible]:
    """Every text and mark a player reads, with the colour behind it (checked
    against WCAG AA by tests/renderer/test_accessibility.py)."""
    th = theme_of(theme)
    pairs = [
        Legible("point numbers", th.numbers, th.frame),
        Legible("highlighted start numbers", HIGHLIGHT_INK, th.highlight_from),
        Legible("highlighted end numbers", HIGHLIGHT_INK, th.highlight_to),
        Legible("tray count", (255, 255, 255), th.tray),
        Legible("empty tray count and 'off'", mix(th.numbers, th.tray, 0.3), th.tray),
        Legible("'both move'", th.numbers, th.tray),
        Legible("headline", th.ink, th.page),
        Legible("result headline", th.accent_ink, th.page),
        Legible("plate names", th.ink, th.panel),
        Legible("plate colour and pips", mix(th.ink, th.panel, 0.35), th.panel),
        Legible("'to move' badge", contrast_ink(th.accent), th.accent),
        Legible("footer and caption", th.muted, th.page),
        Legible("dashed ring where a checker left", th.ghost, th.field_from, "mark"),
        Legible("arrow on its dark edge", th.arrow, th.arrow_edge, "mark"),
        Legible("arrow count", (255, 255, 255), th.arrow_edge),
    ]
    for side in SIDES:
        face, rim, _ = checker_colours(side, th)
        pairs.append(Legible(f"{COLOUR_NAMES[side]} stack count", contrast_ink(face), face))
        # A checker reads on the felt by its face or by its rim, whichever stands out.
        # ... on the felt, on either colour of point, on the highlighted felt
        # of the last turn's points, and as a slab in the tray.
        for ground_name, ground in (("the felt", th.field), ("a red point", th.point_a),
                                    ("a green point", th.point_b),
                                    ("a last-turn start", th.field_from),
                                    ("a last-turn end", th.field_to)):
            tone = best_tone((face, rim), ground)
            pairs.append(Legible(f"{COLOUR_NAMES[side]} checker on {ground_name}", tone, ground,
                                 "mark"))
        tone = best_tone((face, tray_edge(face, rim, th)), th.tray)
        pairs.append(Legible(f"{COLOUR_NAMES[side]} slab in the tray", tone, th.tray, "mark"))
        pairs += [Legible(f"{COLOUR_NAMES[side]} dice pips", die_pip_colour(face), face, "mark"),
                  Legible(f"{COLOUR_NAMES[side]} die on the felt", best_tone((face, rim), th.field),
                          th.field, "mark")]
    for ground in (th.field, th.field_from, th.field_to, th.point_a, th.point_b):
        # An arrow is two-toned: it reads where either tone stands out.
        tone = best_tone((th.arrow, th.arrow_edge), ground)
        pairs.append(Legible(f"arrow on {ground}", tone, ground, "mark"))
    return pairs


#: Theme colours that carry nothing a player reads (checked by
#: tests/renderer/test_accessibility.py: every other theme colour is declared).
DECORATION: dict[str, str] = {
    "frame_dark": "the wood grain's streaks on the frame",
    "frame_edge": "the frame's dark edge, the bar's hinge and the felt's recess",
    "black_ring": "the inner ring of a Black checker (its face and rim tell it)",
}


def player_colours(theme: str) -> dict[str, RGB]:
    """The face colour of each side's checkers."""
    th = theme_of(theme)
    return {side: checker_colours(side, th)[0] for side in SIDES}


class HachapuryRenderer(BoardRenderer[Theme]):
    """The Hachapury board (see the module's description)."""

    game = "hachapury"
    themes = THEMES

    draw = staticmethod(_draw)

    def palette_samples(self, width: int, theme: str) -> list[tuple[Any, RenderContext]]:
        """Both colours of checkers, dice and trays, highlights, plates, a result."""
        white = _counts({0: 2, 24: 7, 20: 1, 18: 2, 13: 1, 6: 2})
        black = _counts({0: 3, 24: 6, 21: 2, 16: 1, 9: 1, 3: 2})
        names = {"W": "White player", "B": "Black player"}
        return [
            (_Sample(white, black, "W"),
             RenderContext(names=names, dice=(6, 5), last_side="B",
                           last_events=(Moved("B", "24", "18", 6), Moved("B", "18", "13", 5),
                                        BorneOff("B", "9")),
                           width=width, theme=theme, footer="footer 0123456789")),
            (_Sample(white, black, "B"),
             RenderContext(names=names, dice=(3, 3, 3, 3), last_side="W",
                           last_events=(Moved("W", "24", "20", 4, 2), Moved("W", "20", "16", 4),
                                        Moved("W", "16", "13", 3), BorneOff("W", "6")),
                           width=width, theme=theme)),
            (_Sample(_counts({0: 15}), black, None, Result("W", 2, "W wins 2")),
             RenderContext(names=names, dice=(1, 4), last_side="W",
                           last_events=(BorneOff("W", "6"), BorneOff("W", "2")),
                           width=width, theme=theme)),
        ]


RENDERER = HachapuryRenderer()
render, draw, warm_up = RENDERER.render, RENDERER.draw, RENDERER.warm_up
