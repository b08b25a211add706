"""The computer player of Che.

Che has no dice and is decided by tactics: a side can close one of its regions
in a turn only when that region needs at most two more tiles, so the whole game
is about never leaving the other side such a region at the start of its turn,
and about running it out of safe turns.  That calls for an exact, deep-enough
look at the few turns that matter rather than for statistics, so the strategy
is a plain game-tree search over whole turns (not Monte Carlo: random Che
playouts end in about seven plies by blunder and say little about a position):

- ``easy``: one tile at a time: the first tile by its value with the second
  still to come, then the best second tile, choosing at random among tiles
  close to the best (it sees the reply's immediate win only for its second
  tile);
- ``normal``: whole turns (both tiles together; the first tile among the 12
  best alone) valued by the position they lead to, where the evaluation first
  checks exactly whether the other side can then close a region: it never
  hands over an immediate win when it can avoid it;
- ``hard``: every turn, and the best six looked at one reply deeper (every
  reply of the other side, each valued as above, so it sees its own win next
  turn and avoids turns whose every reply leaves it lost), with alpha-beta
  cut-offs, deepening until 40% of the level's work budget has gone;
- ``expert``: computer/che_deep.py: an evaluation that knows exactly when the
  side to move can no longer stop a region closing, and iterative deepening
  alpha-beta over whole turns (two, three, then four turns deep, the inner
  nodes narrowed to their best turns) within its larger work budget.

Ties between equal turns are broken with the decision's seeded random
generator, so a decision is reproducible and games between levels differ.

Measured with bench/arena.py (200 games per pairing, seats alternating, on 2
cores shared with other work, load 10-15): hard beats random 100% and greedy
100%, normal 69.8% [63.1-75.7]; normal beats easy 75.0% [68.6-80.5].  Hard
decides in p50 0.6 s, p99 1.6 s; normal 0.1 s / 0.5 s; easy 26 ms / 90 ms.
Expert beats hard 76.5% [67.3-83.7] (100 games, load 5-6) in p50 0.9 s, p99
2.6 s of CPU a decision (bench/decision_cpu.py; see computer/che_deep.py).
White (who places the first and the last tile) scores 53% [43-63] in 100 games
of normal against itself and 43% [27-61] in 30 of hard: no clear first-player
advantage (bench/che_seats.py).

The evaluation is in computer/che_eval.py, the board and region questions in
computer/che_board.py, the turn search in computer/che_search.py, expert's
deeper search in computer/che_deep.py.
"""

from __future__ import annotations

import random
from collections.abc import Collection

from computer.base import Budget, Choice, Level, Strategy, mover
from computer.che_board import Board, Summary
from computer.che_deep import deep_turn
from computer.che_eval import DEFAULT, LOSS, WIN, Weights, evaluate
from computer.che_explain import explain_turn
from computer.che_search import OutOfTime, Scored, Searcher, ranked, result_value, turn_text
from computer.reasons import Reason
from games.base import Dice, Position
from games.che.geometry import COLOURS, other
from games.che.position import ChePosition
from games.turns import Turn


def simple_value(position: Position, side: str) -> float:
    """The greedy baseline's plain evaluation: the difference of the two
    sides' largest regions (what decides when the tiles run out), squeezed
    into 0-1.  It knows nothing of regions about to close."""
    assert isinstance(position, ChePosition)
    mine = position.largest_region(side)
    theirs = position.largest_region(other(side))
    diff = (mine.size if mine else 0) - (theirs.size if theirs else 0)
    return max(0.05, min(0.95, 0.5 + 0.05 * diff))


#: How many first tiles ``normal`` and ``hard`` pair with every second tile
#: (None: all).  ``hard`` looks at every turn and every reply: with the replies
#: cut to the best 8 first tiles it scored only 50% against ``normal`` (40
#: games): a selective reply search flatters the very turns whose refutation
#: it leaves out.
WIDTH: dict[Level, int | None] = {Level.NORMAL: 12, Level.HARD: None, Level.EXPERT: None}
#: The same for the replies ``hard`` looks at.
REPLY_WIDTH: int | None = None
#: How far below the best an ``easy`` tile may be.
EASY_SPREAD = 0.1
#: How many of the best one-turn candidates ``hard`` looks at one reply deeper.
HARD_TOP = 6
#: ``hard`` begins no new deeper look after this share of its work budget, so
#: that a typical decision takes a few hundred milliseconds and only hard
#: positions use more.
HARD_SOFT_SHARE = 0.4


