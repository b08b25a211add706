"""Restarts, races, failed sends, permissions and the autocomplete cache."""

from __future__ import annotations

from pathlib import Path

import discord
import pytest

from games.turns import texts
from tests.discord.harness import (
    GAME,
    Opener,
    private,
    public,
    restarted,
    running,
    under_way,
    unsettled,
)


async def test_buttons_work_after_a_restart(tmp_path: Path, open_service: Opener) -> None:
    db = tmp_path / "db.sqlite3"
    service = await open_service(db)
    async with running(service, db) as w:
        made = await w.alice.slash(w.channel, "new", game=GAME, opponent=w.bob)
        challenge = made.response
        # a new process: fresh store, service and bot
        service = await restarted(w, service, open_service, db)
        stranger = await w.carol.click(challenge, label="Accept")
        assert public(stranger) is None and "not addressed to you" in private(stranger).content
        accepted = await w.bob.click(challenge, label="Accept")
        assert "begins" in public(accepted).content
        assert [a.filename for a in public(accepted).attachments] == ["board.png"]
        session = await service.store.live_session(str(w.channel.id))
        assert session is not None and session.status == "active"
        assert challenge.components == []  # the answered challenge loses its buttons


async def test_decline_button(tmp_path: Path, open_service: Opener) -> None:
    db = tmp_path / "db.sqlite3"
    service = await open_service(db)
    async with running(service, db) as w:
        made = await w.alice.slash(w.channel, "new", game=GAME, opponent=w.bob)
        declined = await w.bob.click(made.response, label="Decline")
        assert "declines" in public(declined).content
        assert await service.store.live_session(str(w.channel.id)) is None


async def test_two_racing_moves_apply_once(tmp_path: Path, open_service: Opener) -> None:
    db = tmp_path / "db.sqlite3"
    service = await open_service(db)
    async with running(service, db) as w:
        player, session = await under_way(w, service)
        before = len(await service.store.turns(session.id))
        text = texts(service.legal_turns(session))[0]
        with unsettled(w.env):
            first = await player.slash(w.channel, "move", text=text)
        second = await player.slash(w.channel, "move", text=text)  # settles both
        await w.env.settle()
        after = await service.store.turns(session.id)
        played = [t for t in after[before:] if t.actor == str(player.id)]
        assert len(played) == 1
        results = [first, second]
        assert sum(public(r) is not None for r in results) == 1
        loser = next(r for r in results if public(r) is None)
        assert private(loser) is not None
        told = private(loser).content
        assert "nothing was applied" in told or "not your turn" in told


async def test_failed_send_then_board(tmp_path: Path, open_service: Opener) -> None:
    db = tmp_path / "db.sqlite3"
    service = await open_service(db)
    async with running(service, db) as w:
        player, session = await under_way(w, service)
        text = texts(service.legal_turns(session))[0]
        w.env.inject_error("POST", "/webhooks/*", status=503, times=1)
        failed = await player.slash(w.channel, "move", text=text)
        assert public(failed) is None
        assert "/board" in private(failed).content
        after = await service.store.session(session.id)
        assert after.version > session.version  # the turn is committed
        for status in (403, 404, 429):
            w.env.inject_error("POST", "/webhooks/*", status=status, times=1)
            lost = await w.carol.slash(w.channel, "board")
            assert public(lost) is None
        shown = await w.carol.slash(w.channel, "board")
        assert [a.filename for a in public(shown).attachments] == ["board.png"]


async def test_missing_attach_permission_sends_text(tmp_path: Path, open_service: Opener) -> None:
    db = tmp_path / "db.sqlite3"
    service = await open_service(db)
    async with running(service, db) as w:
        me = w.guild.me
        bare = w.guild.create_text_channel(
            "bare", overwrites={me: discord.PermissionOverwrite(attach_files=False)})
        await w.alice.slash(bare, "new", game=GAME, opponent=w.bob)
        started = await w.bob.slash(bare, "accept")
        shown = public(started)
        assert shown.attachments == []
        assert "Attach Files" in shown.content


async def test_autocomplete_filters_and_caches(tmp_path: Path, open_service: Opener) -> None:
    db = tmp_path / "db.sqlite3"
    service = await open_service(db)
    async with running(service, db) as w:
        empty = await w.alice.autocomplete(w.channel, "move", "text", "")
        assert empty == []
        player, session = await under_way(w, service)
        legal = texts(service.legal_turns(session))
        everything = await player.autocomplete(w.channel, "move", "text", "")
        assert [c["value"] for c in everything] == [t for t in legal if len(t) <= 100][:25]
        assert all(len(c["name"]) <= 100 and c["name"] == c["value"] for c in everything)

        calls = 0
        original = service.store.live_session

        async def counting(channel_id: str):  # type: ignore[no-untyped-def]
            nonlocal calls
            calls += 1
            return await original(channel_id)

        service.store.live_session = counting  # type: ignore[method-assign]
        typed = legal[-1][:3]
        some = await player.autocomplete(w.channel, "move", "text", typed)
        upper = await player.autocomplete(w.channel, "move", "text", typed.upper())
        assert calls == 0, "keystrokes are answered from the cache"
        values = [c["value"] for c in some]
        assert values == [c["value"] for c in upper]
        assert legal[-1] in values or len(values) == 25
        starts = [v.lower().startswith(typed.lower()) for v in values]
        assert starts == sorted(starts, reverse=True)  # prefix matches first
        assert all(typed.lower() in v.lower().replace(",", "") or typed.lower() in v.lower()
                   for v in values)

        await player.slash(w.channel, "move", text=legal[0])
        calls = 0
        await player.autocomplete(w.channel, "move", "text", "")
        assert calls == 1, "a relayed change invalidates the channel's entry"
        nonsense = await player.autocomplete(w.channel, "move", "text", "no such turn")
        assert nonsense == []


async def test_a_fault_after_the_save_does_not_claim_nothing_changed(
        tmp_path: Path, open_service: Opener, monkeypatch: pytest.MonkeyPatch) -> None:
    """A command that fails after the service saved (here: while its reply is
    delivered) tells the player to look at the board, never that nothing changed."""
    from bot import discord_adapter

    db = tmp_path / "db.sqlite3"
    service = await open_service(db)
    async with running(service, db) as w:
        player, session = await under_way(w, service)
        text = texts(service.legal_turns(session))[0]

        real_deliver = discord_adapter.deliver
        calls: list[object] = []

        async def broken_deliver(*args: object, **kwargs: object) -> bool:
            calls.append(args)
            if len(calls) == 1:  # the move's own reply; the error notice goes out
                raise RuntimeError("delivery fault")
            return await real_deliver(*args, **kwargs)  # type: ignore[arg-type]

        monkeypatch.setattr(discord_adapter, "deliver", broken_deliver)
        failed = await player.slash(w.channel, "move", text=text)
        told = private(failed).content
        assert "did not finish" in told and "/board" in told
        assert "nothing was changed" not in told.lower()
        after = await service.store.session(session.id)
        assert after.version > session.version  # the turn was saved all the same
        assert [str(e.__cause__) for e in w.env.errors] == ["delivery fault"]
