"""Playing the computer through Discord (SimCord): naming the bot seats the
computer, its turns follow the person's as messages of their own, a game of
computers plays itself, a restart while the computer is to move, /hint."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from bot.computer_pool import ComputerPool
from bot.computer_seats import is_computer_seat
from bot.config import Config
from bot.discord_app import BoardBot, build_bot
from bot.replies import Channel
from bot.service import GameService
from tests.discord import harness as h

simcord = h.simcord


def unpaced(service: GameService, path: Path) -> BoardBot:
    """A bot whose computers post without pausing between messages (the real bot
    paces them for people to follow)."""
    config = Config(database=str(path), image_width=400, computer_pace=0.0)
    return build_bot(config, service=service, schedule=False)


def the_bot(world: h.World) -> Any:
    """The bot's own user, as an option value a member can pick."""
    from simcord.builders import UserHandle

    backend = world.env.backend
    return UserHandle(world.env, backend.get_user(backend.bot_user.id))


def bot_posts(world: h.World) -> list[Any]:
    """Messages the bot posted in the channel on its own (not answers to commands)."""
    return [m for m in world.channel.history() if m.interaction_metadata is None
            and m.author.id == world.env.backend.bot_user.id]


async def _live(service: Any, world: h.World) -> Any:
    session = await service.store.latest_session(str(world.channel.id))
    assert session is not None
    return session


async def test_a_person_plays_the_computer_to_the_end(tmp_path: Path,
                                                      open_service: h.Opener) -> None:
    path = tmp_path / "db.sqlite3"
    service = await open_service(path)
    async with h.connected(unpaced(service, path)) as w:
        begun = await w.alice.slash(w.channel, "new", game="hachapury", opponent=the_bot(w),
                                    level="easy")
        shown = h.public(begun)
        assert shown is not None and "boardbot (easy)" in shown.content, begun
        session = await _live(service, w)
        computer = next(s for s in session.seats if s.user_id != str(w.alice.id))
        assert is_computer_seat(computer.user_id) and computer.name == "boardbot (easy)"
        for _ in range(400):
            session = await _live(service, w)
            if session.status != "active":
                break
            position = service.position_of(session)
            seat = session.seat_for_side(position.side_to_move or "")
            assert seat is not None and seat.user_id == str(w.alice.id), \
                "the computer's turn was left waiting"
            played = await h.play_first_offered(w, w.alice)
            assert h.public(played) is not None, played
        session = await _live(service, w)
        assert session.status == "finished"
        posts = bot_posts(w)
        assert posts, "the computer's turns came as messages of their own"
        assert all("<@computer" not in m.content for m in posts)  # never a fake ping
        record = await w.carol.slash(w.channel, "record")
        data = (await h.public(record).attachments[0].read()).decode()
        assert '"boardbot (easy)"]' in data
        # the bot's own profile counts the games its seats played
        card = h.public(await w.carol.slash(w.channel, "profile", member=the_bot(w)))
        assert card is not None and "not rated (1 finished)" in card.embeds[0].description


async def test_two_computers_play_while_people_watch(tmp_path: Path,
                                                     open_service: h.Opener) -> None:
    path = tmp_path / "db.sqlite3"
    service = await open_service(path)
    async with h.connected(unpaced(service, path)) as w:
        made = await w.alice.slash(w.channel, "new", game="hachapury", opponent=the_bot(w),
                                   opponent2=the_bot(w), level="easy")
        assert "alice watches" in h.public(made).content
        await w.env.settle()
        session = await _live(service, w)
        assert session.status == "finished", session
        assert all(is_computer_seat(s.user_id) for s in session.seats)
        assert len(bot_posts(w)) >= 10


