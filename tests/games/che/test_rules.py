"""Che rules: pattern, orientation, adjacency, regions, winning, pool, options, listings."""

from __future__ import annotations

import pytest

from games import get_game
from games.che import GAME, ChePosition, Effect
from games.errors import GameError, IllegalTurnError, NotationError, OptionError, PositionError
from games.turns import texts

# Blue's turn then White closes her own size-0 region at point (1,1) with a Blue tile.
SIZE0 = ["0,0B\\", "1,0B 0,1B"]
# Blue to move; -1,2B closes a White region of size 4 (only the opponent's).
OPPONENT = (
    "0,0B\\ 0,-1B 0,1W 1,1B 0,2W 1,2B -1,0W 1,3B 1,-1B 0,3B 1,0B -2,0B -1,-1B -2,1B "
    "-2,-1W -1,1W -3,-1W; tiles left 47; B to move"
)
# White's second tile 2,0W closes a White region (size 1) inside a Blue ring (size 6).
BOTH = (
    "0,0W/ 0,-1W 1,-1B 1,-2W 1,0B 1,1W 2,-2W 2,-1B 2,1B 2,2W 3,-1W 3,0B 3,1B 3,2W 4,0W "
    "4,1W; tiles left 48; W to move (second tile)"
)


def play_all(turns: list[str], options: dict[str, str] | None = None) -> ChePosition:
    pos = GAME.initial(options or {})
    for t in turns:
        pos = pos.play(t, ()).position
    return pos


def test_registry_and_sides() -> None:
    game = get_game("che")
    assert game is GAME
    assert game.name == "che" and game.title == "Che" and game.opening_throw is False
    sides = game.sides({})
    assert [(s.letter, s.colour, s.tag) for s in sides] == [
        ("W", "White", "White"), ("B", "Blue", "Blue")]
    pos = game.initial({})
    assert pos.dice_count() == 0
    assert pos.side_to_move == "W"
    assert len(game.rules_text()) < 1500
    assert "0,0W/" in game.notation_text()


@pytest.mark.parametrize(
    ("first", "origin", "pattern"),
    [("0,0W/", "W", 0), ("0,0W\\", "B", 1), ("0,0B/", "B", 1), ("0,0B\\", "W", 0)],
)
def test_pattern_from_first_tile(first: str, origin: str, pattern: int) -> None:
    pos = play_all([first])
    assert pos.pattern == pattern
    assert pos.point_colour((0, 0)) == origin
    assert pos.point_colour((1, 1)) == origin
    other = "B" if origin == "W" else "W"
    assert pos.point_colour((1, 0)) == other
    assert pos.point_colour((-3, 2)) == other
    assert pos.tiles[0].orientation == first[-1]


def test_forced_orientation() -> None:
    pos = play_all(["0,0W/"])
    # (1,0) is a Blue point, so a White tile there runs from (1,1) to (2,0): '\'
    assert pos.orientation_at((1, 0), "W") == "\\"
    assert pos.orientation_at((1, 0), "B") == "/"
    played = pos.play("1,0W\\ 0,1b/", ())
    assert played.moves == "1,0W 0,1B"
    assert played.position.tiles[1].orientation == "\\"
    forced = r"orientation `/` contradicts the forced `\\` at 1,0"
    with pytest.raises(IllegalTurnError, match=forced):
        pos.play("1,0W/ 0,1B", ())


def test_first_tile_rules() -> None:
    pos = GAME.initial({})
    assert sorted(texts(pos.legal_turns())) == sorted(["0,0W/", "0,0W\\", "0,0B/", "0,0B\\"])
    with pytest.raises(IllegalTurnError, match="needs its orientation"):
        pos.play("0,0W", ())
    with pytest.raises(IllegalTurnError, match="goes at 0,0"):
        pos.play("1,0W/", ())
    with pytest.raises(IllegalTurnError, match="needs 1 tile"):
        pos.play("0,0W/ 1,0B", ())
    played = pos.play("0,0w/", ())
    assert played.record == played.moves == "0,0W/"


def test_adjacency_edges_only() -> None:
    pos = play_all(["0,0W/"])
    with pytest.raises(IllegalTurnError, match="cell 1,1 is not next to any tile") as err:
        pos.play("1,1W 1,0B", ())
    assert "legal cells: -1,0 0,-1 0,1 1,0" in str(err.value)
    with pytest.raises(IllegalTurnError, match="cell 0,0 is taken"):
        pos.play("0,0B 1,0B", ())
    with pytest.raises(IllegalTurnError, match="cell 5,5 is not next"):
        pos.play("1,0B 5,5W", ())
    # the turn's first tile counts for the second
    played = pos.play("1,0B 2,0W", ())
    assert played.record == "1,0B 2,0W"
    # diagonal to 0,0 but next to 1,0 now
    assert (1, 1) in played.position.legal_cells()


