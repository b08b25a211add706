"""The computer's reasons (keys and values) as a player reads them in English."""

from __future__ import annotations

from bot.catalogue.hints import say_reason
from computer.reasons import Reason


def english(reason: Reason) -> str:
    """``reason`` in English, as ``/hint`` says it."""
    return say_reason("en", reason)
