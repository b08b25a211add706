"""The JSON form of a turn's events (what the turn log stores): an exact round trip
for the events real play makes in every game, and refusals of anything else."""

from __future__ import annotations

import json
import random
from dataclasses import fields

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games import GAME_MODULES
from games.events import (
    BorneOff,
    Event,
    Hit,
    Moved,
    Passed,
    Won,
    events_from_json,
    events_to_json,
)
from games.legacy import why_from_text
from games.messages import Message, parts_of, why_parts
from tests.games.contract.random_play import random_steps

#: Every reason the engines wrote in English before reasons were data (stored in the
#: ``turns`` rows of those versions), each part of every form.
OLD_REASONS = [
    "bore off all 15", "mars: the loser bore off none", "all pieces in Finish",
    "a King trapped", "draw: no pieces left in play", "draw", "first home",
    "first home; R wins; G 2nd; B 3rd; Y 4th", "G dropped the taunt; R wins; B 2nd",
    "B resigned; R wins; G 2nd", "Y voted to stop; R wins; G 2nd; B 3rd",
    "1,0W/ closed a White region", "-2,3B\\ closed a Blue region",
    "0,1W/ closed regions of both colours, so the mover loses",
    "the tiles ran out; largest regions White 12, Blue 9",
]

GAMES = list(GAME_MODULES)


def _all_event_types() -> list[type[Event]]:
    found, todo = [], [Event]
    while todo:
        for sub in todo.pop().__subclasses__():
            found.append(sub)
            todo.append(sub)
    return found


@settings(max_examples=40)
@given(name=st.sampled_from(GAMES), seed=st.integers(0, 2**32 - 1))
def test_events_of_random_play_round_trip_exactly(name: str, seed: int) -> None:
    seen = 0
    for step in random_steps(name, random.Random(seed), 40):
        events = step.played.events
        assert events, "every turn and action says what it did"
        back = events_from_json(events_to_json(events))
        assert back == events
        assert [type(e) for e in back] == [type(e) for e in events]  # not just equal fields
        seen += 1
    assert seen


@given(st.lists(st.one_of([st.builds(cls) for cls in _all_event_types()]), max_size=8))
def test_any_events_round_trip_and_the_text_is_ascii(events: list[Event]) -> None:
    text = events_to_json(tuple(events))
    assert text.isascii()  # safe in any text column, whatever a name holds
    assert events_from_json(text) == tuple(events)


def test_every_field_is_written_with_its_type_name() -> None:
    why = why_parts(Message.of("why_tiles_out"), Message.of("why_largest", white=7, blue=7))
    data = json.loads(events_to_json((Moved("W", "24", "18", 6), Won("", 0, why))))
    assert data == [
        {"type": "Moved", "side": "W", "src": "24", "dst": "18", "die": 6, "count": 1,
         "piece": ""},
        {"type": "Won", "side": "", "points": 0, "why": {"code": "why_parts", "values": {
            "reason": {"code": "why_tiles_out", "values": {}},
            "rest": {"code": "why_largest", "values": {"white": 7, "blue": 7}}}}},
    ]
    assert events_from_json(json.dumps(data))[1] == Won("", 0, why)
    assert events_from_json("[]") == ()


def test_every_event_type_has_fields_json_can_hold() -> None:
    for cls in _all_event_types():
        for f in fields(cls):
            assert str(f.type) in ("str", "int", "bool", "int | None", "Message | None"), \
                (cls, f.name, f.type)


@pytest.mark.parametrize("text, why", [
    ('{"type": "Passed", "side": "W"}', "must be a list"),
    ('[{"type": "Teleported", "side": "W"}]', "unknown event type 'Teleported'"),
    ('[{"side": "W"}]', "not an event object"),
    ('[["Passed", "W"]]', "not an event object"),
    ('[{"type": "Passed", "side": "W", "colour": "R"}]', "Passed has no field 'colour'"),
    ('[{"type": "Hit", "side": "W", "victim": "B", "at": "5"}]', "Hit: "),
    ('[{"type": "Moved", "side": "W", "src": 24, "dst": "18"}]', "Moved.src cannot be 24"),
    ('[{"type": "Moved", "side": "W", "src": "24", "dst": "18", "count": true}]',
     "Moved.count cannot be True"),
    ('[{"type": "Hit", "side": "W", "victim": "B", "at": "5", "to": "S", "king": 1}]',
     "Hit.king cannot be 1"),
    ('[{"type": "Won", "side": "W", "points": 1, "why": "first home"}]', "not a message"),
    ('[{"type": "Won", "side": "W", "points": 1, "why": {"code": "why_nope", "values": {}}}]',
     "unknown message code 'why_nope'"),
    ('[{"type": "Won", "side": "W", "points": 1, "why": {"code": "why_wins", '
     '"values": {"player": true}}}]', "not a message value: True"),
])
def test_anything_else_is_refused_with_a_value_error(text: str, why: str) -> None:
    with pytest.raises(ValueError, match=why.replace("(", r"\(")):
        events_from_json(text)


def test_optional_fields_may_be_left_out_and_take_their_defaults() -> None:
    assert events_from_json('[{"type": "BorneOff", "side": "B", "src": "3"}]') == (
        BorneOff("B", "3"),)
    assert events_from_json('[{"type": "Passed", "side": "R"}, {"type": "Hit", "side": "R", '
                            '"victim": "G", "at": "13", "to": "P"}]') == (
        Passed("R"), Hit("R", "G", "13", "P"))


@pytest.mark.parametrize("reason", OLD_REASONS)
def test_a_row_stored_with_an_english_reason_reads_as_codes(reason: str) -> None:
    row = json.dumps([{"type": "Won", "side": "R", "points": 1, "reason": reason}])
    won = events_from_json(row)[0]
    assert isinstance(won, Won) and won.why is not None
    assert won.reason == reason  # the same words, now from the codes
    # every old phrase has its code
    assert all(part.code != "why_text" for part in parts_of(won.why))
    assert events_from_json(events_to_json((won,))) == (won,)  # and is written anew as data


def test_an_old_reason_no_code_knows_is_kept_as_written() -> None:
    assert why_from_text("something new; R wins") == why_parts(
        Message.of("why_text", text="something new"), Message.of("why_wins", player="R"))
    assert why_from_text("largest regions White x, Blue 9") == \
        Message.of("why_text", text="largest regions White x, Blue 9")
    assert why_from_text("") is None
    old = events_from_json('[{"type": "Won", "side": "", "points": 0, "reason": ""}]')
    assert old == (Won("", 0),)

