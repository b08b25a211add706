"""The seed's notation section: every example parses; records and listings."""

from __future__ import annotations

import pytest

from games import get_game
from games.chebache.parse import parse_turn
from games.errors import IllegalTurnError, NotationError

from .util import pos, position_after

GAME = get_game("chebache")

SEED_EXAMPLE = "[3 3]; 3(2X5), 8X5; X2K@17; K(B->W@5); -2@5; 1K(4^6); <B12; W14>"
SEED_POSITION = "W: 5@S, 3@2, 1K@4, 2@7, 1@8; B: 7@S, 1@1, 1@2, 1@3, 2K@17; W to move"


@pytest.mark.parametrize("text, moves, jump", [
    ("2/7", [(2, 7, "/", None)], None),
    ("8\\6", [(8, 6, "\\", None)], None),
    ("3X9", [(3, 9, "X", None)], None),
    ("3(2/5), 12/15", [(2, 5, "/", None)] * 3 + [(12, 15, "/", None)], None),
    ("4(10\\9)", [(10, 9, "\\", None)] * 4, None),
    ("2(3X7)", [(3, 7, "X", None)] * 2, None),
    ("K(4/10)", [(4, 10, "/", True)], None),
    ("K(10\\4)", [(10, 4, "\\", True)], None),
    ("2X5, K(11X5)", [(2, 5, "X", None), (11, 5, "X", True)], None),
    ("K(9X5)", [(9, 5, "X", True)], None),
    ("4^6", [], (4, 6, "1")),
    ("2(6^8)", [], (6, 8, "2")),
    ("3(2^8)", [], (2, 8, "3")),
    ("1K(4^6)", [], (4, 6, "1K")),
    ("1K1(2^10)", [], (2, 10, "1K1")),
    ("K1(4^6)", [], (4, 6, "K1")),
    ("2K(4^6)", [], (4, 6, "2K")),
    ("S/5, S/2", [(0, 5, "/", None), (0, 2, "/", None)], None),
    ("14/F", [(14, 18, "/", None)], None),
    ("k(s/5)", [(0, 5, "/", True)], None),
    ("  2 / 7 ,8 \\ 6 ;3x9  ", [(2, 7, "/", None), (8, 6, "\\", None), (3, 9, "X", None)], None),
    ("2^4, 4^6", [], (2, 6, "1")),
    ("[3 3]; 2(2X5), 2(8X5); X4@17", [(2, 5, "X", None)] * 2 + [(8, 5, "X", None)] * 2, None),
])
def test_seed_examples_parse(text: str, moves: list, jump: tuple | None) -> None:
    turn = parse_turn(text)
    assert [(m.src, m.dst, m.sym, m.king) for m in turn.moves] == moves
    assert (None if turn.jump is None else (turn.jump.src, turn.jump.dst, turn.jump.unit)) == jump


def test_seed_annotations_parse() -> None:
    turn = parse_turn(SEED_EXAMPLE)
    assert turn.dice == (3, 3)
    assert turn.attacks == [(2, 1, 17)]
    assert turn.flips == [(1, "B", "W", 5)]
    assert turn.minus == [(2, 0, 5)]
    assert turn.chebaches == frozenset({("B", 12), ("W", 14)})
    assert parse_turn("<W2,8; B4>").chebaches == frozenset({("W", 2), ("W", 8), ("B", 4)})
    assert parse_turn("-2@12").minus == [(2, 0, 12)]
    assert parse_turn("(no move)").no_move


@pytest.mark.parametrize("text", ["2/7/", "2//7", "19/20", "2/S", "F/2", "2(", "2)", "abc",
                                  "1K(4/6)", "4^6, 2/4", "2^4, 6^8", "<W2", "X@", "2/2"])
def test_unreadable_text_raises_notation_error(text: str) -> None:
    with pytest.raises(NotationError):
        parse_turn(text)


def test_notation_error_has_column() -> None:
    with pytest.raises(NotationError) as info:
        parse_turn("2/7, 8/6")
    assert info.value.column == 6


def test_seed_complete_example_turn_is_reproduced() -> None:
    p = GAME.from_listing(SEED_POSITION, {})
    played = p.play("3(2X5), 8X5, 1K(4^6)", (3, 3))
    assert played.record == SEED_EXAMPLE
    assert played.moves == "3(2X5), 8X5, 1K(4^6)"
    assert "3(2X5), 8X5, 1K(4^6)" in p.legal_turns((3, 3))
    # the full record, as the seed writes it (odd spacing included), is accepted too
    again = p.play("[3 3]; 3(2X5), 8X5; X2K@17; K(B->W@5); -2@5; 1K(4^6); < B12;W14>", (3, 3))
    assert again.position == played.position
    assert played.position.listing() == "W: 7@S, 2K@5, 1K@6, 2@7; B: 9@S, 1@1, 1@2, 1@3; B to move"


