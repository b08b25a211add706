"""``bench/crash.py`` in small: a move storm SIGKILLed 5 times, every check passing."""

from __future__ import annotations

import re
import sqlite3
import subprocess
import sys
from pathlib import Path

from games.turns import texts

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


async def test_the_checker_replays_a_database_holding_every_kind_of_game(
        tmp_path: Path) -> None:
    """Games of every kind in one file (with CheeseGambit's taunts and answers, logged
    as 'amend' entries): every check passes, and a wrong position is still caught."""
    import random

    from bench.crash import Figures, _checks
    from bot.replies import Channel, User
    from bot.service import GameService
    from games import available_games
    from storage import Store

    path = tmp_path / "mixed.sqlite3"
    rng = random.Random(5)
    store = await Store.open(str(path))
    service = GameService(store, seed_factory=lambda: rng.randbytes(32), render_images=False)
    players = {"1": User("1", "alice"), "2": User("2", "bob")}
    acks: list[tuple[int, int, str, str]] = []
    for number, game in enumerate(available_games()):
        room = Channel(f"mixed-{number}", "bench", f"mixed-{number}")
        assert (await service.new(players["1"], room, game, [players["2"]])).ok
        assert (await service.accept(players["2"], room)).ok
        for _ in range(40):
            session = await store.live_session(room.id)
            if session is None or session.status != "active":
                break
            position = service.position_of(session)
            if position.action_due():
                side, text = position.actors()[0], rng.choice(position.action_choices())
            else:
                side = position.side_to_move or ""
                text = rng.choice(texts(service.legal_turns(session)))
                additions = texts(position.turn_additions(text, session.dice))
                if additions:  # a taunt now and then, answered later as an 'amend'
                    text += " " + rng.choice(additions)
            seat = session.seat_for_side(side)
            assert seat is not None
            reply = await service.move(players[seat.user_id], room, text)
            assert reply.ok, (game, text, reply.text)
            if not position.action_due():
                acks.append((session.id, session.next_turn, side, text))
    await store.close()

    db = sqlite3.connect(path)
    kinds = {row[0] for row in db.execute("SELECT DISTINCT game FROM sessions")}
    assert kinds == set(available_games())
    assert db.execute("SELECT COUNT(*) FROM turns WHERE kind='amend'").fetchone()[0] > 0
    results = _checks(db, acks, Figures())
    assert all(ok is True for _, ok in results), results
    session_id = db.execute("SELECT id FROM sessions WHERE game='che'").fetchone()[0]
    db.execute("UPDATE sessions SET position = position || ' ' WHERE id=?", (session_id,))
    failed = [name for name, ok in _checks(db, acks, Figures()) if ok is not True]
    assert failed == ["stored position = replay of the log"]
    db.close()
