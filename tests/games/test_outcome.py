"""Outcomes (games/outcome.py): every ending of every game says why as data, the
JSON the storage keeps reads back the same, and the one reader of result text
reads every text the bot has ever stored to the same winner and points."""

from __future__ import annotations

import pytest

from games import get_game
from games.events import PlacedAt
from games.outcome import (
    ABORTED,
    EndReason,
    Outcome,
    outcome_from_text,
    outcome_text,
    resigned,
    silent,
    timed_out,
)
from tests.games.che.test_rules import BOTH, OPPONENT
from tests.games.chebache.util import pos as chebache
from tests.games.cheesegambit.helpers import pos as cheesegambit
from tests.games.hachapury.util import pos as hachapury

CHE = get_game("che")

EVERY_KIND = [
    Outcome("W", 1, EndReason.BORNE_OFF),
    Outcome("B", 2, EndReason.MARS),
    Outcome(None, 0, EndReason.NO_PIECES),
    Outcome("R", 3, EndReason.PLACINGS, ("R", "G", "B")),
    Outcome(None, 0, EndReason.TILES_OUT),
    resigned("B", "W"),
    resigned("W", "B", whole_match=True),
    timed_out("W", "B"),
    silent("B", "W", 3 * 86400 + 4 * 3600 + 59),
    silent(None, "W", 7200),
    ABORTED,
]


@pytest.mark.parametrize("outcome", EVERY_KIND, ids=lambda o: o.reason.value)
def test_an_outcome_reads_back_from_its_json(outcome: Outcome) -> None:
    assert Outcome.from_json(outcome.to_json()) == outcome


@pytest.mark.parametrize("text", ["[]", "{}", '{"winner": "W", "points": "2", "reason": "mars"}',
                                  '{"winner": 1, "points": 1, "reason": "mars"}',
                                  '{"winner": "W", "points": 1, "reason": "won somehow"}',
                                  '{"winner": "W", "points": true, "reason": "mars"}'])
def test_json_that_is_not_an_outcome_is_refused(text: str) -> None:
    with pytest.raises(ValueError):
        Outcome.from_json(text)


def test_silence_keeps_whole_minutes_as_its_text_says_them() -> None:
    quiet = silent("B", "W", 3 * 86400 + 4 * 3600 + 59)
    assert quiet.quiet == 3 * 86400 + 4 * 3600
    assert outcome_text(quiet) == "B wins (W did not move for 3d 4h)"


# -- the result text, both ways ---------------------------------------------------------

#: Every kind of text the bot stored before outcomes, and the outcome it stands for.
STORED = [
    ("W wins", Outcome("W", 1, EndReason.PLAYED)),
    ("B wins 2", Outcome("B", 2, EndReason.PLAYED)),
    ("draw", Outcome(None, 0, EndReason.DRAW)),
    ("B wins (W resigned)", resigned("B", "W")),
    ("B wins (W resigned the match)", resigned("B", "W", whole_match=True)),
    ("W wins (B ran out of time)", timed_out("W", "B")),
    ("W wins (B did not move for 2d 3h)", silent("W", "B", 2 * 86400 + 3 * 3600)),
    ("aborted", ABORTED),
    ("aborted (B did not move for 45m)", silent(None, "B", 45 * 60)),
    ("R wins; G 2nd; B 3rd", Outcome("R", 1, EndReason.PLACINGS, ("R", "G", "B"))),
]


@pytest.mark.parametrize(("text", "outcome"), STORED, ids=[t for t, _ in STORED])
def test_a_stored_text_reads_as_its_outcome_and_is_written_back_the_same(
        text: str, outcome: Outcome) -> None:
    assert outcome_from_text(text) == outcome
    assert outcome_text(outcome) == text


def test_no_text_is_no_outcome_and_a_strange_text_credits_nobody() -> None:
    assert outcome_from_text(None) is None and outcome_from_text("  ") is None
    assert outcome_from_text("something else").winner is None  # type: ignore[union-attr]
    # a why the reader does not know still gives the winner and points the text states
    assert outcome_from_text("B wins 5 (R dropped)") == Outcome("B", 5, EndReason.PLAYED)


# -- every ending of every game ---------------------------------------------------------

def test_hachapury_bearing_off_all_15_and_a_mars() -> None:
    single = hachapury("W: 1@2, 14@F; B: 14@1, 1@F; W to move").play("2/F", (6, 5))
    mars = hachapury("W: 1@2, 14@F; B: 15@1; W to move").play("2/F", (2, 1))
    assert single.position.result is not None and mars.position.result is not None
    assert single.position.result.outcome == Outcome("W", 1, EndReason.BORNE_OFF)
    assert mars.position.result.outcome == Outcome("W", 2, EndReason.MARS)
    # the listing keeps the points, and so the reason, of a position read back
    again = hachapury(mars.position.listing())
    assert again.result is not None and again.result.outcome == mars.position.result.outcome


def test_chebache_all_home_king_trapped_and_no_pieces_left() -> None:
    home = chebache("K@16, K@15", "1@2").play("K(15/F), K(16/F)", (3, 2)).position
    trapped = chebache("K@14, 1@4", "1@1, 1@2, 1@3").play("4/6, 6/7", (2, 1)).position
    drawn = chebache("1@3, 1@4", "K@17", bfill="F").play("3X5, 4X5", (2, 1)).position
    assert home.result is not None and trapped.result is not None and drawn.result is not None
    assert home.result.outcome == Outcome("W", 1, EndReason.ALL_HOME)
    assert trapped.result.outcome == Outcome("B", 1, EndReason.KING_TRAPPED)
    assert drawn.result.outcome == Outcome(None, 0, EndReason.NO_PIECES)


def test_cheesegambit_places_the_colours_and_counts_the_stakes() -> None:
    done = cheesegambit("R: 3@S3, 11@F; B: 14@45; R to move").play("gamble 3(S3/F)", (3, 3))
    result = done.position.result
    assert result is not None
    assert result.outcome == Outcome("R", result.points, EndReason.PLACINGS, ("R", "B"))
    assert [e.side for e in done.events if isinstance(e, PlacedAt)] == ["R", "B"]
    assert outcome_text(result.outcome) == result.text == "R wins; B 2nd"


def test_cheesegambit_a_resignation_through_the_engine_places_the_one_left() -> None:
    left = cheesegambit("R: 1@17, 13@33; B: 14@45; R to move").resign("B")
    assert left is not None and left.position.result is not None
    assert left.position.result.outcome == Outcome("R", 1, EndReason.PLACINGS, ("R",))
    assert outcome_text(left.position.result.outcome) == left.position.result.text == "R wins"


def test_che_closing_one_region_both_or_running_out_of_tiles() -> None:
    one = CHE.from_listing(OPPONENT, {}).play("-1,2B", ()).position.result
    both = CHE.from_listing(BOTH, {}).play("2,0W", ()).position.result
    last = CHE.initial({"tiles": "2"}).play("0,0W/", ()).position
    won, drawn = (last.play(tile, ()).position.result for tile in ("1,0W", "1,0B"))
    assert one is not None and both is not None and won is not None and drawn is not None
    assert one.outcome == Outcome("W", 1, EndReason.REGION_CLOSED)
    assert both.outcome == Outcome("B", 1, EndReason.BOTH_CLOSED)
    assert won.outcome == Outcome("W", 1, EndReason.TILES_OUT)
    assert drawn.outcome == Outcome(None, 0, EndReason.TILES_OUT)
