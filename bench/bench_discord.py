"""Benchmark of the Discord layer, run through discord.py's real client code on SimCord.

Prints:
* move autocomplete answer time (p50/p99), in a fresh position and in the
  position with the most legal turns found by random playouts, measured both
  inside the bot (``Flows.move_choices``: cache + matching) and for the whole
  interaction round trip through the simulated Discord;
* interaction-to-reply time through the whole bot (p50/p99): 200 games in 200
  channels, one move each, all dispatched at once.

Usage: ``python bench/bench_discord.py [--games 200] [--keystrokes 300]``.
Needs the ``simcord`` package (an in-process Discord; no network).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import simcord  # noqa: E402

from bot import discord_adapter  # noqa: E402
from bot.config import Config  # noqa: E402
from bot.discord_app import build_bot  # noqa: E402
from bot.service import GameService, ServiceConfig  # noqa: E402
from games import available_games, get_game  # noqa: E402
from storage import Store  # noqa: E402
from storage.models import Session  # noqa: E402
from tests.discord.aiosqlite_patch import unhold_results  # noqa: E402

GAME = "hachapury" if "hachapury" in available_games() else available_games()[0]
#: The issue asks for autocomplete in the worst Chebache position: the constructed
#: worst case of bench_chebache.py (27,283 legal turns with [1 1]).
CHEBACHE_WORST = (
    "W: 1@1, 1@2, 1@3, 1K@4, 1@5, 1@7, 1@8, 1@9, 1@10, 1@11, 1@12, 1@16; "
    "B: 1@2, 1@8, 1@10, 1@16, 8K@S; W to move", (1, 1))


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000


def figures(values: list[float]) -> str:
    return f"p50 {pct(values, 0.50):7.2f} ms   p99 {pct(values, 0.99):7.2f} ms   (n={len(values)})"


def worst_position(game_name: str, playouts: int = 30, seed: int = 1) -> tuple[str, tuple]:
    """The (listing, dice) with the most legal turns met in random playouts."""
    game = get_game(game_name)
    options = game.normalise_options({})
    first = game.sides(options)[0].letter
    rng = random.Random(seed)
    best: tuple[int, str, tuple] = (-1, game.initial(options, first).listing(), ())
    for _ in range(playouts):
        position = game.initial(options, first)
        for _turn in range(80):
            if position.result is not None or position.side_to_move is None:
                break
            count = position.dice_count()
            throws = ([tuple([v] * count) for v in range(1, 7)] if count == 2 else
                      [tuple(rng.randint(1, 6) for _ in range(count)) for _ in range(6)])
            for dice in throws:
                n = len(position.legal_turns(dice))
                if n > best[0]:
                    best = (n, position.listing(), dice)
            dice = tuple(rng.randint(1, 6) for _ in range(count))
            position = position.play(rng.choice(position.legal_turns(dice)), dice).position
    return best[1], best[2]


async def keystrokes(env: Any, bot: Any, member: Any, channel: Any, texts: list[str]
                     ) -> tuple[list[float], list[float]]:
    """(interaction-to-answer times, in-bot times) for typing each text.

    The first is measured from dispatching the interaction to the bot having
    sent its choices (SimCord's own settling afterwards is not counted)."""
    trips, inside = [], []
    answered: list[float] = []
    original = discord_adapter.send_choices

    async def timed(interaction: Any, values: Any) -> None:
        await original(interaction, values)
        answered.append(time.perf_counter())

    discord_adapter.send_choices = timed
    try:
        for text in texts:
            start = time.perf_counter()
            await member.autocomplete(channel, "move", "text", text)
            trips.append(answered[-1] - start)
    finally:
        discord_adapter.send_choices = original
    probe = _Probe(channel.id, bot)
    for text in texts:
        start = time.perf_counter()
        await bot.flows.move_choices(probe, text)
        inside.append(time.perf_counter() - start)
    return trips, inside


class _Probe:
    """Just enough of an Interaction for ``Flows.move_choices``."""

    def __init__(self, channel_id: int, bot: Any) -> None:
        self.guild_id = bot.guilds[0].id
        self.channel_id = channel_id
        self.channel = None


async def game_in(store: Store, channel: Any) -> Session:
    """The game the bench started in ``channel`` (live, or just over)."""
    session = (await store.live_session(str(channel.id))
               or await store.latest_session(str(channel.id)))
    assert session is not None, f"no game in {channel.name}"
    return session


def typing_of(turns: list[str], count: int) -> list[str]:
    rng = random.Random(7)
    texts: list[str] = []
    while len(texts) < count:
        turn = rng.choice(turns)
        texts += [turn[:i] for i in range(0, len(turn) + 1)]
    return texts[:count]


async def bench(games: int, count: int) -> None:
    folder = Path(tempfile.mkdtemp(prefix="bench-discord-"))
    db = folder / "bench.sqlite3"
    store = await Store.open(str(db))
    service = GameService(store, ServiceConfig(), seed_factory=lambda: bytes(range(32)))
    # No background scheduler: its passes would only add noise to the figures.
    bot = build_bot(Config(database=str(db)), service=service, schedule=False)
    async with simcord.run(bot, settle_timeout=600) as env:
        guild = env.create_guild()
        alice = guild.add_member(env.create_user("alice"))
        bob = guild.add_member(env.create_user("bob"))
        await bot.tree.sync()

        fresh = guild.create_text_channel("fresh")
        await alice.slash(fresh, "new", game=GAME, opponent=bob)
        await bob.slash(fresh, "accept")
        session = await game_in(store, fresh)
        legal = service.legal_turns(session)
        texts = typing_of([turn.text for turn in legal], count)
        trips, inside = await keystrokes(env, bot, alice, fresh, texts)
        print(f"autocomplete, fresh position ({GAME}, {len(legal)} legal turns)")
        print(f"  interaction to answer:      {figures(trips)}")
        print(f"  inside the bot (cache+match): {figures(inside)}")

        await autocomplete_worst(env, bot, service, store, guild, alice, bob, GAME,
                                 *worst_position(GAME), count)
        if "chebache" in available_games():
            await autocomplete_worst(env, bot, service, store, guild, alice, bob, "chebache",
                                     *CHEBACHE_WORST, count)

        await many_games(env, bot, service, guild, alice, bob, games)
    await store.close()


async def autocomplete_worst(env: Any, bot: Any, service: GameService, store: Store,
                             guild: Any, alice: Any, bob: Any, game: str, listing: str,
                             dice: tuple, count: int) -> None:
    """Autocomplete timings in a channel whose game is set to ``listing`` with ``dice``."""
    worst = guild.create_text_channel(f"worst-{game}")
    await alice.slash(worst, "new", game=game, opponent=bob)
    await bob.slash(worst, "accept")
    session = await game_in(store, worst)
    await store.update_session(session, time.time(), position=listing, dice=list(dice))
    bot.flows.cache.forget(str(worst.id))
    session = await game_in(store, worst)
    start = time.perf_counter()
    legal = service.legal_turns(session)
    cold = time.perf_counter() - start
    texts = typing_of([turn.text for turn in legal], count)
    trips, inside = await keystrokes(env, bot, alice, worst, texts)
    print(f"autocomplete, worst {game} position ({len(legal)} legal turns for {dice}; "
          f"first legal-turn search {cold * 1000:.1f} ms, then cached)")
    print(f"  interaction to answer:      {figures(trips)}")
    print(f"  inside the bot (cache+match): {figures(inside)}")


async def many_games(env: Any, bot: Any, service: GameService, guild: Any, alice: Any,
                     bob: Any, games: int) -> None:
    channels = [guild.create_text_channel(f"game-{i}") for i in range(games)]
    for verb_actor, verb, options in ((alice, "new", {"game": GAME, "opponent": bob}),
                                      (bob, "accept", {})):
        with _unsettled(env):
            for channel in channels:
                await verb_actor.slash(channel, verb, **options)
        await env.settle(timeout=600)
    movers = []
    for channel in channels:
        session = await game_in(service.store, channel)
        seat = session.seat_for_side(service.position_of(session).side_to_move or "")
        assert seat is not None, f"nobody plays the side to move in {channel.name}"
        member = alice if seat.user_id == str(alice.id) else bob
        movers.append((channel, member, service.legal_turns(session)[0]))

    sent: dict[int, float] = {}
    done: dict[int, float] = {}
    acked: dict[int, float] = {}
    original, original_defer = discord_adapter.deliver, discord_adapter.defer

    async def timed(interaction: Any, reply: Any, elsewhere: str | None = None) -> bool:
        ok = await original(interaction, reply, elsewhere)
        done[interaction.channel_id] = time.perf_counter()
        return ok

    async def timed_defer(interaction: Any) -> bool:
        ok = await original_defer(interaction)
        acked[interaction.channel_id] = time.perf_counter()
        return ok

    discord_adapter.deliver, discord_adapter.defer = timed, timed_defer
    start = time.perf_counter()
    try:
        with _unsettled(env):
            for channel, member, text in movers:
                sent[channel.id] = time.perf_counter()
                await member.slash(channel, "move", text=text)
        await env.settle(timeout=600)
    finally:
        discord_adapter.deliver, discord_adapter.defer = original, original_defer
    wall = time.perf_counter() - start
    latencies = [done[c] - sent[c] for c in sent if c in done]
    acks = [acked[c] - sent[c] for c in sent if c in acked]
    applied = 0
    for channel, _member, _text in movers:
        session = await game_in(service.store, channel)
        turns = await service.store.turns(session.id)
        applied += any(t.actor != "bot" for t in turns)
    print(f"interaction to reply, {games} games in {games} channels, one move each, "
          f"concurrently (board PNG rendered for each)")
    print(f"  {figures(latencies)}   wall {wall:.2f} s, "
          f"{games / wall:.0f} moves/s, {applied}/{games} moves applied")
    print(f"  interaction to defer (acknowledged): {figures(acks)}")


class _unsettled:
    """Dispatch interactions without waiting for the bot (see tests/discord/harness.py)."""

    def __init__(self, env: Any) -> None:
        self.env = env

    def __enter__(self) -> None:
        self.original = self.env._settle_internal

        async def no_wait(**_: Any) -> None:
            return None

        self.env._settle_internal = no_wait

    def __exit__(self, *exc: object) -> None:
        self.env._settle_internal = self.original


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--keystrokes", type=int, default=300)
    args = parser.parse_args()
    unhold_results()
    asyncio.run(bench(args.games, args.keystrokes))
    return 0


if __name__ == "__main__":
    sys.exit(main())
