"""Hachapury board picture: size, checkers, dice, trays, last-turn highlight, themes."""

from __future__ import annotations

import io
from dataclasses import dataclass
from typing import cast

import pytest
from PIL import Image

from games import get_game
from games.base import Position, Result
from games.events import BorneOff, Event, Hit, Moved, Passed, TilePlaced
from games.hachapury import GAME as HACHAPURY
from renderer import hachapury as hr
from renderer import render
from renderer.context import RenderContext
from tests.pixels import rgb

LIGHT = hr.THEMES["light"]
DARK = hr.THEMES["dark"]
#: What White's 24/18, 18/13 did (the fake positions below are drawn after it).
W_24_13 = (Moved("W", "24", "18", 6), Moved("W", "18", "13", 5))


@dataclass(frozen=True)
class FakePosition:
    """Just the API the renderer reads (the engine's HachapuryPosition has it too)."""

    white: tuple[int, ...]
    black: tuple[int, ...]
    mover: str | None = "W"
    outcome: Result | None = None

    game = "hachapury"

    @staticmethod
    def make(
        white: dict[int, int],
        black: dict[int, int],
        off_w: int = 0,
        off_b: int = 0,
        mover: str | None = "W",
        outcome: Result | None = None,
    ) -> FakePosition:
        w = [0] * 25
        b = [0] * 25
        for p, n in white.items():
            w[p] = n
        for p, n in black.items():
            b[p] = n
        w[0], b[0] = off_w, off_b
        return FakePosition(tuple(w), tuple(b), mover, outcome)

    def checkers(self, side: str) -> tuple[int, ...]:
        return self.white if side == "W" else self.black

    def off(self, side: str) -> int:
        return self.checkers(side)[0]

    @property
    def side_to_move(self) -> str | None:
        return self.mover

    @property
    def result(self) -> Result | None:
        return self.outcome


INITIAL = FakePosition.make({24: 4, 6: 11}, {24: 4, 6: 11})
CROWDED = FakePosition.make(
    {24: 2, 21: 1, 18: 2, 16: 3, 13: 1, 11: 2, 9: 1, 6: 2, 4: 1},
    {24: 1, 22: 2, 19: 6, 17: 1, 15: 2, 10: 1, 8: 1, 5: 1},
    mover="B",
)
BEARING = FakePosition.make(
    {6: 3, 5: 2, 4: 1, 2: 2}, {6: 1, 3: 4, 2: 1, 1: 2, 8: 1}, off_w=7, off_b=6
)
FINISHED = FakePosition.make(
    {}, {12: 3, 6: 5, 5: 2, 4: 3, 3: 2}, off_w=15, mover=None, outcome=Result("W", 2, "W wins 2")
)
NAMES = {"W": "alice", "B": "bob"}


def decode(data: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(data))
    img.load()
    return img.convert("RGB")


def close(a: tuple[int, ...], b: tuple[int, ...], tol: int = 24) -> bool:
    return all(abs(x - y) <= tol for x, y in zip(a, b, strict=True))


def px(img: Image.Image, xy: tuple[float, float]) -> tuple[int, int, int]:
    return rgb(img, (int(round(xy[0])), int(round(xy[1]))))


# --------------------------------------------------------------------------- geometry


def test_numbering_conversion() -> None:
    assert hr.to_viewer(24, "W", "W") == 24
    assert hr.to_viewer(24, "B", "W") == 12
    assert hr.to_viewer(13, "B", "W") == 1
    assert hr.to_viewer(1, "W", "B") == 13
    assert hr.to_viewer(12, "W", "B") == 24
    assert hr.to_viewer(0, "B", "W") == 0
    for p in range(1, 25):
        assert hr.to_viewer(hr.to_viewer(p, "B", "W"), "W", "B") == p


def _marks(side: str, events: tuple[Event, ...]) -> list[tuple[int, int]]:
    return hr.last_turn_marks(RenderContext(last_side=side, last_events=events))


