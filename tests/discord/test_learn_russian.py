"""``/learn`` and ``/rules`` through discord.py against SimCord for a user whose
language is Russian (``/settings language``: SimCord's locale is ``en-US``): the
lesson runs to the end in Russian, and the rules explain in Russian before the
notation, which stays as players type it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.discord.harness import Opener, private, public, running


def _labels(message: Any) -> list[str]:
    return [c["label"] for row in message.components for c in row["components"]
            if "label" in c]


def _select(message: Any) -> dict[str, Any] | None:
    found = [c for row in message.components for c in row["components"] if c.get("type") == 3]
    return found[0] if found else None


async def test_learn_and_rules_speak_russian_in_discord(tmp_path: Path,
                                                       open_service: Opener) -> None:
    db = tmp_path / "db.sqlite3"
    service = await open_service(db)
    async with running(service, db) as w:
        chosen = private(await w.alice.slash(w.channel, "settings", language="ru"))
        assert chosen is not None and "Ваш язык: русский" in chosen.content
        page = private(await w.alice.slash(w.channel, "learn", game="che"))
        assert page is not None and "(шаг 1 из" in page.content and "об игре" in page.content
        answered = 0
        for _ in range(20):
            menu = _select(page)
            if menu is not None:
                said = private(await w.alice.select(page, [menu["options"][0]["value"]]))
                assert said is not None
                assert said.content.startswith(("✅ Верно", "❌ Не в этот раз")), said.content
                answered += 1
                page = said
            if "Дальше" not in _labels(page):
                break
            page = private(await w.alice.click(page, label="Дальше"))
            assert page is not None and "Next" not in _labels(page)
        assert answered == 2
        assert "вы готовы" in page.content and "Сыграть с компьютером" in _labels(page)
        lobby = public(await w.alice.click(page, label="Сыграть с компьютером"))
        assert lobby is not None and "Che" in lobby.content

        rules = private(await w.alice.slash(w.channel, "rules", game="che"))
        assert rules is not None
        words, notation = rules.content.split("**Нотация**")
        assert "плиток Трюше" in words and "Область" in words
        assert "`1,0B`" in notation  # the notation stays as players type it
