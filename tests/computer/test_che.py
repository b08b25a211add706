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
from games.turns import texts
from tests.computer.said import english


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
        _unordered(t) for t in texts(position.legal_turns()))
    # ... each written in an order the engine accepts
    for text in turns[::7]:
        position.play(text)


def _unordered(turn: str) -> tuple[str, ...]:
    return tuple(sorted(turn.split()))


# -- hand-made positions ------------------------------------------------------------------

#: White's region round 0,0W needs only -1,-1 and 1,1: White to move closes it.
WHITE_CLOSES = "0,0W/ 1,0B 0,1B -1,0B 0,-1B 2,0W 3,0W; tiles left 57; W to move"
#: The same region with Blue to move: Blue must extend it (a White tile in one of
#: the two cells) or White closes it next turn.
BLUE_MUST_BLOCK = "0,0W/ 1,0B 0,1B -1,0B 0,-1B; tiles left 59; B to move"
#: Blue's second tile: a Blue tile in 1,1 closes White's region (Blue loses at
#: once); anything but a White tile there lets White close it next turn.
BLUE_MUST_NOT_CLOSE = "0,0W/ 1,0B 0,1B -1,0B 0,-1B -1,-1B; tiles left 58; B to move (second tile)"

LEVELS = list(Level)


def choose(text: str, level: Level, seed: int = 0) -> str:
    return STRATEGY.choose(listing(text), (), level, _never_expires(), random.Random(seed)).text


def _never_expires() -> Budget:
    """A budget whose clock stands still: the search always completes, so choices
    do not depend on the machine's speed."""
    return Budget(1.0, clock=lambda: 0.0)


def test_the_board_sees_the_closing_tiles_of_the_side_to_move() -> None:
    board = Board(listing(WHITE_CLOSES))
    summary = Summary.of(board)
    assert winning_tiles(board, WHITE, summary) == [((-1, -1), BLUE), ((1, 1), BLUE)]
    # Blue's lone point at 2,0 needs 2,-1 and 3,-1, but it is not Blue's turn
    assert winning_tiles(board, BLUE, summary, 1) is None


def test_evaluation_knows_who_can_close_at_once() -> None:
    board = Board(listing(WHITE_CLOSES))
    assert evaluate(board, Summary.of(board), WHITE) == 1.0
    board = Board(listing(BLUE_MUST_BLOCK))
    assert evaluate(board, Summary.of(board), BLUE) < 0.5  # one threat to answer


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_the_closing_tiles(level: Level) -> None:
    position = listing(WHITE_CLOSES)
    after = position.play(choose(WHITE_CLOSES, level)).position
    assert after.result is not None and after.result.winner == WHITE


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_avoids_the_tile_that_closes_the_other_sides_region(level: Level) -> None:
    text = choose(BLUE_MUST_NOT_CLOSE, level)
    assert text == "1,1W"  # 1,1B loses at once; every other tile loses next turn


@pytest.mark.parametrize("level", [Level.NORMAL, Level.HARD])
def test_normal_and_hard_block_a_region_about_to_close(level: Level) -> None:
    position = listing(BLUE_MUST_BLOCK)
    after = position.play(choose(BLUE_MUST_BLOCK, level)).position
    assert isinstance(after, ChePosition) and after.result is None
    board = Board(after)
    assert winning_tiles(board, WHITE, Summary.of(board)) is None


#: White to move; found by playing normal against normal and comparing with
#: hard: White has a turn after which every Blue reply leaves it a region to
#: close, and normal (one turn deep) does not see it.
FORCED_WIN = (
    "0,0B/ -1,0W -1,1W -2,1B -3,1B -3,0W -3,-1W -2,0B 0,-1B 1,0W 2,0W 2,-1B 2,-2B 1,-1W "
    "-1,2W 0,1B 2,-3B 3,-3W 4,-3W 4,-2B 4,-1B 3,-2W -3,-2W -4,-2B -5,-2B -5,-1W -5,0W -4,-1B "
    "5,-1B 5,0W 5,1W 4,1B 3,1B 4,0W 3,2W; tiles left 29; W to move")


def _tiles(turn: str) -> tuple[tuple[tuple[int, int], str], ...]:
    return tuple(((int(x), int(y[:-1])), y[-1]) for x, y in
                 (placement.split(",") for placement in turn.split()))


def _forced_value(text: str, turn: str) -> float | None:
    """The turn's value for its player against every reply (full width)."""
    return Searcher(None).reply_value(Board(listing(text)), _tiles(turn), -1.0)


