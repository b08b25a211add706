"""Two real bot processes on one PostgreSQL database (tests/bot/pg_worker.py): reminders
fire once across processes, also when the leading scheduler is killed with SIGKILL and
the other takes over; two /moves racing from two processes apply once; each computer
move is thought about and played once, also when its thinker is killed mid-thought."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from storage import SessionStatus, Store
from storage.correspondence import ClockState, CorrespondenceStore, ReminderRow, clock_statements
from tests.bot.conftest import ALICE, BOB, HERE, FakeClock
from tests.bot.service.test_correspondence import _service, _start
from tests.conftest import PgFactory

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.postgresql
REMINDERS = 12


def _worker(*args: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "tests.bot.pg_worker", *args], cwd=ROOT,
                            env={**os.environ, "PYTHONPATH": str(ROOT)}, text=True,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)


def _expect(process: subprocess.Popen[str], word: str) -> None:
    """Read the worker's lines until ``word`` (a worker that dies fails the test)."""
    assert process.stdout is not None
    for line in process.stdout:
        if line.strip() == word:
            return
    raise AssertionError(f"worker ended before saying {word!r}: "
                         f"{process.stderr.read() if process.stderr else ''}")


def _wait(condition: Callable[[], object], seconds: float = 30.0) -> None:
    end = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < end, "timed out"
        time.sleep(0.05)


def _delivered(outfile: Path) -> list[tuple[int, int]]:
    if not outfile.exists():
        return []
    return [(int(pid), int(session)) for pid, session, _ in
            (line.split() for line in outfile.read_text().splitlines())]


async def _sessions_with_reminders(url: str, start: float) -> list[int]:
    """REMINDERS active games, each with one reminder, due far ahead (``_arm`` brings
    them near once the processes run)."""
    store = await Store.open(url)
    ledger = CorrespondenceStore(store)
    ids = []
    try:
        for i in range(REMINDERS):
            session_id = await store.create_session(
                guild_id="g", channel_id=f"c{i}", game="hachapury", options={}, seed="ab" * 32,
                seed_hash="h", created_by=ALICE.id, now=start, expires_at=None,
                seats=[("W", ALICE.id, "alice", True), ("B", BOB.id, "bob", True)])
            await ledger.set_control(session_id, "3d", start)
            session = await store.session(session_id)
            assert session is not None
            # a clock whose 60-seconds-left reminder is due in an hour
            budget = 3660.0 + i
            due = start + budget - 60.0
            state = ClockState(1, "W", 1, start, budget, start + budget, {"B": 3600.0})
            await store.update_session(session, start, status=SessionStatus.ACTIVE, extra=(
                clock_statements(session_id, state,
                                 [ReminderRow(session_id, 1, 60.0, 1, "W", due)], start)))
            ids.append(session_id)
        await ledger.set_heartbeat(time.time())
    finally:
        await store.close()
    return ids


async def _arm(url: str, ids: list[int]) -> None:
    """Make the reminders due one after the other from 0.5 s on, 0.5 s apart (set once
    both processes run, so that a slow start cannot let one process take them all)."""
    store = await Store.open(url)
    try:
        now = time.time()
        async with store.transaction() as run:
            for i, session_id in enumerate(ids):
                await run("UPDATE reminders SET due_at=? WHERE session_id=?",
                          (now + 0.5 + 0.5 * i, session_id))
    finally:
        await store.close()


async def _unsent(url: str) -> int:
    store = await Store.open(url)
    try:
        rows = await store.fetchall("SELECT COUNT(*) FROM reminders WHERE sent_at IS NULL")
        return int(rows[0][0])
    finally:
        await store.close()


async def test_reminders_fire_once_across_processes_and_a_killed_leader_is_replaced(
        new_pg_database: PgFactory, tmp_path: Path) -> None:
    url = await new_pg_database()
    ids = await _sessions_with_reminders(url, time.time())
    outfile = tmp_path / "delivered.txt"
    leader = _worker("schedule", url, str(outfile))
    follower: subprocess.Popen[str] | None = None
    try:
        _expect(leader, "leads")
        follower = _worker("schedule", url, str(outfile))
        _expect(follower, "follows")
        await _arm(url, ids)
        _wait(lambda: len(_delivered(outfile)) >= 3)
        leader.send_signal(signal.SIGKILL)  # no goodbye: the server sees the connection die
        leader.wait(10)
        _expect(follower, "leads")
        end = time.monotonic() + 30
        while await _unsent(url):
            assert time.monotonic() < end, "reminders left unsent"
            time.sleep(0.1)
        _wait(lambda: len(_delivered(outfile)) >= REMINDERS - 1, 5)
    finally:
        for process in (leader, follower):
            if process is not None and process.poll() is None:
                process.terminate()
                process.wait(10)
    delivered = _delivered(outfile)
    sessions = [s for _, s in delivered]
    assert len(sessions) == len(set(sessions))  # nothing twice
    assert set(sessions) <= set(ids)
    # Delivery is at most once by design (claimed, then sent): a kill between the claim's
    # commit and the send loses that one reminder; one pass claims at most one of these.
    assert len(sessions) >= REMINDERS - 1
    senders = {pid for pid, _ in delivered}
    assert follower is not None and senders == {leader.pid, follower.pid}  # both sent some


