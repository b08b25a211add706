"""Take-back answered Allow and Refuse at the same moment: exactly one answer wins (both
go through the session's version check), and the record still replays with no turn
doubled.  On real SQLite files, through one connection and through two (two processes)."""

from __future__ import annotations

import asyncio
import io
from pathlib import Path

import pytest

from bot.replay import replay
from bot.replies import RACE_MESSAGE
from bot.service import GameService
from bot.service.correspondence import replay_position
from games import get_game
from games.record import TurnLine, parse_record
from storage import Store
from tests.bot.conftest import CAROL, HERE, FakeClock
from tests.bot.service.test_correspondence import _play, _service, _start, _to_move

TRIES = 24


async def _record_replays_without_doubles(service: GameService) -> None:
    session = await service.store.latest_session(HERE.id)
    assert session is not None
    record = await service.record(CAROL, HERE)
    assert record.attachment is not None
    text = record.attachment[1].decode()
    out, err = io.StringIO(), io.StringIO()
    assert replay("hachapury", text, out=out, err=err) == 0, (err.getvalue(), out.getvalue())
    shown = out.getvalue().splitlines()
    assert (shown[-1] if shown else session.initial_position) == session.position
    labels = [(t.number, t.side) for t in parse_record(text, get_game("hachapury").action_line
                                                       ).entries if isinstance(t, TurnLine)]
    assert len(labels) == len(set(labels)), f"a turn appears twice: {labels}"
    effective = await service.ledger.effective_turns(session.id)
    assert replay_position(session, effective).listing() == session.position


@pytest.mark.parametrize("connections", [1, 2])
async def test_allow_and_refuse_at_once_exactly_one_wins(tmp_path: Path,
                                                         connections: int) -> None:
    wins = {"allow": 0, "refuse": 0}
    races = 0
    for attempt in range(TRIES):
        clock = FakeClock()
        path = str(tmp_path / f"race-{connections}-{attempt}.sqlite3")
        store = await Store.open(path)
        other_store = await Store.open(path) if connections == 2 else store
        try:
            service = _service(store, clock)
            racer = _service(other_store, clock) if connections == 2 else service
            await _start(service, "3d" if attempt % 2 else None)
            for _ in range(1 + attempt % 3):
                await _play(service, pick=attempt)
            session = await service.store.live_session(HERE.id)
            assert session is not None
            answerer, requester = _to_move(service, session)
            assert (await service.takeback(requester, HERE)).ok
            calls = [service.takeback_answer(answerer, HERE, True),
                     racer.takeback_answer(answerer, HERE, False)]
            if attempt % 2:
                calls.reverse()
            replies = await asyncio.gather(*calls)
            assert sorted(r.ok for r in replies) == [False, True], [r.text for r in replies]
            lost = next(r for r in replies if not r.ok)
            # the loser either raced the same version or read the winner's answer
            assert lost.private and (lost.text == RACE_MESSAGE or lost.text.startswith(
                "That take-back request was already")), lost.text
            races += lost.text == RACE_MESSAGE
            allowed = any(r.ok and "allows" in r.text for r in replies)
            wins["allow" if allowed else "refuse"] += 1
            after = await service.store.live_session(HERE.id)
            assert after is not None
            undo = await service.ledger.undo_request(after.id, session_seq := (
                await service.store.turns(after.id))[-1].seq)
            assert undo is not None and undo.accepted is allowed, (session_seq, undo)
            # the stored position is what the stored answer says
            assert (after.position == session.position) is not allowed
            assert after.version == session.version + 1
            await _record_replays_without_doubles(service)
            # play on (the mover replays the undone turn, or the opponent moves)
            await _play(service, pick=attempt + 1)
            await _play(service, pick=attempt)
            await _record_replays_without_doubles(service)
        finally:
            if other_store is not store:
                await other_store.close()
            await store.close()
    assert wins["allow"] + wins["refuse"] == TRIES
    assert races > 0, "the two answers never met on the same version"
    print(f"connections={connections}: {wins}, same-version races {races}/{TRIES}")
