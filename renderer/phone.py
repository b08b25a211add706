"""How big text must be to read a board on a phone: the one rule, for every game.

Discord shows a board picture as wide as the phone's screen allows, about
:data:`PHONE_WIDTH` (400) CSS pixels, whatever its own width.  A player must
still read there whose turn it is, the dice, the counts and every label they
type a move with.  **The rule: each such glyph (digits and capitals, measured
as ink) stands at least** :data:`MIN_GLYPH` **(8) CSS pixels high once the
picture is scaled to 400 px wide.**

Why 8 px:

- A CSS pixel is defined as 0.0213 degrees of visual angle (the reference
  pixel of CSS 2.1, seen at arm's length; phones scale it to be held
  closer).  8 px is 10.2 minutes of arc: the letter height a 20/40 eye can
  just read (Snellen letters are 5' at 20/20, 10' at 20/40, the usual
  driving-licence standard and common for ageing or uncorrected sight).
  6 px (7.7') needs 20/30 or better.
- 8 px is the cap height of 11 px DejaVu Sans (cap height 0.73 em), the
  smallest text size phone platforms recommend (Apple's Human Interface
  Guidelines: 11 pt; Material Design: 11-12 sp).

Pictures narrower than :data:`COMPACT_BELOW` are phone pictures (a player's
``/settings phone:on``): every game draws them in a layout that meets the rule
(tests/renderer/test_phone.py checks all four).  Desktop pictures (1100 px)
meet it where the board allows (Che does at every width); the others show
more than a phone can hold at that size, which is why the phone layouts exist.
"""

from __future__ import annotations

from functools import lru_cache

from renderer.fonts import font

#: How wide a phone shows a board picture (CSS pixels).
PHONE_WIDTH = 400
#: The least height, in those pixels, of a digit or capital a player must read.
MIN_GLYPH = 8.0
#: Pictures narrower than this are drawn in the phone layout (and meet the rule).
COMPACT_BELOW = 800


@lru_cache(maxsize=128)
def glyph_height(size: int, bold: bool = True) -> int:
    """The ink height of digits and capitals in a font of ``size`` px."""
    box = font(size, bold).getbbox("0123456789SRWB", anchor="ls")
    return int(box[3] - box[1])


def phone_glyph(size: int, width: int, bold: bool = True) -> float:
    """That height when a ``width``-pixel picture is shown :data:`PHONE_WIDTH` wide."""
    return glyph_height(size, bold) * PHONE_WIDTH / width


def meets_rule(size: int, width: int, bold: bool = True) -> bool:
    """Text of ``size`` px on a ``width``-pixel picture reads on a phone."""
    return phone_glyph(size, width, bold) >= MIN_GLYPH


def legible_size(width: int, bold: bool = True, least: int = 10) -> int:
    """The smallest font size (at least ``least``) whose glyphs stay
    :data:`MIN_GLYPH` high on a phone, for a ``width``-pixel picture."""
    size = least
    while not meets_rule(size, width, bold):
        size += 1
    return size
