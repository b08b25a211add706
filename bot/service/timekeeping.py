"""The game clocks as the service runs them: which side's time runs, handing the
clock over with a turn, the reminder rows, giving time back on a take-back.

The time arithmetic is in ``bot.clocks``; the SQL in ``storage.correspondence``;
the reminders are fired by ``bot.scheduler``.  Every change here is a list of
statements that commits with the turn (or grant, or take-back) that causes it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bot import clocks
from bot.service import texts
from bot.service.context import Context
from games import Position
from games.outcome import outcome_text, timed_out
from storage import Session, SessionStatus, TurnEntry
from storage.correspondence import ClockState, ReminderRow, clock_statements
from storage.direct import DirectStore
from storage.store import Statement


def running_side(position: Position) -> str | None:
    """The side whose time runs: the one the game waits for (None once it is over)."""
    if position.result is not None:
        return None
    if position.action_due():
        actors = position.actors()
        return actors[0] if actors else position.side_to_move
    return position.side_to_move


def reminder_rows(session_id: int, tc: clocks.TimeControl, period: int, side: str, turn: int,
                  started_at: float, budget: float, points: Sequence[float], now: float
                  ) -> list[ReminderRow]:
    """The reminders (``points`` seconds before the deadline) of a clock running from
    ``started_at`` with ``budget`` seconds that are still ahead of ``now``."""
    rows: list[ReminderRow] = []
    for point in points:
        if budget > point:
            due = tc.deadline(started_at, budget - point)
            if due > now:
                rows.append(ReminderRow(session_id, period, point, turn, side, due))
    return rows


@dataclass(frozen=True)
class Handover:
    """A turn's clock statements and the clock they leave, so that the reply's
    time-left text needs no second read of the clock row."""

    statements: list[Statement]
    #: The time control and the clock once the statements are committed; None: the
    #: game has no clock row.
    clock: tuple[clocks.TimeControl, ClockState] | None = None
    #: False when the clock row was left as it was (a control that is not enabled):
    #: the caller reads it to know the time left.
    known: bool = True

    def left(self, session: Session, now: float, lang: str) -> str:
        """What ``Context.time_left`` reads back once the statements are committed
        (``session``: the session after the change), in ``lang``."""
        if self.clock is None or session.status != SessionStatus.ACTIVE:
            return ""
        tc, state = self.clock
        if state.side is None or state.started_at is None:
            return ""
        return texts.left_text(tc, state.side, state.started_at, state.budget, now, lang)


class Timekeeper:
    """Clock statements for the turn path and the correspondence commands."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.direct = DirectStore(ctx.store)

    def reminder_points(self) -> list[float]:
        hours = self.ctx.config.reminder_hours
        return sorted({float(h) * 3600 for h in hours if float(h) > 0}, reverse=True)

    def control_text(self, given: str | None, options: dict[str, str]) -> str:
        """The time control for a new game: the argument, else a ``time=`` option
        (taken out of the game options), else the server default.  Raises
        ``clocks.TimeControlError``."""
        from_options = options.pop("time", None)
        text = given if given is not None else from_options
        if text is None:
            text = self.ctx.config.time_control
        return clocks.parse(text).text

    async def set_time_control(self, session_id: int, control: str) -> None:
        if control != "none":
            await self.ctx.ledger.set_control(session_id, control, self.ctx.clock())

    async def replan(self, user_id: str) -> int:
        """The reminders of the clocks running for ``user_id`` planned again with their
        points (after ``/notify remind:``); how many clocks were replanned."""
        own = (await self.direct.reminder_points([user_id])).get(user_id)
        points = sorted(own, reverse=True) if own else self.reminder_points()
        now = self.ctx.clock()
        done = 0
        for clock in await self.direct.running_clocks_of(user_id):
            tc = clocks.parse_stored(clock.control)
            rows = reminder_rows(clock.session_id, tc, clock.period, clock.side, clock.turn,
                                 clock.started_at, clock.budget, points, now)
            done += await self.direct.replace_reminders(clock, rows)
        return done

    async def points_for(self, session: Session, side: str | None) -> list[float]:
        """The reminder points of the player of ``side``: their own (``/notify
        remind:``) where they chose them, else the server's."""
        seat = session.seat_for_side(side) if side else None
        if seat is not None:
            own = (await self.direct.reminder_points([seat.user_id])).get(seat.user_id)
            if own:
                return sorted(own, reverse=True)
        return self.reminder_points()

    def plan(self, session: Session, tc: clocks.TimeControl, period: int, side: str | None,
             turn: int | None, started_at: float, budget: float, banks: dict[str, float],
             previous: dict[str, Any] | None, now: float,
             points: Sequence[float] | None = None) -> tuple[ClockState, list[ReminderRow]]:
        """The clock running for ``side`` from ``started_at`` with ``budget`` seconds, and
        its reminder rows (the points still ahead, then the time-up row).  ``points``:
        seconds before the deadline (``points_for``; None: the server's)."""
        if side is None or turn is None:
            return ClockState(period, None, None, None, None, None, banks, previous), []
        deadline = tc.deadline(started_at, budget)
        rows = reminder_rows(session.id, tc, period, side, turn, started_at, budget,
                             self.reminder_points() if points is None else points, now)
        forfeit = None
        others = [s.side for s in session.seats if s.side != side]
        if tc.forfeit and len(others) == 1:
            forfeit = outcome_text(timed_out(others[0], side))
        rows.append(ReminderRow(session.id, period, 0.0, turn, side, deadline, forfeit))
        return (ClockState(period, side, turn, started_at, budget, deadline, banks, previous),
                rows)

    async def handover(self, session: Session, after: Position, next_turn: int,
                       start: bool = False) -> Handover:
        """Statements that stop the running side's clock and start the next one's (or
        stop the clock when the game is over), and the clock they leave; no
        statements for a game without a clock."""
        row = await self.ctx.ledger.clock(session.id)
        if row is None:
            return Handover([])
        tc = clocks.parse_stored(row.control)
        if not tc.enabled:
            return Handover([], known=False)
        now = self.ctx.clock()
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
        state, reminders = self.plan(session, tc, row.period + 1, side, next_turn, now, budget,
                                     banks, previous, now, await self.points_for(session, side))
        return Handover(clock_statements(session.id, state, reminders, now), (tc, state))

    async def undo(self, session: Session, last: TurnEntry, now: float) -> list[Statement]:
        """Give the clock back to the mover with the time they had left when they moved;
        the opponent's time spent waiting is not charged."""
        row = await self.ctx.ledger.clock(session.id)
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
        state, reminders = self.plan(session, tc, row.period + 1, last.side, last.number,
                                     now, budget, banks, None, now,
                                     await self.points_for(session, last.side))
        return clock_statements(session.id, state, reminders, now)
