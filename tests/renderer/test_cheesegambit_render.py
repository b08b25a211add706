"""CheeseGambit's picture read as players do (issue 15): colour never the only
signal, contrast, a phone's 400 px, the last turn drawn from its events, no
label covered, honest panels and a warm-up that covers the first board."""

from __future__ import annotations

import dataclasses
import io
import random
from collections.abc import Iterator

import pytest
from PIL import Image

from games.cheesegambit import GAME
from games.cheesegambit.position import CheeseGambitPosition
from games.events import Event
from games.turns import texts
from renderer import RenderContext, phone, render
from renderer import cheesegambit as cg
from renderer import cheesegambit_layout as cl
from renderer.accessibility import (
    PLAYER_DISTANCE,
    confusable_players,
    legibility_faults,
    worst_distance,
)

NAMES = {"R": "alice", "G": "bob", "B": "carol", "Y": "dave"}
THEMES = ("light", "dark")
Box = tuple[float, float, float, float]


def decode(data: bytes) -> Image.Image:
    return Image.open(io.BytesIO(data)).convert("RGB")


def overlaps(a: Box, b: Box) -> bool:
    """Boxes share more than an edge."""
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def random_game(seed: int, players: str, turns: int, pieces: int = 14
                ) -> Iterator[tuple[CheeseGambitPosition, RenderContext]]:
    """Every position of a random game (legal play through ``legal_turns``,
    seeded), each with the turn that led to it as the bot shows it."""
    rng = random.Random(seed)
    position = GAME.initial({"players": players, "pieces": str(pieces)}, "R")
    side: str | None = None
    moves, events = "", ()
    for _ in range(turns):
        yield position, RenderContext(names=NAMES, dice=(rng.randint(1, 6), rng.randint(1, 6)),
                                      last_side=side, last_moves=moves, last_events=events)
        if position.result is not None:
            return
        if position.action_due():
            position = position.play_action(rng.choice(position.action_choices())).position
            continue
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        legal = texts(position.legal_turns(dice))
        text = rng.choice(legal) if legal else "(dance)"
        taunts = position.possible_taunts(text, dice) if legal else []
        if taunts and rng.random() < 0.5:
            text += f" T@{rng.choice(taunts)}"
        side = position.side_to_move
        played = position.play(text, dice)
        position, moves, events = played.position, played.moves, played.events


# --------------------------------------------------------------------------- colour


def _piece_faces(theme: str) -> dict[str, tuple[int, int, int]]:
    """The colour inside one drawn blot of each colour, read back from the PNG."""
    position = GAME.from_listing("R: 1@20, 13@F; G: 1@38, 13@F; B: 1@56, 13@F; "
                                 "Y: 1@2, 13@F; R to move", {})
    img = decode(render(position, RenderContext(theme=theme)))
    g = cl.geometry(1100)
    faces = {}
    for col, square in (("R", 20), ("G", 38), ("B", 56), ("Y", 2)):
        x, y = g.piece_centre(*cl.square_cell(square))
        faces[col] = img.getpixel((x - int(g.piece_radius * 0.6), y))
    return faces


@pytest.mark.parametrize("theme", THEMES)
def test_piece_colours_stay_apart_on_the_drawn_pixels(theme: str) -> None:
    """Every pair of drawn piece colours stays PLAYER_DISTANCE (CIEDE2000)
    apart under normal vision and simulated protanopia, deuteranopia and
    tritanopia, and they are the declared player colours."""
    faces = _piece_faces(theme)
    assert confusable_players(faces, PLAYER_DISTANCE) == []
    declared = cg.player_colours(theme)
    for col, face in faces.items():
        assert worst_distance(face, declared[col])[0] < 3, (col, face)


def test_the_old_red_and_green_would_fail() -> None:
    """Today's check catches the colours issue 15 reported."""
    assert confusable_players({"R": (206, 38, 38), "G": (32, 150, 64)}) != []


def _mask(colour: str) -> set[tuple[int, int]]:
    sprite = cg._sprite(56, colour, 1)
    alpha = sprite.getchannel("A")
    return {(x, y) for x in range(56) for y in range(56) if alpha.getpixel((x, y)) > 128}


