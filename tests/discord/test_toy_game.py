"""The toy game (tests/toygame, registered here only) through Discord (SimCord): a
person plays the computer to the end with ``/move`` (its autocomplete's turns), each
board a PNG attachment with its description in words, each turn told in words; nothing
under bot/ names the game."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.discord import harness as h
from tests.discord.test_computer import bot_posts, the_bot, unpaced
from tests.toygame import NAME, registered

simcord = h.simcord


@pytest.fixture
def toy() -> Iterator[str]:
    with registered():  # before the bot is built: /new's game menu is made then
        yield NAME


async def test_a_person_plays_the_toy_game_against_the_computer(
        toy: str, tmp_path: Path, open_service: h.Opener) -> None:
    path = tmp_path / "db.sqlite3"
    service = await open_service(path)
    async with h.connected(unpaced(service, path)) as w:
        begun = await w.alice.slash(w.channel, "new", game=toy, opponent=the_bot(w),
                                    level="hard")
        shown = h.public(begun)
        assert shown is not None and "Toy Race" in shown.content, begun
        for _ in range(300):
            session = await service.store.latest_session(str(w.channel.id))
            assert session is not None
            if session.status != "active":
                break
            played = await h.play_first_offered(w, w.alice)
            told = h.public(played)
            assert told is not None, played
            assert "alice (Orange) rolled" in told.content, told.content
            picture = told.attachments[0]
            assert (await picture.read()).startswith(b"\x89PNG")
            assert "Toy Race board" in (picture.description or ""), picture.description
            assert "pieces on" in (picture.description or "")  # the plugin's words
        assert session is not None and session.status == "finished", session
        posts = bot_posts(w)
        assert any("(Purple) rolled" in m.content for m in posts), [m.content for m in posts]
        record = await w.carol.slash(w.channel, "record")
        data = (await h.public(record).attachments[0].read()).decode()
        assert '[Game "toyrace"]' in data


async def test_the_toy_game_is_offered_and_taught(toy: str, tmp_path: Path,
                                                 open_service: h.Opener) -> None:
    path = tmp_path / "db.sqlite3"
    service = await open_service(path)
    async with h.connected(unpaced(service, path)) as w:
        rules = h.public(await w.alice.slash(w.channel, "rules", game=toy)) or \
            h.private(await w.alice.slash(w.channel, "rules", game=toy))
        assert rules is not None and "Toy Race" in rules.content
        learned = h.private(await w.alice.slash(w.channel, "learn", game=toy))
        assert learned is not None and "Toy Race: the game" in learned.content