async def test_other_bots_still_cannot_play(tmp_path: Path, open_service: h.Opener) -> None:
    path = tmp_path / "db.sqlite3"
    service = await open_service(path)
    async with h.connected(unpaced(service, path)) as w:
        other = w.guild.add_member(w.env.create_user("otherbot", bot=True))
        refused = await w.alice.slash(w.channel, "new", game="hachapury", opponent=other)
        assert refused.ephemeral and "Other bots" in h.private(refused).content


async def test_restart_while_the_computer_is_to_move(tmp_path: Path,
                                                     open_service: h.Opener) -> None:
    path = tmp_path / "db.sqlite3"
    service = await open_service(path)
    async with h.connected(unpaced(service, path)) as w:
        await w.alice.slash(w.channel, "new", game="hachapury", opponent=the_bot(w),
                            level="easy")
        session = await _live(service, w)
        if service.position_of(session).side_to_move != "W":
            await w.env.settle()
        # alice moves, and the bot goes down before the computer answers: its driver
        # is switched off for that one move
        w.env.bot.flows.on_change = None
        await h.play_first_offered(w, w.alice)
        session = await _live(service, w)
        waiting = session.next_turn
        seat = session.seat_for_side(service.position_of(session).side_to_move or "")
        assert seat is not None and is_computer_seat(seat.user_id)

        service = await h.restarted(w, service, open_service, path)
        await w.env.settle()
        session = await _live(service, w)
        assert session.next_turn > waiting  # the computer moved by itself after the start
        seat = session.seat_for_side(service.position_of(session).side_to_move or "")
        assert seat is not None and seat.user_id == str(w.alice.id)


async def test_hint_is_private(tmp_path: Path, open_service: h.Opener) -> None:
    path = tmp_path / "db.sqlite3"
    service = await open_service(path)
    async with h.connected(unpaced(service, path)) as w:
        await w.alice.slash(w.channel, "new", game="hachapury", opponent=the_bot(w),
                            level="easy")
        await w.env.settle()
        hint = await w.alice.slash(w.channel, "hint")
        assert h.public(hint) is None
        assert "the computer at `hard` would play" in h.private(hint).content
        deeper = await w.alice.slash(w.channel, "hint", level="expert")
        assert "the computer at `expert` would play" in h.private(deeper).content
        watcher = await w.carol.slash(w.channel, "hint")
        assert h.public(watcher) is None and "watching" in h.private(watcher).content



async def test_a_game_through_discord_with_the_process_pool(tmp_path: Path,
                                                            open_service: h.Opener) -> None:
    # The pool is started outside SimCord: SimCord freezes time.monotonic, and starting a
    # worker process polls its children with a timeout measured on that clock.
    path = tmp_path / "db.sqlite3"
    service = await open_service(path)
    pool = ComputerPool(1)
    await pool.start()
    service.thinker = pool
    try:
        async with h.connected(unpaced(service, path)) as w:
            await w.alice.slash(w.channel, "new", game="hachapury", opponent=the_bot(w),
                                opponent2=the_bot(w), level="easy")
            for _ in range(100):  # the workers run outside SimCord's view: wait for them
                await w.env.settle()
                if pool.decisions >= 3:
                    break
                await asyncio.sleep(0.05)
            assert pool.decisions >= 3
            assert pool.fallbacks == 0
    finally:
        await pool.shutdown()


async def test_the_bot_makes_warms_and_stops_its_own_pool(tmp_path: Path) -> None:
    from storage import Store

    path = tmp_path / "db.sqlite3"
    store = await Store.open(str(path))
    bot = build_bot(Config(database=str(path), image_width=400), store=store, schedule=False)
    try:
        await bot.setup_hook()  # what the bot runs on start, before connecting
        pool = bot.computer_pool
        assert pool is not None and bot.service.thinker is pool
        assert pool.decisions == 0 and pool._executor is not None  # started, warm
        pictures = bot.cpu_pool  # and the pool pictures are drawn in
        assert pictures is not None and bot.service.context.cpu_pool is pictures
        assert pictures.ready and pictures.width == 400  # warm, at the configured width
        await bot.close()
        assert pool._executor is None  # stopped with the bot
        assert pictures._executor is None and not pictures.ready
    finally:
        await store.close()


