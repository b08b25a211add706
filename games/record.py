"""Game records: tag lines, then one turn a line (architecture page).

This module reads and writes the file shape; the game engines check the turns.
Malformed files raise ``RecordFormatError`` (``replay`` exits 2 on it).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from games.errors import GameError
from games.messages import Message

#: Longer turn numbers are not a record's (and int() refuses 4,301 digits).
MAX_TURN_DIGITS = 9
#: No game throws more dice at once.
MAX_DICE = 4


class RecordFormatError(GameError):
    """The file is not a game record (as opposed to a record with an illegal turn)."""


@dataclass(frozen=True)
class TurnLine:
    """One turn line: ``7W: [6 5]; 24/18, 18/13``.  ``mark``: an analysis' mark written
    after the turn (``?!``, ``?``, ``??``), read and otherwise ignored: ``text`` is the
    turn without it."""

    number: int
    side: str
    dice: tuple[int, ...]
    text: str
    line_number: int
    mark: str = ""


@dataclass(frozen=True)
class ActionLine:
    """A line that is an action of its own (``vote G yes``), not a turn."""

    text: str
    line_number: int


@dataclass
class Record:
    """A parsed record: tags in file order (names as written), the turn lines,
    and every entry (turns and action lines) in file order."""

    tags: dict[str, str] = field(default_factory=dict)
    turns: list[TurnLine] = field(default_factory=list)
    entries: list[TurnLine | ActionLine] = field(default_factory=list)

    def tag(self, name: str, default: str | None = None) -> str | None:
        """A tag's value, looked up case-insensitively."""
        for key, value in self.tags.items():
            if key.lower() == name.lower():
                return value
        return default


_TAG = re.compile(r'^\[\s*([A-Za-z][A-Za-z0-9_]*)\s+"((?:[^"\\]|\\.)*)"\s*\]$')
# ASCII digits only: \d and str.isdigit() also take '²' or Arabic-Indic digits.
_TURN = re.compile(r"^([0-9]+)\s*([A-Za-z])\s*:\s*(.*)$", re.DOTALL)
_DICE = re.compile(r"^\[\s*([^\]]*)\]\s*;?\s*")
#: An analysis' mark at a turn line's end, after a space (bot/records.py writes it;
#: no game's notation uses ``?``).
_MARK = re.compile(r"(?:^|\s)(\?\?|\?!|\?)$")
#: The marks a record may carry after a turn.
MARKS = ("?!", "?", "??")


def parse_record(text: str, action_line: str | None = None) -> Record:
    """Read a record file; RecordFormatError says which line is wrong and why.

    ``action_line`` is a game's pattern for lines that are actions of their own."""
    record = Record()
    action = re.compile(action_line, re.IGNORECASE) if action_line else None
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line:
            continue
        tag = _TAG.match(line)
        if tag:
            if record.turns:
                raise RecordFormatError(Message.of("grec_line_tag_after_first", number=number))
            record.tags[tag.group(1)] = tag.group(2).replace('\\"', '"').replace("\\\\", "\\")
            continue
        if action is not None and action.match(line):
            record.entries.append(ActionLine(line, number))
            continue
        turn = _TURN.match(line)
        if not turn:
            raise RecordFormatError(Message.of("grec_line_neither_tag_nor", number=number,
                                               line=line))
        body = turn.group(3)
        digits = turn.group(1)
        if len(digits) > MAX_TURN_DIGITS:
            raise RecordFormatError(
                Message.of("grec_line_turn_number_longer", number=number, digits=digits[:12],
                           most=MAX_TURN_DIGITS))
        dice: tuple[int, ...] = ()
        dm = _DICE.match(body)
        if dm:
            dice = _read_dice(dm.group(1), number)
            body = body[dm.end():]
        body = body.strip()
        mark = _MARK.search(body)
        if mark:
            body = body[:mark.start()].rstrip()
        entry = TurnLine(int(digits), turn.group(2).upper(), dice, body, number,
                         mark.group(1) if mark else "")
        record.turns.append(entry)
        record.entries.append(entry)
    if record.tag("Game") is None:
        raise RecordFormatError(Message.of("grec_no_game_tag"))
    return record


def _read_dice(text: str, line: int) -> tuple[int, ...]:
    """``6 5`` as (6, 5); every face one ASCII digit 1-6, at most MAX_DICE faces."""
    faces = text.split()
    if not faces or len(faces) > MAX_DICE or not all(
            len(f) == 1 and f in "123456" for f in faces):
        shown = text if len(text) <= 20 else text[:20] + "..."
        raise RecordFormatError(
            Message.of("grec_line_dice_must_most", line=line, most=MAX_DICE, shown=shown))
    return tuple(int(f) for f in faces)


def format_tag(name: str, value: str) -> str:
    """``[Name "value"]`` with quotes and backslashes escaped."""
    escaped = value.replace("\\", "\\\\").replace('"', '\\"')
    return f'[{name} "{escaped}"]'


def format_turn(number: int, side: str, record: str) -> str:
    """``7W: [6 5]; 24/18, 18/13`` from the parts."""
    return f"{number}{side}: {record}"
