"""Che's picture read as players do (issue 15): legal cells framed at 3:1,
every text at 4.5:1 in both themes, coordinates legible at 400 px, a split
board that says where it goes on, a legend naming every mark, and no label
over a tile in a few hundred random games."""

from __future__ import annotations

import io
import random
from collections.abc import Iterator

import pytest
from PIL import Image

from games.che import GAME
from games.che.position import ChePosition
from renderer import RenderContext, phone, render
from renderer import che as ch
from renderer import che_layout as cl
from renderer.accessibility import (
    PLAYER_DISTANCE,
    Legible,
    confusable_players,
    legibility_faults,
    worst_distance,
)

NAMES = {"W": "alice", "B": "bob"}
THEMES = ("light", "dark")
Box = tuple[float, float, float, float]


def decode(data: bytes) -> Image.Image:
    return Image.open(io.BytesIO(data)).convert("RGB")


def overlaps(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def line_position(n: int = 31) -> ChePosition:
    """A long line of tiles: the board is cut into stacked panels."""
    pos = GAME.initial({}).play("0,0W/", ()).position
    for i in range(1, n + 1):
        pos = pos.play(f"{i},0B {-i},0W", ()).position
    return pos


def random_game(seed: int) -> Iterator[tuple[ChePosition, RenderContext]]:
    """Every position of a seeded random game (legal play through
    ``legal_turns``), with the turn that led to it."""
    rng = random.Random(seed)
    position = GAME.initial({})
    context = RenderContext(names=NAMES)
    while True:
        yield position, context
        if position.result is not None:
            return
        side = position.side_to_move
        played = position.play(rng.choice(position.legal_turns(())).text, ())
        position = played.position
        context = RenderContext(names=NAMES, last_side=side, last_moves=played.moves,
                                last_events=played.events, footer="Game #3")


# --------------------------------------------------------------------------- contrast


@pytest.mark.parametrize("theme", THEMES)
def test_every_text_and_mark_meets_wcag_aa(theme: str) -> None:
    assert legibility_faults(ch.legibility(theme)) == []


@pytest.mark.parametrize("theme", THEMES)
def test_legal_cells_stand_out_from_the_board(theme: str) -> None:
    """The frame of a legal cell is at 3:1 or more on the empty board (it
    was 1.19:1 for the shading alone); the old colours fail the same check."""
    th = ch.THEMES[theme]
    assert legibility_faults([Legible("frame", th.legal_outline, th.board, "mark")]) == []
    old = Legible("old shading", (222, 219, 211), (205, 201, 192), "mark")
    assert legibility_faults([old]) != []


@pytest.mark.parametrize("theme", THEMES)
def test_declared_colours_are_the_drawn_ones(theme: str) -> None:
    drawn: set[tuple[int, int, int]] = set()
    for position, context in ch.RENDERER.palette_samples(1100, theme):
        drawn |= {c for _, c in ch.draw(position, context).getcolors(1 << 20) or []}
    missing = [str(p) for p in ch.legibility(theme) if p.ink not in drawn]
    assert missing == []


@pytest.mark.parametrize("theme", THEMES)
def test_tile_colours_stay_apart_on_the_drawn_pixels(theme: str) -> None:
    pos = GAME.from_listing("0,0W/ 1,0B; tiles left 62; B to move (second tile)", {})
    _, centres = ch.draw_with_centres(pos, RenderContext(theme=theme))
    img = decode(render(pos, RenderContext(theme=theme)))
    faces = {tile.colour: img.getpixel(centres[tile.cell]) for tile in pos.tiles}
    assert confusable_players(faces, PLAYER_DISTANCE) == []
    assert confusable_players(ch.player_colours(theme), PLAYER_DISTANCE) == []
    for side, face in faces.items():  # one of the side's shades (its largest region here)
        assert min(worst_distance(face, shade)[0] for shade in ch.TILE_COLOURS[side].values()) < 3


# --------------------------------------------------------------------------- phone


@pytest.mark.parametrize("width", [760, 1000, 1100, 1200])
def test_coordinates_are_legible_on_a_phone(width: int) -> None:
    """Coordinates (what a move is typed with) stand MIN_GLYPH px high once
    the picture is shown 400 px wide, on a small and on a split board."""
    for pos in (GAME.initial({}), line_position()):
        lay = cl.layout(pos, width)
        assert lay.coords
        for text in lay.coords:
            height = text.box[3] - text.box[1]
            assert height * phone.PHONE_WIDTH / lay.width >= phone.MIN_GLYPH, text
    w = cl.image_width(width)
    assert phone.phone_glyph(ch.headline_size(w), w) >= phone.MIN_GLYPH  # headline
    legend = phone.legible_size(w, bold=False, least=18)  # legend, notes, footer
    assert phone.phone_glyph(legend, w, bold=False) >= phone.MIN_GLYPH


def test_the_old_coordinates_were_too_small() -> None:
    assert phone.phone_glyph(18, 1100, bold=False) < phone.MIN_GLYPH


# --------------------------------------------------------------------------- split board


def test_a_split_board_shows_where_it_goes_on() -> None:
    pos = line_position()
    lay = cl.layout(pos, 1100)
    assert len(lay.panels) > 1 and lay.stacked
    assert len(lay.cuts) == 2 * (len(lay.panels) - 1)
    for a, b, text in zip(lay.panels, lay.panels[1:], lay.continuations, strict=False):
        assert f"x {a.x1}" in text.text and f"x {b.x0}" in text.text
    key = ch.legend(pos, RenderContext(), lay, 0, False, True)
    assert "cut" in {kind for kind, _, _, _ in key.entries}
    # the dashed edge is drawn: the mark colour along the first panel's right edge
    img = ch.draw(pos, RenderContext())
    (x, y0), (_, y1) = lay.cuts[0]
    edge = [img.getpixel((int(x), y)) for y in range(int(y0), int(y1))]
    assert sum(px == ch.THEMES["light"].legal_outline for px in edge) > (y1 - y0) / 4


def test_an_unsplit_board_has_no_cut_marks() -> None:
    pos = GAME.from_listing("0,0W/ 1,0B; tiles left 62; B to move (second tile)", {})
    lay = cl.layout(pos, 1100)
    assert len(lay.panels) == 1 and lay.cuts == [] and lay.continuations == []


# --------------------------------------------------------------------------- legend


def test_the_legend_names_every_mark() -> None:
    """Normal and largest-region shades of both colours, legal cells, the
    last turn and closed regions (issue 15: the region shades were missing)."""
    won = GAME.from_listing("0,0B\\ 1,0B 0,1B 1,1B; tiles left 60; W wins", {})
    ctx = RenderContext(names=NAMES, last_side="B", last_moves="1,1B",
                        last_events=ch.RENDERER.palette_samples(1100, "light")[1][1].last_events)
    lay = cl.layout(won, 1100)
    key = ch.legend(won, ctx, lay, 0, True, False)
    kinds = {(kind, arg) for kind, arg, _, _ in key.entries}
    assert {("normal", "W"), ("normal", "B"), ("largest", "W"), ("largest", "B"),
            ("last", ""), ("closed", "W")} <= kinds
    middle = GAME.from_listing("0,0W/ 1,0B; tiles left 62; B to move (second tile)", {})
    key = ch.legend(middle, RenderContext(), cl.layout(middle, 1100), 0, False, True)
    assert ("legal", "") in {(kind, arg) for kind, arg, _, _ in key.entries}


# --------------------------------------------------------------------------- layout


def _faults(position: ChePosition, context: RenderContext) -> list[str]:
    """Texts overlapping a cell, another text, or the board's panels."""
    lay = cl.layout(position, context.width)
    last = ch.last_turn_marks(context)
    key = ch.legend(position, context, lay, lay.oy + lay.board_h + 10, bool(last),
                    position.result is None)
    texts = [(t.text, t.box) for t in lay.coords + lay.continuations]
    texts += [(label.text, label.box) for _, _, label, _ in key.entries]
    # the cells of a panel tile it: a text over any cell is over its panel
    marks = [(f"panel {p.x0}..{p.x1}", lay.panel_box(p)) for p in lay.panels]
    marks += [(f"swatch {kind}", box) for kind, _, _, box in key.entries]
    faults = []
    for i, (text, box) in enumerate(texts):
        faults += [f"{text} over {what}" for what, other in marks if overlaps(box, other)]
        faults += [f"{text} over {other_text}" for other_text, other in texts[i + 1:]
                   if overlaps(box, other)]
    for kind, _, _, box in key.entries:
        if box[1] < lay.oy + lay.board_h:
            faults.append(f"legend {kind} over the board")
    return faults


def test_the_layout_check_can_fail() -> None:
    pos = line_position(3)
    lay = cl.layout(pos, 1100)
    cell = next(iter(lay.cells))
    inside = cl.text_at("9", lay.centre(cell), "mm", lay.coord_size)
    assert overlaps(inside.box, lay.cell_box(cell))
    assert _faults(pos, RenderContext()) == []


def test_no_label_over_a_tile_in_random_games() -> None:
    """For every position of 300 seeded random games, no coordinate,
    continuation note or legend text overlaps a cell (tile, legal cell or
    last-turn outline), a swatch or another text."""
    seen = 0
    for seed in range(300):
        for position, context in random_game(seed):
            assert _faults(position, context) == [], (seed, position.listing())
            seen += 1
    assert seen > 3000
    long = line_position()
    assert _faults(long, RenderContext(names=NAMES)) == []


def test_last_turn_outline_only_from_events() -> None:
    before = GAME.from_listing("0,0W/ 1,0B 0,1W; tiles left 61; W to move", {})
    played = before.play("2,0W -1,0B", ())
    assert ch.last_turn_marks(RenderContext(last_moves=played.moves)) == set()
    assert ch.last_turn_marks(RenderContext(last_events=played.events)) == {(2, 0), (-1, 0)}
