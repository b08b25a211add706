"""A pressed message is updated through its own interaction, never the channel route.

Discord answers 404 to ``PATCH /channels/{id}/messages/{id}`` for an ephemeral
message (the picker's steps, the lesson's pages, the resign question): the only
way to take the buttons off one is the interaction (``UPDATE_MESSAGE``, or
``PATCH .../messages/@original`` after a deferred update).  Public messages go
the same way, which also spares the channel's rate limit.  SimCord records every
route the bot takes, so these tests look at the routes, not only at the result.
"""

from __future__ import annotations

import asyncio
import random
import re
from pathlib import Path
from typing import Any

import pytest

from games import available_games
from tests.discord.harness import (
    GAME,
    Opener,
    World,
    mover,
    private,
    public,
    running,
    start_game,
)
from tests.discord.test_buttons import _taker, _three_player_game, _until, labels

_CHANNEL_EDIT = re.compile(r"/channels/\d+/messages/(\d+)$")


def _select(message: Any) -> dict[str, Any] | None:
    found = [c for row in message.components for c in row["components"] if c.get("type") == 3]
    return found[0] if found else None


def channel_edits(world: World) -> list[str]:
    """Every message edit the bot sent through the channel route, as its path."""
    return [r.path for r in world.env.http_requests
            if r.method == "PATCH" and _CHANNEL_EDIT.search(r.path)]


def kept_views() -> list[str]:
    """Views discord.py keeps listening to, by their timeout tasks: a private followup
    with a view gets a 15-minute one (the token's life) unless the view is stopped.
    Every control here is a dynamic item, dispatched without a stored view."""
    return [repr(t.get_coro()) for t in asyncio.all_tasks()
            if "__timeout_task_impl" in repr(t.get_coro()) and not t.done()]


async def pressed(world: World, member: Any, message: Any, label: str | None = None,
                  value: str | None = None) -> Any:
    """``member`` presses ``label`` (or chooses ``value`` in the menu) on ``message``;
    the press must leave the message without controls, changed through the
    interaction: no channel-route edit of it was attempted."""
    before = len(world.env.http_requests)
    if value is not None:
        result = await member.select(message, [value])
    else:
        result = await member.click(message, label=label)
    tried = [r.path for r in world.env.http_requests[before:]
             if r.method == "PATCH" and (m := _CHANNEL_EDIT.search(r.path))
             and int(m.group(1)) == message.id]
    assert tried == [], f"the pressed message was edited through the channel route: {tried}"
    assert message.components == [], (label or value, message.content[:80],
                                       message.components)
    return result


async def test_private_picker_lesson_and_resign_lose_their_controls(
        tmp_path: Path, open_service: Opener) -> None:
    db = tmp_path / "db.sqlite3"
    service = await open_service(db)
    rng = random.Random(3)
    async with running(service, db) as w:
        # the lesson: each page's Next is pressed on a private message
        page = private(await w.alice.slash(w.channel, "learn", game="hachapury"))
        assert page is not None and page.ephemeral
        page = private(await pressed(w, w.alice, page, label="Next"))
        assert page is not None and "(step 2 of" in page.content

        # the picker: Play under the public board, then private steps to Confirm
        await start_game(w)
        player = await mover(w, service)
        board = public(await player.slash(w.channel, "board"))
        assert board is not None and "Play" in labels(board)
        step = private(await player.click(board, label="Play"))
        assert "Play" in labels(board)  # the board keeps its Play button
        assert kept_views() == []  # a private followup's view is not kept for 15 minutes
        for _ in range(20):
            assert step is not None and step.ephemeral
            if "Confirm" in labels(step):
                posted = public(await pressed(w, player, step, label="Confirm"))
                assert posted is not None
                break
            menu = _select(step)
            assert menu is not None, step.content
            step = private(await pressed(w, player, step,
                                         value=rng.choice(menu["options"])["value"]))
        else:
            raise AssertionError("the picker never reached Confirm")

        # the resign question, answered by its button
        asked = private(await w.bob.slash(w.channel, "resign"))
        assert asked is not None and asked.ephemeral
        ended = public(await pressed(w, w.bob, asked, label="Resign"))
        assert ended is not None and "Rematch" in labels(ended)

        # public buttons: the rematch offer, then the challenge it posts
        offer = public(await pressed(w, w.alice, ended, label="Rematch"))
        assert offer is not None and "Accept" in labels(offer)
        assert public(await pressed(w, w.bob, offer, label="Accept")) is not None
        assert channel_edits(w) == []


@pytest.mark.skipif("cheesegambit" not in available_games(), reason="no CheeseGambit engine")
async def test_taunt_and_vote_buttons_lose_their_controls(tmp_path: Path,
                                                          open_service: Opener) -> None:
    db = tmp_path / "db.sqlite3"
    service = await open_service(db)
    async with running(service, db) as w:
        await _three_player_game(w, pieces=6)
        rng = random.Random(6)
        taunt = await _until(service, w, rng, "Drop")
        target = await _taker(service, w)
        assert public(await pressed(w, target, taunt, label="Accept")) is not None
        vote = await _until(service, w, rng, "Yes")
        voter = await _taker(service, w)
        assert public(await pressed(w, voter, vote, label="Yes")) is not None
        assert channel_edits(w) == []


async def test_a_refused_press_keeps_the_buttons_and_edits_nothing(
        tmp_path: Path, open_service: Opener) -> None:
    db = tmp_path / "db.sqlite3"
    service = await open_service(db)
    async with running(service, db) as w:
        challenge = public(await w.alice.slash(w.channel, "new", game=GAME, opponent=w.bob))
        refused = await w.carol.click(challenge, label="Accept")
        assert public(refused) is None and private(refused) is not None, refused
        assert labels(challenge) == ["Accept", "Decline"]
        assert channel_edits(w) == []


async def test_a_press_whose_public_reply_fails_is_told_privately(
        tmp_path: Path, open_service: Opener) -> None:
    db = tmp_path / "db.sqlite3"
    service = await open_service(db)
    async with running(service, db) as w:
        challenge = public(await w.alice.slash(w.channel, "new", game=GAME, opponent=w.bob))
        w.env.inject_error("POST", "/webhooks/*", status=503, times=1)
        accepted = await pressed(w, w.bob, challenge, label="Accept")
        assert public(accepted) is None, accepted
        note = private(accepted)
        assert note is not None and "/board" in note.content, accepted
        session = await service.store.live_session(str(w.channel.id))
        assert session is not None and session.status == "active"
