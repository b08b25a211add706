"""Layout of the last turn and the labels over many random positions: no
label's box overlaps a piece, a badge or an arrow head (issue 15), and the
last turn's arrows point from where pieces left to where they arrived."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace
from functools import cache

import pytest

from games import get_game
from games.base import Position
from games.chebache import ChebachePosition
from games.events import Moved
from games.hachapury import HachapuryPosition
from renderer import chebache as cr
from renderer import chebache_layout as cl
from renderer import hachapury as hp
from renderer.chebache_layout import Box, overlaps
from renderer.context import RenderContext
from tests.narrow import narrow

#: Random games per game, and how long each runs (the lengths vary so that
#: openings, middle games and endings with full Finishes all come up).
GAMES = 100


@cache
def random_positions(game_name: str, seed: int) -> tuple[tuple[Position, RenderContext], ...]:
    """Every position of one seeded random game, with its last turn.  Played once per
    test process: the layout checks of each viewer, width and language look at the
    same games, and playing them (the engine's legal turns) was most of their cost."""
    return tuple(_played(game_name, seed))


def _played(game_name: str, seed: int) -> Iterator[tuple[Position, RenderContext]]:
    rng = random.Random(seed)
    game = get_game(game_name)
    position = game.initial({}, "W")
    for _ in range(10 + (seed * 37) % 90):
        if position.result is not None:
            return
        if position.action_due():
            position = position.play_action(position.action_choices()[0]).position
            continue
        dice = tuple(rng.randint(1, 6) for _ in range(position.dice_count()))
        side = position.side_to_move
        # the turn is found on a twin: a position keeps the turn searches made on it
        # (megabytes), and the positions yielded here are kept for the whole run
        twin = game.from_listing(position.listing(), position.options)
        assert twin == position
        played = twin.play(rng.choice(twin.legal_turns(dice)).text, dice)
        position = played.position
        yield position, RenderContext(last_side=side, last_events=played.events)


def _faults(labels: list[tuple[str, Box]], things: list[tuple[str, Box]]) -> list[str]:
    return [f"{name} {box} under {what} {other}" for name, box in labels
            for what, other in things if overlaps(box, other, 1.0)]


def chebache_faults(position: Position, context: RenderContext, viewer: str,
                    width: int = 1100) -> list[str]:
    position = narrow(position, ChebachePosition)
    lang = context.language
    labels = [(f"number {lb.side}{lb.number}", lb.box) for lb in cl.number_labels(viewer, width)]
    labels += [(cr.pool_title(side, n, lang), cr.pool_title_box(side, n, viewer, width, lang)[0])
               for side, n in cr.POOLS]
    things: list[tuple[str, Box]] = []
    for sv in position.spaces():
        kings = tuple(king for _, king in sv.pieces)
        things += [(f"piece on {sv.side}{sv.number}", box)
                   for box in cl.piece_boxes(sv.side, sv.number, kings, viewer, width)]
    for side, n in cr.POOLS:
        ordinary, pooled_kings = position.start(side) if n == 0 else position.finish(side)
        things.append((f"pool {side}{n}",
                       cr.pool_display_box(side, n, ordinary, pooled_kings, viewer, width, lang)))
    things += [(f"Chebache {ch.letter}", cr.letter_box(ch, viewer, width))
               for ch in position.chebaches()]
    steps = cr.last_turn_marks(context)
    if steps and context.last_side is not None:
        avoid = cr.board_obstacles(position, viewer, width, language=lang)
        pools = cr.mover_pools(position, context.last_side, viewer, width, language=lang)
        for st, start, tip, badge in cr.last_turn_layout(steps, context.last_side, viewer,
                                                          width, avoid, pools):
            things.append((f"arrow head {st.src}->{st.dst}",
                           cr.arrow_head_box(start, tip, width)))
            if badge is not None:
                things.append((f"count badge {st.src}->{st.dst}", badge))
    # Labels among themselves must not collide either.
    clash = [f"{a} {ab} on {b} {bb}" for i, (a, ab) in enumerate(labels)
             for b, bb in labels[i + 1:] if overlaps(ab, bb, 1.0)]
    return _faults(labels, things) + clash


@pytest.mark.parametrize("viewer", ["W", "B"])
@pytest.mark.parametrize("chunk", range(4))
def test_chebache_labels_stay_clear(viewer: str, chunk: int) -> None:
    faults: list[str] = []
    for seed in range(chunk, GAMES, 4):
        for position, context in random_positions("chebache", seed):
            faults += chebache_faults(position, context, viewer)
    assert faults[:5] == []


@pytest.mark.parametrize("width", [600, 760])
def test_chebache_phone_layout_labels_stay_clear(width: int) -> None:
    """The phone layout's larger numbers too (a quarter of the games, both chairs)."""
    faults: list[str] = []
    for seed in range(0, GAMES, 4):
        for position, context in random_positions("chebache", seed):
            for viewer in ("W", "B"):
                faults += chebache_faults(position, context, viewer, width)
    assert faults[:5] == []


@pytest.mark.parametrize("width", [1100, 760])
def test_chebache_russian_labels_stay_clear(width: int) -> None:
    """The Russian pool titles (wider: СТАРТ ЧЁРНЫХ) and pool words too."""
    faults: list[str] = []
    for seed in range(1, GAMES, 4):
        for position, context in random_positions("chebache", seed):
            for viewer in ("W", "B"):
                faults += chebache_faults(position, replace(context, language="ru"), viewer,
                                          width)
    assert faults[:5] == []


def test_chebache_layout_check_can_fail() -> None:
    # A King on Intersection 1 once covered the number "1": put a badge there.
    position = get_game("chebache").initial({}, "W")
    label = next(lb for lb in cl.number_labels("W") if lb.side == "W" and lb.number == 1)
    faults = _faults([("number W1", label.box)], [("badge", label.box)])
    assert faults and chebache_faults(position, RenderContext(), "W") == []


@pytest.mark.parametrize("viewer", ["W", "B"])
@pytest.mark.parametrize(("src", "dst"), [(0, 1), (0, 2), (17, 18), (16, 18), (1, 3),
                                          (8, 10), (10, 8)])
@pytest.mark.parametrize("width", [600, 1100, 1600])
def test_chebache_arrow_points_from_start_to_end(viewer: str, src: int, dst: int,
                                                 width: int) -> None:
    """S/1 points out of Start into 1, 17/F from 17 into Finish (they pointed back)."""
    for mover in ("W", "B"):
        start, tip = cr.step_arrow(mover, src, dst, viewer, width)
        a = cr._step_point(mover, src, viewer, width)
        b = cr._step_point(mover, dst, viewer, width)
        along = (tip[0] - start[0]) * (b[0] - a[0]) + (tip[1] - start[1]) * (b[1] - a[1])
        assert along > 0, (mover, src, dst)
        length = ((tip[0] - start[0]) ** 2 + (tip[1] - start[1]) ** 2) ** 0.5
        assert length >= 25 * width / 1100
        dist = lambda p, q: ((p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2) ** 0.5  # noqa: E731
        assert dist(tip, b) < dist(start, b) and dist(start, a) < dist(tip, a)


def test_chebache_arrow_tip_is_drawn_towards_finish() -> None:
    """On the picture: the head of 2(17/F) is inside Finish's half of the way."""
    position = get_game("chebache").from_listing(
        "W: 4K@S, 2@2, 2@8, 2@10, 2@16; B: 3K@S, 1@1, 2@2, 2@8, 2@10, 2@F; W to move", {})
    ctx = RenderContext(last_side="B", last_events=(Moved("B", "S", "1", 1),
                                                    Moved("B", "17", "F", 1, 2)), viewer="W")
    image = cr.draw(position, ctx)
    _, tip = cr.step_arrow("B", 17, 18, "W", 1100)
    finish = cr.cell_box(cr.POOLS[("B", 18)], "W", 1100)
    assert finish[0] <= tip[0] <= finish[2] and finish[1] <= tip[1] <= finish[3]
    start, _ = cr.step_arrow("B", 17, 18, "W", 1100)
    n = ((tip[0] - start[0]) ** 2 + (tip[1] - start[1]) ** 2) ** 0.5
    inside = (tip[0] - (tip[0] - start[0]) * 8 / n, tip[1] - (tip[1] - start[1]) * 8 / n)
    assert image.getpixel((round(inside[0]), round(inside[1]))) == cr.THEMES["light"].arrow


# --------------------------------------------------------------------------- Hachapury


def hachapury_faults(position: Position, context: RenderContext, viewer: str,
                     width: int = 1100) -> list[str]:
    position = narrow(position, HachapuryPosition)
    lay = hp.layout(width)
    labels = []
    for vp in range(1, 25):
        cx, cy = hp.number_centre(vp, width)
        labels.append((f"number {vp}", (cx - lay.point_w * 0.38, cy - lay.rail * 0.42,
                                        cx + lay.point_w * 0.38, cy + lay.rail * 0.42)))
    things = []
    r = lay.checker / 2
    counts = {s: tuple(position.checkers(s)) for s in ("W", "B")}
    for side in ("W", "B"):
        for p in range(1, 25):
            vp = hp.to_viewer(p, side, viewer)
            for i in range(min(counts[side][p], hp.STACK)):
                x, y = hp.checker_centre(vp, i, width)
                things.append((f"checker {side}{p}", (x - r, y - r, x + r, y + r)))
    steps = hp.last_turn_marks(context)
    if steps and context.last_side:
        for step in steps:
            _, end = hp.step_ends(step, counts, context.last_side, viewer, width)
            things.append((f"arrow head {step}", (end[0] - r, end[1] - r, end[0] + r,
                                                   end[1] + r)))
    return _faults(labels, things)


@pytest.mark.parametrize("viewer", ["W", "B"])
def test_hachapury_numbers_stay_clear(viewer: str) -> None:
    faults: list[str] = []
    for seed in range(GAMES):
        for position, context in random_positions("hachapury", seed):
            faults += hachapury_faults(position, context, viewer)
    assert faults[:5] == []
