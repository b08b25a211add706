"""Drawing helpers shared by the board renderers.

Everything here is generic: colours come in as arguments, nothing knows about
a particular game.  Sprites (checkers, dice) are drawn supersampled once and
cached, so a renderer only pastes them.
"""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

from renderer.fonts import font
from renderer.png import RowFilter, palette_png
from renderer.stencil import cached_text

RGB = tuple[int, int, int]
RGBA = tuple[int, int, int, int]
Box = tuple[float, float, float, float]
Font = ImageFont.FreeTypeFont | ImageFont.ImageFont

#: Supersampling factor for cached sprites and backgrounds.
SS = 4

#: Pip positions on a die face, in a 3x3 grid of (column, row), each 0..2.
PIPS: dict[int, tuple[tuple[int, int], ...]] = {
    1: ((1, 1),),
    2: ((2, 0), (0, 2)),
    3: ((2, 0), (1, 1), (0, 2)),
    4: ((0, 0), (2, 0), (0, 2), (2, 2)),
    5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
    6: ((0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)),
}


# --------------------------------------------------------------------------- colours


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """Linear blend of two colours: ``t`` = 0 gives ``a``, 1 gives ``b``."""
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def luminance(c: RGB) -> float:
    """Perceived brightness 0..255."""
    return 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2]


def contrast_ink(background: RGB) -> RGB:
    """Near-black or near-white, whichever reads better on ``background``."""
    return (24, 24, 28) if luminance(background) > 140 else (250, 248, 240)


# --------------------------------------------------------------------------- shapes


def rounded_panel(
    draw: ImageDraw.ImageDraw,
    box: Box,
    radius: float,
    fill: RGB | RGBA | None,
    outline: RGB | RGBA | None = None,
    width: int = 1,
) -> None:
    """A rounded rectangle (a thin wrapper so renderers read uniformly)."""
    draw.rounded_rectangle(box, radius=radius, fill=fill, outline=outline, width=width)


def shadowed_panel(
    image: Image.Image,
    box: Box,
    radius: float,
    fill: RGB,
    shadow: RGBA = (0, 0, 0, 70),
    offset: int = 3,
    outline: RGB | None = None,
    width: int = 1,
) -> None:
    """A rounded panel with a soft drop shadow, drawn onto an RGB(A) image."""
    x0, y0, x1, y1 = (int(v) for v in box)
    pad = offset + 2
    layer = Image.new("RGBA", (x1 - x0 + 2 * pad, y1 - y0 + 2 * pad), (0, 0, 0, 0))
    ld = ImageDraw.Draw(layer)
    ld.rounded_rectangle(
        (pad + offset, pad + offset, pad + offset + x1 - x0, pad + offset + y1 - y0),
        radius=radius,
        fill=shadow,
    )
    image.paste(layer, (x0 - pad, y0 - pad), layer)
    ImageDraw.Draw(image).rounded_rectangle(
        box, radius=radius, fill=fill, outline=outline, width=width
    )


def tint(image: Image.Image, box: Box, colour: RGB, alpha: float) -> None:
    """Blend ``colour`` over a rectangle of an RGB image with opacity ``alpha``."""
    x0, y0, x1, y1 = (int(round(v)) for v in box)
    if x1 <= x0 or y1 <= y0:
        return
    region = image.crop((x0, y0, x1, y1))
    over = Image.new(region.mode, region.size, colour)
    image.paste(Image.blend(region, over, alpha), (x0, y0))


def arrow_head(
    draw: ImageDraw.ImageDraw,
    tip: tuple[float, float],
    direction: tuple[float, float],
    size: float,
    fill: RGB | RGBA,
) -> None:
    """A filled triangular arrow head at ``tip`` pointing along ``direction``."""
    dx, dy = direction
    norm = (dx * dx + dy * dy) ** 0.5 or 1.0
    dx, dy = dx / norm, dy / norm
    bx, by = tip[0] - dx * size, tip[1] - dy * size
    px, py = -dy * size * 0.6, dx * size * 0.6
    draw.polygon([tip, (bx + px, by + py), (bx - px, by - py)], fill=fill)


