"""``expert``'s Che search: iterative deepening alpha-beta over whole turns,
with an evaluation that knows exactly when the side to move cannot stop the
other side closing a region.

``hard`` (computer/che.py) values every turn one turn deep and its best six
one reply deeper, with computer/che_eval.py at the leaves.  That evaluation
is exact only about the side to move closing a region at once; whether that
side can still *stop* the other side's closing next turn it guesses from how
many regions need at most two tiles.  Che is decided by exactly that question
(a side with two regions about to close that no turn can both break has won),
so ``expert`` adds two things:

1. **An exact defence test at the leaves** (``can_defend``).  When the side
   to move cannot close but the other side could close next turn, it looks
   for one turn that leaves the other side no closing tiles.  Every such turn
   puts a tile into the needs of each closable region (a tile elsewhere
   touches none of the region's open points), so only tiles in or beside
   those needs are tried first: a few dozen placements, not the hundreds of
   turns a full search would try.  With no defence the leaf is lost (exact);
   otherwise the evaluation's heuristic stands.  One turn of search with this
   leaf sees a win two of our turns away (our turn leaves threats the other
   side cannot all break), which ``hard`` finds only among its six.

2. **A deeper search** (``DeepSearch``): negamax with alpha-beta over whole
   turns, deepened two, three, then four turns while the work budget lasts
   (each depth's root order is the previous depth's values, so the best turn
   so far is searched first and cut-offs come early).  Every node's turns are
   listed once with their one-turn values (computer/che_search.py's
   ``Searcher.turns`` with the leaf above) and kept in a table keyed by the
   placed tiles, so a deeper iteration reuses the lists the shallower built.
   Inner nodes search only their best few turns deeper (``WIDTHS``): a turn
   that leaves the side to move lost at once is lost (exact, never searched),
   and the other side's dangerous replies are the ones its one-turn values
   rank first, because the leaf knows exactly about threats.  When every turn
   searched is lost, the next ones are searched too, so a line is called lost
   only when no turn at that node escapes within its list.  Inner nodes list
   only the best ``INNER_FIRST`` first tiles with every second tile, unless
   the side to move faces a closing turn (then every turn, so that no defence
   is missed).

The search stops by work (positions placed and evaluated, ``Budget``), never
by the clock: the wall-time cap is only a safety net.  An iteration cut short
by the budget still counts the root turns it finished (the previous best is
searched first, so a turn that beat it did so at the deeper depth).  Equal
values keep the order of the seeded shuffle the root starts from, so the same
position, level and seed give the same turn on any machine.

Measured (bench/arena.py che --pair expert:hard --jobs 1 --seed 1, on 2 cores
shared with other benchmarks, load 5-6): expert beat hard 76.5% [67.3-83.7]
in 100 games (work budget 80,000).  CPU per decision in whole games against
hard (bench/decision_cpu.py, 3 games, budget 70,000): p50 0.87 s, p99 2.6 s
(hard 0.15 s / 0.53 s).

Why not Monte Carlo: random Che playouts end within a few turns by a blunder
(a region left to close), so their results say little; the game turns on
exact threats, which a search with this leaf sees.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable

from computer.base import Budget
from computer.che_board import Board, Summary, edge_neighbours, winning_tiles
from computer.che_eval import DEFAULT, LOSS, WIN, Weights, logit
from computer.che_search import OutOfTime, Scored, Searcher, Tiles
from games.che.geometry import COLOURS, Cell, other

#: Turns searched deeper at an inner node, by the turns still to search below
#: it (1: the node's one-turn values decide, nothing deeper).
WIDTHS = {2: 6, 3: 5}
#: Root turns searched at each depth of the iterative deepening.
ROOT_WIDTHS = {2: 16, 3: 10, 4: 6}
#: First tiles an inner node pairs with every second tile (unless it faces a
#: closing turn: then all).
INNER_FIRST = 14
#: A new, deeper iteration starts only while less than this share of the work
#: budget has gone (the next iteration costs more than all before it).
SOFT_SHARE = 0.3
#: The deepest iteration.
MAX_DEPTH = 4

#: What the table holds per position: its turns, best first.
Table = dict[frozenset[tuple[Cell, str]], list[Scored]]


class DeepSearcher(Searcher):
    """The one-turn search of computer/che_search.py with the defence-aware
    leaf (``leaf``); the defence test's placements count as work too."""

    def leaf(self, board: Board, summary: Summary, side: str, tiles: int | None = None
             ) -> float:
        if tiles is not None:  # a first tile's value alone, for ordering only
            return super().leaf(board, summary, side, tiles)
        if winning_tiles(board, side, summary) is not None:
            return WIN
        if side == board.side_to_move and lost_for_mover(board, summary, side, self):
            return LOSS
        return 1.0 / (1.0 + math.exp(-logit(board, summary, side, self.weights)))

    def spend(self) -> None:
        """Count one placement of the defence test as work (the budget is
        looked at by ``turns`` every so many leaves, which this leaves alone)."""
        if self.budget is not None:
            self.budget.spend()


