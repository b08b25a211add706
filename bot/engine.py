"""``python -m bot engine GAME [--level L] [--option NAME=VALUE ...] [--seed N]``:
the computer as a line protocol, for tools and tests (in the manner of a chess
engine protocol).

Each line on standard input is a request: a position listing in the game's
design-page form (a side's entries in any order), then, for a game with dice,
`` | D1 D2``: the dice of the side to move.  Each request gets one line on
standard output, flushed at once:

- the chosen turn exactly as ``play``/``replay`` accept it for that position and
  those dice, with `` T@X`` appended when the engine taunts;
- when the listing shows a pending taunt or vote: the answer of the side that
  must answer first (``accept``/``drop``, ``yes``/``no``); an answer takes no
  dice, so dice sent with it (a tool sending the next throw) are ignored;
- ``error: <what is wrong>`` for a line it cannot use; the loop goes on.

It ends at the end of input.  Options are the game's ``/new`` options.  The
computer thinks in this process, within the level's budget.
"""

from __future__ import annotations

import argparse
import sys
from typing import TextIO

from computer import Choice, Level, Request, answer_question, decide
from games import GameError, get_game
from games.base import Dice, Game, Position


class BadRequest(ValueError):
    """A request line the engine cannot use (its text follows ``error: ``)."""


def parse_request(game: Game, options: dict[str, str], line: str
                  ) -> tuple[Position, Dice]:
    """A request line -> the position and the dice of the side to move."""
    text = line.strip()
    if not text:
        raise BadRequest("empty request: write a position listing"
                         + (" then ` | D1 D2`" if _has_dice(game, options) else ""))
    listing, bar, dice_text = text.partition("|")
    try:
        position = game.from_listing(listing.strip(), options)
    except GameError as exc:
        raise BadRequest(f"cannot read the position: {exc}") from exc
    except Exception as exc:  # noqa: BLE001 - a parser fault is still the line's problem
        raise BadRequest(f"cannot read the position ({type(exc).__name__}: {exc})") from exc
    if position.result is not None:
        raise BadRequest(f"the game is over ({position.result.text}): nothing to play")
    if position.action_due():
        # An answer takes no dice, but a tool that always sends the next throw
        # must not lose its game here: well-formed dice are read and ignored.
        if bar and dice_text.strip():
            _dice(dice_text, game.initial(options).dice_count())
        return position, ()
    count = position.dice_count()
    if not count:
        if bar:
            raise BadRequest(f"{game.title} has no dice: send the listing alone")
        return position, ()
    if not bar:
        raise BadRequest(f"no dice: append ` | {' '.join(['D'] * count)}` with the "
                         f"{count} dice of the side to move")
    return position, _dice(dice_text, count)


def _dice(text: str, count: int) -> Dice:
    """``count`` dice from ``6 5``; BadRequest for anything else."""
    words = text.split()
    if len(words) != count or not all(w.isdigit() and 1 <= int(w) <= 6 for w in words):
        raise BadRequest(f"dice must be {count} numbers from 1 to 6, e.g. ` | 6 5`; "
                         f"got `{text.strip()}`")
    return tuple(int(w) for w in words)


def _has_dice(game: Game, options: dict[str, str]) -> bool:
    return game.initial(options).dice_count() > 0


def answer_line(game: Game, options: dict[str, str], line: str, level: Level, seed: int
                ) -> str:
    """One request line -> its answer line (an error included)."""
    try:
        position, dice = parse_request(game, options, line)
    except BadRequest as exc:
        return f"error: {exc}"
    request = Request(game.name, tuple(sorted(options.items())), position.listing(), dice,
                      level, seed)
    choice: Choice
    if position.action_due():
        actors = position.actors()
        if not actors:
            return "error: the position waits for an answer but names nobody to give it"
        choice = answer_question(Request(request.game, request.options, request.listing, (),
                                         level, seed, actors[0]))
    else:
        if not position.legal_turns(dice):
            return "error: no legal turn (the side to move must pass)"
        choice = decide(request)
    return choice.text


def serve(game: Game, options: dict[str, str], level: Level, seed: int, source: TextIO,
          out: TextIO) -> int:
    """Answer every line of ``source`` until its end."""
    for number, line in enumerate(source):
        try:
            answer = answer_line(game, options, line, level, seed + number)
        except Exception as exc:  # noqa: BLE001 - one bad line never ends the loop
            answer = f"error: {type(exc).__name__}: {exc}"
        out.write(answer.replace("\n", " ") + "\n")
        out.flush()
    return 0


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game")
    parser.add_argument("--level", default="normal", help="easy, normal, hard or expert")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help="a game option as for /new (kings=false, players=4, tiles=48)")
    parser.add_argument("--seed", type=int, default=0, help="repeatable choices")


def main(args: argparse.Namespace, source: TextIO = sys.stdin, out: TextIO = sys.stdout
         ) -> int:
    """Exit 0 at the end of input; 2 (the reason on stderr) when the game, level or
    options cannot be used."""
    try:
        game = get_game(args.game)
        level = Level.parse(args.level)
        wanted: dict[str, str] = {}
        for item in args.option:
            name, sep, value = item.partition("=")
            if not sep or not name.strip() or not value.strip():
                raise ValueError(f"option `{item}`: write NAME=VALUE, e.g. kings=false")
            wanted[name.strip().lower()] = value.strip()
        options = game.normalise_options(wanted)
    except (GameError, ValueError) as exc:
        print(f"engine: {exc}", file=sys.stderr)
        return 2
    return serve(game, options, level, args.seed, source, out)
