"""How big text must be to read a board on a phone.

Discord shows a board picture as wide as the phone's screen allows, about
400 CSS pixels, whatever its own width.  A player must still read, there,
whose turn it is, the dice, the counts and every label they type a move
with: each such glyph (digits and capitals) stands at least
:data:`MIN_GLYPH` pixels high once the picture is scaled to
:data:`PHONE_WIDTH`.  6 px is 16.5 px on an 1100-px picture, and 18 device
pixels on a phone of pixel ratio 3: the cap height of a 9-pt caption.
"""

from __future__ import annotations

from functools import lru_cache

from renderer.fonts import font

PHONE_WIDTH = 400
MIN_GLYPH = 6.0


@lru_cache(maxsize=128)
def glyph_height(size: int, bold: bool = True) -> int:
    """The height of digits and capitals in a font of ``size`` px."""
    box = font(size, bold).getbbox("0123456789SRWB", anchor="ls")
    return int(box[3] - box[1])


def phone_glyph(size: int, width: int, bold: bool = True) -> float:
    """That height when a ``width``-pixel picture is shown :data:`PHONE_WIDTH` wide."""
    return glyph_height(size, bold) * PHONE_WIDTH / width


def legible_size(width: int, bold: bool = True, least: int = 10) -> int:
    """The smallest font size (at least ``least``) whose glyphs stay
    :data:`MIN_GLYPH` high on a phone, for a ``width``-pixel picture."""
    size = least
    while phone_glyph(size, width, bold) < MIN_GLYPH:
        size += 1
    return size
