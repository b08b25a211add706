"""``bench/crash.py`` in small: a move storm SIGKILLed 5 times, every check passing."""

from __future__ import annotations

import re
import sqlite3
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_five_kills_leave_a_sound_database_with_every_acknowledged_move() -> None:
    result = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "crash.py"), "--kills", "5", "--seed", "7"],
        capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    assert re.search(r"^kills: 5 ", result.stdout, re.M), result.stdout
    assert re.search(r"^failures: 0$", result.stdout, re.M), result.stdout
    passed = re.search(r"^checks passed: (\d+) ", result.stdout, re.M)
    assert passed and int(passed.group(1)) >= 5, result.stdout


def test_the_checks_catch_a_doubled_turn_a_lost_move_and_a_wrong_position(
        tmp_path: Path) -> None:
    from bench.crash import Figures, _checks

    db_path = tmp_path / "storm.sqlite3"
    # On a loaded machine a kill may come before the first move: storm on until one is logged.
    for attempt in range(10):
        result = subprocess.run(
            [sys.executable, str(ROOT / "bench" / "crash.py"), "--kills", "3",
             "--seed", str(3 + attempt), "--max-delay", "0.5", "--db", str(db_path)],
            capture_output=True, text=True, timeout=120, cwd=ROOT)
        assert result.returncode == 0, result.stdout + result.stderr
        if _logged_turns(db_path):
            break
    db = sqlite3.connect(db_path)
    session_id, number, side, moves = db.execute(
        "SELECT session_id, number, side, moves FROM turns WHERE kind='turn' "
        "ORDER BY session_id, seq LIMIT 1").fetchone()
    ack = (session_id, number, side, moves)
    failed = [name for name, ok in _checks(db, [ack], Figures()) if ok is not True]
    assert failed == []
    lost = (session_id, 10_000, side, moves)
    failed = [name for name, ok in _checks(db, [ack, lost], Figures()) if ok is not True]
    assert failed == ["every acknowledged move logged once"]
    db.execute("UPDATE sessions SET position = position || ' ' WHERE id=?", (session_id,))
    db.execute("INSERT INTO turns (session_id, seq, number, side, dice, record, moves, actor, "
               "played_at, kind) SELECT session_id, (SELECT MAX(seq) + 1 FROM turns "
               "WHERE session_id=?), number, side, dice, record, moves, actor, played_at, kind "
               "FROM turns WHERE session_id=? AND seq=1", (session_id, session_id))
    failed = [name for name, ok in _checks(db, [ack], Figures()) if ok is not True]
    assert failed == ["stored position = replay of the log", "no turn doubled",
                      "every acknowledged move logged once"]
    db.close()


def test_a_kill_between_two_migrations_is_checked_like_no_schema(tmp_path: Path) -> None:
    """Each migration commits on its own: a kill between two leaves an older
    schema (here: turns without ``kind``), where nothing can be acknowledged yet."""
    from bench.crash import Figures, _checks
    from storage.migrations import MIGRATIONS
    from storage.store import _split_sql

    db = sqlite3.connect(tmp_path / "half.sqlite3")
    for statement in _split_sql(MIGRATIONS[0]):
        db.execute(statement)
    db.execute("PRAGMA user_version=1")
    results = dict(_checks(db, [], Figures()))
    assert results["nothing acknowledged before the schema exists"] is True
    assert all(ok is True for ok in results.values()), results
    failed = dict(_checks(db, [(1, 1, "W", "24/18")], Figures()))
    assert failed["nothing acknowledged before the schema exists"] == "1 acknowledged, schema 1"
    db.close()


def _logged_turns(path: Path) -> int:
    db = sqlite3.connect(path)
    try:
        return db.execute("SELECT COUNT(*) FROM turns WHERE kind='turn'").fetchone()[0]
    except sqlite3.OperationalError:
        return 0
    finally:
        db.close()
