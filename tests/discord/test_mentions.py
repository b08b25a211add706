"""Nothing users say can ping a crowd: hostile nicknames through the real bot, and the
scheduler's notices, against SimCord's model of who a message actually pings."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import discord

from bot.clocks import DAY
from tests.discord.harness import GAME, Opener, clocked_bot, make_bot, mover, public, simcord, sync


def _pings(env: Any, message: Any) -> tuple[set[int], set[int], bool]:
    """(users pinged, roles pinged, @everyone/@here) as Discord resolves them."""
    stored = env.backend.get_message(message.channel.id, message.id)
    return set(stored.ping_user_ids), set(stored.ping_role_ids), stored.mention_everyone


async def test_hostile_nicknames_ping_nobody_but_the_players(
        tmp_path: Path, open_service: Opener) -> None:
    service = await open_service(tmp_path / "db.sqlite3")
    bot, clock = clocked_bot(service, tmp_path / "db.sqlite3")
    async with simcord.run(bot) as env:
        guild = env.create_guild()
        channel = guild.create_text_channel("games")
        crowd = guild.create_role("Crowd", mentionable=True)
        victim = guild.add_member(env.create_user("victim"))
        guild.add_member(env.create_user("fan"), roles=[crowd])
        alice = guild.add_member(env.create_user("alice"), nick="@everyone @here")
        bob = guild.add_member(env.create_user("bob"), nick=f"<@{victim.id}> <@&{crowd.id}>")
        await sync(env)
        players = {alice.id, bob.id}

        made = await alice.slash(channel, "new", game=GAME, opponent=bob, time="1d,forfeit")
        accepted = await bob.slash(channel, "accept")
        player = await mover(type("W", (), {"channel": channel, "alice": alice,
                                            "bob": bob})(), service)
        shown = await bob.slash(channel, "board")
        posts = [public(made).message, public(accepted).message, public(shown).message]
        clock.now += DAY + 60  # the mover's day runs out: a forfeit notice
        assert bot.scheduler is not None
        fired = await bot.scheduler.run_once()
        await env.settle()
        assert [n.kind for n in fired] == ["forfeit"]
        notice = channel.last_message
        assert "ran out of time" in notice.content
        posts.append(notice)
        for message in posts:
            users, roles, everyone = _pings(env, message)
            assert users <= players and not roles and not everyone, message.content
            assert victim.mention not in message.content
            assert "@everyone" not in message.content and "@here" not in message.content
            assert f"<@&{crowd.id}>" not in message.content
        # the notice pings exactly the players, whatever the names hold
        assert _pings(env, notice)[0] == players
        assert player.mention in notice.content


async def test_the_client_pings_nobody_by_default(tmp_path: Path, open_service: Opener
                                                  ) -> None:
    service = await open_service(tmp_path / "db.sqlite3")
    bot = make_bot(service, tmp_path / "db.sqlite3", schedule=False)
    mentions = bot.allowed_mentions
    assert mentions is not None
    assert mentions.to_dict() == discord.AllowedMentions.none().to_dict()
