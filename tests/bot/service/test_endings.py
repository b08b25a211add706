"""Endings that say what happened: the winner by name, points, reason, the
number of turns, the seed with how to check it; every turn told in words."""

from __future__ import annotations

import io
import random
import re

from bot.service import GameService
from bot.verify import verify
from tests.bot.conftest import ALICE, BOB, HERE
from tests.bot.service.test_facade import _mover, _started


async def test_a_finished_game_names_the_winner_points_turns_and_how_to_check(
        service: GameService) -> None:
    session = await _started(service)
    rng = random.Random(5)
    reply = None
    for _ in range(400):
        session = await service.store.latest_session(HERE.id) or session
        if session.status != "active":
            break
        position = service.position_of(session)
        reply = await service.move(_mover(session, position.side_to_move), HERE,
                                   rng.choice(service.legal_turns(session)).text)
        assert reply.ok, reply.text
        # every public turn reply tells the turn in words, naming the mover
        assert re.search(r"^(alice|bob) \((White|Black)\) rolled \d-\d and ", reply.text,
                         re.M), reply.text
    final = await service.store.latest_session(HERE.id)
    assert final is not None and final.status == "finished" and reply is not None
    winner = final.result.split()[0] if final.result else ""
    name = "alice" if final.seat_for_side(winner).user_id == ALICE.id else "bob"
    turns = final.next_turn - 1
    assert f"**Game over** after {turns} turns: **" in reply.text
    assert f"({name})** wins" in reply.text
    assert f"Dice seed revealed: `{final.seed}`" in reply.text
    assert "run `boardbot verify FILE` (boardbot's command line" in reply.text
    # the record comes with the ending, and verifies against the revealed seed
    assert reply.attachment is not None and reply.attachment[0] == f"hachapury-{final.id}.txt"
    record = reply.attachment[1].decode()
    assert final.seed in record
    out = io.StringIO()
    assert verify(record, out) == 0, out.getvalue()


async def test_a_resignation_names_who_resigned(service: GameService) -> None:
    await _started(service)
    reply = await service.resign(BOB, HERE)
    assert reply.text.startswith("bob resigns. ")
    assert re.search(r"(White|Black) \(alice\) wins\.", reply.text), reply.text


async def test_public_replies_narrate_in_the_servers_language(service: GameService) -> None:
    from dataclasses import replace
    session = await _started(service)
    russian = replace(HERE, locale="ru")
    position = service.position_of(session)
    mover = _mover(session, position.side_to_move)
    reply = await service.move(mover, russian, service.legal_turns(session)[0])
    assert reply.ok and f"{mover.name} (" in reply.text and "): бросок " in reply.text
    live = await service.store.live_session(HERE.id)
    assert live is not None
    english = await service.move(_mover(live, service.position_of(live).side_to_move), HERE,
                                 service.legal_turns(live)[0])
    assert " rolled " in english.text
