"""Crash safety at volume: a move storm killed with SIGKILL at random moments.

A child process (forked, so it starts in a millisecond with everything imported)
runs the real ``GameService`` over a real SQLite file: several channels,
games of every kind (``--games``) played with random legal moves, taunts and
answers, a new game wherever one ends.
After each committed move it writes an acknowledgement line to a pipe (one
``os.write``, unbuffered: the line exists only if the commit returned).  The
parent kills it with SIGKILL after a random delay counted from the moment the
child says it is ready (its service built: under load that takes longer than the
whole delay, and the kills would all land before the first move); a share of the
kills (``--early``) instead come at a random moment from the fork, while the store
may still be opening.  Then it checks the file with plain ``sqlite3``:

- ``PRAGMA integrity_check`` is ok;
- every session's stored position equals a replay of its log from its initial
  position (with the logged dice), by its own game's rules;
- every acknowledged move is in the log, exactly once, and no turn is doubled
  (one entry per session, turn number and side; ``seq`` runs 1..n).

The same file carries on from kill to kill, so the log keeps growing.

Run: ``.venv/bin/python bench/crash.py [--kills 1000] [--channels 6] [--seed 1]``
Exit status 0 when every check passed, 1 otherwise.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import select
import signal
import sqlite3
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.replies import Channel, User  # noqa: E402
from bot.service import GameService  # noqa: E402
from bot.service.turn_events import replay_from  # noqa: E402
from games import GameError, available_games, get_game  # noqa: E402
from storage import Store, TurnEntry  # noqa: E402
from storage.migrations import LATEST  # noqa: E402

ALICE, BOB = User("1", "alice"), User("2", "bob")
#: An acknowledged move: (session id, turn number, side, move text).
Ack = tuple[int, int, str, str]
#: The child's first line: its service is built and the storm begins.
READY = b"ready\n"


# ------------------------------------------------------------------ the child


async def _storm(path: str, channels: int, seed: int, ack_fd: int,
                 games: tuple[str, ...]) -> None:
    """Play random legal moves until killed; acknowledge each committed move.  Each new
    game is one of ``games``; the answers a game waits for (CheeseGambit's taunts and
    votes) are given, and a turn now and then carries a taunt, so that the log holds
    every kind of entry."""
    rng = random.Random(seed)
    store = await Store.open(path)
    service = GameService(store, seed_factory=lambda: rng.randbytes(32), render_images=False)
    rooms = [Channel(f"crash-{n}", "bench", f"crash-{n}") for n in range(channels)]
    os.write(ack_fd, READY)
    while True:
        room = rng.choice(rooms)
        session = await store.live_session(room.id)
        if session is None:
            await service.new(ALICE, room, rng.choice(games), [BOB])
            continue
        if session.status == "challenge":
            await service.accept(BOB, room)
            continue
        position = service.position_of(session)
        answer = position.action_due()
        if answer:
            side, text = position.actors()[0], rng.choice(position.action_choices())
        else:
            side = position.side_to_move or ""
            turn = rng.choice(service.legal_turns(session))
            additions = position.turn_additions(turn, session.dice)
            if additions and rng.random() < 0.3:
                turn = turn.with_addition(rng.choice(additions))
            text = turn.text
        seat = session.seat_for_side(side)
        user = ALICE if seat is not None and seat.user_id == ALICE.id else BOB
        reply = await service.move(user, room, text)
        if reply.ok and not answer:  # an answer is an 'amend' entry: checked by the replay
            line = json.dumps([session.id, session.next_turn, side, text]) + "\n"
            os.write(ack_fd, line.encode())


def _child(path: str, channels: int, seed: int, ack_fd: int, games: tuple[str, ...]
           ) -> None:
    try:
        asyncio.run(_storm(path, channels, seed, ack_fd, games))
    finally:
        os._exit(3)  # the storm never ends by itself: reaching here is a failure


# ----------------------------------------------------------------- the checks


@dataclass
class Figures:
    kills: int = 0
    acknowledged: int = 0
    checks_passed: int = 0
    failures: list[str] = field(default_factory=list)
    kills_before_first_ack: int = 0
    #: Kills timed from the fork rather than from the child's ready line.
    early_kills: int = 0
    turns_replayed: int = 0
    #: Sessions replayed after they ended: never replayed again.
    settled: set[int] = field(default_factory=set)


def _check(path: str, acks: list[Ack], figures: Figures, kill: int) -> None:
    """Integrity, replay of every session, acknowledged moves present once."""
    db = sqlite3.connect(path)
    try:
        for name, ok in _checks(db, acks, figures):
            if ok is True:
                figures.checks_passed += 1
            else:
                figures.failures.append(f"kill {kill}: {name}: {ok}")
    finally:
        db.close()


def _checks(db: sqlite3.Connection, acks: list[Ack], figures: Figures
            ) -> list[tuple[str, bool | str]]:
    results: list[tuple[str, bool | str]] = []
    integrity = [row[0] for row in db.execute("PRAGMA integrity_check")]
    results.append(("integrity_check", True if integrity == ["ok"] else "; ".join(integrity)))
    (version,) = db.execute("PRAGMA user_version").fetchone()
    if version < LATEST:  # killed before the last migration committed (each is atomic)
        results.append(("nothing acknowledged before the schema exists",
                        True if not acks else f"{len(acks)} acknowledged, schema {version}"))
        return results
    results.append(("stored position = replay of the log", _replays(db, figures)))
    logged: dict[tuple[int, int, str], list[str]] = {}
    for session_id, number, side, moves in db.execute(
            "SELECT session_id, number, side, moves FROM turns WHERE kind='turn'"):
        logged.setdefault((session_id, number, side), []).append(moves)
    doubled = [key for key, entries in logged.items() if len(entries) > 1]
    results.append(("no turn doubled", True if not doubled else f"doubled {doubled[:3]}"))
    gaps = db.execute("SELECT session_id FROM turns GROUP BY session_id "
                      "HAVING COUNT(*) != MAX(seq) OR MIN(seq) != 1").fetchall()
    results.append(("seq runs 1..n", True if not gaps else f"gaps in sessions {gaps[:3]}"))
    missing = [ack for ack in acks if logged.get((ack[0], ack[1], ack[2])) != [ack[3]]]
    results.append(("every acknowledged move logged once",
                    True if not missing else f"{len(missing)} missing, e.g. {missing[:2]}"))
    return results


def _replays(db: sqlite3.Connection, figures: Figures) -> bool | str:
    """Replay every session not yet seen finished (a finished one never changes
    again, so it is replayed once after it ends, not after every kill).  Each session
    is replayed with its own game's rules, through its whole effective log (turns,
    answers and late additions, less the entries taken back), as the bot replays it
    (``replay_from``): a file holding several kinds of game is checked like one."""
    sessions = db.execute("SELECT id, game, options, initial_position, position, status "
                          "FROM sessions WHERE initial_position IS NOT NULL").fetchall()
    for session_id, name, options, initial, stored, status in sessions:
        if session_id in figures.settled:
            continue
        undone = {row[0] for row in db.execute(
            "SELECT seq_undone FROM undos WHERE session_id=? AND accepted=1", (session_id,))}
        entries = [TurnEntry(number, side, tuple(json.loads(dice)), record, moves, actor,
                             kind, events, seq=seq, played_at=played_at)
                   for seq, number, side, dice, record, moves, actor, played_at, kind, events
                   in db.execute("SELECT seq, number, side, dice, record, moves, actor, "
                                 "played_at, kind, events FROM turns WHERE session_id=? "
                                 "ORDER BY seq", (session_id,))
                   if seq not in undone]
        try:
            start = get_game(name).from_listing(initial, json.loads(options))
            position, _ = replay_from(start, entries)
        except GameError as exc:
            return f"session {session_id} ({name}): the log does not replay ({exc})"
        figures.turns_replayed += len(entries)
        if position.listing() != stored:
            return f"session {session_id} ({name}): replay differs from the stored position"
        if status not in ("challenge", "active"):
            figures.settled.add(session_id)
    return True


# ------------------------------------------------------------------ the parent


def _await_ready(read_fd: int, limit: float = 60.0) -> bytes:
    """What the child wrote up to and including its ready line (or all it wrote
    within ``limit`` seconds, if it never got ready)."""
    data = b""
    deadline = time.monotonic() + limit
    while READY not in data and time.monotonic() < deadline:
        ready, _, _ = select.select([read_fd], [], [], max(0.0, deadline - time.monotonic()))
        if not ready:
            break
        chunk = os.read(read_fd, 1 << 16)
        if not chunk:
            break
        data += chunk
    return data


def _one_kill(path: str, channels: int, rng: random.Random, max_delay: float, early: float,
              figures: Figures, acks: list[Ack], games: tuple[str, ...]) -> None:
    read_fd, write_fd = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read_fd)
        _child(path, channels, rng.randrange(1 << 30), write_fd, games)
    os.close(write_fd)
    data = b""
    if rng.random() < early:
        figures.early_kills += 1
    else:
        data = _await_ready(read_fd)
    time.sleep(rng.uniform(0.0, max_delay))
    os.kill(pid, signal.SIGKILL)
    _, status = os.waitpid(pid, 0)
    while chunk := os.read(read_fd, 1 << 16):
        data += chunk
    os.close(read_fd)
    figures.kills += 1
    if not (os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL):
        figures.failures.append(f"kill {figures.kills}: the storm ended by itself ({status})")
    # Only whole lines count: a line is written in one call after the commit.
    fresh = [tuple(json.loads(line)) for line in data.decode().splitlines(keepends=True)
             if line.endswith("\n") and line.encode() != READY]
    if not fresh:
        figures.kills_before_first_ack += 1
    acks.extend(fresh)
    figures.acknowledged += len(fresh)
    _check(path, acks, figures, figures.kills)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kills", type=int, default=1000, help="how many SIGKILLs")
    parser.add_argument("--channels", type=int, default=6, help="channels playing at once")
    parser.add_argument("--max-delay", type=float, default=0.3,
                        help="longest run before a kill, in seconds (uniform from 0), "
                             "counted from the child's ready line")
    parser.add_argument("--early", type=float, default=0.1,
                        help="share of kills counted from the fork instead (start-up)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--db", default=None, help="SQLite file (default: a temporary one)")
    parser.add_argument("--games", default=",".join(available_games()),
                        help="the games played, comma-separated (default: every game)")
    args = parser.parse_args(argv)
    games = tuple(g.strip() for g in args.games.split(",") if g.strip())
    unknown = [g for g in games if g not in available_games()]
    if unknown or not games:
        parser.error(f"unknown games {unknown}; games: {', '.join(available_games())}")
    rng = random.Random(args.seed)
    figures = Figures()
    acks: list[Ack] = []
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        path = args.db or str(Path(tmp) / "crash.sqlite3")
        for _ in range(args.kills):
            _one_kill(path, args.channels, rng, args.max_delay, args.early, figures, acks,
                      games)
        size = Path(path).stat().st_size
        db = sqlite3.connect(path)
        try:
            sessions, turns = db.execute(
                "SELECT (SELECT COUNT(*) FROM sessions), (SELECT COUNT(*) FROM turns)"
            ).fetchone()
        except sqlite3.OperationalError:  # every kill came before the schema was made
            sessions = turns = 0
        db.close()
    seconds = time.perf_counter() - started
    print(f"kills: {figures.kills} (SIGKILL 0-{args.max_delay:g} s after the child was ready, "
          f"{figures.early_kills} of them after the fork instead; "
          f"{figures.kills_before_first_ack} before the first acknowledged move)")
    print(f"moves acknowledged: {figures.acknowledged}; log entries: {turns} in {sessions} "
          f"sessions over {args.channels} channels ({', '.join(games)}); "
          f"file {size / 1e6:.1f} MB")
    print(f"checks passed: {figures.checks_passed} "
          f"(integrity, replay, no doubles, seq, acknowledged present; "
          f"{figures.turns_replayed} turns replayed)")
    print(f"failures: {len(figures.failures)}")
    for failure in figures.failures[:20]:
        print(f"  {failure}")
    print(f"time: {seconds:.1f} s ({seconds / max(figures.kills, 1) * 1000:.0f} ms a kill)")
    return 0 if not figures.failures and figures.kills == args.kills else 1


if __name__ == "__main__":
    sys.exit(main())
