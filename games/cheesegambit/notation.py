"""CheeseGambit move text: reading what players type and writing canonical text.

Canonical forms (``docs/rules/cheesegambit.md``, "Notation"): ``9/13``, ``9X13`` (a bump),
``2(9/13)``, ``9/13/17`` (one piece, two dice), ``17/S5``, ``S3/F``,
``P/51`` (input may also say ``P/R3``), ``G 2(9X13)``, ``CG 2(PX15)``,
``gamble 4(S3/F)``, ``(dance)`` and a taunt ``T@B`` at the end of a turn,
recorded ``T@B x2`` (accepted, new stake) or ``T@B drop``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from games.cheesegambit.board import (
    COLOURS,
    OFF,
    POOL,
    TRACK,
    location_name,
    reentry_square,
    shared_location,
)
from games.cheesegambit.movegen import CHEESEGAMBIT, DANCE, GAMBIT, GAMBLE, MOVE, Move
from games.errors import NotationError
from games.messages import Message
from games.notation import Token, split_count, tokenize
from games.turns import Step, StepKind, pass_turn

DANCE_TEXT = "(dance)"

#: A written segment: (from location, to location, X written?)
Segment = tuple[int, int, bool]

# ASCII digits only (re.ASCII): \d would also take Arabic-Indic digits.
_LOC = re.compile(r"(\d+|[PF]|[SR][1-6])", re.IGNORECASE | re.ASCII)
_TAUNT = re.compile(r"^T@([RGBY])$", re.IGNORECASE | re.ASCII)
_STAKE = re.compile(r"^X(\d{1,6})$", re.IGNORECASE | re.ASCII)
#: Separators between squares: ``/`` and ``X`` (a bump), and backgammon's ``-``.
_STEP_SEPARATORS = "/-xX"


@dataclass
class WrittenTurn:
    """A turn text, read: its kind, the pieces' paths and any taunt.

    ``chains`` holds one list of segments per piece (counts expanded).
    ``answer`` is None (no answer written), ``"drop"`` or the accepted stake.
    """

    kind: str = MOVE
    chains: list[list[Segment]] = field(default_factory=list)
    taunt: str | None = None
    answer: str | int | None = None


def parse_location(text: str, colour: str, token: Token, source: str, offset: int) -> int:
    """One location name as a location code (R_k resolved for ``colour``)."""
    shared = shared_location(text)
    if shared is not None:
        return shared
    t = text.upper()
    if t[0] == "R":
        return reentry_square(colour, int(t[1]))
    n = int(t) if len(t) <= 3 else TRACK + 1  # no int() of a 10,000-digit text
    if not 1 <= n <= TRACK:
        shown = t if len(t) <= 6 else t[:6] + "..."
        raise token.error(Message.of("gerr_c_no_square", square=shown, track=TRACK), source, offset)
    return n


def parse_chain(token: Token, colour: str, source: str) -> list[Segment]:
    """``9/13/17``, ``9X13``, ``P/R3``, ``S3/F`` as segments."""
    text = token.text
    pos = 0
    locs: list[int] = []
    marks: list[bool] = []
    while True:
        m = _LOC.match(text, pos)
        if not m:
            what = repr(text[pos]) if pos < len(text) else "the end"
            raise token.error(
                Message.of("gerr_c_want_square", at=what), source, pos
            )
        locs.append(parse_location(m.group(1), colour, token, source, pos))
        pos = m.end()
        if pos < len(text) and text[pos] == "*":
            # backgammon's hit mark after a landing: the same as X before it
            if not marks:
                raise token.error(Message.of("gerr_c_star"),
                                  source, pos)
            marks[-1] = True
            pos += 1
        if pos == len(text):
            break
        sep = text[pos]
        if sep in _STEP_SEPARATORS:
            marks.append(sep in "xX")
        else:
            raise token.error(Message.of("gerr_c_want_sep", found=sep), source, pos)
        pos += 1
    if len(locs) < 2:
        raise token.error(Message.of("gerr_c_move_ends"), source)
    if OFF in locs[:-1]:
        raise token.error(Message.of("gerr_c_f_end"), source)
    if POOL in locs[1:]:
        raise token.error(Message.of("gerr_c_p_start"), source)
    for i, marked in enumerate(marks):
        if marked and not 1 <= locs[i + 1] <= TRACK:
            name = location_name(colour, locs[i + 1])
            raise token.error(Message.of("gerr_c_no_bump_there", where=name,
                                         move=f"{location_name(colour, locs[i])}/{name}"),
                              source)
    return [(locs[i], locs[i + 1], marks[i]) for i in range(len(locs) - 1)]


def parse_turn(text: str, colour: str) -> WrittenTurn:
    """Read a turn text for ``colour``; NotationError (with a column) if unreadable."""
    tokens = tokenize(text)
    if not tokens:
        raise NotationError(Message.of("gerr_c_empty"), text, 1)
    turn = WrittenTurn()
    # a trailing taunt, possibly with its answer (as records write it)
    for i, tok in enumerate(tokens):
        m = _TAUNT.match(tok.text)
        if not m:
            continue
        rest = tokens[i + 1:]
        if len(rest) > 1:
            raise rest[1].error(Message.of("gerr_c_after_taunt"), text)
        if rest:
            ans = rest[0].text
            sm = _STAKE.match(ans)
            if ans.lower() == "drop":
                turn.answer = "drop"
            elif sm:
                turn.answer = int(sm.group(1))
            else:
                raise rest[0].error(Message.of("gerr_c_answer_form"), text)
        turn.taunt = m.group(1).upper()
        tokens = tokens[:i]
        break
    if not tokens:
        raise NotationError(Message.of("gerr_c_taunt_last"), text, 1)
    head = tokens[0].text.lower()
    if head == DANCE_TEXT or head == "dance":
        if len(tokens) > 1:
            raise tokens[1].error(Message.of("gerr_c_dance_alone"), text)
        turn.kind = DANCE
        return turn
    kinds = {"g": GAMBIT, "gambit": GAMBIT, "cg": CHEESEGAMBIT, "cheesegambit": CHEESEGAMBIT,
             "gamble": GAMBLE}
    if head in kinds:
        turn.kind = kinds[head]
        tokens = tokens[1:]
        if not tokens:
            raise NotationError(Message.of("gerr_c_needs_moves", kind=head), text, len(text) + 1)
    for tok in tokens:
        if tok.text.lower() in kinds or tok.text.lower() == DANCE_TEXT:
            raise tok.error(Message.of("gerr_c_first", word=tok.text), text)
        counted = split_count(tok, text)
        chain = parse_chain(counted.inner, colour, text)
        turn.chains.extend([list(chain) for _ in range(counted.count)])
    return turn


# -- writing -----------------------------------------------------------------
def chain_texts(colour: str, moves: tuple[Move, ...]) -> list[str]:
    """Single-die moves joined into one chain per piece where they follow on."""
    ends: list[int] = []
    texts: list[str] = []
    # The page's form: X on every landing on a square where a bump happened
    # this turn (``2(65X66)``), not only on the move that bumped.
    bumped = {dst for _, dst, bump in moves if bump}
    for src, dst, _ in moves:
        step = ("X" if dst in bumped else "/") + location_name(colour, dst)
        for i in range(len(ends) - 1, -1, -1):
            if ends[i] == src and src != POOL:
                ends[i] = dst
                texts[i] += step
                break
        else:
            ends.append(dst)
            texts.append(location_name(colour, src) + step)
    return texts


def group(texts: list[str]) -> list[str]:
    """Identical moves counted together, in order of first appearance."""
    counts: dict[str, int] = {}
    for t in texts:
        counts[t] = counts.get(t, 0) + 1
    return [t if n == 1 else f"{n}({t})" for t, n in counts.items()]


def format_moves(colour: str, kind: str, moves: tuple[Move, ...]) -> str:
    """The canonical text of a turn's moves."""
    if kind == DANCE or not moves:
        return DANCE_TEXT
    body = " ".join(group(chain_texts(colour, moves)))
    prefix = {GAMBIT: "G ", CHEESEGAMBIT: "CG ", GAMBLE: "gamble "}.get(kind, "")
    return prefix + body


