"""A bot killed with SIGKILL while its computer thinks: the restarted bot takes the
dead process's claim at once (storage/liveness.py), instead of waiting for the claim
to age (``computer_claim_seconds``, 120 s: stalls of 121-153 s were measured).  A
real ``python -m bot local`` on SQLite, a real ``kill -9``, a real restart."""

from __future__ import annotations

import signal
import sqlite3
import subprocess
from pathlib import Path

from tests.bot.killed import console, descendants, living, put_down, say, wait_for

#: Seconds the restarted bot may take to play (its start, its pools, a hard decision
#: of 1.5 s on a loaded machine); the claim's age limit is 120 s.
LIMIT = 30.0


def _read(db: Path, sql: str) -> list[tuple[object, ...]]:
    with sqlite3.connect(db, timeout=5) as connection:
        return connection.execute(sql).fetchall()


def _logged(db: Path) -> int:
    return int(_read(db, "SELECT COUNT(*) FROM turns")[0][0])


def _thinking(db: Path) -> bool:
    """A computer is thinking: a claim of the session's current version, some turns in."""
    try:
        return bool(_read(db, "SELECT 1 FROM computer_claims c JOIN sessions s ON "
                              "s.id=c.session_id AND s.version=c.version "
                              "WHERE s.status='active'")) and _logged(db) >= 4
    except sqlite3.OperationalError:  # not created yet
        return False


def test_a_restart_after_a_kill_mid_thought_moves_at_once(tmp_path: Path) -> None:
    db = tmp_path / "db.sqlite3"
    processes: list[subprocess.Popen[str]] = []
    trees: list[dict[int, str]] = []
    try:
        processes.append(console(str(db), tmp_path))
        say(processes[0], "alice: /new hachapury @boardbot @boardbot level=hard")
        # A decision can end in the moment between seeing the claim and the kill: then
        # the kill missed, and the bot started again (it plays on) is killed anew.
        for _attempt in range(5):
            wait_for(lambda: _thinking(db), 120, "the computer to think")
            trees.append(descendants(processes[-1].pid))
            processes[-1].send_signal(signal.SIGKILL)
            processes[-1].wait(10)
            if _thinking(db):
                break
            processes.append(console(str(db), tmp_path))
        assert _thinking(db), "no kill landed mid-thought"
        logged = _logged(db)
        processes.append(console(str(db), tmp_path))
        seconds = wait_for(lambda: _logged(db) > logged, LIMIT,
                           "the computer's move after the restart")
        print(f"restart to the computer's move: {seconds:.2f} s")
        trees.append(descendants(processes[-1].pid))
    finally:
        for process in processes:
            if process.poll() is None:
                process.kill()
                process.wait(10)
        for tree in trees:
            put_down(living(tree))
