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
from tests.games.contract.random_play import random_steps

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
    data = json.loads(events_to_json((Moved("W", "24", "18", 6), Won("", 0, "draw"))))
    assert data == [
        {"type": "Moved", "side": "W", "src": "24", "dst": "18", "die": 6, "count": 1,
         "piece": ""},
        {"type": "Won", "side": "", "points": 0, "reason": "draw"},
    ]
    assert events_from_json("[]") == ()


def test_every_event_type_has_fields_json_can_hold() -> None:
    for cls in _all_event_types():
        for f in fields(cls):
            assert str(f.type) in ("str", "int", "bool", "int | None"), (cls, f.name, f.type)


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
