"""Correspondence play: time-outs (claim, grant), take-backs, "my games" and
notification preferences.

The clock hand-over that every turn carries is in ``timekeeping``; the SQL in
``storage.correspondence``; the reminders are fired by ``bot.scheduler``.
"""

from __future__ import annotations

import asyncio
import logging

from bot import clocks, pages
from bot.actions import Takeback, encode
from bot.replies import Button, Channel, Refused, Reply, User
from bot.service import texts
from bot.service.context import Context
from bot.service.core import Turns
from bot.service.request import Request
from bot.service.timekeeping import Timekeeper, running_side
from bot.service.turn_events import replay_entry, replay_position
from games import GameError, Position, get_game
from games.outcome import timed_out
from storage import Session, SessionStatus, TurnEntry, TurnKind
from storage.correspondence import NOTIFY_MODES, ClockRow, ClockState, clock_statements

log = logging.getLogger("boardbot.correspondence")


def _rewound(session: Session, turns: list[TurnEntry]) -> Position | None:
    """The position before the last of ``turns``, or None when the log does not replay
    to the stored position (a take-back must never store anything else)."""
    try:
        before = replay_position(session, turns[:-1])
        consistent = replay_entry(before, turns[-1]).position.listing() == session.position
    except GameError:
        return None
    return before if consistent else None


