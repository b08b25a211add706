"""How good a Che position is for the side about to place its tiles.

The game is decided by closing a region, and a side can close a region in its
turn only if the region's needs (the empty cells round its open points) are at
most the tiles it places (see computer/che_board.py).  So, for the side to
move at the start of its turn:

1. if it can close one of its regions now (checked exactly, tile by tile), it
   wins;
2. otherwise every region of the other side that needs at most two tiles is a
   threat it must break this turn (by extending that region with a tile of the
   other's colour, which costs a tile each): one is a nuisance, two use the
   whole turn, three cannot all be answered;
3. regions needing three or four are the threats of the next turns: each side
   is better off with more of its own, since every tile the other side puts
   round them brings them closer;
4. the largest region decides if the pool runs out (and between careful
   players it usually does), which matters more the fewer tiles are left.

The weights were set by playing variants against each other at ``normal``
(bench/che_seats.py, 40 games each): ``size`` 0.3 scored 62% against 0.8 and
50% against 0.1; ``need_three`` is sharp: 0.5 scored 10%, 0.7 3%, -0.35 5%,
0.2 54% against 0.35; stronger threat weights (1.5, 3.0) 54%.  They are not
a learned model, only a tidy ranking of these facts.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from computer.che_board import Board, Summary, winning_tiles
from games.che.geometry import other

#: The value of a position its side to move wins at once.
WIN = 1.0
LOSS = 0.0


@dataclass(frozen=True)
class Weights:
    """The evaluation's weights (logit units)."""

    threat_one: float = 0.9
    threat_two: float = 2.2
    threat_many: float = 4.0
    need_three: float = 0.35
    need_four: float = 0.12
    size: float = 0.3
    mover: float = 0.2


DEFAULT = Weights()


def evaluate(board: Board, summary: Summary, side: str, weights: Weights = DEFAULT,
             tiles: int | None = None) -> float:
    """``side``'s share of the win, 0-1, where ``side`` is to move on ``board``
    (whose regions ``summary`` counts) with ``tiles`` to place (default: as
    the board counts) and the game goes on."""
    if winning_tiles(board, side, summary, tiles) is not None:
        return WIN
    return 1.0 / (1.0 + math.exp(-logit(board, summary, side, weights)))


def logit(board: Board, summary: Summary, side: str, weights: Weights = DEFAULT) -> float:
    """The heuristic part of ``evaluate`` (no immediate win for ``side``)."""
    rival = other(side)
    ours = summary.counts[side]
    theirs = summary.counts[rival]
    threats = theirs[1] + theirs[2]
    x = weights.mover
    if threats == 1:
        x -= weights.threat_one
    elif threats == 2:
        x -= weights.threat_two
    elif threats > 2:
        x -= weights.threat_many
    x += weights.need_three * (ours[3] - theirs[3]) + weights.need_four * (ours[4] - theirs[4])
    # the largest regions decide when the pool runs out: they count more the
    # fewer tiles are left
    played = board.placed / board.total
    x += weights.size * played * played * (summary.largest[side] - summary.largest[rival])
    return x
