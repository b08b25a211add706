"""Time controls for correspondence play: pure arithmetic, no I/O, no clock of its own.

A time control is written as comma-separated items (no spaces)::

    none                              no clock (the default)
    3d                                3 days for every move (units: d, h, m; ``1d12h``)
    bank=7d,bonus=1d,cap=14d          a bank of 7 days; each move adds 1 day; never above 14
    3d,weekends                       Saturday and Sunday (UTC) are not charged
    bank=7d,bonus=1d,forfeit          the game is lost automatically when the time runs out

Times are POSIX seconds (UTC).  ``charged(start, end)`` is how much of a player's
time an interval uses (weekends excluded when paused); ``deadline(start, budget)``
is the moment a budget that starts running at ``start`` is used up.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.catalogue import t
from games.outcome import format_duration as outcome_duration

DAY = 86400.0
HOUR = 3600.0
MINUTE = 60.0
WEEK = 7 * DAY
# 1970-01-01 was a Thursday: day 0 is Thursday, so Saturday is day 2 and Sunday day 3
# of every week counted from the epoch.
_WEEKEND_START = 2 * DAY
_WEEKEND_END = 4 * DAY

#: The longest value any clock item (time per move, bank, bonus, cap) or grant may take.
#: A year is far beyond any correspondence game's pace, yet it keeps every budget and
#: deadline a small float: a typo like ``99999999999d`` is refused instead of stored.
MAX_DURATION = 365 * DAY
_CHARGED_PER_WEEK = WEEK - (_WEEKEND_END - _WEEKEND_START)

#: The longest duration text read (``1d12h30m`` is 8); longer texts are refused unread.
MAX_DURATION_TEXT = 32

_UNITS = {"d": DAY, "h": HOUR, "m": MINUTE}
_DURATION = re.compile(r"(\d+(?:\.\d+)?)([dhm])")


class TimeControlError(ValueError):
    """A time-control text that cannot be read; the message says what is wrong (in
    English; ``said(lang)`` in the reader's language: bot/catalogue/clocks.py)."""

    def __init__(self, key: str, **values: object) -> None:
        super().__init__(t("en", key, **values))
        self.key = key
        self.values = values

    def said(self, lang: str) -> str:
        return t(lang, self.key, **self.values)


def parse_duration(text: str, limit: float | None = MAX_DURATION) -> float:
    """``2d``, ``36h``, ``1d12h``, ``90m`` -> seconds (at most ``limit``)."""
    body = text.strip().lower()
    if not body:
        raise TimeControlError("tc_empty")
    if len(body) > MAX_DURATION_TEXT:
        raise TimeControlError("tc_too_long", text=_shown(text))
    total, pos = 0.0, 0
    # match() anchored at pos, not finditer(): a search restarted at every digit of a long
    # unit-less number costs quadratic time.
    while pos < len(body) and (match := _DURATION.match(body, pos)) is not None:
        total += float(match.group(1)) * _UNITS[match.group(2)]
        pos = match.end()
    if pos != len(body):
        raise TimeControlError("tc_not_duration", text=text)
    if total <= 0:
        raise TimeControlError("tc_not_positive", text=text)
    if limit is not None and total > limit:
        raise TimeControlError("tc_too_much", text=_shown(text))
    return total


def _shown(text: str, limit: int = 24) -> str:
    """The value as quoted back to the player (a 400-digit number is shortened)."""
    body = text.strip()
    return body if len(body) <= limit else body[: limit - 1] + "…"


def format_duration(seconds: float) -> str:
    """A short human duration: ``2d 4h``, ``5h 30m``, ``12m``; never negative.  The
    words a silent player's stored result uses (games/outcome.py), so written there."""
    return outcome_duration(seconds)


def _compact(seconds: float) -> str:
    """Seconds as the parser reads them back (``1d12h``)."""
    parts, rest = [], int(round(seconds))
    for unit, size in (("d", 86400), ("h", 3600), ("m", 60)):
        count, rest = divmod(rest, size)
        if count:
            parts.append(f"{count}{unit}")
    return "".join(parts) or "1m"


@dataclass(frozen=True)
class TimeControl:
    """``per_move`` seconds for every move, or a ``bank`` with a ``bonus`` per move
    up to ``cap``; ``weekends``: Saturdays and Sundays (UTC) are free; ``forfeit``:
    running out loses the game without anybody claiming it."""

    per_move: float | None = None
    bank: float | None = None
    bonus: float = 0.0
    cap: float | None = None
    weekends: bool = False
    forfeit: bool = False

    @property
    def enabled(self) -> bool:
        return self.per_move is not None or self.bank is not None

    @property
    def text(self) -> str:
        """The canonical text (``parse(tc.text) == tc``)."""
        if not self.enabled:
            return "none"
        if self.per_move is not None:
            items = [_compact(self.per_move)]
        else:
            assert self.bank is not None
            items = [f"bank={_compact(self.bank)}"]
            if self.bonus:
                items.append(f"bonus={_compact(self.bonus)}")
            if self.cap is not None:
                items.append(f"cap={_compact(self.cap)}")
        if self.weekends:
            items.append("weekends")
        if self.forfeit:
            items.append("forfeit")
        return ",".join(items)

    def initial(self) -> float:
        """Each side's time when the game starts."""
        return self.per_move if self.per_move is not None else float(self.bank or 0.0)

    def after_move(self, left: float) -> float:
        """A side's time once it has moved with ``left`` seconds still on its clock."""
        if self.per_move is not None:
            return self.per_move
        total = max(0.0, left) + self.bonus
        return min(total, self.cap) if self.cap is not None else total

    def charged(self, start: float, end: float) -> float:
        return charged(start, end, self.weekends)

    def deadline(self, start: float, budget: float) -> float:
        return deadline(start, budget, self.weekends)


NO_CLOCK = TimeControl()


def parse(text: str | None, limit: float | None = MAX_DURATION) -> TimeControl:
    """Read a time control (see the module text); raises TimeControlError.  ``limit``
    bounds every value; ``None`` only for controls already stored (``parse_stored``)."""
    body = (text or "").strip().lower().replace(" ", "")
    if body in ("", "none", "off"):
        return NO_CLOCK
    per_move = bank = cap = None
    bonus = 0.0
    weekends = forfeit = False
    for item in body.split(","):
        key, eq, value = item.partition("=")
        if not eq:
            if item == "weekends":
                weekends = True
            elif item == "forfeit":
                forfeit = True
            elif per_move is None:
                per_move = parse_duration(item, limit)
            else:
                raise TimeControlError("tc_one_time")
        elif key == "bank":
            bank = parse_duration(value, limit)
        elif key == "bonus":
            bonus = parse_duration(value, limit)
        elif key == "cap":
            cap = parse_duration(value, limit)
        else:
            raise TimeControlError("tc_unknown_item", item=item)
    if per_move is not None and (bank is not None or bonus or cap is not None):
        raise TimeControlError("tc_both")
    if per_move is None and bank is None:
        raise TimeControlError("tc_neither")
    if cap is not None and bank is not None and cap < bank:
        raise TimeControlError("tc_cap")
    return TimeControl(per_move, bank, bonus, cap, weekends, forfeit)


def parse_stored(text: str | None) -> TimeControl:
    """A control read back from the database: games created before values were bounded
    keep their clock (the arithmetic is constant-time for any value)."""
    return parse(text, limit=None)


# -- weekend-aware arithmetic ----------------------------------------------------------


def _weekend_seconds_before(t: float) -> float:
    """Weekend seconds between the epoch and ``t`` (both UTC)."""
    weeks, rest = divmod(t, WEEK)
    inside = min(max(rest - _WEEKEND_START, 0.0), _WEEKEND_END - _WEEKEND_START)
    return weeks * (_WEEKEND_END - _WEEKEND_START) + inside


def charged(start: float, end: float, weekends: bool = False) -> float:
    """Seconds of a player's time used between ``start`` and ``end`` (0 if end <= start)."""
    if end <= start:
        return 0.0
    if not weekends:
        return end - start
    return (end - start) - (_weekend_seconds_before(end) - _weekend_seconds_before(start))


def deadline(start: float, budget: float, weekends: bool = False) -> float:
    """The earliest time ``t`` with ``charged(start, t) == budget``.

    With weekends paused this inverts the charged-time function directly: every
    week from the epoch charges exactly five days, so whole weeks are skipped in
    one division instead of stepping through them (constant time for any budget)."""
    if budget <= 0:
        return start
    if not weekends:
        return start + budget
    target = _charged_before(start) + budget
    weeks, rest = divmod(target, _CHARGED_PER_WEEK)
    base = weeks * WEEK
    end = base + rest
    if rest > _WEEKEND_START:  # lands after the weekend
        end += _WEEKEND_END - _WEEKEND_START
    # Paused time only adds: never earlier than start + budget (the sums above round
    # in the last bit at times around 3e9 s).
    return max(end, start + budget)


def _charged_before(t: float) -> float:
    """Charged (weekday) seconds between the epoch and ``t``."""
    return t - _weekend_seconds_before(t)
