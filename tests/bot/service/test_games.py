"""Every game through the service: a random game to the end, answers and votes included."""

from __future__ import annotations

import io
import random

import pytest

from bot.replay import replay
from bot.replies import User
from bot.service import GameService
from bot.verify import verify
from games import get_game
from tests.bot.conftest import ALICE, BOB, CAROL, HERE

PLAYERS = {ALICE.id: ALICE, BOB.id: BOB, CAROL.id: CAROL}


async def _play_to_the_end(service: GameService, rng: random.Random, limit: int = 3000
                           ) -> list[str]:
    """Random legal turns (and random answers/votes) until the game is over;
    returns the texts played."""
    played: list[str] = []
    for _ in range(limit):
        session = await service.store.latest_session(HERE.id)
        assert session is not None
        if session.status != "active":
            return played
        position = service.position_of(session)
        if position.action_due():
            side = rng.choice(position.actors())
            text = rng.choice(position.action_choices())
        else:
            side = position.side_to_move or ""
            text = rng.choice(service.legal_turns(session)).text
            if rng.random() < 0.7:
                additions = position.turn_additions(text, session.dice)
                if additions:  # a bump: taunt the victim (CheeseGambit's doubling cube)
                    text += f" {rng.choice(additions)}"
        seat = session.seat_for_side(side)
        assert seat is not None
        reply = await service.move(PLAYERS[seat.user_id], HERE, text)
        assert reply.ok, reply.text
        played.append(text)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize(
    "game, opponents, options",
    [
        ("cheesegambit", [BOB, CAROL], {"pieces": "4"}),
        ("cheesegambit", [BOB], {"pieces": "5"}),
        ("che", [BOB], {"tiles": "24"}),
        ("chebache", [BOB], {}),
    ],
)
async def test_game_played_to_the_end_through_the_service(
        service: GameService, game: str, opponents: list[User], options: dict[str, str]) -> None:
    assert (await service.new(ALICE, HERE, game, opponents, options)).ok
    for player in opponents:
        assert (await service.accept(player, HERE)).ok
    played = await _play_to_the_end(service, random.Random(3))
    if game == "cheesegambit":
        assert any("T@" in text for text in played), "no taunt was exercised"
    final = await service.store.latest_session(HERE.id)
    assert final is not None and final.status == "finished" and final.result
    # The stored position equals the exported record replayed.
    record = await service.record(ALICE, HERE)
    assert record.attachment is not None
    out, err = io.StringIO(), io.StringIO()
    code = replay(game, record.attachment[1].decode(), out=out, err=err)
    assert code == 0, (out.getvalue()[-500:], err.getvalue())
    assert out.getvalue().splitlines()[-1] == final.position
    assert verify(record.attachment[1].decode(), out=io.StringIO()) == 0
    assert get_game(game).from_listing(final.position or "", final.options).result is not None


async def test_lobby_host_opens_others_join_host_starts(service: GameService) -> None:
    opened = await service.new(ALICE, HERE, "cheesegambit", [], {"pieces": "4"})
    assert opened.ok and "lobby" in opened.text
    assert not (await service.start(ALICE, HERE)).ok          # alone: too few
    assert (await service.join(BOB, HERE)).ok
    assert not (await service.join(BOB, HERE)).ok             # one seat each
    assert not (await service.start(BOB, HERE)).ok            # only the host starts
    assert (await service.press(CAROL, HERE, f"join:{opened.session_id}")).ok
    started = await service.start(ALICE, HERE)
    assert started.ok and "begins" in started.text
    session = await service.store.live_session(HERE.id)
    assert session is not None and session.status == "active"
    assert [s.side for s in session.seats] == ["R", "G", "B"]
    assert session.options["players"] == "3"
    await _play_to_the_end(service, random.Random(8))
    final = await service.store.latest_session(HERE.id)
    assert final is not None and final.status == "finished"


async def test_open_two_player_challenge_starts_when_someone_joins(
        service: GameService) -> None:
    assert (await service.new(ALICE, HERE, "che", [])).ok
    reply = await service.accept(CAROL, HERE)   # accepting an open challenge joins it
    assert reply.ok and "begins" in reply.text
    session = await service.store.live_session(HERE.id)
    assert session is not None and [s.user_id for s in session.seats] == [ALICE.id, CAROL.id]