def test_last_turn_marks_come_from_the_turns_events() -> None:
    game = get_game("hachapury")
    start = game.initial({}, "W")
    assert _marks("W", start.play("24/13", (6, 5)).events) == [(24, 19), (19, 13)]
    doubles = start.play("2(24/20), 2(20/16)", (4, 4)).events
    assert sorted(_marks("W", doubles)) == [(20, 16), (20, 16), (24, 20), (24, 20)]
    bearing = game.from_listing("W: 13@F, 2@6; B: 15@24; W to move", {})
    assert _marks("W", bearing.play("2(6/F)", (6, 6)).events) == [(6, 0), (6, 0)]
    blocked = game.from_listing("W: 15@24; B: 15@6; W to move", {})
    assert _marks("W", blocked.play("(no move)", (6, 6)).events) == []
    # a count stands for as many checkers
    assert _marks("B", (Moved("B", "24", "20", 4, 2), BorneOff("B", "3", count=2))) == [
        (24, 20), (24, 20), (3, 0), (3, 0)]


def test_last_turn_marks_skip_what_is_not_this_sides_move() -> None:
    assert _marks("B", W_24_13) == []  # another side's events
    assert _marks("X", W_24_13) == []  # no such side
    assert hr.last_turn_marks(RenderContext(last_events=W_24_13)) == []  # no side at all
    # a pass, a hit, another game's places and events are skipped, not fatal
    odd = (Passed("W"), Hit("W", "B", "5", "P"), Moved("W", "P", "3"), Moved("W", "25", "1"),
           BorneOff("W", "F"), TilePlaced("W", "0,0", "W", "/"), Moved("W", "24", "18", 6))
    assert _marks("W", odd) == [(24, 18)]
    # a count beyond the 15 checkers cannot make the picture draw forever
    assert len(_marks("W", (Moved("W", "24", "18", count=10**9),))) == 15


def test_layout_keeps_direction() -> None:
    # As the rules page draws it: the viewer's head (24) bottom left, home
    # (6..1) top left.  Counter-clockwise play runs rightwards along the bottom
    # row (24..13) and leftwards along the top row (12..1).
    bottom = [hr.point_anchor(p)[0] for p in range(24, 12, -1)]
    top = [hr.point_anchor(p)[0] for p in range(12, 0, -1)]
    assert bottom == sorted(bottom)
    assert top == sorted(top, reverse=True)
    assert hr.point_anchor(24)[1] > hr.point_anchor(1)[1]
    assert hr.point_anchor(24)[0] < hr.point_anchor(13)[0]
    assert hr.point_anchor(1)[0] < hr.point_anchor(6)[0] < hr.layout().bar[0]
    # Home quarters: the viewer's top left, the opponent's (18..13) bottom right.
    assert hr.point_anchor(18)[0] > hr.layout().bar[2]
    # The viewer bears off at the left (beyond 1), the opponent at the right.
    assert hr.tray_box(True)[2] < hr.point_anchor(1)[0]
    assert hr.tray_box(False)[0] > hr.point_anchor(13)[0]
    # Checkers stack towards the middle.
    assert hr.checker_centre(1, 1)[1] > hr.checker_centre(1, 0)[1]
    assert hr.checker_centre(24, 1)[1] < hr.checker_centre(24, 0)[1]


# --------------------------------------------------------------------------- pictures


@pytest.mark.parametrize("width", [800, 1100, 1200])
def test_size_and_format(width: int) -> None:
    data = hr.render(INITIAL, RenderContext(width=width, dice=(6, 5)))
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    img = Image.open(io.BytesIO(data))
    assert img.size == (width, round(width * hr.ASPECT))
    assert 0.65 <= img.size[1] / img.size[0] <= 0.75


