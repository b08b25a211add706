"""Wherever the player is (SimCord): a member seated in games in two servers lists both
in one direct message with the bot, their own turn first, and plays a turn from there
(Board, Play, the picker, Confirm) that is posted in the game's own channel."""

from __future__ import annotations

import random
from datetime import datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

from bot.actions import Show, encode
from bot.replies import User
from bot.scheduler import Scheduler
from bot.service import GameService
from storage import Session
from tests.bot.conftest import FakeClock
from tests.discord.harness import (
    GAME,
    Opener,
    World,
    clocked_bot,
    connected,
    labels,
    make_bot,
    play_first_offered,
    private,
    public,
    running,
    select_menu,
    sync,
)
from tests.discord.test_buttons import _taker as taker
from tests.discord.test_buttons import _three_player_game as three_player_game
from tests.discord.test_buttons import _until as until_button
from tests.discord.test_buttons import needs_cheesegambit


class Second:
    """A second server where alice plays carol."""

    def __init__(self, world: World) -> None:
        self.guild = world.env.create_guild(name="Dice Club")
        self.channel = self.guild.create_text_channel("backgammon")
        self.alice = self.guild.add_member(world.alice.user)
        self.carol = self.guild.add_member(world.carol.user)


async def _live(service: GameService, channel: Any) -> Session:
    session = await service.store.live_session(str(channel.id))
    assert session is not None
    return session


async def _to_move(service: GameService, channel: Any) -> str:
    session = await _live(service, channel)
    side = service.position_of(session).side_to_move
    seat = session.seat_for_side(side or "")
    assert seat is not None
    return seat.user_id


async def _two_servers(w: World, service: GameService, **time: str) -> Second:
    """alice plays bob in the first server (bob to move) and carol in the second
    (alice to move): the newer game is the one waiting for her.  ``time``: the games'
    time control (``time="2d"``)."""
    second = Second(w)
    await sync(w.env)
    made = await w.alice.slash(w.channel, "new", game=GAME, opponent=w.bob, **time)
    assert public(made) is not None, made
    assert public(await w.bob.slash(w.channel, "accept")) is not None
    made = await second.alice.slash(second.channel, "new", game=GAME, opponent=second.carol,
                                    **time)
    assert public(made) is not None, made
    assert public(await second.carol.slash(second.channel, "accept")) is not None
    alice = str(w.alice.id)
    if await _to_move(service, w.channel) == alice:
        played = await play_first_offered(w, w.alice)
        assert public(played) is not None, played
    if await _to_move(service, second.channel) != alice:
        choices = await second.carol.autocomplete(second.channel, "move", "text", "")
        played = await second.carol.slash(second.channel, "move", text=choices[0]["value"])
        assert public(played) is not None, played
    assert await _to_move(service, w.channel) == str(w.bob.id)
    assert await _to_move(service, second.channel) == alice
    return second


