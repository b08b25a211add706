"""A whole game of each of the four games played in Discord (SimCord) with buttons
and menus only: Play under the board, the private picker's select menus, Confirm,
and the answer buttons.  No move is typed."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from bot.service import GameService
from games.turns import texts
from tests.discord.harness import (
    Opener,
    World,
    labels,
    private,
    public,
    running,
    select_menu,
)


async def _member_for(world: World, service: GameService, side: str) -> Any:
    session = await service.store.live_session(str(world.channel.id))
    assert session is not None
    seat = session.seat_for_side(side)
    assert seat is not None
    return {str(m.id): m for m in (world.alice, world.bob)}[seat.user_id]


async def _tap_turn(world: World, member: Any, board: Any, rng: random.Random) -> Any:
    step = private(await member.click(board, label="Play"))
    for _ in range(20):
        assert step is not None
        if "Confirm" in labels(step):
            done = await member.click(step, label="Confirm")
            posted = public(done)
            assert posted is not None, (private(done).content if private(done) else done)
            return posted
        menu = select_menu(step)
        assert menu is not None, step.content
        assert 1 <= len(menu["options"]) <= 25
        value = rng.choice(menu["options"])["value"]
        step = private(await member.select(step, [value]))
    raise AssertionError("the picker never completed a turn")


@pytest.mark.parametrize(("game", "options"), [
    ("hachapury", None), ("chebache", None), ("cheesegambit", "pieces=4"), ("che", "tiles=16")])
async def test_a_whole_game_with_buttons_and_menus_only(tmp_path: Path, open_service: Opener,
                                                        game: str, options: str | None) -> None:
    db = tmp_path / "db.sqlite3"
    service = await open_service(db)
    rng = random.Random(11)
    async with running(service, db) as w:
        extra = {"options": options} if options else {}
        made = await w.alice.slash(w.channel, "new", game=game, opponent=w.bob, **extra)
        assert public(made) is not None, made
        board = public(await w.bob.click(public(made), label="Accept"))
        assert board is not None
        taps = 0
        for _ in range(400):
            session = await service.store.latest_session(str(w.channel.id))
            assert session is not None
            if session.status != "active":
                break
            position = service.position_of(session)
            if position.action_due():
                member = await _member_for(w, service, position.actors()[0])
                label = next(x for x in labels(board) if x not in ("Play", "Rematch"))
                board = public(await member.click(board, label=label))
                assert board is not None
                continue
            member = await _member_for(w, service, position.side_to_move or "")
            assert "Play" in labels(board), (board.content, labels(board))
            board = await _tap_turn(w, member, board, rng)
            taps += 1
        final = await service.store.latest_session(str(w.channel.id))
        assert final is not None and final.status == "finished", final
        assert taps > 0 and "Game over" in board.content
        assert len(await service.store.turns(final.id)) >= taps


async def test_learn_runs_privately_to_the_end_in_discord(tmp_path: Path,
                                                         open_service: Opener) -> None:
    db = tmp_path / "db.sqlite3"
    service = await open_service(db)
    async with running(service, db) as w:
        page = private(await w.alice.slash(w.channel, "learn", game="hachapury"))
        assert page is not None and "(step 1 of" in page.content
        for _ in range(20):
            menu = select_menu(page)
            if menu is not None:
                answered = private(await w.alice.select(page, [menu["options"][0]["value"]]))
                assert answered is not None and answered.content[:1] in "✅❌"
                page = answered
            if "Next" not in labels(page):
                break
            page = private(await w.alice.click(page, label="Next"))
            assert page is not None
        assert "you are ready" in page.content and "Play the computer" in labels(page)
        lobby = public(await w.alice.click(page, label="Play the computer"))
        assert lobby is not None and "Hachapury" in lobby.content


async def test_move_autocomplete_offers_the_taunt_endings(tmp_path: Path,
                                                          open_service: Opener) -> None:
    db = tmp_path / "db.sqlite3"
    service = await open_service(db)
    rng = random.Random(2)
    async with running(service, db) as w:
        made = await w.alice.slash(w.channel, "new", game="cheesegambit", opponent=w.bob,
                                   options="pieces=6")
        await w.bob.click(public(made), label="Accept")
        for _ in range(300):
            session = await service.store.live_session(str(w.channel.id))
            assert session is not None
            position = service.position_of(session)
            if position.action_due():
                member = await _member_for(w, service, position.actors()[0])
                await member.slash(w.channel, "move", text=position.action_choices()[0])
                continue
            member = await _member_for(w, service, position.side_to_move or "")
            legal = texts(service.legal_turns(session))
            taunting = [t for t in legal if texts(position.turn_additions(t, session.dice))]
            if taunting:
                turn = taunting[0]
                endings = texts(position.turn_additions(turn, session.dice))
                offered = [c["value"] for c in
                           await member.autocomplete(w.channel, "move", "text", turn)]
                assert turn in offered and f"{turn} {endings[0]}" in offered, offered
                begun = [c["value"] for c in
                         await member.autocomplete(w.channel, "move", "text", f"{turn} T@")]
                assert begun and all(v.startswith(f"{turn} T@") for v in begun), begun
                return
            await member.slash(w.channel, "move", text=rng.choice(legal))
        raise AssertionError("no bump came up")
