"""Why a game ended, in the reader's language, with the players' names.

An engine says why as data: a ``Won`` event's ``why`` (games/events.py), a message
of ``why_*`` codes whose side letters are the values named ``player``.  ``why_in``
names those players and says the message from its codes (the Russian templates
are with the engines' other codes, bot/catalogue/engine.py), so nothing here reads
an engine's English; rows stored before reasons were data are read back into codes
by games/legacy.py.

A session's stored result is told from its outcome (games/outcome.py) by key
(bot/service/texts.py), with the off-board ``why_*`` and ``result_*`` templates
below, which no engine says."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from bot.catalogue.engine import error_in
from games.messages import Message

EN: dict[str, str] = {
    "why_resigned_match": "{player} resigned the match",
    "why_silent": "{player} did not move for {quiet}",
    "why_aborted": "aborted",
    "why_aborted_silent": "aborted ({player} did not move for {quiet})",
    # a result's placings (bot/service/texts.py ``result_named``): ``G 2nd``, the
    # place said by the narration's ``place_N``
    "result_placed": "{player} {place}",
}

RU: dict[str, str] = {
    "why_resigned_match": "{player} сдаёт матч",
    "why_silent": "{player} не ходит уже {quiet}",
    "why_aborted": "партия прервана",
    "why_aborted_silent": "партия прервана ({player} не ходит уже {quiet})",
    "result_placed": "{player}: {place}",
}


def why_in(why: Message | None, lang: str, name: Callable[[str], str] = str) -> str:
    """``why`` in ``lang``, each side letter given as ``player`` said by ``name``
    (a player's name; the letter itself where the side has none); '' for None."""
    if why is None:
        return ""
    return error_in(_named(why, name), lang)


def _named(message: Message, name: Callable[[str], str]) -> Message:
    values = tuple(
        (key, _named(value, name) if isinstance(value, Message)
         else name(value) if key == "player" and isinstance(value, str) else value)
        for key, value in message.values)
    return replace(message, values=values)
