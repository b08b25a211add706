"""The shared context: a renderer fault never turns a saved change into an error."""

from __future__ import annotations

import logging

import pytest

import bot.service.context
from bot.service import GameService
from games import Position
from renderer import RenderContext
from tests.bot.conftest import ALICE, BOB, HERE


def _broken_renderer(position: Position, context: RenderContext) -> bytes:
    """A renderer with a real fault (a bug, not a refusal)."""
    raise RuntimeError("renderer fault")


async def test_a_renderer_fault_leaves_the_move_saved_and_answered_in_text(
        service: GameService, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    await service.new(ALICE, HERE, "hachapury", [BOB])
    await service.accept(BOB, HERE)
    monkeypatch.setattr(bot.service.context, "render", _broken_renderer)
    service.render_images = True
    session = await service.store.live_session(HERE.id)
    assert session is not None
    to_move = service.position_of(session).side_to_move
    mover = next(u for u in (ALICE, BOB) if session.seat_for_side(to_move or "") ==
                 session.seat_of(u.id))
    turn = service.legal_turns(session)[0]
    with caplog.at_level(logging.ERROR, logger="boardbot.service"):
        reply = await service.move(mover, HERE, turn)
    assert reply.ok and not reply.private
    assert reply.image is None
    assert "to move" in reply.text  # the status line after the turn
    after = await service.store.session(session.id)
    assert after is not None and after.next_turn > session.next_turn  # the move was saved
    assert "RuntimeError: renderer fault" in caplog.text
    board = await service.board(BOB, HERE)  # and the board still answers, text only
    assert board.ok and board.image is None and "turn" in board.text
