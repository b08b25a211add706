"""An interrupted ``python -m bot migrate`` leaves no copy of the source behind.

The copy of the source (a whole database) lives in a temporary folder while the
migration runs.  Each case is a real ``python -m bot migrate`` process stopped in the
middle: by SIGTERM, SIGINT or SIGHUP (it must remove the folder itself and end), and
by SIGKILL (nothing can run then: the next migrate removes the dead run's folder).
No PostgreSQL is needed: the child is held right after the copy is made.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tests.bot.conftest import FakeClock
from tests.bot.service.test_correspondence import _service, _start

ROOT = Path(__file__).resolve().parents[2]
TIMEOUT = 60
#: ``python -m bot migrate`` that says "held" and waits once the source is copied (the
#: copy's folder then exists), long enough for the test to stop it.
HELD = """
import asyncio, sys
import bot.migrate
real = bot.migrate.upgraded
async def held(source, copy):
    await real(source, copy)
    print("held", flush=True)
    await asyncio.sleep(600)
bot.migrate.upgraded = held
from bot.__main__ import main
sys.exit(main(sys.argv[1:]))
"""
NOWHERE = "postgresql://nobody@/nowhere?host=/nonexistent"


@pytest.fixture
async def source(tmp_path: Path) -> Path:
    from storage import Store

    path = tmp_path / "bot.sqlite3"
    store = await Store.open(str(path))
    try:
        await _start(_service(store, FakeClock()), None)
    finally:
        await store.close()
    return path


def _env(tmp: Path) -> dict[str, str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONDONTWRITEBYTECODE="1",
               TMPDIR=str(tmp))
    return env


def _held(source: Path, tmp: Path) -> subprocess.Popen[str]:
    child = subprocess.Popen([sys.executable, "-c", HELD, "migrate", "--from", str(source),
                              "--to", NOWHERE], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, env=_env(tmp), cwd=ROOT)
    assert child.stdout is not None
    line = child.stdout.readline()
    if line.strip() != "held":
        child.kill()
        raise AssertionError(f"the child did not get to the copy: {line!r} "
                             f"{child.communicate(timeout=TIMEOUT)}")
    return child


def _copies(tmp: Path) -> list[Path]:
    """The migration folders in ``tmp``, and any database file anywhere under it."""
    return sorted(p for p in tmp.rglob("*") if "migrate" in p.name or ".sqlite3" in p.name)


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT, signal.SIGHUP])
def test_a_stopped_migration_removes_its_copy_of_the_source(
        source: Path, tmp_path: Path, sig: signal.Signals) -> None:
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    child = _held(source, tmp)
    assert _copies(tmp), "the copy was made where TMPDIR says"
    child.send_signal(sig)
    _, err = child.communicate(timeout=TIMEOUT)
    assert child.returncode == 128 + sig, (child.returncode, err)
    assert _copies(tmp) == [], err
    # one line says what happened, no traceback
    assert err.strip().splitlines() == [
        f"migrate: stopped by {sig.name} before it finished; nothing was verified. "
        "Run it again to finish the copy (it resumes)."], err


def test_the_next_migration_removes_the_copy_a_killed_one_left(
        source: Path, tmp_path: Path) -> None:
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    killed = _held(source, tmp)
    killed.kill()  # SIGKILL: nothing runs, the copy stays behind
    killed.communicate(timeout=TIMEOUT)
    assert _copies(tmp)
    # a live run's folder is not touched by another run
    alive = _held(source, tmp)
    left_by_alive = set(_copies(tmp))
    # the next run (here: one that cannot reach its target) clears the dead run's copy
    result = subprocess.run([sys.executable, "-m", "bot", "migrate", "--from", str(source),
                             "--to", NOWHERE], capture_output=True, text=True,
                            env=_env(tmp), cwd=ROOT, timeout=TIMEOUT)
    assert result.returncode == 4, result.stderr
    try:
        assert set(_copies(tmp)) <= left_by_alive
        assert not any(f"-{killed.pid}-" in p.name for p in _copies(tmp))
        assert any(f"-{alive.pid}-" in p.name for p in _copies(tmp))
    finally:
        alive.terminate()
        alive.communicate(timeout=TIMEOUT)
    assert _copies(tmp) == []
