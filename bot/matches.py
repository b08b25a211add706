"""Matches to N points: the rules the service and ``replay`` share (pure, no I/O).

A match is a series of games between the same two players, each game a session of
its own; a game won scores its points (Hachapury: 1, or 2 for a mars; two-player
CheeseGambit: the stake between the two, i.e. the taunt cube's value) and the first
player to reach the target wins the match.

The Crawford rule: the game right after a player first reaches the target minus one
is the Crawford game, played without the doubling cube; later games have it again.
Hachapury has no cube (docs/rules/hachapury.md), so there the Crawford game differs from others
only in name: it is marked on the board, in the replies and in the record.  In
CheeseGambit the cube is the Taunt, so the Crawford game is played with
``taunt=off`` and the engine refuses a taunt in it.

A match record is the games' records one after another, each beginning with its
``[Game]`` tag and carrying ``[Match "7"]`` (the target), ``[MatchGame "3"]``, the
score before it ``[Score "alice 4, bob 2"]`` and, on the Crawford game only,
``[Crawford "true"]``.  ``replay_match`` checks every game and that the scores add up.
"""

from __future__ import annotations

import io
import re
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TextIO

from bot.catalogue import DEFAULT, t
from games import GameError, Position, get_game
from games.messages import Message
from games.outcome import EndReason, Outcome, outcome_from_text
from games.plugins import plugin_for
from games.record import RecordFormatError, parse_record

#: The largest match target offered (a 25-point match is already a long evening).
MAX_TARGET = 25
EXIT_OK, EXIT_ILLEGAL, EXIT_MALFORMED = 0, 1, 2

_MATCH_TAG = re.compile(r'^\s*\[\s*Match\s+"', re.IGNORECASE | re.MULTILINE)
_GAME_TAG = re.compile(r'^\s*\[\s*Game\s+"', re.IGNORECASE)


class MatchError(ValueError):
    """A match that cannot be played as asked (the message says why, for players)."""


def supports_match(game_name: str, options: Mapping[str, str], lang: str) -> str | None:
    """Why ``game_name`` with ``options`` cannot be a match (None when it can):
    matches need a game that scores points (its plugin says so) and two sides."""
    game = get_game(game_name)
    if not plugin_for(game.name).scores_points:
        return t(lang, "match_no_points", title=game.title)
    sides = len(game.sides(game.normalise_options(dict(options))))
    if sides != 2:
        return t(lang, "match_two_sides", title=game.title, players=sides)
    return None


def parse_target(text: str, lang: str) -> int:
    """The ``match=`` option's value: a number of points, 1 to ``MAX_TARGET``."""
    value = text.strip()
    if not value.isascii() or not value.isdigit() or len(value) > 3:
        raise MatchError(t(lang, "match_target_word", text=text[:20], most=MAX_TARGET))
    target = int(value)
    if not 1 <= target <= MAX_TARGET:
        raise MatchError(t(lang, "match_target_range", most=MAX_TARGET, target=target))
    return target


def game_points(outcome: Outcome | None, position: Position, sides: Sequence[str]
                ) -> tuple[str, int] | None:
    """Who won a game and the points it scores: the final position's result when the
    game was played out; else (a resignation, a time-out) the winner the stored
    ``outcome`` names and the stake the position stood at (1 without a cube).
    None for a game nobody won."""
    played_out = position.result
    if played_out is not None:
        if played_out.winner is None:
            return None
        return played_out.winner, max(1, played_out.points)
    if outcome is None or outcome.winner is None or outcome.winner not in sides:
        return None
    winner = outcome.winner
    losers = [s for s in sides if s != winner]
    stake = getattr(position, "stake", None)
    points = stake(winner, losers[0]) if callable(stake) and len(losers) == 1 else 1
    return winner, max(1, int(points))


def resigned_match(outcome: Outcome | None) -> bool:
    """Whether the game ended by a player giving up the whole match."""
    return outcome is not None and outcome.reason == EndReason.RESIGNED_MATCH


def winner_of(target: int, score: Mapping[str, int]) -> str | None:
    """The player who has reached the target, if one has."""
    for player, points in score.items():
        if points >= target:
            return player
    return None


