"""The service's wording: status lines, who is who, option and clock phrases, HELP.

Plain functions of sessions and positions (no store, no I/O), so every part of the
service words things the same way and a wording change is made in one place.
Game-specific words come from the game (``Game``/``Position``), never from here.
"""

from __future__ import annotations

import re

from bot import clocks
from bot.computer_seats import is_computer_seat
from bot.narration import Cast, named_reason, narrate
from games import Position, get_game
from games.base import Game
from games.events import events_from_json
from games.notation import format_dice
from storage import NewTurn, Session, SessionStatus, TurnEntry, TurnKind

HELP = """**Commands**
`/new GAME @opponent [option=value ...]` challenge someone (games: {games})
`/new GAME` with nobody named opens a lobby: others `/join` (`/decline` gives the seat
up again), the host `/start`s or `/abort`s it
`/accept`, `/decline` answer a challenge, a taunt (accept or drop) or a vote (yes or no)
`/move TEXT` play your turn, e.g. `/move 24/18 24/19` (the dice are rolled for you)
`/board` show the board, `/legal` list legal turns, `/record` the game record file
`/resign` give up (asks first), `/abort` cancel before the first turn (moderators: any time)
`/rules GAME` rules and notation, `/learn GAME` a guided first lesson, `/games` games here
`/new ... time=3d` (or `time=bank=7d,bonus=1d,cap=14d`) play with a clock; `/mygames` your games
`/claim` win when the opponent's time is up, `/grant 2d` give them more time
`/takeback` ask to undo your last turn (the opponent allows or refuses), `/preview TEXT` try a turn
`/new hachapury @bob match=7` a match to 7 points (Hachapury, two-player CheeseGambit)
`/new GAME @boardbot level=hard` play the computer (easy, normal, hard); `/hint` a good turn
`/notify mention|dm|none` how you are reminded that it is your turn"""

NOTIFY_SAID = {"mention": "mentioned in the game's channel", "dm": "sent a direct message",
               "none": "not reminded"}

#: A listing that fits one Discord message (2,000 characters) with room to spare.
LIST_BUDGET = 1900
LIST_MAX_ROWS = 25


def colour(game: Game, session: Session, side: str) -> str:
    """The side's colour as the game names it (``White``), or the letter."""
    for info in game.sides(session.options):
        if info.letter == side:
            return info.colour
    return side


def who(session: Session, side: str) -> str:
    """``White (alice)``: the side's colour and its player."""
    seat = session.seat_for_side(side)
    named = colour(get_game(session.game), session, side)
    return f"{named} ({seat.name})" if seat else named


def names(session: Session) -> dict[str, str]:
    return {seat.side: seat.name for seat in session.seats}


def status_line(session: Session, position: Position, left: str = "") -> tuple[str, list[str]]:
    """Who is to move (with the dice and ``left``, the time left) or the result,
    and whom to mention."""
    if session.status == SessionStatus.FINISHED or position.result is not None:
        return ending(session, position), []
    side = position.side_to_move
    if side is None:
        return "", []
    if position.action_due():
        seats = [session.seat_for_side(s) for s in position.actors()]
        ids = [seat.user_id for seat in seats if seat and not is_computer_seat(seat.user_id)]
        waiting = ", ".join(who(session, s) for s in position.actors())
        choices = " or ".join(f"`{c}`" for c in position.action_choices())
        pings = " ".join(f"<@{i}>" for i in ids)
        return f"Waiting for {waiting} to answer: {choices}{left}. {pings}", ids
    seat = session.seat_for_side(side)
    dice = f" with {format_dice(session.dice)}" if session.dice else ""
    mention = seat.user_id if seat and not is_computer_seat(seat.user_id) else None
    ping = f"<@{mention}>" if mention else ("thinking…" if seat else side)
    return (f"{who(session, side)} to move{dice}{left}. {ping}",
            [mention] if mention else [])


def ending(session: Session, position: Position) -> str:
    """How the game ended, in words: the winner by name and colour, the points,
    why (when the stored result says, e.g. a resignation) and after how many turns."""
    turns = max(0, session.next_turn - 1)
    after = f" after {turns} turn{'s' if turns != 1 else ''}" if turns else ""
    result = position.result
    stored = session.result or (result.text if result else "")
    winner = result.winner if result else None
    points = result.points if result else 1
    why = ""
    match = _RESULT.fullmatch(stored.strip())
    if match:  # "W wins", "W wins 2", "W wins (B resigned)"
        winner = match["side"]
        points = int(match["points"] or points)
        why = _named(match["why"] or "", session)
    if winner is None:
        return f"**Game over**{after}: {stored or 'draw'}."
    won = f"wins {points} points" if points > 1 else "wins"
    reason = f" ({why})" if why else ""
    return f"**Game over**{after}: **{who(session, winner)}** {won}{reason}."


_RESULT = re.compile(r"(?P<side>[A-Z]) wins(?: (?P<points>[0-9]{1,4}))?(?: \((?P<why>.*)\))?")


