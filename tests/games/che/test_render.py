"""The Che board picture: decodes, sensible width, tiles drawn where they are."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from games.che import GAME
from games.events import Moved, Passed, RegionClosed, TilePlaced
from renderer import RenderContext, render
from renderer.che import LAST_TURN, TILE_COLOURS, draw_with_centres, last_turn_marks
from tests import pixels
from tests.pixels import rgb

from .util import position_after


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
                        last_moves="1,0B 0,1B", theme=theme, footer="game 7",
                        last_events=(TilePlaced("B", "1,0", "B", "\\"),
                                     TilePlaced("B", "0,1", "B", "\\")))
    png = render(pos, ctx)
    img = Image.open(io.BytesIO(png))
    img.load()
    assert img.format == "PNG"
    assert 1000 <= img.width <= 1200
    assert 300 <= img.height <= 2000
    assert len(png) < 150_000


def test_tile_centres_show_the_band_colour() -> None:
    pos = GAME.from_listing("0,0W/ 1,0B 0,1W 2,0W -1,0B; tiles left 59; B to move", {})
    before = GAME.from_listing("0,0W/ 1,0B 0,1W; tiles left 61; W to move", {})
    played = before.play("2,0W -1,0B", ())
    assert played.position.listing() == pos.listing()
    ctx = RenderContext(last_side="W", last_moves=played.moves, last_events=played.events)
    _, centres = draw_with_centres(pos, ctx)
    img = Image.open(io.BytesIO(render(pos, ctx))).convert("RGB")
    for tile in pos.tiles:
        pixel = rgb(img, centres[tile.cell])
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
    corner = rgb(img, (x - s // 2, y + s // 2))
    assert _close(corner, TILE_COLOURS["W"]["closed"])


def test_odd_last_events_are_ignored() -> None:
    odd = (Passed("W"), Moved("W", "24", "18"), TilePlaced("W", "((nonsense", "W", "/"),
           TilePlaced("W", "--1,0", "W", "/"), TilePlaced("W", "1,2,3", "W", "/"),
           TilePlaced("W", "²,0", "W", "/"), RegionClosed("W"))
    assert last_turn_marks(RenderContext(last_events=odd)) == set()
    png = render(POSITIONS["first"], RenderContext(last_moves="((nonsense", last_events=odd))
    assert png.startswith(b"\x89PNG")


def test_last_turn_tiles_are_outlined_from_the_events() -> None:
    before = GAME.from_listing("0,0W/ 1,0B 0,1W; tiles left 61; W to move", {})
    played = before.play("2,0W -1,0B", ())
    assert last_turn_marks(RenderContext(last_events=played.events)) == {(2, 0), (-1, 0)}
    pos = position_after(played)
    _, centres = draw_with_centres(pos, RenderContext())

    def edge_is_marked(ctx: RenderContext, cell: tuple[int, int]) -> bool:
        img = Image.open(io.BytesIO(render(pos, ctx))).convert("RGB")
        x, y = centres[cell]
        s = centres[(1, 0)][0] - centres[(0, 0)][0]
        return _close(rgb(img, (x, y - s // 2 + 1)), LAST_TURN, 30)

    marked = RenderContext(last_side="W", last_moves=played.moves, last_events=played.events)
    assert edge_is_marked(marked, (2, 0)) and edge_is_marked(marked, (-1, 0))
    assert not edge_is_marked(marked, (0, 1))
    # the move text alone outlines nothing: only the events say what the turn did
    assert not edge_is_marked(RenderContext(last_moves=played.moves), (2, 0))


def test_long_line_keeps_tiles_large() -> None:
    pos = POSITIONS["line"]
    _, centres = draw_with_centres(pos, RenderContext())
    step = centres[(1, 0)][0] - centres[(0, 0)][0]
    assert step >= 40


def test_long_names_are_shortened_to_fit_the_header() -> None:
    from renderer.che import THEMES
    from renderer.fonts import font
    from renderer.phone import legible_size

    pos = POSITIONS["midturn"]
    long_name = "Bartholomew the Unreasonably Long-Named " * 3
    ctx = RenderContext(names={"W": "alice", "B": long_name})
    img = Image.open(io.BytesIO(render(pos, ctx))).convert("RGB")
    # The title stops short of the tile count on the right: the band just
    # left of the count shows only the page colour.
    size = legible_size(img.width, bold=False, least=18)
    pool_left = img.width - 24 - font(size, True).getlength("tiles left 62 of 64")
    gap = img.crop((int(pool_left) - 20, 16, int(pool_left) - 4, 50))
    page = THEMES["light"].background
    colours = pixels.colours(gap, 4096)
    assert colours and all(_close(px, page, 6) for _, px in colours)
