"""Chebache board picture: size, pieces where the geometry says, Kings, pools,
the CHEBACHE banner, dice, threats, the last turn from its events, viewer and themes."""

from __future__ import annotations

import io
from typing import Any

import pytest
from PIL import Image, ImageDraw

from games.chebache import GAME
from games.events import Event, Hit, Moved, Passed, TilePlaced
from renderer import chebache as cr
from renderer import chebache_layout as cl
from renderer import render
from renderer.context import RenderContext
from tests.games.chebache.util import pos as chebache_pos
from tests.pixels import rgb

LIGHT = cr.THEMES["light"]
DARK = cr.THEMES["dark"]
NAMES = {"W": "alice", "B": "Bob the Magnificent"}

#: Black to move with Black's 4 under White's Chebache; a Black King alone on
#: Intersection 9, White's King on 17, a White stack of 4 on 6, 4 Black in Finish.
BUSY = (
    "W: 1@S, 1@3, 4@6, 1@11, 2@12, 2@15, 1@16, K@17; "
    "B: 1@1, 2@2, 1@4, 2@6, K@9, 1@10, 1@14, 4@F; B to move"
)
#: White to move, nobody threatened; White's King in the middle of a stack on 12.
KING_INSIDE = (
    "W: 3@S, 1K1@12, 2@8, 2@10, 2@16, 1@3; "
    "B: 4K@S, 2@2, 2@8, 2@10, 2@16; W to move"
)
FINISHED = "W: 2@17, 10K@F; B: 12K@F; B wins"
#: What White's 5/11, 11/14, 14^16 did (BUSY is drawn after it).
W_TURN = (Moved("W", "5", "11", 6), Moved("W", "11", "14", 3), Moved("W", "14", "16"))


def decode(data: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(data))
    img.load()
    return img.convert("RGB")


def pixel(img: Image.Image, xy: tuple[float, float]) -> tuple[int, int, int]:
    return rgb(img, (int(round(xy[0])), int(round(xy[1]))))


def near(a: tuple[int, ...], b: tuple[int, ...], tol: int = 30) -> bool:
    return all(abs(x - y) <= tol for x, y in zip(a, b, strict=True))


def picture(listing: str | None = None, **ctx: Any) -> Image.Image:
    """The picture of ``listing`` (default: the start); ``ctx``: RenderContext's fields."""
    pos = GAME.initial({}, None) if listing is None else GAME.from_listing(listing, {})
    context = RenderContext(names=NAMES, **ctx)
    return decode(cr.render(pos, context))


# --------------------------------------------------------------------------- basics


@pytest.mark.parametrize("width", [1100, 800, 1200])
def test_png_size_matches_layout(width: int) -> None:
    img = picture(width=width, dice=(3, 5))
    assert img.size == (width, cl.layout(width).height)


def test_dispatch_through_renderer_package() -> None:
    data = render(GAME.initial({}, None), RenderContext())
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert decode(data).size == (1100, cl.layout(1100).height)


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_busy_picture_is_small(theme: str) -> None:
    pos = GAME.from_listing(BUSY, {})
    ctx = RenderContext(names=NAMES, dice=(4, 4), last_side="W", last_moves="5/11, 11/14, 14^16",
                        last_events=W_TURN, theme=theme, footer="Game #3")
    assert len(cr.render(pos, ctx)) < 150 * 1024


def test_page_colour_follows_theme() -> None:
    assert near(pixel(picture(theme="light"), (3, 3)), LIGHT.page, 6)
    assert near(pixel(picture(theme="dark"), (3, 3)), DARK.page, 6)


# --------------------------------------------------------------------------- geometry


def test_viewer_turns_the_board() -> None:
    lay = cl.layout(1100)
    gx0, gy0, gx1, gy1 = lay.grid
    # Black's Start (a1) is bottom left from Black's chair, top right from White's.
    bx, by = cl.cell_centre("a1", "B")
    assert bx < (gx0 + gx1) / 2 and by > (gy0 + gy1) / 2
    wx, wy = cl.cell_centre("a1", "W")
    assert wx > (gx0 + gx1) / 2 and wy < (gy0 + gy1) / 2
    # Intersections are shared: White 5 is Black 17.
    assert cl.space_centre("W", 5, "B") == cl.space_centre("B", 17, "B")


def test_tivit_halves_are_separate_spaces() -> None:
    # Black's 2 and 10 are the lower and upper halves of b2.
    lower = cl.space_centre("B", 2, "B")
    upper = cl.space_centre("B", 10, "B")
    cx, cy = cl.cell_centre("b2", "B")
    assert lower[0] == upper[0] == cx
    assert lower[1] > cy > upper[1]
    # The angle marks: Black's 2 runs left to right (1 -> 3), 10 right to left.
    assert cl.tivit_direction("B", 2, "B")[0] > 0
    assert cl.tivit_direction("B", 10, "B")[0] < 0


