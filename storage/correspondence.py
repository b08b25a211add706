"""Correspondence-play storage: clocks, reminder rows, take-backs, users, heartbeat.

Kept beside ``Store`` (which owns the connection and the transactions); the
statements that must commit together with a move are built here as
``Statement`` values and passed to ``Store.append_turns(extra=...)`` or
``Store.update_session(extra=...)``.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from games.outcome import outcome_from_text
from storage.models import Session, SessionStatus, TurnEntry
from storage.store import Run, StaleVersion, Statement, Tables

NOTIFY_MODES = ("mention", "dm", "none")


@dataclass(frozen=True)
class ReminderRow:
    session_id: int
    period: int
    point: float
    turn: int
    side: str
    due_at: float
    forfeit: str | None = None


@dataclass(frozen=True)
class UndoRow:
    session_id: int
    seq_undone: int
    requested_by: str
    requested_at: float
    accepted: bool | None


@dataclass(frozen=True)
class ClockState:
    """A clock's new running state (what a move, a start, an undo or a grant writes)."""

    period: int
    side: str | None
    turn: int | None
    started_at: float | None
    budget: float | None
    deadline: float | None
    banks: dict[str, float]
    previous: dict[str, Any] | None = None


@dataclass(frozen=True)
class ClockRow(ClockState):
    """A session's clock: its running state, the session and the time control.  ``side``
    is None while it is stopped (game not started or over)."""

    session_id: int = field(kw_only=True)
    control: str = field(kw_only=True)


_CLOCK_COLUMNS = ("session_id, control, period, side, turn, started_at, budget, deadline, "
                  "banks, previous")


def _clock(row: Any) -> ClockRow:
    return ClockRow(row[2], row[3], row[4], row[5], row[6], row[7], json.loads(row[8]),
                    json.loads(row[9]) if row[9] else None, session_id=row[0], control=row[1])


def clock_statements(session_id: int, state: ClockState, reminders: Sequence[ReminderRow],
                     now: float) -> list[Statement]:
    """Hand the clock over (or stop it): the old period's unsent reminders go, the new
    period's are scheduled.  Run inside the transaction that changes the session."""
    statements: list[Statement] = [
        ("UPDATE clocks SET period=?, side=?, turn=?, started_at=?, budget=?, deadline=?, "
         "banks=?, previous=?, updated_at=? WHERE session_id=?",
         (state.period, state.side, state.turn, state.started_at, state.budget, state.deadline,
          json.dumps(state.banks, sort_keys=True),
          json.dumps(state.previous, sort_keys=True) if state.previous is not None else None,
          now, session_id)),
        ("DELETE FROM reminders WHERE session_id=? AND sent_at IS NULL", (session_id,)),
    ]
    for r in reminders:
        statements.append((
            "INSERT INTO reminders (session_id, period, point, turn, side, due_at, "
            "forfeit) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
            (session_id, r.period, r.point, r.turn, r.side, r.due_at, r.forfeit)))
    return statements


def undo_answer_statement(session_id: int, seq: int, user_id: str, accepted: bool,
                          now: float) -> Statement:
    return ("UPDATE undos SET accepted=?, answered_by=?, answered_at=? "
            "WHERE session_id=? AND seq_undone=? AND accepted IS NULL",
            (int(accepted), user_id, now, session_id, seq))


