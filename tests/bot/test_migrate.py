"""``python -m bot migrate``: a SQLite database moved to PostgreSQL, verified by replay,
resumable, the source never changed."""

from __future__ import annotations

import hashlib
import io
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from bot.migrate import Report, copy_tables, migrate, verify_copy
from bot.service.tournaments import Terms
from storage import Store
from storage.correspondence import CorrespondenceStore
from tests.bot.conftest import ALICE, BOB, CAROL, HERE, MOD, FakeClock
from tests.bot.service.test_correspondence import THERE, _play, _service, _start, _to_move
from tests.conftest import PgFactory

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.postgresql
FINISHED = HERE.__class__("5003", HERE.guild_id, "finished-room")
CUP = HERE.__class__("5004", HERE.guild_id, "cup")
LADDER = HERE.__class__("5006", HERE.guild_id, "ladder")
TOURNAMENT_TABLES = ("tournaments", "tournament_entrants", "tournament_rounds",
                     "tournament_pairings", "leagues", "league_members", "league_divisions")


async def _source(path: Path) -> None:
    """A bot's database: a finished game (resigned), a clocked game in play with a
    take-back, an open challenge, a user's setting and the scheduler's heartbeat."""
    clock = FakeClock()
    store = await Store.open(str(path))
    service = _service(store, clock)
    try:
        await _start(service, None, channel=FINISHED)
        for pick in range(6):
            await _play(service, FINISHED, pick)
        session = await store.live_session(FINISHED.id)
        assert session is not None
        mover, _ = _to_move(service, session)
        assert (await service.resign(mover, FINISHED)).ok
        await _start(service, "3d")
        for pick in range(3):
            await _play(service, HERE, pick)
        session = await store.live_session(HERE.id)
        assert session is not None
        mover, other = _to_move(service, session)
        assert (await service.takeback(other, HERE)).ok
        assert (await service.takeback_answer(mover, HERE, True)).ok
        assert (await service.new(CAROL, THERE, "hachapury", [ALICE])).ok
        assert (await service.notify(BOB, "dm")).ok
        await CorrespondenceStore(store).set_heartbeat(clock.now)
        # a tournament under way (round 1 paired, its games not opened yet) and a
        # league's first season: every table of migration 13 has rows, children of
        # parents the name order would copy after them
        assert (await service.tournament_new(MOD, CUP, Terms("hachapury", "swiss", 2))).ok
        assert (await service.league_new(MOD, LADDER, "hachapury", 3, 1)).ok
        for player in (ALICE, BOB, CAROL):
            assert (await service.tournament_join(player, CUP)).ok
            assert (await service.league_join(player, LADDER)).ok
        assert (await service.tournament_start(MOD, CUP)).ok
        assert (await service.league_season(MOD, LADDER)).ok
    finally:
        await store.close()


def _fingerprint(path: Path) -> dict[str, str]:
    """Every file of the source's folder and its hash (a -wal or -shm appearing, or any
    byte changing, shows)."""
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(path.parent.iterdir())}


@pytest.fixture
async def source(tmp_path: Path) -> Path:
    folder = tmp_path / "source"
    folder.mkdir()
    path = folder / "bot.sqlite3"
    await _source(path)
    return path


async def _everything(store: Store) -> tuple[list[object], list[object]]:
    statuses = ("challenge", "active", "finished", "aborted", "declined", "expired")
    sessions = await store.sessions(statuses=statuses)
    return list(sessions), [await store.turns(s.id) for s in sessions]


async def test_the_copy_equals_the_source_and_is_verified(
        source: Path, new_pg_database: PgFactory) -> None:
    url = await new_pg_database()
    before = _fingerprint(source)
    out = io.StringIO()
    assert await migrate(str(source), url, out) == 0, out.getvalue()
    assert _fingerprint(source) == before  # the source is never changed
    text = out.getvalue()
    assert "verified: 3 sessions; 2 replayed" in text and "1 finished games' dice" in text
    assert "FAILED" not in text
    original, copy = await Store.open(str(source)), await Store.open(url)
    try:
        assert await _everything(copy) == await _everything(original)
        ledgers = CorrespondenceStore(original), CorrespondenceStore(copy)
        session = await copy.live_session(HERE.id)
        assert session is not None
        assert await ledgers[1].clock(session.id) == await ledgers[0].clock(session.id)
        assert await ledgers[1].undo_requests(session.id) == \
            await ledgers[0].undo_requests(session.id)
        assert await ledgers[1].notify_mode(BOB.id) == "dm"
        assert await ledgers[1].heartbeat() == await ledgers[0].heartbeat()
        # the copy plays on: a new game gets an id after the copied ones
        service = _service(copy, FakeClock())
        other = HERE.__class__("5009", HERE.guild_id, "new-room")
        assert (await service.new(ALICE, other, "hachapury", [BOB])).ok
        new = await copy.live_session(other.id)
        assert new is not None and new.id == 4
        for table in TOURNAMENT_TABLES:
            counts = [int((await store.fetchall(f"SELECT COUNT(*) FROM {table}"))[0][0])
                      for store in (original, copy)]
            assert counts[0] == counts[1] > 0, table
        # and a new tournament gets an id after the copied ones
        assert (await service.tournament_new(MOD, other, Terms("hachapury", "knockout"))).ok
    finally:
        await original.close()
        await copy.close()


