"""Evaluations of Chebache positions, on the engine's compact state.

Everything is counted in *pips*: the spaces a side's pieces still have to go
to Finish (18 per piece in Start, 18 - n on space n).  Winning is bringing
every piece one controls into Finish, so fewer pips is better; an attack or a
trap sends pieces back to Start (their pips grow back to 18), and a captured
King changes sides (its pips go to the capturer).  The stronger ``score``
adds, in the same unit, what the rules make matter beyond the race:

- threatened pieces: pieces of the side to move on a space controlled by an
  opponent Chebache go to Start at the end of its turn unless they escape
  (only the top of a stack moves, so buried pieces rarely do), and a King
  among them loses the game at once;
- attacks: blots on Intersections that the side to move can reach with
  enough weight (probabilities over the 36 throws, memoised by shape);
  a lone King there is captured by two ordinary pieces;
- Kings: a King is a fighting piece (counts 2) but also the piece whose trap
  loses at once; standing Chebaches close spaces and threaten.

A score becomes a value (expected share of the win, 0-1) through a logistic
curve whose width grows with the pips left (a lead means more near the end).
"""

from __future__ import annotations

import math
from typing import TypeVar

from computer.search import TWO_DICE
from games.chebache.board import CHEBACHES, NUMBER, SLOT
from games.chebache.state import KING, P_START, P_START_K, State

#: Per side, per slot: the side's space number (0 where the slot is not on its path).
_NUM = NUMBER
#: Per side: (centre, left, right, controlled slot) of every possible Chebache.
_SHAPES = tuple(
    tuple((sh.centre_slot, sh.left_slot, sh.right_slot, sh.controlled_slot) for sh in shapes)
    for shapes in CHEBACHES)
#: Per side, per Intersection slot (0-8): the side's number there.
_X_NUM = tuple(tuple(NUMBER[side][slot] for slot in range(9)) for side in (0, 1))

#: What a trapped King costs its owner, in pips (the game: a sudden loss).
KING_LOSS = 150.0
#: What owning a King is worth beyond its pips (it fights as two pieces).
KING_WORTH = 6.0
#: A standing Chebache (closes an opponent space, threatens what stands there).
CHEBACHE_WORTH = 3.0
#: The side to move throws next: about 8 pips of tempo.
TEMPO = 8.0
#: Chance that the piece k-th from the top of a threatened stack does NOT
#: escape in its owner's turn (two moves, four with doubles; buried pieces
#: need a move for each piece above them).
_STUCK = (0.12, 0.35, 0.85, 0.9)


K = TypeVar("K")
V = TypeVar("V")


def _remember(memo: dict[K, V], key: K, value: V, limit: int) -> None:
    """Keep ``value`` in a memo of at most ``limit`` entries, emptied when full.

    Why emptied rather than left full: a full memo that keeps only its first
    entries stops learning the positions a long game (or a long-lived worker
    process, or a training run) has moved on to, and every miss then costs
    the whole computation again; self-play slowed fourteenfold that way."""
    if len(memo) >= limit:
        memo.clear()
    memo[key] = value


#: Per slot: stack -> (White's pips there, Black's, White's Kings, Black's,
#: who holds it: bit 0 White, bit 1 Black).  Stacks repeat a great deal.
_STACK_MEMO: tuple[dict[tuple[int, ...], tuple[int, int, int, int, int]], ...] = tuple(
    {(): (0, 0, 0, 0, 0)} for _ in range(25))


def _stack_info(slot: int, stack: tuple[int, ...]) -> tuple[int, int, int, int, int]:
    info = [0, 0, 0, 0, 0]
    for p in stack:
        side = p & 1
        info[side] += 18 - _NUM[side][slot]
        if p & KING:
            info[2 + side] += 1
        info[4] |= 1 << side
    got = (info[0], info[1], info[2], info[3], info[4])
    _remember(_STACK_MEMO[slot], stack, got, 20_000)
    return got


def scan(state: State) -> tuple[int, int, int, int, list[int]]:
    """(White's pips, Black's pips, White's Kings, Black's Kings, who holds
    each slot (bit 0 White, bit 1 Black)) in one pass."""
    slots, pools = state
    pw = 18 * (pools[0] + pools[1])
    pb = 18 * (pools[4] + pools[5])
    kw = pools[1] + pools[3]
    kb = pools[5] + pools[7]
    holders = []
    slot = 0
    for memo, stack in zip(_STACK_MEMO, slots, strict=True):
        info = memo.get(stack)
        if info is None:
            info = _stack_info(slot, stack)
        pw += info[0]
        pb += info[1]
        kw += info[2]
        kb += info[3]
        holders.append(info[4])
        slot += 1
    return pw, pb, kw, kb, holders


def _pips(scanned: tuple[int, int, int, int, list[int]]) -> tuple[int, int]:
    """White's and Black's pips of a ``scan`` (a tuple of one type, indexable by side)."""
    return scanned[0], scanned[1]


