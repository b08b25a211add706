"""Endings told in words from the stored outcome (bot/service/texts.py), in English
and Russian, with the players' names: the same words whether the row has its outcome
or only the text of an older row."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.service import GameService, texts
from games.outcome import ABORTED, EndReason, Outcome, outcome_text, resigned, silent, timed_out
from storage import Session
from tests.bot.conftest import ALICE, BOB, HERE

#: outcome -> (English, Russian) as ``result_named`` says it (alice is W, bob B).
SAID = [
    (resigned("W", "B"), "alice wins (bob resigned)", "победа: alice (bob сдаётся)"),
    (resigned("B", "W", whole_match=True), "bob wins (alice resigned the match)",
     "победа: bob (alice сдаёт матч)"),
    (timed_out("W", "B"), "alice wins (bob ran out of time)",
     "победа: alice (у bob вышло время)"),
    (silent("B", "W", 2 * 86400 + 3600), "bob wins (alice did not move for 2d 1h)",
     "победа: bob (alice не ходит уже 2 д 1 ч)"),
    (silent(None, "B", 3 * 3600), "aborted (bob did not move for 3h)",
     "партия прервана (bob не ходит уже 3 ч)"),
    (ABORTED, "aborted", "партия прервана"),
    (Outcome("W", 2, EndReason.MARS), "alice wins 2", "победа: alice, 2 очка"),
    (Outcome("B", 1, EndReason.BORNE_OFF), "bob wins", "победа: bob"),
    (Outcome(None, 0, EndReason.NO_PIECES), "draw", "ничья"),
]


async def _finished(service: GameService) -> Session:
    assert (await service.new(ALICE, HERE, "hachapury", [BOB])).ok
    assert (await service.accept(BOB, HERE)).ok
    session = await service.store.latest_session(HERE.id)
    assert session is not None
    assert session.seat_for_side("W").user_id == ALICE.id  # type: ignore[union-attr]
    return session


@pytest.mark.parametrize(("outcome", "english", "russian"), SAID,
                         ids=[o.reason.value for o, _, _ in SAID])
async def test_a_result_is_said_from_its_outcome(service: GameService, outcome: Outcome,
                                                  english: str, russian: str) -> None:
    session = await _finished(service)
    stored = replace(session, status="finished", stored_outcome=outcome,
                     result=outcome_text(outcome))
    assert texts.result_named(stored, "en") == english
    assert texts.result_named(stored, "ru") == russian
    # a row from before outcomes, with only its text, is said the same way
    # (a played-out ending's text does not say how it came about: the same words)
    older = replace(stored, stored_outcome=None)
    assert texts.result_named(older, "en") == english
    assert texts.result_named(older, "ru") == russian


async def test_placings_are_said_with_places(service: GameService) -> None:
    session = await _finished(service)
    placed = Outcome("W", 3, EndReason.PLACINGS, ("W", "B"))
    stored = replace(session, status="finished", stored_outcome=placed,
                     result=outcome_text(placed))
    assert texts.result_named(stored, "en") == "alice wins; bob 2nd"
    assert texts.result_named(stored, "ru") == "побеждает alice; bob: 2-е место"