async def test_one_list_across_servers_and_a_turn_played_from_it(
        tmp_path: Path, open_service: Opener) -> None:
    db = tmp_path / "db.sqlite3"
    service = await open_service(db)
    async with running(service, db) as w:
        second = await _two_servers(w, service)
        first_game, second_game = await _live(service, w.channel), \
            await _live(service, second.channel)

        listed = private(await w.alice.user.slash("mygames"))
        assert listed is not None
        rows = [line for line in listed.content.splitlines() if line[:2] in ("1.", "2.")]
        assert len(rows) == 2, listed.content
        # her turn first (the newer game, in the second server), then bob's
        assert "Dice Club" in rows[0] and f"<#{second.channel.id}>" in rows[0], rows
        assert "your turn" in rows[0] and "carol" in rows[0]
        assert f"<#{w.channel.id}>" in rows[1] and "bob to play" in rows[1], rows
        # the link opens the game's latest public message (its board, where it stands)
        latest = second.channel.history(viewer=second.carol)[-1]
        assert f"https://discord.com/channels/{second.guild.id}/{second.channel.id}/" \
               f"{latest.id}>" in rows[0], (rows[0], latest.content)
        assert labels(listed) == ["Board 1", "Board 2"]

        # Board 1: the game waiting for her, with its Play button, in the direct message
        board = private(await w.alice.user.click(listed, label="Board 1"))
        assert board is not None and f"<#{second.channel.id}>" in board.content, board
        assert "Play" in labels(board)
        before = len(second.channel.history())

        step = private(await w.alice.user.click(board, label="Play"))
        rng = random.Random(5)
        for _ in range(20):
            assert step is not None
            if "Confirm" in labels(step):
                break
            menu = select_menu(step)
            assert menu is not None, step.content
            step = private(await w.alice.user.select(step, [rng.choice(menu["options"])["value"]]))
        assert step is not None and "Confirm" in labels(step)
        done = await w.alice.user.click(step, label="Confirm")
        note = private(done)
        assert note is not None and f"<#{second.channel.id}>" in note.content, done
        assert "posted" in note.content

        # the turn is the game's: logged, and posted in its own channel
        after = await _live(service, second.channel)
        assert after.id == second_game.id and after.version > second_game.version
        assert await _to_move(service, second.channel) == str(second.carol.id)
        last = await service.store.last_turn(second_game.id)
        assert last is not None and last.actor == str(w.alice.id)
        shown = second.channel.history(viewer=second.carol)  # a public post: carol sees it
        assert len(shown) == before + 1, [m.content for m in shown[before:]]
        assert f"<@{second.carol.id}>" in shown[-1].content  # her turn now: she is pinged
        assert f"{last.number}{last.side}" in shown[-1].content, shown[-1].content
        # the first server's game did not move
        assert (await _live(service, w.channel)).version == first_game.version



async def test_a_turn_from_the_direct_message_is_refused_once_the_game_moved_on(
        tmp_path: Path, open_service: Opener) -> None:
    db = tmp_path / "db.sqlite3"
    service = await open_service(db)
    async with running(service, db) as w:
        second = await _two_servers(w, service)
        listed = private(await w.alice.user.slash("mygames"))
        assert listed is not None
        board = private(await w.alice.user.click(listed, label="Board 1"))
        step = private(await w.alice.user.click(board, label="Play"))
        # she plays in the channel meanwhile
        choices = await second.alice.autocomplete(second.channel, "move", "text", "")
        assert public(await second.alice.slash(second.channel, "move",
                                               text=choices[0]["value"])) is not None
        before = len(second.channel.history())
        for _ in range(20):
            assert step is not None
            menu = select_menu(step)
            if menu is None:
                break
            step = private(await w.alice.user.select(step, [menu["options"][0]["value"]]))
        assert step is not None, "the old picker was refused before Confirm"
        if "Confirm" in labels(step):
            step = private(await w.alice.user.click(step, label="Confirm"))
        assert step is not None and "moved on" in step.content, step.content
        assert len(second.channel.history()) == before  # nothing posted
        # and bob, who plays in the first server only, cannot use her list's buttons
        game = await _live(service, second.channel)
        place = await service.game_place(game.id)
        assert place is not None
        refused = await service.press(User(str(w.bob.id), "bob"), place, encode(Show(game.id)))
        assert not refused.ok and "not one of yours" in refused.text



async def _restarted_on(clock: FakeClock, w: World, service: GameService,
                        open_service: Opener, db: Path) -> Scheduler:
    """A new process on the same database and the same clock, its scheduler run by the
    test (``clocked_bot``'s, after a restart); returns that scheduler."""
    await service.store.close()
    service = await open_service(db)
    service.clock = clock
    await w.env.restart_bot(make_bot(service, db, schedule=False))
    scheduler = w.env.bot.scheduler
    assert isinstance(scheduler, Scheduler)
    return scheduler


def _direct_messages(user: Any) -> list[str]:
    """What the bot sent ``user`` in their direct message, oldest first (the answers
    to their own commands left out)."""
    return [m.content for m in user.dm_channel.history(viewer=user)
            if not m.flags.ephemeral and m.interaction_metadata is None]