#: White's four possible first tiles.
OPENINGS = tuple(f"0,0{colour}{mark}" for colour in COLOURS for mark in "/\\")


class CheStrategy(Strategy):
    game = "che"
    #: Leaves a decision may value (``Budget``): about what the old time
    #: budgets (0.5 / 1.5 s, less a tenth kept for the hint's words) held
    #: here; ``expert``'s about 1-2 s of CPU on a loaded machine (its leaves
    #: cost more: the defence test).  ``easy`` counts none (a tile at a time,
    #: never cut short).
    WORK = {Level.NORMAL: 17_000, Level.HARD: 55_000, Level.EXPERT: 70_000}

    def __init__(self, weights: Weights = DEFAULT) -> None:
        self.weights = weights

    def choose(self, position: Position, dice: Dice, level: Level, budget: Budget,
               rng: random.Random) -> Choice:
        assert isinstance(position, ChePosition)
        mover(position)  # a finished game: no turn to choose (ValueError)
        if not position.tiles:
            text = self._opening(position, level, rng)
        else:
            board = Board(position)
            if level == Level.EASY:
                text = turn_text(_tile_by_tile(board, Searcher(budget, self.weights), rng,
                                               EASY_SPREAD))
            else:
                text = turn_text(self._search(board, level, budget, rng))
        return Choice(text, self.explain(position, dice, text))

    def value_turns(self, position: Position, dice: Dice, level: Level, budget: Budget,
                    texts: Collection[str] | None = None) -> list[tuple[float, str]]:
        """Every turn (or those in ``texts``) by the position it leads to
        (``easy``, ``normal``), or once every reply has been searched
        (``hard``, ``expert``; a turn already known won or lost stays so), for
        the side playing it; values are the evaluation's (0-1: a closed region
        is 1, a region the other side closes next is 0), not a win rate."""
        assert isinstance(position, ChePosition)
        wanted = None if texts is None else set(texts)
        if not position.tiles:
            out = [(value, text) for text, value in self._opening_values(position)]
            return [item for item in out if wanted is None or item[1] in wanted]
        # the search may place a turn's two tiles in the other order than the
        # engine's text (either order is the same turn): name turns the engine's way
        engine = {_tiles_key(turn.text): turn.text for turn in position.legal_turns(dice)}
        board = Board(position)
        searcher = Searcher(budget, self.weights)
        try:
            found = searcher.turns(board, Summary.of(board))
            out = []
            for scored in found:
                text = engine[_tiles_key(turn_text(scored.tiles))]
                if wanted is not None and text not in wanted:
                    continue
                value = scored.value
                if level in (Level.HARD, Level.EXPERT) and LOSS < value < WIN:
                    deeper = searcher.reply_value(board, scored.tiles, -1.0, REPLY_WIDTH)
                    value = value if deeper is None else deeper
                out.append((value, text))
        except OutOfTime as spent:
            raise TimeoutError("the budget ran out while valuing turns") from spent
        return out

    def explain(self, position: Position, dice: Dice, text: str | Turn) -> Reason:
        assert isinstance(position, ChePosition)
        return explain_turn(position, text)

    # -- the levels -------------------------------------------------------------------

    def _opening(self, position: ChePosition, level: Level, rng: random.Random) -> str:
        """White's first tile: the four are valued by Blue's prospects after them."""
        if level == Level.EASY:
            return rng.choice(OPENINGS)
        valued = self._opening_values(position)
        values = [value for _, value in valued]
        return valued[values.index(max(values))][0]

    def _opening_values(self, position: ChePosition) -> list[tuple[str, float]]:
        """The four first tiles, each valued by Blue's prospects after it."""
        out = []
        for text in OPENINGS:
            board = Board(position.place(text))
            out.append((text, 1.0 - evaluate(board, Summary.of(board), board.side_to_move,
                                              self.weights)))
        return out

    def _search(self, board: Board, level: Level, budget: Budget, rng: random.Random
                ) -> tuple[tuple[tuple[int, int], str], ...]:
        if level == Level.EXPERT:
            try:
                return deep_turn(board, budget, rng, self.weights)
            except OutOfTime:
                return _tile_by_tile(board, Searcher(None, self.weights), random.Random(0),
                                     0.0)
        searcher = Searcher(budget, self.weights)
        try:
            found = searcher.turns(board, Summary.of(board), width=WIDTH[level])
            # equal values in a random order (seeded: reproducible), so that games
            # between the levels differ, and far-apart equal turns are all played
            keys = [rng.random() for _ in found]
            shallow = [s for _, s in sorted(zip(keys, found, strict=True),
                                            key=lambda pair: (-pair[1].value, pair[0]))]
        except OutOfTime:
            # not even one turn deep within the budget: the best tiles one at a time
            return _tile_by_tile(board, Searcher(None, self.weights), random.Random(0), 0.0)
        best = shallow[0]
        if level == Level.NORMAL or best.value >= WIN or len(shallow) == 1:
            return best.tiles
        if len(best.tiles) < 2 or board.tiles_this_turn < 2:
            return best.tiles
        return self._deepen(board, shallow, budget, searcher)

    def _deepen(self, board: Board, shallow: list[Scored], budget: Budget,
                searcher: Searcher, top: int = HARD_TOP
                ) -> tuple[tuple[tuple[int, int], str], ...]:
        """The best of the ``top`` turns once the reply is searched."""
        soft = budget.within(HARD_SOFT_SHARE)
        best_tiles = shallow[0].tiles
        alpha = -1.0
        for index, candidate in enumerate(shallow[:top]):
            if index and (soft.expired() or candidate.value <= 0.0):
                break
            try:
                value = searcher.reply_value(board, candidate.tiles, alpha, REPLY_WIDTH)
            except OutOfTime:
                break
            if value is not None and value > alpha:
                alpha = value
                best_tiles = candidate.tiles
            if alpha >= WIN:
                break
        return best_tiles