@lru_cache(maxsize=32)
def ccw_arrow_icon(size: int, colour: RGB, width_ratio: float = 0.12) -> Image.Image:
    """An RGBA icon of a counter-clockwise circular arrow, ``size`` pixels square.

    The ring is open on the right; the head sits on its lower end and points
    up, i.e. the way a counter-clockwise traveller goes there.
    """
    s = size * SS
    img = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    w = max(1, int(s * width_ratio))
    head = w * 2.4
    m = head * 0.55 + w / 2
    end_angle = 8.0  # PIL degrees: clockwise from 3 o'clock
    d.arc((m, m, s - m, s - m), start=end_angle, end=295, fill=colour + (255,), width=w)
    r = (s - 2 * m) / 2 - w / 2
    a = math.radians(end_angle)
    base = (s / 2 + r * math.cos(a), s / 2 + r * math.sin(a))
    tangent = (math.sin(a), -math.cos(a))
    tip = (base[0] + tangent[0] * head, base[1] + tangent[1] * head)
    arrow_head(d, tip, tangent, head, colour + (255,))
    return img.resize((size, size), Image.Resampling.LANCZOS)


# --------------------------------------------------------------------------- sprites


@lru_cache(maxsize=64)
def checker_sprite(diameter: int, face: RGB, rim: RGB, ring: RGB | None = None) -> Image.Image:
    """A round playing piece seen from above, RGBA, ``diameter`` pixels square.

    ``face`` is the piece colour, ``rim`` the outer edge line and ``ring`` an
    optional inner decorative ring (defaults to a shade of ``face``).
    """
    s = diameter * SS
    img = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    edge = max(SS, int(s * 0.045))
    d.ellipse((0, 0, s - 1, s - 1), fill=rim + (255,))
    d.ellipse((edge, edge, s - 1 - edge, s - 1 - edge), fill=face + (255,))
    # A slightly lighter top-left half-moon gives the piece some volume.
    light = mix(face, (255, 255, 255), 0.18)
    shade = mix(face, (0, 0, 0), 0.12)
    inset = int(s * 0.12)
    d.ellipse((inset, inset, s - 1 - inset, s - 1 - inset), fill=shade + (255,))
    d.ellipse((inset, inset, s - 1 - inset - edge, s - 1 - inset - edge), fill=light + (255,))
    inner = int(s * 0.17)
    d.ellipse((inner, inner, s - 1 - inner, s - 1 - inner), fill=face + (255,))
    ring_colour = ring if ring is not None else mix(face, rim, 0.45)
    rr = int(s * 0.30)
    d.ellipse(
        (rr, rr, s - 1 - rr, s - 1 - rr),
        outline=ring_colour + (255,),
        width=max(SS, int(s * 0.025)),
    )
    return img.resize((diameter, diameter), Image.Resampling.LANCZOS)


@lru_cache(maxsize=32)
def ring_sprite(diameter: int, colour: RGB, width: int, dashes: int = 12) -> Image.Image:
    """A dashed circle (an empty slot, a "was here" marker), RGBA."""
    s = diameter * SS
    img = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    w = width * SS
    step = 360 / dashes
    for i in range(dashes):
        start = i * step
        d.arc(
            (w / 2, w / 2, s - 1 - w / 2, s - 1 - w / 2),
            start=start,
            end=start + step * 0.6,
            fill=colour + (255,),
            width=w,
        )
    return img.resize((diameter, diameter), Image.Resampling.LANCZOS)


