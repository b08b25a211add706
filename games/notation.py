"""Notation toolkit shared by every game: tokens with columns and counts.

Move texts are split into tokens on spaces, commas and semicolons (the
architecture page makes all three optional separators).  A parenthesised
group stays one token, so ``2(24/18)`` and ``1K1(2^10)`` arrive whole.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from games.errors import NotationError
from games.messages import Message

SEPARATORS = " \t,;"
#: No turn needs longer text (a full Chebache record line is under 200
#: characters); longer text is refused before any work is done on it.
MAX_TEXT = 500
#: No turn writes more tokens (a Gamble written out is 15, a Chebache record ~20).
MAX_TOKENS = 64


@dataclass(frozen=True)
class Token:
    """One move token and the 1-based column where it starts in the source text."""

    text: str
    column: int

    def error(self, message: Message, source: str, offset: int = 0) -> NotationError:
        """A NotationError pointing ``offset`` characters into this token."""
        return NotationError(message, source, self.column + offset)


def check_length(text: str, limit: int = MAX_TEXT) -> None:
    """Refuse text over ``limit`` (MAX_TEXT) characters: it bounds the work every engine
    does on what a player types.  A position listing may pass a larger limit."""
    if len(text) > limit:
        raise NotationError(
            Message.of("gerr_text_long", length=len(text), limit=limit))


def tokenize(text: str) -> list[Token]:
    """Split move text into tokens; parentheses keep a group (and its prefix) together.

    Text over MAX_TEXT characters (``check_length``) or MAX_TOKENS tokens is refused."""
    check_length(text)
    tokens: list[Token] = []
    i = 0
    n = len(text)
    while i < n:
        if text[i] in SEPARATORS:
            i += 1
            continue
        start = i
        depth = 0
        while i < n and (depth > 0 or text[i] not in SEPARATORS):
            ch = text[i]
            if ch == "(":
                depth += 1
            elif ch == ")":
                if depth == 0:
                    raise NotationError(Message.of("gerr_unmatched"), text, i + 1)
                depth -= 1
            i += 1
        if depth:
            raise NotationError(Message.of("gerr_unclosed"), text, start + 1)
        tokens.append(Token(text[start:i], start + 1))
        if len(tokens) > MAX_TOKENS:
            raise NotationError(
                Message.of("gerr_too_many_tokens", n=MAX_TOKENS),
                text, start + 1)
    return tokens


_COUNT = re.compile(r"^([0-9]+)\((.*)\)$", re.DOTALL)
#: Backgammon's count after the move: ``8/5(2)`` for ``2(8/5)``.
_SUFFIX_COUNT = re.compile(r"^([^()]+)\(([0-9]+)\)$", re.DOTALL)


@dataclass(frozen=True)
class Counted:
    """A token of the form ``n(inner)``: ``count`` repetitions of ``inner``."""

    count: int
    inner: Token


def split_count(token: Token, source: str, limit: int = 15) -> Counted:
    """Read ``2(24/18)`` (or backgammon's ``24/18(2)``) as count 2 of ``24/18``;
    a bare token is count 1.

    A count of 0 or above ``limit`` is refused: nobody moves 99 checkers.
    """
    m = _COUNT.match(token.text)
    suffix = None if m else _SUFFIX_COUNT.match(token.text)
    if not m and not suffix:
        return Counted(1, token)
    digits = m.group(1) if m else suffix.group(2) if suffix else ""
    # no int() of a huge digit string (Python refuses over 4,300 digits)
    count = int(digits) if len(digits) <= 3 else limit + 1
    if count < 1 or count > limit:
        offset = 0 if m else len(token.text) - len(digits) - 1
        shown = digits if len(digits) <= 6 else digits[:6] + "..."
        raise token.error(Message.of("gerr_count_range", count=shown, limit=limit), source, offset)
    if m:
        return Counted(count, Token(m.group(2), token.column + len(digits) + 1))
    assert suffix is not None
    return Counted(count, Token(suffix.group(1), token.column))


def group_runs(moves: list[str]) -> list[str]:
    """Canonical grouping: identical neighbours become ``n(move)``."""
    out: list[str] = []
    i = 0
    while i < len(moves):
        j = i
        while j < len(moves) and moves[j] == moves[i]:
            j += 1
        run = j - i
        out.append(moves[i] if run == 1 else f"{run}({moves[i]})")
        i = j
    return out


def format_dice(dice: tuple[int, ...]) -> str:
    """``[6 5]``: the dice as the records write them."""
    return "[" + " ".join(str(d) for d in dice) + "]"
