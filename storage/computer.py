"""Storage of the computer players and of hints: which live games seat a
computer (the start-up scan), the hints asked for, and a take-back that undoes
several log entries at once (a turn and the computer's replies to it).

Built on ``Store`` like ``storage.correspondence``: changes through
``Store.transaction()`` and ``Store.bump_version()``, reads through
``Store.fetchall()``.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any

from storage.models import Session
from storage.store import Run, Statement, Tables

#: Whether a process start (a claim's holder) has ended: storage/liveness.py
#: ``Liveness.gone``, asked inside the claim's transaction.
Gone = Callable[[Run, str], Awaitable[bool]]


@dataclass(frozen=True)
class HintRow:
    user_id: str
    name: str
    turn: int
    asked_at: float


@dataclass(frozen=True)
class OutboxRow:
    """A computer turn committed and not yet posted: the session version the commit
    made, its first log entry and how many it logged."""

    session_id: int
    version: int
    first_seq: int
    entries: int


def outbox_statement(session: Session, entries: int, owner: str, now: float) -> Statement:
    """The outbox row of a commit about to log ``entries`` entries in ``session``: run
    inside that commit's transaction (``append_turns``' ``extra``: after the version
    check, before the entries are inserted, so the next seq is the commit's first)."""
    return ("INSERT INTO outbox (session_id, version, kind, first_seq, entries, owner, "
            "created_at) SELECT ?, ?, 'computer', COALESCE(MAX(seq), 0) + 1, ?, ?, ? "
            "FROM turns WHERE session_id=?",
            (session.id, session.version + 1, entries, owner, now, session.id))