@lru_cache(maxsize=64)
def die_sprite(size: int, value: int, face: RGB, pip: RGB, edge: RGB) -> Image.Image:
    """A die face showing ``value`` (1-6) with round pips, RGBA, ``size`` square."""
    s = size * SS
    img = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    radius = s * 0.2
    d.rounded_rectangle((0, 0, s - 1, s - 1), radius=radius, fill=edge + (255,))
    bw = max(SS, int(s * 0.04))
    d.rounded_rectangle((bw, bw, s - 1 - bw, s - 1 - bw), radius=radius - bw, fill=face + (255,))
    pr = s * 0.085
    for cx, cy in die_pip_offsets(s, value):
        d.ellipse((cx - pr, cy - pr, cx + pr, cy + pr), fill=pip + (255,))
    return img.resize((size, size), Image.Resampling.LANCZOS)


def dice_values(dice: tuple[int, ...] | list[int], most: int = 4) -> list[int]:
    """The dice worth drawing: real die faces (1-6), at most ``most`` of them."""
    return [v for v in dice if isinstance(v, int) and 1 <= v <= 6][:most]


def die_pip_colour(face: RGB) -> RGB:
    """Pips that read on a die of ``face``: near-black on light, cream on dark."""
    return (30, 30, 34) if luminance(face) > 140 else (245, 240, 228)


def paste_dice(
    image: Image.Image,
    values: list[int],
    centres: list[tuple[float, float]],
    size: int,
    face: RGB,
    pip: RGB,
    edge: RGB,
    shadow_offset: int = 0,
) -> None:
    """Dice showing ``values`` centred on ``centres``; with ``shadow_offset``
    each casts a soft shadow that far down and right."""
    layer = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    ImageDraw.Draw(layer).rounded_rectangle(
        (0, 0, size - 1, size - 1), radius=size * 0.2, fill=(0, 0, 0, 80)
    )
    for value, (cx, cy) in zip(values, centres, strict=True):
        if shadow_offset:
            paste_sprite(image, layer, (cx + shadow_offset, cy + shadow_offset))
        paste_sprite(image, die_sprite(size, value, face, pip, edge), (cx, cy))


def die_pip_offsets(size: float, value: int) -> list[tuple[float, float]]:
    """Centres of the pips of ``value`` on a die of ``size`` pixels, relative to
    its top-left corner (also what tests sample)."""
    if value not in PIPS:
        return []
    lo, hi = size * 0.26, size * 0.74
    coords = (lo, size / 2, hi)
    return [(coords[c], coords[r]) for c, r in PIPS[value]]


def paste_sprite(image: Image.Image, sprite: Image.Image, centre: tuple[float, float]) -> None:
    """Paste an RGBA sprite centred on ``centre``."""
    w, h = sprite.size
    image.paste(sprite, (int(round(centre[0] - w / 2)), int(round(centre[1] - h / 2))), sprite)


# --------------------------------------------------------------------------- text


@lru_cache(maxsize=8192)
def text_width(text: str, fnt: Font) -> float:
    """Rendered width of ``text`` in ``fnt`` (remembered: boards measure the same
    numbers, names and labels picture after picture; fonts are cached objects)."""
    return fnt.getlength(text)


def fit_text(text: str, fnt: Font, max_width: float) -> str:
    """``text`` shortened with an ellipsis until it fits ``max_width``."""
    if text_width(text, fnt) <= max_width:
        return text
    while text and text_width(text + "…", fnt) > max_width:
        text = text[:-1]
    return text.rstrip() + "…"


def outlined_text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    fnt: Font,
    fill: RGB,
    outline: RGB | None = None,
    stroke: int = 2,
    anchor: str = "mm",
) -> None:
    """Text with a contrasting outline (readable on any background)."""
    if outline is None:
        outline = contrast_ink(fill)
    cached_text(
        draw, xy, text, font=fnt, fill=fill, anchor=anchor, stroke_width=stroke, stroke_fill=outline
    )


