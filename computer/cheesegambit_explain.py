"""Why a CheeseGambit turn is good, in words, for a hint: "bumps Blue's piece
on 23 into the pool and gets to safety"."""

from __future__ import annotations

from games.base import Dice
from games.cheesegambit.board import COLOUR_NAMES, TRACK
from games.cheesegambit.position import CheeseGambitPosition
from games.errors import GameError
from games.events import BorneOff, Hit, Moved, Passed, Taunted


def describe_turn(position: CheeseGambitPosition, dice: Dice, text: str) -> str:
    """The reason for playing ``text`` (a legal turn, maybe ending with ``T@X``)
    with ``dice`` in ``position``, in words; "" when the text is not legal."""
    side = position.next_side
    if side is None:
        return ""
    try:
        played = position.play(text, dice)
    except GameError:
        return ""
    events = played.events
    parts: list[str] = []
    kind = text.split(" ", 1)[0]
    if any(isinstance(e, Passed) for e in events):
        return "no move is possible: the turn is a dance"
    if kind == "G":
        parts.append("plays the Gambit")
    elif kind == "CG":
        parts.append("plays the CheeseGambit (an extra turn follows)")
    elif kind == "gamble":
        parts.append("the Gamble")
    for event in events:
        if isinstance(event, Hit):
            whose = f"{COLOUR_NAMES[event.victim]}'s " + (
                "piece" if event.count == 1 else f"{event.count} pieces")
            parts.append(f"bumps {whose} on {event.at} into the pool")
    entered = sum(e.count for e in events if isinstance(e, Moved) and e.src == "P")
    if entered and kind != "CG":
        parts.append(f"brings {_pieces(entered)} back from the pool")
    homed = sum(e.count for e in events if isinstance(e, Moved)
                and e.dst.startswith("S") and not e.src.startswith("S"))
    if homed:
        parts.append(f"brings {_pieces(homed)} into the safe zone")
    off = sum(e.count for e in events if isinstance(e, BorneOff))
    if off:
        parts.append(f"bears off {_pieces(off)}")
    after = played.position
    assert isinstance(after, CheeseGambitPosition)  # a CheeseGambit turn gives one
    parts.extend(_safety(position, after, side, events))
    for event in events:
        if isinstance(event, Taunted):
            parts.append(f"taunts {COLOUR_NAMES[event.target]}")
    if not parts:
        return "moves on in the race"
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def _pieces(n: int) -> str:
    return "a piece" if n == 1 else f"{n} pieces"


def _safety(before: CheeseGambitPosition, after: CheeseGambitPosition, side: str,
            events: tuple) -> list[str]:
    """Blocks made, and whether the pieces that moved ended safe or left blots."""
    old = before.track(side)
    new = after.track(side)
    landed = {int(e.dst) for e in events if isinstance(e, Moved) and e.dst.isdigit()}
    blocks = sorted(sq for sq in landed if new.get(sq, 0) >= 2 and old.get(sq, 0) < 2)
    out = []
    if blocks:
        out.append("makes a block on " + _squares(blocks))
    blots = sorted(sq for sq in landed if new.get(sq, 0) == 1)
    moved_from = {int(e.src) for e in events if isinstance(e, Moved) and e.src.isdigit()}
    broken = sorted(sq for sq in moved_from if new.get(sq, 0) == 1 and 1 <= sq <= TRACK)
    left = sorted(set(blots) | set(broken))
    if left:
        out.append(("leaves a blot on " if len(left) == 1 else "leaves blots on ")
                   + _squares(left))
    elif landed or any(isinstance(e, Moved) and e.dst.startswith("S") for e in events):
        out.append("gets to safety" if not blocks else "leaves no blot")
    return out


def _squares(squares: list[int]) -> str:
    names = [str(sq) for sq in squares]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
