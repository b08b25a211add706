"""``boardbot verify FILE``: check a finished game's dice against its seed.

The record carries ``Session``, ``SeedHash``, ``Seed`` (revealed at the end)
and, where the game had one, ``Opening``.  Exit 0 when every throw matches,
1 when any does not (or the seed does not match its commitment), 2 when the
file is malformed or the seed has not been revealed.
"""

from __future__ import annotations

import re
import sys
from typing import TextIO

from games import GameError, get_game
from games.dice import commitment, opening_throws, turn_dice
from games.record import parse_record

_GAME_TAG = re.compile(r'^\s*\[\s*Game\s+"([^"]*)"\s*\]', re.IGNORECASE | re.MULTILINE)


def verify(text: str, out: TextIO = sys.stdout, err: TextIO = sys.stderr) -> int:
    """Verify a record's dice; returns the exit code.  A match record (bot/matches.py):
    each game's, one ``ok`` line a game; the first failure's code."""
    from bot.matches import is_match_record, split_games

    if is_match_record(text) and len(split_games(text)) > 1:
        for part in split_games(text):
            code = verify(part, out, err)
            if code:
                return code
        return 0
    try:
        tagged = _GAME_TAG.search(text)
        action_line = get_game(tagged.group(1)).action_line if tagged else None
        record = parse_record(text, action_line)
    except GameError as exc:
        print(f"malformed: {exc}", file=err)
        return 2
    seed_hex, seed_hash, session = record.tag("Seed"), record.tag("SeedHash"), record.tag("Session")
    if not seed_hex or not seed_hash or not session:
        print("malformed: the record needs Session, SeedHash and Seed tags "
              "(the seed is revealed when the game ends)", file=err)
        return 2
    try:
        seed = bytes.fromhex(seed_hex)
    except ValueError:
        print("malformed: Seed is not hexadecimal", file=err)
        return 2
    if commitment(seed) != seed_hash.lower():
        print("FAILED: the revealed seed does not match the published commitment", file=out)
        return 1
    checked = 0
    opening = record.tag("Opening")
    if opening:
        # one ASCII digit 1-6 a die (int() would take '٣' and choke on 4,301 digits)
        rounds = [tuple(int(x) if len(x) == 1 and x in "123456" else 0 for x in r.split())
                  for r in opening.split(",")]
        # at most 4 sides: with many dice a single highest throw never comes and
        # opening_throws() would throw round after round without end
        if not rounds or not 1 <= len(rounds[0]) <= 4 or any(0 in r for r in rounds) \
                or len(rounds) > 100:
            shown = opening if len(opening) <= 40 else opening[:40] + "..."
            print(f"malformed: Opening tag {shown!r} (throws 1-6, rounds split by commas)",
                  file=err)
            return 2
        if rounds != opening_throws(seed, session, len(rounds[0])):
            print("FAILED: the opening throw does not match the seed", file=out)
            return 1
        checked += sum(len(r) for r in rounds)
    for turn in record.turns:
        if not turn.dice:
            continue
        expected = turn_dice(seed, session, turn.number, len(turn.dice))
        if expected != turn.dice:
            print(f"FAILED: turn {turn.number}{turn.side} shows {list(turn.dice)}, "
                  f"the seed gives {list(expected)}", file=out)
            return 1
        checked += len(turn.dice)
    print(f"ok: {checked} throws match the seed (commitment {seed_hash})", file=out)
    return 0