def pill(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    fnt: Font,
    fill: RGB,
    ink: RGB,
    pad_x: int = 10,
    pad_y: int = 4,
    anchor_left: bool = True,
) -> Box:
    """A small rounded label (badge); ``xy`` is its left-middle point.  Returns its box."""
    w = text_width(text, fnt)
    # Pillow's bitmap font (no FreeType) has neither metrics nor a size: its ink height
    asc, desc = (fnt.getmetrics() if isinstance(fnt, ImageFont.FreeTypeFont)
                 else (fnt.getbbox("Ag")[3], 0))
    h = asc + desc
    x0 = xy[0] if anchor_left else xy[0] - w - 2 * pad_x
    box = (x0, xy[1] - h / 2 - pad_y, x0 + w + 2 * pad_x, xy[1] + h / 2 + pad_y)
    draw.rounded_rectangle(box, radius=(box[3] - box[1]) / 2, fill=fill)
    cached_text(draw, ((box[0] + box[2]) / 2, xy[1]), text, font=fnt, fill=ink, anchor="mm")
    return box


def name_plate(
    image: Image.Image,
    box: Box,
    name: str,
    icon: Image.Image,
    panel: RGB,
    ink: RGB,
    active: bool,
    accent: RGB,
    badge_text: str = "to move",
    subtitle: str = "",
    font_size: int = 24,
) -> None:
    """A player's plate: piece icon, name, optional subtitle and a badge when active.

    The active plate gets an ``accent`` border and the badge; the other is drawn
    plainly.  ``box`` is the plate's outer box; the name is shortened to fit.
    """
    x0, y0, x1, y1 = box
    h = y1 - y0
    radius = h / 2
    d = ImageDraw.Draw(image)
    if active:
        d.rounded_rectangle(
            box, radius=radius, fill=panel, outline=accent, width=max(2, int(h * 0.07))
        )
    else:
        d.rounded_rectangle(box, radius=radius, fill=panel)
    iw = icon.size[0]
    paste_sprite(image, icon, (x0 + h / 2, (y0 + y1) / 2))
    tx = x0 + h / 2 + iw / 2 + h * 0.22
    name_font = font(font_size, True)
    badge_font = font(max(10, int(font_size * 0.62)), True)
    badge_w = text_width(badge_text, badge_font) + 24 if active else 0
    sub_font = font(max(10, int(font_size * 0.62)))
    sub_w = text_width(subtitle, sub_font) + 14 if subtitle else 0
    room = x1 - tx - radius * 0.6 - badge_w - sub_w
    shown = fit_text(name, name_font, max(20.0, room))
    cy = (y0 + y1) / 2
    cached_text(d, (tx, cy), shown, font=name_font, fill=ink, anchor="lm")
    cur = tx + text_width(shown, name_font) + 12
    if subtitle:
        cached_text(d, (cur, cy + 1), subtitle, font=sub_font, fill=mix(ink, panel, 0.35),
                    anchor="lm")
        cur += sub_w
    if active:
        pill(d, (cur, cy), badge_text, badge_font, accent, contrast_ink(accent))


def plate_width(
    name: str,
    icon_size: int,
    height: int,
    active: bool,
    subtitle: str = "",
    font_size: int = 24,
    badge_text: str = "to move",
) -> float:
    """The width :func:`name_plate` needs for ``name`` (before any clamping)."""
    w = height / 2 + icon_size / 2 + height * 0.22
    w += text_width(name, font(font_size, True)) + 12
    if subtitle:
        w += text_width(subtitle, font(max(10, int(font_size * 0.62)))) + 14
    if active:
        w += text_width(badge_text, font(max(10, int(font_size * 0.62)), True)) + 24
    return w + height * 0.35


# --------------------------------------------------------------------------- output


def encode_png(image: Image.Image, palette: Image.Image, row_filter: RowFilter = "none") -> bytes:
    """PNG bytes of ``image`` mapped onto ``palette`` (a "P" image) without
    dithering, which keeps flat colours flat.  :mod:`renderer.png` writes the
    file: ISA-L's deflate where installed (a tenth of zlib's time)."""
    mapped = image.quantize(palette=palette, dither=Image.Dither.NONE)
    return palette_png(mapped, row_filter)
