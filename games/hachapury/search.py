"""Legal-turn search: every full turn for a throw, deduplicated by result.

A breadth-first search over single-die moves.  Each level holds the states
reachable with one more die, keyed by the dice still to play and then by the
packed state, so the many orders that reach one position are expanded once.
That dedup, the packed int states and the opponent folded into bit masks are
what keep a crowded doubles throw in the low milliseconds.

Rules applied here (hachapury.md): exact dice, no landing on an opponent,
bearing off only with all 15 home (from the die's point, or from the highest
point when nothing stands on the die's point or higher), the barrier check
after every single move, the full-move rule (maximum dice over all
sequences; bearing off the 15th checker counts as every die) and the
higher-die rule when only one of two different dice can be played.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from games.hachapury.board import TurnContext
from games.turns import Step, StepKind, Turn, pass_turn

#: A move as stored in a turn: (-source, destination), destination 0 = off.
#: Negating the source makes plain tuple order the canonical order (high
#: source first, then the bigger die first).
Move = tuple[int, int]

PASS_TEXT = "(no move)"


def move_text(move: Move) -> str:
    """``24/18`` or ``6/F`` for a stored move."""
    return _MOVE_TEXT[move]


_MOVE_TEXT: dict[Move, str] = {
    (-p, d): f"{p}/{d if d else 'F'}" for p in range(1, 25) for d in range(0, p)
}


def _step(move: Move, count: int) -> Step:
    source, target = -move[0], move[1]
    return Step(_MOVE_TEXT[move] if count == 1 else f"{count}({_MOVE_TEXT[move]})",
                StepKind.BEAR_OFF if target == 0 else StepKind.MOVE,
                str(source), str(target) if target else "F", count)


#: Every step a turn can hold, made once: (move, how many checkers make it) -> Step.
_STEPS: dict[tuple[Move, int], Step] = {
    (move, count): _step(move, count) for move in _MOVE_TEXT for count in range(1, 5)
}
PASS_TURN = pass_turn(PASS_TEXT)


def turn_value(moves: tuple[Move, ...]) -> Turn:
    """The turn value of a sorted move tuple: one step per written part (identical
    moves grouped, ``2(24/18)``), its text the parts joined by ", " (the canonical
    text).  The text is built from the steps, so a listing writes each part once."""
    if not moves:
        return PASS_TURN
    steps = []
    prev = moves[0]
    run = 0
    for move in moves:
        if move == prev:
            run += 1
            continue
        steps.append(_STEPS[prev, run])
        prev, run = move, 1
    steps.append(_STEPS[prev, run])
    return Turn(", ".join([step.text for step in steps]), tuple(steps))


@dataclass
class TurnSet:
    """Every legal turn of one position for one throw.

    ``max_dice`` is how many dice a legal turn uses (a win counts as all of
    them; 0 means the turn passes).  ``turns`` maps each resulting packed
    state to its canonical (sorted) moves; ``texts`` lists the canonical texts
    best-first and ``by_state`` gives the text of a resulting state.
    """

    dice: tuple[int, ...]
    max_dice: int
    turns: dict[int, tuple[Move, ...]]
    texts: list[str] = field(default_factory=list)
    by_state: dict[int, str] = field(default_factory=dict)
    #: The turns as values, in ``texts`` order.
    values: list[Turn] = field(default_factory=list)


def _candidates(ctx: TurnContext, die: int) -> list[tuple[int, int, int, int, int, int, Move]]:
    """Precomputed (point bit, nibble unit, nibble shift, target add, target bit,
    target, move) for every source this die could ever move from against ``ctx``."""
    out = []
    for p in range(24, 0, -1):
        t = p - die
        if t >= 1:
            if (ctx.blocked >> t) & 1:
                continue  # landing on an opponent is never legal: skip it for good
            out.append((1 << p, 1 << (4 * p), 4 * p, 1 << (4 * t), 1 << t, t, (-p, t)))
        else:
            out.append((1 << p, 1 << (4 * p), 4 * p, 1, 0, t, (-p, 0)))
    return out


def explore(
    ctx: TurnContext, state: int, mask: int, dice: tuple[int, ...]
) -> tuple[list[dict[tuple[int, ...], dict[int, tuple[int, tuple[Move, ...]]]]], dict]:
    """Breadth-first expansion of ``dice`` from a state.

    Returns the levels (level k: remaining dice -> state -> (mask, moves)) and
    the winning states (15th checker off: the turn ends there).
    """
    rem0 = tuple(sorted(dice, reverse=True))
    cands = {d: _candidates(ctx, d) for d in set(dice)}
    bad = ctx.bad_runs
    level: dict[tuple[int, ...], dict[int, tuple[int, tuple[Move, ...]]]] = {
        rem0: {state: (mask, ())}
    }
    levels = [level]
    wins: dict[int, tuple[Move, ...]] = {}
    while True:
        nxt: dict[tuple[int, ...], dict[int, tuple[int, tuple[Move, ...]]]] = {}
        for rem, nodes in level.items():
            seen_die = -1
            for i, die in enumerate(rem):
                if die == seen_die:
                    continue
                seen_die = die
                rem2 = rem[:i] + rem[i + 1:]
                bucket = nxt.setdefault(rem2, {})
                cand = cands[die]
                for s, (m, moves) in nodes.items():
                    home = not (s >> 28)
                    for pbit, unit, shift, tadd, tbit, t, move in cand:
                        if not m & pbit:
                            continue
                        if t <= 0:
                            if not home:
                                continue
                            if t < 0 and m >> (shift // 4 + 1):
                                continue  # a checker stands higher: no lower bear-off
                        s2 = s - unit + tadd
                        if s2 in bucket:
                            continue
                        m2 = m | tbit
                        if not (s >> shift) & 14:  # the last checker leaves this point
                            m2 ^= pbit
                        mo = ((m2 >> 12) & 0x1FFE) | ((m2 & 0x1FFE) << 12)
                        two = mo & (mo >> 1)
                        if (two & (two >> 2)) & (two >> 4) & bad:
                            continue  # an illegal barrier would stand
                        if s2 & 15 == 15:
                            wins.setdefault(s2, moves + (move,))
                        else:
                            bucket[s2] = (m2, moves + (move,))
        nxt = {rem: nodes for rem, nodes in nxt.items() if nodes}
        if not nxt:
            return levels, wins
        level = nxt
        levels.append(level)


def search(ctx: TurnContext, state: int, mask: int, dice: tuple[int, ...]) -> TurnSet:
    """All legal turns for ``dice`` from a packed state (the side to move's)."""
    levels, wins = explore(ctx, state, mask, dice)
    full = len(dice)
    depth = len(levels) - 1
    finals: list[tuple[int, tuple[Move, ...]]] = list(wins.items())
    if wins:
        max_dice = full
        if depth == full:
            finals += [(s, mv) for nodes in levels[full].values() for s, (_, mv) in nodes.items()]
    else:
        max_dice = depth
        buckets = levels[depth]
        if depth == 1 and full == 2 and dice[0] != dice[1]:
            # Higher-die rule: with one die playable, the higher is used when it can be.
            high, low = max(dice), min(dice)
            chosen = buckets.get((low,)) or buckets.get((high,)) or {}
            finals = [(s, mv) for s, (_, mv) in chosen.items()]
        elif depth:
            finals = [(s, mv) for nodes in buckets.values() for s, (_, mv) in nodes.items()]
    turns: dict[int, tuple[Move, ...]] = {}
    for s, mv in finals:
        canon = tuple(sorted(mv))
        old = turns.get(s)
        if old is None or canon < old:
            turns[s] = canon
    result = TurnSet(tuple(dice), max_dice, turns)
    if not turns:
        result.texts = [PASS_TEXT]
        result.values = [PASS_TURN]
        result.by_state = {state: PASS_TEXT}
        return result
    for s, mv in sorted(turns.items(), key=lambda item: item[1]):
        turn = turn_value(mv)
        text = turn.text
        result.values.append(turn)
        result.texts.append(text)
        result.by_state[s] = text
    return result
