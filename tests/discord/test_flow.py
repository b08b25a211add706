"""End to end through discord.py's real client code against SimCord (no network)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from tests.discord import harness as h


async def test_short_game_from_challenge_to_result(tmp_path: Path, open_service: h.Opener) -> None:
    service = await open_service(tmp_path / "db.sqlite3")
    async with h.running(service, tmp_path / "db.sqlite3") as w:
        made = await w.alice.slash(w.channel, "new", game=h.GAME, opponent=w.bob)
        assert not made.ephemeral
        assert w.bob.mention in made.response.content
        ids = [b["custom_id"] for row in made.response.components for b in row["components"]]
        assert any(i.startswith("boardbot:accept:") for i in ids)

        started = await w.bob.slash(w.channel, "accept")
        shown = h.public(started)
        assert "begins" in shown.content
        assert [a.filename for a in shown.attachments] == ["board.png"]
        assert shown.embeds[0].image.url.endswith("board.png")

        player = await h.mover(w, service)
        choices = await player.autocomplete(w.channel, "move", "text", "")
        assert choices, "the mover is offered the legal turns"
        played = await player.slash(w.channel, "move", text=choices[0]["value"])
        post = h.public(played)
        assert post is not None, played
        assert [a.filename for a in post.attachments] == ["board.png"]
        assert "attachment://board.png" in str(post.embeds[0].image.url) or \
            post.embeds[0].image.url.endswith("board.png")
        assert "1" in post.content  # the record line
        following = await h.mover(w, service)
        assert following.mention in post.content
        assert following is not player

        record = await w.carol.slash(w.channel, "record")
        assert h.public(record).attachments[0].filename.endswith(".txt")

        resigned = await h.resign(w, w.alice)
        assert "wins" in h.public(resigned).content
        assert w.bob.mention in h.public(resigned).content
        session = await service.store.latest_session(str(w.channel.id))
        assert session is not None
        assert session.status == "finished"


async def test_refusals_are_ephemeral(tmp_path: Path, open_service: h.Opener) -> None:
    service = await open_service(tmp_path / "db.sqlite3")
    async with h.running(service, tmp_path / "db.sqlite3") as w:
        nothing = await w.alice.slash(w.channel, "move", text="24/18")
        assert nothing.ephemeral and "no game" in h.private(nothing).content.lower()
        player, _ = await h.under_way(w, service)
        other = h.opponent(w, player)
        wrong = await other.slash(w.channel, "move", text="24/18")
        assert h.private(wrong) is not None and h.public(wrong) is None
        assert "not your turn" in h.private(wrong).content
        bad = await player.slash(w.channel, "move", text="zz/99")
        assert h.public(bad) is None and "not playable" in h.private(bad).content
        watcher = await w.carol.slash(w.channel, "move", text="24/18")
        assert h.public(watcher) is None and "not playing" in h.private(watcher).content
        live = await service.store.live_session(str(w.channel.id))
        assert live is not None
        turns = await service.store.turns(live.id)
        assert all(t.actor == "bot" for t in turns)  # nothing was played by a refusal
        options = await w.carol.slash(w.channel, "new", game=h.GAME, opponent=w.mod,
                                      options="kings")
        assert options.ephemeral and "name=value" in h.private(options).content


async def test_direct_messages_are_answered(tmp_path: Path, open_service: h.Opener) -> None:
    service = await open_service(tmp_path / "db.sqlite3")
    async with h.running(service, tmp_path / "db.sqlite3") as w:
        loner = w.env.create_user("dan")
        answer = await loner.slash("board")  # a direct message: which game, by its number
        assert "/board game:ID" in h.private(answer).content
        offered = loner.available_commands()
        assert {"mygames", "board", "record", "rules", "learn", "settings",
                "notify"} <= set(offered)
        assert "move" not in offered and "new" not in offered  # games are in servers


async def test_moderator_may_abort_a_started_game(tmp_path: Path, open_service: h.Opener) -> None:
    service = await open_service(tmp_path / "db.sqlite3")
    async with h.running(service, tmp_path / "db.sqlite3") as w:
        await h.start_game(w)
        player = await h.mover(w, service)
        await h.play_first_offered(w, player)
        refused = await w.alice.slash(w.channel, "abort")
        assert refused.ephemeral and "moderator" in h.private(refused).content
        done = await w.mod.slash(w.channel, "abort")
        assert "aborted" in h.public(done).content


async def test_board_elsewhere_and_games_list(tmp_path: Path, open_service: h.Opener) -> None:
    service = await open_service(tmp_path / "db.sqlite3")
    async with h.running(service, tmp_path / "db.sqlite3") as w:
        await h.start_game(w)
        lounge = w.guild.create_text_channel("lounge")
        seen = await w.carol.slash(lounge, "board", channel=w.channel)
        assert [a.filename for a in h.public(seen).attachments] == ["board.png"]
        listed = await w.carol.slash(lounge, "games")
        assert f"<#{w.channel.id}>" in h.private(listed).content
        rules = await w.carol.slash(lounge, "rules", game=h.GAME)
        assert rules.ephemeral and "Notation" in h.private(rules).content


async def test_new_game_in_a_thread(tmp_path: Path, open_service: h.Opener) -> None:
    service = await open_service(tmp_path / "db.sqlite3")
    async with h.running(service, tmp_path / "db.sqlite3") as w:
        made = await w.alice.slash(w.channel, "new", game=h.GAME, opponent=w.bob, thread=True)
        pointer = h.public(made)
        assert pointer is not None and "Game opened in" in pointer.content, made
        thread = w.channel.threads[0]
        assert await service.store.live_session(str(thread.id)) is not None
        assert await service.store.live_session(str(w.channel.id)) is None
        challenge = thread.last_message
        assert w.bob.mention in challenge.content
        accepted = await w.bob.click(challenge, label="Accept")
        assert "begins" in h.public(accepted).content
        await asyncio.sleep(0)