def is_crawford(target: int, score: Mapping[str, int], crawford_played: bool) -> bool:
    """Whether the next game is the Crawford game: a player stands at the target
    minus one (and nobody has won) and no Crawford game has been played yet.  A
    one-point match has none (nobody *reaches* zero)."""
    if target < 2 or crawford_played or winner_of(target, score) is not None:
        return False
    return any(points == target - 1 for points in score.values())


def score_text(names: Sequence[str], score: Sequence[int]) -> str:
    """``alice 4, bob 2``: each player (in seat order) and their points."""
    return ", ".join(f"{name} {points}" for name, points in zip(names, score, strict=True))


def match_tags(target: int, number: int, score: str, crawford: bool) -> list[tuple[str, str]]:
    tags = [("Match", str(target)), ("MatchGame", str(number)), ("Score", score)]
    if crawford:
        tags.append(("Crawford", "true"))
    return tags


def caption(target: int, number: int, names: Sequence[str], score: Sequence[int],
            crawford: bool, lang: str) -> str:
    """The short line on the board and under each reply."""
    return (t(lang, "match_caption", target=target, number=number,
                        score=score_text(names, score))
            + (t(lang, "match_crawford_mark") if crawford else ""))


# -- replaying a match record ---------------------------------------------------------

def is_match_record(text: str) -> bool:
    """A record with a ``Match`` tag (single-game records have none)."""
    return _MATCH_TAG.search(text) is not None


def split_games(text: str) -> list[str]:
    """A match record's games: each from its ``[Game]`` tag line to the next."""
    parts: list[list[str]] = []
    for line in text.splitlines():
        if _GAME_TAG.match(line) or not parts:
            parts.append([])
        parts[-1].append(line)
    return ["\n".join(p) + "\n" for p in parts if any(x.strip() for x in p)]


@dataclass
class _Tally:
    """The match as the record so far tells it."""

    target: int = 0
    names: tuple[str, ...] = ()
    sides: tuple[str, ...] = ()
    score: list[int] | None = None
    crawford_played: bool = False
    number: int = 0
    winner: str | None = None
    over: bool = False  # the last game read was not finished (must be the last)


def replay_match(game_name: str, text: str, out: TextIO = sys.stdout,
                 err: TextIO = sys.stderr) -> int:
    """Replay a match record: each game as ``replay`` does one (its lines printed the
    same way), each preceded by ``match game N to T: <score>`` (and ``, Crawford``),
    then ``match to T: <score>; <who> wins the match`` (or ``in progress``).  Exit 1
    on an illegal turn or a match tag the games do not bear out (``illegal match game
    N: why``); 2 on a malformed file."""
    from bot.replay import replay_game

    try:
        game = get_game(game_name)
    except GameError as exc:
        print(f"malformed: {exc}", file=err)
        return EXIT_MALFORMED
    tally = _Tally()
    for part in split_games(text):
        try:
            record = parse_record(part, game.action_line)
            number, given, crawford = _read_tags(record.tags, tally, game_name)
        except (GameError, MatchError) as exc:
            print(f"malformed: {exc}", file=err)
            return EXIT_MALFORMED
        options = dict(game.options_from_tags(record.tags))
        label = f"illegal match game {number}"
        why = _check_game(tally, number, given, crawford, options,
                          plugin_for(game.name).cube_option)
        if why is not None:
            print(f"{label}: {why}", file=out)
            return EXIT_ILLEGAL
        print(f"match game {number} to {tally.target}: {score_text(tally.names, given)}"
              + (", Crawford" if crawford else ""), file=out)
        buffer = io.StringIO()
        code = replay_game(game_name, part, None, buffer, err)
        out.write(buffer.getvalue())
        if code != EXIT_OK:
            return code
        lines = buffer.getvalue().splitlines()
        listing = lines[-1] if lines else record.tag("Position")
        final = (game.from_listing(listing, options) if listing
                 else game.initial(options, None))
        # a record has only the Result tag's words: they are read as an outcome here
        stated = outcome_from_text(record.tag("Result"))
        scored = game_points(stated, final, tally.sides)
        if scored is not None and stated is not None and stated.winner is not None \
                and stated.winner != scored[0]:
            print(f"{label}: the Result tag names {stated.winner} the winner, the turns "
                  f"{scored[0]}", file=out)
            return EXIT_ILLEGAL
        tally.score = list(given)
        tally.number = number
        tally.crawford_played = tally.crawford_played or crawford or any(
            p >= tally.target - 1 for p in given)
        if scored is None:
            tally.over = True  # unfinished: only the last game may be
            continue
        tally.score[tally.sides.index(scored[0])] += scored[1]
        if resigned_match(stated):
            tally.winner = tally.names[tally.sides.index(scored[0])]
        else:
            reached = winner_of(tally.target, dict(zip(tally.names, tally.score, strict=True)))
            tally.winner = reached
    if tally.score is None:
        print("malformed: the match record holds no game", file=err)
        return EXIT_MALFORMED
    final_score = score_text(tally.names, tally.score)
    ending = f"{tally.winner} wins the match" if tally.winner else "in progress"
    print(f"match to {tally.target}: {final_score}; {ending}", file=out)
    return EXIT_OK