def _tiles_key(text: str) -> tuple[str, ...]:
    """A turn's tiles in a fixed order (its two tiles in either order)."""
    return tuple(sorted(text.split()))


def _tile_by_tile(board: Board, searcher: Searcher, rng: random.Random, spread: float
                  ) -> tuple[tuple[tuple[int, int], str], ...]:
    """A turn chosen one tile at a time, each at random among the tiles within
    ``spread`` of the best by ``_one_tile`` (the first tile is judged without
    the reply, which is what makes this weaker than a whole-turn search)."""
    chosen: list[tuple[tuple[int, int], str]] = []
    saved: list[int] = []
    side = board.side_to_move
    try:
        for _ in range(board.tiles_this_turn):
            options = _one_tile(board, searcher)
            best = options[0].value
            # near the best, but never a tile known to lose when one is not
            close = [s for s in options
                     if s.value >= best - spread and (s.value > LOSS or best <= LOSS)]
            pick = rng.choice(close).tiles[0] if len(close) > 1 else close[0].tiles[0]
            chosen.append(pick)
            saved.append(board.place(*pick))
            if board.result_after(pick[0], side) is not None:
                break
    finally:
        for (cell, _), count in zip(reversed(chosen), reversed(saved), strict=True):
            board.undo(cell, count)
    return tuple(chosen)


def _one_tile(board: Board, searcher: Searcher) -> list[Scored]:
    """Every single tile the side to move can place next, best first for it:
    a tile ending the game by its result, otherwise the position after it with
    the same side to move (mid-turn) or the other side (its turn's last tile)."""
    side = board.side_to_move
    summary = Summary.of(board)
    out: list[Scored] = []
    for cell in board.legal_cells():
        for colour in COLOURS:
            saved = board.place(cell, colour)
            after = summary.after_tile(board, cell)
            result = after.result(board, side)
            if result is not None:
                value = result_value(result, side)
            else:
                mover = board.side_to_move
                value = searcher.leaf(board, after, mover)
                if mover != side:
                    value = 1.0 - value
            board.undo(cell, saved)
            out.append(Scored(value, ((cell, colour),)))
    return ranked(out)


STRATEGY = CheStrategy()
