"""The language of a reply is handed along, never found in ambient state: no
``ContextVar`` under ``bot/`` and no ``for_user``/``for_channel``/``reading`` left to
call.  Each command's ``Request`` (bot/service/request.py) carries its readers; pure
helpers take a ``lang``."""

from __future__ import annotations

import re
from pathlib import Path

from bot import catalogue

BOT = Path(__file__).resolve().parents[2] / "bot"

#: What ambient language state looked like (and must not look like again).
AMBIENT = re.compile(r"\bContextVar\b|\bcontextvars\b|\bfor_user\(|\bfor_channel\("
                     r"|\breading\(|\buser_lang\(\)|\bchannel_lang\(\)")


def test_no_module_under_bot_keeps_ambient_state_or_reads_an_ambient_language() -> None:
    found = [f"{path.relative_to(BOT.parent)}:{number}: {line.strip()}"
             for path in sorted(BOT.rglob("*.py"))
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if AMBIENT.search(line)]
    assert not found, "\n".join(found)


def test_the_scan_finds_what_it_looks_for() -> None:
    # the pattern itself is checked, so that the test above can fail
    for written in ("x: ContextVar[int]", "say(for_user('k'))", "for_channel('k')",
                    "with reading(readers):", "lang = user_lang()", "channel_lang()"):
        assert AMBIENT.search(written), written
    for written in ("req.mine('k')", "req.user_lang", "t(lang, 'k')", "spreading(x)"):
        assert not AMBIENT.search(written), written


def test_the_catalogue_offers_no_ambient_language() -> None:
    for gone in ("for_user", "for_channel", "reading", "readers", "user_lang",
                 "channel_lang"):
        assert not hasattr(catalogue, gone), gone
