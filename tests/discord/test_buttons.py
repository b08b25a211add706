"""Every kind of button pressed through discord.py against SimCord once its question
is no longer pending: a private, specific answer, nothing changed (also after a
restart: a new store, service and bot on the same database file)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from bot.service import GameService
from games import available_games
from games.turns import texts
from tests.discord.harness import (
    GAME,
    Opener,
    World,
    mover,
    opponent,
    private,
    public,
    resign,
    restarted,
    running,
    start_game,
)

needs_cheesegambit = pytest.mark.skipif("cheesegambit" not in available_games(),
                                        reason="no CheeseGambit engine")


def labels(message: Any) -> list[str]:
    return [b.get("label") for row in message.components for b in row["components"]]


async def _unchanged_refusal(service: GameService, w: World, member: Any, message: Any,
                             label: str, says: str) -> None:
    before = await service.store.latest_session(str(w.channel.id))
    pressed = await member.click(message, label=label)
    assert public(pressed) is None, pressed
    answer = private(pressed)
    assert answer is not None and says in answer.content, answer and answer.content
    after = await service.store.latest_session(str(w.channel.id))
    assert before is not None and after is not None
    assert (after.id, after.version, after.position) == (before.id, before.version,
                                                         before.position)


def _member(w: World, user_id: str) -> Any:
    return next(m for m in (w.alice, w.bob, w.carol) if str(m.id) == user_id)


async def _until(service: GameService, w: World, rng: random.Random, label: str,
                 limit: int = 2000) -> Any:
    """Play random turns by `/move` (taunting after bumps, accepting taunts, voting
    yes) until the bot posts a message with a ``label`` button; returns it."""
    for _ in range(limit):
        session = await service.store.live_session(str(w.channel.id))
        assert session is not None, "the game ended first"
        position = service.position_of(session)
        if position.action_due():
            side, text = position.actors()[0], position.action_choices()[0]
        else:
            side = position.side_to_move or ""
            text = rng.choice(texts(service.legal_turns(session)))
            targets = position.possible_taunts(text, session.dice)  # type: ignore[attr-defined]
            if targets:
                text += f" T@{rng.choice(targets)}"
        seat = session.seat_for_side(side)
        assert seat is not None
        played = await _member(w, seat.user_id).slash(w.channel, "move", text=text)
        shown = public(played)
        assert shown is not None, played
        if label in labels(shown):
            return shown
    raise AssertionError(f"no {label} button came up")


async def _three_player_game(w: World, pieces: int) -> None:
    """alice challenges bob and carol to CheeseGambit; both accept."""
    await w.alice.slash(w.channel, "new", game="cheesegambit", opponent=w.bob,
                        opponent2=w.carol, options=f"pieces={pieces}")
    await w.bob.slash(w.channel, "accept")
    await w.carol.slash(w.channel, "accept")


async def _taker(service: GameService, w: World) -> Any:
    """The member the game waits for (a taunt's target, a voter)."""
    session = await service.store.live_session(str(w.channel.id))
    assert session is not None
    seat = session.seat_for_side(service.position_of(session).actors()[0])
    assert seat is not None
    return _member(w, seat.user_id)


async def test_challenge_buttons_after_acceptance_and_restart(
        tmp_path: Path, open_service: Opener) -> None:
    db = tmp_path / "db.sqlite3"
    service = await open_service(db)
    async with running(service, db) as w:
        challenge = (await w.alice.slash(w.channel, "new", game=GAME, opponent=w.bob)).response
        assert public(await w.bob.slash(w.channel, "accept")) is not None
        await _unchanged_refusal(service, w, w.bob, challenge, "Accept",
                                 "This challenge was already accepted")
        service = await restarted(w, service, open_service, db)
        await _unchanged_refusal(service, w, w.bob, challenge, "Decline",
                                 "This challenge was already accepted")
        assert labels(challenge) == ["Accept", "Decline"]  # a refusal leaves them


@needs_cheesegambit
async def test_old_taunt_buttons_do_not_answer_a_newer_taunt(
        tmp_path: Path, open_service: Opener) -> None:
    db = tmp_path / "db.sqlite3"
    service = await open_service(db)
    async with running(service, db) as w:
        await _three_player_game(w, pieces=6)
        rng = random.Random(6)
        first = await _until(service, w, rng, "Drop")
        target = await _taker(service, w)
        assert public(await target.slash(w.channel, "move", text="accept")) is not None
        session = await service.store.live_session(str(w.channel.id))
        assert session is not None
        turn = session.next_turn - 1
        await _until(service, w, rng, "Drop")
        service = await restarted(w, service, open_service, db)
        for member in (w.alice, w.bob, w.carol):
            await _unchanged_refusal(service, w, member, first, "Drop",
                                     "That taunt (")
            await _unchanged_refusal(service, w, member, first, "Accept",
                                     f"was answered at turn {turn}")


@needs_cheesegambit
async def test_vote_buttons_after_the_vote(tmp_path: Path, open_service: Opener) -> None:
    db = tmp_path / "db.sqlite3"
    service = await open_service(db)
    async with running(service, db) as w:
        await _three_player_game(w, pieces=4)
        vote = await _until(service, w, random.Random(4), "Yes")
        voters = []
        session = await service.store.live_session(str(w.channel.id))
        assert session is not None
        for side in service.position_of(session).actors():
            seat = session.seat_for_side(side)
            assert seat is not None
            voters.append(_member(w, seat.user_id))
        for voter in voters:
            assert public(await voter.slash(w.channel, "move", text="yes")) is not None
        await _unchanged_refusal(service, w, voters[0], vote, "No", "is already settled")


async def test_refused_takeback_button_does_not_allow_a_new_request(
        tmp_path: Path, open_service: Opener) -> None:
    db = tmp_path / "db.sqlite3"
    service = await open_service(db)
    async with running(service, db) as w:
        await start_game(w)

        async def play() -> Any:
            player = await mover(w, service)
            session = await service.store.live_session(str(w.channel.id))
            assert session is not None
            first = texts(service.legal_turns(session))[0]
            done = await player.slash(w.channel, "move", text=first)
            assert public(done) is not None, done
            return player

        asker = await play()
        other = opponent(w, asker)
        first = public(await asker.slash(w.channel, "takeback"))
        assert "Allow take-back" in labels(first)
        refused = await other.slash(w.channel, "takeback_answer", answer="refuse")
        assert public(refused) is not None, refused
        await play()
        assert await play() is asker
        second = public(await asker.slash(w.channel, "takeback"))
        assert second is not None
        service = await restarted(w, service, open_service, db)
        await _unchanged_refusal(service, w, other, first, "Allow take-back",
                                 "That take-back request was already refused")
        allowed = await other.click(second, label="Allow take-back")
        assert "undone" in public(allowed).content


async def test_lobby_buttons_after_the_start(tmp_path: Path, open_service: Opener) -> None:
    if "cheesegambit" not in available_games():
        pytest.skip("no CheeseGambit engine")
    db = tmp_path / "db.sqlite3"
    service = await open_service(db)
    async with running(service, db) as w:
        lobby = public(await w.alice.slash(w.channel, "new", game="cheesegambit"))
        joined = public(await w.bob.click(lobby, label="Join"))
        assert labels(joined) == ["Join", "Start"]
        assert public(await w.carol.slash(w.channel, "join")) is not None
        # a joined player cannot end the lobby for everyone
        aborted = await w.bob.slash(w.channel, "abort")
        assert public(aborted) is None and "Only the host" in private(aborted).content
        assert public(await w.alice.slash(w.channel, "start")) is not None
        await _unchanged_refusal(service, w, w.mod, joined, "Join",
                                 "This lobby has already started")
        await _unchanged_refusal(service, w, w.alice, joined, "Start",
                                 "This lobby has already started")


async def test_a_joined_player_declining_leaves_the_lobby(tmp_path: Path,
                                                         open_service: Opener) -> None:
    if "cheesegambit" not in available_games():
        pytest.skip("no CheeseGambit engine")
    db = tmp_path / "db.sqlite3"
    service = await open_service(db)
    async with running(service, db) as w:
        await w.alice.slash(w.channel, "new", game="cheesegambit")
        await w.bob.slash(w.channel, "join")
        left = public(await w.bob.slash(w.channel, "decline"))
        assert left is not None and "bob leaves the lobby" in left.content
        session = await service.store.live_session(str(w.channel.id))
        assert session is not None and session.status == "challenge"
        assert [s.user_id for s in session.seats] == [str(w.alice.id)]
        closed = await w.mod.slash(w.channel, "abort")
        assert public(closed) is not None
        assert await service.store.live_session(str(w.channel.id)) is None


async def test_rematch_button_after_a_new_challenge(tmp_path: Path,
                                                   open_service: Opener) -> None:
    db = tmp_path / "db.sqlite3"
    service = await open_service(db)
    async with running(service, db) as w:
        await start_game(w)
        ended = public(await resign(w, w.alice))
        assert labels(ended) == ["Rematch"]
        assert public(await w.alice.slash(w.channel, "new", game=GAME,
                                          opponent=w.carol)) is not None
        await _unchanged_refusal(service, w, w.bob, ended, "Rematch",
                                 "already been offered or started")
