"""Public pictures keep one orientation for the whole game (the first seat's
chair) and every board reply carries the board in words (issue 15)."""

from __future__ import annotations

import random

from bot.service import GameService
from bot.service.context import public_viewer
from renderer import RenderContext, render
from renderer.describe import describe
from storage import Session
from tests.bot.conftest import ALICE, BOB, CAROL, HERE


async def _start(service: GameService, game: str) -> Session:
    assert (await service.new(ALICE, HERE, game, [BOB])).ok
    assert (await service.accept(BOB, HERE)).ok
    session = await service.store.live_session(HERE.id)
    assert session is not None
    return session


async def test_public_pictures_keep_the_first_seats_orientation(service: GameService) -> None:
    service.render_images = True
    session = await _start(service, "chebache")
    first = public_viewer(session)
    assert first == min(session.seats, key=lambda s: s.seat).side
    rng = random.Random(5)
    movers = set()
    for _ in range(4):
        session = await service.store.live_session(HERE.id)
        assert session is not None
        position = service.position_of(session)
        mover = position.side_to_move
        assert mover is not None
        movers.add(mover)
        seat = session.seat_for_side(mover)
        assert seat is not None
        text = rng.choice(service.legal_turns(session)).text
        reply = await service.move(ALICE if seat.user_id == ALICE.id else BOB, HERE, text)
        assert reply.ok and reply.image is not None
        # /board from anyone, player or not, is the same public picture
        assert (await service.board(CAROL, HERE)).image == reply.image
        assert (await service.board(ALICE, HERE)).image == reply.image
        assert (await service.board(BOB, HERE)).image == reply.image
        session = await service.store.live_session(HERE.id)
        assert session is not None
        after = service.position_of(session)
        if after.side_to_move != first:  # before, the picture turned to face the mover
            turned = render(after, RenderContext(
                names={s.side: s.name for s in session.seats}, dice=session.dice,
                viewer=after.side_to_move, width=service.config.image_width))
            assert reply.image != turned
    assert len(movers) == 2


async def test_board_replies_carry_the_board_in_words(service: GameService) -> None:
    service.render_images = True
    session = await _start(service, "hachapury")
    board = await service.board(CAROL, HERE)
    position = service.position_of(session)
    assert board.image_description == describe(position, RenderContext(
        names={s.side: s.name for s in session.seats}, dice=session.dice))
    mover = position.side_to_move
    assert mover is not None
    seat = session.seat_for_side(mover)
    assert seat is not None
    assert board.image_description.startswith(
        f"Hachapury board. {seat.name} ({'White' if mover == 'W' else 'Black'}) to move, dice")
    text = service.legal_turns(session)[0]
    user = ALICE if seat.user_id == ALICE.id else BOB
    preview = await service.preview(user, HERE, text)
    assert preview.private and f"Last turn, {seat.name}" in preview.image_description
    moved = await service.move(user, HERE, text)
    assert moved.image is not None and moved.image_description
    assert f"Last turn, {seat.name}" in moved.image_description
    assert len(moved.image_description) <= 1024


async def test_no_description_without_a_picture(service: GameService) -> None:
    await _start(service, "hachapury")
    board = await service.board(CAROL, HERE)
    assert board.image is None and board.image_description == ""
