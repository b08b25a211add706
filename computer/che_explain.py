"""Why a Che turn is good, for ``/hint``: what it does to the regions that are
about to close (a region can be closed in a turn only when it needs at most two
more tiles; see computer/che_board.py).  Reasons are keys and values
(computer/reasons.py) the bot says in the reader's language."""

from __future__ import annotations

from computer.che_board import Board, Summary
from computer.reasons import NO_REASON, Reason, Said
from games.che.geometry import COLOUR_NAMES, other
from games.che.position import ChePosition
from games.turns import Turn


def _closable(position: ChePosition, colour: str) -> list[int]:
    """The needs of ``colour``'s regions that need at most two more tiles."""
    if position.pattern is None or position.result is not None:
        return []
    board = Board(position)
    summary = Summary.of(board)
    return sorted(len(info.needs) for info in summary.small.values() if info.colour == colour)


def explain_turn(position: ChePosition, text: str | Turn) -> Reason:
    """The reason for playing ``text`` (a legal turn) in ``position``."""
    side = position.side_to_move
    if side is None:
        return NO_REASON
    rival = other(side)
    after = position.play(text).position
    assert isinstance(after, ChePosition)
    mine, theirs = COLOUR_NAMES[side], COLOUR_NAMES[rival]
    if after.result is not None:
        return _ending(after, side)
    if not position.tiles:
        turn = text if isinstance(text, Turn) else position.read_turn(text, ())
        return Reason.of("hint_che_starts", side=COLOUR_NAMES[turn.steps[0].colour])
    threats_before = _closable(position, rival)
    threats_after = _closable(after, rival)
    own_after = _closable(after, side)
    if threats_before and len(threats_after) < len(threats_before):
        count = len(threats_before) - len(threats_after)
        if count == 1:
            return Reason.of("hint_che_blocks_one", foe=theirs)
        return Reason.of("hint_che_blocks", count=count, foe=theirs)
    if own_after:
        return Reason.of("hint_che_threatens", side=mine, need=own_after[0], foe=theirs)
    if not threats_after:
        return Reason.of("hint_che_leaves_none", foe=theirs)
    # every turn leaves the rival a region to close: that is what it costs, not why
    return Reason((Said.of("hint_che_best"),),
                  drawbacks=(Said.of("hint_che_leaves_foe", foe=theirs),))


def _ending(after: ChePosition, side: str) -> Reason:
    result = after.result
    assert result is not None
    if result.winner is None:
        return Reason.of("hint_che_draws")
    if result.winner != side:
        return Reason.of("hint_che_loses")
    closed = [r for r in after.closed_regions if r.colour == side]
    if closed:
        size = max(r.size for r in closed)
        return Reason.of("hint_che_closes", side=COLOUR_NAMES[side], size=size)
    mine = after.largest_region(side)
    theirs = after.largest_region(other(side))
    return Reason.of("hint_che_largest", size=mine.size if mine else 0,
                     other_size=theirs.size if theirs else 0)
