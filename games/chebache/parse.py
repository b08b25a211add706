"""Reading move text: the seed's notation, tolerant of spaces, commas and case.

The parser only reads; ``position.py`` checks the result against the rules.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from games.chebache.board import FINISH, START
from games.chebache.state import parse_stack_form, stack_form
from games.errors import NotationError
from games.messages import Message
from games.notation import Token, split_count, tokenize


@dataclass(frozen=True)
class MoveSpec:
    """One written Phase I move.  ``king``: True for ``K(...)``, None when unsaid."""

    src: int
    dst: int
    sym: str
    king: bool | None
    text: str


@dataclass(frozen=True)
class JumpSpec:
    """The written jump sequence: start, end and the unit's stack form."""

    src: int
    dst: int
    unit: str
    text: str


@dataclass
class ParsedTurn:
    """Everything read from a turn text; annotation lists are None when absent."""

    moves: list[MoveSpec] = field(default_factory=list)
    jump: JumpSpec | None = None
    no_move: bool = False
    dice: tuple[int, ...] | None = None
    attacks: list[tuple[int, int, int]] | None = None
    flips: list[tuple[int, str, str, int]] | None = None
    minus: list[tuple[int, int, int]] | None = None
    chebaches: frozenset[tuple[str, int]] | None = None


_SPACE = r"(S|F|[0-9]{1,2})"
_INNER = re.compile(rf"^{_SPACE}([/\\X^]){_SPACE}$")
_COUNTED = re.compile(r"^([0-9]+)\((.*)\)$")
#: Backgammon's count after the move: ``2/5(3)`` for ``3(2/5)``.
_SUFFIX_COUNTED = re.compile(r"^[^()]+\([0-9]+\)$")
#: Backgammon spellings of one move: ``2-7`` (either way) and ``2/7*`` (a hit).
_BACKGAMMON = re.compile(r"^(S|F|[0-9]{1,2})([-/\\])(S|F|[0-9]{1,2})(\*?)$")
_UNIT = re.compile(r"^([0-9K]*K[0-9K]*)\((.*)\)$")
_ANNOT_PIECES = re.compile(r"^([0-9K]+)@([0-9]{1,2})$")
_FLIP = re.compile(r"^(K{1,2})\(([WB])->([WB])@([0-9]{1,2})\)$")
_DICE = re.compile(r"^\s*\[([^\]]*)\]")
_CHEB = re.compile(r"<([^<>]*)>")
_CHEB_SIDE = re.compile(r"^([WB])([0-9]{1,2}(?:,[0-9]{1,2})*)$")
_TIGHTEN = re.compile(r"\s*(->|[/\\^@])\s*")


def _pieces(text: str) -> tuple[int, int] | None:
    form = parse_stack_form(text)
    if form is None:
        return None
    kings = sum(form)
    return len(form) - kings, kings


def _space(text: str, token: Token, source: str, offset: int) -> int:
    if text == "S":
        return START
    if text == "F":
        return FINISH
    n = int(text)
    if not 1 <= n <= 17:
        raise token.error(Message.of("gerr_b_no_space_named", n=n), source, offset)
    return n


def _tighten(text: str) -> tuple[str, list[int]]:
    """Remove spaces around move symbols; return the new text and a map from its
    indices to the original ones (for error columns)."""
    out: list[str] = []
    index: list[int] = []
    pos = 0
    for m in _TIGHTEN.finditer(text):
        for i in range(pos, m.start()):
            out.append(text[i])
            index.append(i)
        for j, ch in enumerate(m.group(1)):
            out.append(ch)
            index.append(m.start(1) + j)
        pos = m.end()
    for i in range(pos, len(text)):
        out.append(text[i])
        index.append(i)
    index.append(len(text))
    return "".join(out), index


def parse_turn(text: str) -> ParsedTurn:
    """Read a turn's text; NotationError (with a column) when it cannot be read."""
    if not isinstance(text, str):
        raise NotationError(Message.of("gerr_not_string"))
    source = text
    work = text.upper().replace("\u2019", "'")
    turn = ParsedTurn()
    dm = _DICE.match(work)
    if dm:
        faces = dm.group(1).replace(",", " ").split()
        # one ASCII digit each: isdigit() is True for '²', which int() refuses
        if not faces or len(faces) > 4 or not all(len(f) == 1 and f in "123456" for f in faces):
            raise NotationError(Message.of("gerr_b_dice_form"), source, dm.start(1) + 1)
        turn.dice = tuple(int(f) for f in faces)
        work = " " * dm.end() + work[dm.end():]
    cheb = list(_CHEB.finditer(work))
    if len(cheb) > 1:
        raise NotationError(Message.of("gerr_b_one_cheb"), source, cheb[1].start() + 1)
    if cheb:
        m = cheb[0]
        turn.chebaches = _parse_cheb(m.group(1), source, m.start() + 1)
        work = work[:m.start()] + " " * (m.end() - m.start()) + work[m.end():]
    stray = work.replace("->", "  ")
    for ch in "<>[]":
        if ch in stray:
            raise NotationError(Message.of("gerr_b_unexpected", ch=ch), source, stray.index(ch) + 1)
    tight, index = _tighten(work)
    try:
        tokens = tokenize(tight)
    except NotationError as exc:
        col = index[(exc.column or 1) - 1] + 1
        raise NotationError(exc.message, source, col) from None
    for tok in tokens:
        tok = Token(tok.text, index[tok.column - 1] + 1)
        _read_token(tok, source, turn)
    if turn.no_move and (turn.moves or turn.jump):
        raise NotationError(Message.of("gerr_b_no_move_with"), source, 1)
    return turn


