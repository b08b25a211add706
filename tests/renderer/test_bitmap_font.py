"""Text helpers with Pillow's bitmap font: what ``renderer.fonts.font`` returns
on a machine with neither DejaVu nor FreeType."""

from __future__ import annotations

from PIL import Image, ImageDraw, ImageFont

from renderer.board_common import pill


def test_pill_fits_the_bitmap_font() -> None:
    bitmap = ImageFont.load_default_imagefont()
    draw = ImageDraw.Draw(Image.new("RGB", (200, 60)))
    x0, y0, x1, y1 = pill(draw, (10, 30), "Ag", bitmap, (0, 0, 0), (255, 255, 255), pad_y=4)
    text_top, text_bottom = bitmap.getbbox("Ag")[1::2]
    assert x1 - x0 > bitmap.getlength("Ag")
    assert y1 - y0 >= text_bottom - text_top + 2 * 4