_WORDS = {GAMBIT: "G", CHEESEGAMBIT: "CG", GAMBLE: "gamble"}
_DANCE_TURN = pass_turn(DANCE_TEXT)


def turn_steps(colour: str, kind: str, moves: tuple[Move, ...]) -> tuple[Step, ...]:
    """The steps of a turn's moves as ``format_moves`` writes them: the kind word as
    a step of its own (``G``), then one step per piece's chain (identical chains
    counted together, in order of first appearance, as ``group`` writes them)."""
    if kind == DANCE or not moves:
        return _DANCE_TURN.steps
    bumped = {dst for _, dst, bump in moves if bump}
    chains: list[list[int]] = []  # each piece's locations, start to end
    for src, dst, _ in moves:  # chained as chain_texts chains them
        for i in range(len(chains) - 1, -1, -1):
            if chains[i][-1] == src and src != POOL:
                chains[i].append(dst)
                break
        else:
            chains.append([src, dst])
    counts: dict[tuple[int, ...], int] = {}
    for chain in chains:
        path = tuple(chain)
        counts[path] = counts.get(path, 0) + 1
    steps = [_WORD_STEPS[kind]] if kind in _WORD_STEPS else []
    for path, count in counts.items():
        key = (path, count, tuple(loc in bumped for loc in path[1:]))
        step = _CHAIN_STEPS.get(key)
        if step is None:
            if len(_CHAIN_STEPS) >= _CHAIN_STEPS_KEPT:
                _CHAIN_STEPS.clear()  # a bound, rarely reached: rebuilding costs little
            step = _CHAIN_STEPS[key] = _chain_step(colour, path, count, key[2])
        steps.append(step)
    return tuple(steps)


#: The kind words' steps.
_WORD_STEPS = {kind: Step(word, StepKind.WORD) for kind, word in _WORDS.items()}
#: Chain steps by (locations, pieces, bump marks): a crowded throw lists over a
#: thousand turns made of far fewer distinct chains, and a step costs microseconds
#: to build (bench/bench_cheesegambit.py).  Locations are named alike for every
#: colour, so the colour is not part of the key.
_CHAIN_STEPS: dict[tuple[tuple[int, ...], int, tuple[bool, ...]], Step] = {}
_CHAIN_STEPS_KEPT = 50_000


def _chain_step(colour: str, path: tuple[int, ...], count: int, marks: tuple[bool, ...]
                ) -> Step:
    names = [location_name(colour, loc) for loc in path]
    body = names[0] + "".join(("X" if mark else "/") + name
                              for mark, name in zip(marks, names[1:], strict=True))
    start, end = path[0], path[-1]
    return Step(body if count == 1 else f"{count}({body})",
                StepKind.ENTER if start == POOL else StepKind.BEAR_OFF if end == OFF
                else StepKind.MOVE,
                names[0], names[-1], count, tuple(names[1:-1]), bumps=any(marks))


def parse_colour(text: str) -> str | None:
    """A colour letter or name as its letter, or None."""
    t = text.strip().upper()
    if t in COLOURS:
        return t
    names = {"RED": "R", "GREEN": "G", "BLUE": "B", "YELLOW": "Y"}
    return names.get(t)
