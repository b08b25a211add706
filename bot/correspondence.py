"""Correspondence play on top of the command service: clocks, time-outs, take-backs,
previews, "my games" and notification preferences.

``CorrespondenceMixin`` is a base of ``GameService``; its hooks
(``_clock_handover``, ``_time_left``, ``_set_time_control``) are called from the
service's start, move and board, and its commands are service commands like the
others.  The time arithmetic is in ``bot.clocks``; the SQL in
``storage.correspondence``; the reminders are fired by ``bot.scheduler``.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from bot import clocks, pages
from bot.buttons import takeback_tag
from bot.replies import Button, Channel, Refused, Reply, User, refusal
from games import GameError, Position, get_game
from renderer import RenderContext, render
from storage import Seat, Session, StaleVersion, Store, TurnEntry
from storage.correspondence import (
    NOTIFY_MODES,
    ClockRow,
    ClockState,
    CorrespondenceStore,
    ReminderRow,
    clock_statements,
)
from storage.store import Statement

if TYPE_CHECKING:
    from bot.service import ServiceConfig

RACE = ("Someone else changed this game at the same moment; nothing was applied. "
        "Look at `/board` and try again.")


def running_side(position: Position) -> str | None:
    """The side whose time runs: the one the game waits for (None once it is over)."""
    if position.result is not None:
        return None
    if position.action_due():
        actors = position.actors()
        return actors[0] if actors else position.side_to_move
    return position.side_to_move


def is_weekend(now: float) -> bool:
    return clocks.charged(now, now + 1, weekends=True) == 0


def replay_position(session: Session, turns: list[TurnEntry]) -> Position:
    """The position after ``turns`` (an effective log), replayed from the start."""
    game = get_game(session.game)
    assert session.initial_position is not None
    position = game.from_listing(session.initial_position, session.options)
    for entry in turns:
        position = _replay_entry(position, entry)
    return position


def _replay_entry(position: Position, entry: TurnEntry) -> Position:
    if entry.kind == "turn":
        return position.play(entry.moves, entry.dice).position
    try:
        return position.play_action(entry.moves, entry.side).position
    except GameError:
        return position.play_action(entry.record).position


def _left_text(tc: clocks.TimeControl, side: str | None, started_at: float | None,
               budget: float | None, now: float) -> str:
    """`` — 2d 4h left`` for a running clock ('' when none runs)."""
    if side is None or started_at is None:
        return ""
    left = (budget or 0.0) - tc.charged(started_at, now)
    if left <= 0:
        return " — time is up"
    paused = " (clock paused for the weekend)" if tc.weekends and is_weekend(now) else ""
    return f" — {clocks.format_duration(left)} left{paused}"


class CorrespondenceMixin:
    """Correspondence commands and hooks; mixed into ``GameService``."""

    store: Store
    config: ServiceConfig
    clock: Callable[[], float]
    render_images: bool

    # Provided by GameService.
    if TYPE_CHECKING:
        async def _active(self, channel: Channel) -> Session: ...
        async def _player_in(self, channel: Channel, user: User,
                             outsider: str = ...) -> tuple[Session, Seat]: ...
        def _who(self, session: Session, side: str) -> str: ...
        def position_of(self, session: Session) -> Position: ...
        async def position_async(self, session: Session) -> Position: ...
        def _names(self, session: Session) -> dict[str, str]: ...
        async def _image(self, session: Session, position: Position,
                         viewer: str | None = None) -> bytes | None: ...
        def _status_line(self, session: Session, position: Position,
                         left: str = "") -> tuple[str, list[str]]: ...
        def _turn(self, session: Session, position: Position, side: str, user: User,
                  text: str) -> Any: ...
        def _action(self, session: Session, position: Position, side: str, user: User,
                    text: str) -> Any: ...

    @property
    def ledger(self) -> CorrespondenceStore:
        """The correspondence tables on the service's store."""
        cached = self.__dict__.get("_ledger")
        if cached is None or cached.store is not self.store:
            cached = CorrespondenceStore(self.store)
            self.__dict__["_ledger"] = cached
        return cached

    # ------------------------------------------------------------------ hooks

    def _reminder_points(self) -> list[float]:
        hours = getattr(self.config, "reminder_hours", (24.0, 1.0))
        return sorted({float(h) * 3600 for h in hours if float(h) > 0}, reverse=True)

    def _control_text(self, given: str | None, options: dict[str, str]) -> str:
        """The time control for a new game: the argument, else a ``time=`` option
        (taken out of the game options), else the server default.  Raises
        ``clocks.TimeControlError``."""
        from_options = options.pop("time", None)
        text = given if given is not None else from_options
        if text is None:
            text = getattr(self.config, "time_control", "none")
        return clocks.parse(text).text

    async def _set_time_control(self, session_id: int, control: str) -> None:
        if control != "none":
            await self.ledger.set_control(session_id, control, self.clock())

    def _plan(self, session: Session, tc: clocks.TimeControl, period: int, side: str | None,
              turn: int | None, started_at: float, budget: float, banks: dict[str, float],
              previous: dict[str, Any] | None, now: float
              ) -> tuple[ClockState, list[ReminderRow]]:
        """The clock running for ``side`` from ``started_at`` with ``budget`` seconds, and
        its reminder rows (the points still ahead, then the time-up row)."""
        if side is None or turn is None:
            return ClockState(period, None, None, None, None, None, banks, previous), []
        deadline = tc.deadline(started_at, budget)
        rows: list[ReminderRow] = []
        for point in self._reminder_points():
            if budget > point:
                due = tc.deadline(started_at, budget - point)
                if due > now:
                    rows.append(ReminderRow(session.id, period, point, turn, side, due))
        forfeit = None
        others = [s.side for s in session.seats if s.side != side]
        if tc.forfeit and len(others) == 1:
            forfeit = f"{others[0]} wins ({side} ran out of time)"
        rows.append(ReminderRow(session.id, period, 0.0, turn, side, deadline, forfeit))
        return (ClockState(period, side, turn, started_at, budget, deadline, banks, previous),
                rows)

    async def _clock_handover(self, session: Session, after: Position, next_turn: int,
                              start: bool = False) -> list[Statement]:
        """Statements that stop the running side's clock and start the next one's (or
        stop the clock when the game is over); empty for a game without a clock."""
        row = await self.ledger.clock(session.id)
        if row is None:
            return []
        tc = clocks.parse_stored(row.control)
        if not tc.enabled:
            return []
        now = self.clock()
        previous = None
        if start or not row.banks:
            banks = {seat.side: tc.initial() for seat in session.seats}
        else:
            banks = dict(row.banks)
        if not start and row.side is not None and row.started_at is not None:
            left = (row.budget or 0.0) - tc.charged(row.started_at, now)
            previous = {"side": row.side, "turn": row.turn, "left": left, "banks": row.banks}
            banks[row.side] = tc.after_move(left)
        side = running_side(after)
        budget = banks.get(side, tc.initial()) if side else 0.0
        state, reminders = self._plan(session, tc, row.period + 1, side, next_turn, now, budget,
                                      banks, previous, now)
        return clock_statements(session.id, state, reminders, now)

    async def _time_left(self, session: Session) -> str:
        """`` — 2d 4h left`` for the side whose clock runs ('' without a clock)."""
        if session.status != "active":
            return ""
        row = await self.ledger.clock(session.id)
        if row is None or row.side is None or row.started_at is None:
            return ""
        return _left_text(clocks.parse_stored(row.control), row.side, row.started_at,
                          row.budget, self.clock())

    # ------------------------------------------------------------------ time-outs

    async def _clocked(self, user: User, channel: Channel
                       ) -> tuple[Session, str, ClockRow, clocks.TimeControl, float]:
        """The active game, the user's side, its clock and the running side's time left."""

        session, seat = await self._player_in(channel, user)
        row = await self.ledger.clock(session.id)
        tc = clocks.parse_stored(row.control) if row else clocks.NO_CLOCK
        if row is None or not tc.enabled:
            raise Refused("This game is played without a clock.")
        if row.side is None or row.started_at is None:
            raise Refused("Nobody's clock is running in this game.")
        if row.side == seat.side:
            raise Refused("It is your own time that is running: play your turn.")
        left = (row.budget or 0.0) - tc.charged(row.started_at, self.clock())
        return session, seat.side, row, tc, left

    async def claim(self, user: User, channel: Channel) -> Reply:
        """Claim the win when the opponent's time has run out (two-player games)."""

        try:
            session, side, row, tc, left = await self._clocked(user, channel)
            assert row.side is not None
            if len(session.seats) != 2:
                raise Refused("Claims on time are for two-player games; ask a moderator to "
                               "`/abort` this one if it is stale.")
            if left > 0:
                raise Refused(f"{self._who(session, row.side)} still has "
                               f"{clocks.format_duration(left)}: nothing to claim yet.")
        except Refused as refused:
            return refusal(str(refused))
        now = self.clock()
        result = f"{side} wins ({row.side} ran out of time)"
        stop = ClockState(row.period + 1, None, None, None, None, None, row.banks)
        try:
            await self.store.update_session(
                session, now, status="finished", result=result, dice=[],
                extra=clock_statements(session.id, stop, [], now))
        except StaleVersion:
            return refusal(RACE)
        loser = row.side
        session = await self.store.session(session.id) or session
        return Reply(
            text=f"{user.name} claims the win on time: {self._who(session, loser)} ran out of "
                 f"time. {self._who(session, side)} wins. Dice seed revealed: "
                 f"`{session.seed}`.",
            mentions=[s.user_id for s in session.seats if s.side == loser],
            session_id=session.id)

    async def grant(self, user: User, channel: Channel, amount: str) -> Reply:
        """Give the opponent more time (``2d``, ``12h``); their reminders start over."""

        try:
            extra_time = clocks.parse_duration(amount)
            session, _side, row, tc, left = await self._clocked(user, channel)
        except clocks.TimeControlError as exc:
            return refusal(f"Cannot grant that: {exc}.")
        except Refused as refused:
            return refusal(str(refused))
        assert row.side is not None and row.started_at is not None
        now = self.clock()
        # A clock already past its time restarts from now with the grant.
        started, budget = ((row.started_at, (row.budget or 0.0) + extra_time) if left > 0
                           else (now, extra_time))
        state, reminders = self._plan(session, tc, row.period + 1, row.side, row.turn,
                                      started, budget, row.banks, row.previous, now)
        try:
            await self.store.update_session(
                session, now, extra=clock_statements(session.id, state, reminders, now))
        except StaleVersion:
            return refusal(RACE)
        new_left = budget - tc.charged(started, now)
        owner = session.seat_for_side(row.side)
        return Reply(
            text=f"{user.name} grants {self._who(session, row.side)} "
                 f"{clocks.format_duration(extra_time)} more: "
                 f"{clocks.format_duration(new_left)} left.",
            mentions=[owner.user_id] if owner else [], session_id=session.id)

    # ------------------------------------------------------------------ take-backs

    async def takeback(self, user: User, channel: Channel) -> Reply:
        """Ask to take back your last turn, before anybody else has played."""

        try:
            session, seat = await self._player_in(channel, user)
            turns = await self.ledger.effective_turns(session.id)
            last = turns[-1] if turns else None
            if last is None or last.kind != "turn" or last.actor != user.id:
                raise Refused("You can take back only your own last turn, and only before "
                               "anybody else has played.")
            asked = await self.ledger.undo_request(session.id, last.seq)
            if asked is not None:
                raise Refused("You have already asked to take this turn back"
                               + (" and were refused." if asked.accepted is False else "."))
        except Refused as refused:
            return refusal(str(refused))
        if not await self.ledger.request_undo(session.id, last.seq, user.id, self.clock()):
            return refusal(RACE)
        others = [s for s in session.seats if s.user_id != user.id]
        pings = " ".join(f"<@{s.user_id}>" for s in others)
        tag = takeback_tag(last.seq)  # the button answers this request only
        return Reply(
            text=f"{user.name} asks to take back turn **{last.number}{last.side}** "
                 f"`{last.record}`. {pings}: accept or refuse (`/takeback_answer`). "
                 "The dice stay as they were.",
            mentions=[s.user_id for s in others], session_id=session.id,
            buttons=[Button("Allow take-back", f"takeback_yes:{session.id}:{tag}", "success"),
                     Button("Refuse take-back", f"takeback_no:{session.id}:{tag}", "danger")])

    async def takeback_answer(self, user: User, channel: Channel, accept: bool,
                              seq: int | None = None) -> Reply:
        """The opponent allows or refuses the open take-back request (``seq``: the log
        entry a button's request named; refused if that request is no longer open).
        Both answers go through the session's version check: of two racing answers
        exactly one wins."""

        try:
            session, seat = await self._player_in(channel, user)
            turns = await self.ledger.effective_turns(session.id)
            last = turns[-1] if turns else None
            if seq is not None and (last is None or last.seq != seq):
                raise Refused(await self._takeback_gone(session.id, seq))
            asked = await self.ledger.undo_request(session.id, last.seq) if last else None
            if last is None or asked is None or asked.accepted is not None:
                requests = await self.ledger.undo_requests(session.id)
                if seq is None and requests and requests[-1].accepted is not None:
                    seq = requests[-1].seq_undone  # answered a moment ago: say how
                if seq is not None:
                    raise Refused(await self._takeback_gone(session.id, seq))
                raise Refused("There is no open take-back request (the game may have moved "
                               "on since).")
            if asked.requested_by == user.id:
                raise Refused("The other player answers your take-back request.")
        except Refused as refused:
            return refusal(str(refused))
        now = self.clock()
        if not accept:
            try:
                await self.ledger.answer_undo(session, last.seq, user.id, False, now)
            except StaleVersion:
                return refusal(RACE)
            return Reply(text=f"{user.name} refuses the take-back; turn {last.number}"
                              f"{last.side} stands.", session_id=session.id)
        try:
            before = replay_position(session, turns[:-1])
            consistent = _replay_entry(before, last).listing() == session.position
        except GameError:
            consistent = False
        if not consistent:  # never store a position that is not a replay of the log
            return refusal("This turn cannot be taken back (the log of this game does not "
                           "replay here); ask a moderator.")
        try:
            await self.ledger.answer_undo(
                session, last.seq, user.id, True, now,
                extra=await self._clock_undo(session, last, now),
                position=before.listing(), next_turn=last.number, dice=list(last.dice))
        except StaleVersion:
            return refusal(RACE)
        session = await self.store.session(session.id) or session
        line, mentions = self._status_line(session, before, await self._time_left(session))
        return Reply(
            text=f"{user.name} allows the take-back: turn {last.number}{last.side} "
                 f"`{last.record}` is undone (the dice stay).\n{line}",
            image=await self._image(session, before), mentions=mentions,
            session_id=session.id)

    async def _takeback_gone(self, session_id: int, seq: int) -> str:
        """Why the take-back request of entry ``seq`` can no longer be answered."""
        asked = await self.ledger.undo_request(session_id, seq)
        if asked is not None and asked.accepted is not None:
            return (f"That take-back request was already "
                    f"{'allowed' if asked.accepted else 'refused'}. Nothing was changed.")
        return ("That take-back request is no longer open: the game has moved on since it "
                "was asked. Nothing was changed.")

    async def _clock_undo(self, session: Session, last: TurnEntry, now: float
                          ) -> list[Statement]:
        """Give the clock back to the mover with the time they had left when they moved;
        the opponent's time spent waiting is not charged."""
        row = await self.ledger.clock(session.id)
        tc = clocks.parse_stored(row.control) if row else clocks.NO_CLOCK
        if row is None or not tc.enabled:
            return []
        previous = row.previous or {}
        if previous.get("side") == last.side:
            banks = {k: float(v) for k, v in dict(previous.get("banks") or {}).items()}
            budget = max(float(previous.get("left", 0.0)), 0.0)
        else:
            banks = dict(row.banks)
            budget = banks.get(last.side, tc.initial())
        state, reminders = self._plan(session, tc, row.period + 1, last.side, last.number,
                                      now, budget, banks, None, now)
        return clock_statements(session.id, state, reminders, now)

    # ------------------------------------------------------------------ preview

    async def preview(self, user: User, channel: Channel, text: str) -> Reply:
        """What a turn would do, privately, with its picture; nothing is played."""

        try:
            session, seat = await self._player_in(channel, user)
            position = await self.position_async(session)
            play = self._action if position.action_due() else self._turn
            # off the event loop: a hostile text may make the engine work for long
            played, _ = await asyncio.to_thread(play, session, position, seat.side, user,
                                                text)
        except Refused as refused:
            return refusal(str(refused))
        image = None
        if self.render_images:
            context = RenderContext(
                names=self._names(session), dice=session.dice, last_side=seat.side,
                last_moves=played.moves, last_events=played.events, viewer=seat.side,
                width=self.config.image_width,
                theme=self.config.theme, footer="preview: not played")
            try:
                image = await asyncio.to_thread(render, played.position, context)
            except ImportError:
                image = None
        return Reply(
            text=f"Preview (nothing is played): `{played.record}` gives\n"
                 f"`{played.position.listing()}`\nPlay it with `/move {played.moves}`.",
            image=image, private=True, session_id=session.id)

    # ------------------------------------------------------------------ my games

    async def my_games(self, user: User, guild_id: str | None, page: int = 1) -> Reply:
        """The user's games on this server: whose turn, time left, channel links; a page
        at a time, read in one query (seats and clocks joined)."""
        statuses = ("active", "challenge")
        found = await self.store.session_page(guild_id, statuses, user_id=user.id,
                                              offset=pages.offset(page), limit=pages.PAGE_SIZE)
        if not found.sessions and page > 1:
            first = await self.store.session_page(guild_id, statuses, user_id=user.id, limit=1)
            return pages.out_of_range(page, first.total, "your games")
        yours: list[str] = []
        theirs: list[str] = []
        now = self.clock()
        for s in found.sessions:
            game = get_game(s.game)
            others = ", ".join(pages.name(seat.name) for seat in s.seats
                               if seat.user_id != user.id)
            where = f"<#{s.channel_id}>: {game.title}" + (f" vs {others}" if others else "")
            if s.status == "challenge":
                theirs.append(f"{where}: waiting for the challenge to be answered")
                continue
            if s.position is None:
                continue
            side = running_side(self.position_of(s))
            seat = s.seat_for_side(side) if side else None
            clock = found.clocks.get(s.id)
            left = _left_text(clocks.parse_stored(clock[0]), clock[1], clock[2], clock[3],
                              now) if clock else ""
            if seat is not None and seat.user_id == user.id:
                yours.append(f"{where}, turn {s.next_turn}: **your turn**{left}")
            else:
                name = pages.name(seat.name) if seat else (side or "?")
                theirs.append(f"{where}, turn {s.next_turn}: {name} to play{left}")
        if not yours and not theirs:
            return Reply(text="You have no games running on this server.", private=True)
        return pages.paged("Your games here", [*yours, *theirs], page, found.total, "mygames")

    # ------------------------------------------------------------------ preferences

    async def notify(self, user: User, mode: str) -> Reply:
        """How reminders reach you: ``mention`` (in the game's channel), ``dm`` or ``none``."""
        wanted = mode.strip().lower()
        if wanted not in NOTIFY_MODES:
            return refusal(f"Choose one of {', '.join(f'`{m}`' for m in NOTIFY_MODES)}.")
        await self.ledger.set_notify_mode(user.id, wanted, self.clock())
        said = {"mention": "mentioned in the game's channel", "dm": "sent a direct message",
                "none": "not reminded"}[wanted]
        return Reply(text=f"Reminders: you will be {said}.", private=True)
