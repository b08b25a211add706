"""The Taunt buttons through discord.py against SimCord: under the reply to a turn that
bumped, pressed by the mover they taunt (the Accept and Drop buttons follow, the
record reads as if typed); pressed by someone else, or after the next move (also
after a restart), they change nothing and say why, privately."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from bot.records import record_text
from bot.service import GameService
from games import available_games
from games.turns import texts
from tests.discord.harness import Opener, World, private, public, restarted, running

pytestmark = pytest.mark.skipif("cheesegambit" not in available_games(),
                                reason="no CheeseGambit engine")


def labels(message: Any) -> list[str]:
    return [b.get("label") for row in message.components for b in row["components"]]


def _member(w: World, user_id: str) -> Any:
    return next(m for m in (w.alice, w.bob) if str(m.id) == user_id)


async def _until_taunt_offered(service: GameService, w: World, rng: random.Random
                               ) -> tuple[Any, Any, Any, str]:
    """Play `/move` turns (bumping when a taunt could follow, never typing one; taunts
    accepted) until a reply offers a Taunt button: (the reply, the mover, the other
    player, the button's label)."""
    for _ in range(400):
        session = await service.store.live_session(str(w.channel.id))
        assert session is not None, "the game ended first"
        position = service.position_of(session)
        side = position.actors()[0]
        if position.action_due():
            text = position.action_choices()[0]
        else:
            legal = texts(service.legal_turns(session))
            bumping = [t for t in legal[:40] if texts(position.turn_additions(t, session.dice))]
            text = rng.choice(bumping or legal)
        seat = session.seat_for_side(side)
        assert seat is not None
        member = _member(w, seat.user_id)
        shown = public(await member.slash(w.channel, "move", text=text))
        assert shown is not None
        offered = [label for label in labels(shown) if label.startswith("Taunt ")]
        if offered:
            other = w.bob if member is w.alice else w.alice
            return shown, member, other, offered[0]
    raise AssertionError("no Taunt button came up")


async def _refused(service: GameService, w: World, member: Any, message: Any, label: str,
                   says: str) -> None:
    before = await service.store.latest_session(str(w.channel.id))
    pressed = await member.click(message, label=label)
    assert public(pressed) is None, pressed
    answer = private(pressed)
    assert answer is not None and says in answer.content, answer and answer.content
    after = await service.store.latest_session(str(w.channel.id))
    assert before is not None and after is not None
    assert (after.version, after.position) == (before.version, before.position)


async def test_taunt_buttons_pressed_in_discord(tmp_path: Path, open_service: Opener) -> None:
    db = tmp_path / "db.sqlite3"
    service = await open_service(db)
    async with running(service, db) as w:
        await w.alice.slash(w.channel, "new", game="cheesegambit", opponent=w.bob,
                            options="pieces=6")
        assert public(await w.bob.slash(w.channel, "accept")) is not None
        rng = random.Random(3)
        # an offer left standing while the next player moves: closed
        old, mover, other, label = await _until_taunt_offered(service, w, rng)
        await _refused(service, w, other, old, label, "only they may taunt")
        session = await service.store.live_session(str(w.channel.id))
        assert session is not None
        legal = texts(service.legal_turns(session))
        assert public(await other.slash(w.channel, "move", text=legal[0])) is not None
        await _refused(service, w, mover, old, label, "had to come before the next move")
        service = await restarted(w, service, open_service, db)
        await _refused(service, w, mover, old, label, "had to come before the next move")
        # an offer taken up: the taunt as if typed, then its answer by buttons too
        reply, mover, other, label = await _until_taunt_offered(service, w, rng)
        taunted = public(await mover.click(reply, label=label))
        assert taunted is not None and " taunted " in taunted.content, taunted
        assert labels(taunted) == ["Accept", "Drop"]
        session = await service.store.live_session(str(w.channel.id))
        assert session is not None
        target = session.position.split(" taunts ", 1)[1][0] if session.position else "?"
        assert public(await other.click(taunted, label="Accept")) is not None
        session = await service.store.live_session(str(w.channel.id))
        assert session is not None
        record = record_text(session, await service.ledger.effective_turns(session.id))
        line = next(x for x in record.splitlines() if f" T@{target}" in x)
        assert line.endswith(f" T@{target} x2"), line
        again = private(await mover.slash(w.channel, "taunt", colour=target))
        assert again is not None and "one taunt a turn" in again.content, again
