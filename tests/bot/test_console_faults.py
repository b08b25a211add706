"""The console survives a command that fails unexpectedly: it says so and reads on."""

from __future__ import annotations

import io
import logging
from pathlib import Path

import pytest

import bot.service.texts
from bot.console import run_console
from games import Position
from storage import Session


def _broken_status_line(session: Session, position: Position, left: str = ""
                        ) -> tuple[str, list[str]]:
    """A status line with a real fault (a bug, not a refusal)."""
    raise RuntimeError("status line fault")


async def test_a_failing_command_is_reported_and_the_next_line_runs(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    # the start (after /accept) and /board word the status line; /games does not
    monkeypatch.setattr(bot.service.texts, "status_line", _broken_status_line)
    out = io.StringIO()
    script = "alice: /new hachapury @bob\nbob: /accept\nalice: /board\ncarol: /games\n"
    with caplog.at_level(logging.ERROR, logger="boardbot.console"):
        code = await run_console(str(tmp_path / "db.sqlite3"), str(tmp_path / "img"), 7, [],
                                 io.StringIO(script), out)
    text = out.getvalue()
    assert code == 0
    assert text.count("internal error") == 2  # the accept and the board
    # the lines after each fault still ran: /games lists the game the accept started
    assert "Hachapury, alice vs bob, turn" in text.splitlines()[-1]
    assert "RuntimeError: status line fault" in caplog.text  # the traceback is logged