class ComputerStore(Tables):
    """Reads and writes for computer players and hints, on a ``Store``'s connection."""
    async def computer_sessions(self, prefix: str) -> list[tuple[int, str, str | None]]:
        """(session id, channel id, guild id) of the active games with a seat whose
        user id starts with ``prefix`` (a computer's)."""
        rows = await self.store.fetchall(
            "SELECT DISTINCT s.id, s.channel_id, s.guild_id FROM sessions s "
            "JOIN seats t ON t.session_id=s.id WHERE s.status='active' "
            "AND substr(t.user_id, 1, ?)=? ORDER BY s.id", (len(prefix), prefix))
        return [(int(r[0]), str(r[1]), r[2]) for r in rows]

    async def claim_move(self, session_id: int, version: int, owner: str, now: float,
                         stale_before: float, gone: Gone | None = None) -> bool:
        """Claim the thinking about the computer's action at ``version`` of the session
        for ``owner`` (a process start): True when the claim is this owner's (new,
        already its own, or taken over from a process that died mid-thought); False
        while another process holds it.  A holder is dead when ``gone(run, holder)``
        says so (storage/liveness.py: its process ended, even by ``kill -9``; a
        restarted bot takes its predecessor's claims at once) or, failing that, when
        its claim was made before ``stale_before``.  False too when the session has
        moved past ``version``: the claim of a version gone by is deleted by the next
        claim, so without this check a process that read the session just before a
        move could claim that version again and think twice."""
        # The session row is locked (PostgreSQL; SQLite's write transaction is already
        # alone) so that no move commits between this check and the claim, and two
        # claims of one session take turns: the second reads the first's row.
        lock = " FOR UPDATE" if self.store.dialect == "postgresql" else ""
        async with self.store.transaction() as run:
            cur = await run(f"SELECT version FROM sessions WHERE id=?{lock}", (session_id,))
            rows = await cur.fetchall()
            if not rows or int(rows[0][0]) != version:
                return False
            cur = await run("SELECT owner, claimed_at FROM computer_claims "
                            "WHERE session_id=? AND version=?", (session_id, version))
            held = await cur.fetchone()
            if held is None:
                cur = await run(
                    "INSERT INTO computer_claims (session_id, version, owner, claimed_at) "
                    "VALUES (?, ?, ?, ?) ON CONFLICT (session_id, version) DO NOTHING",
                    (session_id, version, owner, now))
            else:
                holder = str(held[0])
                if holder != owner and float(held[1]) >= stale_before and \
                        not (gone is not None and await gone(run, holder)):
                    return False  # a living process thinks about it
                # compare and set: only the holder just read is replaced
                cur = await run(
                    "UPDATE computer_claims SET owner=?, claimed_at=? "
                    "WHERE session_id=? AND version=? AND owner=?",
                    (owner, now, session_id, version, holder))
            mine = cur.rowcount == 1
            if mine:  # the claims of versions gone by are of no use any more
                await run("DELETE FROM computer_claims WHERE session_id=? AND version<?",
                          (session_id, version))
            return mine

    async def posted(self, session_id: int, version: int) -> None:
        """The reply of the commit that made ``version`` was posted: out of the outbox."""
        async with self.store.transaction() as run:
            await run("DELETE FROM outbox WHERE session_id=? AND version=?",
                      (session_id, version))

    async def posted_forfeit(self, session_id: int) -> None:
        """The forfeit notice of ``session_id`` was posted: out of the outbox."""
        async with self.store.transaction() as run:
            await run("DELETE FROM outbox WHERE session_id=? AND kind='forfeit'",
                      (session_id,))

    async def take_posts(self, owner: str, gone: Gone, before: float,
                         kind: str = "computer") -> list[OutboxRow]:
        """The outbox rows this process is to post now, taken out of the outbox (so
        that each is posted once however many processes look): those of processes
        that ended (``gone``: killed between the commit and the post) and any made
        before ``before`` (a post that failed, or whose removal did).  A row of a
        living process made since is being posted by it now: left alone.  ``kind``:
        'computer' (a computer's turn) or 'forfeit' (a game the scheduler ended on
        time: ``CorrespondenceStore.claim_due``)."""
        taken: list[OutboxRow] = []
        async with self.store.transaction() as run:
            cur = await run("SELECT session_id, version, first_seq, entries, owner, created_at "
                            "FROM outbox WHERE kind=? ORDER BY created_at, session_id, version",
                            (kind,))
            for session_id, version, first_seq, entries, holder, made in await cur.fetchall():
                if float(made) >= before and (holder == owner or not await gone(run, holder)):
                    continue
                deleted = await run("DELETE FROM outbox WHERE session_id=? AND version=?",
                                    (session_id, version))
                if deleted.rowcount == 1:  # not taken by another process meanwhile
                    taken.append(OutboxRow(int(session_id), int(version), int(first_seq),
                                           int(entries)))
        return taken

    async def add_hint(self, session_id: int, user_id: str, name: str, turn: int,
                       now: float) -> None:
        """Note that ``user_id`` asked for a hint at ``turn`` (once per turn)."""
        async with self.store.transaction() as run:
            await run("INSERT INTO hints (session_id, user_id, name, turn, asked_at) "
                      "VALUES (?, ?, ?, ?, ?) ON CONFLICT (session_id, user_id, turn) "
                      "DO NOTHING", (session_id, user_id, name, turn, now))

    async def hints(self, session_id: int) -> list[HintRow]:
        """Every hint asked for in the session, in the order asked."""
        rows = await self.store.fetchall(
            "SELECT user_id, name, turn, asked_at FROM hints WHERE session_id=? "
            "ORDER BY asked_at, turn", (session_id,))
        return [HintRow(str(r[0]), str(r[1]), int(r[2]), float(r[3])) for r in rows]

    async def undo_entries(self, session: Session, seqs: Sequence[int], requested_by: str,
                           answered_by: str, now: float, extra: Sequence[Statement] = (),
                           **changes: Any) -> None:
        """Take back the log entries ``seqs`` at once, allowed as asked (the computer
        agrees at once), under the session's version check; ``changes`` (the rewound
        position, next turn, dice) and ``extra`` commit with it."""
        async with self.store.transaction() as run:
            await self.store.bump_version(run, session, now, **changes)
            for seq in seqs:
                await run("INSERT INTO undos (session_id, seq_undone, requested_by, "
                          "requested_at, accepted, answered_by, answered_at) "
                          "VALUES (?, ?, ?, ?, 1, ?, ?) ON CONFLICT (session_id, seq_undone) "
                          "DO UPDATE SET requested_by=excluded.requested_by, "
                          "requested_at=excluded.requested_at, accepted=1, "
                          "answered_by=excluded.answered_by, answered_at=excluded.answered_at",
                          (session.id, seq, requested_by, now, answered_by, now))
            for statement, values in extra:
                await run(statement, values)
