"""The service's wording: status lines, who is who, option and clock phrases, HELP.

Plain functions of sessions and positions (no store, no I/O), so every part of the
service words things the same way and a wording change is made in one place.
Game-specific words come from the game (``Game``/``Position``), never from here.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import replace

from bot import clocks
from bot.catalogue import has, t
from bot.catalogue.reasons import why_in
from bot.computer_seats import is_computer_seat
from bot.narration import Cast, narrate
from bot.replies import quiet_name
from bot.service.turn_events import parsed_events
from games import Position, get_game
from games.base import Game
from games.events import Won
from games.messages import PLACE_CODES, parts_of, why_parts
from games.notation import format_dice
from games.outcome import EndReason, Outcome, outcome_text
from renderer.context import Ending
from renderer.words import colour_of
from storage import NewTurn, Session, SessionStatus, TurnEntry, TurnKind

# HELP and NOTIFY_SAID moved to the catalogue (bot/catalogue/views.py: "help", "notify_*").

#: A listing that fits one Discord message (2,000 characters) with room to spare.
LIST_BUDGET = 1900
LIST_MAX_ROWS = 25


def colour(game: Game, session: Session, side: str, lang: str) -> str:
    """The side's colour as the game names it (``White``), in ``lang``
    channel's), or the letter."""
    for info in game.sides(session.options):
        if info.letter == side:
            return colour_word(info.colour, lang)
    return side


def colour_word(english: str, lang: str) -> str:
    """A colour the game names in English (``White``) in ``lang``."""
    key = f"colour_{english}"
    return t(lang, key) if has(key) else english


def noun(english: str, lang: str) -> str:
    """A game's word for a question (``taunt``, ``vote``) in ``lang``."""
    key = f"noun_{english}"
    return t(lang, key) if has(key) else english


def answer_label(choice: str, lang: str) -> str:
    """An answer button's label (``accept`` -> Accept; Russian: Принять)."""
    key = f"answer_{choice}"
    return t(lang, key) if has(key) else choice.capitalize()


def who(session: Session, side: str, lang: str) -> str:
    """``White (alice)``: the side's colour and its player, in ``lang``
    channel's; refusals pass the user's)."""
    seat = session.seat_for_side(side)
    named = colour(get_game(session.game), session, side, lang)
    return t(lang, "who", colour=named, name=seat.name) if seat else named


def names(session: Session) -> dict[str, str]:
    return {seat.side: seat.name for seat in session.seats}


def status_line(session: Session, position: Position, left: str = "", *, lang: str
                ) -> tuple[str, list[str]]:
    """Who is to move (with the dice and ``left``, the time left) or the result,
    and whom to mention."""
    if session.status == SessionStatus.FINISHED or position.result is not None:
        return ending(session, position, lang), []
    side = position.side_to_move
    if side is None:
        return "", []
    if position.action_due():
        seats = [session.seat_for_side(s) for s in position.actors()]
        ids = [seat.user_id for seat in seats if seat and not is_computer_seat(seat.user_id)]
        waiting = ", ".join(who(session, s, lang) for s in position.actors())
        choices = t(lang, "or").join(f"`{c}`" for c in position.action_choices())
        pings = " ".join(f"<@{i}>" for i in ids)
        return t(lang, "waiting_for", waiting=waiting, choices=choices, left=left,
                           pings=pings), ids
    seat = session.seat_for_side(side)
    dice = t(lang, "with_dice", dice=format_dice(session.dice)) if session.dice else ""
    mention = seat.user_id if seat and not is_computer_seat(seat.user_id) else None
    ping = f"<@{mention}>" if mention else (t(lang, "thinking") if seat else side)
    return (t(lang, "to_move", who=who(session, side, lang), dice=dice, left=left, ping=ping),
            [mention] if mention else [])


def turns_played(session: Session) -> int:
    """How many turns the game has had: the number of the last turn played.  Every
    count of a game's turns says this one (the ending, /history, /replay, ratings),
    never the log's entries, which also hold answers to taunts and votes."""
    return max(0, session.next_turn - 1)


def outcome_of(session: Session, position: Position) -> Outcome | None:
    """How the game ended: the position's own result when it was played out (the
    engine's points and placings), else the stored outcome (an ending off the board:
    a resignation, a time-out, an abort)."""
    if position.result is not None:
        return position.result.outcome
    return session.outcome


def why_words(ended: Outcome, session: Session, lang: str) -> str:
    """Why a game ended off the board, in ``lang`` with players' names (``bob
    resigned``, ``aborted (bob did not move for 3d)``); '' for an ending on the board
    (its turn's narration tells it)."""
    player = _name(ended.actor or "", session)
    quiet = duration(ended.quiet or 0, lang)
    if ended.reason == EndReason.ABORTED:
        said = t(lang, "why_aborted_silent", player=player, quiet=quiet) if ended.actor \
            else t(lang, "why_aborted")
    elif ended.reason == EndReason.SILENT:
        said = t(lang, "why_silent", player=player, quiet=quiet)
    elif ended.reason in _WHY_KEYS:
        said = t(lang, _WHY_KEYS[ended.reason], player=player)
    else:
        return ""
    return said


