"""The CheeseGambit board picture: decodes, size, pixels where pieces stand."""

from __future__ import annotations

import io

from PIL import Image

from games.cheesegambit import GAME
from renderer import RenderContext, render
from renderer.cheesegambit import PIECE, geometry, square_cell


def _close(a: tuple[int, ...], b: tuple[int, ...], tol: int = 40) -> bool:
    return all(abs(x - y) <= tol for x, y in zip(a, b, strict=False))


def test_render_decodes_with_pieces_where_they_stand() -> None:
    p = GAME.initial({"players": "4"}, "R")
    played = p.play("9/12 33/38", (3, 5))
    ctx = RenderContext(names={"R": "alice", "G": "bob", "B": "carol", "Y": "dave"},
                        dice=(6, 6), last_side="R", last_moves=played.moves)
    data = render(played.position, ctx)
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert len(data) < 150_000
    img = Image.open(io.BytesIO(data)).convert("RGB")
    g = geometry(ctx.width)
    assert img.size == (g.width, g.height) and 1000 <= img.width <= 1200
    r = int(g.cell * 0.33)
    for square, colour in ((12, "R"), (13, "B"), (11, "G"), (15, "Y")):
        x0, y0, x1, y1 = g.box(*square_cell(square))
        cx, cy = (x0 + x1) // 2, (y0 + y1) // 2 + g.cell // 10
        assert _close(img.getpixel((cx - r + 8, cy)), PIECE[colour]), square
    x0, y0, x1, y1 = g.box(*square_cell(20))  # an empty square stays light
    assert sum(img.getpixel(((x0 + x1) // 2, (y0 + y1) // 2))) > 600


def test_render_finished_dark_and_odd_last_moves() -> None:
    p = GAME.from_listing("R: 2@9, 2@13, 10@33; B: dropped to R; R wins", {})
    data = render(p, RenderContext(theme="dark", last_side="R", last_moves="nonsense ((",
                                   width=1000))
    img = Image.open(io.BytesIO(data))
    assert img.width == 1000 and len(data) < 150_000
