"""The console survives a command that fails unexpectedly: it says so and reads on."""

from __future__ import annotations

import errno
import io
import logging
import os
import random
import re
from pathlib import Path
from typing import IO, Any

import pytest

import bot.service.texts
from bot.console import Console, run_console
from bot.service import GameService
from games import Position
from storage import Session, Store


def _broken_status_line(session: Session, position: Position, left: str = "", *,
                        lang: str) -> tuple[str, list[str]]:
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


class _FullDisk:
    """A file on a full disk: it opens (and so exists, empty), every write fails."""

    def __init__(self, real: IO[Any]) -> None:
        self.real = real

    def write(self, data: object) -> int:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    def __enter__(self) -> _FullDisk:
        return self

    def __exit__(self, *exc: object) -> None:
        self.real.close()

    def __getattr__(self, name: str) -> object:
        return getattr(self.real, name)


def _fill(monkeypatch: pytest.MonkeyPatch, folder: Path) -> None:
    """Every file opened for writing in ``folder`` is on a full disk (ENOSPC)."""
    real_open = Path.open

    def open_(self: Path, mode: str = "r", *args: Any, **kwargs: Any) -> Any:
        handle = real_open(self, mode, *args, **kwargs)
        if self.resolve().parent == folder.resolve() and any(m in mode for m in "wax"):
            return _FullDisk(handle)
        return handle

    monkeypatch.setattr(Path, "open", open_)


async def test_a_full_images_folder_neither_fails_a_saved_move_nor_stops_the_computer(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """The move is saved before its picture is drawn: a picture that cannot be written
    is a note under the reply, not "did not finish ... nothing was changed"; no empty or
    partial PNG is left, and the computer answers every move as if the disk had room."""
    images = tmp_path / "img"
    images.mkdir()
    _fill(monkeypatch, images)
    store = await Store.open(str(tmp_path / "db.sqlite3"))
    rng = random.Random(3)
    service = GameService(store, seed_factory=lambda: rng.randbytes(32))
    out = io.StringIO()
    console = Console(service, images, out)
    try:
        with caplog.at_level(logging.WARNING):
            await console.handle("alice: /new hachapury @boardbot level=easy")
            moved = 0
            for _ in range(4):
                session = await store.live_session(console.channel.id)
                assert session is not None and session.status == "active"
                position = service.position_of(session)
                seat = session.seat_for_side(position.side_to_move or "")
                # the computer has answered every move: it is alice's turn again
                assert seat is not None and seat.user_id == "alice", out.getvalue()
                before = session.next_turn
                reply = await console.handle(f"alice: /move {service.legal_turns(session)[0]}")
                assert reply is not None and reply.ok, out.getvalue()
                after = await store.live_session(console.channel.id)
                assert after is not None and after.next_turn > before + 1  # the computer's too
                moved += 1
    finally:
        await console.driver.close()
        await store.close()
    text = out.getvalue()
    assert moved == 4
    assert "internal error" not in text and "did not finish" not in text
    notes = re.findall(r"^\[picture not written.*$", text, re.M)
    assert len(notes) >= 8, text  # alice's moves and the computer's answers
    assert "the disk is full" in notes[0]
    assert list(images.iterdir()) == []  # no empty PNGs, no temporary files
    assert "could not write" in caplog.text and "Traceback" not in caplog.text
