"""Text pasted from cached stencils.

Setting type is the slowest thing a board picture does (a third of a
CheeseGambit board's drawing time); most texts on a board repeat from one
picture to the next (coordinates, counts, names, badges).  :func:`stamp`
renders each (text, size, weight, anchor) once, as a crisp mask (no
anti-aliasing: as legible at board sizes, and soft edges are noise to the
PNG compressor), and pastes it in any colour.
"""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

from renderer.fonts import font

RGB = tuple[int, int, int]
Font = ImageFont.FreeTypeFont | ImageFont.ImageFont


#: Stencils kept: ~200 texts of every look, the rest players' names (10 KB each with
#: their objects: 1,024 of them were 10 MiB of each picture worker, bench/bench_memory.py)
STENCILS = 512


@lru_cache(maxsize=STENCILS)
def stencil(text: str, size: int, bold: bool, anchor: str) -> tuple[Image.Image, int, int]:
    """``text``'s ink as a mask, with the offset of its top-left corner from
    the anchor point."""
    f = font(size, bold)
    x0, y0, x1, y1 = (int(v) for v in f.getbbox(text, anchor=anchor))
    mask = Image.new("L", (max(1, x1 - x0), max(1, y1 - y0)), 0)
    draw = ImageDraw.Draw(mask)
    draw.fontmode = "1"
    draw.text((-x0, -y0), text, fill=255, font=f, anchor=anchor)
    return mask, x0, y0


def stamp(image: Image.Image, xy: tuple[float, float], text: str, size: int, fill: RGB,
          bold: bool = True, anchor: str = "la") -> None:
    """Draw ``text`` at ``xy`` (Pillow's ``anchor``) in ``fill``, from its stencil."""
    if not text:
        return
    mask, dx, dy = stencil(text, size, bold, anchor)
    image.paste(fill, (round(xy[0]) + dx, round(xy[1]) + dy), mask)


# --------------------------------------------------------------------------- anti-aliased text
#
# The boards drawn in full anti-aliasing (Hachapury, Chebache) set the same
# few dozen texts picture after picture; FreeType's rendering is the dearest
# part of their drawing.  ``cached_text`` keeps each text's ink as an "L" mask
# and pastes the colour through it: Pillow's ``ImageDraw.text`` does the very
# same (``Image.paste`` of a colour and ``draw_bitmap`` are one C routine), so
# the pixels are identical, as tests/renderer/test_text_masks.py shows.

#: Masks kept.  Measured over 220 positions of the four games, both themes and
#: widths: 903 distinct masks, 2.5 KB of pixels each on average (17 KB the
#: largest), 93 % of the texts drawn found here.  Full, the cache holds about
#: 2.6 MB of pixels (3.5 MB with the objects around them).
TEXT_MASKS = 1024


@lru_cache(maxsize=TEXT_MASKS)
def text_mask(text: str, fnt: ImageFont.FreeTypeFont, anchor: str, stroke_width: float,
              fraction: tuple[float, float], mode: str = "L") -> tuple[Image.Image, int, int]:
    """The ink of ``text`` drawn at a point whose fractional parts are
    ``fraction`` (FreeType places glyphs to the sub-pixel), cropped to the ink,
    and its top-left corner's offset from the point's integer part.  ``mode``
    is Pillow's font mode: "L" anti-aliased, "1" crisp.  With a
    ``stroke_width`` it is the ink of the stroke, inside filled."""
    x0, y0, x1, y1 = fnt.getbbox(text, mode, anchor=anchor, stroke_width=stroke_width)
    # Room on each side for the sub-pixel shift and rounding.  The point stays
    # at positive coordinates: Pillow truncates them towards zero.
    left, top = max(0, 2 - math.floor(x0)), max(0, 2 - math.floor(y0))
    canvas = Image.new("L", (math.ceil(x1) + left + 2, math.ceil(y1) + top + 2), 0)
    draw = ImageDraw.Draw(canvas)
    draw.fontmode = mode
    draw.text((left + fraction[0], top + fraction[1]), text, fill=255, font=fnt, anchor=anchor,
              stroke_width=stroke_width)
    box = canvas.getbbox() or (0, 0, 1, 1)
    return canvas.crop(box), box[0] - left, box[1] - top


def cached_text(target: Image.Image | ImageDraw.ImageDraw, xy: tuple[float, float], text: str,
                font: Font, fill: RGB, anchor: str = "la", stroke_width: float = 0,
                stroke_fill: RGB | None = None) -> None:
    """``target.text(xy, text, font=font, fill=fill, anchor=anchor,
    stroke_width=stroke_width, stroke_fill=stroke_fill)`` (``target`` a
    picture or a drawing on one), the same pixels, with the ink's masks
    remembered (:func:`text_mask`).  Several lines, Pillow's bitmap font,
    negative coordinates and pictures other than RGB(A) or L go to Pillow."""
    if not text:
        return
    if isinstance(target, ImageDraw.ImageDraw):
        draw, image, mode = target, getattr(target, "_image", None), target.fontmode
    else:
        draw, image, mode = None, target, "L"
    x, y = xy
    if (image is None or image.mode not in ("RGB", "RGBA", "L") or mode not in ("L", "1")
            or (draw is not None and draw.mode != image.mode)
            or "\n" in text or not isinstance(font, ImageFont.FreeTypeFont) or x < 0 or y < 0):
        (draw or ImageDraw.Draw(target)).text(  # type: ignore[arg-type]
            xy, text, font=font, fill=fill, anchor=anchor, stroke_width=stroke_width,
            stroke_fill=stroke_fill)
        return
    fraction = (x - int(x), y - int(y))
    inks = [(fill, 0.0)]
    if stroke_width:  # Pillow draws the filled stroke, then the text over it
        stroke_ink = fill if stroke_fill is None else stroke_fill
        inks = [(stroke_ink, stroke_width)] + ([] if stroke_ink == fill else inks)
    for ink, width in inks:
        mask, dx, dy = text_mask(text, font, anchor, width, fraction, mode)
        image.paste(ink, (int(x) + dx, int(y) + dy), mask)