async def test_one_digest_at_the_chosen_hour_of_the_players_own_time(
        tmp_path: Path, open_service: Opener) -> None:
    db = tmp_path / "db.sqlite3"
    service = await open_service(db)
    bot, clock = clocked_bot(service, db)
    async with connected(bot) as w:
        second = await _two_servers(w, service, time="2d")
        # 1_800_000_000 is 08:00 UTC: 17:00 in Tokyo; her digest comes at 18:00 there
        local = datetime.fromtimestamp(clock.now, ZoneInfo("Asia/Tokyo"))
        assert local.hour == 17
        said = private(await w.alice.user.slash("notify", digest="on", hour=18,
                                                timezone="Asia/Tokyo"))
        assert said is not None and "18:00" in said.content and "Asia/Tokyo" in said.content
        # carol subscribes too, but nothing waits for her: she gets nothing
        assert private(await w.carol.user.slash("notify", digest="on", hour=18,
                                                timezone="Asia/Tokyo")) is not None
        wrong = private(await w.bob.user.slash("notify", digest="on", hour=18,
                                               timezone="Mars/Olympus"))
        assert wrong is not None and "Europe/Berlin" in wrong.content  # an example given

        assert bot.scheduler is not None
        assert [n for n in await bot.scheduler.run_once() if n.kind == "digest"] == []
        assert _direct_messages(w.alice.user) == []
        clock.now += 3600  # 18:00 in Tokyo
        sent = [n for n in await bot.scheduler.run_once() if n.kind == "digest"]
        assert [n.user_id for n in sent] == [str(w.alice.id)]
        digests = _direct_messages(w.alice.user)
        assert len(digests) == 1, digests
        assert "Dice Club" in digests[0] and f"<#{second.channel.id}>" in digests[0]
        assert "left (until" in digests[0] and f"<#{w.channel.id}>" not in digests[0]
        assert _direct_messages(w.carol.user) == []
        # the same hour again, then a restart (a new process on the same database)
        clock.now += 600
        assert [n for n in await bot.scheduler.run_once() if n.kind == "digest"] == []
        scheduler = await _restarted_on(clock, w, service, open_service, db)
        assert [n for n in await scheduler.run_once() if n.kind == "digest"] == []
        assert len(_direct_messages(w.alice.user)) == 1
        # the next day at her hour: the next digest
        clock.now += 24 * 3600
        sent = [n for n in await scheduler.run_once() if n.kind == "digest"]
        assert [n.user_id for n in sent] == [str(w.alice.id)]
        assert len(_direct_messages(w.alice.user)) == 2


async def test_reminders_at_the_times_the_player_chose(tmp_path: Path,
                                                       open_service: Opener) -> None:
    db = tmp_path / "db.sqlite3"
    service = await open_service(db)
    bot, clock = clocked_bot(service, db)
    async with connected(bot) as w:
        said = private(await w.alice.user.slash("notify", remind="8h,1h"))
        assert said is not None and "8h, 1h" in said.content
        too_many = private(await w.alice.user.slash("notify", remind="1m"))
        assert too_many is not None and "10m" in too_many.content  # the limits said
        second = await _two_servers(w, service, time="2d")
        game = await _live(service, second.channel)
        row = await service.ledger.clock(game.id)
        assert row is not None and row.deadline is not None
        assert bot.scheduler is not None

        scheduler = bot.scheduler

        async def reminders_at(before_deadline: float) -> list[tuple[int, str | None]]:
            clock.now = row.deadline - before_deadline  # type: ignore[operator]
            return [(n.session_id, n.user_id) for n in await scheduler.run_once()
                    if n.kind == "reminder"]

        alice, bob = str(w.alice.id), str(w.bob.id)
        first = await _live(service, w.channel)
        # the server's 24h: bob's (he chose nothing, his game's deadline came first), not hers
        assert await reminders_at(24 * 3600 - 1) == [(first.id, bob)]
        assert await reminders_at(8 * 3600 - 1) == [(game.id, alice)]
        assert await reminders_at(8 * 3600 - 2) == []  # once
        # a new process on the same database: nothing sent twice
        scheduler = await _restarted_on(clock, w, service, open_service, db)
        assert await reminders_at(8 * 3600 - 3) == []
        assert (game.id, alice) in await reminders_at(3600 - 1)
        posted = second.channel.history(viewer=second.alice)[-1].content
        assert f"<@{alice}>" in posted and "1h" in posted


