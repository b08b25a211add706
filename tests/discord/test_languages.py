"""Languages through discord.py against SimCord: the user's ``interaction.locale``
(SimCord sends ``en-US``) for private replies, the server's language for public
ones, ``/settings language`` and ``server_language`` over Discord's."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.discord import harness as h


def _labels(message: Any) -> list[str]:
    return [b["label"] for row in message.components for b in row["components"]]


async def test_the_users_locale_and_the_servers_choice_through_discord(
        tmp_path: Path, open_service: h.Opener) -> None:
    service = await open_service(tmp_path / "db.sqlite3")
    async with h.running(service, tmp_path / "db.sqlite3") as w:
        refused = await w.alice.slash(w.channel, "settings", server_language="ru")
        assert "Only a moderator may set this server's language" in h.private(refused).content
        chosen = await w.mod.slash(w.channel, "settings", server_language="ru")
        # the moderator's own Discord locale (en-US) still speaks to them privately
        assert "Your language: English" in h.private(chosen).content

        made = await w.alice.slash(w.channel, "new", game=h.GAME, opponent=w.bob)
        shown = h.public(made)
        assert "вызывает" in shown.content and w.bob.mention in shown.content
        assert _labels(shown) == ["Принять", "Отклонить"]

        # bob's Discord locale is en-US: his refusal is English although the server
        # speaks Russian (it would be Russian if the adapter dropped interaction.locale)
        early = await w.bob.slash(w.channel, "move", text="24/18")
        assert h.private(early).content == \
            "The game here has not started: the challenge is still open."

        mine = await w.bob.slash(w.channel, "settings", language="ru")
        assert "Ваш язык: русский" in h.private(mine).content
        early = await w.bob.slash(w.channel, "move", text="24/18")
        assert h.private(early).content == "Партия здесь ещё не началась: вызов пока открыт."

        started = await w.bob.slash(w.channel, "accept")
        assert "партия началась" in h.public(started).content
