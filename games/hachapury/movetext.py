"""Reading Hachapury move text (grammar only; no rules are checked here).

Accepted, per the architecture page: moves separated by spaces, commas or
semicolons, in any order; ``24/18``; a checker's several dice in one step
(``24/13``) or with its stops (``24/18/13``); ``F``, ``f`` or ``off`` for
bearing off; counts ``2(24/18)`` (also around several moves:
``2(24/20, 20/16)``) or backgammon's ``24/18(2)``; ``24-18`` for ``24/18``
(a hit mark ``*`` is refused: nothing is ever hit); ``(no move)`` or ``pass`` for a pass.
Anything else is a NotationError that points at the offending column.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from games.errors import NotationError
from games.messages import Message
from games.notation import Token, split_count, tokenize

#: Destination number used for "borne off".
OFF = 0
#: More written checker moves than this cannot be a turn (four dice at most);
#: the cap keeps nested counts like ``15(15(15(24/18)))`` from exploding.
MAX_PATHS = 16

_PASS_WORDS = {"pass", "(nomove)", "(nomoves)"}
# ASCII digits only: str.isdigit() and \d accept '²', which int() refuses.
_PART = re.compile(r"[0-9]+|[A-Za-z]+|.", re.DOTALL)


@dataclass(frozen=True)
class WrittenPath:
    """One checker's journey as written: the points it stops on (OFF = 0 last)."""

    points: tuple[int, ...]
    text: str
    column: int


@dataclass(frozen=True)
class WrittenTurn:
    """A parsed turn: a pass, or the written paths (counts already expanded)."""

    is_pass: bool
    paths: tuple[WrittenPath, ...]


def parse_turn(text: str) -> WrittenTurn:
    """Read move text into paths; NotationError (with column) when unreadable."""
    if not isinstance(text, str):
        raise NotationError(Message.of("gerr_not_string"), "", None)
    tokens = tokenize(text)
    if not tokens:
        raise NotationError(Message.of("gerr_h_empty"), text, 1)
    paths: list[WrittenPath] = []
    passes: list[Token] = []
    _read_tokens(tokens, text, paths, passes, 1)
    if passes and paths:
        raise passes[0].error(Message.of("gerr_h_pass_with_moves"), text)
    if len(passes) > 1:
        raise passes[1].error(Message.of("gerr_h_pass_twice"), text)
    return WrittenTurn(bool(passes), tuple(paths))


def _read_tokens(
    tokens: list[Token], source: str, paths: list[WrittenPath], passes: list[Token], times: int
) -> None:
    for token in tokens:
        squashed = "".join(token.text.split()).lower()
        if squashed in _PASS_WORDS:
            if times != 1:
                raise token.error(Message.of("gerr_h_pass_counted"), source)
            passes.append(token)
            continue
        try:
            counted = split_count(token, source)
        except ValueError:
            # The shared count regex takes any Unicode digit (e.g. '²'); int()
            # then refuses it.  That is unreadable text, not a crash.
            raise token.error(Message.of("gerr_h_count_digits"), source) from None
        if counted.count != 1 or counted.inner is not token:
            inner = counted.inner
            try:
                parts = tokenize(inner.text)
            except NotationError as exc:
                offset = (exc.column or 1) - 1
                raise inner.error(exc.message, source, offset) from None
            if not parts:
                raise inner.error(Message.of("gerr_h_empty_group"), source)
            shifted = [Token(t.text, inner.column + t.column - 1) for t in parts]
            _read_tokens(shifted, source, paths, passes, times * counted.count)
            continue
        path = _read_path(token, source)
        if len(paths) + times > MAX_PATHS:
            raise token.error(Message.of("gerr_h_too_many", n=MAX_PATHS), source)
        paths.extend([path] * times)


def _read_path(token: Token, source: str) -> WrittenPath:
    """``24/18/13`` or ``6/F``: numbers (and a final F/off) joined by ``/``."""
    points: list[int] = []
    expect_point = True
    offset = 0
    for m in _PART.finditer(token.text):
        part = m.group(0)
        offset = m.start()
        if expect_point:
            if part.isascii() and part.isdigit():
                if points and points[-1] == OFF:
                    raise token.error(Message.of("gerr_h_after_f"), source, offset)
                value = int(part) if len(part) <= 3 else 0  # no int() of 10,000 digits
                if not 1 <= value <= 24:
                    shown = part if len(part) <= 6 else part[:6] + "..."
                    raise token.error(Message.of("gerr_h_no_point", point=shown), source, offset)
                points.append(value)
            elif part.lower() in ("f", "off"):
                if not points:
                    raise token.error(Message.of("gerr_h_start_point"), source, offset)
                if points[-1] == OFF:
                    raise token.error(Message.of("gerr_h_f_twice"), source, offset)
                points.append(OFF)
            else:
                raise token.error(Message.of("gerr_h_want_point", got=part), source, offset)
            expect_point = False
        else:
            if part == "*":
                raise token.error(
                    Message.of("gerr_h_no_hit", move=token.text.replace("*", "")), source, offset)
            # backgammon's 24-18 is the same as 24/18
            if part not in ("/", "-"):
                raise token.error(Message.of("gerr_h_want_slash", got=part), source, offset)
            expect_point = True
    if expect_point:
        where = len(token.text) - 1 if points else 0
        raise token.error(Message.of("gerr_h_move_like"), source, where)
    if len(points) < 2:
        raise token.error(Message.of("gerr_h_move_ends"), source, 0)
    return WrittenPath(tuple(points), token.text, token.column)
