"""``/replay`` and ``/profile`` end to end through discord.py against SimCord: the
GIF attached and shown in an embed, the profile's text inside its card's embed."""

from __future__ import annotations

from pathlib import Path

from tests.discord import harness as h


async def test_replay_and_profile_of_a_finished_game(tmp_path: Path,
                                                     open_service: h.Opener) -> None:
    service = await open_service(tmp_path / "db.sqlite3")
    async with h.running(service, tmp_path / "db.sqlite3") as w:
        player, session = await h.under_way(w, service)
        assert h.public(await h.play_first_offered(w, player)) is not None
        early = await w.carol.slash(w.channel, "replay", game=session.id)
        assert h.public(early) is None and "is not finished" in h.private(early).content
        await h.resign(w, w.alice)

        shown = h.public(await w.carol.slash(w.channel, "replay", game=session.id))
        assert shown is not None
        assert [a.filename for a in shown.attachments] == [f"replay-{session.id}.gif"]
        assert shown.embeds[0].image.url.endswith(f"replay-{session.id}.gif")
        assert "frames (every turn)" in shown.content
        missing = await w.carol.slash(w.channel, "replay", game=session.id + 50)
        assert h.public(missing) is None
        assert f"no game {session.id + 50} in this server" in h.private(missing).content

        card = h.public(await w.carol.slash(w.channel, "profile", member=w.bob))
        assert card is not None and not card.content
        assert [a.filename for a in card.attachments] == ["profile.png"]
        assert card.embeds[0].description.startswith("**bob**")
        assert "**Recent games**" in card.embeds[0].description