def test_dispatch_through_package() -> None:
    # the fake is no Position, but it has all that the dispatch and the renderer read
    assert render(cast(Position, INITIAL), RenderContext(names=NAMES)) == hr.render(
        INITIAL, RenderContext(names=NAMES)
    )


def test_checkers_where_the_position_says() -> None:
    img = decode(hr.render(INITIAL, RenderContext(names=NAMES)))
    # Viewer = White (to move): White's head on 24 (4 checkers), 11 on 6 (5 drawn);
    # Black's 24 is White's 12, Black's 6 is White's 18.
    for i in range(4):
        assert close(px(img, hr.checker_centre(24, i)), LIGHT.white_face)
    assert not close(px(img, hr.checker_centre(24, 4)), LIGHT.white_face)
    for i in range(4):
        assert close(px(img, hr.checker_centre(12, i)), LIGHT.black_face)
    # 11 checkers on 6: five drawn, the fifth carries the count label.
    for i in range(4):
        assert close(px(img, hr.checker_centre(6, i)), LIGHT.white_face)
        assert close(px(img, hr.checker_centre(18, i)), LIGHT.black_face)
    # Empty points show no checker.
    for vp in (1, 9, 13, 20):
        colour = px(img, hr.checker_centre(vp, 0))
        assert not close(colour, LIGHT.white_face) and not close(colour, LIGHT.black_face)


def test_viewer_turns_the_board() -> None:
    img = decode(hr.render(INITIAL, RenderContext(viewer="B")))
    assert close(px(img, hr.checker_centre(24, 0)), LIGHT.black_face)
    assert close(px(img, hr.checker_centre(12, 0)), LIGHT.white_face)
    # Default viewer is the side to move.
    img = decode(hr.render(CROWDED, RenderContext()))
    # CROWDED: Black (to move, viewer) has 6 on its 19; White's 18 is Black's 6.
    for i in range(4):
        assert close(px(img, hr.checker_centre(19, i)), LIGHT.black_face)
    assert close(px(img, hr.checker_centre(6, 0)), LIGHT.white_face)


def test_tall_stack_gets_a_count() -> None:
    five = FakePosition.make({20: 5}, {})
    eight = FakePosition.make({20: 8}, {})
    a = decode(hr.render(five, RenderContext()))
    b = decode(hr.render(eight, RenderContext()))
    cx, cy = hr.checker_centre(20, 4)
    r = hr.layout(1100).checker // 3
    box = (int(cx - r), int(cy - r), int(cx + r), int(cy + r))
    assert a.crop(box).tobytes() != b.crop(box).tobytes()
    # Nothing is drawn beyond the fifth checker.
    beyond = 2 * hr.checker_centre(20, 4)[1] - hr.checker_centre(20, 3)[1]
    assert close(px(b, (cx, beyond)), LIGHT.field, 6)


def test_dice_faces_show_pips() -> None:
    img = decode(hr.render(INITIAL, RenderContext(dice=(6, 3))))
    for index, value in enumerate((6, 3)):
        for pip in hr.die_pip_centres(value, index, 2, viewer_moves=True):
            assert close(px(img, pip), (30, 30, 34), 40), (value, pip)
    # A six has no middle pip; a three has one.
    cx, cy = hr.dice_centres(2, True)[0]
    assert close(px(img, (cx, cy)), LIGHT.white_face)
    cx, cy = hr.dice_centres(2, True)[1]
    assert close(px(img, (cx, cy)), (30, 30, 34), 40)


def test_black_dice_on_the_left_when_viewer_waits() -> None:
    ctx = RenderContext(dice=(4, 4, 4, 4), viewer="W")
    img = decode(hr.render(CROWDED, ctx))
    centres = hr.dice_centres(4, viewer_moves=False)
    assert all(c[0] < hr.layout(1100).bar[0] for c in centres)
    for i in range(4):
        for pip in hr.die_pip_centres(4, i, 4, viewer_moves=False):
            assert close(px(img, pip), (245, 240, 228), 40)
        assert close(px(img, centres[i]), LIGHT.black_face, 30)


