"""Every legal turn with the position it leads to, without parsing texts.

``Position.play`` parses a turn's text and searches again for the moves it
names: fine for one typed turn, slow for a computer player that looks at
every turn of a throw (hundreds with doubles).  The turn search already knows
each turn's resulting state (``TurnSearch.outcomes``: the state code after
Phase I and the jump, before traps); here each is finished the way
``ChebachePosition._finish`` finishes a played turn (traps, then the win,
then the draw) into a position, in the engine's order and with its texts.
"""

from __future__ import annotations

from games.base import Dice, Result
from games.chebache.board import SIDE_LETTERS
from games.chebache.position import ChebachePosition
from games.chebache.state import State
from games.chebache.turns import NO_MOVE, EndOfTurn, end_of_turn
from games.outcome import EndReason


def after_turn(position: ChebachePosition, state: State) -> ChebachePosition:
    """The position once the side to move has ended its turn in ``state``
    (Phase I and the jump done): traps, a win, a draw, the next to move."""
    side = position._side
    assert side is not None
    eot = end_of_turn(state, side)
    if eot.winner is not None:
        letter = SIDE_LETTERS[eot.winner]
        reason = EndReason.ALL_HOME if eot.winner == side else EndReason.KING_TRAPPED
        won = Result(letter, 1, f"{letter} wins", ended_by=reason)
        return ChebachePosition(eot.state, None, won, position.options)
    if eot.draw:
        drawn = Result(None, 0, "draw", ended_by=EndReason.NO_PIECES)
        return ChebachePosition(eot.state, None, drawn, position.options)
    return ChebachePosition(eot.state, 1 - side, None, position.options)


def successors(position: ChebachePosition, dice: Dice) -> list[tuple[str, ChebachePosition]]:
    """Every legal turn for ``dice`` as (its canonical text, the position
    after it): the texts and order of ``position.legal_turns(dice)``, each
    position the one ``position.play(text, dice)`` reaches."""
    if position.side_to_move is None:
        return []
    dice = position._check_dice(dice)
    outcomes = position._search(dice).outcomes(dice)
    if not outcomes:  # nothing can move: the turn passes (traps still apply)
        return [(NO_MOVE, after_turn(position, position.state))]
    return [(o.text, after_turn(position, o.state)) for o in outcomes]



def turn_ends(position: ChebachePosition, dice: Dice) -> list[EndOfTurn]:
    """Like ``successors`` without texts or positions: each legal turn's end
    of turn (state after traps, winner, draw), for searches that value
    states themselves and need the speed."""
    side = position._side
    if side is None:
        return []
    dice = position._check_dice(dice)
    outcomes = position._search(dice).outcomes(dice)
    if not outcomes:
        return [end_of_turn(position.state, side)]
    return [end_of_turn(o.state, side) for o in outcomes]
