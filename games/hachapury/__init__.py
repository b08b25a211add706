"""Hachapury, a Long Nardy variant: the rules engine (hachapury.md).

Modules: ``board`` (numbering, packed state, single-move rules), ``search``
(all legal turns of a throw), ``movetext`` (reading move text),
``matching`` (written text against the legal turns, with reasons),
``position`` (the immutable position and its listing), ``game`` (the Game).
"""

from __future__ import annotations

from games.hachapury.board import to_other_numbering
from games.hachapury.game import GAME, HachapuryGame
from games.hachapury.position import HachapuryPosition

__all__ = ["GAME", "HachapuryGame", "HachapuryPosition", "to_other_numbering"]