def test_piece_boxes_stack_bottom_to_top() -> None:
    boxes = cl.piece_boxes("W", 12, (False, True, False), "W")
    assert len(boxes) == 3
    assert boxes[0][3] >= boxes[1][3] > boxes[2][3]  # each above the last
    king_h = boxes[1][3] - boxes[1][1]
    assert king_h == pytest.approx(2 * (boxes[0][3] - boxes[0][1]))
    full = cl.piece_boxes("W", 6, (False,) * 4, "W")
    tall = full[0][3] - full[-1][1]
    assert tall == pytest.approx(4 * cl.layout(1100).unit_h)


# --------------------------------------------------------------------------- pieces


@pytest.mark.parametrize("viewer", ["W", "B"])
def test_pieces_drawn_where_geometry_says(viewer: str) -> None:
    img = picture(viewer=viewer)
    for side, face in (("W", LIGHT.white_face), ("B", LIGHT.black_face)):
        for n in (2, 8, 10, 16):
            for i in range(2):
                xy = cl.piece_centre(side, n, i, (False, False), viewer)
                assert near(pixel(img, xy), face), (side, n, i, pixel(img, xy))


def test_empty_space_shows_no_piece() -> None:
    img = picture(viewer="W")
    x, y = cl.space_centre("W", 4, "W")
    assert near(pixel(img, (x, y)), LIGHT.cell_w, 12)


def test_king_is_gold_even_inside_a_stack() -> None:
    img = picture(KING_INSIDE, viewer="W")
    kings = (False, True, False)
    assert near(pixel(img, cl.piece_centre("W", 12, 1, kings, "W")), LIGHT.gold, 40)
    assert near(pixel(img, cl.piece_centre("W", 12, 0, kings, "W")), LIGHT.white_face)
    assert near(pixel(img, cl.piece_centre("W", 12, 2, kings, "W")), LIGHT.white_face)


def test_king_on_intersection_and_stack_of_four() -> None:
    img = picture(BUSY)  # Black to move: Black's view
    assert near(pixel(img, cl.piece_centre("B", 9, 0, (True,), "B")), LIGHT.gold, 40)
    for i in range(4):
        xy = cl.piece_centre("W", 6, i, (False,) * 4, "B")
        assert near(pixel(img, xy), LIGHT.white_face), i


# --------------------------------------------------------------------------- banner, threats


def _banner_probe() -> tuple[float, float]:
    x0, y0, _, _ = cl.banner_box()
    return (x0 + 20, y0 + 12)


def test_banner_when_side_to_move_is_threatened() -> None:
    pos = GAME.from_listing(BUSY, {})
    assert ("B", 4) in pos.threatened() and pos.side_to_move == "B"
    img = picture(BUSY, dice=(2, 3))
    assert near(pixel(img, _banner_probe()), LIGHT.banner, 10)


@pytest.mark.parametrize("listing", [None, KING_INSIDE, FINISHED])
def test_no_banner_without_threat(listing: str | None) -> None:
    img = picture(listing, dice=(2, 3))
    assert near(pixel(img, _banner_probe()), LIGHT.card, 10)


def test_banner_in_dark_theme() -> None:
    img = picture(BUSY, theme="dark")
    assert near(pixel(img, _banner_probe()), DARK.banner, 10)


def test_threatened_space_outlined_in_red() -> None:
    img = picture(BUSY)
    x0, y0, x1, y1 = cl.space_box("B", 4, "B")
    probe = ((x0 + x1) / 2, y1 - 3)  # the outline along the space's outer edge
    assert near(pixel(img, probe), LIGHT.threat, 30)


# --------------------------------------------------------------------------- dice


@pytest.mark.parametrize("dice", [(3, 5), (6, 6), (1, 4)])
def test_dice_pips(dice: tuple[int, int]) -> None:
    img = picture(dice=dice)  # White to move: white dice, dark pips
    for i, value in enumerate(dice):
        for xy in cl.die_pip_centres(value, i, len(dice)):
            assert sum(pixel(img, xy)) < 200, (value, xy)
        x, y = cl.dice_centres(len(dice))[i]
        if value in (2, 4, 6):  # no centre pip: the face shows
            assert near(pixel(img, (x, y)), LIGHT.white_face, 20)


def test_black_dice_have_light_pips() -> None:
    img = picture(BUSY, dice=(5, 2))
    for xy in cl.die_pip_centres(5, 0, 2):
        assert sum(pixel(img, xy)) > 600


def test_no_dice_no_pips() -> None:
    img = picture()
    dice_y = cl.layout().dice_y
    for xy in cl.die_pip_centres(6, 0, 2) + cl.die_pip_centres(6, 1, 2):
        if abs(xy[1] - dice_y) > 12:  # (a "no dice" note runs along the middle row)
            assert near(pixel(img, xy), LIGHT.card, 20)


# --------------------------------------------------------------------------- last turn


def _steps(side: str, events: tuple[Event, ...]) -> set[tuple[int, int, int, bool]]:
    marks = cr.last_turn_marks(RenderContext(last_side=side, last_events=events))
    return {(s.src, s.dst, s.count, s.jump) for s in marks}


