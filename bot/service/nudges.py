"""Nudges for games without a clock, and ending a game that went silent.

A game without a clock can wait for a player for ever.  So, once a player has not
moved for a nudge period (their own, ``/notify nudge:3d``; else the server's,
``/settings server_nudge:3d``; else the configured ``nudge_hours``, 3 days), they are
reminded, once each period of silence.  After ``silent_claim_factor`` times the
server's period (6 days by default) the players waiting are told, once, that they may
end the game with ``/claim``; a moderator who is not playing may end it at any time.

Silence is counted from the game's last change (any turn, answer or take-back bumps
the session's version; ``sessions.updated_at`` is when).  The scheduler's pass
(``NudgeRunner``) notes per game whom it waits for at its current version, then claims
what is due in one transaction (``storage.nudges``), so nudges are restart-safe and
sent once across processes, as reminders are; downtime is given back as for clocks.

How a silent game ends (what players of correspondence sites expect, where leaving a
game is losing it, and a game that never really began is cancelled):

- two players: the waiting player wins (``B wins (W did not move for 6d)``), rated like
  a loss on time; but if the silent player never played a turn of their own, the game
  is aborted and not rated (nothing was played to win);
- more players, in a game the others can play on (CheeseGambit): the silent player
  leaves the game, recorded as their resignation, and the others play on;
- otherwise the game is aborted (not rated).

The ending is a public reply naming who ended it, the silent player, since when and
the result, and the result stands in the record (``[Result ...]``) like any other.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass

from bot import clocks
from bot.catalogue import language, t
from bot.computer_seats import is_computer_seat
from bot.notifications import Notification
from bot.replies import Channel, Refused, Reply, User, quiet_name
from bot.service import texts
from bot.service.context import Context
from bot.service.core import Turns, rematch_button
from bot.service.request import Request
from bot.service.timekeeping import running_side
from games import GameError, get_game
from games.outcome import silent as silent_outcome
from storage import Session, SessionStatus, Store, TurnKind
from storage.correspondence import CorrespondenceStore
from storage.nudges import DueNudge, NudgeStore
from storage.settings import LanguageStore

log = logging.getLogger("boardbot.nudges")

#: The bounds of a nudge period (a user's or a server's).
MIN_PERIOD = clocks.HOUR
MAX_PERIOD = 30 * clocks.DAY
#: What turns nudges off.
OFF_WORDS = ("off", "none", "no", "0")
#: Games noted per batch, and batches per pass (the rest waits for the next pass).
_BATCH, _BATCHES = 200, 25
#: What sets a user's period back to the server's.
SERVER_WORDS = ("server", "default")


@dataclass(frozen=True)
class NudgePolicy:
    """The configured defaults: a server that chose nothing nudges after
    ``default_period`` seconds (0: never); the others may end a silent game after
    ``claim_factor`` times the server's period."""

    default_period: float = 3 * clocks.DAY
    claim_factor: float = 2.0


def parse_period(req: Request, text: str) -> float:
    """``3d``, ``12h``, ``1d12h`` -> seconds; ``off`` -> 0.  Raises ``Refused`` with
    what is allowed."""
    word = text.strip().lower()
    if word in OFF_WORDS:
        return 0.0
    try:
        seconds = clocks.parse_duration(word, None)
    except clocks.TimeControlError as exc:
        raise Refused(req.mine("nudge_period_form", error=exc.said(req.user_lang))) from exc
    if not MIN_PERIOD <= seconds <= MAX_PERIOD:
        raise Refused(req.mine("nudge_period_bounds", low=texts.duration(MIN_PERIOD, req.user_lang),
                               high=texts.duration(MAX_PERIOD, req.user_lang),
                               given=texts.duration(seconds, req.user_lang)))
    return seconds


def period_text(seconds: float, lang: str) -> str:
    return t(lang, "nudge_period_off") if seconds <= 0 else \
        t(lang, "nudge_period_every", duration=texts.duration(seconds, lang))


