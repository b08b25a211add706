"""A database the bot cannot use stops the start with one line and exit 4, untouched.

Each case is a real file and a real ``python -m bot`` process (the console, and
the Discord bot with a fake token and the network blocked): the process must
end within the timeout (no aiosqlite thread left running), print one line that
says what is wrong, and leave the file's bytes exactly as they were.
"""

from __future__ import annotations

import shutil
import sqlite3
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from storage.migrations import LATEST
from tests.storage.faults import (
    FAKE_TOKEN,
    assert_refused,
    bot,
    config_file,
    console,
    locked,
    make_game_db,
    set_journal,
    set_user_version,
)


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("template") / "game.sqlite3"
    make_game_db(path)
    return path


@pytest.fixture
def game_db(template: Path, tmp_path: Path) -> Path:
    path = tmp_path / "game.sqlite3"
    shutil.copy(template, path)
    return path


# --------------------------------------------------------------- damaged files


def _truncate(path: Path) -> None:
    with open(path, "r+b") as fh:
        fh.truncate(path.stat().st_size * 6 // 10)


def _scribble(path: Path) -> None:
    """Garbage over the headers of the last pages (tables' b-tree pages)."""
    pages = path.stat().st_size // 4096
    with open(path, "r+b") as fh:
        for page in range(pages - 4, pages):
            fh.seek(page * 4096)
            fh.write(b"\xa5" * 32)


def _not_sqlite(path: Path) -> None:
    path.write_text("these are my shopping notes, not a database\n")


def _foreign(path: Path) -> None:
    path.unlink()
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)")
    db.execute("INSERT INTO notes (body) VALUES ('keep me')")
    db.execute("PRAGMA user_version=2")
    db.commit()
    db.close()


def _foreign_unversioned(path: Path) -> None:
    _foreign(path)
    set_user_version(path, 0)


def _newer(path: Path) -> None:
    set_user_version(path, LATEST + 1)


DAMAGED: dict[str, tuple[Callable[[Path], None], tuple[str, ...]]] = {
    "truncated": (_truncate, ("damaged", "backup")),
    "corrupt": (_scribble, ("damaged", "backup")),
    "not sqlite": (_not_sqlite, ("not a SQLite database",)),
    "another app's sqlite": (_foreign, ("another program's SQLite database", "notes")),
    "another app's sqlite, version 0": (_foreign_unversioned, ("another program's",)),
    "newer schema": (_newer, ("newer version", f"schema {LATEST + 1}", f"up to {LATEST}")),
}


@pytest.fixture(params=sorted(DAMAGED))
def damaged(request: pytest.FixtureRequest, game_db: Path
            ) -> Iterator[tuple[Path, tuple[str, ...]]]:
    spoil, words = DAMAGED[request.param]
    spoil(game_db)
    yield game_db, words


def test_console_refuses_a_damaged_foreign_or_newer_file(
        damaged: tuple[Path, tuple[str, ...]], tmp_path: Path) -> None:
    db, words = damaged
    before = db.read_bytes()
    result = console(db, tmp_path)
    assert_refused(result, db, "left untouched", *words)
    assert "begins" not in result.stdout
    assert db.read_bytes() == before


def test_bot_refuses_a_damaged_file_before_any_network(
        damaged: tuple[Path, tuple[str, ...]], tmp_path: Path) -> None:
    db, words = damaged
    before = db.read_bytes()
    result = bot("run", config_file(tmp_path, db), tmp_path)
    assert_refused(result, db, *words)
    assert "network blocked" not in result.stderr and FAKE_TOKEN not in result.stderr
    assert db.read_bytes() == before


# --------------------------------------------------------------------- locks


