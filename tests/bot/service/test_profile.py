"""``/profile``: per game the rating, record, streak, points and average game length,
then the last five games with id, opponents and result; as text and as a card."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from bot.computer_seats import COMPUTER
from bot.replies import User
from bot.service import GameService, ServiceConfig
from bot.service.rating import RECENT_GAMES, _result_for
from games.outcome import ABORTED, EndReason, Outcome, outcome_from_text, resigned
from storage import Store
from tests.bot.conftest import ALICE, BOB, CAROL, HERE, FakeClock


@pytest.fixture
def drawing(store: Store, clock: FakeClock) -> GameService:
    rng = random.Random(7)
    return GameService(store, ServiceConfig(), clock=clock,
                       seed_factory=lambda: rng.randbytes(32))


async def _game(service: GameService, a: User, b: User, loser: User, turns: int = 0) -> int:
    """A Hachapury game of ``a`` and ``b``: ``turns`` first legal turns, then ``loser``
    resigns; its id."""
    assert (await service.new(a, HERE, "hachapury", [b])).ok
    assert (await service.accept(b, HERE)).ok
    session = await service.store.live_session(HERE.id)
    assert session is not None
    for _ in range(turns):
        session = await service.store.live_session(HERE.id)
        assert session is not None
        seat = session.seat_for_side(service.position_of(session).side_to_move or "")
        assert seat is not None
        mover = a if seat.user_id == a.id else b
        assert (await service.move(mover, HERE, service.legal_turns(session)[0])).ok
    assert (await service.resign(loser, HERE)).ok
    return session.id


async def test_profile_lists_recent_games_and_average_length(drawing: GameService) -> None:
    ids = [await _game(drawing, ALICE, BOB, BOB, turns=2),
           await _game(drawing, ALICE, CAROL, ALICE, turns=4)]
    ids += [await _game(drawing, BOB, ALICE, BOB) for _ in range(4)]
    reply = await drawing.profile(ALICE, HERE)
    assert reply.ok and reply.card and not reply.private
    lines = reply.text.splitlines()
    assert lines[0] == "**alice**"
    assert lines[1].startswith("Hachapury: rating ") and "5 won, 1 lost of 6" in lines[1]
    assert "4 wins in a row" in lines[1]
    assert "1 turn a game on average" in lines[1]  # (2 + 4 + 0 x 4) / 6
    assert lines[2] == "**Recent games**"
    recent = lines[3:]
    assert len(recent) == RECENT_GAMES
    assert [r.split()[0] for r in recent] == [f"#{i}" for i in reversed(ids)][:RECENT_GAMES]
    assert recent[0] == f"#{ids[-1]} Hachapury vs bob: won, 0 turns"
    assert recent[-1] == f"#{ids[1]} Hachapury vs carol: lost, 4 turns"
    assert reply.image is not None and reply.image_name == "profile.png"
    card = Image.open(io.BytesIO(reply.image))
    assert card.format == "PNG" and card.width == 640
    assert "Recent games" in reply.image_description and "**" not in reply.image_description


async def test_unrated_games_still_show_with_their_length(drawing: GameService) -> None:
    assert (await drawing.new(ALICE, HERE, "hachapury", [COMPUTER], {"level": "easy"})).ok
    assert (await drawing.resign(ALICE, HERE)).ok
    reply = await drawing.profile(BOB, HERE, ALICE)
    assert "Hachapury: not rated (1 finished)" in reply.text
    assert "vs boardbot (easy): lost" in reply.text


async def test_nobody_without_games_gets_a_private_answer(drawing: GameService) -> None:
    reply = await drawing.profile(ALICE, HERE, CAROL)
    assert reply.private and "carol has no finished games here yet" in reply.text


def test_results_as_each_player_saw_them() -> None:
    assert _result_for(Outcome("W", 2, EndReason.MARS), "W") == ("won 2", True)
    assert _result_for(resigned("W", "B"), "B") == ("lost", False)
    assert _result_for(resigned("W", "B"), "W") == ("won", True)
    four = Outcome("G", 6, EndReason.PLACINGS, ("G", "Y", "B", "R"))
    assert _result_for(four, "G") == ("won", True)  # a placings win counts 1, as rated
    assert _result_for(four, "Y") == ("2nd", None)
    assert _result_for(four, "R") == ("4th", None)
    assert _result_for(Outcome(None, 0, EndReason.TILES_OUT), "W") == ("draw", None)
    assert _result_for(ABORTED, "W") == ("no result", None)
    assert _result_for(None, "W") == ("no result", None)


def test_results_of_rows_stored_before_outcomes_read_as_before() -> None:
    """Rows finished before migration 12 have only their text (``Session.outcome``
    reads it): the same words as when the profile read the text itself."""
    def said(text: str | None, side: str) -> tuple[str, bool | None]:
        return _result_for(outcome_from_text(text), side)

    assert said("W wins 2 (B resigned)", "W") == ("won 2", True)
    assert said("W wins 2 (B resigned)", "B") == ("lost", False)
    assert said("B wins", "B") == ("won", True)
    four = "G wins; Y 2nd; B 3rd; R 4th"
    assert said(four, "G") == ("won", True)
    assert said(four, "Y") == ("2nd", None)
    assert said("draw", "W") == ("draw", None)
    assert said(None, "W") == ("no result", None)