def rival_tiles(board: Board) -> int:
    """Tiles the other side places in its turn after the side to move's."""
    return min(2, board.tiles_left - board.tiles_this_turn)


def lost_for_mover(board: Board, summary: Summary, side: str, searcher: DeepSearcher
                   ) -> bool:
    """Whether ``side`` (to move, no closing tiles of its own) cannot stop the
    other side closing a region next turn: the other side has closing tiles
    and no turn of ``side`` takes them all away."""
    if rival_tiles(board) <= 0:
        return False  # the pool ends with this turn: the regions' sizes decide
    if winning_tiles(board, other(side), summary, rival_tiles(board)) is None:
        return False
    return not can_defend(board, summary, side, searcher)


def _need_cells(summary: Summary, colour: str) -> set[Cell]:
    """The empty cells round ``colour``'s regions that need at most two tiles."""
    cells: set[Cell] = set()
    for info in summary.small.values():
        if info.colour == colour:
            cells |= info.needs
    return cells


def _tiles_at(board: Board, cells: Iterable[Cell]) -> list[tuple[Cell, str]]:
    return [(cell, colour) for cell in sorted(cells) if cell in board.frontier
            for colour in COLOURS]


def can_defend(board: Board, summary: Summary, side: str, searcher: DeepSearcher) -> bool:
    """Whether ``side`` (to move) has a turn after which the other side cannot
    close a region (or with which ``side`` wins).  A defending turn has a tile
    in the needs of every region the other side can close; such a tile is
    either legal now or made legal by a first tile beside it, so the first
    tiles tried are those in or beside the needs (either order of a turn's two
    tiles gives the same board)."""
    rival = other(side)
    needs = _need_cells(summary, rival)
    near = set(needs)
    for cell in needs:
        near.update(edge_neighbours(cell))
    after = rival_tiles(board)
    for cell, colour in _tiles_at(board, near):
        searcher.spend()
        saved = board.place(cell, colour)
        try:
            if _holds(board, cell, side, after, searcher):
                return True
        finally:
            board.undo(cell, saved)
    return False


def _holds(board: Board, cell: Cell, side: str, after: int, searcher: DeepSearcher) -> bool:
    """With ``side``'s tile just placed in ``cell``: whether ``side`` wins, or
    (with its turn's last tile, or with a second tile found here) leaves the
    other side no closing tiles."""
    rival = other(side)
    result = board.result_after(cell, side)
    if result is not None:
        return result != rival
    summary = Summary.of(board)
    threat = winning_tiles(board, rival, summary, after)
    if board.side_to_move != side:  # that was the turn's last tile
        return threat is None
    # a second tile: into what can still be closed, or anywhere harmless
    options = (_tiles_at(board, _need_cells(summary, rival)) if threat is not None
               else _tiles_at(board, board.frontier))
    for second, colour in options:
        searcher.spend()
        saved = board.place(second, colour)
        try:
            result = board.result_after(second, side)
            if result is not None:
                if result != rival:
                    return True
                continue
            if winning_tiles(board, rival, summary.after_tile(board, second), after) is None:
                return True
        finally:
            board.undo(second, saved)
    return False


def _key(board: Board) -> frozenset[tuple[Cell, str]]:
    return frozenset(board.cells.items())