def pips(state: State, side: int) -> int:
    """Spaces ``side``'s pieces (the pieces it controls now) still have to go."""
    return _pips(scan(state))[side]


def race_value(state: State, side: int, to_move: int | None) -> float:
    """``side``'s chance from the pip counts alone (the side to move gets the tempo)."""
    got = _pips(scan(state))
    mine = got[side]
    theirs = got[1 - side]
    if mine == 0:
        return 1.0
    if theirs == 0:
        return 0.0
    diff: float = theirs - mine
    if to_move is not None:
        diff += TEMPO if to_move == side else -TEMPO
    return _logistic(diff, mine + theirs)


def _logistic(diff: float, total: float) -> float:
    """A pip lead as a share of the win: a lead counts more when few pips are
    left (the width shrinks with the race's length)."""
    width = 6.0 + 0.06 * total
    x = diff / width
    if x > 30:
        return 1.0
    if x < -30:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))


# --- the probability of assembling an attack ------------------------------

#: The 21 throws with their weights out of 36 (whole numbers: the hits are
#: counted exactly, then divided once).
_THROWS = tuple((a, b, round(chance * 36)) for (a, b), chance in TWO_DICE)
_HIT_MEMO: dict[tuple[int, bool, tuple[tuple[int, int, int], ...]], float] = {}


def attack_chance(need: int, defender_king: bool,
                  shooters: tuple[tuple[int, int, int], ...]) -> float:
    """The chance that one throw brings attackers of total weight >= ``need``
    onto a space: ``shooters`` are (distance, ordinary pieces, Kings) at each
    distance behind it along the attacker's path.  Ignores blocking and the
    top-of-stack rule (an estimate).  A King may not attack a King; a King is
    captured by ordinary pieces only, so Kings do not count then."""
    key = (need, defender_king, shooters)
    got = _HIT_MEMO.get(key)
    if got is not None:
        return got
    at: dict[int, tuple[int, int]] = {}
    for dist, ordinary, kings in shooters:
        at[dist] = (ordinary, 0 if defender_king else kings)
    hits = 0
    for a, b, weight in _THROWS:
        if _assembles(need, at, a, b):
            hits += weight
    got = hits / 36.0
    _remember(_HIT_MEMO, key, got, 100_000)
    return got


