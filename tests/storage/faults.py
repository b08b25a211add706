"""Helpers for the storage-fault tests: real files, real processes.

Everything runs ``python -m bot`` in a child process, because the faults being
proven are about the process: a one-line message, an exit code, and the
process actually ending (aiosqlite's worker thread closed on every path).
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXIT_DATABASE = 4
GAME = "alice: /new hachapury @bob\nbob: /accept\nalice: /board\n"
#: The child's stdin when it is expected to start: a game, then it must end.
TIMEOUT = 60

#: Runs the bot's command line with every network call refused: a test that
#: reaches this far fails loudly instead of talking to Discord.
NO_NETWORK = """
import socket, sys
def refuse(*args, **kwargs):
    raise OSError("network blocked by the test")
socket.socket.connect = refuse
socket.create_connection = refuse
socket.getaddrinfo = refuse
from bot.__main__ import main
sys.exit(main(sys.argv[1:]))
"""
FAKE_TOKEN = "MTIz.fake-token-for-tests.never-valid"


def _env(token: str | None = None) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    env["PYTHONPATH"] = str(ROOT)
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    if token is not None:
        env["DISCORD_TOKEN"] = token
    return env


def _without_root_override() -> list[str]:
    """Root ignores file modes: read-only cases then run without the capabilities
    that let it (CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH), so modes hold as for anyone."""
    if os.geteuid() != 0:
        return []
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        pytest.skip("running as root without setpriv: file modes cannot be enforced")
    return [setpriv, "--bounding-set=-dac_override,-dac_read_search", "--"]


def console(db: Path, workdir: Path, *, stdin: str = GAME, config: Path | None = None,
            unprivileged: bool = False) -> subprocess.CompletedProcess[str]:
    """``python -m bot local --db db`` fed ``stdin``; must end within TIMEOUT."""
    args = [sys.executable, "-m", "bot", "local", "--db", str(db),
            "--images", str(workdir / "img"), "--seed", "3"]
    if config is not None:
        args += ["--config", str(config)]
    if unprivileged:
        args = _without_root_override() + args
    return subprocess.run(args, input=stdin, capture_output=True, text=True, timeout=TIMEOUT,
                          cwd=workdir, env=_env())


def bot(command: str, config: Path, workdir: Path) -> subprocess.CompletedProcess[str]:
    """``python -m bot run|start --config config`` with a fake token and no network."""
    args = [sys.executable, "-c", NO_NETWORK, command, "--config", str(config)]
    return subprocess.run(args, input="", capture_output=True, text=True, timeout=TIMEOUT,
                          cwd=workdir, env=_env(FAKE_TOKEN))


def config_file(folder: Path, db: Path, busy_timeout: float = 0.5) -> Path:
    path = folder / "config.toml"
    path.write_text(f'[storage]\ndatabase = "{db}"\nbusy_timeout = {busy_timeout}\n')
    return path


def assert_refused(result: subprocess.CompletedProcess[str], db: Path, *words: str) -> str:
    """Exit 4 with exactly one line on stderr naming the file and the reason."""
    assert result.returncode == EXIT_DATABASE, (result.returncode, result.stderr)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    line = lines[0]
    assert line.startswith(f"Cannot use the database {db}: "), line
    for word in words:
        assert word in line, (word, line)
    return line


def make_game_db(path: Path) -> None:
    """A real database with a started game, made by the console."""
    path.parent.mkdir(parents=True, exist_ok=True)
    result = console(path, path.parent)
    assert result.returncode == 0, result.stderr
    assert "begins" in result.stdout


def set_user_version(path: Path, version: int) -> None:
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA user_version={version}")
    db.commit()
    db.close()


def set_journal(path: Path, mode: str) -> None:
    db = sqlite3.connect(path, isolation_level=None)
    assert db.execute(f"PRAGMA journal_mode={mode}").fetchone()[0] == mode
    db.close()


HOLD_LOCK = """
import sqlite3, sys, time
db = sqlite3.connect(sys.argv[1], isolation_level=None)
db.execute("BEGIN EXCLUSIVE")
# Mid-write: a change made and not yet committed.
db.execute("INSERT INTO users (user_id, notify, updated_at) VALUES ('holder', 'none', 0)")
print("locked", flush=True)
if len(sys.argv) > 2:
    time.sleep(float(sys.argv[2]))
else:
    sys.stdin.readline()
db.execute("ROLLBACK")
db.close()
"""


@contextmanager
def locked(db: Path, seconds: float | None = None) -> Iterator[subprocess.Popen[str]]:
    """Another process holding an exclusive lock mid-write (released after ``seconds``,
    or when the block ends)."""
    args = [sys.executable, "-c", HOLD_LOCK, str(db)]
    if seconds is not None:
        args.append(str(seconds))
    holder = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "locked"
        yield holder
    finally:
        if holder.poll() is None and seconds is None:
            assert holder.stdin is not None
            holder.stdin.write("\n")
            holder.stdin.flush()
        holder.wait(timeout=TIMEOUT)
