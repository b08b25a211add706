"""Every legal turn of a throw with the position it leads to, without parsing.

``Position.play`` parses and matches a turn's text; a computer player that
looks at every legal turn (and every reply to it) already has the resulting
states from the legal-turn search, so it reads them here directly.  The
texts are the canonical ones ``legal_turns`` lists, in its order.
"""

from __future__ import annotations

from games.base import Dice
from games.hachapury.board import POINTS
from games.hachapury.position import HachapuryPosition

#: Hex digit (as a byte) -> its value: a packed state's hex text, four bits a
#: point, read back as one count per byte.
_NIBBLES = bytes.maketrans(b"0123456789abcdef", bytes(range(16)))


def counts_of(state: int) -> tuple[int, ...]:
    """The 25-long count tuple of a packed state (as ``board.unpack``, quicker:
    the hex text of the state has one digit a point, highest point first)."""
    return tuple(f"{state:0{POINTS + 1}x}".encode().translate(_NIBBLES)[::-1])


def successor_counts(position: HachapuryPosition, dice: Dice) -> list[tuple[str, tuple[int, ...]]]:
    """(canonical text, the mover's counts after it) for every legal turn, in
    ``legal_turns`` order; a pass keeps the mover's counts.  Empty once the
    game is over."""
    if position.result is not None:
        return []
    turns = position._turn_set(dice)[0]
    by_text = {text: state for state, text in turns.by_state.items()}
    return [(text, counts_of(by_text[text])) for text in turns.texts]


def successors(position: HachapuryPosition, dice: Dice) -> list[tuple[str, HachapuryPosition]]:
    """(canonical text, resulting position) for every legal turn, in
    ``legal_turns`` order (the same positions ``play`` reaches)."""
    return [(text, position.after(counts)) for text, counts in successor_counts(position, dice)]