async def test_lobby_seats_expire(service: GameService, clock) -> None:  # type: ignore
    await service.new(ALICE, HERE, "cheesegambit", [])
    clock.now += 3601
    assert not (await service.join(BOB, HERE)).ok
    assert (await service.store.latest_session(HERE.id)).status == "expired"  # type: ignore


async def test_a_resigning_player_leaves_the_others_playing(service: GameService) -> None:
    await service.new(ALICE, HERE, "cheesegambit", [BOB, CAROL], {"pieces": "4"})
    await service.accept(BOB, HERE)
    await service.accept(CAROL, HERE)
    reply = await service.resign(BOB, HERE)
    assert reply.ok and "leaves the game" in reply.text
    session = await service.store.live_session(HERE.id)
    assert session is not None and session.status == "active"
    assert session.position is not None and "G: resigned" in session.position
    assert not (await service.move(BOB, HERE, "accept")).ok
    await _play_to_the_end(service, random.Random(2))
    final = await service.store.latest_session(HERE.id)
    assert final is not None and final.status == "finished"
    record = await service.record(ALICE, HERE)
    assert record.attachment is not None and b"\nG resigns\n" in record.attachment[1]
    out, err = io.StringIO(), io.StringIO()
    assert replay("cheesegambit", record.attachment[1].decode(), out=out, err=err) == 0
    assert out.getvalue().splitlines()[-1] == final.position


async def test_an_unanswered_taunt_is_dropped_after_the_deadline(
        service: GameService, clock) -> None:  # type: ignore[no-untyped-def]
    await service.new(ALICE, HERE, "cheesegambit", [BOB], {"pieces": "6"})
    await service.accept(BOB, HERE)
    rng = random.Random(11)
    for _ in range(2000):  # random play, taunting at the first bump
        session = await service.store.live_session(HERE.id)
        assert session is not None
        position = service.position_of(session)
        if position.action_due():
            break
        text = rng.choice(service.legal_turns(session)).text
        additions = position.turn_additions(text, session.dice)
        if additions:
            text += f" {additions[0]}"
        seat = session.seat_for_side(position.side_to_move or "")
        assert seat is not None
        assert (await service.move(PLAYERS[seat.user_id], HERE, text)).ok
    else:
        raise AssertionError("no taunt happened")
    target = position.actors()[0]
    clock.now += service.config.answer_seconds - 60
    await service.legal(CAROL, HERE)                          # looking early changes nothing
    assert service.position_of(await service.store.live_session(HERE.id)).action_due()  # type: ignore[arg-type]
    clock.now += 120
    await service.board(CAROL, HERE)                          # board alone does not settle
    reply = await service.legal(CAROL, HERE)                  # any game command does
    final = await service.store.latest_session(HERE.id)
    assert final is not None and final.status == "finished"   # a 2-player drop ends the game
    assert not reply.ok and "over" in reply.text
    turns = await service.store.turns(final.id)
    assert turns[-1].actor == "bot" and turns[-1].record == f"T@{target} drop"


async def test_che_has_no_dice_so_no_seed_talk(service: GameService) -> None:
    await service.new(ALICE, HERE, "che", [BOB])
    started = await service.accept(BOB, HERE)
    assert started.ok and "commitment" not in started.text and "with [" not in started.text
    aborted = await service.abort(ALICE, HERE)
    assert aborted.ok and "seed" not in aborted.text


@pytest.mark.parametrize("game, options, named", [
    ("cheesegambit", {"pieces": "²"}, "pieces"),
    ("cheesegambit", {"players": "٣"}, "players"),
    ("che", {"tiles": "1e3"}, "tiles"),
    ("chebache", {"kings": "maybe"}, "kings"),
    ("hachapury", {"pieces": "3"}, "no options"),
])
async def test_a_bad_option_is_refused_with_what_is_allowed(
        service: GameService, game: str, options: dict[str, str], named: str) -> None:
    reply = await service.new(ALICE, HERE, game, [BOB], options)
    assert not reply.ok and reply.private
    assert named in reply.text
    for spec in get_game(game).option_specs:  # the refusal lists the game's options
        assert f"`{spec.name}`" in reply.text
    assert await service.store.live_session(HERE.id) is None