def _felt_probe(vp: int) -> tuple[float, float]:
    """A felt pixel of a point's column, beside its triangle, away from checkers."""
    x0, y0, x1, y1 = hr.point_box(vp)
    return (x0 + 3, (y0 + y1) / 2 + (y1 - y0) * 0.3 * (1 if vp >= 13 else -1))


def test_last_move_highlight() -> None:
    # White played 24/18, 18/13 (its numbering); Black views: 12 -> 6 -> 1.
    pos = FakePosition.make({24: 3, 13: 1, 6: 11}, {24: 4, 6: 11}, mover="B")
    plain = decode(hr.render(pos, RenderContext()))
    lit = decode(hr.render(pos, RenderContext(last_side="W", last_events=W_24_13)))
    assert close(px(plain, _felt_probe(1)), LIGHT.field, 6)
    assert close(px(lit, _felt_probe(1)), LIGHT.field_to, 12)
    assert close(px(lit, _felt_probe(12)), LIGHT.field_from, 12)
    assert close(px(lit, _felt_probe(6)), LIGHT.field_from, 12)
    assert close(px(lit, _felt_probe(9)), LIGHT.field, 6)
    # White's view of the same turn: its own numbering, 24 and 13.
    white = decode(
        hr.render(pos, RenderContext(viewer="W", last_side="W", last_events=W_24_13))
    )
    assert close(px(white, _felt_probe(13)), LIGHT.field_to, 12)
    assert close(px(white, _felt_probe(24)), LIGHT.field_from, 12)
    # A pass highlights nothing, nor does the move text alone: only events are read.
    for ctx in (RenderContext(last_side="W", last_moves="(no move)",
                              last_events=(Passed("W"),)),
                RenderContext(last_side="W", last_moves="24/18, 18/13")):
        assert decode(hr.render(pos, ctx)).tobytes() == plain.tobytes()


def test_trays_show_borne_off_checkers() -> None:
    img = decode(hr.render(BEARING, RenderContext(names=NAMES)))
    # White views (to move): 7 of White's off in the top-left tray, 6 Black in the bottom-right.
    for i in range(7):
        assert close(px(img, hr.tray_slab_centre(True, i)), LIGHT.white_face, 30)
    assert not close(px(img, hr.tray_slab_centre(True, 7)), LIGHT.white_face, 30)
    for i in range(6):
        assert close(px(img, hr.tray_slab_centre(False, i)), LIGHT.black_face, 30)
    assert close(px(img, hr.tray_slab_centre(False, 6)), LIGHT.tray, 20)


def test_finished_game_and_footer() -> None:
    ctx = RenderContext(
        names=NAMES, dice=(5, 3), last_side="W", footer="game 12",
        last_events=(BorneOff("W", "5", 5), BorneOff("W", "3", 3)),
    )
    img = decode(hr.render(FINISHED, ctx))
    for i in range(15):
        assert close(px(img, hr.tray_slab_centre(True, i)), LIGHT.white_face, 30)
    assert hr._headline(FINISHED, ctx).startswith("White wins 2 (mars)")
    assert hr._headline(INITIAL, ctx) == "White to move"


def test_dark_theme_differs() -> None:
    light = decode(hr.render(CROWDED, RenderContext(dice=(2, 6))))
    dark = decode(hr.render(CROWDED, RenderContext(dice=(2, 6), theme="dark")))
    assert light.size == dark.size
    assert close(px(dark, (3, 3)), DARK.page, 8)
    assert close(px(light, (3, 3)), LIGHT.page, 8)
    assert close(px(dark, hr.checker_centre(19, 0)), DARK.black_face)
    # Unknown theme falls back to light.
    odd = decode(hr.render(CROWDED, RenderContext(dice=(2, 6), theme="neon")))
    assert odd.tobytes() == light.tobytes()