async def test_the_app_installs_for_users_and_servers(tmp_path: Path,
                                                     open_service: Opener) -> None:
    """What Discord is told at sync: the commands that work in a direct message may be
    run there (context 1) by a user who installed the app (integration type 1); the
    others only in servers (context 0), installed by a server (type 0)."""
    from bot import command_table
    db = tmp_path / "db.sqlite3"
    bot = make_bot(await open_service(db), db, schedule=False)
    synced = {c.name: c.to_dict(bot.tree) for c in bot.tree.get_commands()}
    direct = set(command_table.direct_commands())
    assert direct == {"mygames", "board", "record", "rules", "learn", "help", "settings",
                      "notify"}
    for name, payload in synced.items():
        anywhere = name in direct
        assert sorted(payload["contexts"]) == ([0, 1] if anywhere else [0]), name
        assert sorted(payload["integration_types"]) == ([0, 1] if anywhere else [0]), name
    await bot.close()


@needs_cheesegambit
async def test_a_taunt_answered_from_a_direct_message(tmp_path: Path,
                                                      open_service: Opener) -> None:
    """A board shown in a direct message offers the answers the game waits for; the
    answer is the game's, posted in its channel."""
    db = tmp_path / "db.sqlite3"
    service = await open_service(db)
    async with running(service, db) as w:
        await three_player_game(w, pieces=6)
        await until_button(service, w, random.Random(6), "Drop")
        target = await taker(service, w)
        before = await _live(service, w.channel)
        board = private(await target.user.slash("board", game=before.id))
        assert board is not None and "Drop" in labels(board), board
        shown = len(w.channel.history(viewer=w.mod))
        done = await target.user.click(board, label="Drop")
        note = private(done)
        assert note is not None and f"<#{w.channel.id}>" in note.content, done
        after = await service.store.session(before.id)
        assert after is not None and after.version > before.version
        last = await service.store.last_turn(before.id, kinds=("turn", "amend"))
        assert last is not None and last.actor == str(target.id)
        assert len(w.channel.history(viewer=w.mod)) == shown + 1


async def test_the_other_commands_in_a_direct_message(tmp_path: Path,
                                                      open_service: Opener) -> None:
    """/learn to its end, /rules, /settings and /notify in a direct message: the lesson's
    pages turn there; its "Play the computer" says that games are played in servers."""
    db = tmp_path / "db.sqlite3"
    service = await open_service(db)
    async with running(service, db) as w:
        dan = w.env.create_user("dan")  # in no server at all
        page = private(await dan.slash("learn", game="hachapury"))
        assert page is not None and "(step 1 of" in page.content
        for _ in range(20):
            menu = select_menu(page)
            if menu is not None:
                answered = private(await dan.select(page, [menu["options"][0]["value"]]))
                assert answered is not None and answered.content[:1] in "✅❌"
                page = answered
            if "Next" not in labels(page):
                break
            page = private(await dan.click(page, label="Next"))
            assert page is not None
        assert "Play the computer" in labels(page)
        refused = private(await dan.click(page, label="Play the computer"))
        assert refused is not None and "server's channel" in refused.content
        rules = await dan.slash("rules", game="hachapury")
        assert rules.response is not None and "Hachapury" in rules.response.content
        said = private(await dan.slash("settings", language="ru"))
        assert said is not None and said.content, said
        assert (await service.context.languages.choices(str(dan.id), None)).user == "ru"
        mode = private(await dan.slash("notify", mode="dm"))
        assert mode is not None and await service.ledger.notify_mode(str(dan.id)) == "dm"
        nothing = private(await dan.slash("mygames"))
        assert nothing is not None and "нет идущих партий" in nothing.content  # in Russian now
        # a direct message has one reader: even what a channel would read is in his language
        record = await dan.slash("record")
        assert "/record game:ID" in (private(record) or record.response).content
        board = await dan.slash("board", game=10**9)
        assert "нет" in (private(board) or board.response).content.lower(), board
