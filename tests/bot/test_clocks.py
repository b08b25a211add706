"""Time-control arithmetic: parsing, weekends, deadlines, formatting."""

from __future__ import annotations

import datetime as dt

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot import clocks
from bot.clocks import DAY, HOUR, TimeControlError, parse


def _utc(year: int, month: int, day: int, hour: int = 0) -> float:
    return dt.datetime(year, month, day, hour, tzinfo=dt.UTC).timestamp()


FRIDAY_NOON = _utc(2027, 1, 15, 12)  # a Friday
SATURDAY = _utc(2027, 1, 16)
MONDAY = _utc(2027, 1, 18)


def test_parse_and_canonical_text() -> None:
    assert parse("none") == clocks.NO_CLOCK and not parse("").enabled
    assert parse("3d").per_move == 3 * DAY and parse("3d").text == "3d"
    assert parse("1d12h").per_move == 36 * HOUR
    tc = parse("bank=7d, bonus=1d, cap=14d, weekends, forfeit")
    assert (tc.bank, tc.bonus, tc.cap, tc.weekends, tc.forfeit) == (7 * DAY, DAY, 14 * DAY,
                                                                     True, True)
    assert tc.text == "bank=7d,bonus=1d,cap=14d,weekends,forfeit"
    assert parse(tc.text) == tc


@pytest.mark.parametrize("text", ["3x", "0d", "bank=", "3d,bank=7d", "weekends", "foo=1d",
                                  "bank=7d,cap=1d", "3d,4d", "d"])
def test_bad_time_controls_say_what_is_wrong(text: str) -> None:
    with pytest.raises(TimeControlError):
        parse(text)


def test_bank_bonus_and_cap() -> None:
    tc = parse("bank=7d,bonus=1d,cap=8d")
    assert tc.initial() == 7 * DAY
    assert tc.after_move(5 * DAY) == 6 * DAY
    assert tc.after_move(7.5 * DAY) == 8 * DAY  # capped
    assert parse("2d").after_move(HOUR) == 2 * DAY  # per move: full time again


def test_weekends_are_not_charged() -> None:
    assert clocks.charged(FRIDAY_NOON, MONDAY + 12 * HOUR, weekends=True) == DAY
    assert clocks.charged(FRIDAY_NOON, MONDAY + 12 * HOUR) == 3 * DAY
    assert clocks.charged(SATURDAY, MONDAY, weekends=True) == 0
    assert clocks.deadline(FRIDAY_NOON, DAY, weekends=True) == MONDAY + 12 * HOUR
    assert clocks.deadline(SATURDAY + HOUR, HOUR, weekends=True) == MONDAY + HOUR
    assert clocks.deadline(FRIDAY_NOON, 12 * HOUR, weekends=True) == SATURDAY
    assert clocks.deadline(FRIDAY_NOON, 8 * DAY, weekends=True) == FRIDAY_NOON + 12 * DAY


@given(start=st.floats(0, 4e9), budget=st.floats(1, 60 * DAY))
def test_deadline_uses_exactly_the_budget(start: float, budget: float) -> None:
    end = clocks.deadline(start, budget, weekends=True)
    assert clocks.charged(start, end, weekends=True) == pytest.approx(budget, abs=1e-3)
    assert end >= start + budget


def test_format_duration() -> None:
    assert clocks.format_duration(2 * DAY + 4 * HOUR + 59) == "2d 4h"
    assert clocks.format_duration(5 * HOUR + 30 * 60) == "5h 30m"
    assert clocks.format_duration(3 * DAY) == "3d"
    assert clocks.format_duration(-5) == "0m"


# -- bounds: no clock value can make the arithmetic run for long -------------------------


def _deadline_in_subprocess(budget_days: float, seconds: float) -> None:
    """Run ``deadline`` in a child process so that a hang fails the test instead of it."""
    import subprocess
    import sys

    code = ("from bot import clocks; "
            f"clocks.deadline(1.8e9, {budget_days!r} * clocks.DAY, weekends=True)")
    subprocess.run([sys.executable, "-c", code], check=True, timeout=seconds)


def test_deadline_of_a_huge_weekend_budget_returns_at_once() -> None:
    # Used to step week by week: 10,000,000 days took seconds, 99999999999d never ended.
    _deadline_in_subprocess(99_999_999_999.0, 20)
    _deadline_in_subprocess(10_000_000.0, 20)


def test_deadline_skips_whole_weeks_exactly() -> None:
    weeks = 1000
    assert clocks.deadline(FRIDAY_NOON, weeks * 5 * DAY, weekends=True) == \
        FRIDAY_NOON + weeks * 7 * DAY
    assert clocks.deadline(SATURDAY, 5 * DAY, weekends=True) == MONDAY + 7 * DAY - 2 * DAY
    assert clocks.deadline(MONDAY, 5 * DAY, weekends=True) == SATURDAY + 7 * DAY


@given(start=st.floats(0, 4e9), budget=st.floats(0, 400 * DAY))
def test_deadline_is_the_earliest_moment_the_budget_is_used(start: float,
                                                            budget: float) -> None:
    end = clocks.deadline(start, budget, weekends=True)
    assert clocks.charged(start, end, weekends=True) == pytest.approx(budget, abs=1e-3)
    if budget > 1:  # a second earlier, less was charged
        assert clocks.charged(start, end - 1, weekends=True) < budget


@pytest.mark.parametrize("text", ["99999999999d", "366d", "bank=400d", "bank=7d,bonus=366d",
                                  "bank=7d,cap=9999d", "10000000d,weekends",
                                  "9" * 400 + "d", "365d1m"])
def test_clock_values_beyond_a_year_are_refused_clearly(text: str) -> None:
    with pytest.raises(TimeControlError, match="at most 365 days"):
        parse(text)


def test_a_year_is_still_allowed() -> None:
    assert parse("365d,weekends").per_move == 365 * DAY
    assert parse("bank=365d,bonus=365d,cap=365d").cap == 365 * DAY
    assert clocks.parse_duration("8760h") == 365 * DAY


def test_a_long_unit_less_number_is_refused_at_once() -> None:
    """Regression (fuzz): ``parse_duration`` searched again from every digit of a number
    with no unit, quadratic in its length (8,000 digits took 7.8 s)."""
    from bot.clocks import MAX_DURATION_TEXT, parse_duration

    for text in ("9" * 100_000, "1" * (MAX_DURATION_TEXT + 1), "x" * (MAX_DURATION_TEXT + 1)):
        for call in (parse_duration, parse):
            with pytest.raises(TimeControlError, match="too long"):
                call(text)
    assert parse_duration("1d12h30m") == DAY + 12 * HOUR + 30 * 60


def test_deadline_is_never_before_start_plus_budget_after_rounding() -> None:
    """Hypothesis found this: the week arithmetic rounded 0.3 µs early at 3e9 s."""
    assert clocks.deadline(3002572800.0, 1.28, weekends=True) >= 3002572800.0 + 1.28