def _parse_cheb(body: str, source: str, column: int) -> frozenset[tuple[str, int]]:
    out: set[tuple[str, int]] = set()
    for part in body.replace(" ", "").split(";"):
        if not part:
            continue
        m = _CHEB_SIDE.match(part)
        if not m:
            raise NotationError(Message.of("gerr_b_cheb_part", what=part),
                                source, column)
        for n in m.group(2).split(","):
            out.add((m.group(1), int(n)))
    return frozenset(out)


def _read_token(tok: Token, source: str, turn: ParsedTurn) -> None:
    t = tok.text
    if t == "(NOMOVE)" or re.fullmatch(r"\(NO\s*MOVE\)", t):
        turn.no_move = True
        return
    if t.startswith("X") and "@" in t:
        (turn.attacks if turn.attacks is not None else _init(turn, "attacks")).append(
            _note(tok, source, f"attack note {t!r} (like X2K@17)"))
        return
    if t.startswith("-"):
        (turn.minus if turn.minus is not None else _init(turn, "minus")).append(
            _note(tok, source, f"note {t!r} (like -2@5)"))
        return
    fm = _FLIP.match(t)
    if fm:
        (turn.flips if turn.flips is not None else _init(turn, "flips")).append(
            (len(fm.group(1)), fm.group(2), fm.group(3), int(fm.group(4))))
        return
    _read_move(tok, source, turn)


def _note(tok: Token, source: str, what: str) -> tuple[int, int, int]:
    """An attack or removal note after its one-letter mark (``X2K@17``, ``-2@5``):
    (ordinary pieces, Kings, space)."""
    m = _ANNOT_PIECES.match(tok.text[1:])
    pieces = _pieces(m.group(1)) if m else None
    if m is None or pieces is None:
        raise tok.error(Message.of("gerr_b_cannot_read", what=what), source)
    return pieces[0], pieces[1], int(m.group(2))


def _init(turn: ParsedTurn, name: str) -> list[Any]:
    """Give ``turn`` an empty list as its field ``name`` and return it."""
    fresh: list[Any] = []
    setattr(turn, name, fresh)
    return fresh


def _from_backgammon(inner: str) -> str:
    """``2-7`` as ``2/7``, ``8-6`` as ``8\\6`` and ``3/9*`` (a hit) as the
    attack ``3X9``: unambiguous, since the numbers give the direction."""
    m = _BACKGAMMON.match(inner)
    if not m or (m.group(2) != "-" and not m.group(4)):
        return inner
    a, b = m.group(1), m.group(3)
    if m.group(4):  # X names no direction: attackers may come from either side
        return f"{a}X{b}"
    forward = a == "S" or b == "F" or (a != "F" and b != "S" and int(a) < int(b))
    return f"{a}{'/' if forward else chr(92)}{b}"


def _read_move(tok: Token, source: str, turn: ParsedTurn) -> None:
    t = tok.text
    count = 1
    unit: str | None = None
    inner = t
    offset = 0
    if _COUNTED.match(t) or _SUFFIX_COUNTED.match(t):
        counted = split_count(tok, source)
        count = counted.count
        inner = counted.inner.text
        offset = counted.inner.column - tok.column
    else:
        um = _UNIT.match(t)
        if um:
            form = parse_stack_form(um.group(1))
            if form is None:
                raise tok.error(Message.of("gerr_b_pieces", what=um.group(1)),
                                source)
            unit = stack_form([2 if k else 0 for k in form])
            inner = um.group(2)
            offset = len(um.group(1)) + 1
    inner = _from_backgammon(inner)
    m = _INNER.match(inner)
    if not m:
        raise tok.error(Message.of("gerr_b_move", what=t),
                        source, offset)
    sym = m.group(2)
    a = _space(m.group(1), tok, source, offset)
    b = _space(m.group(3), tok, source, offset + len(m.group(1)) + 1)
    if a == FINISH:
        raise tok.error(Message.of("gerr_b_out_of_finish"), source, offset)
    if b == START:
        raise tok.error(Message.of("gerr_b_into_start"), source, offset + len(m.group(1)) + 1)
    if a == b:
        raise tok.error(Message.of("gerr_b_nowhere", move=t), source, offset)
    if sym == "^":
        if count > 1:
            unit = str(count)
        spec = JumpSpec(a, b, unit or "1", t)
        if turn.jump is None:
            turn.jump = spec
            return
        prev = turn.jump
        same_dir = (prev.dst - prev.src > 0) == (b - a > 0)
        if prev.dst == a and prev.unit == spec.unit and same_dir:
            turn.jump = JumpSpec(prev.src, b, prev.unit, prev.text + ", " + t)
            return
        raise tok.error(Message.of("gerr_b_one_jump"),
                        source)
    if turn.jump is not None:
        raise tok.error(Message.of("gerr_b_jump_last"), source)
    if unit is not None and unit != "K":
        raise tok.error(Message.of("gerr_b_king_named"), source)
    if sym == "/" and b < a:
        raise tok.error(Message.of("gerr_b_backward", move=repr(t), write=f"{a}\\{b}"),
                        source, offset)
    if sym == "\\" and b > a:
        raise tok.error(Message.of("gerr_b_forward", move=repr(t),
                                   write=f"{m.group(1)}/{m.group(3)}"), source, offset)
    king = True if unit == "K" else None
    for _ in range(count):
        turn.moves.append(MoveSpec(a, b, sym, king, t))