@pytest.mark.parametrize("wrong", [
    "3(2X5), 8X5; X2@17",
    "3(2X5), 8X5; KK(B->W@5)",
    "3(2X5), 8X5; -1@5",
    "3(2X5), 8X5, 1K(4^6); <B12>",
    "[3 2]; 3(2X5), 8X5",
])
def test_wrong_annotations_are_refused(wrong: str) -> None:
    p = GAME.from_listing(SEED_POSITION, {})
    with pytest.raises(IllegalTurnError):
        p.play(wrong, (3, 3))


def test_moves_are_played_in_the_order_written() -> None:
    # 2X5 then K(11X5): the King attacks second and ends on top
    p = pos("1@2, K@11", "3@17, 1@1")
    played = p.play("2X5, K(11X5)", (3, 6))
    assert position_after(played).stack("W", 5) == (("W", False), ("W", True))
    assert played.record.startswith("[3 6]; 2X5, K(11X5); X3@17")


def test_listing_stack_forms_round_trip() -> None:
    text = ("W: 2@S, 2K@2, 1@3, 1@5, 2@8, 1@10, 1@16, 2@F; "
            "B: 1@S, 3@4, 2@7, 1@8, 1K1@10, 2@14, 1@F; W to move")
    assert GAME.from_listing(text, {}).listing() == text
    assert GAME.from_listing(text.lower().replace("w to move", "W to move"), {}).listing() == text


@pytest.mark.parametrize("bad", [
    "W: 4K@S; B: 4K@S; W to move",
    "W: 4K@S, 2@2, 2@8, 2@10, 2@16; B: 4K@S, 2@2, 2@8, 2@10, 2@16",
    "W: 4K@S, 2@2, 2@8, 2@10, 2@16; B: 4K@S, 2@2, 2@8, 2@10, 2@16; X to move",
    "W: 1K@S, 5@2, 2@8, 2@10, 2@16; B: 4K@S, 2@2, 2@8, 2@10, 2@16; W to move",
    "W: 4K@S, 2@2, 2@8, 2@10, 1@16, 1@5; B: 4K@S, 2@2, 2@8, 2@10, 1@16, 1@17; W to move",
    "W: 4KK@S, 2@2, 2@8, 2@10, 2@16; B: 4K@S, 2@2, 2@8, 2@10, 2@16; W to move",
    "W: 4K@S, 2@2, 2@8, 2@10, 2@19; B: 4K@S, 2@2, 2@8, 2@10, 2@16; W to move",
])
def test_bad_listings_raise_position_error(bad: str) -> None:
    from games.errors import PositionError

    with pytest.raises(PositionError):
        GAME.from_listing(bad, {})


def test_game_description() -> None:
    assert GAME.name == "chebache" and GAME.title == "Chebache"
    assert not GAME.opening_throw
    assert [(s.letter, s.colour, s.tag) for s in GAME.sides({})] == [
        ("W", "White", "White"), ("B", "Black", "Black")]
    assert GAME.normalise_options({}) == {"kings": "true"}
    assert GAME.normalise_options({"Kings": "FALSE"}) == {"kings": "false"}
    assert len(GAME.rules_text()) < 1500
    assert "4^6" in GAME.notation_text()
    p = GAME.initial({})
    assert p.listing() == ("W: 4K@S, 2@2, 2@8, 2@10, 2@16; B: 4K@S, 2@2, 2@8, 2@10, 2@16; "
                           "W to move")
    assert p.side_to_move == "W" and p.dice_count() == 2 and p.result is None
    assert GAME.initial({"kings": "false"}).listing().startswith("W: 4@S, 2@2")
    from games.errors import OptionError

    with pytest.raises(OptionError):
        GAME.normalise_options({"kings": "maybe"})
    with pytest.raises(OptionError):
        GAME.normalise_options({"queens": "true"})


def test_backgammon_spellings_read_as_the_seed_writes_them() -> None:
    def read(text: str) -> list[tuple[int, int, str]]:
        return [(m.src, m.dst, m.sym) for m in parse_turn(text).moves]

    # the numbers give the direction of 2-7 and 8-6; a hit mark is an attack
    assert read("2-7 8-6 3/9* 8\\6*") == [(2, 7, "/"), (8, 6, "\\"), (3, 9, "X"), (8, 6, "X")]
    assert read("2/5(3)") == read("3(2/5)")
    p = get_game("chebache").initial({})
    assert p.play("S-4(4)", (4, 4)).position == p.play("4(S/4)", (4, 4)).position


def test_more_moves_than_dice_refused_before_matching() -> None:
    p = get_game("chebache").initial({})
    with pytest.raises(IllegalTurnError, match=r"you wrote 45 moves but \[4 4\] gives at most 4"):
        p.play("15(S/4) 15(S/4) 15(S/4)", (4, 4))
