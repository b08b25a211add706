"""The Game object, the position API and the position listing."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games import get_game
from games.errors import OptionError, PositionError
from games.hachapury import GAME, HachapuryPosition, to_other_numbering


def test_registry_and_game_description() -> None:
    assert get_game("Hachapury") is GAME
    assert (GAME.name, GAME.title, GAME.opening_throw) == ("hachapury", "Hachapury", True)
    sides = GAME.sides({})
    assert [(s.letter, s.colour, s.tag) for s in sides] == [
        ("W", "White", "White"), ("B", "Black", "Black"),
    ]


def test_no_options() -> None:
    assert GAME.normalise_options({}) == {}
    with pytest.raises(OptionError):
        GAME.normalise_options({"kings": "false"})
    with pytest.raises(OptionError):
        GAME.initial({"x": "1"})
    with pytest.raises(OptionError):
        GAME.initial({}, "Q")


def test_help_texts() -> None:
    rules, notation = GAME.rules_text(), GAME.notation_text()
    assert len(rules) <= 1500 and "barrier" in rules.lower() and "mars" in rules
    assert "24/18" in notation and "(no move)" in notation and "6/F" in notation


def test_to_other_numbering() -> None:
    assert [to_other_numbering(q) for q in (13, 24, 1, 12, 18)] == [1, 12, 13, 24, 6]
    assert all(to_other_numbering(to_other_numbering(q)) == q for q in range(1, 25))


def test_position_api() -> None:
    start = GAME.initial({}, "W")
    assert start.game == "hachapury"
    assert len(start.checkers("W")) == 25
    assert start.checkers("B")[24] == 4 and start.checkers("B")[6] == 11
    assert start.off("W") == 0
    assert start.side_to_move == "W" and start.result is None
    assert dict(start.options) == {} and start.dice_count() == 2
    assert str(start) == start.listing()


def test_position_is_immutable_and_hashable() -> None:
    a = GAME.initial({}, "W")
    b = GAME.from_listing(a.listing(), {})
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    assert a != GAME.initial({}, "B")
    with pytest.raises(AttributeError):
        a.foo = 1
    a.legal_turns((6, 5))  # the memo must not change equality
    assert a == b


@pytest.mark.parametrize(
    "listing",
    [
        "W: 4@24, 11@6; B: 4@24, 11@6; W to move",
        "W: 4@24, 11@6; B: 4@24, 11@6; B to move",
        "W: 1@23, 2@13, 3@6, 1@1, 8@F; B: 2@20, 13@F; B to move",
        "W: 15@F; B: 14@1, 1@F; W wins",
        "W: 15@F; B: 4@24, 11@6; W wins 2",
        "W: 4@24, 11@6; B: 15@F; B wins 2",
    ],
)
def test_listing_round_trip(listing: str) -> None:
    assert GAME.from_listing(listing, {}).listing() == listing


def test_listing_reads_tolerant_spacing_and_any_entry_order() -> None:
    position = GAME.from_listing("W:11@6,4@24;B: 4@24 , 11@6 ;W to move", {})
    assert position.listing() == "W: 4@24, 11@6; B: 4@24, 11@6; W to move"


@pytest.mark.parametrize(
    ("listing", "fragment"),
    [
        ("W: 4@24, 10@6; B: 4@24, 11@6; W to move", "14 checkers"),
        ("W: 4@24, 11@6; B: 4@24, 12@6; W to move", "16 checkers"),
        ("W: 4@24, 11@13; B: 4@24, 11@1; W to move", "both sides"),
        ("W: 4@24, 11@6; B: 4@24, 11@6", "three parts"),
        ("W: 4@24, 11@6; B: 4@24, 11@6; X to move", "unreadable last part"),
        ("W: 4@25, 11@6; B: 4@24, 11@6; W to move", "not on the board"),
        ("W: 4@0, 11@6; B: 4@24, 11@6; W to move", "no point 0"),
        ("W: 4@24, 11@24; B: 4@24, 11@6; W to move", "listed twice"),
        ("W: 0@24, 15@6; B: 4@24, 11@6; W to move", "count of 0"),
        ("W: four@24; B: 4@24, 11@6; W to move", "unreadable entry"),
        ("B: 4@24, 11@6; W: 4@24, 11@6; W to move", "start with `W:`"),
        ("W: ; B: 4@24, 11@6; W to move", "no checkers"),
        ("W: 15@F; B: 4@24, 11@6; W to move", "game is over"),
        ("W: 14@1, 1@F; B: 4@24, 11@6; W wins", "borne off 1 of 15"),
        ("W: 15@F; B: 4@24, 11@6; W wins", "`W wins 2`"),
        ("W: 15@F; B: 14@1, 1@F; W wins 2", "`W wins`"),
        ("W: 15@F; B: 15@F; W wins", "both sides"),
    ],
)
def test_listing_errors(listing: str, fragment: str) -> None:
    with pytest.raises(PositionError) as info:
        GAME.from_listing(listing, {})
    assert fragment in str(info.value)


def test_renderer_shape_from_constructor() -> None:
    white = tuple([3] + [0] * 5 + [12] + [0] * 18)
    black = tuple([0] * 24 + [15])
    position = HachapuryPosition(white, black, "B")
    assert position.listing() == "W: 12@6, 3@F; B: 15@24; B to move"


_LISTINGISH = st.lists(
    st.sampled_from(["W:", "B:", " ", "4", "11", "15", "@", "24", "6", "F", ", ", "; ",
                     "W to move", "B wins", " 2", "²", "0"]),
    max_size=20,
).map("".join)


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.text(max_size=40), _LISTINGISH))
def test_any_listing_text_reads_or_raises_position_error(text: str) -> None:
    try:
        position = GAME.from_listing(text, {})
    except PositionError:
        return
    assert GAME.from_listing(position.listing(), {}) == position
