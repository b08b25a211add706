"""Searching Che turns: every turn of the side to move valued by the position
it leads to (one turn), and the best of them looked at one reply deeper (two
turns), on the mutable board of computer/che_board.py.

A turn is one or two tiles; the turn's tiles are enumerated the engine's way
(``ChePosition.legal_turns``): a tile that ends the game is a whole turn, and
two quiet tiles that could be placed in either order are listed once.  Leaves
are valued by computer/che_eval.py for the side then to move, whose first
question is whether it can close a region at once: so one turn of search sees
the reply's immediate win, and two turns see a forced win of our own next turn.
"""

from __future__ import annotations

from dataclasses import dataclass

from computer.base import Budget
from computer.che_board import DRAW, Board, Summary
from computer.che_eval import DEFAULT, LOSS, WIN, Weights, evaluate
from games.che.geometry import COLOURS, Cell, other

Tiles = tuple[tuple[Cell, str], ...]

#: How many leaves between two looks at the budget (every one is counted).
_CLOCK_EVERY = 64


class OutOfTime(Exception):
    """The budget (its work, or the safety cap) ran out in the middle of a list
    of turns."""


@dataclass(frozen=True)
class Scored:
    """A turn and its value for the side playing it."""

    value: float
    tiles: Tiles


def turn_text(tiles: Tiles) -> str:
    """The canonical text of a turn (``1,0B 0,1W``)."""
    return " ".join(f"{x},{y}{colour}" for (x, y), colour in tiles)


def result_value(result: str, side: str) -> float:
    if result == DRAW:
        return 0.5
    return WIN if result == side else LOSS


class Searcher:
    """Values turns for one decision; counts leaves (a unit of the budget each)
    and watches the budget."""

    def __init__(self, budget: Budget | None, weights: Weights = DEFAULT) -> None:
        self.budget = budget
        self.weights = weights
        self.leaves = 0

    def leaf(self, board: Board, summary: Summary, side: str, tiles: int | None = None
             ) -> float:
        """The value of a leaf for ``side``, to move there (computer/che_eval.py)."""
        return evaluate(board, summary, side, self.weights, tiles)

    def _tick(self) -> None:
        self.leaves += 1
        budget = self.budget
        if budget is not None:
            budget.spend()
            if self.leaves % _CLOCK_EVERY == 0 and budget.expired():
                raise OutOfTime

    def turns(self, board: Board, summary: Summary, floor: float = -1.0,
              width: int | None = None) -> list[Scored]:
        """Every turn of the side to move with its value for that side.  Stops
        early (returning what it has, last the turn that reached it) as soon as
        a turn is worth more than ``1 - floor``: the caller, one level up, then
        knows this line is no better than one it has (alpha-beta's cut-off).
        Raises OutOfTime when the budget runs out.

        With ``width``, two-tile turns start only with the ``width`` first
        tiles that are best as if the turn ended with them (the second tile
        is then any): a tile that helps only with a partner it needs is
        missed, which is the price of looking at several times fewer turns.
        First tiles are tried best first, so that cut-offs come early."""
        side = board.side_to_move
        need = board.tiles_this_turn
        cut = 1.0 - floor
        first = [(cell, colour) for cell in board.legal_cells() for colour in COLOURS]
        before = set(board.frontier)
        index = {tile: i for i, tile in enumerate(first)}
        quiet = [True] * len(first)
        alone = [0.0] * len(first)
        out: list[Scored] = []
        # the tiles that end the game at once come first: they are whole turns
        for i, (cell, colour) in enumerate(first):
            self._tick()  # before placing: OutOfTime must leave the board as it was
            saved = board.place(cell, colour)
            after = summary.after_tile(board, cell)
            result = after.result(board, side)
            if result is not None:
                quiet[i] = False
                out.append(Scored(result_value(result, side), ((cell, colour),)))
            elif need == 1:
                out.append(Scored(self._leaf_value(board, after, side), ((cell, colour),)))
            else:
                alone[i] = 1.0 - self.leaf(board, after, other(side), 2)
            board.undo(cell, saved)
            if out and out[-1].value > cut:
                return out
        if need == 1:
            return out
        order = sorted((i for i in range(len(first)) if quiet[i]), key=lambda i: -alone[i])
        if width is not None:
            order = order[:width]
        rank = {i: r for r, i in enumerate(order)}
        for i in order:
            cell, colour = first[i]
            saved = board.place(cell, colour)
            try:
                # the regions once the first tile is down, so that each second
                # tile's leaf re-floods only the regions round that tile
                summary1 = Summary.of(board)
                for second in sorted(board.frontier):
                    for colour2 in COLOURS:
                        j = index.get((second, colour2), -1)
                        if second in before and rank.get(j, len(first)) < rank[i]:
                            continue  # the same two tiles in the other order
                        self._tick()
                        saved2 = board.place(second, colour2)
                        after = summary1.after_tile(board, second)
                        result = after.result(board, side)
                        if result is not None:
                            value = result_value(result, side)
                        else:
                            value = self._leaf_value(board, after, side)
                        board.undo(second, saved2)
                        out.append(Scored(value, ((cell, colour), (second, colour2))))
                        if value > cut:
                            return out
            finally:
                board.undo(cell, saved)
        return out

    def _leaf_value(self, board: Board, after: Summary, side: str) -> float:
        """``side``'s value once its tile is down (``after`` counts the regions)."""
        if board.side_to_move == side:  # between the two tiles of a turn
            return self.leaf(board, after, side)
        return 1.0 - self.leaf(board, after, other(side))

    def reply_value(self, board: Board, tiles: Tiles, alpha: float, width: int | None = None
                    ) -> float | None:
        """The value for the side playing ``tiles`` once the other side has
        replied as best for itself (its reply's leaves valued as above), or
        None when that value is at most ``alpha`` (no better than a turn the
        caller already has).  Raises OutOfTime."""
        side = board.side_to_move
        placed: list[tuple[Cell, int]] = []
        try:
            for cell, colour in tiles:
                placed.append((cell, board.place(cell, colour)))
            if board.side_to_move == side:  # a half turn (the root was mid-turn)
                raise ValueError("reply_value needs whole turns")
            replies = self.turns(board, Summary.of(board), floor=alpha, width=width)
        finally:
            for cell, saved in reversed(placed):
                board.undo(cell, saved)
        best_reply = max(reply.value for reply in replies)
        value = 1.0 - best_reply
        return None if value <= alpha else value


def ranked(scored: list[Scored]) -> list[Scored]:
    """Best first; ties keep the engine's order (so choices are reproducible)."""
    return sorted(scored, key=lambda s: -s.value)