#: The off-board endings said by a key that names only the player.
_WHY_KEYS = {EndReason.RESIGNED: "reason_resigned",
             EndReason.RESIGNED_MATCH: "why_resigned_match",
             EndReason.TIMEOUT: "reason_timeout"}


def _no_winner_words(ended: Outcome | None, session: Session, lang: str) -> str:
    """A game nobody won, in words: aborted (and why) or drawn."""
    if ended is not None and ended.reason == EndReason.ABORTED:
        return why_words(ended, session, lang)
    return t(lang, "why_draw")


def ending(session: Session, position: Position, lang: str) -> str:
    """How the game ended, in words: the winner by name and colour, the points,
    why (an ending off the board, e.g. a resignation) and after how many turns."""
    turns = turns_played(session)
    after = t(lang, "after_turns", turns=turns) if turns else ""
    ended = outcome_of(session, position)
    if ended is None or ended.winner is None:
        return t(lang, "game_over", after=after,
                           result=_no_winner_words(ended, session, lang))
    points = ended.points
    won = t(lang, "won_points", points=points) if points > 1 else t(lang, "won")
    why = why_words(ended, session, lang)
    reason = f" ({why})" if why else ""
    return t(lang, "game_over_won", after=after, who=who(session, ended.winner, lang), won=won,
                       reason=reason)


def board_ending(session: Session, position: Position, lang: str, won: Won | None = None
                 ) -> Ending | None:
    """How a finished game ended, for its picture (renderer ``Ending``): who won
    and why.  A resignation, a timeout, a claim or an abort stores its result (and
    why) on the session but leaves the position as it was, with a side still to
    move; an ending on the board gives its why in the last entry's ``Won`` event
    (``won``).  None while the game runs."""
    if session.status == SessionStatus.ACTIVE:
        return None
    result = position.result
    stored = session.outcome
    if result is None and (stored is None or stored.winner is None):  # an abort
        said = _no_winner_words(stored, session, lang) if stored is not None else ""
        return Ending(None, 0, "", said) if said else None
    off_board = why_words(stored, session, lang) if stored is not None else ""
    if off_board:
        reason = off_board
    elif won is not None:
        # the position's own result says who won (CheeseGambit's placings): the
        # turn's reason, told in ``lang``, without the placings it repeats
        parts = [part for part in parts_of(won.why) if result is None
                 or part.code not in _PLACED] if won.why is not None else []
        reason = why_in(why_parts(*parts), lang, lambda side: _name(side, session)) \
            if parts else ""
    else:
        reason = ""
    if result is not None:
        return Ending(result.winner, result.points, result.text, reason)
    assert stored is not None and stored.winner is not None
    return Ending(stored.winner, max(1, stored.points),
                  outcome_text(replace(stored, reason=EndReason.PLAYED, actor=None)), reason)


#: The codes of a place in a result (``R wins``, ``G 2nd``): what a result's own
#: words say already.
_PLACED = frozenset(PLACE_CODES.values())


def _name(side: str, session: Session) -> str:
    """A side letter as its player's name, or the letter where the seat has none; a
    name that looks like a mention is shown so that it neither pings nor looks like one
    (results are posted in notices whose text names players)."""
    return quiet_name(names(session).get(side) or side)


def left_text(tc: clocks.TimeControl, side: str | None, started_at: float | None,
              budget: float | None, now: float, lang: str) -> str:
    """`` — 2d 4h left`` for a running clock ('' when none runs)."""
    if side is None or started_at is None:
        return ""
    left = (budget or 0.0) - tc.charged(started_at, now)
    if left <= 0:
        return t(lang, "time_is_up")
    paused = t(lang, "weekend_pause") if tc.weekends and is_weekend(now) else ""
    return t(lang, "time_left", duration=duration(left, lang), paused=paused)


def duration(seconds: float, lang: str) -> str:
    """``clocks.format_duration`` (``2d 4h``) with the units of ``lang``
    channel's): ``2 д 4 ч`` in Russian."""
    text = clocks.format_duration(seconds)
    if lang == "en":
        return text
    return re.sub(r"(\d+)([dhm])", lambda m: f"{m[1]} {t(lang, 'unit_' + m[2])}", text)


def is_weekend(now: float) -> bool:
    return clocks.charged(now, now + 1, weekends=True) == 0


def uses_dice(session: Session) -> bool:
    """Whether the game throws dice at all (a game without: no seed to show)."""
    game = get_game(session.game)
    return game.opening_throw or game.initial(session.options).dice_count() > 0


def seed_note(session: Session, lang: str) -> str:
    """The revealed seed, for games with dice, once the game has ended."""
    if not uses_dice(session):
        return ""
    return t(lang, "seed_note", seed=session.seed)