def test_hard_finds_a_win_forced_one_turn_deeper_than_normal_sees() -> None:
    hard = choose(FORCED_WIN, Level.HARD)
    normal = choose(FORCED_WIN, Level.NORMAL)
    assert _forced_value(FORCED_WIN, hard) == 1.0  # every reply leaves White a closing turn
    assert _forced_value(FORCED_WIN, normal) != 1.0
    # and the win comes: whatever Blue replies, White closes a region next turn
    after = listing(FORCED_WIN).play(hard).position
    assert isinstance(after, ChePosition)
    for reply in texts(after.legal_turns())[::37]:
        then = after.play(reply).position
        assert isinstance(then, ChePosition)
        if then.result is not None:
            assert then.result.winner == WHITE  # Blue's reply closed a White region
        else:
            board = Board(then)
            assert winning_tiles(board, WHITE, Summary.of(board)) is not None


def test_the_reply_search_values_a_turn_and_leaves_the_board_as_it_was() -> None:
    position = listing(BLUE_MUST_BLOCK)
    board = Board(position)
    searcher = Searcher(None)
    shallow = searcher.turns(board, Summary.of(board), width=6)
    best = max(shallow, key=lambda s: s.value)
    deep = searcher.reply_value(board, best.tiles, -1.0, 6)
    assert deep is not None and 0.0 <= deep <= 1.0
    # the board is left as it was
    assert board.cells == Board(position).cells


# -- hints -----------------------------------------------------------------------------------

def test_the_hint_for_a_closing_turn_names_the_region() -> None:
    position = listing(WHITE_CLOSES)
    reason = english(STRATEGY.explain(position, (), "-1,-1B 1,1B"))
    assert reason == "closes a White region of 1 and wins"


def test_the_hint_for_a_block_says_so() -> None:
    position = listing(BLUE_MUST_BLOCK)
    assert english(STRATEGY.explain(position, (), "1,1W 2,0W")) == \
        "blocks White's region from closing"


def test_the_choice_carries_its_reason() -> None:
    choice = STRATEGY.choose(listing(WHITE_CLOSES), (), Level.HARD, _never_expires(),
                             random.Random(1))
    assert english(choice.reason) == "closes a White region of 1 and wins"


def test_a_quiet_turn_is_explained_by_what_it_leaves_the_other_side() -> None:
    position = random_position(7, 9)
    text = choose(position.listing(), Level.NORMAL)
    reason = english(STRATEGY.explain(position, (), text))
    assert reason and ("leaves" in reason or "threatens" in reason or "blocks" in reason)


# -- levels, budget, determinism -------------------------------------------------------------

@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("seed", range(4))
def test_levels_choose_legal_turns(level: Level, seed: int) -> None:
    position = random_position(200 + seed, 4 + 9 * seed)
    text = STRATEGY.choose(position, (), level, STRATEGY.budget_for(level),
                           random.Random(seed)).text
    position.play(text)  # raises if illegal


@pytest.mark.parametrize("level", LEVELS)
def test_an_expired_budget_still_gives_a_legal_turn(level: Level) -> None:
    position = random_position(300, 30)
    ticks = iter(range(10**6))
    budget = Budget(0.0, clock=lambda: float(next(ticks)))  # always out of time
    text = STRATEGY.choose(position, (), level, budget, random.Random(0)).text
    played = position.play(text)
    assert played.position != position


@pytest.mark.parametrize("level", LEVELS)
def test_the_same_seed_gives_the_same_choice(level: Level) -> None:
    position = random_position(400, 14)
    first = [choose(position.listing(), level, seed) for seed in range(3)]
    again = [choose(position.listing(), level, seed) for seed in range(3)]
    assert first == again


def test_the_opening_tile_is_legal_for_every_level() -> None:
    empty = GAME.initial({})
    for level in LEVELS:
        text = STRATEGY.choose(empty, (), level, _never_expires(), random.Random(3)).text
        assert text in texts(empty.legal_turns())


def test_the_pool_entry_point_plays_che() -> None:
    request = Request("che", (("tiles", "64"),), BLUE_MUST_BLOCK, (), Level.HARD, seed=3)
    choice = decide(request)
    assert not choice.fallback
    after = listing(BLUE_MUST_BLOCK).play(choice.text).position
    assert after.result is None


# -- the greedy baseline's evaluation -------------------------------------------------------------

def test_simple_value_prefers_the_larger_region() -> None:
    position = listing("0,0W/ 1,0W 2,0W; tiles left 61; W to move")
    assert simple_value(position, WHITE) > 0.5 > simple_value(position, BLUE)


@pytest.mark.parametrize("tiles", [2, 3, 12])
def test_whole_games_on_small_pools_end_with_legal_turns(tiles: int) -> None:
    """Small pools reach the pool's last tile, where the largest regions decide."""
    for white, blue in [(Level.HARD, Level.EASY), (Level.EASY, Level.NORMAL)]:
        position = GAME.initial({"tiles": str(tiles)})
        rng = random.Random(tiles)
        while position.result is None:
            level = white if position.side_to_move == WHITE else blue
            choice = STRATEGY.choose(position, (), level, _never_expires(), rng)
            played = position.play(choice.text).position
            assert isinstance(played, ChePosition)
            position = played
        assert len(position.tiles) <= tiles
