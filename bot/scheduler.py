"""The correspondence scheduler: reminders, time-up notices, automatic forfeits,
expiry of unanswered challenges and lobbies.

Due times live in the database (``reminders`` rows written when a clock changes
hands), so nothing is lost or doubled across restarts: each pass claims the rows
that are due, marking them sent in the same transaction (``UPDATE ... WHERE
sent_at IS NULL``), and only then delivers them.  Delivery is at most once: a
crash between the claim and the delivery loses that one message rather than
sending it twice.

Several processes on one PostgreSQL database: only the leader runs passes (the
store's ``lead("scheduler")``, an advisory lock that dies with its process, so
another process takes over at its next pass when the leader is killed); claims
also lock their rows (``FOR UPDATE SKIP LOCKED``), so even two passes at once never
claim a row twice.  A process that takes over from a leader that died does not
credit downtime: the other processes served the players meanwhile.

Downtime is not charged: every pass records a heartbeat; the first pass after a
start (and, when ``stall_seconds`` is set, any pass that finds the heartbeat older
than that, e.g. after the machine slept) gives each running clock back the time it
was charged since the heartbeat.  A wall clock set backwards charges nothing and fires
nothing early; due times are absolute UTC times, so a restart never moves them.

Entry point for the bot::

    scheduler = Scheduler.for_service(service, deliver)   # deliver: async (Notification)
    task = asyncio.create_task(scheduler.run_forever())   # e.g. in setup_hook

``deliver`` posts ``Notification.text`` in ``channel_id`` (mode ``mention`` or
``channel``) or sends it as a direct message to ``user_id`` (mode ``dm``).

A game ended on time is the exception to "at most once": its forfeit notice goes in
the outbox with the claim and leaves it once posted, so a process killed between
the two leaves the notice to the next pass of whichever process leads (at once when
the killed process is known to have ended: storage/liveness.py).

Games without a clock: each pass also nudges players who went silent
(bot/service/nudges.py ``NudgeRunner``, claimed once the same way).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

from bot import clocks
from bot.catalogue import language, t
from bot.computer_seats import is_computer_seat
from bot.faults import log_failure
from bot.notifications import Notification
from bot.replies import quiet_name
from games import get_game
from storage import Session, Store
from storage.computer import ComputerStore
from storage.correspondence import CorrespondenceStore, ReminderRow
from storage.liveness import Liveness
from storage.settings import LanguageStore

if TYPE_CHECKING:
    from bot.service import GameService
    from bot.service.nudges import NudgeRunner

log = logging.getLogger("boardbot.scheduler")


Deliver = Callable[[Notification], Awaitable[None]]
#: (session id, channel id, guild id) -> the words to add to a forfeit notice.
AfterForfeit = Callable[[int, str, "str | None"], Awaitable[str]]
#: now -> the daily digests due (claimed once each: bot/service/digest.py).
DigestsDue = Callable[[float], Awaitable[list[Notification]]]


class Scheduler:
    """One pass with ``run_once(now)``; ``run_forever()`` loops for the real bot."""

    def __init__(self, store: Store, deliver: Deliver, *,
                 clock: Callable[[], float] = time.time, interval: float = 60.0,
                 stall_seconds: float | None = None, nudges: NudgeRunner | None = None,
                 after_forfeit: AfterForfeit | None = None,
                 liveness: Liveness | None = None, repost_seconds: float = 60.0,
                 digests: DigestsDue | None = None) -> None:
        from bot.service.nudges import NudgeRunner as Runner  # bot.service imports us

        self.store = store
        #: This process's start, named on the forfeit notices it is to post (the
        #: outbox), and how it tells that another process ended; a forfeit notice
        #: older than ``repost_seconds`` still in the outbox is posted once more.
        self.liveness = liveness if liveness is not None else Liveness(store)
        self.repost_seconds = repost_seconds
        self.outbox = ComputerStore(store)
        #: Games without a clock: ``NudgeRunner`` (the configured defaults when None).
        self.nudges: NudgeRunner = nudges if nudges is not None else Runner(store)
        self.ledger = CorrespondenceStore(store)
        self.languages = LanguageStore(store)
        self.deliver = deliver
        self.clock = clock
        self.interval = interval
        self.stall_seconds = stall_seconds
        self._started = False
        #: True once another process was found leading: this one only takes over.
        self._followed = False
        self.leading = False
        #: What a game lost on time moves on (a match's next game): its words join the
        #: forfeit notice (``GameService.after_forfeit``; None: nothing).
        self.after_forfeit = after_forfeit
        #: The daily digests by direct message (``GameService.digests``; None: none).
        self.digests = digests
        #: The tournaments' pass (``BoardBot.tournament_sweep``: sign-up deadlines, games
        #: ended on time, round deadlines), run after the notices; None: none.
        self.tournaments: Callable[[], Awaitable[None]] | None = None

    @classmethod
    def for_service(cls, service: GameService, deliver: Deliver, *, interval: float = 60.0,
                    stall_seconds: float | None = None) -> Scheduler:
        """A scheduler on a GameService's store, clock and nudge settings."""
        from bot.service.nudges import NudgePolicy, NudgeRunner

        config = service.config
        policy = NudgePolicy(config.nudge_hours * clocks.HOUR, config.silent_claim_factor)
        return cls(service.store, deliver, clock=service.clock, interval=interval,
                   stall_seconds=stall_seconds, nudges=NudgeRunner(service.store, policy),
                   after_forfeit=service.after_forfeit, liveness=service.liveness,
                   repost_seconds=config.computer_repost_seconds,
                   digests=service.digests)

    async def run_forever(self, stop: asyncio.Event | None = None) -> None:
        """Pass every ``interval`` seconds until ``stop`` is set (or the task is cancelled);
        a failing pass is logged and retried on the next."""
        while stop is None or not stop.is_set():
            try:
                await self.run_once()
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # an outage: one line; a bug: its traceback
                log_failure(log, exc, "scheduler pass failed")
            if stop is None:
                await asyncio.sleep(self.interval)
            else:
                try:
                    await asyncio.wait_for(stop.wait(), self.interval)
                except TimeoutError:
                    pass

    async def run_once(self, now: float | None = None) -> list[Notification]:
        """One pass at ``now`` (default: the clock): credit downtime, expire challenges,
        claim and deliver what is due.  Returns the notifications delivered."""
        now = self.clock() if now is None else now
        leading = await self.store.lead("scheduler")
        if leading != self.leading:
            log.info("scheduler %s", "leads" if leading else "follows another process")
            self.leading = leading
        if not leading:
            self._followed = True
            return []
        if self._followed:
            self._started = True  # a takeover: no downtime to credit
        await self._heartbeat(now)
        await self.ledger.expire_challenges(now)
        await self.liveness.present()
        sent: list[Notification] = []
        notes = await self._unposted_forfeits(now)
        notes += [note for row in await self.ledger.claim_due(now, owner=self.liveness.start_id)
                  for note in await self._notifications(row)]
        notes += await self.nudges.run_once(now)
        if self.digests is not None:
            notes += await self.digests(now)
        for note in notes:
            try:
                await self.deliver(note)
            except Exception:
                log.exception("could not deliver %s for session %s", note.kind,
                              note.session_id)
                continue
            if note.kind == "forfeit":  # posted: out of the outbox
                await self.outbox.posted_forfeit(note.session_id)
            sent.append(note)
        if self.tournaments is not None:
            try:
                await self.tournaments()
            except Exception as exc:
                log_failure(log, exc, "tournament pass failed")
        return sent

    async def _unposted_forfeits(self, now: float) -> list[Notification]:
        """The forfeit notices of games ended on time whose process was killed before
        posting them (or whose post failed ``repost_seconds`` ago), taken out of the
        outbox to post now."""
        notes: list[Notification] = []
        for row in await self.outbox.take_posts(self.liveness.start_id, self.liveness.gone,
                                                now - self.repost_seconds, kind="forfeit"):
            reminder = await self.ledger.forfeit_of(row.session_id)
            if reminder is not None:
                log.info("posting the forfeit notice of session %s, never posted",
                         row.session_id)
                notes += await self._notifications(reminder)
        return notes

    async def _heartbeat(self, now: float) -> None:
        last = await self.ledger.heartbeat()
        first, self._started = not self._started, True
        gap = now - last if last is not None else 0.0
        stalled = self.stall_seconds is not None and gap > self.stall_seconds
        if last is None or gap <= 0 or not (first or stalled):
            await self.ledger.set_heartbeat(now)
            return
        await self.nudges.downtime(last, now)  # silences are not charged downtime either
        updates = []
        for row in await self.ledger.running_clocks():
            if row.started_at is None or row.budget is None:
                continue
            tc = clocks.parse_stored(row.control)
            credit = tc.charged(max(last, row.started_at), now)
            if credit <= 0:
                continue
            budget = row.budget + credit
            reminders = [
                ReminderRow(r.session_id, r.period, r.point, r.turn, r.side,
                            tc.deadline(row.started_at, budget - r.point), r.forfeit)
                for r in await self.ledger.unsent_reminders(row.session_id, row.period)]
            updates.append((row, budget, tc.deadline(row.started_at, budget), reminders))
        credited = await self.ledger.credit(updates, now)
        if credited:
            log.info("credited %.0f s of downtime to %d running clock(s)", gap, credited)

    async def _notifications(self, row: ReminderRow) -> list[Notification]:
        # bot.service imports us (a cycle at import)
        from bot.service.texts import duration, result_named

        session = await self.store.session(row.session_id)
        if session is None:
            return []
        title = get_game(session.game).title
        lang = await self._language(session.guild_id)
        seat = session.seat_for_side(row.side)
        name = quiet_name(seat.name) if seat else row.side  # a name never pings anyone
        where = f"<#{session.channel_id}>"
        if row.point > 0:
            if seat is None:
                return []
            text = t(lang, "reminder", user=f"<@{seat.user_id}>", where=where, title=title,
                     turn=row.turn, left=duration(row.point, lang))
            note = await self._to(session, "reminder", seat.user_id, text)
            return [note] if note else []
        if row.forfeit:
            players = tuple(s.user_id for s in session.seats if not is_computer_seat(s.user_id))
            pings = " ".join(f"<@{p}>" for p in players)
            # the session as the claim ended it: its outcome, said in the server's words
            text = t(lang, "forfeit", name=name, title=title,
                     result=result_named(session, lang),
                     seed=session.seed, pings=pings)
            if self.after_forfeit is not None:
                more = await self.after_forfeit(session.id, session.channel_id,
                                                session.guild_id)
                text = f"{text}\n{more}" if more else text
            return [Notification(
                "forfeit", "channel", session.channel_id, session.guild_id, session.id, None,
                text, players)]
        notes = []
        for other in session.seats:
            if other.side == row.side:
                continue
            text = t(lang, "time_up_claim", user=f"<@{other.user_id}>", name=name, where=where,
                     title=title, turn=row.turn)
            note = await self._to(session, "timeout", other.user_id, text)
            if note:
                notes.append(note)
        return notes

    async def _language(self, guild_id: str | None) -> str:
        """The server's language (its ``/settings`` choice, else its Discord locale as
        last seen): reminders are posted where everybody reads them."""
        chosen = await self.languages.choices(None, guild_id)
        return chosen.guild or language(chosen.guild_seen)

    async def _to(self, session: Session, kind: str, user_id: str, text: str
                  ) -> Notification | None:
        if is_computer_seat(user_id):
            return None  # the computer needs no reminder (nor a message it cannot read)
        mode = await self.ledger.notify_mode(user_id)
        if mode == "none":
            return None
        return Notification(kind, mode, session.channel_id, session.guild_id, session.id,
                            user_id, text, (user_id,))