class CorrespondenceStore(Tables):
    """Reads and writes of the correspondence tables, on a ``Store``'s connection."""
    # -- clocks ---------------------------------------------------------------------

    async def set_control(self, session_id: int, control: str, now: float) -> None:
        """Give a (not yet started) session its time control."""
        async with self.store.transaction() as run:
            # The whole row anew (what SQLite's INSERT OR REPLACE did), in SQL both speak.
            await run("INSERT INTO clocks (session_id, control, updated_at) VALUES (?, ?, ?) "
                      "ON CONFLICT (session_id) DO UPDATE SET control=excluded.control, "
                      "period=0, side=NULL, turn=NULL, started_at=NULL, budget=NULL, "
                      "deadline=NULL, banks='{}', previous=NULL, "
                      "updated_at=excluded.updated_at", (session_id, control, now))

    async def clock(self, session_id: int) -> ClockRow | None:
        return await self.store.first(_clock,
            f"SELECT {_CLOCK_COLUMNS} FROM clocks WHERE session_id=?", (session_id,))

    async def running_clocks(self) -> list[ClockRow]:
        """Clocks of active sessions whose time is running."""
        rows = await self.store.fetchall(
            f"SELECT {', '.join('c.' + c.strip() for c in _CLOCK_COLUMNS.split(','))} "
            "FROM clocks c JOIN sessions s ON s.id=c.session_id "
            "WHERE s.status='active' AND c.side IS NOT NULL ORDER BY c.session_id")
        return [_clock(r) for r in rows]

    async def unsent_reminders(self, session_id: int, period: int) -> list[ReminderRow]:
        rows = await self.store.fetchall(
            "SELECT session_id, period, point, turn, side, due_at, forfeit FROM reminders "
            "WHERE session_id=? AND period=? AND sent_at IS NULL ORDER BY point DESC",
            (session_id, period))
        return [ReminderRow(*r) for r in rows]

    async def credit(self, updates: Iterable[tuple[ClockRow, float, float, list[ReminderRow]]],
                     heartbeat: float) -> int:
        """Give running clocks back time (bot downtime): each update is (clock as read,
        new budget, new deadline, its unsent reminders with new due times).  A clock that
        changed hands since it was read is left alone.  Records the heartbeat in the same
        transaction; returns how many clocks were credited."""
        credited = 0
        async with self.store.transaction() as run:
            for row, budget, deadline, reminders in updates:
                cur = await run("UPDATE clocks SET budget=?, deadline=?, updated_at=? "
                                "WHERE session_id=? AND period=?",
                                (budget, deadline, heartbeat, row.session_id, row.period))
                if cur.rowcount != 1:
                    continue
                credited += 1
                for r in reminders:
                    await run("UPDATE reminders SET due_at=? WHERE session_id=? AND period=? "
                              "AND point=? AND sent_at IS NULL",
                              (r.due_at, r.session_id, r.period, r.point))
            await self._set_heartbeat(run, heartbeat)
        return credited

    # -- the scheduler ---------------------------------------------------------------

    async def heartbeat(self) -> float | None:
        rows = await self.store.fetchall("SELECT value FROM scheduler_state WHERE key='heartbeat'")
        return float(rows[0][0]) if rows else None

    async def _set_heartbeat(self, run: Run, now: float) -> None:
        await run("INSERT INTO scheduler_state (key, value) VALUES ('heartbeat', ?) "
                  "ON CONFLICT (key) DO UPDATE SET value=excluded.value", (now,))

    async def set_heartbeat(self, now: float) -> None:
        async with self.store.transaction() as run:
            await self._set_heartbeat(run, now)

    async def claim_due(self, now: float, limit: int = 200, owner: str | None = None
                        ) -> list[ReminderRow]:
        """Claim the reminders due by ``now`` of clocks still in that period: each is
        marked sent in this transaction (so it is never claimed twice, even by another
        process or after a restart).  A claimed time-up row with a forfeit result ends
        the game in the same transaction, and with ``owner`` (the claiming process's
        start, storage/liveness.py) notes its notice in the outbox (kind 'forfeit'):
        a process killed before posting it leaves the post to the next (bot/scheduler.py).
        Rows of periods that are over are dropped."""
        claimed: list[ReminderRow] = []
        # PostgreSQL: several processes claim at once.  Each locks the rows it takes
        # (with their sessions) and skips rows another holds, so no row is claimed
        # twice and no claim waits on a move (which locks the session first) or
        # deadlocks with one.  SQLite: BEGIN IMMEDIATE already lets one writer in.
        postgres = self.store.dialect == "postgresql"
        skip = " FOR UPDATE OF reminders SKIP LOCKED" if postgres else ""
        take = " FOR UPDATE OF r, s SKIP LOCKED" if postgres else ""
        async with self.store.transaction() as run:
            await run(
                "DELETE FROM reminders WHERE (session_id, period, point) IN ("
                "SELECT session_id, period, point FROM reminders "
                "WHERE sent_at IS NULL AND due_at<=? AND NOT EXISTS ("
                "SELECT 1 FROM clocks c JOIN sessions s ON s.id=c.session_id "
                "WHERE c.session_id=reminders.session_id AND c.period=reminders.period "
                f"AND c.side IS NOT NULL AND s.status='active'){skip})", (now,))
            cur = await run(
                "SELECT r.session_id, r.period, r.point, r.turn, r.side, r.due_at, r.forfeit "
                "FROM reminders r JOIN sessions s ON s.id=r.session_id "
                "WHERE r.sent_at IS NULL AND r.due_at<=? "
                f"ORDER BY r.due_at, r.session_id, r.point DESC LIMIT ?{take}", (now, limit))
            rows = [ReminderRow(*r) for r in await cur.fetchall()]
            for r in rows:
                if await self._claim(run, r, now, owner):
                    claimed.append(r)
            # The session rows locked above keep every other claimer off these games'
            # reminders (they skip rows whose session is locked): a point of one of
            # them left out by LIMIT would wait for the next pass, so take it now.
            for session_id in sorted({r.session_id for r in claimed}):
                cur = await run(
                    "SELECT session_id, period, point, turn, side, due_at, forfeit "
                    "FROM reminders WHERE session_id=? AND sent_at IS NULL AND due_at<=? "
                    "ORDER BY due_at, point DESC", (session_id, now))
                for r in [ReminderRow(*row) for row in await cur.fetchall()]:
                    if await self._claim(run, r, now, owner):
                        claimed.append(r)
        # Late passes (the bot was busy or stopped) can find several points of one
        # period due at once: only the most urgent is worth sending.
        urgent: dict[tuple[int, int], float] = {}
        for r in claimed:
            key = (r.session_id, r.period)
            urgent[key] = min(urgent.get(key, r.point), r.point)
        return [r for r in claimed if r.point == urgent[(r.session_id, r.period)]]

    async def forfeit_of(self, session_id: int) -> ReminderRow | None:
        """The time-up row that ended ``session_id`` with a forfeit (claimed), if any."""
        rows = await self.store.fetchall(
            "SELECT session_id, period, point, turn, side, due_at, forfeit FROM reminders "
            "WHERE session_id=? AND point=0 AND forfeit IS NOT NULL AND sent_at IS NOT NULL "
            "ORDER BY period DESC LIMIT 1", (session_id,))
        return ReminderRow(*rows[0]) if rows else None

    @staticmethod
    async def _claim(run: Run, r: ReminderRow, now: float, owner: str | None = None) -> bool:
        """Mark one due reminder sent; a time-up row with a forfeit ends its game (and
        with ``owner``, puts its notice in the outbox).  False when another claim got
        there first (or the game was over)."""
        cur = await run("UPDATE reminders SET sent_at=? WHERE session_id=? AND "
                        "period=? AND point=? AND sent_at IS NULL",
                        (now, r.session_id, r.period, r.point))
        if cur.rowcount != 1:
            return False
        if r.point == 0 and r.forfeit:
            cur = await run(
                "UPDATE sessions SET status='finished', result=?, outcome=?, dice='[]', "
                "version=version+1, updated_at=? WHERE id=? AND status='active' "
                "RETURNING version", (r.forfeit, _forfeit_outcome(r.forfeit), now, r.session_id))
            if cur.rowcount != 1:
                return False
            if owner is not None:
                await run("INSERT INTO outbox (session_id, version, kind, first_seq, entries, "
                          "owner, created_at) VALUES (?, ?, 'forfeit', 0, 0, ?, ?)",
                          (r.session_id, int(cur.rows[0][0]), owner, now))
            await run("UPDATE clocks SET side=NULL, updated_at=? WHERE session_id=?",
                      (now, r.session_id))
            await run("DELETE FROM reminders WHERE session_id=? AND sent_at IS NULL",
                      (r.session_id,))
        return True

    async def expire_challenges(self, now: float) -> int:
        """Challenges and lobbies nobody answered in time become 'expired'."""
        async with self.store.transaction() as run:
            cur = await run("UPDATE sessions SET status='expired', version=version+1, "
                            "updated_at=? WHERE status='challenge' AND expires_at IS NOT NULL "
                            "AND expires_at<?", (now, now))
            return int(cur.rowcount or 0)

    # -- take-backs -----------------------------------------------------------------

    async def undone(self, session_id: int) -> set[int]:
        rows = await self.store.fetchall(
            "SELECT seq_undone FROM undos WHERE session_id=? AND accepted=1", (session_id,))
        return {int(r[0]) for r in rows}

    async def effective_turns(self, session_id: int) -> list[TurnEntry]:
        """The log without the entries taken back: what the position is a replay of."""
        undone = await self.undone(session_id)
        return [t for t in await self.store.turns(session_id) if t.seq not in undone]

    async def undo_request(self, session_id: int, seq: int) -> UndoRow | None:
        rows = await self.store.fetchall(
            "SELECT session_id, seq_undone, requested_by, requested_at, accepted FROM undos "
            "WHERE session_id=? AND seq_undone=?", (session_id, seq))
        if not rows:
            return None
        r = rows[0]
        return UndoRow(r[0], r[1], r[2], r[3], None if r[4] is None else bool(r[4]))

    async def request_undo(self, session_id: int, seq: int, user_id: str, now: float) -> bool:
        """Open a take-back request for log entry ``seq``; False if one exists already."""
        async with self.store.transaction() as run:
            cur = await run("INSERT INTO undos (session_id, seq_undone, requested_by, "
                            "requested_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING",
                            (session_id, seq, user_id, now))
            return cur.rowcount == 1

    async def answer_undo(self, session: Session, seq: int, user_id: str, accepted: bool,
                          now: float, extra: Sequence[Statement] = (), **changes: Any
                          ) -> None:
        """Allow or refuse the open take-back request of entry ``seq`` under the session's
        version check (both answers bump the version, so of two racing answers exactly one
        wins); ``changes`` and ``extra`` (the rewound position, the clock) commit with it.
        Raises ``StaleVersion`` when the session changed or the request is no longer open."""
        async with self.store.transaction() as run:
            await self.store.bump_version(run, session, now, **changes)
            sql, params = undo_answer_statement(session.id, seq, user_id, accepted, now)
            cur = await run(sql, params)
            if cur.rowcount != 1:
                raise StaleVersion(f"take-back of entry {seq} is no longer open")
            for statement, values in extra:
                await run(statement, values)

    async def undo_requests(self, session_id: int) -> list[UndoRow]:
        """Every take-back request of the session, oldest first."""
        rows = await self.store.fetchall(
            "SELECT session_id, seq_undone, requested_by, requested_at, accepted FROM undos "
            "WHERE session_id=? ORDER BY requested_at, seq_undone", (session_id,))
        return [UndoRow(r[0], r[1], r[2], r[3], None if r[4] is None else bool(r[4]))
                for r in rows]

    async def only_undo_request(self, session_id: int) -> int | None:
        """The entry of the session's one take-back request while it is open, or None:
        a button from before buttons named their request can only have asked that."""
        rows = await self.undo_requests(session_id)
        return rows[0].seq_undone if len(rows) == 1 and rows[0].accepted is None else None

    # -- lobbies --------------------------------------------------------------------

    async def leave_lobby(self, session: Session, user_id: str, now: float) -> None:
        """Take a joined player's seat out of an open lobby; the later seats move up so
        that seats stay numbered 0, 1, ... (``?n`` sides with them)."""
        gone = next(s for s in session.seats if s.user_id == user_id)
        async with self.store.transaction() as run:
            await self.store.bump_version(run, session, now)
            await run("DELETE FROM seats WHERE session_id=? AND seat=?", (session.id, gone.seat))
            for seat in session.seats:
                if seat.seat > gone.seat:  # in seat order: each moves into a freed place
                    await run("UPDATE seats SET seat=?, side=? WHERE session_id=? AND seat=?",
                              (seat.seat - 1, f"?{seat.seat - 1}", session.id, seat.seat))

    # -- users ----------------------------------------------------------------------

    async def notify_mode(self, user_id: str) -> str:
        rows = await self.store.fetchall("SELECT notify FROM users WHERE user_id=?", (user_id,))
        return str(rows[0][0]) if rows else "mention"

    async def set_notify_mode(self, user_id: str, mode: str, now: float) -> None:
        if mode not in NOTIFY_MODES:
            raise ValueError(f"notify mode must be one of {NOTIFY_MODES}")
        await self.store.save_row("users", {"user_id": user_id}, {"notify": mode}, now)

    async def user_sessions(self, user_id: str, guild_id: str | None,
                            statuses: Sequence[str] = (SessionStatus.ACTIVE,
                                                       SessionStatus.CHALLENGE)) -> list[Session]:
        """The sessions (of one guild when given) in which the user holds a seat."""
        marks = ",".join("?" for _ in statuses)
        sql = (f"SELECT DISTINCT s.id FROM sessions s JOIN seats t ON t.session_id=s.id "
               f"WHERE t.user_id=? AND s.status IN ({marks})")
        params: list[Any] = [user_id, *statuses]
        if guild_id is not None:
            sql += " AND s.guild_id=?"
            params.append(guild_id)
        rows = await self.store.fetchall(sql + " ORDER BY s.id", params)
        sessions = [await self.store.session(int(r[0])) for r in rows]
        return [s for s in sessions if s is not None]


def _forfeit_outcome(forfeit: str) -> str | None:
    """The outcome a reminder's forfeit result states, as the ``outcome`` column holds
    it.  The reminder row keeps the text it was scheduled with (``W wins (B ran out of
    time)``, written from a ``timed_out`` outcome), so this reads it back."""
    found = outcome_from_text(forfeit)
    return found.to_json() if found is not None else None
