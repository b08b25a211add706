"""``boardbot replay GAME FILE``: check a record turn by turn.

Contract (architecture page): for each turn print the canonical record line,
then the position listing after it, and exit 0.  On the first illegal turn
print ``illegal turn <n><side>: <reason>`` and exit 1.  A malformed file exits
2 with the reason on standard error.
"""

from __future__ import annotations

import sys
from typing import TextIO

from bot.matches import is_match_record, replay_match
from games import GameError, Position, get_game
from games.messages import Message
from games.record import ActionLine, RecordFormatError, format_turn, parse_record

EXIT_OK, EXIT_ILLEGAL, EXIT_MALFORMED = 0, 1, 2


def replay(
    game_name: str, text: str, position_text: str | None = None,
    out: TextIO = sys.stdout, err: TextIO = sys.stderr,
) -> int:
    """Replay a record's text; returns the exit code.  A match record (one with a
    ``Match`` tag) replays every game and checks the score (bot/matches.py)."""
    if position_text is None and is_match_record(text):
        return replay_match(game_name, text, out, err)
    return replay_game(game_name, text, position_text, out, err)


def replay_game(
    game_name: str, text: str, position_text: str | None = None,
    out: TextIO = sys.stdout, err: TextIO = sys.stderr,
) -> int:
    """Replay one game's record; returns the exit code."""
    try:
        game = get_game(game_name)
    except GameError as exc:
        print(f"malformed: {exc}", file=err)
        return EXIT_MALFORMED
    try:
        record = parse_record(text, game.action_line)
        tagged = (record.tag("Game") or "").strip().lower()
        if tagged != game.name:
            raise RecordFormatError(Message.of("grec_game_tag", tag=record.tag("Game"),
                                               name=game.name))
        options = game.options_from_tags(record.tags)
        listing = position_text if position_text is not None else record.tag("Position")
        if listing is not None:
            position: Position = game.from_listing(listing, options)
        else:
            first = record.turns[0].side if record.turns and game.opening_throw else None
            position = game.initial(options, first)
    except GameError as exc:
        print(f"malformed: {exc}", file=err)
        return EXIT_MALFORMED

    expected_number: int | None = None if listing is not None else 1
    for turn in record.entries:
        if isinstance(turn, ActionLine):
            try:
                played = position.play_action(turn.text)
            except GameError as exc:
                print(f"illegal action on line {turn.line_number}: {exc}", file=out)
                return EXIT_ILLEGAL
            position = played.position
            print(played.record, file=out)
            print(position.listing(), file=out)
            continue
        label = f"{turn.number}{turn.side}"
        reason = _refusal(position, turn.number, turn.side, turn.dice, expected_number)
        if reason is None:
            try:
                played = position.play(turn.text, turn.dice)
            except GameError as exc:
                reason = str(exc)
        if reason is not None:
            print(f"illegal turn {label}: {reason}", file=out)
            return EXIT_ILLEGAL
        position = played.position
        expected_number = turn.number + 1
        print(format_turn(turn.number, turn.side, played.record), file=out)
        print(position.listing(), file=out)
    return EXIT_OK


def _refusal(
    position: Position, number: int, side: str, dice: tuple[int, ...], expected: int | None
) -> str | None:
    """Why a turn line cannot be played here before its moves are read, if it cannot."""
    if position.result is not None:
        return f"the game is already over ({position.result.text})"
    if expected is not None and number != expected:
        return f"turn number {number} should be {expected}"
    if side != position.side_to_move:
        return f"it is {position.side_to_move}'s turn, not {side}'s"
    needed = position.dice_count()
    if len(dice) != needed:
        return f"this turn needs {needed} dice, the line gives {len(dice)}"
    return None