def _since(seconds: float) -> str:
    """Discord's timestamp markup: each reader sees it in their own time zone."""
    return f"<t:{int(seconds)}:f>"


def waited_side(session: Session) -> str | None:
    """The side an active game waits for (None: the game is over or unreadable)."""
    if session.position is None:
        return None
    try:
        position = get_game(session.game).from_listing(session.position, session.options)
    except GameError:
        return None
    return running_side(position)


def _waits(sessions: list[Session]) -> list[str | None]:
    """``waited_side`` of each (CPU work, run off the event loop)."""
    return [waited_side(s) for s in sessions]


class NudgeRunner:
    """The scheduler's part: note whom each untimed game waits for, claim the nudges
    that are due and turn them into notifications."""

    def __init__(self, store: Store, policy: NudgePolicy | None = None) -> None:
        self.store = store
        self.nudges = NudgeStore(store)
        self.ledger = CorrespondenceStore(store)
        self.languages = LanguageStore(store)
        self.policy = policy or NudgePolicy()

    async def track(self, now: float) -> int:
        """Note the wait of every game that changed since the last pass."""
        tracked = 0
        for _ in range(_BATCHES):
            ids = await self.nudges.untracked(_BATCH)
            sessions = [s for s in [await self.store.session(i) for i in ids] if s is not None]
            if not sessions:
                return tracked
            sides = await asyncio.to_thread(_waits, sessions)
            for session, side in zip(sessions, sides, strict=True):
                seat = session.seat_for_side(side) if side else None
                # games with the computer are practice: nobody is nudged there
                people_only = not any(is_computer_seat(s.user_id) for s in session.seats)
                user = seat.user_id if seat is not None and people_only else None
                await self.nudges.track(session.id, session.version, side, user,
                                        session.updated_at, now)
                tracked += 1
            if len(ids) < _BATCH:
                return tracked
        return tracked  # the rest at the next pass

    async def downtime(self, last: float, now: float) -> None:
        """The bot was stopped since ``last``: give the silences that time back."""
        await self.track(now)
        if now > last:
            await self.nudges.credit(last, now - last, now)

    async def run_once(self, now: float) -> list[Notification]:
        """Track, claim what is due, and the notifications to send for it."""
        await self.nudges.forget_ended()
        await self.track(now)
        notes: list[Notification] = []
        for due in await self.nudges.claim_due(now, self.policy.default_period,
                                               self.policy.claim_factor):
            notes += await self._notifications(due, now)
        return notes

    async def _notifications(self, due: DueNudge, now: float) -> list[Notification]:
        session = await self.store.session(due.wait.session_id)
        silent = session.seat_for_side(due.wait.side or "") if session else None
        if session is None or silent is None:
            return []
        title = get_game(session.game).title
        # posted where everybody reads it: the server's language, as reminders are
        chosen = await self.languages.choices(None, session.guild_id)
        lang = chosen.guild or language(chosen.guild_seen)
        where = f"<#{session.channel_id}>"
        since = t(lang, "nudge_since", when=_since(due.wait.since),
                  quiet=texts.duration(now - due.wait.since, lang))
        others = [s for s in session.seats if s.user_id != silent.user_id
                  and not is_computer_seat(s.user_id)]
        waiting = ", ".join(quiet_name(s.name) for s in others) or t(lang, "nudge_the_others")
        notes: list[Notification] = []
        if due.nudge:
            text = t(lang, "nudge", user=f"<@{silent.user_id}>", where=where, title=title,
                     id=session.id, turn=session.next_turn, since=since, waiting=waiting,
                     n=len(others) or 2)  # "the others": plural
            if due.claimable or due.wait.claimable_at is not None:
                text += t(lang, "nudge_may_claim", waiting=waiting)
            text += t(lang, "nudge_footer", period=period_text(due.period, lang))
            note = await self._to(session, "nudge", silent.user_id, text)
            if note:
                notes.append(note)
        if due.claimable:
            name = quiet_name(silent.name)
            for other in others:
                text = t(lang, "nudge_silent", user=f"<@{other.user_id}>", name=name,
                         where=where, title=title, id=session.id, since=since,
                         ending=ending_words(session, lang))
                note = await self._to(session, "silent", other.user_id, text)
                if note:
                    notes.append(note)
        return notes

    async def _to(self, session: Session, kind: str, user_id: str, text: str
                  ) -> Notification | None:
        mode = await self.ledger.notify_mode(user_id)
        if mode == "none":
            return None
        return Notification(kind, mode, session.channel_id, session.guild_id, session.id,
                            user_id, text, (user_id,))


