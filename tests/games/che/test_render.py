"""The Che board picture: decodes, sensible width, tiles drawn where they are."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from games.che import GAME
from renderer import RenderContext, render
from renderer.che import TILE_COLOURS, draw_with_centres


def _close(a: tuple[int, ...], b: tuple[int, ...], tol: int = 24) -> bool:
    return all(abs(x - y) <= tol for x, y in zip(a, b, strict=False))


def _line_position():
    pos = GAME.initial({}).play("0,0W/", ()).position
    for i in range(1, 32):
        pos = pos.play(f"{i},0B {-i},0W", ()).position
    return pos


POSITIONS = {
    "empty": GAME.initial({}),
    "first": GAME.initial({}).play("0,0W/", ()).position,
    "midturn": GAME.from_listing("0,0W/ 1,0B; tiles left 62; B to move (second tile)", {}),
    "won": GAME.from_listing("0,0B\\ 1,0B 0,1B 1,1B; tiles left 60; W wins", {}),
    "line": _line_position(),
}


@pytest.mark.parametrize("name", sorted(POSITIONS))
@pytest.mark.parametrize("theme", ["light", "dark"])
def test_image_decodes(name: str, theme: str) -> None:
    pos = POSITIONS[name]
    ctx = RenderContext(names={"W": "alice", "B": "bob"}, last_side="B",
                        last_moves="1,0B 0,1B", theme=theme, footer="game 7")
    png = render(pos, ctx)
    img = Image.open(io.BytesIO(png))
    img.load()
    assert img.format == "PNG"
    assert 1000 <= img.width <= 1200
    assert 300 <= img.height <= 2000
    assert len(png) < 150_000


def test_tile_centres_show_the_band_colour() -> None:
    pos = GAME.from_listing("0,0W/ 1,0B 0,1W 2,0W -1,0B; tiles left 59; B to move", {})
    ctx = RenderContext(last_moves="2,0W -1,0B")
    _, centres = draw_with_centres(pos, ctx)
    img = Image.open(io.BytesIO(render(pos, ctx))).convert("RGB")
    for tile in pos.tiles:
        pixel = img.getpixel(centres[tile.cell])
        shades = TILE_COLOURS[tile.colour].values()
        assert any(_close(pixel, shade) for shade in shades), (tile, pixel)
        others = TILE_COLOURS["B" if tile.colour == "W" else "W"].values()
        assert not any(_close(pixel, shade) for shade in others)


def test_closed_region_is_highlighted() -> None:
    pos = POSITIONS["won"]
    _, centres = draw_with_centres(pos, RenderContext())
    img = Image.open(io.BytesIO(render(pos, RenderContext()))).convert("RGB")
    # the closed White point (1,1) is the shared corner of four cells
    x, y = centres[(1, 1)]
    x0, _ = centres[(0, 0)]
    s = x - x0
    corner = img.getpixel((x - s // 2, y + s // 2))
    assert _close(corner, TILE_COLOURS["W"]["closed"])


def test_bad_last_moves_are_ignored() -> None:
    png = render(POSITIONS["first"], RenderContext(last_moves="((nonsense"))
    assert png.startswith(b"\x89PNG")


def test_long_line_keeps_tiles_large() -> None:
    pos = POSITIONS["line"]
    _, centres = draw_with_centres(pos, RenderContext())
    step = centres[(1, 0)][0] - centres[(0, 0)][0]
    assert step >= 40


def test_long_names_are_shortened_to_fit_the_header() -> None:
    from renderer.che import THEMES
    from renderer.fonts import font

    pos = POSITIONS["midturn"]
    long_name = "Bartholomew the Unreasonably Long-Named " * 3
    ctx = RenderContext(names={"W": "alice", "B": long_name})
    img = Image.open(io.BytesIO(render(pos, ctx))).convert("RGB")
    # The title stops short of the tile count on the right: the band just
    # left of the count shows only the page colour.
    pool_left = img.width - 24 - font(22).getlength("tiles left 62 of 64")
    gap = img.crop((int(pool_left) - 20, 16, int(pool_left) - 4, 50))
    page = THEMES["light"].background
    colours = gap.getcolors(maxcolors=4096)
    assert colours and all(_close(px, page, 6) for _, px in colours)
