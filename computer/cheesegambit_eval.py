"""How good a CheeseGambit position is for each side, as its expected share of
the win (the computer player's evaluation; see computer/cheesegambit.py).

The game is a race with hits: every side must carry its pieces round to its
exit square and up its safe zone.  Each side's *effective pip count* is what it
still has to travel (``board.remaining``), plus a cost per pool piece (it
must re-enter before anything else moves, and may dance), plus the expected
loss from its blots being bumped before its next turn (the chance that an
opponent's throw reaches the blot, times the pips the blot would lose by going
back to the pool), plus a little per piece not yet borne off (each die bears
off one piece at most).  Divided by the pips a throw moves on average, that is
the number of turns the side still needs; the sides' shares of the win follow
from those turn counts as a softmax whose width grows with the length of the
race (a longer race leaves more to luck).

Everything works on plain tuples of location codes so that a search can value
positions it never builds (see ``shares``)."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

from games.cheesegambit.board import (
    COLOURS,
    OFF,
    POOL,
    REENTRY_START,
    TRACK,
    distance_to_exit,
    remaining,
)

Pieces = tuple[int, ...]

#: Pips a throw of two dice moves on average (doubles count four times).
PIPS_PER_TURN = 7.0 + 7.0 / 6.0
#: Extra pips a piece in the pool costs (the entering tempo, the risk of a dance).
POOL_COST = 4.0
#: Pips per piece not borne off (the bear-off wastes part of the dice).
PIECE_COST = 1.0
#: How much of a blot's expected loss counts (the hit is only a chance and the
#: opponent may prefer another move).
RISK_WEIGHT = 1.0
#: The same for the side about to throw: it moves before anyone can hit, so it
#: can often cover or run.
MOVER_RISK_WEIGHT = 0.3
#: The softmax width in turns: ``SPREAD_ROOT * sqrt(T) + SPREAD_LINEAR * T`` for
#: the sides' mean turns T still needed: the race's own luck grows as the root of
#: its length, the bumps' (pieces sent back or forward) about as its length.
SPREAD_ROOT = 0.5
SPREAD_LINEAR = 0.08
SPREAD_BASE = 0.3

#: REM[colour][location code] = pips still to travel (``board.remaining``).
REM: dict[str, list[int]] = {
    c: [remaining(c, loc) if loc <= TRACK or 100 < loc <= 106 or loc == OFF else 0
        for loc in range(OFF + 1)]
    for c in COLOURS
}
#: DIST[colour][square] = steps from a track square to the colour's exit square.
DIST: dict[str, list[int]] = {
    c: [0] + [distance_to_exit(c, sq) for sq in range(1, TRACK + 1)] for c in COLOURS
}
#: The square just before R1: a pool piece attacks as if it stood there.
POOL_SQUARE = {c: REENTRY_START[c] - 1 for c in COLOURS}


def _hit_masks() -> list[int]:
    """HIT[k]: the set (a 36-bit mask) of ordered throws that move one piece
    exactly k steps (a die, both dice, or 2-4 steps of a double), ignoring blocks."""
    masks = [0] * 25
    for a in range(1, 7):
        for b in range(1, 7):
            bit = 1 << ((a - 1) * 6 + b - 1)
            reach = {a, b, a + b} if a != b else {a, 2 * a, 3 * a, 4 * a}
            for k in reach:
                masks[k] |= bit
    return masks


HIT = _hit_masks()


def _direct_masks() -> list[int]:
    """HIT_DIRECT[k]: the throws with a die of exactly k (a coarser count of
    shots that misses the combined ones)."""
    masks = [0] * 25
    for a in range(1, 7):
        for b in range(1, 7):
            masks[a] |= 1 << ((a - 1) * 6 + b - 1)
            masks[b] |= 1 << ((a - 1) * 6 + b - 1)
    return masks


HIT_DIRECT = _direct_masks()


def blot_risk(side: str, pieces: Pieces, others: Mapping[str, Pieces],
              masks: Sequence[int] = HIT) -> float:
    """Pips ``side`` expects to lose from its blots being bumped before its next
    turn: for each single piece on the track, the chance that some opponent's
    throw reaches it, times what going to the pool costs that piece."""
    singles = blots(pieces)
    if not singles:
        return 0.0
    rem = REM[side]
    pool_loss = rem[POOL] + POOL_COST
    total = 0.0
    attackers = [(o, _attack_squares(o, p)) for o, p in others.items() if p]
    for b in singles:
        loss = pool_loss - rem[b]
        if loss <= 0.0:
            continue  # a piece not yet past its re-entry zone gains from a bump: no one bumps it
        miss = 1.0
        for o, squares in attackers:
            dist = DIST[o]
            mask = 0
            for a, from_pool in squares:
                k = (b - a) % TRACK
                if 0 < k <= 24 and (from_pool or k <= dist[a]):
                    mask |= masks[k]
            if mask:
                miss *= 1.0 - mask.bit_count() / 36.0
        if miss < 1.0:
            total += (1.0 - miss) * loss
    return total * RISK_WEIGHT


def blots(pieces: Pieces) -> list[int]:
    """Track squares holding exactly one of these (sorted) pieces."""
    out = []
    n = len(pieces)
    for i, p in enumerate(pieces):
        if p > TRACK:
            break
        if p == POOL:
            continue
        if (i == 0 or pieces[i - 1] != p) and (i + 1 == n or pieces[i + 1] != p):
            out.append(p)
    return out


def _attack_squares(colour: str, pieces: Pieces) -> list[tuple[int, bool]]:
    """Where ``colour`` can hit from: its distinct track squares, and the square
    before its re-entry zone when it has pieces in the pool."""
    out: list[tuple[int, bool]] = []
    last = -1
    for p in pieces:
        if p > TRACK:
            break
        if p == last:
            continue
        last = p
        out.append((POOL_SQUARE[colour], True) if p == POOL else (p, False))
    return out


def turns_needed(side: str, pieces: Pieces, others: Mapping[str, Pieces],
                 risk: float = 1.0, direct: bool = False) -> float:
    """About how many turns ``side`` still needs to bear off every piece."""
    rem = REM[side]
    pips = 0.0
    left = 0
    pool = 0
    for p in pieces:
        if p == OFF:
            continue
        left += 1
        pips += rem[p]
        if p == POOL:
            pool += 1
    pips += POOL_COST * pool + PIECE_COST * left
    if risk:
        pips += risk * blot_risk(side, pieces, others, HIT_DIRECT if direct else HIT)
    return pips / PIPS_PER_TURN


def shares(pieces: Mapping[str, Pieces], order: Sequence[str], risk: bool = True,
           ahead: Mapping[str, float] | None = None, direct: bool = False) -> list[float]:
    """Each side's expected share of the win, for the sides in ``order`` (the
    active sides in turn order, the side to throw first), from their pieces;
    ``ahead`` gives pips some sides have moved beyond what their pieces show
    (a search's shortcut for dice it does not place); ``direct`` counts only
    direct shots at blots (the ``normal`` level's coarser look)."""
    n = len(order)
    turns = []
    for i, side in enumerate(order):
        others = {o: pieces[o] for o in order if o != side}
        # moving earlier in the round is worth that fraction of a turn
        weight = (MOVER_RISK_WEIGHT if i == 0 else 1.0) if risk else 0.0
        t = turns_needed(side, pieces[side], others, weight, direct) + i / n
        if ahead:
            t -= ahead.get(side, 0.0) / PIPS_PER_TURN
        turns.append(t)
    mean = sum(turns) / n
    mean = max(mean, 0.0)
    width = SPREAD_ROOT * math.sqrt(mean) + SPREAD_LINEAR * mean + SPREAD_BASE
    best = min(turns)
    weights = [math.exp((best - t) / width) for t in turns]
    total = sum(weights)
    return [w / total for w in weights]


def turn_order(sides: Sequence[str], active: Sequence[str], first: str) -> list[str]:
    """The active sides in turn order starting with ``first``."""
    i = sides.index(first)
    ring = list(sides[i:]) + list(sides[:i])
    return [s for s in ring if s in active]