class DeepSearch:
    """One decision's search (its table lives as long as the decision)."""

    def __init__(self, budget: Budget | None, weights: Weights = DEFAULT) -> None:
        self.budget = budget
        self.searcher = DeepSearcher(budget, weights)
        self.table: Table = {}
        #: the depth of the last iteration that counted, and its best value
        self.depth = 0
        self.best_value = 0.5

    # -- the nodes -------------------------------------------------------------------------

    def turns(self, board: Board, root: bool = False) -> list[Scored]:
        """The side to move's turns with their one-turn values, best first
        (ties in the engine's order); a closing turn ends the list."""
        key = _key(board)
        found = self.table.get(key)
        if found is None:
            if self.budget is not None and self.budget.expired():
                raise OutOfTime
            summary = Summary.of(board)
            width: int | None = INNER_FIRST
            if root or winning_tiles(board, other(board.side_to_move), summary,
                                     rival_tiles(board) or 2) is not None:
                width = None
            # floor just above 0: stop at a closing turn (value 1), nothing else
            listed = self.searcher.turns(board, summary, floor=1e-9, width=width)
            found = sorted(listed, key=lambda s: -s.value)
            self.table[key] = found
        return found

    def value(self, board: Board, depth: int, alpha: float, beta: float) -> float:
        """The side to move's value searching ``depth`` whole turns, within
        the window (alpha, beta): at most alpha means "no better than alpha",
        at least beta "at least beta"."""
        turns = self.turns(board)
        top = turns[0].value
        if depth <= 1 or top >= WIN or top <= LOSS:
            return top
        best = -1.0
        searched = 0
        width = WIDTHS.get(depth, 4)
        for turn in turns:
            if turn.value <= LOSS:
                break  # this and every turn after it loses at once
            if searched >= width and best > LOSS:
                break
            searched += 1
            value = self._after(board, turn, depth, max(alpha, best), beta)
            if value > best:
                best = value
                if best >= beta:
                    break
        return max(best, LOSS)

    def _after(self, board: Board, turn: Scored, depth: int, alpha: float, beta: float
               ) -> float:
        """``turn``'s value for its player, the other side's answer searched
        ``depth - 1`` turns (a turn that ends the game keeps its result)."""
        if not LOSS < turn.value < WIN:
            return turn.value
        placed: list[tuple[Cell, int]] = []
        try:
            for cell, colour in turn.tiles:
                placed.append((cell, board.place(cell, colour)))
            if board.tiles_left <= 0:
                return turn.value
            return 1.0 - self.value(board, depth - 1, 1.0 - beta, 1.0 - alpha)
        finally:
            for cell, saved in reversed(placed):
                board.undo(cell, saved)

    # -- the root --------------------------------------------------------------------------

    def choose(self, board: Board, rng: random.Random) -> Tiles:
        """The turn to play: the best at the deepest depth the budget allowed."""
        turns = self.turns(board, root=True)
        # equal values in a seeded random order (as ``hard``), so that games differ
        keys = [rng.random() for _ in turns]
        order = [s for _, s in sorted(zip(keys, turns, strict=True),
                                      key=lambda pair: (-pair[1].value, pair[0]))]
        self.depth = 1
        best = order[0]
        self.best_value = best.value
        if best.value >= WIN:
            # a closing turn when there is one (a turn the other side cannot
            # answer is worth as much, but takes a turn longer)
            closing = winning_tiles(board, board.side_to_move, Summary.of(board))
            return best.tiles if closing is None else tuple(closing)
        if best.value <= LOSS or len(order) == 1:
            return best.tiles
        if board.tiles_left <= board.tiles_this_turn:
            return best.tiles  # the pool's last turn: the one-turn values are exact
        soft = None if self.budget is None else self.budget.within(SOFT_SHARE)
        for depth in range(2, MAX_DEPTH + 1):
            if depth > 2 and soft is not None and soft.expired():
                break
            found = self._iteration(board, order, depth)
            if found is None:
                break  # cut short before its first turn was valued
            order, complete = found
            if order[0].value > LOSS:
                best = order[0]
                self.depth = depth
                self.best_value = best.value
            if not complete or best.value >= WIN or order[0].value <= LOSS:
                break
        return best.tiles

    def _iteration(self, board: Board, order: list[Scored], depth: int
                   ) -> tuple[list[Scored], bool] | None:
        """The root turns re-valued ``depth`` turns deep (the best
        ``ROOT_WIDTHS[depth]`` of ``order``, the rest after them as they
        were), best first, and whether the iteration finished; None when the
        budget ran out before the first turn was valued."""
        width = ROOT_WIDTHS.get(depth, 4)
        valued: list[Scored] = []
        below: list[Scored] = []  # no better than the best: in their old order
        alpha = -1.0
        complete = True
        for index, turn in enumerate(order[:width]):
            try:
                value = self._after(board, turn, depth, alpha, 2.0)
            except OutOfTime:
                if index == 0:
                    return None
                complete = False
                below.extend(order[index:width])
                break
            if value > alpha:
                alpha = value
                valued.append(Scored(value, turn.tiles))
            else:
                below.append(Scored(min(value, alpha), turn.tiles))
        ranked = sorted(valued, key=lambda s: -s.value)  # stable: earlier first on ties
        return ranked + below + order[width:], complete


def deep_turn(board: Board, budget: Budget | None, rng: random.Random,
              weights: Weights = DEFAULT) -> Tiles:
    """``expert``'s turn on ``board`` (see the module's docstring)."""
    return DeepSearch(budget, weights).choose(board, rng)
