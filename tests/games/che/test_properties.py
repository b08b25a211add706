"""Property tests: random games, regions against a drawn-geometry flood fill, listings, parser."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.base import Played
from games.che import GAME, ChePosition, Effect
from games.errors import GameError
from tests.games.che.raster import RasterTile, components, corner_pixel, edges_match

from .util import position_after

SETTINGS = settings(
    max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


def random_game(seed: int, tiles: int, calm: float, stop: int | None = None) -> list[ChePosition]:
    """Positions of a random game played through ``play`` with texts from ``legal_turns``.

    ``calm`` is the chance of avoiding a turn that ends the game (longer games).
    """
    rng = random.Random(seed)
    pos = GAME.initial({"tiles": str(tiles)})
    history = [pos]
    while pos.result is None and (stop is None or len(pos.tiles) < stop):
        turns = pos.legal_turns()
        assert turns
        choice = rng.choice(turns)
        if rng.random() < calm:
            for _ in range(25):
                if pos.play(choice, ()).position.result is None:
                    break
                choice = rng.choice(turns)
        played = pos.play(choice, ())
        assert played.moves == choice and played.record == choice
        pos = position_after(played)
        history.append(pos)
    return history


def raster_tiles(pos: ChePosition, count: int | None = None) -> list[RasterTile]:
    tiles = pos.tiles if count is None else pos.tiles[:count]
    return [RasterTile(t.cell[0], t.cell[1], t.colour) for t in tiles]


def mover_of_tile(index: int) -> str:
    """Who places tile ``index`` (0-based): White's one, then two each from Blue."""
    if index == 0:
        return "W"
    turn = (index - 1) // 2 + 2
    return "W" if turn % 2 else "B"


@SETTINGS
@given(
    seed=st.integers(0, 10**9),
    tiles=st.sampled_from([2, 3, 5, 12, 24, 64]),
    calm=st.sampled_from([0.0, 0.8, 1.0]),
)
def test_random_games_end_correctly(seed: int, tiles: int, calm: float) -> None:
    history = random_game(seed, tiles, calm)
    end = history[-1]
    assert end.result is not None and end.side_to_move is None
    mark = end.tiles[0].orientation
    n = len(end.tiles)
    assert n <= tiles and end.tiles_left == tiles - n
    before = components(raster_tiles(end, n - 1), mark)
    assert not any(c.closed for c in before), "the game should have ended earlier"
    after = components(raster_tiles(end), mark)
    closed = {c.colour for c in after if c.closed}
    mover = mover_of_tile(n - 1)
    opponent = "B" if mover == "W" else "W"
    if closed:
        expected: str | None = opponent if opponent in closed else mover
        assert end.result.winner == expected
    else:
        assert n == tiles
        best = {c: max((x.size for x in after if x.colour == c), default=0) for c in "WB"}
        expected = "W" if best["W"] > best["B"] else "B" if best["B"] > best["W"] else None
        assert end.result.winner == expected
    # every intermediate position is still going
    assert all(p.result is None for p in history[:-1])


@SETTINGS
@given(seed=st.integers(0, 10**9), stop=st.integers(1, 64), calm=st.sampled_from([0.7, 1.0]))
def test_regions_match_drawn_geometry(seed: int, stop: int, calm: float) -> None:
    pos = random_game(seed, 64, calm, stop)[-1]
    tiles = raster_tiles(pos)
    mark = pos.tiles[0].orientation
    assert edges_match(tiles, mark)
    comps = components(tiles, mark)
    owner = {}
    for i, comp in enumerate(comps):
        for px in comp.pixels:
            owner[px] = i
    matched: set[int] = set()
    for colour in "WB":
        for region in pos.regions(colour):
            found = set()
            for point in region.points:
                for cell in _cells_round(point):
                    if cell in pos.cells:
                        found.add(owner[corner_pixel(cell, point)])
            assert len(found) == 1, "a region must be one drawn component"
            (i,) = found
            assert i not in matched
            matched.add(i)
            comp = comps[i]
            assert comp.colour == colour
            assert comp.size == region.size
            assert comp.closed == region.closed
    assert matched == set(range(len(comps)))
    for colour in "WB":
        sizes = [c.size for c in comps if c.colour == colour]
        largest = pos.largest_region(colour)
        assert largest is not None and largest.size == max(sizes)


def _cells_round(point: tuple[int, int]) -> list[tuple[int, int]]:
    px, py = point
    return [(px - 1, py - 1), (px, py - 1), (px - 1, py), (px, py)]


@SETTINGS
@given(seed=st.integers(0, 10**9), stop=st.integers(0, 64), half=st.booleans())
def test_listing_round_trip_and_effects(seed: int, stop: int, half: bool) -> None:
    pos = random_game(seed, 64, 1.0, stop)[-1]
    rng = random.Random(seed)
    if half and pos.result is None and pos.tiles_this_turn == 2:
        pos = pos.place(rng.choice(pos.legal_placements()).text)
    text = pos.listing()
    again = GAME.from_listing(text, {})
    assert again == pos and again.listing() == text
    assert GAME.from_listing(text, pos.options).listing() == text
    if pos.result is not None:
        return
    mover = pos.side_to_move
    for option in rng.sample(pos.legal_placements(), k=min(12, len(pos.legal_placements()))):
        after = pos.place(option.text)
        result = after.result
        if result is None:
            assert option.effect is Effect.NONE
        elif result.winner is None:
            assert option.effect is Effect.DRAW
        else:
            assert option.effect is (Effect.WIN if result.winner == mover else Effect.LOSS)


_PIECES = st.sampled_from(
    list("0123456789,,--  ;WBwb/\\()xX:\t\u2212+.\né") + ["1,0B", "0,1W", "0,0W/", "1,1"]
)
_TEXT = st.one_of(st.lists(_PIECES, max_size=16).map("".join), st.text(max_size=30))


def _positions() -> list[ChePosition]:
    empty = GAME.initial({})
    one = position_after(empty.play("0,0W/", ()))
    half = one.place("1,0B")
    three = position_after(one.play("1,0B 0,1W", ()))
    return [empty, one, half, three]


POSITIONS = _positions()


@settings(max_examples=300, deadline=None)
@given(text=_TEXT)
def test_any_text_is_played_or_refused(text: str) -> None:
    for pos in POSITIONS:
        try:
            result = pos.play(text, ())
        except GameError:
            continue
        assert isinstance(result, Played)
        assert pos.play(result.moves, ()).position == result.position


@settings(max_examples=200, deadline=None)
@given(text=_TEXT,
       tail=st.sampled_from(["", "; tiles left 60; W to move", "; tiles left 62; B to move",
                             "; tiles left 0; draw"]))
def test_any_listing_is_read_or_refused(text: str, tail: str) -> None:
    try:
        pos = GAME.from_listing(text + tail, {})
    except GameError:
        return
    assert GAME.from_listing(pos.listing(), {}) == pos