@pytest.mark.parametrize("journal", ["wal", "delete"])
@pytest.mark.parametrize("command", ["local", "run", "start"])
def test_a_database_locked_by_another_process_is_refused_after_the_wait(
        game_db: Path, tmp_path: Path, journal: str, command: str) -> None:
    set_journal(game_db, journal)
    before = game_db.read_bytes()
    config = config_file(tmp_path, game_db, busy_timeout=0.5)
    with locked(game_db):
        started = time.monotonic()
        if command == "local":
            result = console(game_db, tmp_path, config=config)
        else:
            result = bot(command, config, tmp_path)
        waited = time.monotonic() - started
    assert_refused(result, game_db, "lock", "waited 0.5 s")
    assert waited >= 0.5
    assert "network blocked" not in result.stderr
    assert game_db.read_bytes() == before


def test_a_lock_released_within_the_wait_lets_the_console_start(
        game_db: Path, tmp_path: Path) -> None:
    config = config_file(tmp_path, game_db, busy_timeout=30)
    with locked(game_db, seconds=1.0):
        result = console(game_db, tmp_path, config=config, stdin="alice: /resign confirm\n")
    assert result.returncode == 0, result.stderr
    db = sqlite3.connect(game_db)
    assert db.execute("SELECT status FROM sessions").fetchall() == [("finished",)]
    assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    assert db.execute("SELECT COUNT(*) FROM users WHERE user_id='holder'").fetchone()[0] == 0
    db.close()


# ----------------------------------------------------------------- read-only


@pytest.mark.parametrize(("folder_mode", "file_mode"), [
    (0o755, 0o444),  # the file is read-only
    (0o555, 0o644),  # the folder is (SQLite's journal cannot be written)
    (0o555, 0o444),  # both
], ids=["file", "folder", "both"])
def test_a_read_only_database_is_refused_untouched(
        game_db: Path, tmp_path: Path, folder_mode: int, file_mode: int) -> None:
    data = tmp_path / "data"
    data.mkdir()
    db = data / "game.sqlite3"
    shutil.move(game_db, db)
    before = db.read_bytes()
    db.chmod(file_mode)
    data.chmod(folder_mode)
    try:
        result = console(db, tmp_path, unprivileged=True)
    finally:
        data.chmod(0o755)
    assert_refused(result, db, "read-only", "write access")
    assert db.read_bytes() == before
    assert sorted(p.name for p in data.iterdir()) == ["game.sqlite3"]


def test_a_new_database_in_a_read_only_folder_is_refused(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    data.chmod(0o555)
    db = data / "new.sqlite3"
    try:
        result = console(db, tmp_path, unprivileged=True)
    finally:
        data.chmod(0o755)
    assert_refused(result, db, "read-only")
    assert not db.exists()


# ------------------------------------------------------------ missing folder


def test_a_missing_folder_is_created(tmp_path: Path) -> None:
    db = tmp_path / "not" / "yet" / "here" / "game.sqlite3"
    result = console(db, tmp_path)
    assert result.returncode == 0, result.stderr
    assert "begins" in result.stdout
    assert db.is_file()


def test_a_folder_that_cannot_be_created_is_refused(tmp_path: Path) -> None:
    blocker = tmp_path / "blocker"
    blocker.write_text("a file where a folder should be")
    db = blocker / "sub" / "game.sqlite3"
    result = console(db, tmp_path)
    assert_refused(result, db, "cannot be created")
    assert blocker.read_text() == "a file where a folder should be"


def test_a_folder_path_given_as_the_database_is_refused(tmp_path: Path) -> None:
    result = console(tmp_path, tmp_path)
    assert_refused(result, tmp_path, "folder")


# -------------------------------------------------------------- good files


def test_an_existing_database_still_opens_and_keeps_its_game(
        game_db: Path, tmp_path: Path) -> None:
    result = console(game_db, tmp_path, stdin="alice: /board\n")
    assert result.returncode == 0, result.stderr
    assert "You are not playing" not in result.stdout and "hachapury" in result.stdout.lower()


def test_an_empty_file_is_a_new_database(tmp_path: Path) -> None:
    db = tmp_path / "empty.sqlite3"
    db.write_bytes(b"")
    result = console(db, tmp_path)
    assert result.returncode == 0, result.stderr
    assert "begins" in result.stdout
