"""`/move accept` with nothing waiting for an answer said "expected a square" (the
engine read it as a move); it says that nothing is waiting and how to play a turn."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.service import GameService
from tests.bot.conftest import ALICE, BOB, HERE
from tests.bot.seats import seat_of_side


@pytest.mark.parametrize("word", ["accept", "drop", "yes", "No", "vote G yes", "take"])
async def test_an_answer_with_nothing_waiting(service: GameService, word: str) -> None:
    await service.new(ALICE, HERE, "cheesegambit", [BOB], {"pieces": "4"})
    await service.accept(BOB, HERE)
    session = await service.store.live_session(HERE.id)
    assert session is not None
    mover = ALICE if seat_of_side(session, service.position_of(session).side_to_move or ""
                                           ).user_id == ALICE.id else BOB
    refused = await service.move(mover, HERE, word)
    assert not refused.ok and refused.private
    assert "square" not in refused.text, refused.text
    assert "Nothing is waiting for an answer" in refused.text, refused.text
    assert "/legal" in refused.text and "Play" in refused.text, refused.text
    russian = await service.move(replace(mover, locale="ru"), HERE, word)
    assert "Никто не ждёт ответа" in russian.text, russian.text
