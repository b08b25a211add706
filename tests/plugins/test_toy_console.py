"""The toy game through the console (bot/console.py ``run_console``): a whole game
between two computers, which think in the console's process pool (bot/computer_pool.py,
forkserver workers: the toy is registered there by its module path), and a person
against the computer building turns with the picker; board pictures written, turns
told in words."""

from __future__ import annotations

import io
import logging
import re
from pathlib import Path

import pytest

from bot.console import run_console


async def _run(script: str, tmp: Path) -> str:
    out = io.StringIO()
    code = await run_console(str(tmp / "db.sqlite3"), str(tmp / "img"), 5, [],
                             io.StringIO(script), out)
    assert code == 0
    return out.getvalue()


async def test_two_computers_play_a_whole_toy_game(toy: str, tmp_path: Path,
                                                  caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.WARNING)
    text = await _run(f"alice: /new {toy} @boardbot @boardbot level=easy\nalice: /record\n",
                      tmp_path)
    assert "**Toy Race**" in text, text
    assert "Game over" in text and "wins" in text, text
    assert re.search(r"boardbot 1 \(easy\) \(Orange\) rolled \d and moved", text), text
    images = re.findall(r"\[board image: (.+\.png)\]", text)
    assert images and all(Path(i).read_bytes().startswith(b"\x89PNG") for i in images)
    record = re.search(r"\[file: (.+\.txt)\]", text)
    assert record and '[Game "toyrace"]' in Path(record.group(1)).read_text()
    # every turn the toy's own strategy's: a worker that did not know the game would
    # have fallen back to a legal move, and the pool says so
    assert not [r for r in caplog.records if "fell back" in r.getMessage()
                or "playing a legal move" in r.getMessage()], caplog.text


async def test_a_person_plays_the_computer_with_the_picker(toy: str, tmp_path: Path) -> None:
    turns = "alice: /play\nalice: /pick 1\nalice: /pick ok\n" * 4
    text = await _run(f"alice: /new {toy} @boardbot level=easy\n{turns}", tmp_path)
    assert "alice sets up **Toy Race** with boardbot (easy)" in text, text
    assert re.search(r"alice \(Orange\) rolled \d and moved", text), text
    assert re.search(r"boardbot \(easy\) \(Purple\) rolled \d and moved", text), text


async def test_the_picture_pool_draws_the_toy_in_its_worker(toy: str, tmp_path: Path) -> None:
    """``boardbot local --cpu-pool``: the pictures and the legal turns are worked out in
    the picture pool's worker (bot/cpu_pool.py), which knows the toy by its module path."""
    from bot.cpu_pool import CpuPool
    from bot.service.context import render_listing
    from games import get_game
    from renderer import RenderContext

    pool = CpuPool(1, width=400, every_look=False)
    await pool.start()
    try:
        start = get_game(toy).initial({})
        picture = await pool.run(render_listing, toy, start.listing(), dict(start.options),
                                 RenderContext(width=400))
        assert picture.startswith(b"\x89PNG")
        assert pool.tasks >= 1 and pool.fallbacks == 0 and pool.replacements == 0
    finally:
        await pool.shutdown()
