"""Shared helpers: a bot on a SQLite file, a guild with players, game choice."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from contextlib import AbstractAsyncContextManager, asynccontextmanager, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import discord
import pytest

from bot.config import Config
from bot.discord_app import BoardBot, build_bot
from bot.service import GameService, ServiceConfig
from games import available_games
from storage import Session, Store
from tests.bot.conftest import FakeClock

simcord = pytest.importorskip("simcord")

#: The game the end-to-end tests play: Hachapury when its engine is installed.
GAME = "hachapury" if "hachapury" in available_games() else available_games()[0]
SEED = bytes(range(32))
#: The ``open_service`` fixture: ``await open_service(path)``.
Opener = Callable[[Path], Awaitable[GameService]]


async def open_service(path: Path | str) -> GameService:
    """A service on ``path`` (a SQLite file or a PostgreSQL URL) with fixed dice (the bot
    uses it but does not own it)."""
    store = await Store.open(str(path))
    return GameService(store, ServiceConfig(image_width=400), seed_factory=lambda: SEED)


def make_bot(service: GameService, path: Path, **kwargs: Any) -> BoardBot:
    # no analyses posted by themselves: a test that wants them runs the poster's pass
    return build_bot(Config(database=str(path), image_width=400, analysis_posts=False),
                     service=service, **kwargs)


@dataclass
class World:
    env: Any
    guild: Any
    channel: Any
    alice: Any
    bob: Any
    carol: Any
    mod: Any


async def make_world(env: Any) -> World:
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    mods = guild.create_role("Mods", permissions=discord.Permissions(manage_messages=True))
    world = World(env, guild, channel,
                  guild.add_member(env.create_user("alice")),
                  guild.add_member(env.create_user("bob")),
                  guild.add_member(env.create_user("carol")),
                  guild.add_member(env.create_user("mod"), roles=[mods]))
    await sync(env)
    return world


def clocked_bot(service: GameService, path: Path) -> tuple[BoardBot, FakeClock]:
    """The service on a clock the test moves, and a bot whose scheduler runs only when
    the test calls ``bot.scheduler.run_once``."""
    clock = FakeClock()
    service.clock = clock
    return make_bot(service, path, schedule=False), clock


@asynccontextmanager
async def connected(bot: BoardBot) -> AsyncIterator[World]:
    """``bot`` connected to SimCord, with a guild of players; the SimCord environment
    is ``world.env``."""
    async with simcord.run(bot) as env:
        world = await make_world(env)
        yield world
        tried = ephemeral_channel_edits(world)
        assert not tried, ("ephemeral messages edited through the channel route (Discord "
                           f"answers 404: edit them through the interaction): {tried}")


_CHANNEL_EDIT = re.compile(r"/channels/(\d+)/messages/(\d+)$")


def ephemeral_channel_edits(world: World) -> list[str]:
    """The bot's ``PATCH /channels/{id}/messages/{id}`` requests on ephemeral messages:
    real Discord refuses them all (SimCord answers 404 too, which the bot swallows)."""
    from simcord.backend.errors import BackendError

    found = []
    for request in world.env.http_requests:
        match = _CHANNEL_EDIT.search(request.path)
        if request.method != "PATCH" or match is None:
            continue
        try:
            message = world.env.backend.get_message(int(match[1]), int(match[2]))
        except BackendError:  # deleted since: it cannot tell any more
            continue
        if message.is_ephemeral:
            found.append(request.path)
    return found


def running(service: GameService, path: Path) -> AbstractAsyncContextManager[World]:
    """A bot (``make_bot``) on ``service`` and ``path``, ``connected``."""
    return connected(make_bot(service, path))


async def restarted(world: World, service: GameService, open_service: Opener,
                    path: Path) -> GameService:
    """A new process on the same database: the old store closed, a fresh store,
    service and bot in its place; returns the new service."""
    await service.store.close()
    service = await open_service(path)
    await world.env.restart_bot(make_bot(service, path))
    return service


async def sync(env: Any) -> None:
    await env.bot.tree.sync()


async def start_game(world: World) -> None:
    """alice challenges bob, bob accepts: the game is under way."""
    made = await world.alice.slash(world.channel, "new", game=GAME, opponent=world.bob)
    assert made.response is not None and not made.ephemeral, made
    accepted = await world.bob.slash(world.channel, "accept")
    assert public(accepted) is not None, accepted


async def under_way(world: World, service: GameService) -> tuple[Any, Session]:
    """``start_game``, then the member whose turn it is and the live session."""
    await start_game(world)
    player = await mover(world, service)
    session = await service.store.live_session(str(world.channel.id))
    assert session is not None
    return player, session


async def play_first_offered(world: World, player: Any) -> Any:
    """``player`` plays the first turn ``/move``'s autocomplete offers them."""
    choices = await player.autocomplete(world.channel, "move", "text", "")
    return await player.slash(world.channel, "move", text=choices[0]["value"])


async def resign(world: World, member: Any) -> Any:
    """``member`` resigns as a player does: ``/resign`` asks privately, the Resign
    button under that question confirms."""
    asked = await member.slash(world.channel, "resign")
    question = private(asked)
    assert question is not None and "cannot be taken back" in question.content, asked
    return await member.click(question, label="Resign")


def opponent(world: World, player: Any) -> Any:
    """The other one of alice and bob."""
    return world.alice if player is world.bob else world.bob


def posted(result: Any) -> list[Any]:
    """The messages a command or press posted: its initial response and followups.
    A press is deferred as an update of the pressed message, which SimCord then
    reports as the response: that message is the one pressed, not an answer."""
    response = result.response
    source = result._interaction.source_message_id  # SimCord keeps it on the record only
    shown = [response] if response is not None and response.id != source else []
    return shown + list(result.followups)


def components(message: Any) -> list[dict[str, Any]]:
    """A posted message's components (every row's), as Discord sends them."""
    return [c for row in message.components for c in row["components"]]


def labels(message: Any) -> list[str | None]:
    """The labels of a message's buttons."""
    return [c.get("label") for c in components(message) if c.get("type") == 2]


def select_menu(message: Any) -> dict[str, Any] | None:
    """A message's first select menu (None: it has none)."""
    found = [c for c in components(message) if c.get("type") == 3]
    return found[0] if found else None


def public(result: Any) -> Any:
    """The public message a command posted (initial response or followup), if any."""
    shown = [m for m in posted(result) if not m.ephemeral]
    return shown[-1] if shown else None


def private(result: Any) -> Any:
    hidden = [m for m in posted(result) if m.ephemeral]
    return hidden[-1] if hidden else None


async def mover(world: World, service: GameService) -> Any:
    """The member whose turn it is."""
    session = await service.store.live_session(str(world.channel.id))
    assert session is not None
    side = service.position_of(session).side_to_move
    seat = session.seat_for_side(side or "")
    assert seat is not None
    return world.alice if seat.user_id == str(world.alice.id) else world.bob


@contextmanager
def unsettled(env: Any) -> Iterator[None]:
    """Within this block an actor's verb dispatches without waiting for the bot, so
    the next verb's interaction races with it (SimCord otherwise runs one at a time)."""
    original = env._settle_internal

    async def no_wait(**_: Any) -> None:
        return None

    env._settle_internal = no_wait
    try:
        yield
    finally:
        env._settle_internal = original
