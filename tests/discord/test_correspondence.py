"""Lobbies, answer buttons, clocks, take-backs, previews and reminders over SimCord."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from bot import discord_adapter as adapter
from bot.cogs import Flows
from bot.replies import Button, Reply
from bot.scheduler import Notification
from games import available_games
from tests.discord.harness import (
    GAME,
    Opener,
    clocked_bot,
    connected,
    make_bot,
    mover,
    opponent,
    play_first_offered,
    private,
    public,
    running,
    start_game,
    under_way,
)

DAY = 24 * 3600.0


def button_ids(message: Any) -> list[str]:
    return [b["custom_id"] for row in message.components for b in row["components"]]


@pytest.mark.skipif("cheesegambit" not in available_games(), reason="no CheeseGambit engine")
async def test_three_player_lobby_joined_by_button_started_by_command(
        tmp_path: Path, open_service: Opener) -> None:
    service = await open_service(tmp_path / "db.sqlite3")
    async with running(service, tmp_path / "db.sqlite3") as w:
        opened = await w.alice.slash(w.channel, "new", game="cheesegambit")
        lobby = public(opened)
        assert lobby is not None and "lobby" in lobby.content, opened
        session = await service.store.live_session(str(w.channel.id))
        assert session is not None
        assert button_ids(lobby) == [f"boardbot:join:{session.id}:c"]

        joined = await w.bob.click(lobby, label="Join")
        after_bob = public(joined)
        assert after_bob is not None and "joins" in after_bob.content, joined
        assert f"boardbot:start:{session.id}:c" in button_ids(after_bob)
        assert lobby.components == []  # superseded by the reply's own buttons

        early = await w.bob.slash(w.channel, "start")
        assert public(early) is None and "Only the host" in private(early).content
        joined = await w.carol.slash(w.channel, "join")
        assert "joins" in public(joined).content
        again = await w.carol.slash(w.channel, "join")
        assert public(again) is None and "already" in private(again).content

        started = await w.alice.slash(w.channel, "start")
        assert public(started) is not None, started
        session = await service.store.live_session(str(w.channel.id))
        assert session is not None
        assert session.status == "active" and len(session.seats) == 3
        assert {s.user_id for s in session.seats} == {str(w.alice.id), str(w.bob.id),
                                                      str(w.carol.id)}


async def test_answer_buttons_go_through_press(tmp_path: Path, open_service: Opener,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """Buttons in the format posted before question tags (`accept:<id>`, `drop:<id>`)
    reach GameService.press, which decides: the game waits for no answer, so each is
    refused privately and specifically."""
    service = await open_service(tmp_path / "db.sqlite3")
    pressed: list[tuple[str, str]] = []
    real_press = service.press

    async def spy(user: Any, channel: Any, action: str) -> Reply:
        pressed.append((user.id, action))
        return await real_press(user, channel, action)

    monkeypatch.setattr(service, "press", spy)
    bot = make_bot(service, tmp_path / "db.sqlite3")
    async with connected(bot) as w:
        player, session = await under_way(w, service)
        channel = bot.get_channel(w.channel.id)
        assert isinstance(channel, discord.abc.Messageable)
        await adapter.post(channel, Reply(
            text="Taunt!", buttons=[Button("Accept", f"accept:{session.id}", "success"),
                                    Button("Drop", f"drop:{session.id}", "danger"),
                                    Button("Old", f"drop:{session.id + 99}")]))
        await w.env.settle()
        taunt = w.channel.last_message
        dropped = await player.click(taunt, label="Drop")
        assert pressed[-1] == (str(player.id), f"drop:{session.id}")
        assert public(dropped) is None and "no longer open" in private(dropped).content
        accepted = await player.click(taunt, label="Accept")
        assert pressed[-1] == (str(player.id), f"accept:{session.id}")
        assert public(accepted) is None
        assert "challenge was already accepted" in private(accepted).content
        stale = await player.click(taunt, label="Old")
        assert "no longer waiting" in private(stale).content
        assert len(taunt.components) == 1  # refusals leave the buttons in place


async def test_autocomplete_offers_the_answers_when_one_is_due() -> None:
    position = SimpleNamespace(action_due=lambda: True,
                               action_choices=lambda: ["accept", "drop"])
    session = SimpleNamespace(id=1, version=3, status="active", position="x")

    async def live_session(channel_id: str) -> Any:
        return session

    async def position_async(s: Any) -> Any:
        return position

    async def no_legal_turns(s: Any) -> Any:
        pytest.fail("no legal turns while an answer is due")

    service = SimpleNamespace(
        store=SimpleNamespace(live_session=live_session),
        position_async=position_async, legal_turns_async=no_legal_turns)
    # a stand-in service: move_choices reads only these
    flows = Flows(lambda: service)  # type: ignore[arg-type, return-value]
    # a stand-in for a discord.Interaction: move_choices reads only these fields
    interaction = SimpleNamespace(guild_id=1, channel_id=2, channel=SimpleNamespace(name="g"))
    assert await flows.move_choices(interaction, "") == ["accept", "drop"]  # type: ignore[arg-type]
    assert await flows.move_choices(interaction, "dr") == ["drop"]  # type: ignore[arg-type]


async def test_takeback_allowed_by_button(tmp_path: Path, open_service: Opener) -> None:
    service = await open_service(tmp_path / "db.sqlite3")
    async with running(service, tmp_path / "db.sqlite3") as w:
        player, _ = await under_way(w, service)
        other = opponent(w, player)
        nothing = await other.slash(w.channel, "takeback_answer", answer="allow")
        assert "no open take-back" in private(nothing).content
        await play_first_offered(w, player)
        before = await service.store.live_session(str(w.channel.id))
        assert before is not None

        asked = await player.slash(w.channel, "takeback")
        request = public(asked)
        assert request is not None and other.mention in request.content, asked
        own = await player.click(request, label="Allow take-back")
        assert "other player answers" in private(own).content
        allowed = await other.click(request, label="Allow take-back")
        assert "allows the take-back" in public(allowed).content
        assert request.components == []
        after = await service.store.live_session(str(w.channel.id))
        assert after is not None
        assert after.next_turn == before.next_turn - 1
        assert await mover(w, service) is player


async def test_takeback_refused_by_command(tmp_path: Path, open_service: Opener) -> None:
    service = await open_service(tmp_path / "db.sqlite3")
    async with running(service, tmp_path / "db.sqlite3") as w:
        player, _ = await under_way(w, service)
        other = opponent(w, player)
        await play_first_offered(w, player)
        await player.slash(w.channel, "takeback")
        refused = await other.slash(w.channel, "takeback_answer", answer="refuse")
        assert "refuses the take-back" in public(refused).content


async def test_preview_is_private_with_a_picture(tmp_path: Path, open_service: Opener) -> None:
    service = await open_service(tmp_path / "db.sqlite3")
    async with running(service, tmp_path / "db.sqlite3") as w:
        player, session = await under_way(w, service)
        choices = await player.autocomplete(w.channel, "preview", "text", "")
        assert choices
        shown = await player.slash(w.channel, "preview", text=choices[0]["value"])
        assert public(shown) is None
        note = private(shown)
        assert "Preview" in note.content
        assert [a.filename for a in note.attachments] == ["board.png"]
        unchanged = await service.store.live_session(str(w.channel.id))
        assert unchanged is not None
        assert unchanged.version == session.version  # nothing was played


async def test_mygames_and_notify(tmp_path: Path, open_service: Opener) -> None:
    service = await open_service(tmp_path / "db.sqlite3")
    async with running(service, tmp_path / "db.sqlite3") as w:
        none = await w.carol.slash(w.channel, "mygames")
        assert none.ephemeral and "no games" in private(none).content
        await start_game(w)
        player = await mover(w, service)
        mine = await player.slash(w.channel, "mygames")
        assert public(mine) is None
        assert f"<#{w.channel.id}>" in private(mine).content
        assert "your turn" in private(mine).content

        told = await w.alice.slash(w.channel, "notify", mode="dm")
        assert public(told) is None and "direct message" in private(told).content
        assert await service.ledger.notify_mode(str(w.alice.id)) == "dm"
        await w.alice.slash(w.channel, "notify", mode="none")
        assert await service.ledger.notify_mode(str(w.alice.id)) == "none"


async def test_scheduler_reminds_in_the_channel_and_by_dm(
        tmp_path: Path, open_service: Opener) -> None:
    service = await open_service(tmp_path / "db.sqlite3")
    bot, clock = clocked_bot(service, tmp_path / "db.sqlite3")
    async with connected(bot) as w:
        assert bot.scheduler is not None
        made = await w.alice.slash(w.channel, "new", game=GAME, opponent=w.bob, time="3d")
        assert "clock (3d)" in public(made).content
        await w.bob.slash(w.channel, "accept")
        start = clock.now
        player = await mover(w, service)

        assert await bot.scheduler.run_once(start + 2 * DAY - 60) == []
        fired = await bot.scheduler.run_once(start + 2 * DAY + 1)
        await w.env.settle()
        assert [n.kind for n in fired] == ["reminder"]
        posted = w.channel.last_message
        assert "reminder" in posted.content and player.mention in posted.content

        await player.slash(w.channel, "notify", mode="dm")
        fired = await bot.scheduler.run_once(start + 3 * DAY - 3000)
        await w.env.settle()
        assert [(n.kind, n.mode) for n in fired] == [("reminder", "dm")]
        dm = player.user.dm_channel.last_message
        assert dm is not None and "reminder" in dm.content and "1h left" in dm.content
        assert w.channel.last_message.id == posted.id  # nothing more in the channel

        fired = await bot.scheduler.run_once(start + 3 * DAY + 1)
        await w.env.settle()
        assert [n.kind for n in fired] == ["timeout"]
        assert "/claim" in w.channel.last_message.content
        other = opponent(w, player)
        clock.now = start + 3 * DAY + 2
        claimed = await other.slash(w.channel, "claim")
        assert "claims the win" in public(claimed).content


async def test_grant_gives_the_mover_more_time(tmp_path: Path, open_service: Opener) -> None:
    service = await open_service(tmp_path / "db.sqlite3")
    bot, _ = clocked_bot(service, tmp_path / "db.sqlite3")
    async with connected(bot) as w:
        await w.alice.slash(w.channel, "new", game=GAME, opponent=w.bob, time="1d")
        await w.bob.slash(w.channel, "accept")
        player = await mover(w, service)
        other = opponent(w, player)
        early = await other.slash(w.channel, "claim")
        assert "nothing to claim" in private(early).content
        own = await player.slash(w.channel, "grant", amount="2d")
        assert "your own time" in private(own).content
        granted = await other.slash(w.channel, "grant", amount="2d")
        assert "more" in public(granted).content and player.mention in public(granted).content
        bad = await w.alice.slash(w.channel, "new", game=GAME, opponent=w.carol, time="soon")
        assert public(bad) is None


async def test_notification_failures_are_logged_not_raised(
        tmp_path: Path, open_service: Opener, caplog: pytest.LogCaptureFixture) -> None:
    service = await open_service(tmp_path / "db.sqlite3")
    bot = make_bot(service, tmp_path / "db.sqlite3", schedule=False)
    async with connected(bot) as w:
        note = Notification("reminder", "dm", str(w.channel.id), str(w.guild.id), 1,
                            str(w.bob.id), f"{w.bob.mention} reminder: your turn")
        w.env.inject_error("POST", "/channels/*/messages", status=403, code=50007,
                         message="Cannot send messages to this user")
        with caplog.at_level(logging.WARNING, logger="boardbot.discord"):
            assert await adapter.send_notification(bot, note)  # DM refused: the channel
        await w.env.settle()
        assert "notify_dm_failed" in caplog.text
        assert w.bob.mention in w.channel.last_message.content

        w.env.inject_error("POST", "/channels/*/messages", status=500, times=None)
        with caplog.at_level(logging.WARNING, logger="boardbot.discord"):
            await bot.deliver_notification(note)  # returns quietly
            missing = Notification("forfeit", "channel", "999", None, 1, None, "gone")
            assert not await adapter.send_notification(bot, missing)
        assert "notify_failed" in caplog.text


async def test_scheduler_runs_in_the_background(tmp_path: Path, open_service: Opener
                                                ) -> None:
    service = await open_service(tmp_path / "db.sqlite3")
    bot = make_bot(service, tmp_path / "db.sqlite3")
    async with connected(bot):
        task = bot._scheduler_task
        assert task is not None and not task.done()
        assert await service.ledger.heartbeat() is not None  # the first pass ran


async def test_close_cancels_the_scheduler(tmp_path: Path, open_service: Opener) -> None:
    service = await open_service(tmp_path / "db.sqlite3")
    bot = make_bot(service, tmp_path / "db.sqlite3")
    await bot.setup_hook()
    task = bot._scheduler_task
    assert task is not None
    await asyncio.sleep(0)
    await bot.close()
    assert bot._scheduler_task is None and task.cancelled()
    assert await service.store.live_session("nothing") is None  # the service's store stays open


def test_service_config_carries_the_clock_settings() -> None:
    from bot.config import Config
    from bot.discord_app import service_config

    made = service_config(Config(time_control="3d", reminder_hours=(12.0, 2.0),
                                 answer_hours=6.0))
    assert made.time_control == "3d" and made.reminder_hours == (12.0, 2.0)
    assert made.answer_seconds == 6 * 3600
