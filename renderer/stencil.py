"""Text pasted from cached stencils.

Setting type is the slowest thing a board picture does (a third of a
CheeseGambit board's drawing time); most texts on a board repeat from one
picture to the next (coordinates, counts, names, badges).  :func:`stamp`
renders each (text, size, weight, anchor) once, as a crisp mask (no
anti-aliasing: as legible at board sizes, and soft edges are noise to the
PNG compressor), and pastes it in any colour.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from renderer.fonts import font

RGB = tuple[int, int, int]


@lru_cache(maxsize=1024)  # ~200 texts of every look, the rest players' names: ~5 MB
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