class Correspondence:
    """Commands of games played over days."""

    def __init__(self, ctx: Context, turns: Turns, clock: Timekeeper) -> None:
        self.ctx = ctx
        self.turns = turns
        self.timekeeper = clock

    # -- time-outs --------------------------------------------------------------------

    async def _clocked(self, req: Request, user: User, channel: Channel
                       ) -> tuple[Session, str, ClockRow, clocks.TimeControl, float]:
        """The active game, the user's side, its clock and the running side's time left."""
        session, seat = await self.turns.player_in(req, channel, user)
        row = await self.ctx.ledger.clock(session.id)
        tc = clocks.parse_stored(row.control) if row else clocks.NO_CLOCK
        if row is None or not tc.enabled:
            raise Refused(req.mine("no_clock"))
        if row.side is None or row.started_at is None:
            raise Refused(req.mine("no_clock_running"))
        if row.side == seat.side:
            raise Refused(req.mine("own_time"))
        left = (row.budget or 0.0) - tc.charged(row.started_at, self.ctx.clock())
        return session, seat.side, row, tc, left

    async def claim(self, req: Request, user: User, channel: Channel) -> Reply:
        """Claim the win when the opponent's time has run out (two-player games)."""
        session, side, row, _tc, left = await self._clocked(req, user, channel)
        loser = row.side
        assert loser is not None
        if len(session.seats) != 2:
            raise Refused(req.mine("claim_two_players"))
        if left > 0:
            raise Refused(req.mine("still_has_time", who=texts.who(session, loser, req.user_lang),
                                   left=texts.duration(left, req.user_lang)))
        now = self.ctx.clock()
        stop = ClockState(row.period + 1, None, None, None, None, None, row.banks)
        await self.ctx.store.update_session(
            session, now, status=SessionStatus.FINISHED,
            outcome=timed_out(side, loser), dice=[],
            extra=clock_statements(session.id, stop, [], now))
        session = await self.turns.reread(session)
        return Reply(
            text=req.public("claims", user=user.name, loser=texts.who(session, loser,
                                                                      req.channel_lang),
                             winner=texts.who(session, side, req.channel_lang), seed=session.seed),
            mentions=[s.user_id for s in session.seats if s.side == loser],
            session_id=session.id, attachment=await self.ctx.record_file(session))

    async def grant(self, req: Request, user: User, channel: Channel, amount: str) -> Reply:
        """Give the opponent more time (``2d``, ``12h``); their reminders start over."""
        try:
            extra_time = clocks.parse_duration(amount)
        except clocks.TimeControlError as exc:
            raise Refused(req.mine("cannot_grant", error=exc.said(req.user_lang))) from exc
        session, _side, row, tc, left = await self._clocked(req, user, channel)
        assert row.side is not None and row.started_at is not None
        now = self.ctx.clock()
        # A clock already past its time restarts from now with the grant.
        started, budget = ((row.started_at, (row.budget or 0.0) + extra_time) if left > 0
                           else (now, extra_time))
        points = await self.timekeeper.points_for(session, row.side)
        state, reminders = self.timekeeper.plan(session, tc, row.period + 1, row.side, row.turn,
                                                started, budget, row.banks, row.previous, now,
                                                points)
        await self.ctx.store.update_session(
            session, now, extra=clock_statements(session.id, state, reminders, now))
        new_left = budget - tc.charged(started, now)
        owner = session.seat_for_side(row.side)
        return Reply(
            text=req.public("grants", user=user.name, who=texts.who(session, row.side,
                                                                    req.channel_lang),
                             extra=texts.duration(extra_time, req.channel_lang),
                                 left=texts.duration(new_left, req.channel_lang)),
            mentions=[owner.user_id] if owner else [], session_id=session.id)

    # -- take-backs -------------------------------------------------------------------

    async def takeback(self, req: Request, user: User, channel: Channel) -> Reply:
        """Ask to take back your last turn, before anybody else has played."""
        ledger = self.ctx.ledger
        session, _seat = await self.turns.player_in(req, channel, user)
        turns = await ledger.effective_turns(session.id)
        last = turns[-1] if turns else None
        if last is None or last.kind != TurnKind.TURN or last.actor != user.id:
            raise Refused(req.mine("takeback_own_only"))
        asked = await ledger.undo_request(session.id, last.seq)
        if asked is not None:
            raise Refused(req.mine("takeback_asked_refused" if asked.accepted is False
                                   else "takeback_asked"))
        if not await ledger.request_undo(session.id, last.seq, user.id, self.ctx.clock()):
            raise Refused(req.mine("race"))
        others = [s for s in session.seats if s.user_id != user.id]
        pings = " ".join(f"<@{s.user_id}>" for s in others)
        return Reply(
            text=req.public("takeback_asks", user=user.name, turn=f"{last.number}{last.side}",
                             record=last.record, pings=pings),
            mentions=[s.user_id for s in others], session_id=session.id,
            buttons=[Button(req.public("button_allow_takeback"),
                            encode(Takeback(True, session.id, last.seq)), "success"),
                     Button(req.public("button_refuse_takeback"),
                            encode(Takeback(False, session.id, last.seq)), "danger")])

    async def takeback_answer(self, req: Request, user: User, channel: Channel, accept: bool,
                              seq: int | None = None) -> Reply:
        """The opponent allows or refuses the open take-back request (``seq``: the log
        entry a button's request named; refused if that request is no longer open).
        Both answers go through the session's version check: of two racing answers
        exactly one wins."""
        ledger = self.ctx.ledger
        session, _seat = await self.turns.player_in(req, channel, user)
        turns = await ledger.effective_turns(session.id)
        last = turns[-1] if turns else None
        if seq is not None and (last is None or last.seq != seq):
            raise Refused(await self._takeback_gone(req, session.id, seq))
        asked = await ledger.undo_request(session.id, last.seq) if last else None
        if last is None or asked is None or asked.accepted is not None:
            requests = await ledger.undo_requests(session.id)
            if seq is None and requests and requests[-1].accepted is not None:
                seq = requests[-1].seq_undone  # answered a moment ago: say how
            if seq is not None:
                raise Refused(await self._takeback_gone(req, session.id, seq))
            raise Refused(req.mine("takeback_none"))
        if asked.requested_by == user.id:
            raise Refused(req.mine("takeback_other_answers"))
        now = self.ctx.clock()
        if not accept:
            await ledger.answer_undo(session, last.seq, user.id, False, now)
            return Reply(text=req.public("takeback_refused", user=user.name,
                                          turn=f"{last.number}{last.side}"),
                         session_id=session.id)
        # Replaying a long log is CPU work (a second in a long game): off the event loop.
        before = await asyncio.to_thread(_rewound, session, turns)
        if before is None:  # never store a position that is not a replay of the log
            raise Refused(req.mine("takeback_cannot"))
        await ledger.answer_undo(
            session, last.seq, user.id, True, now,
            extra=await self.timekeeper.undo(session, last, now),
            position=before.listing(), next_turn=last.number, dice=list(last.dice))
        session = await self.turns.reread(session)
        line, mentions = texts.status_line(session, before, await self.ctx.time_left(req, session),
                                           lang=req.channel_lang)
        image, words = await self.ctx.board_image(session, before, req)
        return Reply(
            text=req.public("takeback_allowed", user=user.name,
                             turn=f"{last.number}{last.side}", record=last.record, status=line),
            image=image, image_description=words, mentions=mentions,
            session_id=session.id)

    async def _takeback_gone(self, req: Request, session_id: int, seq: int) -> str:
        """Why the take-back request of entry ``seq`` can no longer be answered."""
        asked = await self.ctx.ledger.undo_request(session_id, seq)
        if asked is not None and asked.accepted is not None:
            return req.mine("takeback_was_allowed" if asked.accepted
                            else "takeback_was_refused")
        return req.mine("takeback_gone")

    # -- my games, preferences ----------------------------------------------------------

    async def my_games(self, req: Request, user: User, guild_id: str | None,
                       page: int = 1) -> Reply:
        """The user's games on this server: whose turn, time left, channel links; a page
        at a time, read in one query (seats and clocks joined)."""
        statuses = (SessionStatus.ACTIVE, SessionStatus.CHALLENGE)
        store = self.ctx.store
        found = await store.session_page(guild_id, statuses, user_id=user.id,
                                         offset=pages.offset(page), limit=pages.PAGE_SIZE)
        if not found.sessions and page > 1:
            first = await store.session_page(guild_id, statuses, user_id=user.id, limit=1)
            return pages.out_of_range(page, first.total, req.mine("what_your_games"), req.user_lang)
        yours: list[str] = []
        theirs: list[str] = []
        now = self.ctx.clock()
        for s in found.sessions:
            others = ", ".join(pages.name(seat.name) for seat in s.seats
                               if seat.user_id != user.id)
            try:
                # A row edited by hand (or by a bug) can name no game or hold a listing
                # no engine reads: that one game is named and skipped, never the list
                # of every game the player has (the nudges skip it the same way).
                title = get_game(s.game).title
                position = self.ctx.position_of(s) if s.position is not None else None
            except GameError as exc:
                log.warning("session %s: stored game %r or position cannot be read: %s",
                            s.id, s.game[:40], exc)
                theirs.append(req.mine("mygames_unreadable", id=s.id,
                                       where=f"<#{s.channel_id}>"))
                continue
            where = f"<#{s.channel_id}>: {title}" + (
                req.mine("vs", others=others) if others else "")
            if s.status == SessionStatus.CHALLENGE:
                theirs.append(req.mine("mygames_challenge", where=where))
                continue
            if position is None:
                continue
            side = running_side(position)
            seat = s.seat_for_side(side) if side else None
            clock = found.clocks.get(s.id)
            left = texts.left_text(clocks.parse_stored(clock[0]), clock[1], clock[2],
                                   clock[3], now, req.channel_lang) if clock else ""
            if seat is not None and seat.user_id == user.id:
                yours.append(req.mine("mygames_yours", where=where, turn=s.next_turn, left=left))
            else:
                name = pages.name(seat.name) if seat else (side or "?")
                theirs.append(req.mine("mygames_theirs", where=where, turn=s.next_turn,
                                       name=name, left=left))
        if not yours and not theirs:
            return Reply(text=req.mine("mygames_none"), private=True)
        return pages.paged(req.mine("mygames_title"), [*yours, *theirs], page, found.total,
                           "mygames", req.user_lang)

    async def notify(self, req: Request, user: User, mode: str) -> Reply:
        """How reminders reach you: ``mention`` (in the game's channel), ``dm`` or ``none``."""
        wanted = mode.strip().lower()
        if wanted not in NOTIFY_MODES:
            raise Refused(req.mine("notify_choose",
                                   modes=", ".join(f"`{m}`" for m in NOTIFY_MODES)))
        await self.ctx.ledger.set_notify_mode(user.id, wanted, self.ctx.clock())
        return Reply(text=req.mine("notify_said", said=req.mine(f"notify_{wanted}")),
                     private=True)
