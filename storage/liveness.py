"""Which bot processes are alive: so that a claim (a computer's move being thought
about) or a post (a computer turn not yet announced) made by a process that was
killed holds nobody up.

Each process start has a random ``start_id``, registered in the ``processes`` table
with where it runs.  Another process tells whether that start is still alive:

- **PostgreSQL**: the live process holds a session-level advisory lock named by its
  start id, on the connection of its own that ``Store.lead`` keeps (storage/postgres.py).
  The server releases it when the process dies, even by ``kill -9`` (the connection
  closes).  Whoever can take that lock for a moment (``pg_try_advisory_xact_lock``,
  released at the end of its own transaction) knows the owner is gone.
- **SQLite** (one machine): the owner's pid is looked up on this host; gone when no
  such process runs, or when the pid now belongs to a process started at another time
  (the kernel's start time, recorded at registration: a container restarted gives the
  bot the same pid again).  A restarted bot thus voids its dead predecessor's claims
  at once.

What cannot be told (an owner on another host sharing a SQLite file) counts as
alive: the claim's age (``computer_claim_seconds``) still ends it.
"""

from __future__ import annotations

import os
import socket
import time
import uuid
from pathlib import Path

from storage.store import Run, StorageError, Store

#: The advisory lock's name (``Store.lead`` role) of a process start.
_ROLE = "process:"
#: Seconds during which a lock found held is not asked about again.
RECHECK = 1.0


def this_host() -> str:
    return socket.gethostname()


def pid_started(pid: int) -> str | None:
    """When process ``pid`` started, as the kernel counts it (clock ticks since boot,
    /proc/PID/stat field 22); None where there is no /proc or no such process."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = text[text.rindex(")") + 2:].split()
    return fields[19] if len(fields) > 19 else None


def pid_alive(pid: int, started: str | None) -> bool:
    """True while process ``pid`` runs and is the one that started at ``started``
    (when known).  A zombie has ended: it only waits to be reaped."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return False
    except OSError:  # no /proc here: ask the kernel whether the pid exists
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return False
        except PermissionError:
            return True
        return True
    fields = text[text.rindex(")") + 2:].split()
    if fields[0] == "Z":
        return False
    return started is None or len(fields) <= 19 or fields[19] == started


class Liveness:
    """This process's start (``start_id``) and the liveness of the others' (see the
    module's docstring).  ``present`` before claiming; ``gone`` inside a transaction."""

    def __init__(self, store: Store, start_id: str | None = None) -> None:
        self.store = store
        self.start_id = start_id or uuid.uuid4().hex[:16]
        self._registered = False
        self._held_at = -RECHECK

    @property
    def role(self) -> str:
        return _ROLE + self.start_id

    async def present(self) -> None:
        """Holding this start's lock (PostgreSQL; taken again after a lost connection:
        ``Store.lead`` reconnects), then registered.  Raises ``StorageError`` when the
        lock cannot be held: a claim made without it would look dead to the others.

        The lock comes first: another process clearing the rows of ended starts
        (``_register``) takes the lock of each row it finds for a moment, and would
        take a fresh row's before its process did, making it miss its own lock."""
        if time.monotonic() - self._held_at >= RECHECK:  # else held a moment ago
            if not await self.store.lead(self.role):
                raise StorageError("this process cannot hold its lock on the database "
                                   "(connection lost?)")
            self._held_at = time.monotonic()
        if not self._registered:
            await self._register()
            self._registered = True

    async def _register(self) -> None:
        pid, host = os.getpid(), this_host()
        async with self.store.transaction() as run:
            # the rows of processes that ended go, so that the table keeps one row per
            # running process, not one per start ever made (an ended start is gone
            # whether or not its row is left: see ``gone``)
            cur = await run("SELECT start_id FROM processes")
            for (start_id,) in await cur.fetchall():
                if await self.gone(run, str(start_id)):
                    await run("DELETE FROM processes WHERE start_id=?", (start_id,))
            await run("INSERT INTO processes (start_id, host, pid, pid_started, started_at) "
                      "VALUES (?, ?, ?, ?, ?) ON CONFLICT (start_id) DO NOTHING",
                      (self.start_id, host, pid, pid_started(pid), time.time()))

    async def gone(self, run: Run, owner: str) -> bool:
        """True when the process start ``owner`` has ended, as far as can be told;
        inside a transaction (``run``)."""
        if owner == self.start_id:
            return False
        if self.store.dialect == "postgresql":
            cur = await run("SELECT pg_try_advisory_xact_lock(hashtext(current_schema() "
                            "|| '.' || ?))", (_ROLE + owner,))
            row = await cur.fetchone()
            return bool(row[0]) if row else False
        cur = await run("SELECT host, pid, pid_started FROM processes WHERE start_id=?",
                        (owner,))
        row = await cur.fetchone()
        if row is None:
            # every living process registers before it claims or posts: a start with
            # no row ended (its row was cleared by a later start) or ran a version
            # that did not register (gone since: an upgrade restarts the bot)
            return True
        if str(row[0]) != this_host():
            return False  # another machine's: its end cannot be told, the age decides
        return not pid_alive(int(row[1]), row[2])
