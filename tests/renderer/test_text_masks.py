"""Text pasted through cached anti-aliased masks (renderer.stencil.cached_text)
gives the very pixels ``ImageDraw.text`` gives."""

from __future__ import annotations

from typing import Any

import pytest
from PIL import Image, ImageChops, ImageDraw

from renderer import (
    PHONE_WIDTH,
    RENDERERS,
    board_common,
    chebache,
    cheesegambit,
    for_game,
    hachapury,
)
from renderer.fonts import font
from renderer.stencil import cached_text, text_mask

TEXTS = ("24", "Bob the Magnificent", "off", "×3", "Ход белых", "g", "W wins 2 · Game #12")
ANCHORS = ("la", "mm", "lm", "rm", "lt", "rs", "ma")
POINTS = ((40, 30), (120.5, 61.25), (77.3, 18.9), (200.999, 44.01))


def backdrop(mode: str = "RGB") -> Image.Image:
    """A picture with a gradient and stripes, so any blending difference shows."""
    image = Image.linear_gradient("L").resize((260, 90)).convert(mode)
    draw = ImageDraw.Draw(image)
    for x in range(0, 260, 23):
        stripe = (180, 40, 90) if mode == "RGB" else (180, 40, 90, 200)
        draw.rectangle((x, 0, x + 9, 89), fill=stripe)
    return image


def both_ways(mode: str, xy: tuple[float, float], text: str, size: int, bold: bool,
              fontmode: str = "L", **options: Any) -> tuple[Image.Image, Image.Image]:
    """The same text drawn by Pillow and from cached masks on equal pictures
    (given the picture when anti-aliased, a drawing with ``fontmode`` else)."""
    fnt = font(size, bold)
    by_pillow, by_cache = backdrop(mode), backdrop(mode)
    draw = ImageDraw.Draw(by_pillow)
    draw.fontmode = fontmode
    draw.text(xy, text, font=fnt, **options)
    target: Image.Image | ImageDraw.ImageDraw = by_cache
    if fontmode != "L":
        target = ImageDraw.Draw(by_cache)
        target.fontmode = fontmode
    cached_text(target, xy, text, fnt, **options)
    return by_pillow, by_cache


def differing(a: Image.Image, b: Image.Image) -> tuple[int, int, int, int] | None:
    return ImageChops.difference(a, b).getbbox(alpha_only=False)


def inked(a: Image.Image, mode: str) -> bool:
    return differing(a, backdrop(mode)) is not None


@pytest.mark.parametrize("text", TEXTS)
@pytest.mark.parametrize("anchor", ANCHORS)
@pytest.mark.parametrize("fontmode", ("L", "1"))
def test_plain_text_is_pixel_identical(text: str, anchor: str, fontmode: str) -> None:
    for xy in POINTS:
        for size, bold in ((13, False), (22, True)):
            by_pillow, by_cache = both_ways("RGB", xy, text, size, bold, fontmode,
                                            fill=(250, 248, 240), anchor=anchor)
            assert inked(by_pillow, "RGB")
            assert differing(by_pillow, by_cache) is None, (text, anchor, xy, size)


@pytest.mark.parametrize("stroke", (1, 2, 3))
@pytest.mark.parametrize("outline", ((24, 24, 28), None, (250, 248, 240)))
def test_outlined_text_is_pixel_identical(stroke: int, outline: tuple[int, int, int] | None
                                          ) -> None:
    for text in ("15", "off", "Bob"):
        for xy, anchor in (((60, 40), "mm"), ((100.5, 44.75), "lm"), ((30.2, 70.6), "ls")):
            by_pillow, by_cache = both_ways("RGB", xy, text, 26, True, fill=(250, 248, 240),
                                            anchor=anchor, stroke_width=stroke,
                                            stroke_fill=outline)
            assert differing(by_pillow, by_cache) is None, (text, xy, stroke, outline)


def test_rgba_pictures_and_the_edges_match_too() -> None:
    for xy in ((-0.0, 3.5), (250.4, 45.0), (130, 88.7), (3.0, -10.0), (-5.0, 40.0)):
        by_pillow, by_cache = both_ways("RGBA", xy, "Bob the Magnificent", 20, True,
                                        fill=(30, 30, 34), anchor="mm")
        assert differing(by_pillow, by_cache) is None, xy


def test_several_lines_and_the_bitmap_font_go_to_pillow() -> None:
    from PIL import ImageFont
    for text, fnt in (("two\nlines", font(16)), ("bitmap", ImageFont.load_default_imagefont())):
        by_pillow, by_cache = backdrop(), backdrop()
        ImageDraw.Draw(by_pillow).text((20, 20), text, font=fnt, fill=(0, 0, 0))
        cached_text(by_cache, (20, 20), text, fnt, (0, 0, 0))
        assert inked(by_pillow, "RGB")
        assert differing(by_pillow, by_cache) is None


def test_a_mask_is_cropped_to_its_ink_and_remembered() -> None:
    text_mask.cache_clear()
    fnt = font(24, True)
    mask, dx, dy = text_mask("Hachapury", fnt, "mm", 0, (0.5, 0.0), "L")
    x0, y0, x1, y1 = fnt.getbbox("Hachapury", anchor="mm")
    assert mask.getbbox() == (0, 0, mask.width, mask.height)
    # within the font's box of the text, give or take the sub-pixel shift
    assert x0 - 1 <= dx and dx + mask.width <= x1 + 1
    assert y0 - 1 <= dy and dy + mask.height <= y1 + 1
    cached_text(backdrop(), (10.5, 40), "Hachapury", fnt, (1, 2, 3), anchor="mm")
    assert text_mask.cache_info().hits == 1
    assert text_mask.cache_info().maxsize is not None


def test_a_drawing_in_another_mode_than_its_picture_goes_to_pillow() -> None:
    by_pillow, by_cache = backdrop(), backdrop()
    options: dict[str, Any] = {"font": font(20, True), "fill": (200, 10, 10, 120),
                               "anchor": "mm"}
    ImageDraw.Draw(by_pillow, "RGBA").text((60.5, 40), "blend", **options)
    cached_text(ImageDraw.Draw(by_cache, "RGBA"), (60.5, 40), "blend", **options)
    assert inked(by_pillow, "RGB")
    assert differing(by_pillow, by_cache) is None


def pillow_text(target: Image.Image | ImageDraw.ImageDraw, xy: tuple[float, float], text: str,
                font: Any, fill: Any, anchor: str = "la", stroke_width: float = 0,
                stroke_fill: Any = None) -> None:
    """The text drawn by Pillow each time (what the renderers did before)."""
    draw = target if isinstance(target, ImageDraw.ImageDraw) else ImageDraw.Draw(target)
    draw.text(xy, text, font=font, fill=fill, anchor=anchor, stroke_width=stroke_width,
              stroke_fill=stroke_fill)


@pytest.mark.parametrize("game", sorted(RENDERERS))
def test_every_game_draws_the_same_pictures_as_with_pillows_text(
        game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    renderer = for_game(game)
    samples = [sample for width in (1100, PHONE_WIDTH) for theme in ("light", "dark")
               for sample in renderer.palette_samples(width, theme)]

    def pictures() -> list[bytes]:
        cheesegambit._PANELS.clear()  # its panels are drawn again, not reused
        return [renderer.draw(position, context).tobytes() for position, context in samples]

    cached = pictures()
    for module in (board_common, hachapury, chebache, cheesegambit):
        monkeypatch.setattr(module, "cached_text", pillow_text)
    assert pictures() == cached
