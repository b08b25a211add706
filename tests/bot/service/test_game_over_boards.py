"""A board drawn after the game ended says so: who won and why, in every game and
for every way a game ends off the board (a resignation, a moderator's abort, a
timeout claimed), never "X to move" with the dice of a turn nobody will play."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.clocks import DAY
from bot.replies import Reply, User
from bot.service import GameService
from storage import Session
from tests.bot.conftest import ALICE, BOB, CAROL, HERE, MOD, FakeClock

GAMES = ("hachapury", "chebache", "cheesegambit", "che")


async def _one_turn_played(service: GameService, game: str, channel: object = HERE,
                           options: dict[str, str] | None = None) -> Session:
    """A two-player game of ``game`` with one turn played (pictures drawn)."""
    service.render_images = True
    assert (await service.new(ALICE, channel, game, [BOB], options or {})).ok  # type: ignore[arg-type]
    assert (await service.accept(BOB, channel)).ok  # type: ignore[arg-type]
    session = await service.store.live_session(HERE.id)
    assert session is not None
    played = await service.move(_mover(service, session), channel,  # type: ignore[arg-type]
                                service.legal_turns(session)[0])
    assert played.ok, played.text
    session = await service.store.live_session(HERE.id)
    assert session is not None and session.status == "active"
    return session


def _mover(service: GameService, session: Session) -> User:
    seat = session.seat_for_side(service.position_of(session).side_to_move or "")
    assert seat is not None
    return ALICE if seat.user_id == ALICE.id else BOB


def _over(reply: Reply, *said: str) -> None:
    """The reply's picture is there and its words say the game is over, with
    ``said``, and nobody is to move."""
    assert reply.ok, reply.text
    assert reply.image is not None
    words = reply.image_description
    assert "Game over" in words, words
    assert " to move" not in words, words
    for part in said:
        assert part in words, words


@pytest.mark.parametrize("game", GAMES)
async def test_the_board_after_a_resignation_says_who_won_and_why(
        service: GameService, game: str) -> None:
    await _one_turn_played(service, game)
    reply = await service.resign(BOB, HERE)
    _over(reply, "alice", "wins", "bob resigned")
    # and so does the board anyone asks for afterwards, here or by the game's id
    _over(await service.board(CAROL, HERE), "alice", "wins", "bob resigned")
    assert reply.session_id is not None
    _over(await service.board(CAROL, HERE, reply.session_id), "alice", "wins", "bob resigned")


async def test_a_resignation_board_speaks_the_servers_language(service: GameService) -> None:
    russian = replace(HERE, locale="ru")
    await _one_turn_played(service, "hachapury", russian)
    reply = await service.resign(BOB, russian)
    assert reply.image is not None
    words = reply.image_description
    assert "Партия окончена" in words and "bob сдаётся" in words, words
    assert "ходят" not in words.lower() and "ход " not in words, words


async def test_the_board_after_an_abort_says_it_was_aborted(service: GameService) -> None:
    await _one_turn_played(service, "chebache")
    assert (await service.abort(MOD, HERE)).ok
    board = await service.board(CAROL, HERE)
    assert board.image is not None
    words = board.image_description
    assert "Game over" in words and "aborted" in words.lower(), words
    assert " to move" not in words, words


async def test_the_board_after_a_timeout_claim_says_who_ran_out_of_time(
        service: GameService, clock: FakeClock) -> None:
    session = await _one_turn_played(service, "hachapury", options={"time": "1d"})
    waiting = _mover(service, session)
    other = ALICE if waiting is BOB else BOB
    clock.now += 2 * DAY
    assert (await service.claim(other, HERE)).ok
    _over(await service.board(CAROL, HERE), f"{other.name}", "wins",
          f"{waiting.name} ran out of time")


async def test_a_game_won_on_the_board_says_why_too(service: GameService) -> None:
    """An ending on the board gives its reason from the last turn's ``Won`` event."""
    import random

    assert (await service.new(ALICE, HERE, "hachapury", [BOB])).ok
    assert (await service.accept(BOB, HERE)).ok
    rng = random.Random(5)
    for _ in range(400):
        session = await service.store.latest_session(HERE.id)
        assert session is not None
        if session.status != "active":
            break
        assert (await service.move(_mover(service, session), HERE,
                                   rng.choice(service.legal_turns(session)).text)).ok
    service.render_images = True
    board = await service.board(CAROL, HERE)
    _over(board, "wins")
    assert "bore off all 15" in board.image_description \
        or "mars" in board.image_description, board.image_description