def test_each_colour_has_its_own_shape() -> None:
    """Colour is never the only signal: any two colours' blots differ in
    outline by a good part of their area (and so do their blocks)."""
    masks = {col: _mask(col) for col in "RGBY"}
    for a in "RGBY":
        for b in "RGBY":
            if a < b:
                same = len(masks[a] & masks[b]) / len(masks[a] | masks[b])
                assert same < 0.85, (a, b, same)
    assert len(set(cg.SHAPE.values())) == 4


# --------------------------------------------------------------------------- contrast


@pytest.mark.parametrize("theme", THEMES)
def test_every_text_and_mark_meets_wcag_aa(theme: str) -> None:
    pairs = cg.legibility(theme)
    assert len(pairs) > 20
    assert legibility_faults(pairs) == []


@pytest.mark.parametrize("width", [1100, 760])
@pytest.mark.parametrize("theme", THEMES)
def test_declared_colours_are_the_drawn_ones(theme: str, width: int) -> None:
    """The colours :func:`legibility` declares are really drawn, so the
    declaration cannot drift from the picture (on the cross and on a phone)."""
    drawn: set[tuple[int, int, int]] = set()
    for position, context in cg.RENDERER.palette_samples(width, theme):
        image = cg.draw(position, context)
        drawn |= {c for _, c in image.getcolors(maxcolors=1 << 20) or []}
    for players in ("2", "3", "4"):
        p = GAME.initial({"players": players}, "R")
        drawn |= {c for _, c in cg.draw(p, RenderContext(theme=theme, width=width)
                                        ).getcolors(1 << 20) or []}
    won = GAME.from_listing("R: 14@F; B: 2@29, 12@F; R wins", {})
    drawn |= {c for _, c in cg.draw(won, RenderContext(theme=theme, width=width)
                                    ).getcolors(1 << 20) or []}
    # the game over, no last side: the dice are white with dark pips
    white_dice = cg.draw(won, RenderContext(theme=theme, dice=(5, 6), width=width))
    drawn |= {c for _, c in white_dice.getcolors(1 << 20) or []}
    missing = {str(p) for p in cg.legibility(theme) if p.ink not in drawn}
    # the TO PLAY tag and "to play" lines of a colour only show on its turn
    assert missing == set()


# --------------------------------------------------------------------------- phone


def _reads(size: int, width: int) -> float:
    return phone.phone_glyph(size, cl.geometry(width).width)


@pytest.mark.parametrize("width", [800, 1100, 1400])
def test_labels_to_type_a_move_are_as_large_as_the_board_allows(width: int) -> None:
    """Square numbers, S and R labels, counts and the P/X badge letters are
    all one size, the largest a 19-cell-wide board gives (41% of a cell: 6.2
    px at 400 px wide); the headline and the panels' figures no smaller."""
    g = cl.geometry(width)
    numbers = phone.phone_glyph(g.label_px, g.width)
    assert numbers >= 6.0
    for label in cl.board_labels(width, ("R", "G", "B", "Y")):
        height = label.box[3] - label.box[1]
        assert height * phone.PHONE_WIDTH / g.width >= 6.0, label
    for text in ("P", "X"):
        badge = cl.Badge((0.0, 0.0), 1.0, text, "entry" if text == "P" else "bump")
        assert cg.badge_font_size(badge, g.cell) == g.label_px
    assert _reads(int(g.cell * 0.56), width) >= numbers  # headline
    assert _reads(cg._text_px(g.cell), width) >= numbers  # panel lines, footer
    assert int(g.cell * 1.12) * phone.PHONE_WIDTH / g.width >= 16  # dice


#: Phone pictures' widths: private pictures with ``/settings phone:on`` (760) and narrower.
PHONE_WIDTHS = (600, 760)


