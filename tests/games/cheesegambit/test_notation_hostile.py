"""CheeseGambit move text as the page writes it, and the work any text can cause.

Issue 12: a repeated group such as ``15(13/18) 15(13/18) 15(13/18)`` made the
search try every order of 45 written moves; X may stand on any landing on a
square bumped this turn; backgammon spellings are read.
"""

from __future__ import annotations

from typing import Any

import pytest

from games.cheesegambit import GAME, movegen
from games.errors import IllegalTurnError, NotationError

from .helpers import pos


class CountingSingle:
    """Counts the single-die steps the written-turn search tries."""

    def __init__(self) -> None:
        self.calls = 0


@pytest.fixture
def steps(monkeypatch: pytest.MonkeyPatch) -> CountingSingle:
    counter = CountingSingle()
    original = movegen.TurnGenerator.single

    def counting(gen: movegen.TurnGenerator, *args: Any) -> Any:
        counter.calls += 1
        return original(gen, *args)

    monkeypatch.setattr(movegen.TurnGenerator, "single", counting)
    return counter


def test_repeated_groups_are_refused_before_any_search(steps: CountingSingle) -> None:
    p = GAME.initial({}, "B")
    p.legal_turns((5, 5))  # the table of legal turns is built once, not per text
    p.legal_turns((6, 5))
    before = steps.calls
    with pytest.raises(IllegalTurnError, match=r"you wrote 45 moves but \[5 5\] gives at most 4"):
        p.play("15(13/18) 15(13/18) 15(13/18)", (5, 5))
    with pytest.raises(IllegalTurnError, match=r"you wrote 3 moves but \[6 5\] gives at most 2"):
        p.play("13/18 13/18 13/19", (6, 5))
    assert steps.calls == before


def test_any_written_text_costs_a_bounded_search(steps: CountingSingle) -> None:
    p = GAME.initial({}, "B")
    p.legal_turns((5, 5))
    before = steps.calls
    for text in ("13/18 13/18 13/18 13/18", "4(13/18)", "13/18/23/28/33", "13X18 13X18 2(13/18)",
                 "13/18(4)", "13-18 13-18 13-18 13-18"):
        try:
            p.play(text, (5, 5))
        except IllegalTurnError:
            pass
    # four written steps, four dice: at most a few hundred single-step tries per text
    assert steps.calls - before < 6 * 500


def test_x_on_every_landing_where_a_bump_happened() -> None:
    p = pos("R: 2@65, 12@33; B: 1@66, 13@45; R to move")
    played = p.play("2(65X66) 2(33/34)", (1, 1))
    assert played.moves == "2(33/34) 2(65X66)"
    assert p.play("65X66 65X66 33/34 33/34", (1, 1)).position.listing() == played.position.listing()
    # old records (X only on the bumping move) still play
    assert p.play("65X66 65/66 2(33/34)", (1, 1)).position.listing() == played.position.listing()


def test_x_on_a_later_landing_after_the_hit() -> None:
    p = pos("R: 2@65, 12@33; B: 1@70, 13@45; R to move")
    played = p.play("65X70, 65X70/3, 33/38", (5, 5))
    assert played.moves == "33/38 65X70 65X70/3"
    assert p.play("65X70 65/70/3 33/38", (5, 5)).position.listing() == played.position.listing()


def test_x_where_nothing_was_bumped_says_so() -> None:
    p = pos("R: 2@65, 12@33; B: 14@45; R to move")
    with pytest.raises(IllegalTurnError, match=r"no piece was bumped on 66 this turn: write 65/66"):
        p.play("65X66 3(33/34)", (1, 1))


def test_backgammon_spellings() -> None:
    p = pos("R: 2@65, 12@33; B: 1@66, 13@45; R to move")
    canonical = p.play("2(65X66) 2(33/34)", (1, 1))
    for text in ("65/66*(2) 33/34(2)", "65-66*, 65-66, 33-34, 33-34", "2(65/66*) 2(33-34)"):
        assert p.play(text, (1, 1)).position.listing() == canonical.position.listing(), text
    with pytest.raises(NotationError):
        p.play("65/66** 33/34", (1, 1))


def test_the_first_wrong_part_is_named() -> None:
    p = GAME.initial({}, "R")
    with pytest.raises(NotationError, match="S5"):
        p.play("9/13 33XS5", (4, 4))


@pytest.mark.parametrize(
    ("text", "dice", "reason"),
    [
        ("9/14 9/13 9/13 9/13", (4, 4), r"^9/14 is 5 steps; \[4 4\] move a piece 4, 8, 12, 16"),
        ("9/8 9/13", (5, 4), r"^9/8: a R piece turns off the track at its exit square 19"),
        ("9/20", (6, 5), r"^9/20: a R piece turns off the track at its exit square 19"),
        ("9/15 9/15", (6, 5), r"^9/15 cannot be played as well as 9/15: \[6 5\] do not give"),
        ("33/37/42 9/13", (4, 4), r"^33/37/42 is 5 steps|^37/42 is 5 steps"),
    ],
)
def test_errors_name_the_first_wrong_part(text: str, dice: tuple[int, int], reason: str) -> None:
    with pytest.raises(IllegalTurnError, match=reason):
        GAME.initial({}, "R").play(text, dice)