async def test_an_interrupted_copy_is_resumed(source: Path, new_pg_database: PgFactory
                                              ) -> None:
    url = await new_pg_database()

    class Interrupted(Exception):
        pass

    def stop_in_the_log(table: str, done: int, total: int) -> None:
        if table == "turns" and done >= 4:
            raise Interrupted

    with pytest.raises(Interrupted):
        await migrate(str(source), url, io.StringIO(), batch=2, progress=stop_in_the_log)
    partial = await Store.open(url)
    try:
        counted = await partial.fetchall("SELECT COUNT(*) FROM turns")
        total = sqlite3.connect(source).execute("SELECT COUNT(*) FROM turns").fetchone()[0]
        assert 0 < counted[0][0] < total  # part of the log made it
    finally:
        await partial.close()
    out = io.StringIO()
    assert await migrate(str(source), url, out, batch=2) == 0, out.getvalue()
    assert await migrate(str(source), url, out) == 0, out.getvalue()  # and again: no change
    copy = await Store.open(url)
    try:
        counted = await copy.fetchall("SELECT COUNT(*) FROM turns")
        assert counted[0][0] == total
    finally:
        await copy.close()


async def test_verification_finds_a_wrong_position_and_a_wrong_seed(
        source: Path, new_pg_database: PgFactory) -> None:
    url = await new_pg_database()
    db = sqlite3.connect(source)
    target = await Store.open(url)
    try:
        await copy_tables(db, target)
        clean = Report()
        await verify_copy(db, target, clean)
        assert clean.problems == [] and clean.dice_verified == 1
        # a forged copy: the stored position of the live game, the finished game's seed
        # (in the source too, so that only the replay and the dice can tell)
        live = await target.live_session(HERE.id)
        assert live is not None
        forged = live.position.replace("W", "B", 1) if live.position else "x"
        finished = (await target.latest_session(FINISHED.id))
        assert finished is not None
        for sql, params in (("UPDATE sessions SET position=? WHERE id=?", (forged, live.id)),
                            ("UPDATE sessions SET seed=? WHERE id=?", ("00" * 32, finished.id))):
            async with target.transaction() as run:
                await run(sql, params)
            db.execute(sql, params)
        report = Report()
        await verify_copy(db, target, report)
        assert any(f"session {live.id}" in p and "replayed position" in p
                   for p in report.problems), report.problems
        assert any(f"session {finished.id}" in p and "dice do not verify" in p
                   for p in report.problems), report.problems
    finally:
        db.close()
        await target.close()


async def test_a_target_with_other_games_is_refused_untouched(
        source: Path, tmp_path: Path, new_pg_database: PgFactory) -> None:
    url = await new_pg_database()
    other_bot = tmp_path / "other.sqlite3"
    other = await Store.open(str(other_bot))  # another bot's one challenge, its own seed
    await other.create_session(guild_id="g", channel_id="c", game="hachapury", options={},
                               seed="cd" * 32, seed_hash="other", created_by="x", now=1.0,
                               expires_at=None, seats=[("W", "x", "x", True)])
    await other.close()
    assert await migrate(str(other_bot), url, io.StringIO()) == 0
    copy = await Store.open(url)
    before = await _everything(copy)
    await copy.close()
    assert await migrate(str(source), url, io.StringIO()) == 1  # seeds differ: not ours
    copy = await Store.open(url)
    try:
        assert await _everything(copy) == before
    finally:
        await copy.close()


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "bot", *args], capture_output=True,
                          text=True, cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)},
                          timeout=120)


async def test_the_command_line_copies_and_refuses_clearly(
        source: Path, tmp_path: Path, new_pg_database: PgFactory) -> None:
    url = await new_pg_database()
    done = _cli("migrate", "--from", str(source), "--to", url)
    assert done.returncode == 0, done.stderr
    assert "verified: 3 sessions" in done.stdout
    missing = _cli("migrate", "--from", str(tmp_path / "nothing.sqlite3"), "--to", url)
    assert missing.returncode == 4 and "no such file" in missing.stderr
    assert len(missing.stderr.strip().splitlines()) == 1
    base = url.split("?")[0].rsplit("/", 1)[0]
    nowhere = _cli("migrate", "--from", str(source), "--to",
                   f"{base}/no_such_database?{url.split('?')[1]}")
    assert nowhere.returncode == 4 and "has no database no_such_database" in nowhere.stderr
    assert len(nowhere.stderr.strip().splitlines()) == 1
    wrong = _cli("migrate", "--from", str(source), "--to", str(tmp_path / "x.sqlite3"))
    assert wrong.returncode == 2 and "postgresql://" in wrong.stderr
