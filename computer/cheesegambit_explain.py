"""Why a CheeseGambit turn is good, for a hint: "bumps Blue's piece on 23 into
the pool and gets to safety", as keys and values (computer/reasons.py) the bot
says in the reader's language."""

from __future__ import annotations

from computer.reasons import NO_REASON, Reason, Said
from games.base import Dice
from games.cheesegambit.board import COLOUR_NAMES, TRACK
from games.cheesegambit.position import CheeseGambitPosition
from games.errors import GameError
from games.events import BorneOff, Hit, Moved, Passed, Taunted
from games.turns import StepKind, Turn


def describe_turn(position: CheeseGambitPosition, dice: Dice, text: str | Turn) -> Reason:
    """The reason for playing ``text`` (a legal turn, maybe ending with ``T@X``)
    with ``dice`` in ``position``; empty when the text is not legal."""
    side = position.next_side
    if side is None:
        return NO_REASON
    try:
        played = position.play(text, dice)
        # the kind word (``G``) is the turn's first step
        turn = text if isinstance(text, Turn) else position.read_turn(text, dice)
    except GameError:
        return NO_REASON
    events = played.events
    parts: list[Said] = []
    first = turn.steps[0]
    kind = first.text if first.kind == StepKind.WORD else ""
    if any(isinstance(e, Passed) for e in events):
        return Reason.of("hint_cg_dance")
    if kind == "G":
        parts.append(Said.of("hint_cg_gambit"))
    elif kind == "CG":
        parts.append(Said.of("hint_cg_cheesegambit"))
    elif kind == "gamble":
        parts.append(Said.of("hint_cg_gamble"))
    for event in events:
        if isinstance(event, Hit):
            victim = COLOUR_NAMES[event.victim]
            parts.append(Said.of("hint_cg_bumps_one", foe=victim, at=event.at)
                         if event.count == 1 else
                         Said.of("hint_cg_bumps", foe=victim, count=event.count, at=event.at))
    entered = sum(e.count for e in events if isinstance(e, Moved) and e.src == "P")
    if entered and kind != "CG":
        parts.append(Said.of("hint_cg_enters", pieces=_pieces(entered)))
    homed = sum(e.count for e in events if isinstance(e, Moved)
                and e.dst.startswith("S") and not e.src.startswith("S"))
    if homed:
        parts.append(Said.of("hint_cg_homes", pieces=_pieces(homed)))
    off = sum(e.count for e in events if isinstance(e, BorneOff))
    if off:
        parts.append(Said.of("hint_cg_bears_off", pieces=_pieces(off)))
    after = played.position
    assert isinstance(after, CheeseGambitPosition)  # a CheeseGambit turn gives one
    gains, costs = _safety(position, after, side, events)
    parts.extend(gains)
    for event in events:
        if isinstance(event, Taunted):
            parts.append(Said.of("hint_cg_taunts", foe=COLOUR_NAMES[event.target]))
    if not parts:
        # the blots a turn leaves are never why it is played: the race is
        parts.append(Said.of("hint_cg_race"))
    return Reason(tuple(parts), join="and", drawbacks=tuple(costs))


def _pieces(n: int) -> Said:
    return Said.of("hint_piece") if n == 1 else Said.of("hint_pieces", count=n)


def _safety(before: CheeseGambitPosition, after: CheeseGambitPosition, side: str,
            events: tuple) -> tuple[list[Said], list[Said]]:
    """Blocks made and pieces that ended safe (gains), and the blots left (costs)."""
    old = before.track(side)
    new = after.track(side)
    landed = {int(e.dst) for e in events if isinstance(e, Moved) and e.dst.isdigit()}
    blocks = sorted(sq for sq in landed if new.get(sq, 0) >= 2 and old.get(sq, 0) < 2)
    out = []
    costs: list[Said] = []
    if blocks:
        out.append(Said.of("hint_cg_block", squares=tuple(blocks)))
    blots = sorted(sq for sq in landed if new.get(sq, 0) == 1)
    moved_from = {int(e.src) for e in events if isinstance(e, Moved) and e.src.isdigit()}
    broken = sorted(sq for sq in moved_from if new.get(sq, 0) == 1 and 1 <= sq <= TRACK)
    left = sorted(set(blots) | set(broken))
    if left:
        costs.append(Said.of("hint_cg_blot" if len(left) == 1 else "hint_cg_blots",
                             squares=tuple(left)))
    elif landed or any(isinstance(e, Moved) and e.dst.startswith("S") for e in events):
        out.append(Said.of("hint_cg_safe" if not blocks else "hint_cg_no_blot"))
    return out, costs