def _named(text: str, session: Session) -> str:
    """Side letters standing alone replaced by players' names."""
    return named_reason(text, Cast(names(session)))


def left_text(tc: clocks.TimeControl, side: str | None, started_at: float | None,
              budget: float | None, now: float) -> str:
    """`` — 2d 4h left`` for a running clock ('' when none runs)."""
    if side is None or started_at is None:
        return ""
    left = (budget or 0.0) - tc.charged(started_at, now)
    if left <= 0:
        return " — time is up"
    paused = " (clock paused for the weekend)" if tc.weekends and is_weekend(now) else ""
    return f" — {clocks.format_duration(left)} left{paused}"


def is_weekend(now: float) -> bool:
    return clocks.charged(now, now + 1, weekends=True) == 0


def uses_dice(session: Session) -> bool:
    """Whether the game throws dice at all (a game without: no seed to show)."""
    game = get_game(session.game)
    return game.opening_throw or game.initial(session.options).dice_count() > 0


def seed_note(session: Session) -> str:
    """The revealed seed, for games with dice, once the game has ended."""
    if not uses_dice(session):
        return ""
    return (f" Dice seed revealed: `{session.seed}`. How to check every throw: save the "
            f"game record (attached, or `/record`) and run `python -m bot verify FILE`.")


def commitment_note(session: Session) -> str:
    """The seed's hash, published at the start of a game with dice."""
    if not uses_dice(session):
        return "\n"
    return (f"Dice commitment (SHA-256 of the secret seed, revealed at the end): "
            f"`{session.seed_hash}`\n")


def entry_text(entry: NewTurn, session: Session | None = None, lang: str = "en") -> str:
    """A logged entry as reply lines: what happened in words with the players'
    names (from its events, when ``session`` says who is who), then the record
    line in small type for experts; a bot-played turn is a forced pass."""
    if entry.kind == TurnKind.LINE:
        notation = f"`{entry.record}`"
    elif entry.kind == TurnKind.AMEND:
        notation = f"**{entry.side}** answers: `{entry.record}`"
    else:
        passed = " (no legal move: passed)" if entry.actor == "bot" else ""
        notation = f"**{entry.number}{entry.side}:** `{entry.record}`{passed}"
    told = told_in_words(entry, session, lang) if session is not None else ""
    return f"{told}\n-# {notation}" if told else notation


def result_named(session: Session) -> str:
    """The stored result with players' names for side letters (``alice wins 2``)."""
    return _named(session.result or "no result", session)


def told_in_words(entry: NewTurn | TurnEntry, session: Session, lang: str = "en") -> str:
    """The entry narrated from its events (bot/narration.py); '' without events."""
    if not entry.events:
        return ""
    events = events_from_json(entry.events)
    game = get_game(session.game)
    cast = Cast(names(session), {info.letter: info.colour for info in game.sides(session.options)},
                session.game, lang)
    return narrate(events, cast, entry.dice if entry.kind == TurnKind.TURN else ())


def clock_text(control: str) -> str:
    return f" with a clock ({control})" if control != "none" else ""


def listed(header: str, rows: list[str]) -> str:
    """``header`` and as many ``rows`` as fit (at most 25 and ``LIST_BUDGET``
    characters), then "… and N more" for the rest."""
    shown: list[str] = []
    used = len(header)
    for index, row in enumerate(rows):
        rest = len(rows) - index
        tail = len(f"\n… and {rest} more.") if rest > 1 else 0
        if index == LIST_MAX_ROWS or used + 1 + len(row) + tail > LIST_BUDGET:
            return "\n".join([header, *shown, f"… and {rest} more."])
        shown.append(row)
        used += 1 + len(row)
    return "\n".join([header, *shown])


def game_gone(session: Session) -> str:
    """Why an answer button of ``session`` does nothing: the game is not under way."""
    if session.status == SessionStatus.CHALLENGE:
        return "That game has not started yet. Nothing was changed."
    if session.status == SessionStatus.FINISHED:
        return f"That game is over ({session.result}). Nothing was changed."
    if session.status == SessionStatus.ABORTED:
        return "That game was aborted. Nothing was changed."
    return "That game never started. Nothing was changed."


def rematch_gone(latest: Session) -> str:
    """Why a rematch button of an older game does nothing: ``latest`` came since."""
    if latest.status in (SessionStatus.CHALLENGE, SessionStatus.ACTIVE):
        return ("A new game has already been offered or started here since that game "
                "(the rematch may be it): see `/board`. Nothing was changed.")
    if latest.status in (SessionStatus.DECLINED, SessionStatus.EXPIRED, SessionStatus.ABORTED):
        return (f"That rematch offer was already used: the new challenge was "
                f"{latest.status}. Challenge again with `/new`.")
    return ("That rematch offer is for an older game: a later game has finished here "
            "since (use its own Rematch button). Nothing was changed.")
