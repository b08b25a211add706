"""Seats the tests know are there (``Session.seat_of``/``seat_for_side`` say None for
a stranger or a side nobody holds), asserted rather than assumed."""

from __future__ import annotations

from storage import Seat, Session


def seat_of_side(session: Session, side: str | None) -> Seat:
    """The seat playing ``side`` in ``session``."""
    seat = session.seat_for_side(side or "")
    assert seat is not None, (side, session.seats)
    return seat


def seat_of_user(session: Session, user_id: str) -> Seat:
    """``user_id``'s seat in ``session``."""
    seat = session.seat_of(user_id)
    assert seat is not None, (user_id, session.seats)
    return seat
