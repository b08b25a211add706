"""Why a Che turn is good, in words, for ``/hint``: what it does to the regions
that are about to close (a region can be closed in a turn only when it needs at
most two more tiles; see computer/che_board.py)."""

from __future__ import annotations

from computer.che_board import Board, Summary
from games.che.geometry import COLOUR_NAMES, other
from games.che.position import ChePosition


def _closable(position: ChePosition, colour: str) -> list[int]:
    """The needs of ``colour``'s regions that need at most two more tiles."""
    if position.pattern is None or position.result is not None:
        return []
    board = Board(position)
    summary = Summary.of(board)
    return sorted(len(info.needs) for info in summary.small.values() if info.colour == colour)


def explain_turn(position: ChePosition, text: str) -> str:
    """The reason for playing ``text`` (a legal turn) in ``position``."""
    side = position.side_to_move
    if side is None:
        return ""
    rival = other(side)
    after = position.play(text).position
    assert isinstance(after, ChePosition)
    mine, theirs = COLOUR_NAMES[side], COLOUR_NAMES[rival]
    if after.result is not None:
        return _ending(after, side)
    if not position.tiles:
        return f"starts the board with a {COLOUR_NAMES[text[3]]} tile"
    threats_before = _closable(position, rival)
    threats_after = _closable(after, rival)
    own_after = _closable(after, side)
    if threats_before and len(threats_after) < len(threats_before):
        count = len(threats_before) - len(threats_after)
        what = f"{theirs}'s region" if count == 1 else f"{count} of {theirs}'s regions"
        return f"blocks {what} from closing"
    if own_after:
        need = own_after[0]
        tiles = "tile" if need == 1 else "tiles"
        return (f"threatens to close a {mine} region ({need} more {tiles}), "
                f"which {theirs} must answer")
    if not threats_after:
        return f"leaves {theirs} no region it can close next turn"
    return f"the best it can do: {theirs} still has a region to close"


def _ending(after: ChePosition, side: str) -> str:
    result = after.result
    assert result is not None
    if result.winner is None:
        return "draws: the tiles run out with equal largest regions"
    if result.winner != side:
        return "nothing better: every turn loses"
    closed = [r for r in after.closed_regions if r.colour == side]
    if closed:
        size = max(r.size for r in closed)
        return f"closes a {COLOUR_NAMES[side]} region of {size} and wins"
    mine = after.largest_region(side)
    theirs = after.largest_region(other(side))
    return (f"wins on the largest region as the tiles run out "
            f"({mine.size if mine else 0} against {theirs.size if theirs else 0})")