def phone_texts(width: int) -> dict[str, tuple[int, bool]]:
    """Font size (and boldness) of everything a player reads to play, as the
    compact layout draws it."""
    g = cl.geometry(width)
    c = g.cell
    entry = cg.badge_font_size(cl.Badge((0.0, 0.0), 1.0, "P", "entry"), c)
    bump = cg.badge_font_size(cl.Badge((0.0, 0.0), 1.0, "X", "bump"), c)
    return {"square numbers, S and R labels": (g.label_px, True),
            "counts in pieces": (cl.label_size(c), True),
            "P and X badges": (min(entry, bump), True),
            "headline (whose turn)": (int(c * 0.56), True),
            "names, pool and borne-off lines, footer": (cg._text_px(c), True),
            "pips and cube lines": (cg._text_px(c), False),
            "borne-off counts at the gates": (int(c * 0.46), True)}


@pytest.mark.parametrize("width", PHONE_WIDTHS)
def test_phone_pictures_meet_the_one_rule(width: int) -> None:
    """Under COMPACT_BELOW the board is the compact layout (eight cells of
    track across, four bands), where every text a player reads to play is
    MIN_GLYPH (8) px high or more once the picture is shown 400 px wide, the
    dice 20 px or more, and the picture at most 2:1 high."""
    assert width < phone.COMPACT_BELOW
    g = cl.geometry(width)
    assert g.compact
    small = {what: round(phone.phone_glyph(size, g.width, bold), 2)
             for what, (size, bold) in phone_texts(width).items()
             if not phone.meets_rule(size, g.width, bold)}
    assert small == {}
    for label in cl.board_labels(width, ("R", "G", "B", "Y")):  # the ink as laid out
        height = label.box[3] - label.box[1]
        assert height * phone.PHONE_WIDTH / g.width >= phone.MIN_GLYPH, label
    assert int(g.cell * 1.12) * phone.PHONE_WIDTH / g.width >= 2.5 * phone.MIN_GLYPH  # dice
    image = cg.draw(GAME.initial({"players": "4"}, "R"), RenderContext(names=NAMES,
                                                                        dice=(6, 5), width=width))
    assert image.size == (width, g.height)
    assert image.height <= 2 * image.width


@pytest.mark.parametrize("width", [760, 1100])
def test_the_footer_is_drawn_below_the_board(width: int) -> None:
    """The last turn and the game's line show under the board (on the phone
    layout's sixteen rows too, not past the picture's end)."""
    p = GAME.initial({"players": "2"}, "R")
    g = cl.geometry(width)
    bare = cg.draw(p, RenderContext(names=NAMES, width=width))
    foot = cg.draw(p, RenderContext(names=NAMES, width=width, footer="Game #7 · 2 days left"))
    rows = cl.COMPACT_ROWS if g.compact else cl.GRID
    below = (0, g.top + rows * g.cell, width, g.height)
    assert bare.crop(below).tobytes() != foot.crop(below).tobytes()


def test_the_desktop_cross_is_too_small_for_a_phone() -> None:
    """Why the compact layout exists: the cross's numbers (19 cells across)
    stay under the rule at any width (6.2 px)."""
    for width in (800, 1100, 1600):
        g = cl.geometry(width)
        assert not g.compact
        assert not phone.meets_rule(g.label_px, g.width)


def test_compact_layout_keeps_every_square_in_one_place() -> None:
    """Each of the 72 squares, 24 safe squares and 4 gates has its own cell;
    consecutive squares are side by side except 27 to 28 (the rail), and each
    safe zone runs from its exit square's side to its gate."""
    g = cl.geometry(760)
    cells = [g.square_cell(sq) for sq in range(1, 73)]
    cells += [g.safe_cell(col, k) for col in "RGBY" for k in range(1, 7)]
    cells += [g.gate(col) for col in "RGBY"]
    assert len(set(cells)) == 100
    assert all(0 <= col < cl.COMPACT_COLS and 0 <= row < cl.COMPACT_ROWS for row, col in cells)
    for sq in range(1, 73):
        (r0, c0), (r1, c1) = g.square_cell(sq), g.square_cell(sq % 72 + 1)
        assert abs(r0 - r1) + abs(c0 - c1) == 1 or sq == 27, sq
    for col, exit_square in (("R", 19), ("G", 37), ("B", 55), ("Y", 1)):
        chain = [g.square_cell(exit_square)] + [g.safe_cell(col, k) for k in range(6, 0, -1)]
        chain.append(g.gate(col))
        assert all(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1
                   for a, b in zip(chain, chain[1:], strict=False)), col


