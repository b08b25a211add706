"""The CheeseGambit board picture: decodes, size, pixels where pieces stand,
the dice in the mover's colour, the mover's panel, last-turn arrows."""

from __future__ import annotations

import io

from PIL import Image

from games import Played
from games.cheesegambit import GAME
from games.events import Event, Hit, Moved, Passed, TilePlaced
from games.turns import texts
from renderer import RenderContext, render
from renderer.cheesegambit import (
    ARM_TINT,
    HIGHLIGHT,
    PIECE,
    LastTurn,
    _panel_box,
    _status,
    geometry,
    last_turn_marks,
    square_cell,
)

NAMES = {"R": "alice", "G": "bob", "B": "carol", "Y": "dave"}


def _close(a: tuple[int, ...], b: tuple[int, ...], tol: int = 40) -> bool:
    return all(abs(x - y) <= tol for x, y in zip(a, b, strict=False))


def _image(data: bytes) -> Image.Image:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert len(data) < 150_000
    return Image.open(io.BytesIO(data)).convert("RGB")


def _count(img: Image.Image, box: tuple[int, int, int, int], colour: tuple[int, ...],
           tol: int = 30) -> int:
    colours = img.crop(box).getcolors(maxcolors=1 << 20) or []
    return sum(n for n, px in colours if _close(px, colour, tol))


def _red_played_9_12_33_38(dice: tuple[int, int]) -> tuple[Played, RenderContext]:
    """Red's first turn of a 4-player game and the context showing it (``dice``: the next)."""
    played = GAME.initial({"players": "4"}, "R").play("9/12 33/38", (3, 5))
    return played, RenderContext(names=NAMES, dice=dice, last_side="R", last_moves=played.moves,
                                 last_events=played.events)