def _read_tags(tags: Mapping[str, str], tally: _Tally, game_name: str
               ) -> tuple[int, list[int], bool]:
    """This game's number, the score before it and its Crawford flag, from its tags;
    the first game also sets the target and the players."""
    def tag(name: str) -> str | None:
        for key, value in tags.items():
            if key.lower() == name.lower():
                return value
        return None

    game = get_game(game_name)
    if (tag("Game") or "").strip().lower() != game.name:
        raise RecordFormatError(Message.of("grec_game_match_has_game", tag=tag("Game"),
                                           name=game.name))
    target_text, number_text = tag("Match"), tag("MatchGame")
    if target_text is None or number_text is None or tag("Score") is None:
        raise MatchError("every game of a match record needs Match, MatchGame and Score tags")
    target = parse_target(target_text, DEFAULT)  # a command-line tool: English
    if not number_text.strip().isdigit():
        raise MatchError(f"MatchGame tag {number_text!r} is not a number")
    options = game.options_from_tags(tags)
    infos = game.sides(options)
    names = tuple(tag(info.tag) or info.letter for info in infos)
    sides = tuple(info.letter for info in infos)
    if not tally.names:
        tally.target, tally.names, tally.sides = target, names, sides
    elif target != tally.target:
        raise MatchError(f"a game says the match is to {target}, the first to {tally.target}")
    elif names != tally.names:
        raise MatchError(f"the players changed: {', '.join(names)} after "
                         f"{', '.join(tally.names)}")
    pattern = ", ".join(f"{re.escape(n)} ([0-9]{{1,4}})" for n in tally.names)
    found = re.fullmatch(pattern, (tag("Score") or "").strip())
    if found is None:
        raise MatchError(f"Score tag {tag('Score')!r} is not like "
                         f"{score_text(tally.names, [0] * len(tally.names))!r}")
    crawford = (tag("Crawford") or "false").strip().lower() == "true"
    return int(number_text), [int(g) for g in found.groups()], crawford


def _check_game(tally: _Tally, number: int, given: list[int], crawford: bool,
                options: Mapping[str, str], cube: str | None) -> str | None:
    """Why this game's match tags do not follow from the games before it, if they don't."""
    if tally.score is None:  # the first game in the file: its score is taken as given
        expected_crawford = None if any(p >= tally.target - 1 for p in given) else False
    else:
        if tally.over:
            return f"game {tally.number} before it was not finished"
        if tally.winner is not None:
            return f"the match was already over: {tally.winner} had won it"
        if number != tally.number + 1:
            return f"it follows game {tally.number}, so it should be game {tally.number + 1}"
        if given != tally.score:
            return (f"the Score tag says {score_text(tally.names, given)}, the games before "
                    f"give {score_text(tally.names, tally.score)}")
        expected_crawford = is_crawford(tally.target, dict(zip(tally.names, given, strict=True)),
                                        tally.crawford_played)
    if expected_crawford is not None and crawford != expected_crawford:
        return ("this is the Crawford game (a player has just reached "
                f"{tally.target - 1}): it needs [Crawford \"true\"]" if expected_crawford
                else "it is not the Crawford game, yet it is marked [Crawford \"true\"]")
    if crawford and cube is not None and options.get(cube, "off") != "off":
        return ('the Crawford game is played without the cube: it needs '
                f'[{cube.capitalize()} "off"]')
    return None