async def test_two_moves_racing_from_two_processes_apply_once(new_pg_database: PgFactory
                                                              ) -> None:
    url = await new_pg_database()
    store = await Store.open(url)
    try:
        await _start(_service(store, FakeClock()), None)
        before = await store.live_session(HERE.id)
        assert before is not None
        log_before = len(await store.turns(before.id))
    finally:
        await store.close()
    racers = [_worker("move", url, HERE.id) for _ in range(2)]
    try:
        for racer in racers:
            _expect(racer, "ready")
        for racer in racers:  # both at once
            assert racer.stdin is not None
            racer.stdin.write("go\n")
            racer.stdin.flush()
        replies = []
        for racer in racers:
            out, err = racer.communicate(timeout=60)
            assert racer.returncode == 0, err
            replies.append(json.loads(out.strip().splitlines()[-1]))
    finally:
        for racer in racers:
            if racer.poll() is None:
                racer.kill()
    assert sorted(r["ok"] for r in replies) == [False, True], replies
    store = await Store.open(url)
    try:
        after = await store.live_session(HERE.id)
        assert after is not None
        turns = (await store.turns(after.id))[log_before:]
        mover = next(s.user_id for s in before.seats if s.user_id == turns[0].actor)
        assert [t.actor for t in turns if t.actor == mover] == [mover]  # one move, once
        assert after.version > before.version
    finally:
        await store.close()


async def _computer_game(url: str) -> tuple[int, int]:
    """A game of computers in HERE (alice watches): (its session id, log length)."""
    from bot.computer_seats import COMPUTER
    from bot.service import GameService

    store = await Store.open(url)
    try:
        service = GameService(store, render_images=False)
        assert (await service.new(ALICE, HERE, "hachapury", [COMPUTER, COMPUTER])).ok
        session = await store.live_session(HERE.id)
        assert session is not None
        return session.id, len(await store.turns(session.id))
    finally:
        await store.close()


def _thoughts(thinkfile: Path) -> list[tuple[int, int]]:
    """(pid, decision seed) of every decision started, in order."""
    if not thinkfile.exists():
        return []
    return [(int(pid), int(seed)) for pid, seed in
            (line.split() for line in thinkfile.read_text().splitlines())]


async def _computer_turns(url: str, session_id: int, after: int
                          ) -> list[tuple[int, str, str]]:
    """(turn number, kind, actor) of the computers' entries (turns and answers) logged
    after entry ``after`` (the automatic passes are the bot's)."""
    store = await Store.open(url)
    try:
        return [(t.number, t.kind, t.actor) for t in (await store.turns(session_id))[after:]
                if t.actor != "bot"]
    finally:
        await store.close()


def _go(processes: list[subprocess.Popen[str]]) -> None:
    for process in processes:
        _expect(process, "ready")
    for process in processes:
        assert process.stdin is not None
        process.stdin.write("go\n")
        process.stdin.flush()


async def test_each_computer_move_is_thought_about_once_across_processes(
        new_pg_database: PgFactory, tmp_path: Path) -> None:
    url = await new_pg_database()
    session_id, logged = await _computer_game(url)
    thinkfile = tmp_path / "thoughts.txt"
    target = str(logged + 10)
    workers = [_worker("computer", url, HERE.id, str(thinkfile), "120", "0", target)
               for _ in range(2)]
    try:
        _go(workers)
        for worker in workers:
            _expect(worker, "done")
    finally:
        for worker in workers:
            if worker.poll() is None:
                worker.terminate()
                worker.wait(10)
    thoughts = _thoughts(thinkfile)
    seeds = [seed for _, seed in thoughts]
    assert len(seeds) == len(set(seeds))  # no decision thought about twice
    played = await _computer_turns(url, session_id, logged)
    assert len(played) == len(thoughts) >= 5  # each thought played once, none lost
    assert len(set(played)) == len(played)


