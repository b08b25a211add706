"""Turn values (games/turns.py): a turn is its canonical text, carries its steps and
additions, builds lazily given steps once, and crosses a process pool whole."""

from __future__ import annotations

import pickle

from games import get_game
from games.turns import Addition, AdditionKind, Step, StepKind, Turn, pass_turn, texts

STEPS = (Step("24/18", StepKind.MOVE, "24", "18"), Step("18/13", StepKind.MOVE, "18", "13"))


def test_a_turn_is_its_text() -> None:
    turn = Turn("24/18, 18/13", STEPS)
    assert str(turn) == turn.text == turn.moves == "24/18, 18/13"
    assert turn == "24/18, 18/13" and "24/18, 18/13" == turn
    assert turn != "24/18" and turn == Turn("24/18, 18/13", ())
    assert hash(turn) == hash("24/18, 18/13")
    assert "24/18, 18/13" in {turn} and turn in {"24/18, 18/13"}
    assert sorted([Turn("b", ()), Turn("a", ())]) == ["a", "b"]


def test_an_addition_is_written_after_the_moves() -> None:
    taunt = Addition("T@B", AdditionKind.TAUNT, "B")
    turn = Turn("9X13", (Step("9X13", StepKind.MOVE, "9", "13", bumps=True),))
    added = turn.with_addition(taunt)
    assert added.text == "9X13 T@B" and added.moves == "9X13"
    assert added.additions == (taunt,) and added.steps == turn.steps
    assert added != turn and taunt == "T@B"
    assert texts([turn, added]) == ["9X13", "9X13 T@B"]


def test_steps_given_as_a_function_are_built_once_when_asked() -> None:
    calls: list[int] = []

    def build() -> tuple[Step, ...]:
        calls.append(1)
        return STEPS

    turn = Turn("24/18, 18/13", build)
    assert calls == []
    assert turn.steps == STEPS and turn.steps == STEPS
    assert calls == [1]


def test_a_pass_is_one_pass_step() -> None:
    turn = pass_turn("(no move)")
    assert turn.is_pass and [s.text for s in turn.steps] == ["(no move)"]
    assert not Turn("24/18, 18/13", STEPS).is_pass


def test_listed_turns_cross_a_process_pool_whole() -> None:
    # what Context.cpu sends back from a worker: every game's turns, steps built or not
    for name, dice in (("hachapury", (3, 1)), ("chebache", (2, 4)),
                       ("cheesegambit", (5, 4)), ("che", ())):
        game = get_game(name)
        turns = game.initial({}, game.sides({})[0].letter).legal_turns(dice)
        again = pickle.loads(pickle.dumps(turns))
        assert again == turns
        assert [t.steps for t in again] == [t.steps for t in turns]
