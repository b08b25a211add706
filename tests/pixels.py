"""Reading pixels back from rendered pictures, typed.

Pillow types ``getpixel`` and ``getcolors`` for every image mode (a number, a tuple or
None); a test reads an image whose mode it knows, and these helpers say which, checked
at run time."""

from __future__ import annotations

from PIL import Image

RGB = tuple[int, int, int]


def _rgb(value: object) -> RGB:
    assert isinstance(value, tuple) and len(value) == 3, value
    red, green, blue = value
    assert isinstance(red, int) and isinstance(green, int) and isinstance(blue, int), value
    return red, green, blue


def rgb(image: Image.Image, xy: tuple[int, int]) -> RGB:
    """The colour at ``xy`` of an RGB image."""
    return _rgb(image.getpixel(xy))


def level(image: Image.Image, xy: tuple[int, int]) -> int:
    """The value at ``xy`` of a one-band image (``L``, an alpha band)."""
    value = image.getpixel(xy)
    assert isinstance(value, int), value
    return value


def colours(image: Image.Image, maxcolors: int) -> list[tuple[int, RGB]]:
    """``(count, colour)`` for each colour of an RGB image; empty when it has more than
    ``maxcolors`` (as ``getcolors(maxcolors) or []``)."""
    return [(count, _rgb(colour)) for count, colour in image.getcolors(maxcolors) or []]
