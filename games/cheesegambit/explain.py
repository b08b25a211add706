"""Why a written CheeseGambit turn cannot be played: the first wrong part, named
(and, before any search, whether it writes more steps than the dice give).

Used after the search found no way to play the written moves and the simple
reasons (pool first, missing piece, landing on a block, bearing off too early)
did not apply.  Each written piece's path is tried first on its own, in the
order written, then together with the ones before it, so the message names the
first part that is wrong and why.  Every check here is arithmetic or one
search bounded by the dice (at most four written steps reach this point).
"""

from __future__ import annotations

from games.cheesegambit.board import EXIT, MAX_PIECES, OFF, POOL, TRACK, location_name, remaining
from games.cheesegambit.movegen import CHEESEGAMBIT, GAMBIT, GAMBLE, TurnGenerator
from games.cheesegambit.notation import WrittenTurn
from games.errors import IllegalTurnError
from games.messages import Message
from games.notation import format_dice

Segment = tuple[int, int, bool]


def _dice_pool(dice: tuple[int, ...]) -> tuple[int, ...]:
    return (dice[0],) * 4 if dice[0] == dice[1] else tuple(dice)


def _sums(dice: tuple[int, ...]) -> list[int]:
    """Every total of one or more of the dice (a piece moves die after die)."""
    out: set[int] = set()
    n = len(dice)
    for mask in range(1, 1 << n):
        out.add(sum(dice[i] for i in range(n) if mask >> i & 1))
    return sorted(out)


def chain_text(colour: str, chain: list[Segment]) -> str:
    """A written path as text (``9/13/17``)."""
    text = location_name(colour, chain[0][0])
    for _, dst, x in chain:
        text += ("X" if x else "/") + location_name(colour, dst)
    return text


def _segment_reason(colour: str, seg: Segment, dice: tuple[int, ...]) -> Message | None:
    """Arithmetic reasons one step cannot be made: direction, exit, pips."""
    src, dst, _ = seg
    name = f"{location_name(colour, src)}/{location_name(colour, dst)}"
    if src == POOL:
        return None
    pips = remaining(colour, src) - remaining(colour, dst)
    if pips <= 0:
        if 1 <= dst <= TRACK and 1 <= src <= TRACK:
            return (Message.of("gerr_c_exit", move=name, side=colour, exit=EXIT[colour]))
        return Message.of("gerr_c_forward", move=name)
    if dst == OFF:
        return None  # bearing off with a higher die: judged by the search
    sums = _sums(_dice_pool(dice))
    if pips not in sums:
        made = ", ".join(str(s) for s in sums)
        # ``made`` is a list of step counts: its word is plural unless it is just "1"
        return Message.of("gerr_c_steps", move=name, pips=pips, dice=format_dice(dice),
                          made=made)
    return None


def chain_reason(colour: str, chain: list[Segment], dice: tuple[int, ...]) -> Message | None:
    """An arithmetic reason the written path cannot be made, or None."""
    for seg in chain:
        reason = _segment_reason(colour, seg, dice)
        if reason:
            if len(chain) == 1:
                return reason
            return Message.of("gerr_in_chain", reason=reason, chain=chain_text(colour, chain))
    return None


def explain(gen: TurnGenerator, chains: list[list[Segment]], dice: tuple[int, ...]
            ) -> Message | None:
    """The first written part that cannot be played and why; None if unknown."""
    colour = gen.colour
    for k, chain in enumerate(chains):
        text = chain_text(colour, chain)
        reason = chain_reason(colour, chain, dice)
        if reason:
            return reason
        if not gen.realise([chain], dice):
            return (Message.of("gerr_c_no_way", move=text, dice=format_dice(dice)))
        if k and not gen.realise(chains[:k + 1], dice):
            before = ", ".join(chain_text(colour, c) for c in chains[:k])
            return (Message.of("gerr_c_not_all", move=text, before=before, dice=format_dice(dice)))
    return None


def check_written_count(written: WrittenTurn, dice: tuple[int, ...]) -> None:
    """Refuse, before any search, a text that writes more steps than the throw
    gives: each written step takes at least one die.  This bounds the search
    that realises a written turn (issue 12: repeated groups made it explode)."""
    steps = sum(len(chain) for chain in written.chains)
    double = dice[0] == dice[1]
    if written.kind == GAMBLE:
        most, code = MAX_PIECES, "gerr_c_gamble_most"
    elif written.kind == GAMBIT:
        most, code = 2, "gerr_c_gambit_most"
    elif written.kind == CHEESEGAMBIT:
        most, code = 2, "gerr_c_cheese_most"
    else:
        most, code = (4 if double else 2), "gerr_wrote_too_many"
    if steps > most:
        raise IllegalTurnError(Message.of(code, steps=steps, most=most, dice=format_dice(dice)))
