"""A position, a level and a seed give the same choice on any machine at any load.

Every level's search is budgeted by work done (positions evaluated,
``Strategy.budget_for``), never by the clock; the wall-time cap is only a
safety net.  Here the clock runs absurdly fast (each read a thousand seconds
later: a machine slower than any real one) with the safety cap lifted, and
every game's every level must choose what it chooses with the real clock,
with its own work budget and with one so tight that it binds in every search.
Then the cap itself: with the clock racing and the cap in place, a decision
still ends, legal, and the log says the cap fired."""

from __future__ import annotations

import logging
import time

import pytest

from bench.bench_decisions import positions
from computer import Level, Request, decide
from computer.base import Budget, strategy_for
from games.base import Dice, Position

GAMES = ("hachapury", "chebache", "cheesegambit", "che")


def _positions(name: str, count: int) -> list[tuple[Position, Dice]]:
    """Middle-game positions of seeded random games, with the mover's dice (a
    throw with several legal turns: a choice to make)."""
    return positions(name, count, f"determinism:{name}", (6, 12 if name == "che" else 40),
                     choices=4)


CASES = {name: _positions(name, 2) for name in GAMES}


def _request(name: str, position: Position, dice: Dice, level: Level) -> Request:
    return Request(name, tuple(sorted(position.options.items())), position.listing(), dice,
                   level, seed=11)


def _race(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every read of the clock from now on is 1000 s after the last (a search
    reading it to decide when to stop would stop at once)."""
    now = [time.perf_counter()]

    def clock() -> float:
        now[0] += 1000.0
        return now[0]

    monkeypatch.setattr(time, "perf_counter", clock)
    monkeypatch.setattr(time, "monotonic", clock)


@pytest.mark.parametrize("tight", [False, True], ids=["own-budget", "tight-budget"])
@pytest.mark.parametrize("level", list(Level), ids=lambda level: level.value)
@pytest.mark.parametrize("name", GAMES)
def test_the_choice_does_not_depend_on_the_clock(name: str, level: Level, tight: bool,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    # the safety cap lifted (for both runs: a loaded machine must not fire it
    # here either): what remains is the search's own stopping rule
    monkeypatch.setattr("computer.base._CAPS", {lv: float("inf") for lv in Level},
                        raising=False)
    strategy = strategy_for(name)
    budgets: list[Budget] = []
    if tight:
        # a work budget that binds in every search (that is where a cut-off by
        # time used to change the choice), not only in the heavy positions
        monkeypatch.setattr(strategy, "WORK", {Level.EASY: 3, Level.NORMAL: 3, Level.HARD: 150,
                                                  Level.EXPERT: 150})
        real_budget_for = strategy.budget_for

        def budget_for(level: Level) -> Budget:
            budgets.append(real_budget_for(level))
            return budgets[-1]

        monkeypatch.setattr(strategy, "budget_for", budget_for)
    expected = [decide(_request(name, p, d, level)) for p, d in CASES[name]]
    assert not any(c.fallback for c in expected)
    if tight and not (name == "che" and level == Level.EASY):  # easy Che counts nothing
        assert any(b.work is not None and b.spent >= b.work for b in budgets)
    _race(monkeypatch)
    slow = [decide(_request(name, p, d, level)) for p, d in CASES[name]]
    assert [c.text for c in slow] == [c.text for c in expected]
    assert [c.reason for c in slow] == [c.reason for c in expected]


@pytest.mark.parametrize("name", GAMES)
def test_the_safety_cap_ends_a_decision_and_says_so(name: str, monkeypatch: pytest.MonkeyPatch,
                                                    caplog: pytest.LogCaptureFixture) -> None:
    position, dice = CASES[name][0]
    _race(monkeypatch)
    with caplog.at_level(logging.WARNING):
        choice = decide(_request(name, position, dice, Level.HARD))
    assert choice.text.split(" T@")[0] in position.legal_turns(dice)
    assert "safety cap" in caplog.text
