"""Every legal turn of a throw with the position it leads to, without parsing.

``Position.play`` parses and matches a turn's text; a computer player that
looks at every legal turn (and every reply to it) already has the resulting
states from the legal-turn search, so it reads them here directly.  The
texts are the canonical ones ``legal_turns`` lists, in its order.
"""

from __future__ import annotations

from games.base import Dice
from games.hachapury.board import unpack
from games.hachapury.position import HachapuryPosition


def successor_counts(position: HachapuryPosition, dice: Dice) -> list[tuple[str, tuple[int, ...]]]:
    """(canonical text, the mover's counts after it) for every legal turn, in
    ``legal_turns`` order; a pass keeps the mover's counts.  Empty once the
    game is over."""
    if position.result is not None:
        return []
    turns = position._turn_set(dice)[0]
    by_text = {text: state for state, text in turns.by_state.items()}
    return [(text, unpack(by_text[text])) for text in turns.texts]


def successors(position: HachapuryPosition, dice: Dice) -> list[tuple[str, HachapuryPosition]]:
    """(canonical text, resulting position) for every legal turn, in
    ``legal_turns`` order (the same positions ``play`` reaches)."""
    return [(text, position.after(counts)) for text, counts in successor_counts(position, dice)]