def test_render_decodes_with_pieces_where_they_stand() -> None:
    played, ctx = _red_played_9_12_33_38((6, 6))
    img = _image(render(played.position, ctx))
    g = geometry(ctx.width)
    assert img.size == (g.width, g.height) and 1000 <= img.width <= 1300
    r = g.piece_radius
    for square, colour in ((12, "R"), (13, "B"), (11, "G"), (15, "Y")):
        cx, cy = g.piece_centre(*square_cell(square))
        assert _close(img.getpixel((cx - r + 8, cy)), PIECE[colour]), square
    x0, y0, x1, y1 = g.box(*square_cell(20))  # an empty square stays light
    assert sum(img.getpixel(((x0 + x1) // 2, (y0 + y1) // 2))) > 600


def test_blocks_and_blots_differ() -> None:
    """A blot has a white ring round its middle; a block has its count there
    instead, and is drawn larger (both in the colour's own shape)."""
    p = GAME.from_listing("R: 2@10, 1@12, 11@F; B: 1@45, 13@F; R to move", {})
    img = _image(render(p, RenderContext()))
    g = geometry(1100)
    r = g.piece_radius
    for square, block in ((10, True), (12, False)):
        cx, cy = g.piece_centre(*square_cell(square))
        assert _close(img.getpixel((cx - r // 2 - 3, cy)), PIECE["R"]), square
        q = max(3, r // 3)
        ring = [img.getpixel(xy) for xy in ((cx - q, cy), (cx + q, cy), (cx, cy - q), (cx, cy + q))]
        assert all(_close(px, (246, 246, 248), 30) for px in ring) is not block, (square, ring)
        edge = img.getpixel((cx - r, cy))  # inside a block's outline, outside a blot's
        assert _close(edge, ARM_TINT["R"], 12) is not block, (square, edge)


def test_dice_in_movers_colour_and_panel_highlighted() -> None:
    p = GAME.initial({"players": "4"}, "B")
    img = _image(render(p, RenderContext(names=NAMES, dice=(3, 3))))
    g = geometry(1100)
    header = (0, 0, g.width, g.top)
    assert _count(img, header, PIECE["B"], 20) > 2000  # two big blue dice
    assert _count(img, header, PIECE["R"], 20) == 0
    # the mover's panel is tinted, the others are not
    for col in "RGBY":
        x0, y0, x1, y1 = _panel_box(g, col)
        inside = (x0 + 20, y1 - 40, x1 - 20, y1 - 20)
        tinted = _count(img, inside, ARM_TINT["B"], 6)
        assert (tinted > 1000) is (col == "B"), col


def test_last_turn_arrow_follows_the_track() -> None:
    played, ctx = _red_played_9_12_33_38((2, 1))
    img = _image(render(played.position, ctx))
    g = geometry(1100)
    # 9 -> 12 runs 9, 10, 11, 12: the arrow crosses the empty square 10
    x0, y0, x1, y1 = g.box(*square_cell(10))
    assert _count(img, (x0, y0, x1, y1), HIGHLIGHT, 30) > 60
    # an untouched square has none
    x0, y0, x1, y1 = g.box(*square_cell(40))
    assert _count(img, (x0, y0, x1, y1), HIGHLIGHT, 30) == 0


def test_pending_taunt_in_header() -> None:
    p = GAME.from_listing("R: 2@9, 12@F; B: 1@P, 13@F; cube R-B 2 R; R taunts B; B to move",
                          {})
    text, colour, second = _status(p, dict(NAMES))
    assert text.startswith("carol (Blue) must answer alice's taunt (x4)") and colour == "B"
    assert "drop" in second
    img = _image(render(p, RenderContext(names=NAMES)))
    g = geometry(1100)
    assert _count(img, (0, 0, g.width // 2, g.top), PIECE["B"], 60) > 300


def test_panels_follow_changes() -> None:
    """Panels are cached by content: a change shows, a repeat is identical."""
    p = GAME.from_listing("R: 2@9, 1@P, 11@F; B: 1@45, 13@F; R to move", {})
    q = GAME.from_listing("R: 2@9, 12@F; B: 1@45, 13@F; R to move", {})
    a1, b, a2 = (render(x, RenderContext(names=NAMES)) for x in (p, q, p))
    assert a1 == a2 and a1 != b


def test_busy_game_renders_small() -> None:
    import random

    rng = random.Random(5)
    p = GAME.initial({"players": "4"}, "R")
    side, moves, events = None, "", ()
    for _ in range(120):
        if p.result is not None:
            break
        if p.action_due():
            p = p.play_action(p.action_choices()[0]).position
            continue
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        legal = texts(p.legal_turns(dice))
        text = rng.choice(legal) if legal else "(dance)"
        taunts = p.possible_taunts(text, dice) if legal else []
        if taunts:
            text += f" T@{taunts[0]}"
        side = p.side_to_move
        played = p.play(text, dice)
        p, moves, events = played.position, played.moves, played.events
    for theme in ("light", "dark"):
        img = _image(render(p, RenderContext(names=NAMES, dice=(4, 2), last_side=side,
                                             last_moves=moves, last_events=events,
                                             theme=theme)))
        assert img.width == 1100


def test_render_finished_dark_and_odd_last_events() -> None:
    p = GAME.from_listing("R: 2@9, 2@13, 10@33; B: dropped to R; R wins", {})
    odd = (Moved("R", "nonsense", "(("), Moved("R", "9", "13", None, 10**9),
           Hit("R", "B", "P", "P"))
    data = render(p, RenderContext(theme="dark", last_side="R", last_moves="nonsense ((",
                                   last_events=odd, width=1000))
    img = Image.open(io.BytesIO(data))
    assert img.width == 1000 and len(data) < 150_000


def _marks(side: str, events: tuple[Event, ...]) -> LastTurn:
    return last_turn_marks(RenderContext(last_side=side, last_events=events))


def _cells(*squares: int) -> set[tuple[int, int]]:
    return {square_cell(q) for q in squares}


def test_last_turn_marks_come_from_the_turns_events() -> None:
    start = GAME.initial({"players": "4"}, "R")
    two = _marks("R", start.play("9/12 33/38", (3, 5)).events)
    assert (two.src, two.dst, two.bumps, two.entries) == (_cells(9, 33), _cells(12, 38), set(), [])
    assert [(n, count) for _, count, n in two.arrows] == [(1, 1), (2, 1)]
    # one piece using both dice: one path, its start marked once, both landings
    chain = _marks("R", start.play("9/12/17", (3, 5)).events)
    assert (chain.src, chain.dst) == (_cells(9), _cells(12, 17))
    assert [path for path, _, _ in chain.arrows] == [
        [square_cell(q) for q in (9, 10, 11, 12)],
        [square_cell(q) for q in (12, 13, 14, 15, 16, 17)]]


def test_a_gambit_bumps_once_and_an_entry_is_numbered() -> None:
    cheese = GAME.from_listing("R: 4@9, 10@33; B: 2@13, 12@45; R to move", {})
    gambit = _marks("R", cheese.play("G 2(9X13) T@B", (4, 4)).events)
    assert gambit.bumps == _cells(13) and gambit.src == _cells(9)
    assert [(count, n) for _, count, n in gambit.arrows] == [(2, 1)]  # two pieces, one arrow
    pooled = GAME.from_listing("R: 1@P, 3@9, 10@33; B: 2@13, 12@45; R to move", {})
    entry = _marks("R", pooled.play("P/49/53", (1, 4)).events)
    assert entry.entries == [(square_cell(49), 1)]
    assert entry.src == set()  # the pool is no square: the piece went on from 49
    assert entry.dst == _cells(49, 53) and len(entry.arrows) == 1


def test_last_turn_marks_skip_what_is_not_this_sides_move() -> None:
    start = GAME.initial({"players": "4"}, "R")
    events = start.play("9/12 33/38", (3, 5)).events
    assert _marks("B", events) == LastTurn([], set(), set(), [], set())
    assert last_turn_marks(RenderContext(last_events=events)) == LastTurn([], set(), set(), [],
                                                                           set())
    odd = (Passed("R"), TilePlaced("R", "0,0", "R", "/"), Moved("R", "S9", "99"),
           Moved("R", "9", "12", 3))
    assert _marks("R", odd).dst == _cells(12)