def _assembles(need: int, at: dict[int, tuple[int, int]], a: int, b: int) -> bool:
    """Whether dice ``a``, ``b`` can bring weight ``need`` (see attack_chance)."""
    if a == b:
        # four moves of a: pieces at a, 2a, 3a, 4a cost 1-4 moves each
        best = 0
        options = []
        for k in range(1, 5):
            ordinary, kings = at.get(a * k, (0, 0))
            options += [(2, k)] * min(kings, 4 // k) + [(1, k)] * min(ordinary, 4 // k)
        options.sort(key=lambda wc: (-wc[0] / wc[1], wc[1]))
        moves = 4
        for w, cost in options:
            if cost <= moves:
                moves -= cost
                best += w
        return best >= need
    best = 0
    for d in (a, b, a + b):
        ordinary, kings = at.get(d, (0, 0))
        if kings:
            best = max(best, 2)
        elif ordinary:
            best = max(best, 1)
    if best >= need:
        return True
    wa = _top_two(at.get(a, (0, 0)))
    wb = _top_two(at.get(b, (0, 0)))
    if wa and wb:
        # two different pieces (if both at one distance, that distance holds two)
        if a != b:
            return wa[0] + wb[0] >= need
    return False


def _top_two(entry: tuple[int, int]) -> tuple[int, ...]:
    ordinary, kings = entry
    return tuple(sorted([2] * kings + [1] * ordinary, reverse=True)[:2])


# --- the full score ---------------------------------------------------------

def score(state: State, side: int, to_move: int, kings_on: bool = True,
          attacks: bool = True) -> float:
    """``side``'s advantage in pips (positive: ``side`` is ahead), the side
    to move being ``to_move`` (see the module's doc); without ``attacks``,
    the attacks the side to move could make are not foreseen (the
    ``normal`` level's plainer judgement)."""
    return _score(state, side, to_move, kings_on, scan(state), attacks)


def _score(state: State, side: int, to_move: int, kings_on: bool,
           scanned: tuple[int, int, int, int, list[int]], attacks: bool = True) -> float:
    pw, pb, kw, kb, holders = scanned
    white = float(pb - pw)
    white += TEMPO if to_move == 0 else -TEMPO
    if kings_on:
        white += KING_WORTH * (kw - kb)
        white += CHEBACHE_WORTH * (_standing(state[0], holders, 0)
                                   - _standing(state[0], holders, 1))
    swing = _threats(state, to_move, holders, attacks)
    white += swing if to_move == 0 else -swing
    return white if side == 0 else -white


def _standing(slots: tuple[tuple[int, ...], ...], holders: list[int], side: int) -> int:
    bit = 1 << side
    n = 0
    for centre, left, right, _ctrl in _SHAPES[side]:
        if slots[centre] and holders[left] & bit and holders[right] & bit:
            n += 1
    return n


def _threats(state: State, mover: int, holders: list[int], attacks: bool = True) -> float:
    """What the side to move can expect to gain this coming turn, in pips:
    its attacks on the other side's Intersections, less what it loses on
    spaces the other side's Chebaches control (if it does not escape)."""
    slots, pools = state
    victim = 1 - mover
    gain = 0.0
    num_m = _NUM[mover]
    num_v = _NUM[victim]
    # the mover's pieces under the other's Chebaches
    vbit = 1 << victim
    for centre, left, right, ctrl in _SHAPES[victim]:
        stack = slots[ctrl]
        if not stack or not slots[centre] or not holders[left] & vbit \
                or not holders[right] & vbit:
            continue
        n = num_m[ctrl]
        depth = 0
        for p in reversed(stack):
            stuck = _STUCK[min(depth, 3)]
            if p & KING:
                gain -= stuck * KING_LOSS
            else:
                gain -= stuck * n
            depth += 1
    # the mover's attackers: every piece of a stack the mover tops, by its
    # space number (an estimate: only the top piece moves at first)
    shooters: list[tuple[int, int, int]] = []
    b = mover * 4
    if pools[b + P_START] or pools[b + P_START_K]:
        shooters.append((0, pools[b + P_START], pools[b + P_START_K]))
    pieces_get = _PIECES.get
    for n, slot in _PATH_SLOTS[mover]:
        stack = slots[slot]
        if stack and (stack[-1] & 1) == mover:
            info = pieces_get(stack) or _pieces(stack)
            shooters.append((n, info[mover], info[2 + mover]))
    if not shooters or not attacks:
        return gain
    best = 0.0
    vbit_only = 1 << victim
    x_num_m = _X_NUM[mover]
    for slot in range(9):
        if holders[slot] != vbit_only:
            continue
        stack = slots[slot]
        info = pieces_get(stack) or _pieces(stack)
        ordinary = info[victim]
        kings = info[2 + victim]
        weight = ordinary + 2 * kings
        if weight > 4:
            continue
        target = x_num_m[slot]
        near = tuple((target - n, o, k) for n, o, k in shooters if n < target)
        if not near:
            continue
        nv = num_v[slot]
        lost = ordinary * nv
        if kings:
            # a King falls to ordinary pieces only: 2 / 3 / 4 of them; it
            # changes sides with its pips (the victim has less to bring
            # home, the capturer more) and its worth as a fighter
            chance = attack_chance(2 + ordinary if kings == 1 else 4, True, near)
            worth = lost + kings * (2 * KING_WORTH - (36 - nv - target))
        else:
            chance = attack_chance(weight, False, near)
            worth = lost
        if chance and worth > 0:
            # one attack a turn counts fully, the others partly (dice are shared)
            value = chance * worth
            if value > best:
                gain += best * 0.3
                best = value
            else:
                gain += value * 0.3
    return gain + best


#: Per side: (space number, slot) of spaces 1..17 in path order.
_PATH_SLOTS = tuple(tuple((n, SLOT[side][n]) for n in range(1, 18)) for side in (0, 1))
#: Stack -> (White's ordinary pieces, Black's, White's Kings, Black's).
_PIECES: dict[tuple[int, ...], tuple[int, int, int, int]] = {}


def _pieces(stack: tuple[int, ...]) -> tuple[int, int, int, int]:
    count = [0, 0, 0, 0]
    for p in stack:
        count[(p & 1) + (2 if p & KING else 0)] += 1
    got = (count[0], count[1], count[2], count[3])
    _remember(_PIECES, stack, got, 50_000)
    return got


def value(state: State, side: int, to_move: int, kings_on: bool = True,
          attacks: bool = True) -> float:
    """``side``'s expected share of the win from ``score``."""
    scanned = scan(state)
    mine = _pips(scanned)[side]
    theirs = _pips(scanned)[1 - side]
    if mine == 0:
        return 1.0
    if theirs == 0:
        return 0.0
    return _logistic(_score(state, side, to_move, kings_on, scanned, attacks), mine + theirs)


def parts(state: State, to_move: int) -> tuple[int, int, int, int, int, int, float, float]:
    """The pieces ``score`` is made of, for a learned evaluation to weigh
    afresh (computer/chebache_learned.py): White's and Black's pips, Kings
    and standing Chebaches, and what the side to move can expect to gain
    this coming turn with and without its attacks (the pieces it loses under
    Chebaches taken off in both), in pips."""
    pw, pb, kw, kb, holders = scan(state)
    slots = state[0]
    return (pw, pb, kw, kb, _standing(slots, holders, 0), _standing(slots, holders, 1),
            _threats(state, to_move, holders, True), _threats(state, to_move, holders, False))


__all__ = ["attack_chance", "parts", "pips", "race_value", "score", "value"]