def ending_words(session: Session, lang: str) -> str:
    """What ``/claim`` does to a silent game, in a few words."""
    if len(session.seats) == 2:
        return t(lang, "claim_ending_two")
    return t(lang, "claim_ending_more")


class Nudges:
    """``/notify nudge:``, ``/settings server_nudge:`` and ``/claim`` in a silent game."""

    def __init__(self, ctx: Context, turns: Turns) -> None:
        self.ctx = ctx
        self.turns = turns
        self.store = NudgeStore(ctx.store)

    @property
    def policy(self) -> NudgePolicy:
        return NudgePolicy(self.ctx.config.nudge_hours * clocks.HOUR,
                           self.ctx.config.silent_claim_factor)

    async def server_period(self, guild_id: str | None) -> float:
        chosen = await self.store.guild_period(guild_id)
        return self.policy.default_period if chosen is None else chosen

    # -- preferences ----------------------------------------------------------------

    @staticmethod
    def parse_own(req: Request, text: str) -> float | None:
        """A user's ``nudge`` value: seconds, 0 (off) or None (the server's)."""
        if text.strip().lower() in SERVER_WORDS:
            return None
        return parse_period(req, text)

    async def set_own(self, req: Request, user: User, period: float | None) -> str:
        await self.store.set_user_period(user.id, period, self.ctx.clock())
        if period is None:
            return req.mine("nudge_own_server")
        if period == 0:
            return req.mine("nudge_own_off")
        return req.mine("nudge_own_every", period=texts.duration(period, req.user_lang))

    @staticmethod
    def checked_server(req: Request, user: User, channel: Channel, text: str) -> float | None:
        """The server period a moderator asks for (None: none asked), checked before
        anything is changed."""
        if not text.strip():
            return None
        period = parse_period(req, text)
        if not user.moderator:
            raise Refused(req.mine("nudge_server_moderators", user=user.name))
        if channel.guild_id is None:
            raise Refused(req.mine("nudge_server_in_server"))
        return period

    async def server_setting(self, req: Request, user: User, channel: Channel, period: float | None
                             ) -> str:
        """Set the server's period (a checked one, or None to leave it), and say what
        holds."""
        if period is not None and channel.guild_id is not None:
            await self.store.set_guild_period(channel.guild_id, period, self.ctx.clock())
        server = await self.server_period(channel.guild_id)
        own = await self.store.user_period(user.id)
        yours = req.mine("nudge_yours_server") if own is None else period_text(own, req.user_lang)
        if server <= 0:
            return req.mine("nudge_server_off", yours=yours)
        claim = texts.duration(server * self.policy.claim_factor, req.user_lang)
        return req.mine("nudge_server_after", period=texts.duration(server, req.user_lang),
                        yours=yours, claim=claim)

    # -- ending a silent game ---------------------------------------------------------

    async def claim(self, req: Request, user: User, channel: Channel) -> Reply | None:
        """End the channel's game without a clock that has gone silent; None when the
        game here has a clock (``/claim`` on time is for those) or there is none."""
        session = await self.turns.live(channel)
        if session is None or session.status != SessionStatus.ACTIVE:
            return None
        row = await self.ctx.ledger.clock(session.id)
        if row is not None and clocks.parse_stored(row.control).enabled:
            return None
        position = await self.ctx.position_async(session)
        side = running_side(position)
        silent = session.seat_for_side(side) if side else None
        if silent is None:
            raise Refused(req.mine("claim_nobody_waited"))
        seat = session.seat_of(user.id)
        if seat is not None and seat.side == silent.side:
            raise Refused(req.mine("claim_your_turn", user=user.name))
        if is_computer_seat(silent.user_id):
            raise Refused(req.mine("claim_computer"))
        # A moderator who plays in the game waits like any player.
        moderator = user.moderator and seat is None
        if seat is None and not moderator:
            raise Refused(req.mine("claim_not_waiting"))
        now = self.ctx.clock()
        wait = await self.store.wait(session.id, session.version)
        since = wait.since if wait is not None else session.updated_at
        silence = now - since
        if not moderator:
            server = await self.server_period(channel.guild_id)
            if server <= 0:
                raise Refused(req.mine("claim_nudges_off"))
            needed = server * self.policy.claim_factor
            if silence < needed:
                raise Refused(req.mine(
                    "claim_too_soon", name=quiet_name(silent.name),
                    quiet=texts.duration(silence, req.user_lang), since=_since(since),
                    needed=texts.duration(needed, req.user_lang), at=_since(since + needed)))
        return await self._end(req, user, session, silent.side, since, now)

    async def _end(self, req: Request, user: User, session: Session, side: str, since: float,
                   now: float) -> Reply:
        silent = session.seat_for_side(side)
        assert silent is not None
        name = quiet_name(silent.name)
        said = req.public("silence_ended", user=user.name, id=session.id, name=name,
                           since=_since(since), quiet=texts.duration(now - since, req.channel_lang))
        position = await self.ctx.position_async(session)
        try:
            left = position.resign(side)
        except GameError:
            left = None
        if left is not None:  # the others play on without the silent player
            done, image, words = await self.turns.commit_leaving(req, session, user.id, side, left)
            session, after = done.session, done.position
            line, mentions = texts.status_line(session, after, lang=req.channel_lang)
            if session.status == SessionStatus.FINISHED:  # nobody is left to play on
                return Reply(text=f"{said} {req.public('silent_leaves_ending')} {line}"
                                  f"{texts.seed_note(session, req.channel_lang)}",
                             image=image, image_description=words,
                             mentions=[silent.user_id, *mentions], session_id=session.id,
                             buttons=[rematch_button(req, session)],
                             attachment=await self.ctx.record_file(session))
            return Reply(text=f"{said} {req.public('silent_leaves')} {line}",
                         image=image, image_description=words,
                         mentions=[silent.user_id, *mentions], session_id=session.id,
                         buttons=self.turns.action_buttons(req, session, after))
        others = [s for s in session.seats if s.side != side]
        moved = any(t.kind == TurnKind.TURN and t.actor == silent.user_id
                    for t in await self.ctx.ledger.effective_turns(session.id))
        if len(others) == 1 and moved:
            winner = others[0]
            await self.ctx.store.update_session(
                session, now, status=SessionStatus.FINISHED, dice=[],
                outcome=silent_outcome(winner.side, side, now - since))
            session = await self.turns.reread(session)
            outcome = req.public("silent_wins", who=texts.who(session, winner.side,
                                                              req.channel_lang),
                                  seed=texts.seed_note(session, req.channel_lang))
        else:
            await self.ctx.store.update_session(
                session, now, status=SessionStatus.ABORTED, dice=[],
                outcome=silent_outcome(None, side, now - since))
            session = await self.turns.reread(session)
            why = req.public("silent_never_moved" if len(others) == 1 else "silent_cannot_go_on")
            outcome = req.public("silent_aborted", why=why, seed=texts.seed_note(session,
                                                                                 req.channel_lang))
        return Reply(text=f"{said} {outcome}",
                     mentions=[s.user_id for s in session.seats
                               if not is_computer_seat(s.user_id)],
                     session_id=session.id, attachment=await self.ctx.record_file(session))
