"""How a game ended, as data: ``Outcome`` (the winner or the placings, the points,
why as an ``EndReason`` and who resigned, ran out of time or fell silent).

The engines decide the endings on the board (their ``Result`` carries an outcome);
the service builds the others (a resignation, a claim, an abort, a time-out) from
typed values.  The storage keeps an outcome as JSON beside the result text, and
ratings, matches and the bot's words read it, never the text.

The text (``W wins 2``, ``B wins (W resigned)``, ``R wins; G 2nd``) stays what the
listing and a record's ``[Result]`` tag say.  ``outcome_text`` writes it from an
outcome; ``outcome_from_text`` is the one reader of it, kept for what only has the
text: a record's ``[Result]`` tag, a scheduled forfeit and the rows stored before
outcomes were (storage).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any


class EndReason(StrEnum):
    """Why a game ended.  The values are stored: never change one."""

    PLAYED = "played"  #: ended on the board; the listing read does not say how
    BORNE_OFF = "borne_off"  #: Hachapury: the winner bore off all 15
    MARS = "mars"  #: Hachapury: ... and the loser none (2 points)
    ALL_HOME = "all_home"  #: Chebache: all the winner's pieces in Finish
    KING_TRAPPED = "king_trapped"  #: Chebache: the loser's King trapped
    NO_PIECES = "no_pieces"  #: Chebache: a draw, no pieces left in play
    PLACINGS = "placings"  #: CheeseGambit: the colours placed as ``placings`` says
    REGION_CLOSED = "region_closed"  #: Che: a tile closed a region of one colour
    BOTH_CLOSED = "both_closed"  #: Che: both colours closed, so the mover lost
    TILES_OUT = "tiles_out"  #: Che: the tiles ran out (largest regions; maybe a draw)
    HOME_FIRST = "home_first"  #: a race won by bringing every piece home first (the toy)
    DRAW = "draw"  #: drawn, how not known (a record's ``draw``)
    RESIGNED = "resigned"  #: ``actor`` resigned the game
    RESIGNED_MATCH = "resigned_match"  #: ``actor`` resigned the whole match
    TIMEOUT = "timeout"  #: ``actor`` ran out of time (a claim or a forfeit)
    SILENT = "silent"  #: ``actor`` did not move for ``quiet`` seconds (nudges)
    ABORTED = "aborted"  #: abandoned (``actor``: who fell silent, if that was why)


#: The reasons that are not decided on the board: the position stays as it was,
#: with a side still to move (a match scores the stake it stood at:
#: bot/matches.py ``game_points``).  An engine never ends a game with one of these.
OFF_BOARD = frozenset({EndReason.RESIGNED, EndReason.RESIGNED_MATCH, EndReason.TIMEOUT,
                       EndReason.SILENT, EndReason.ABORTED})

#: CheeseGambit's place words in the result text (``R wins; G 2nd; B 3rd``).
_PLACES = {1: "wins", 2: "2nd", 3: "3rd", 4: "4th"}


@dataclass(frozen=True)
class Outcome:
    """A finished (or abandoned) game's ending.

    ``winner``: a side letter, None for a draw or an abort.  ``placings``: the sides
    placed, first to last (CheeseGambit; empty elsewhere).  ``points``: what the
    winner scored as the engine counts them (1 off the board).  ``actor``: the side
    that resigned, ran out of time or fell silent.  ``quiet``: how long it was silent
    (seconds, whole minutes)."""

    winner: str | None
    points: int
    reason: EndReason
    placings: tuple[str, ...] = ()
    actor: str | None = None
    quiet: int | None = None

    def to_json(self) -> str:
        data: dict[str, Any] = {"winner": self.winner, "points": self.points,
                                "reason": self.reason.value}
        if self.placings:
            data["placings"] = list(self.placings)
        if self.actor is not None:
            data["actor"] = self.actor
        if self.quiet is not None:
            data["quiet"] = self.quiet
        return json.dumps(data, sort_keys=True)

    @classmethod
    def from_json(cls, text: str) -> Outcome:
        """The outcome ``to_json`` wrote; ValueError on anything else."""
        data = json.loads(text)
        if not isinstance(data, Mapping):
            raise ValueError(f"an outcome is a JSON object, not {text[:40]!r}")
        winner, points, actor, quiet = (data.get("winner"), data.get("points"),
                                        data.get("actor"), data.get("quiet"))
        placings = data.get("placings", [])
        if winner is not None and not isinstance(winner, str) \
                or not isinstance(points, int) or isinstance(points, bool) \
                or actor is not None and not isinstance(actor, str) \
                or quiet is not None and not isinstance(quiet, int) \
                or not isinstance(placings, list) \
                or not all(isinstance(s, str) for s in placings):
            raise ValueError(f"malformed outcome {text[:80]!r}")
        return cls(winner, points, EndReason(str(data.get("reason"))), tuple(placings),
                   actor, quiet)


def resigned(winner: str, side: str, whole_match: bool = False) -> Outcome:
    return Outcome(winner, 1, EndReason.RESIGNED_MATCH if whole_match else EndReason.RESIGNED,
                   actor=side)


def timed_out(winner: str, side: str) -> Outcome:
    return Outcome(winner, 1, EndReason.TIMEOUT, actor=side)


def silent(winner: str | None, side: str, seconds: float) -> Outcome:
    """``side`` did not move for ``seconds``: the other wins, or (``winner`` None)
    the game is aborted.  Whole minutes are kept, as the text says them."""
    quiet = max(0, int(seconds // 60)) * 60
    if winner is None:
        return Outcome(None, 0, EndReason.ABORTED, actor=side, quiet=quiet)
    return Outcome(winner, 1, EndReason.SILENT, actor=side, quiet=quiet)


ABORTED = Outcome(None, 0, EndReason.ABORTED)


# -- the text -------------------------------------------------------------------------

def format_duration(seconds: float) -> str:
    """A short duration: ``2d 4h``, ``5h 30m``, ``12m``; never negative (the words a
    silent player's result uses; bot/clocks.py says every duration with it)."""
    minutes = max(0, int(seconds // 60))
    days, minutes = divmod(minutes, 24 * 60)
    hours, minutes = divmod(minutes, 60)
    if days:
        return f"{days}d {hours}h" if hours else f"{days}d"
    if hours:
        return f"{hours}h {minutes}m" if minutes else f"{hours}h"
    return f"{minutes}m"


def outcome_text(outcome: Outcome) -> str:
    """The result text for ``outcome`` (what the sessions row and ``[Result]`` hold)."""
    why = {
        EndReason.RESIGNED: f"{outcome.actor} resigned",
        EndReason.RESIGNED_MATCH: f"{outcome.actor} resigned the match",
        EndReason.TIMEOUT: f"{outcome.actor} ran out of time",
        EndReason.SILENT: f"{outcome.actor} did not move for "
                          f"{format_duration(outcome.quiet or 0)}",
    }.get(outcome.reason)
    if outcome.reason == EndReason.ABORTED:
        if outcome.actor is None:
            return "aborted"
        return f"aborted ({outcome.actor} did not move for {format_duration(outcome.quiet or 0)})"
    if outcome.placings:
        return "; ".join(f"{s} {_PLACES[i]}" for i, s in enumerate(outcome.placings, 1))
    if outcome.winner is None:
        return "draw"
    if why is not None:
        return f"{outcome.winner} wins ({why})"
    return f"{outcome.winner} wins" + (f" {outcome.points}" if outcome.points > 1 else "")


_WINS = re.compile(r"(?P<side>[A-Z]) wins(?: (?P<points>[0-9]{1,6}))?(?: \((?P<why>.*)\))?")
_WHY = re.compile(r"(?P<side>[A-Z]) (?:(?P<match>resigned the match)|(?P<resigned>resigned)"
                  r"|(?P<timeout>ran out of time)|did not move for (?P<quiet>[0-9dhm ]+))")
_PLACE = re.compile(r"(?P<side>[A-Z]) (?P<place>wins|[2-4](?:nd|rd|th))")
_DURATION = re.compile(r"([0-9]+)([dhm])")
_UNITS = {"d": 86400, "h": 3600, "m": 60}


def outcome_from_text(text: str | None) -> Outcome | None:
    """The outcome a result text states (``outcome_text``'s words, as every version of
    the bot wrote them); None for no text.  A played-out ending's text does not say
    how it came about (``EndReason.PLAYED``); a text not understood is an outcome
    with no winner (nobody is credited with a win the text does not state)."""
    text = (text or "").strip()
    if not text:
        return None
    if text.startswith("aborted"):
        found = _WHY.fullmatch(text[len("aborted"):].strip().removeprefix("(").removesuffix(")"))
        if found is not None and found["quiet"]:
            return Outcome(None, 0, EndReason.ABORTED, actor=found["side"],
                           quiet=_seconds(found["quiet"]))
        return ABORTED
    if text.startswith("draw"):
        return Outcome(None, 0, EndReason.DRAW)
    clauses = [c.strip() for c in text.split(";")]
    if len(clauses) > 1 or _PLACE.fullmatch(clauses[0]) and not _WINS.fullmatch(clauses[0]):
        places = [_PLACE.fullmatch(c) for c in clauses]
        placings = tuple(p["side"] for p in places if p is not None)
        if places[0] is None or places[0]["place"] != "wins":
            return Outcome(None, 0, EndReason.PLAYED, placings)
        # the text never said the stake: one point, as ratings have always counted it
        return Outcome(placings[0], 1, EndReason.PLACINGS, placings)
    won = _WINS.fullmatch(clauses[0])
    if won is None:
        return Outcome(None, 0, EndReason.PLAYED)
    points = int(won["points"] or 1)
    why = _WHY.fullmatch(won["why"] or "")
    if why is None:
        return Outcome(won["side"], points, EndReason.PLAYED)
    reason = (EndReason.RESIGNED_MATCH if why["match"] else EndReason.RESIGNED
              if why["resigned"] else EndReason.TIMEOUT if why["timeout"] else EndReason.SILENT)
    quiet = _seconds(why["quiet"]) if why["quiet"] else None
    return Outcome(won["side"], points, reason, actor=why["side"], quiet=quiet)


def _seconds(duration: str) -> int:
    return sum(int(n) * _UNITS[unit] for n, unit in _DURATION.findall(duration))
