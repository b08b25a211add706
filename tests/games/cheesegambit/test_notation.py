"""CheeseGambit notation: input tolerance, canonical records, errors, records with votes."""

from __future__ import annotations

import io

import pytest

from bot.replay import replay
from games.cheesegambit import GAME
from games.errors import IllegalTurnError, NotationError, OptionError
from games.record import ActionLine, parse_record

from .helpers import pos


def test_moves_in_any_order_and_compound_moves() -> None:
    p = GAME.initial({}, "R")
    a = p.play("9/12 33/38", (3, 5))
    b = p.play("33/38, 9/12", (3, 5))
    assert a.position.listing() == b.position.listing()
    assert a.record == "[3 5] " + a.moves
    one = p.play("9/17", (3, 5))
    assert one.moves in ("9/12/17", "9/14/17")
    assert p.play("9/12/17", (3, 5)).position.listing() == one.position.listing()


def test_reentry_by_r_name_and_case() -> None:
    p = pos("R: 1@P, 13@33; B: 14@45; R to move")
    assert p.play("p/r3 33/37", (3, 4)).moves == "P/51 33/37"


def test_errors_say_why_and_what_is_legal() -> None:
    p = GAME.initial({}, "R")
    with pytest.raises(IllegalTurnError) as err:
        p.play("9/12", (3, 5))
    assert "in full" in str(err.value) and "Legal instead" in str(err.value)
    with pytest.raises(IllegalTurnError, match="no R piece on 20"):
        p.play("20/23 9/14", (3, 5))
    with pytest.raises(NotationError) as bad:
        p.play("9/13 13?17", (4, 4))
    assert bad.value.column is not None
    with pytest.raises(NotationError):
        p.play("9/99", (4, 4))
    with pytest.raises(IllegalTurnError, match="Gamble"):
        p.play("gamble S3/F", (3, 3))


def test_options_validation() -> None:
    assert GAME.normalise_options({"Players": "3"}) == {"players": "3", "pieces": "14",
                                                        "taunt": "on"}
    for bad in ({"players": "5"}, {"pieces": "3"}, {"taunt": "maybe"}, {"speed": "1"}):
        with pytest.raises(OptionError):
            GAME.normalise_options(bad)
    assert GAME.options_from_tags({"Red": "a", "Green": "b", "Blue": "c"})["players"] == "3"
    assert GAME.options_from_tags({"Players": "4", "Taunt": "off"})["taunt"] == "off"
    assert len(GAME.rules_text()) < 1500 and "Gambit" in GAME.notation_text()


def test_record_with_taunt_answer_and_votes() -> None:
    text = """[Game "cheesegambit"]
[Players "3"]
[Position "R: 4@9, 10@33; G: 1@S1, 13@F; B: 2@13, 12@45; R to move"]
7R: [4 4] G 2(9X13) T@B x2
8G: [1 2] S1/F
vote R yes
vote B no
"""
    record = parse_record(text, GAME.action_line)
    assert record.tag("Players") == "3"
    assert [e.text for e in record.entries if isinstance(e, ActionLine)] == [
        "vote R yes", "vote B no"]
    out = io.StringIO()
    assert replay(GAME.name, text, out=out) == 0
    printed = out.getvalue().splitlines()
    assert printed[::2] == ["7R: [4 4] G 2(9X13) T@B x2", "8G: [1 2] S1/F", "vote R yes",
                            "vote B no"]
    last = GAME.from_listing(printed[-1], {"players": "3"})
    assert last.result is not None and last.result.winner == "G"
    assert printed[-1].endswith("cube R-B 2 B; G wins")
