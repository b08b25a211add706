"""Proving a forced win in Che a few turns ahead (a sound prover, not a value).

``Prover.wins(board, depth)`` asks whether the side to move on ``board`` (at
the start of a whole turn) can force a win within ``depth`` of its own turns:

- depth 1: it closes a region at once (computer/che_board.py ``winning_tiles``,
  exact);
- depth d: some turn of its own (an *attack*) after which the other side
  cannot win at once and *every* reply of the other side (a *defence*: all of
  them, enumerated the engine's way by ``Searcher.turns``) either loses at
  once (its tile closes our region, or our region can then be closed at once,
  the leaf's first question) or leaves a position we win within ``depth - 1``.

The defences are exhaustive, so a proof is a proof.  The attacks are not: only
*threats* are tried (turns after which we could close a region at once if
the other side did nothing: every forced win in Che is a chain of them, since
a quiet turn gives the other side a free turn; near the pool's end, where
the largest regions decide, any turn), at most ``width`` of them per node,
best first by the evaluation, and the attack that refuted the previous
defence first of all (the *killer*: against the other side's many defences of
one threat, the same follow-up usually wins again).  So the prover may miss a
win (it then says "not proven"), never invents one.

Work is counted in the searcher's leaves (``Searcher._tick``: every position
valued, plus each threat check), so the same question gets the same answer on
any machine; the budget's wall-time cap is a safety net only (``OutOfTime``).
"""

from __future__ import annotations

from computer.che_board import Board, Summary, winning_tiles
from computer.che_eval import evaluate
from computer.che_search import Scored, Searcher, Tiles, ranked
from games.che.geometry import COLOURS, Cell, other

#: A defence's value (for the defender) at most this is a loss at once for it:
#: the leaf found our immediate win (exactly 0.0; the heuristic never reaches it).
_LOST = 1e-9


class Prover:
    """Forced-win search on one searcher's budget (its leaves are the work)."""

    def __init__(self, searcher: Searcher, width: int) -> None:
        self.searcher = searcher
        #: Attacks tried per node (threats only, best first; the killer extra).
        self.width = width

    def wins(self, board: Board, depth: int, killer: Tiles | None = None) -> Tiles | None:
        """A turn with which the side to move forces a win within ``depth`` of its
        turns (its first turn, as proven), or None (not proven).  Raises
        OutOfTime (the searcher's budget)."""
        side = board.side_to_move
        if board.tiles_this_turn != 2:
            return None  # the pool's last tile: the largest regions decide, no proof here
        self.searcher._tick()
        now = winning_tiles(board, side, Summary.of(board))
        if now is not None:
            return tuple(now)
        if depth <= 1:
            return None
        if killer is not None and self._legal(board, killer) and self._refutes(
                board, killer, depth):
            return killer
        attacks = self._threats(board)
        for attack in attacks:
            if attack.tiles == killer:
                continue
            if self._refutes(board, attack.tiles, depth):
                return attack.tiles
        return None

    def _legal(self, board: Board, tiles: Tiles) -> bool:
        """Whether ``tiles`` can be placed in this order now (a killer from a sibling
        position may not fit this one)."""
        (first, _), (second, _) = tiles
        if first not in board.frontier or second in board.cells or second == first:
            return False
        if second in board.frontier:
            return True
        # the second tile may lean on the first
        x, y = first
        return second in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1))

    def _threats(self, board: Board) -> list[Scored]:
        """Up to ``width`` of our turns, best first by the evaluation, after which
        the other side cannot win at once and we could close a region at once
        if it passed (near the pool's end: any turn).  Enumerated as
        ``Searcher.turns`` does (one flood per first tile, the second tile's
        regions updated from it), the threat read from the same summary: one
        leaf a turn, however few threaten."""
        side = board.side_to_move
        rival = other(side)
        weights = self.searcher.weights
        # near the pool's end we have no whole turn after the other side's: the
        # largest regions decide, so every turn is tried (still ``width`` of them)
        threats_only = board.tiles_left >= 6
        found: dict[frozenset[tuple[Cell, str]], Scored] = {}
        for cell, colour in [(c, k) for c in board.legal_cells() for k in COLOURS]:
            saved = board.place(cell, colour)
            try:
                if board.result_after(cell, side) is not None:
                    continue  # ends the game: a win is ``wins``' first question
                first = Summary.of(board)
                for second in sorted(board.frontier):
                    for colour2 in COLOURS:
                        key = frozenset(((cell, colour), (second, colour2)))
                        if key in found:
                            continue
                        self.searcher._tick()
                        saved2 = board.place(second, colour2)
                        try:
                            after = first.after_tile(board, second)
                            if after.result(board, side) is not None:
                                continue
                            if winning_tiles(board, rival, after) is not None:
                                continue  # the other side would win at once
                            if threats_only and winning_tiles(board, side, after, 2) is None:
                                continue  # no threat
                            value = 1.0 - evaluate(board, after, rival, weights)
                            found[key] = Scored(value, ((cell, colour), (second, colour2)))
                        finally:
                            board.undo(second, saved2)
            finally:
                board.undo(cell, saved)
        return ranked(list(found.values()))[:self.width]

    def _refutes(self, board: Board, attack: Tiles, depth: int) -> bool:
        """Whether ``attack`` (our whole turn) wins within ``depth`` of our turns
        against every defence."""
        side = board.side_to_move
        placed = []
        try:
            for cell, colour in attack:
                placed.append((cell, board.place(cell, colour)))
                result = board.result_after(cell, side)
                if result is not None:
                    return result == side
            if depth == 2:
                # every defence must lose at once: stop at the first that does not
                defences = self.searcher.turns(board, Summary.of(board), floor=1.0 - _LOST)
                return all(d.value <= _LOST for d in defences)
            defences = self.searcher.turns(board, Summary.of(board))
            if any(d.value >= 1.0 for d in defences):
                return False
            killer: Tiles | None = None
            for defence in ranked(defences):
                if defence.value <= _LOST:
                    break  # ranked: the rest lose at once too
                if len(defence.tiles) != 2:
                    return False  # a one-tile defence that ends the game: not a loss
                done = []
                try:
                    for cell, colour in defence.tiles:
                        done.append((cell, board.place(cell, colour)))
                    killer = self.wins(board, depth - 1, killer)
                finally:
                    for cell, saved in reversed(done):
                        board.undo(cell, saved)
                if killer is None:
                    return False
            return True
        finally:
            for cell, saved in reversed(placed):
                board.undo(cell, saved)