async def test_a_computer_move_whose_thinker_is_killed_is_taken_over_once(
        new_pg_database: PgFactory, tmp_path: Path) -> None:
    url = await new_pg_database()
    session_id, logged = await _computer_game(url)
    thinkfile = tmp_path / "thoughts.txt"
    stuck = _worker("computer", url, HERE.id, str(thinkfile), "2", "1", str(logged + 1))
    heir: subprocess.Popen[str] | None = None
    try:
        _go([stuck])
        _expect(stuck, "thinking")
        stuck.send_signal(signal.SIGKILL)  # killed mid-thought, its claim left behind
        stuck.wait(10)
        heir = _worker("computer", url, HERE.id, str(thinkfile), "2", "0", str(logged + 1))
        _go([heir])
        _expect(heir, "done")
    finally:
        for process in (stuck, heir):
            if process is not None and process.poll() is None:
                process.terminate()
                process.wait(10)
    thoughts = _thoughts(thinkfile)
    assert [pid for pid, _ in thoughts] == [stuck.pid, heir.pid]
    assert thoughts[0][1] == thoughts[1][1]  # the same decision, taken over
    played = await _computer_turns(url, session_id, logged)
    assert len(played) == 1


async def test_a_killed_thinkers_claim_does_not_hold_the_next_process(
        new_pg_database: PgFactory, tmp_path: Path) -> None:
    """Killed mid-thought with claims that age only after 120 s: the next process
    plays at once (the dead process's advisory lock went with its connection)."""
    url = await new_pg_database()
    session_id, logged = await _computer_game(url)
    thinkfile = tmp_path / "thoughts.txt"
    stuck = _worker("computer", url, HERE.id, str(thinkfile), "120", "1", str(logged + 1))
    heir: subprocess.Popen[str] | None = None
    try:
        _go([stuck])
        _expect(stuck, "thinking")
        stuck.send_signal(signal.SIGKILL)
        stuck.wait(10)
        heir = _worker("computer", url, HERE.id, str(thinkfile), "120", "0", str(logged + 1))
        _expect(heir, "ready")
        began = time.monotonic()
        assert heir.stdin is not None
        heir.stdin.write("go\n")
        heir.stdin.flush()
        _expect(heir, "done")
        seconds = time.monotonic() - began
    finally:
        for process in (stuck, heir):
            if process is not None and process.poll() is None:
                process.terminate()
                process.wait(10)
    played = await _computer_turns(url, session_id, logged)
    assert len(played) == 1, played  # the worker gives up after 60 s without a move
    print(f"the next process played {seconds:.2f} s after its go")
    assert seconds < 20, seconds


async def test_two_processes_pair_a_tournament_round_once(new_pg_database: PgFactory
                                                          ) -> None:
    """Round 1's last game ended with no command after it (as the scheduler ends one
    on time); two bot processes run the tournaments' pass at once: round 2 is paired,
    posted and its games handed out by one of them, once."""
    from bot.replies import User
    from bot.service import GameService
    from bot.service.tournaments import Terms
    from games.outcome import resigned
    from storage.tournaments import TournamentStore
    from tests.bot.conftest import MOD

    url = await new_pg_database()
    store = await Store.open(url)
    try:
        service = GameService(store, render_images=False, clock=FakeClock())
        assert (await service.tournament_new(MOD, HERE, Terms("hachapury", "swiss", 2))).ok
        players = [User(str(6000 + i), f"s{i}") for i in range(4)]
        for player in players:
            assert (await service.tournament_join(player, HERE)).ok
        started = await service.tournament_start(MOD, HERE)
        for number, game in enumerate(g for a in started.announcements for g in a.games):
            thread = HERE.__class__(str(8000 + number), HERE.guild_id)
            opened = await service.tournament_game(game.key, thread)
            session = await store.session(opened.session_id or 0)
            assert session is not None
            await store.update_session(session, 1.9e9, status="finished", outcome=resigned(
                session.seats[0].side, session.seats[1].side))
        row = await TournamentStore(store).in_channel(HERE.id)
        assert row is not None
    finally:
        await store.close()
    racers = [_worker("sweep", url, "-") for _ in range(2)]
    try:
        _go(racers)
        said = []
        for racer in racers:
            out, err = racer.communicate(timeout=60)
            assert racer.returncode == 0, err
            said.append(json.loads(out.strip().splitlines()[-1]))
    finally:
        for racer in racers:
            if racer.poll() is None:
                racer.kill()
    rounds = [text for s in said for text in s["rounds"] if ", round 2:" in text]
    games = [key for s in said for key in s["games"]]
    assert len(rounds) == 1, said
    assert sorted(games) == [f"{row.id}:2:1", f"{row.id}:2:2"], said
    store = await Store.open(url)
    try:
        pairings = await TournamentStore(store).pairings(row.id)
        assert [p.round for p in pairings] == [1, 1, 2, 2]
    finally:
        await store.close()
