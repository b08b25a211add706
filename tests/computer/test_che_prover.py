"""Che's forced-win prover (computer/che_prover.py): its proofs hold by the
engine's own rules, and it finds the forced wins of real games.

Game 0 of bench/bench_analysis.py (``easy`` White, ``hard`` Blue, seed 1): White
opened with a White tile, after which Blue forces a win within four of its
turns; after Blue's ``0,-1W 1,0W`` every White turn loses, most at once and the
other four to a win Blue forces within three (``hard`` won at turn 8)."""

from __future__ import annotations

import pytest

from bench.bench_analysis import play
from computer.base import Budget, Level
from computer.che_board import Board
from computer.che_prover import Prover
from computer.che_search import OutOfTime, Searcher, turn_text
from games import get_game
from games.base import Position
from games.che.position import ChePosition


def _che(position: Position) -> ChePosition:
    assert isinstance(position, ChePosition)
    return position


def _after(position: ChePosition, text: str) -> ChePosition:
    return _che(position.play(text, ()).position)


def _turn_three() -> ChePosition:
    step = play("che", [Level.EASY, Level.HARD], seed=1).steps[2]  # White's turn 3
    assert step.moves == "0,1B -1,0B"
    return _che(step.before)


def _wins(position: ChePosition, depth: int) -> str | None:
    """The prover's winning turn for the side to move, as text (None: no proof)."""
    found = Prover(Searcher(None), 6).wins(Board(position), depth)
    return None if found is None else turn_text(found)


def _forced_by_engine(position: ChePosition, depth: int) -> bool:
    """Whether the side to move forces a win within ``depth`` of its turns, each
    attack the prover's and every defence the engine's legal turns, every
    result the engine's: a check of the prover's proof, not a second prover."""
    side = position.side_to_move
    attack = _wins(position, depth)
    if attack is None:
        return False
    after = _after(position, attack)
    if after.result is not None:
        return after.result.winner == side
    for defence in after.legal_turns(()):
        reply = _after(after, defence.text)
        if reply.result is not None:
            if reply.result.winner != side:
                return False
        elif depth <= 1 or not _forced_by_engine(reply, depth - 1):
            return False
    return True


def test_a_proven_forced_win_holds_by_the_engines_rules() -> None:
    after = _after(_turn_three(), "0,1B -1,0B")  # as easy played
    assert _wins(after, 2) is None  # beyond two Blue turns (three_turns' horizon)
    assert _wins(after, 3) is not None
    assert _forced_by_engine(after, 3)


def test_every_white_turn_three_is_lost() -> None:
    """After the White first tile and Blue's reply, no White turn holds: a turn
    that does not lose at once (Blue closes a region) loses to a forced win
    within three Blue turns."""
    position = _turn_three()
    lost_later = 0
    for turn in position.legal_turns(()):
        after = _after(position, turn.text)
        if after.result is not None:  # White closed a region of Blue's, or both
            assert after.result.winner == "B", turn.text
        elif _wins(after, 1) is None:
            assert _wins(after, 3) is not None, turn.text
            lost_later += 1
    assert lost_later == 4


def test_a_white_first_tile_loses_by_force_and_a_blue_one_is_not_found_lost() -> None:
    """White's first tile is a choice: its orientation is a rotation of the
    board, but after a White tile Blue forces a win within four of its turns
    (checked by the engine), and after a Blue one the prover finds none."""
    game = get_game("che")
    empty = _che(game.initial(game.normalise_options({}), "W"))
    white = _after(empty, "0,0W/")
    assert _forced_by_engine(white, 4)
    assert _wins(_after(empty, "0,0B/"), 4) is None


def test_no_proof_where_the_defender_holds() -> None:
    """Game 1, turn 3 (``hard`` White): the played turn is not lost within three
    Blue turns (the game went on to turn 33), and the prover does not claim it is."""
    game = get_game("che")
    before = _che(game.from_listing("0,0B/ 0,-1W 1,-1W; tiles left 61; W to move",
                                    game.normalise_options({})))
    assert _wins(_after(before, "1,-2B 1,-3B"), 3) is None


def test_the_budget_stops_the_prover_and_leaves_the_board_as_it_was() -> None:
    board = Board(_after(_turn_three(), "0,1B -1,0B"))
    cells, frontier, placed = dict(board.cells), dict(board.frontier), board.placed
    with pytest.raises(OutOfTime):
        Prover(Searcher(Budget(60.0, work=500)), 6).wins(board, 3)
    assert (board.cells, board.frontier, board.placed) == (cells, frontier, placed)