def test_last_turn_steps_come_from_the_turns_events() -> None:
    # Phase I: the same step three times is one arrow counted 3; Start is 0.
    attack = chebache_pos("3@4, 1@12", "1K@17, 1@2").play("3(4X5), S/1", (1, 1))
    assert _steps("W", attack.events) == {(4, 5, 3, False), (0, 1, 1, False)}
    # Phase II: the jump (a move without a die) of a unit of two.
    jumping = GAME.from_listing("W: 5@S, 1@3, K@6, 1@8, 3@10, 2@16; "
                                "B: 4K@S, 2@2, 1@7, 2@8, 1@10, 2@16; B to move", {})
    played = jumping.play("10/12, 12/13, 2(8^6)", (2, 1))
    assert _steps("B", played.events) == {(10, 12, 1, False), (12, 13, 1, False),
                                          (8, 6, 2, True)}
    # Finish is 18; a King's step counts as one piece.
    assert _steps("W", (Moved("W", "12", "F", 6), Moved("W", "4", "10", 6, 1, "K"))) == {
        (12, 18, 1, False), (4, 10, 1, False)}


def test_last_turn_steps_skip_what_is_not_this_sides_move() -> None:
    assert _steps("B", W_TURN) == set()
    assert cr.last_turn_marks(RenderContext(last_events=W_TURN)) == []
    odd = (Passed("W"), Hit("W", "B", "5", "S"), Moved("W", "P", "3"), Moved("W", "99", "3"),
           TilePlaced("W", "0,0", "W", "/"), Moved("W", "2", "5", 3))
    assert _steps("W", odd) == {(2, 5, 1, False)}


def test_last_turn_ring_at_destination() -> None:
    plain = picture(BUSY)
    moved = picture(BUSY, last_side="W", last_events=W_TURN)
    # the text alone is only words in the panel: no ring is drawn from it
    words = picture(BUSY, last_side="W", last_moves="5/11, 11/14, 14^16")
    # A solid ring around White's 14 (b1), which is empty now.
    cx, cy = cl.space_centre("W", 14, "B")
    r = int(cl.layout().ring_r * cr.ARRIVAL_RING) / 2
    probe = (cx, cy - r + 2)
    assert near(pixel(moved, probe), LIGHT.arrow, 40)
    assert not near(pixel(plain, probe), LIGHT.arrow, 40)
    assert not near(pixel(words, probe), LIGHT.arrow, 40)


def test_garbage_events_do_not_break_the_picture() -> None:
    img = picture(last_side="B", last_moves="K(((, 4^^, X@@",
                  last_events=(Moved("B", "", "4^"), Moved("B", "3", "3", None, 10**9)))
    assert img.size[0] == 1100


# --------------------------------------------------------------------------- pools, result


def test_pools_and_finished_game() -> None:
    img = picture(FINISHED, last_side="B", last_moves="14/F", dice=(3, 4),
                  last_events=(Moved("B", "14", "F", 4),))
    assert img.size == (1100, cl.layout().height)
    # The winner's plate is the active one: an accent border somewhere on its edge.
    x0, y0, x1, y1 = cl.layout().top_plate
    row = [pixel(img, (x, (y0 + y1) / 2)) for x in range(int(x0), int(x0) + 20)]
    assert any(near(p, LIGHT.accent, 40) for p in row)


def test_pool_centre_inside_its_corner_cell() -> None:
    for side in ("W", "B"):
        for n in (0, 18):
            for viewer in ("W", "B"):
                cell = cr.POOLS[(side, n)]
                x0, y0, x1, y1 = cl.cell_box(cell, viewer)
                px, py = cr.pool_centre(side, n, viewer)
                assert x0 < px < x1 and y0 < py < y1


#: The widths a picture is drawn at when asked for every width from 300 to 1400 px a
#: ninth apart and the two that once failed (the renderer draws 600 px at least).
SOME_WIDTHS = sorted({max(600, width) for width in [657, 760, *range(300, 1401, 9)]})


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_every_number_label_draws_at_every_width(theme: str) -> None:
    """Regression: a one-digit number pill crossed Pillow's rounded-rectangle maths at
    some widths (657 and 760 px raised ValueError).  Every label of both paths, both
    chairs, drawn as the background draws them, at each width (the shapes alone: a
    full picture at each width would also fit a palette, 20 times the work)."""
    th = cr.THEMES[theme]
    for width in SOME_WIDTHS:
        lay = cl.layout(width)
        canvas = Image.new("RGB", (width, round(lay.height)))
        draw = ImageDraw.Draw(canvas)
        for viewer in ("W", "B"):
            labels = cl.number_labels(viewer, width)
            assert len(labels) == 34
            for label in labels:
                cr.draw_label(draw, label, th, width)
        assert canvas.getbbox() is not None  # something was drawn


@pytest.mark.parametrize("width", [300, 657, 760, 1400])
def test_a_board_draws_at_the_widths_that_failed_and_at_the_ends(width: int) -> None:
    """The whole picture too at the two widths that failed and the range's ends."""
    position = GAME.initial(GAME.normalise_options({}), "W")
    png = render(position, RenderContext(width=width))
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    assert Image.open(io.BytesIO(png)).width == max(600, width)
