"""``/replay game:ID``: a finished game of this server as an animated GIF, one frame
per turn (a long game sampled), each frame captioned with its turn told in words,
under the upload limit it is given; refusals for what cannot be replayed."""

from __future__ import annotations

import asyncio
import io
import multiprocessing
import random
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace

import pytest
from PIL import Image

from bot.replies import Reply
from bot.service import GameService, ServiceConfig
from bot.service.replays import frame_specs, replay_gif
from renderer.animation import LAST_FEW, MAX_FRAMES, frame_plan
from storage import Store
from tests.bot.conftest import ALICE, BOB, HERE, FakeClock

PLAYERS = {ALICE.id: ALICE, BOB.id: BOB}


@pytest.fixture
def drawing(store: Store, clock: FakeClock) -> GameService:
    """A service that draws pictures (the shared fixture does not)."""
    rng = random.Random(99)
    return GameService(store, ServiceConfig(image_width=560), clock=clock,
                       seed_factory=lambda: rng.randbytes(32))


async def _played(service: GameService, game: str, entries: int,
                  options: dict[str, str] | None = None) -> int:
    """A game of alice and bob: ``entries`` log entries of random legal turns (and
    answers), then bob resigns if it is still on; its id."""
    assert (await service.new(ALICE, HERE, game, [BOB], options or {})).ok
    assert (await service.accept(BOB, HERE)).ok
    rng = random.Random(5)
    session = await service.store.live_session(HERE.id)
    assert session is not None
    for _ in range(entries):
        session = await service.store.live_session(HERE.id)
        if session is None:
            break
        position = service.position_of(session)
        if position.action_due():
            side, text = position.actors()[0], position.action_choices()[0]
        else:
            side, text = position.side_to_move or "", rng.choice(service.legal_turns(session)).text
        seat = session.seat_for_side(side)
        assert seat is not None
        reply = await service.move(PLAYERS[seat.user_id], HERE, text)
        assert reply.ok, reply.text
    if await service.store.live_session(HERE.id) is not None:
        assert (await service.resign(BOB, HERE)).ok
    return session.id


def _frames(reply: Reply) -> list[Image.Image]:
    assert reply.image is not None
    gif = Image.open(io.BytesIO(reply.image))
    assert gif.format == "GIF"
    frames = []
    for index in range(gif.n_frames):
        gif.seek(index)
        frames.append(gif.convert("RGB"))
    return frames


async def _entries(service: GameService, game_id: int) -> int:
    return len(await service.ledger.effective_turns(game_id))


async def test_a_short_game_has_a_frame_per_turn(drawing: GameService) -> None:
    game_id = await _played(drawing, "hachapury", 6)
    turns = await _entries(drawing, game_id)
    reply = await drawing.replay(ALICE, HERE, game_id)
    assert reply.ok and not reply.private, reply.text
    assert reply.image_name == f"replay-{game_id}.gif"
    frames = _frames(reply)
    assert len(frames) == turns + 1  # the start and each turn
    assert f"Replay of {turns} turns in {turns + 1} frames (every turn)" in reply.text
    assert "alice vs bob" in reply.text and "bob resigned" in reply.text
    assert len({f.size for f in frames}) == 1


async def test_frame_texts_are_the_turns_told_in_words(drawing: GameService) -> None:
    game_id = await _played(drawing, "hachapury", 4)
    session = await drawing.store.session(game_id)
    assert session is not None
    turns = await drawing.ledger.effective_turns(game_id)
    specs = frame_specs(session, turns)
    assert len(specs) == len(turns) + 1
    assert specs[0].label == f"Hachapury, game {game_id}: the start"
    assert "alice (" in specs[0].text and "bob (" in specs[0].text
    for spec, entry in zip(specs[1:], turns, strict=True):
        assert spec.label == f"Turn {entry.number} of {turns[-1].number}"
        seat = session.seat_for_side(entry.side)
        mover = "alice" if seat is not None and seat.user_id == ALICE.id else "bob"
        assert spec.text.startswith(f"{mover} (") and " rolled " in spec.text, spec.text
    assert specs[-1].text.endswith("Result: alice wins (bob resigned).")


async def test_a_long_game_is_sampled_to_the_frame_rule(drawing: GameService) -> None:
    game_id = await _played(drawing, "cheesegambit", MAX_FRAMES + 20)
    turns = await _entries(drawing, game_id)
    assert turns + 1 > MAX_FRAMES
    shown, step = frame_plan(turns + 1)
    reply = await drawing.replay(ALICE, HERE, game_id)
    assert reply.ok, reply.text
    assert len(_frames(reply)) == len(shown) <= MAX_FRAMES
    assert step > 1 and f"every {step} turns, then the last few one by one" in reply.text
    assert shown[-LAST_FEW:] == list(range(turns - LAST_FEW + 1, turns + 1))


async def test_the_animation_fits_the_upload_limit_it_is_given(drawing: GameService) -> None:
    game_id = await _played(drawing, "hachapury", 30)
    roomy = await drawing.replay(ALICE, HERE, game_id)
    assert roomy.ok and roomy.image is not None
    limit = len(roomy.image) // 2
    tight = await drawing.replay(ALICE, HERE, game_id, limit)
    assert tight.ok and tight.image is not None, tight.text
    assert len(tight.image) <= limit
    assert _frames(tight)[0].width < _frames(roomy)[0].width or \
        len(_frames(tight)) < len(_frames(roomy))
    hopeless = await drawing.replay(ALICE, HERE, game_id, 20_000)
    assert not hopeless.ok and hopeless.private
    assert "does not fit this server's upload limit of 20 KiB" in hopeless.text


async def test_refusals_name_what_is_wrong(drawing: GameService) -> None:
    missing = await drawing.replay(ALICE, HERE, 4242)
    assert not missing.ok and missing.private
    assert "There is no game 4242 in this server" in missing.text
    game_id = await _played(drawing, "hachapury", 2)
    elsewhere = await drawing.replay(ALICE, replace(HERE, guild_id="other-guild"), game_id)
    assert not elsewhere.ok and f"no game {game_id} in this server" in elsewhere.text
    assert (await drawing.new(ALICE, HERE, "hachapury", [BOB])).ok
    assert (await drawing.accept(BOB, HERE)).ok
    live = await drawing.store.live_session(HERE.id)
    assert live is not None
    running = await drawing.replay(BOB, HERE, live.id)
    assert not running.ok and running.private
    assert f"Game {live.id} is not finished" in running.text
    assert (await drawing.resign(ALICE, HERE)).ok  # before any turn
    empty = await drawing.replay(BOB, HERE, live.id)
    assert not empty.ok and "ended before its first turn" in empty.text


async def test_the_animation_is_made_in_another_process(drawing: GameService) -> None:
    """What ``Context.cpu`` hands a process pool: a module-level function and plain
    values, pickled there and back."""
    game_id = await _played(drawing, "hachapury", 3)
    session = await drawing.store.session(game_id)
    turns = await drawing.ledger.effective_turns(game_id)
    assert session is not None
    with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as pool:
        made = await asyncio.get_running_loop().run_in_executor(
            pool, replay_gif, session, turns, "en", "dark", 10 * 1024 * 1024)
    assert made.frames == len(turns) + 1 and made.data.startswith(b"GIF89a")


async def test_without_pictures_the_record_is_offered(service: GameService) -> None:
    game_id = await _played(service, "hachapury", 2)
    reply = await service.replay(ALICE, HERE, game_id)
    assert not reply.ok and f"`/record game:{game_id}`" in reply.text
