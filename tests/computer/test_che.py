"""The Che computer player: its board agrees with the engine, its evaluation
and search take the turn that is clearly best, its hints say why, and every
level plays legal turns reproducibly."""

from __future__ import annotations

import random

import pytest

from computer.base import Budget, Level
from computer.che import STRATEGY, simple_value
from computer.che_board import DRAW, Board, Summary, winning_tiles
from computer.che_eval import evaluate
from computer.che_search import Searcher, turn_text
from computer.play import Request, decide
from games.che import GAME, ChePosition, Effect
from games.che.geometry import BLUE, WHITE


def listing(text: str) -> ChePosition:
    return GAME.from_listing(text, {})


def random_position(seed: int, tiles: int) -> ChePosition:
    """A position with about ``tiles`` placed by random quiet placements."""
    rng = random.Random(seed)
    position = GAME.initial({})
    while len(position.tiles) < tiles:
        options = [o for o in position.legal_placements() if o.effect is Effect.NONE]
        if not options:
            break
        position = position.place(rng.choice(options).text)
    return position


def engine_winner(position: ChePosition, text: str) -> str | None:
    after = position.place(text)
    if after.result is None:
        return None
    return after.result.winner or DRAW


@pytest.mark.parametrize("seed", range(12))
def test_the_search_board_judges_every_tile_as_the_engine_does(seed: int) -> None:
    position = random_position(seed, 6 + 3 * seed)
    board = Board(position)
    summary = Summary.of(board)
    mover = position.side_to_move
    assert mover == board.side_to_move
    assert position.tiles_this_turn == board.tiles_this_turn
    for option in position.legal_placements():
        cell, colour = option.tile.cell, option.tile.colour
        saved = board.place(cell, colour)
        quick = summary.after_tile(board, cell)
        full = Summary.of(board)
        expected = engine_winner(position, option.text)
        assert board.result_after(cell, mover) == expected, option.text
        assert quick.result(board, mover) == expected, option.text
        assert quick.counts == full.counts, option.text
        assert quick.largest == full.largest, option.text
        assert sorted((i.colour, sorted(i.needs)) for i in quick.small.values()) == sorted(
            (i.colour, sorted(i.needs)) for i in full.small.values()), option.text
        board.undo(cell, saved)
    assert Board(position).cells == board.cells and Board(position).fill == board.fill
    assert Board(position).frontier == board.frontier


@pytest.mark.parametrize("seed", range(6))
def test_the_one_turn_search_lists_the_engines_turns(seed: int) -> None:
    position = random_position(100 + seed, 5 + 2 * seed)
    board = Board(position)
    turns = [turn_text(s.tiles) for s in Searcher(None).turns(board, Summary.of(board))]
    # the same boards (two quiet tiles may be listed in the other order) ...
    assert sorted(_unordered(t) for t in turns) == sorted(
        _unordered(t) for t in position.legal_turns())
    # ... each written in an order the engine accepts
    for text in turns[::7]:
        position.play(text)


def _unordered(turn: str) -> tuple[str, ...]:
    return tuple(sorted(turn.split()))