def test_an_arrow_over_the_rail_goes_up_the_left_margin() -> None:
    """A piece moving 26/28/29 on a phone: the arrow to 28 leaves the bottom
    band to the left, climbs the rail in the margin and comes into 28 (the
    top band's first square) from the left, its head beside the piece."""
    p = GAME.from_listing("R: 1@26, 13@F; B: 1@45, 13@F; R to move", {})
    assert texts(p.legal_turns((2, 1))) == ["26/28/29"]
    played = p.play("26/28/29", (2, 1))
    ctx = RenderContext(names=NAMES, last_side="R", last_moves=played.moves,
                        last_events=played.events, width=760)
    layout = cg.plan(played.position, ctx)
    g = cl.geometry(760)
    railed = [a for a in layout.arrows if min(x for x, _ in a.points) < g.left]
    assert len(railed) == 1 and len(layout.arrows) == 2
    tip, b1, b2 = railed[0].head
    assert b1[0] == b2[0] < tip[0]  # pointing right
    x0, y0, x1, y1 = g.box(*g.square_cell(28))
    assert x0 <= tip[0] < g.piece_centre(*g.square_cell(28))[0] and y0 < tip[1] < y1
    assert _label_faults(played.position, ctx) == []


def test_badge_letters_were_too_small_before() -> None:
    """The check above fails on the old badges (26% of a cell: 3.7 px at 400 px)."""
    g = cl.geometry(1100)
    assert _reads(max(10, int(g.cell * 0.26)), 1100) < 4.0 < 6.0 <= _reads(g.label_px, 1100)


def test_square_numbers_were_too_small_before() -> None:
    """The check fails on the old numbering (29% of a cell: about 5 px)."""
    g = cl.geometry(1100)
    assert phone.phone_glyph(max(12, int(g.cell * 0.29)), g.width) < 6.0


# --------------------------------------------------------------------------- layout