def test_turn_sizes() -> None:
    pos = play_all(["0,0W/"])
    assert pos.side_to_move == "B" and pos.tiles_this_turn == 2
    with pytest.raises(IllegalTurnError, match="this turn needs 2 tiles") as err:
        pos.play("1,0B", ())
    assert err.value.legal and all(t.startswith("1,0B ") for t in err.value.legal)
    with pytest.raises(IllegalTurnError, match="this turn needs 2 tiles"):
        pos.play("", ())
    with pytest.raises(IllegalTurnError, match="this turn needs 2 tiles, not 3"):
        pos.play("1,0B 2,0B 3,0B", ())
    pos = pos.play("1,0B 0,1W", ()).position
    assert pos.side_to_move == "W" and pos.turn_number == 3


def test_size_zero_closed_region_and_turn_ends_at_once() -> None:
    pos = play_all(SIZE0)
    assert pos.side_to_move == "W"
    effects = {o.text: o.effect for o in pos.legal_placements()}
    assert effects["1,1B"] is Effect.WIN
    assert effects["1,1W"] is Effect.NONE
    with pytest.raises(IllegalTurnError, match="the turn ended after `1,1B`") as err:
        pos.play("1,1B 2,0W", ())
    assert err.value.legal == ["1,1B"]
    assert "1,1B" in texts(pos.legal_turns())
    played = pos.play("1,1B", ())
    end = played.position
    assert played.record == "1,1B"
    assert end.result is not None and end.result.winner == "W" and end.result.text == "W wins"
    assert end.side_to_move is None
    closed = end.closed_regions
    assert len(closed) == 1 and closed[0].colour == "W" and closed[0].size == 0
    assert closed[0].points == frozenset({(1, 1)})
    assert end.listing() == "0,0B\\ 1,0B 0,1B 1,1B; tiles left 60; W wins"
    with pytest.raises(IllegalTurnError, match="the game is over"):
        end.play("2,0W 2,1W", ())
    assert texts(end.legal_turns()) == []


def test_closing_only_the_opponents_region() -> None:
    pos = GAME.from_listing(OPPONENT, {})
    assert pos.side_to_move == "B"
    effect = {o.text: o.effect for o in pos.legal_placements()}["-1,2B"]
    assert effect is Effect.LOSS
    end = pos.play("-1,2B", ()).position
    assert end.result is not None and end.result.winner == "W"
    (region,) = end.closed_regions
    assert region.colour == "W" and region.size == 4 and region.closed


def test_tile_closing_both_colours_loses_for_the_mover() -> None:
    pos = GAME.from_listing(BOTH, {})
    assert pos.second_tile and pos.side_to_move == "W"
    assert {o.text: o.effect for o in pos.legal_placements()}["2,0W"] is Effect.LOSS
    end = pos.play("2,0W", ()).position
    assert end.result is not None and end.result.winner == "B"
    sizes = sorted((r.colour, r.size) for r in end.closed_regions)
    assert sizes == [("B", 6), ("W", 1)]
    assert "both colours" in end.end_reason


def test_tiles_run_out_tiebreak() -> None:
    pos = play_all(["0,0W/"], {"tiles": "2"})
    assert pos.tiles_this_turn == 1
    win = pos.play("1,0W", ()).position
    assert win.result is not None and win.result.text == "W wins"
    assert win.largest_region("W").size == 2 and win.largest_region("B").size == 0
    assert win.listing() == "0,0W/ 1,0W; tiles left 0; W wins"
    draw = pos.play("1,0B", ()).position
    assert draw.result is not None and draw.result.winner is None
    assert draw.result.text == "draw"
    assert draw.listing() == "0,0W/ 1,0B; tiles left 0; draw"


def test_last_turn_has_one_tile() -> None:
    pos = play_all(["0,0W/", "1,0B 2,0B"], {"tiles": "4"})
    assert pos.tiles_left == 1 and pos.tiles_this_turn == 1
    with pytest.raises(IllegalTurnError, match="this turn needs 1 tile"):
        pos.play("3,0B 4,0B", ())
    end = pos.play("-1,0B", ()).position
    assert end.tiles_left == 0 and end.result is not None
    w = end.largest_region("W").size
    b = end.largest_region("B").size
    expected = "W wins" if w > b else "B wins" if b > w else "draw"
    assert end.result.text == expected
    # pool of 64: the last turn is one tile
    full = GAME.initial({})
    assert full.tiles_left == 64
    assert (64 - 1) % 2 == 1


@pytest.mark.parametrize("value", ["1", "201", "abc", "-5", "", "3.5", "99999"])
def test_bad_tiles_option(value: str) -> None:
    with pytest.raises(OptionError):
        GAME.normalise_options({"tiles": value})


def test_options() -> None:
    assert GAME.normalise_options({}) == {"tiles": "64"}
    assert GAME.normalise_options({"Tiles": " 48 "}) == {"tiles": "48"}
    assert GAME.normalise_options({"tiles": "2"}) == {"tiles": "2"}
    assert GAME.normalise_options({"tiles": "200"}) == {"tiles": "200"}
    with pytest.raises(OptionError):
        GAME.normalise_options({"dice": "2"})
    assert GAME.initial({"tiles": "10"}).listing() == "tiles left 10; W to move"
    with pytest.raises(OptionError):
        GAME.initial({}, first="B")


