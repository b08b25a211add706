"""The game record file the bot exports (what ``replay`` and ``verify`` read)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence

from games import Game, get_game
from games.base import TurnKind
from games.record import format_tag
from storage.models import Session, TurnEntry


def opening_text(session: Session) -> str:
    """The opening-throw rounds as the ``Opening`` tag writes them: ``4 4, 2 6``."""
    return ", ".join(" ".join(str(d) for d in r) for r in session.opening)


def record_text(session: Session, turns: list[TurnEntry], hinted: Sequence[str] = (),
                extra_tags: Sequence[tuple[str, str]] = (),
                marks: Mapping[int, str] | None = None) -> str:
    """The whole record: tags, then one line a turn.  The seed appears only once
    the game is over (commit-reveal).  ``hinted``: the players who used a hint
    (``[Hints "alice"]``, so ratings can leave the game out).  ``extra_tags``
    follow the options (a match game's ``Match``, ``Score``...: bot/matches.py).
    ``marks``: an analysis' marks by turn number (``?!``, ``?``, ``??``: computer/
    analysis.py), written after their turns' lines (``replay`` reads and ignores them)."""
    game = get_game(session.game)
    tags: list[tuple[str, str]] = [("Game", session.game)]
    for info in game.sides(session.options):
        seat = session.seat_for_side(info.letter)
        if seat is not None:
            tags.append((info.tag, seat.name))
    defaults = game.normalise_options({})
    for name, value in sorted(session.options.items()):
        if defaults.get(name) != value:
            tags.append((name.capitalize(), value))
    tags += extra_tags
    date = dt.datetime.fromtimestamp(session.created_at, dt.UTC).strftime("%Y.%m.%d")
    tags += [("Date", date), ("Session", str(session.id)), ("SeedHash", session.seed_hash)]
    if session.opening:
        tags.append(("Opening", opening_text(session)))
    if not session.live:
        tags.append(("Seed", session.seed))
    if session.result:
        tags.append(("Result", session.result))
    if hinted:
        tags.append(("Hints", ", ".join(hinted)))
    lines = [format_tag(name, value) for name, value in tags]
    lines += record_lines(turns, game, marks or {})
    return "\n".join(lines) + "\n"


def record_lines(turns: list[TurnEntry], game: Game,
                 marks: Mapping[int, str] | None = None) -> list[str]:
    """The log as record lines: an 'amend' entry (an answer that belongs to the turn
    before it) completes that line, joined the game's way (``Game.join_action``); a
    turn's mark (``marks`` by turn number) ends its line, after what was joined."""
    lines: list[str] = []
    marked: dict[int, str] = {}
    for entry in turns:
        if entry.kind == TurnKind.AMEND and lines:
            lines[-1] = game.join_action(lines[-1], entry.record)
        else:
            lines.append(entry.line)
            if entry.kind == TurnKind.TURN and marks and entry.number in marks:
                marked[len(lines) - 1] = marks[entry.number]
    for index, mark in marked.items():
        lines[index] = f"{lines[index]} {mark}"
    return lines
