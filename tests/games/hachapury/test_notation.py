"""Move text: every tolerance of architecture.md and the NotationError columns."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.errors import GameError, IllegalTurnError, NotationError
from games.hachapury import GAME
from games.hachapury.movetext import parse_turn
from tests.games.hachapury.util import pos

# Black on White's 12 and 14: White's road 24 -> 18 -> 13 is open.
OPEN = pos("W: 4@24, 11@6; B: 4@24, 11@2; W to move")
HOME = pos("W: 5@6, 5@5, 5@4; B: 15@24; W to move")


@pytest.mark.parametrize(
    "text",
    [
        "24/18, 18/13",
        "18/13, 24/18",  # any order: 18 is empty until 24/18 is played
        "24/13",  # one checker, both dice, one step
        "24/18/13",
        "24/19/13",
        "24/18;18/13",
        "  24/18 ,, 18/13 ; ",
        "24/18 18/13",
        "1(24/18), 18/13",
    ],
)
def test_tolerated_forms_of_one_turn(text: str) -> None:
    played = OPEN.play(text, (6, 5))
    assert played.moves == "24/18, 18/13"
    assert played.record == "[6 5]; 24/18, 18/13"
    assert played.position.listing() == "W: 3@24, 1@13, 11@6; B: 4@24, 11@2; B to move"


@pytest.mark.parametrize("text", ["6/F 5/F", "6/f, 5/f", "6/off 5/OFF", "5/Off; 6/F"])
def test_bear_off_spellings(text: str) -> None:
    assert HOME.play(text, (6, 5)).moves == "6/F, 5/F"


@pytest.mark.parametrize(
    "text",
    ["4(24/18)", "2(24/18) 2(24/18)", "24/18 24/18 24/18 24/18", "2(24/18, 24/18)"],
)
def test_counts(text: str) -> None:
    assert OPEN.play(text, (6, 6)).moves == "4(24/18)"


def test_doubles_one_step_over_three_dice() -> None:
    position = pos("W: 4@24, 11@6; B: 4@23, 11@2; W to move")
    assert position.play("6/2, 24/12", (4, 4)).moves == "24/20, 20/16, 16/12, 6/2"
    assert position.play("24/20/12 6/2", (4, 4)).moves == "24/20, 20/16, 16/12, 6/2"


@pytest.mark.parametrize("text", ["(no move)", "(No Move)", "pass", "PASS", "( no  move )"])
def test_pass_spellings(text: str) -> None:
    start = GAME.initial({}, "W")
    assert start.play(text, (6, 6)).moves == "(no move)"


def test_fewer_dice_refused_with_a_legal_turn_shown() -> None:
    with pytest.raises(IllegalTurnError) as info:
        OPEN.play("24/18", (6, 5))
    assert "e.g. `24/18" in str(info.value.reason)
    assert info.value.legal
    assert "Legal instead" in str(info.value)


def test_too_many_moves_refused() -> None:
    with pytest.raises(IllegalTurnError, match="more dice"):
        OPEN.play("24/13, 24/19", (6, 5))
    with pytest.raises(IllegalTurnError, match="3 moves"):
        OPEN.play("24/18, 24/19, 6/1", (6, 5))


def test_backward_move_refused() -> None:
    with pytest.raises(IllegalTurnError, match="wrong way"):
        OPEN.play("13/18", (6, 5))


def test_no_checker_on_point() -> None:
    with pytest.raises(IllegalTurnError, match="no checker on point 20"):
        OPEN.play("20/14, 24/19", (6, 5))


@pytest.mark.parametrize(
    ("text", "column"),
    [
        ("24/18, 18/x3", 11),
        ("x", 1),
        ("24/18 )", 7),
        ("24/18, 2(24/18", 8),
        ("24/F/3", 6),
        ("24/25", 4),
        ("0/5", 1),
        ("24//18", 4),
        ("24/18/", 6),
        ("24", 1),
        ("F/3", 1),
        ("24/18, 0(24/18)", 8),
        ("24-18*", 6),  # backgammon's 24-18 is read; its hit mark is not
        ("pass 24/18", 1),
        ("2(pass)", 3),
        ("²(24/18)", 1),
        ("24/1²", 5),
        ("24/18 2(24/1q)", 13),
    ],
)
def test_notation_errors_carry_the_column(text: str, column: int) -> None:
    with pytest.raises(NotationError) as info:
        OPEN.play(text, (6, 5))
    assert info.value.column == column, str(info.value)


@pytest.mark.parametrize("text", ["", "   ", ",;,"])
def test_empty_text_is_a_notation_error(text: str) -> None:
    with pytest.raises(NotationError):
        parse_turn(text)


def test_parse_expands_counts_and_keeps_stops() -> None:
    turn = parse_turn("2(24/18/13) 6/f")
    assert [p.points for p in turn.paths] == [(24, 18, 13), (24, 18, 13), (6, 0)]


_MOVEISH = st.lists(
    st.one_of(
        st.integers(-2, 30).map(str),
        st.sampled_from(["/", "F", "f", "off", "(", ")", ",", ";", " ", "2(", "pass",
                         "(no move)", "*", "-", "x"]),
    ),
    max_size=12,
).map("".join)


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.text(max_size=30), _MOVEISH), st.sampled_from([(6, 5), (3, 3), (1, 2)]))
def test_any_text_gives_played_or_game_error(text: str, dice: tuple[int, int]) -> None:
    for position in (OPEN, HOME, GAME.initial({}, "B")):
        try:
            played = position.play(text, dice)
        except GameError:
            continue
        assert played.moves in position.legal_turns(dice)


def test_nested_counts_are_capped() -> None:
    with pytest.raises(NotationError, match="moves written"):
        OPEN.play("15(15(15(15(24/18))))", (6, 5))


def test_more_moves_than_dice() -> None:
    with pytest.raises(IllegalTurnError, match="you wrote 3 moves but \\[6 5\\] gives at most 2"):
        OPEN.play("2(24/18), 18/13", (6, 5))


def test_backgammon_spellings_and_no_hit_mark() -> None:
    from games.errors import NotationError as Unreadable
    from games.hachapury import GAME as HACHAPURY

    p = HACHAPURY.initial({})
    canonical = p.play("2(24/20) 2(20/16)", (4, 4)).position.listing()
    for text in ("24-20(2) 20-16(2)", "24/20(2), 2(20-16)", "24-20-16(2)"):
        assert p.play(text, (4, 4)).position.listing() == canonical, text
    with pytest.raises(Unreadable, match="no hitting.*write 24/20"):
        p.play("24/20* 24/20 2(20/16)", (4, 4))


def test_written_steps_beyond_the_dice_refused_before_searching() -> None:
    p = GAME.initial({})
    with pytest.raises(IllegalTurnError, match=r"you wrote 6 moves but \[4 4\] gives at most 4"):
        p.play("24/20/16/12 13/9/5/1", (4, 4))


HOSTILE_200 = [
    " ".join(["24/18"] * 33), " ".join(["15(24/18)"] * 20), " ".join(["24/20/16/12/8/4"] * 12),
    " ".join(["24-20(4)"] * 22), "9(" * 30 + "24/18" + ")" * 30, " ".join(["2(2(24/20))"] * 16),
    " ".join(["24/23"] * 4), "24/23/22/21", "/".join(str(p) for p in range(24, 0, -1)),
]


def test_matching_work_is_bounded_for_any_short_text(monkeypatch: pytest.MonkeyPatch) -> None:
    import games.hachapury.matching as matching

    calls = 0
    original = matching.apply_single

    def counting(*args: object) -> object:
        nonlocal calls
        calls += 1
        return original(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(matching, "apply_single", counting)
    position = GAME.initial({})
    for dice in ((1, 1), (4, 4), (6, 5)):
        position.legal_turns(dice)
        for text in HOSTILE_200:
            assert len(text) <= 200
            before = calls
            try:
                position.play(text, dice)
            except GameError:
                pass
            # four dice at most: a few hundred single steps, never thousands
            assert calls - before < 500, (text, dice, calls - before)
    assert calls > 0  # the texts that fit the dice were searched