async def test_the_computers_turn_is_posted_below_the_reply_to_the_turn_before(
        tmp_path: Path, open_service: h.Opener, monkeypatch: Any) -> None:
    """A computer step that starts while the person's reply to the turn before is still
    on its way (the minute's sweep, or the driver still looping) must not post above
    it.  The race is forced: the person's reply is held back until the computer has
    had every chance to begin (a poke, then the event loop turned over), and, if it
    began, until it has posted."""
    from bot import discord_adapter

    path = tmp_path / "db.sqlite3"
    service = await open_service(path)
    async with h.connected(unpaced(service, path)) as w:
        await w.alice.slash(w.channel, "new", game="hachapury", opponent=the_bot(w),
                            level="easy")
        await w.env.settle()
        bot = w.env.bot
        driver = bot.driver
        assert driver is not None
        began = asyncio.Event()
        real_step = service.computer_step

        async def step(where: Any) -> Any:
            began.set()
            return await real_step(where)

        monkeypatch.setattr(service, "computer_step", step)
        real_deliver = discord_adapter.deliver
        held: list[bool] = []

        async def slow_deliver(interaction: Any, reply: Any) -> bool:
            if not reply.private and not held:
                held.append(True)
                where = discord_adapter.to_channel(interaction)
                assert where is not None
                driver.poke(where)  # the sweep comes round just now
                for _ in range(50):
                    await asyncio.sleep(0)
                if began.is_set():  # it is playing: let it finish and post first
                    await asyncio.gather(*driver._tasks.values())
            return await real_deliver(interaction, reply)

        monkeypatch.setattr(discord_adapter, "deliver", slow_deliver)
        before = {m.id for m in bot_posts(w)}
        played = await h.play_first_offered(w, w.alice)
        await w.env.settle()
        reply = h.public(played)
        assert held and reply is not None, played
        computer = [m for m in bot_posts(w) if m.id not in before]
        assert computer, "the computer did not play its turn"
        assert all(m.id > reply.id for m in computer), (
            "the computer's turn was posted above the person's reply to the turn before")


async def test_a_command_waiting_for_the_computers_step_is_acknowledged_at_once(
        tmp_path: Path, open_service: h.Opener, monkeypatch: Any) -> None:
    """A change that has to wait for the channel (the computer's step holds it while it
    thinks and posts) is deferred first: Discord drops an interaction not answered
    within 3 s, and ``/takeback`` does not defer on its own."""
    path = tmp_path / "db.sqlite3"
    service = await open_service(path)
    async with h.connected(unpaced(service, path)) as w:
        await w.alice.slash(w.channel, "new", game="hachapury", opponent=the_bot(w),
                            level="easy")
        await w.env.settle()
        bot = w.env.bot
        assert bot.driver is not None
        thinking = asyncio.Event()
        real_step = service.computer_step

        async def step(where: Any) -> Any:
            await thinking.wait()  # a long thought
            return await real_step(where)

        monkeypatch.setattr(service, "computer_step", step)
        with h.unsettled(w.env):
            bot.driver.poke(Channel(str(w.channel.id), str(w.guild.id)))  # the sweep
            for _ in range(20):
                await asyncio.sleep(0)
            assert bot.flows.order.busy(str(w.channel.id))
            asked = await w.alice.slash(w.channel, "takeback")
            for _ in range(50):
                await asyncio.sleep(0)
            assert asked.acknowledged and asked.deferred, asked
            waiting = h.private(asked)  # "thinking…" while the computer holds the channel
            assert waiting is not None and waiting.content == "" and not asked.followups
            thinking.set()
        await w.env.settle()
        answer = h.private(asked)
        assert answer is not None and answer.content, asked  # answered once it was free