def _cells_of(g: cl.Geometry, box: Box) -> set[tuple[int, int]]:
    """The grid cells a box touches (to compare only what is near)."""
    c0, c1 = int((box[0] - g.left) // g.cell), int((box[2] - g.left) // g.cell)
    r0, r1 = int((box[1] - g.top) // g.cell), int((box[3] - g.top) // g.cell)
    return {(r, c) for r in range(r0, r1 + 1) for c in range(c0, c1 + 1)}


def _label_faults(position: CheeseGambitPosition, context: RenderContext) -> list[str]:
    """Labels whose box overlaps a piece, a badge or an arrow head."""
    g = cl.geometry(context.width)
    layout = cg.plan(position, context)
    marks: list[tuple[str, Box]] = [(f"piece {cell}", box) for (cell, _, _), box
                                    in zip(layout.pieces, layout.piece_boxes, strict=True)]
    marks += [(f"badge {b.text}", b.box) for b in layout.badges]
    marks += [("arrow head", a.head_box) for a in layout.arrows]
    near: dict[tuple[int, int], list[tuple[str, Box]]] = {}
    for mark in marks:
        for cell in _cells_of(g, mark[1]):
            near.setdefault(cell, []).append(mark)
    labels = [(label, None) for label in cl.board_labels(context.width, position.sides)]
    labels += [(label, own) for label, own in cg.count_labels(layout, context.width)]
    faults = []
    for label, own in labels:
        around = {m for cell in _cells_of(g, label.box) for m in near.get(cell, ())}
        faults += [f"{label.text} under {what}" for what, box in around
                   if box != own and overlaps(label.box, box)]
    return faults


def test_the_layout_check_can_fail() -> None:
    """A badge placed over a number is caught."""
    position = GAME.initial({"players": "4"}, "R")
    g = cl.geometry(1100)
    number = cl.number_label(g, cl.square_cell(9), "9")
    badge = cl.Badge(((number.box[0] + number.box[2]) / 2, number.box[1]), 8, "P", "entry")
    assert overlaps(number.box, badge.box)
    assert _label_faults(position, RenderContext()) == []


#: The random games of the layout tests: (seed, players, pieces), 300 of them;
#: few pieces make short games that reach bearing off, votes and the end.
GAMES = [(seed, "234"[seed % 3], (4, 6, 14)[seed % 3 if seed % 10 else 2])
         for seed in range(300)]


@pytest.fixture(scope="module")
def positions() -> list[tuple[CheeseGambitPosition, RenderContext]]:
    """Every position of :data:`GAMES` (up to 40 turns each)."""
    return [pc for seed, players, pieces in GAMES
            for pc in random_game(seed, players, 40, pieces)]


@pytest.mark.parametrize("width", [1100, 760])
def test_no_label_is_covered_in_random_games(
        positions: list[tuple[CheeseGambitPosition, RenderContext]], width: int) -> None:
    """For every position of 300 seeded random games (2-4 players, 4-14
    pieces), no number, S or R label or count shares pixels with a piece, a
    badge or an arrow head, on the cross and on the phone layout."""
    for position, context in positions:
        context = dataclasses.replace(context, width=width)
        faults = _label_faults(position, context)
        assert faults == [], (position.listing(), context.last_moves, faults)
    assert len(positions) > 5000
    assert sum(bool(c.last_events) for _, c in positions) > 4000


@pytest.mark.parametrize("width", [1100, 760])
def test_arrows_run_from_start_to_end_the_right_way(
        positions: list[tuple[CheeseGambitPosition, RenderContext]], width: int) -> None:
    """Each arrow starts on its start square's lane and its head points from
    the square before the end towards the end, along the track (on a phone,
    into 28 from the rail on its left)."""
    checked = 0
    for _position, context in positions:
        if True:
            context = dataclasses.replace(context, width=width)
            last = cg.last_turn_marks(context)
            g = cl.geometry(context.width)
            for cells, _, _ in last.arrows:
                a = cl.arrow(g, cells)
                assert a.points[0] == g.lane(cells[0])
                tip, b1, b2 = a.head
                base = ((b1[0] + b2[0]) / 2, (b1[1] + b2[1]) / 2)
                (r0, c0), (r1, c1) = cells[-2], cells[-1]
                step = (c1 - c0, r1 - r0)
                if abs(r1 - r0) > 1:  # the phone layout's rail: 27 to 28
                    assert g.compact and cells[-1] == g.square_cell(28)
                    step = (1, 0)
                along = (tip[0] - base[0]) * step[0] + (tip[1] - base[1]) * step[1]
                assert along > 0, (cells, a.head)
                # the head ends in or at the edge of the last cell's box
                x0, y0, x1, y1 = g.box(*cells[-1])
                assert x0 - g.cell * 0.3 <= tip[0] <= x1 and y0 <= tip[1] <= y1
                checked += 1
    assert checked > 500


def test_pool_entry_badge_leaves_the_number_readable() -> None:
    """Green entering from the pool at 70 gets its P badge in the square's
    slot, beside "70", not over it (issue 15)."""
    p = GAME.from_listing("R: 4@9, 10@33; G: 1@P, 2@11, 11@F; B: 2@13, 12@45; "
                          "Y: 4@15, 10@31; G to move", {})
    turn = next(t for t in texts(p.legal_turns((4, 1))) if t.startswith("P/70"))
    played = p.play(turn, (4, 1))
    ctx = RenderContext(names=NAMES, last_side="G", last_moves=played.moves,
                        last_events=played.events)
    layout = cg.plan(played.position, ctx)
    entry = [b for b in layout.badges if b.kind == "entry"]
    assert len(entry) == 1 and entry[0].text == "P"
    g = cl.geometry(1100)
    seventy = cl.number_label(g, cl.square_cell(70), "70")
    assert not overlaps(entry[0].box, seventy.box)
    assert _label_faults(played.position, ctx) == []


def test_an_arrow_onto_a_block_leaves_its_count_readable() -> None:
    """Two pieces moving onto a block: the head stops beside the block and
    the count is drawn over everything (issue 15: the arrow hid it)."""
    p = GAME.from_listing("R: 4@9, 3@12, 7@33; B: 2@13, 12@45; R to move", {})
    turn = next(t for t in texts(p.legal_turns((3, 3))) if "/12" in t)
    played = p.play(turn, (3, 3))
    ctx = RenderContext(names=NAMES, last_side="R", last_moves=played.moves,
                        last_events=played.events)
    layout = cg.plan(played.position, ctx)
    count = next(label for label, _ in cg.count_labels(layout, 1100) if label.text != "12"
                 and cl.square_cell(12) == _cell_of(label))
    assert all(not overlaps(count.box, a.head_box) for a in layout.arrows)
    img = decode(render(played.position, ctx))
    # the count's middle is drawn in the piece's text colour
    x, y = cl.geometry(1100).piece_centre(*cl.square_cell(12))
    ink = cg.PIECE_TEXT["R"]
    near = [img.getpixel((x + dx, y + dy)) for dx in range(-6, 7) for dy in range(-8, 9)]
    assert any(all(abs(a - b) < 40 for a, b in zip(px, ink, strict=True)) for px in near)


def _cell_of(label: cl.Label) -> tuple[int, int]:
    g = cl.geometry(1100)
    x = (label.box[0] + label.box[2]) / 2
    y = (label.box[1] + label.box[3]) / 2
    return int((y - g.top) // g.cell), int((x - g.left) // g.cell)


# --------------------------------------------------------------------------- honest texts


def test_a_public_picture_names_the_cube_holder() -> None:
    """Never "cube: you": the holder is named (issue 15)."""
    p = GAME.from_listing("R: 2@9, 1@P, 11@F; G: resigned; B: 3@29, 11@F; Y: 3@47, 11@F; "
                          "cube R-B 2 R; cube B-Y 4 Y; B to move", {})
    assert cg.cube_text(p, "R", "B", NAMES) == "vs Blue: x2, cube alice"
    assert cg.cube_text(p, "B", "Y", NAMES) == "vs Yellow: x4, cube dave"
    assert cg.cube_text(p, "R", "Y", NAMES) == "vs Yellow: x1, cube centre"
    for col in "RBY":
        for other in cg.sides_order(p, col):
            assert "you" not in cg.cube_text(p, col, other, NAMES)


def test_a_resigned_player_is_shown_as_resigned() -> None:
    p = GAME.from_listing("R: 2@9, 12@F; G: resigned; B: 3@29, 11@F; B to move", {})
    assert cg.panel_status(p, "G", NAMES) == "Resigned"
    assert cg.panel_status(p, "R", NAMES) is None
    q = GAME.from_listing("R: 2@9, 12@F; G: dropped to R; B: 3@29, 11@F; B to move", {})
    assert cg.panel_status(q, "G", NAMES) == "Dropped the taunt: lost to alice"


# --------------------------------------------------------------------------- warm-up


def test_warm_up_builds_every_player_counts_board() -> None:
    """After warm-up, the first board of a 2-, 3- or 4-player game finds its
    background and its pieces cached (today's first board drew them: 143 ms)."""
    cg._background.cache_clear()
    cg.RENDERER.warm_up(1100, ("light",))
    before = cg._background.cache_info()
    for players in ("2", "3", "4"):
        position = GAME.initial({"players": players}, "R")
        render(position, RenderContext(dice=(3, 1)))
    after = cg._background.cache_info()
    assert after.misses == before.misses and after.hits > before.hits


def test_events_are_the_only_source_of_the_arrows() -> None:
    """The move text alone draws nothing."""
    p = GAME.initial({"players": "4"}, "R")
    played = p.play("9/12 33/38", (3, 5))
    bare = cg.plan(played.position, RenderContext(last_side="R", last_moves=played.moves))
    full = cg.plan(played.position, RenderContext(last_side="R", last_moves=played.moves,
                                                  last_events=played.events))
    assert bare.arrows == [] and len(full.arrows) == 2
    _unused: tuple[Event, ...] = ()
