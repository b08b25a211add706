"""Helpers for the Che tests."""

from __future__ import annotations

from games.base import Played
from games.che import ChePosition
from tests.narrow import narrow


def position_after(played: Played) -> ChePosition:
    """The Che position after ``played``."""
    return narrow(played.position, ChePosition)
