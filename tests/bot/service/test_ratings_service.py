"""Ratings through the service: finished human games rated once, computer and
hinted games left out, the leaderboard's order and ties, and a rebuild from the
stored games equal to the live figures."""

from __future__ import annotations

from bot.computer_seats import COMPUTER
from bot.replies import User
from bot.service import GameService
from games.outcome import EndReason
from storage.ratings import RatingStore
from tests.bot.conftest import ALICE, BOB, CAROL, HERE


async def _game(service: GameService, a: User, b: User, loser: User) -> None:
    assert (await service.new(a, HERE, "hachapury", [b])).ok
    assert (await service.accept(b, HERE)).ok
    assert (await service.resign(loser, HERE)).ok


async def test_ratings_follow_results_and_a_rebuild_equals_the_live(
        service: GameService) -> None:
    await _game(service, ALICE, BOB, BOB)
    await _game(service, ALICE, CAROL, CAROL)
    await _game(service, BOB, CAROL, CAROL)
    board = await service.leaderboard(ALICE, HERE, "hachapury")
    lines = board.text.splitlines()
    assert lines[0] == "**Hachapury leaderboard**"
    assert [line.split(":")[0] for line in lines[1:]] == ["1. alice", "2. bob", "3. carol"]
    assert "2 games (2 won, 0 lost)" in lines[1] and "provisional" in lines[1]
    live = await RatingStore(service.store).all_rows()
    assert len(live) == 3
    assert await service.rebuild_ratings() == 3
    assert await RatingStore(service.store).all_rows() == live
    profile = await service.profile(ALICE, HERE, CAROL)
    assert "Hachapury: rating" in profile.text and "0 won, 2 lost of 2" in profile.text
    assert "2 losses in a row" in profile.text


async def test_equal_ratings_share_a_place(service: GameService) -> None:
    await _game(service, ALICE, BOB, BOB)
    await _game(service, CAROL, User("1004", "dave"), User("1004", "dave"))
    board = await service.leaderboard(ALICE, HERE, "hachapury")
    places = [line.split(".")[0] for line in board.text.splitlines()[1:]]
    assert places == ["1", "1", "3", "3"]


async def test_games_against_the_computer_or_with_a_hint_are_not_rated(
        service: GameService) -> None:
    assert (await service.new(ALICE, HERE, "hachapury", [COMPUTER], {"level": "easy"})).ok
    assert (await service.resign(ALICE, HERE)).ok
    assert (await service.new(ALICE, HERE, "hachapury", [BOB])).ok
    assert (await service.accept(BOB, HERE)).ok
    session = await service.store.live_session(HERE.id)
    assert session is not None
    mover = ALICE if session.seat_for_side(
        service.position_of(session).side_to_move or "").user_id == ALICE.id else BOB
    assert (await service.hint(mover, HERE)).ok
    assert (await service.resign(BOB, HERE)).ok
    empty = await service.leaderboard(ALICE, HERE, "hachapury")
    assert "No rated Hachapury games here yet" in empty.text
    reasons = await service.store.fetchall("SELECT reason FROM rated_games ORDER BY session_id")
    assert [r[0] for r in reasons] == ["a computer played", "a hint was used"]


async def _played_out(service: GameService, game: str, a: User, b: User) -> None:
    """A game of ``game`` between ``a`` and ``b`` played to its end on the board: the
    first legal turn each time, every taunt offered made and every taunt accepted
    (so that CheeseGambit's stake grows)."""
    assert (await service.new(a, HERE, game, [b])).ok
    assert (await service.accept(b, HERE)).ok
    for _ in range(1000):
        session = await service.store.latest_session(HERE.id)
        assert session is not None
        if session.status != "active":
            return
        position = service.position_of(session)
        if position.action_due():
            side, text = position.actors()[0], position.action_choices()[0]
        else:
            side, text = position.side_to_move or "", service.legal_turns(session)[0]
        seat = session.seat_for_side(side)
        assert seat is not None
        user = a if seat.user_id == a.id else b
        reply = await service.move(user, HERE, text)
        assert reply.ok, reply.text
        for offer in [x for x in reply.buttons if x.action.startswith("taunt:")][:1]:
            assert (await service.press(user, HERE, offer.action)).ok
    raise AssertionError(f"the {game} game did not end")


async def test_a_rebuild_from_rows_stored_before_outcomes_gives_the_same_figures(
        service: GameService) -> None:
    """Games rated from their stored outcomes, then rated again (``--rebuild``) as if
    every row were from before migration 12 (outcome NULL, only the result text):
    the same figures, points and streaks included."""
    await _played_out(service, "hachapury", ALICE, BOB)
    await _played_out(service, "cheesegambit", BOB, CAROL)
    await _game(service, CAROL, ALICE, ALICE)
    await _game(service, ALICE, BOB, ALICE)
    live = await RatingStore(service.store).all_rows()
    # the CheeseGambit game was won at a raised stake: rated 1 point, as ever
    placed = await service.store.session(2)
    assert placed is not None and placed.stored_outcome is not None
    assert placed.stored_outcome.reason == EndReason.PLACINGS
    assert placed.stored_outcome.points > 1
    points = {(game, row.name): row.points for _, game, row in live}
    assert points[("cheesegambit", "carol")] == 1 and points[("hachapury", "bob")] == 2
    assert await service.rebuild_ratings() == 4
    assert await RatingStore(service.store).all_rows() == live
    async with service.store.transaction() as run:
        await run("UPDATE sessions SET outcome=NULL", ())
    assert await service.rebuild_ratings() == 4
    assert await RatingStore(service.store).all_rows() == live
