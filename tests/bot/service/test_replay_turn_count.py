"""A game's turns are counted one way everywhere: a replay said "Replay of 193 turns"
of a game whose ending said "after 189 turns" (it counted the log's entries, answers
to taunts and votes among them).  The ending, /history and /replay all say the number
of the last turn played."""

from __future__ import annotations

import re

from bot.service import GameService
from bot.service.texts import ending
from tests.bot.conftest import ALICE, HERE
from tests.bot.service.test_replays import _entries, _played, drawing  # noqa: F401


async def test_replay_history_and_ending_count_the_same_turns(drawing: GameService  # noqa: F811
                                                              ) -> None:
    game_id = await _played(drawing, "cheesegambit", 120)
    session = await drawing.store.session(game_id)
    assert session is not None
    entries = await _entries(drawing, game_id)
    turns = session.next_turn - 1
    assert entries != turns  # answers are entries of the log, not turns
    said = ending(session, drawing.position_of(session), "en")
    assert f"after {turns} turns" in said, said
    reply = await drawing.replay(ALICE, HERE, game_id)
    assert reply.ok, reply.text
    assert re.search(rf"Replay of {turns} turns in \d+ frames", reply.text), reply.text
    history = await drawing.history(ALICE, HERE)
    assert f", {turns} turns," in history.text, history.text