@pytest.mark.parametrize(
    "listing",
    [
        "tiles left 64; W to move",
        "0,0W/ 1,0B; tiles left 62; B to move (second tile)",
        "0,0W/ 1,0B 0,1W; tiles left 61; W to move",
        "0,0B\\ 1,0B 0,1B 1,1B; tiles left 60; W wins",
        "0,0W/ 1,0B; tiles left 0; draw",
        "0,0W/ 1,0W; tiles left 0; W wins",
        OPPONENT,
        BOTH,
    ],
)
def test_listing_round_trip(listing: str) -> None:
    pos = GAME.from_listing(listing, {})
    assert pos.listing() == listing
    assert str(pos) == listing
    assert GAME.from_listing(pos.listing(), pos.options) == pos


def test_mid_turn_listing_plays_one_tile() -> None:
    pos = GAME.from_listing("0,0W/ 1,0B; tiles left 62; B to move (second tile)", {})
    assert pos.second_tile and pos.tiles_this_turn == 1
    with pytest.raises(IllegalTurnError, match="needs 1 tile"):
        pos.play("0,1W 2,0W", ())
    played = pos.play("0,1W", ())
    assert played.record == "0,1W"
    assert played.position.listing() == "0,0W/ 1,0B 0,1W; tiles left 61; W to move"
    assert all(" " not in t for t in texts(pos.legal_turns()))


@pytest.mark.parametrize(
    ("listing", "match"),
    [
        ("0,0W/ 1,0B; tiles left 62; W to move", "says `W to move`"),
        ("0,0W 1,0B; tiles left 62; B to move (second tile)", "orientation"),
        ("0,0W/ 5,5B; tiles left 62; B to move (second tile)", "not next to any tile"),
        ("0,0W/ 1,0W/; tiles left 62; B to move (second tile)", "contradicts"),
        ("tiles left 64", "listing"),
        ("0,0W/; tiles left many; B to move", "tiles left N"),
        ("0,0B\\ 1,0B 0,1B 1,1B 2,0W; tiles left 59; W wins", "follows the end"),
        ("0,0W/ 1,0B; tiles left 1; draw", "out of range|says"),
        ("x; tiles left 3; W to move", "cannot read"),
    ],
)
def test_bad_listings(listing: str, match: str) -> None:
    with pytest.raises(PositionError, match=match):
        GAME.from_listing(listing, {})


def test_listing_pool_must_match_explicit_option() -> None:
    text = "0,0W/; tiles left 9; B to move"
    assert GAME.from_listing(text, {}).options == {"tiles": "10"}
    assert GAME.from_listing(text, {"tiles": "10"}).total_tiles == 10
    with pytest.raises(PositionError, match="uses 64"):
        GAME.from_listing(text, {"tiles": "64"})


def test_notation_errors_point_at_the_column() -> None:
    pos = play_all(["0,0W/"])
    with pytest.raises(NotationError) as err:
        pos.play("1,0B 0,1", ())
    assert err.value.column == 9
    with pytest.raises(NotationError) as err:
        pos.play("1,0B x", ())
    assert err.value.column == 6
    with pytest.raises(NotationError, match="too large"):
        pos.play("1,0B 0," + "9" * 400 + "W", ())
    with pytest.raises(IllegalTurnError, match="no dice"):
        pos.play("1,0B 0,1W", (3,))


def test_separators_and_case() -> None:
    pos = play_all(["0,0W/"])
    for text in ["1,0B 0,1W", "1,0b,0,1w", "1,0B; 0,1W", " 1 , 0 B ,0,1W "]:
        assert pos.play(text, ()).moves == "1,0B 0,1W"
    assert pos.play("-1,0B 0,-1W", ()).moves == "-1,0B 0,-1W"


def test_legal_turns_small() -> None:
    pos = play_all(["0,0W/"])
    turns = texts(pos.legal_turns())
    assert len(turns) == len(set(turns)) == 72
    boards = set()
    for t in turns:
        after = pos.play(t, ()).position
        boards.add(frozenset(after.tiles))
    assert len(boards) == len(turns)  # deduplicated by resulting board
    assert "1,0B 0,1W" in turns or "0,1W 1,0B" in turns


def test_errors_are_game_errors() -> None:
    assert issubclass(IllegalTurnError, GameError)
    pos = play_all(["0,0W/"])
    with pytest.raises(GameError):
        pos.play("zz", ())


def test_a_listing_longer_than_a_turn_text_reads_back() -> None:
    """Regression: the 500-character cap on typed turns refused long game listings."""
    import random

    from games.che.game import GAME as CHE

    rng = random.Random(5)
    position = CHE.initial(CHE.normalise_options({"tiles": "200"}), "W")
    while len(position.listing()) <= 600:
        if position.result is not None:  # a closed region ended it early: play another
            position = CHE.initial(CHE.normalise_options({"tiles": "200"}), "W")
        position = position.play(rng.choice(position.legal_turns(())).text, ()).position
    again = CHE.from_listing(position.listing(), position.options)
    assert again.listing() == position.listing()