def commitment_note(session: Session, lang: str) -> str:
    """The seed's hash, published at the start of a game with dice."""
    if not uses_dice(session):
        return "\n"
    return t(lang, "commitment", hash=session.seed_hash)


def entry_text(entry: NewTurn | TurnEntry, session: Session | None, lang: str) -> str:
    """A logged entry as reply lines: what happened in words with the players'
    names (from its events, when ``session`` says who is who), then the record
    line in small type for experts; a bot-played turn is a forced pass.  ``lang``:
    the reader's."""
    if entry.kind == TurnKind.LINE:
        notation = f"`{entry.record}`"
    elif entry.kind == TurnKind.AMEND:
        notation = t(lang, "answers", side=entry.side, record=entry.record)
    else:
        passed = t(lang, "passed") if entry.actor == "bot" else ""
        notation = f"**{entry.number}{entry.side}:** `{entry.record}`{passed}"
    told = told_in_words(entry, session, lang) if session is not None else ""
    return f"{told}\n-# {notation}" if told else notation


def result_named(session: Session, lang: str) -> str:
    """The stored result with players' names for side letters (``alice wins 2``), in
    ``lang``."""
    ended = session.outcome
    if ended is None:
        return t(lang, "no_result")
    if ended.winner is None:
        return _no_winner_words(ended, session, lang)
    if ended.placings:  # "alice wins; bob 2nd; carol 3rd"
        return "; ".join(
            t(lang, "why_wins", player=_name(side, session)) if place == 1
            else t(lang, "result_placed", player=_name(side, session),
                   place=t(lang, f"place_{place}") if place < 4 else t(lang, "place_n", n=place))
            for place, side in enumerate(ended.placings, 1))
    player = _name(ended.winner, session)
    won = t(lang, "result_won_points", player=player, points=ended.points) \
        if ended.points > 1 else t(lang, "result_won", player=player)
    why = why_words(ended, session, lang)
    return won + (f" ({why})" if why else "")


def told_in_words(entry: NewTurn | TurnEntry, session: Session, lang: str
                  ) -> str:
    """The entry narrated from its events (bot/narration.py); '' without events."""
    if not entry.events:
        return ""
    events = parsed_events(entry.events)
    cast = cast_of(session, lang)
    return narrate(events, cast, entry.dice if entry.kind == TurnKind.TURN else ())


def cast_of(session: Session, lang: str) -> Cast:
    """Who is who in ``session``, for telling its turns in ``lang``."""
    return sides_cast(session.game, session.options, names(session), lang)


def sides_cast(game_name: str, options: Mapping[str, str], named: Mapping[str, str],
               lang: str, you: str = "") -> Cast:
    """A ``Cast`` of the game's sides: ``named`` players, every side's colour word
    (and its genitive, for a side known only by colour: "фишку синих")."""
    sides = get_game(game_name).sides(options)
    return Cast(named, {info.letter: colour_word(info.colour, lang) for info in sides},
                game_name, lang, you=you,
                colours_of={info.letter: colour_of(lang, info.colour).lower()
                            for info in sides})


def clock_text(control: str, lang: str) -> str:
    return t(lang, "with_clock", control=control) if control != "none" else ""


def listed(header: str, rows: list[str], lang: str) -> str:
    """``header`` and as many ``rows`` as fit (at most 25 and ``LIST_BUDGET``
    characters), then "… and N more" for the rest."""
    shown: list[str] = []
    used = len(header)
    for index, row in enumerate(rows):
        rest = len(rows) - index
        tail = len("\n" + t(lang, "more_rows", rest=rest)) if rest > 1 else 0
        if index == LIST_MAX_ROWS or used + 1 + len(row) + tail > LIST_BUDGET:
            return "\n".join([header, *shown, t(lang, "more_rows", rest=rest)])
        shown.append(row)
        used += 1 + len(row)
    return "\n".join([header, *shown])


def game_gone(session: Session, lang: str) -> str:
    """Why an answer button of ``session`` does nothing: the game is not under way."""
    if session.status == SessionStatus.CHALLENGE:
        return t(lang, "game_gone_challenge")
    if session.status == SessionStatus.FINISHED:
        return t(lang, "game_gone_finished", result=result_named(session, lang))
    if session.status == SessionStatus.ABORTED:
        return t(lang, "game_gone_aborted")
    return t(lang, "game_gone_never")


def rematch_gone(latest: Session, lang: str) -> str:
    """Why a rematch button of an older game does nothing: ``latest`` came since."""
    if latest.status in (SessionStatus.CHALLENGE, SessionStatus.ACTIVE):
        return t(lang, "rematch_taken")
    if latest.status in (SessionStatus.DECLINED, SessionStatus.EXPIRED, SessionStatus.ABORTED):
        return t(lang, "rematch_used", status=t(lang, f"status_{latest.status}"))
    return t(lang, "rematch_older")