def test_crowded_png_is_small() -> None:
    ctx = RenderContext(
        names={"W": "a" * 60, "B": "ボブ"},
        dice=(4, 4, 4, 4),
        last_side="W",
        last_events=(Moved("W", "24", "20", 4, 2), Moved("W", "20", "16", 4, 2)),
        footer="x" * 300,
    )
    for theme in ("light", "dark"):
        data = hr.render(CROWDED, RenderContext(**{**ctx.__dict__, "theme": theme}))
        assert len(data) < 150_000


# --------------------------------------------------------------------------- real engine


def test_real_engine_positions() -> None:
    pos = HACHAPURY.initial({}, "W")
    img = decode(render(pos, RenderContext(dice=(6, 5))))
    assert img.size == (1100, round(1100 * hr.ASPECT))
    white = pos.checkers("W")
    assert white[24] == 4 and white[6] == 11
    assert close(px(img, hr.checker_centre(24, 0)), LIGHT.white_face)
    assert close(px(img, hr.checker_centre(12, 0)), LIGHT.black_face)
    later = HACHAPURY.from_listing("W: 3@24, 2@13, 10@6; B: 4@24, 11@6; B to move", {})
    img = decode(render(later, RenderContext(last_side="W", last_events=W_24_13)))
    # Black views: White's 13 is Black's 1.
    assert close(px(img, hr.checker_centre(1, 0)), LIGHT.white_face)
    assert close(px(img, hr.checker_centre(1, 1)), LIGHT.white_face)


@pytest.mark.parametrize(
    "ctx",
    [
        RenderContext(dice=(0, 9, 7)),
        RenderContext(dice=(6,)),
        RenderContext(last_side="X", last_events=(Moved("X", "24", "18"),)),
        RenderContext(last_side="B", last_events=(Moved("B", "25", "1"), Moved("B", "0", "3"),
                                                  Moved("B", "F", "F"),
                                                  Moved("B", "24", "18", count=30))),
        RenderContext(viewer="Q", theme="", width=10),
        RenderContext(width=1600, names={"W": "", "B": "\u202e\u0000 weird"}),
    ],
)
def test_odd_contexts_still_draw(ctx: RenderContext) -> None:
    img = Image.open(io.BytesIO(hr.render(CROWDED, ctx)))
    assert 600 <= img.width <= 2400


def test_palette_keeps_colours_faithful() -> None:
    # The shared palette must not shift the main colours of the board.
    ctx = RenderContext(dice=(1, 2), last_side="B", last_events=(BorneOff("B", "6", 6),))
    img = decode(hr.render(BEARING, ctx))
    raw = hr.draw(BEARING, ctx)
    for xy in [hr.checker_centre(6, 0), hr.checker_centre(13, 0), hr.point_anchor(20), (5, 5)]:
        assert close(px(img, xy), px(raw, xy), 10)


def test_common_helpers() -> None:
    from renderer import board_common as bc
    from renderer.fonts import font

    for value in range(1, 7):
        assert len(bc.die_pip_offsets(60, value)) == value
        assert bc.die_sprite(60, value, (255, 255, 255), (0, 0, 0), (90, 90, 90)).size == (60, 60)
    assert bc.die_pip_offsets(60, 7) == []
    f = font(20)
    short = bc.fit_text("a very long player name indeed", f, 80)
    assert short.endswith("…") and f.getlength(short) <= 80
    assert bc.fit_text("ok", f, 80) == "ok"
    img = Image.new("RGB", (10, 10), (0, 0, 0))
    bc.tint(img, (0, 0, 5, 10), (255, 255, 255), 0.5)
    assert rgb(img, (1, 1))[0] in (127, 128) and rgb(img, (8, 8)) == (0, 0, 0)
    assert bc.contrast_ink((250, 250, 250)) != bc.contrast_ink((10, 10, 10))
