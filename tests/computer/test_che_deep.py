"""``expert``'s Che search (computer/che_deep.py): its defence test agrees
with trying every turn, it finds a win forced two of its turns away that
``hard`` misses, it keeps out of turns that hand the other side such a win,
and it chooses by work, reproducibly, within its work budget."""

from __future__ import annotations

import random

import pytest

from computer.base import Budget, Level
from computer.che import STRATEGY
from computer.che_board import Board, Summary, winning_tiles
from computer.che_deep import DeepSearch, DeepSearcher, can_defend, rival_tiles
from computer.che_search import Searcher, Tiles, turn_text
from games.che import GAME, ChePosition
from games.che.geometry import COLOURS, other
from games.turns import texts


def listing(text: str) -> ChePosition:
    return GAME.from_listing(text, {})


def tiles_of(turn: str) -> Tiles:
    return tuple(((int(x), int(y[:-1])), y[-1]) for x, y in
                 (placement.split(",") for placement in turn.split()))


def expert(text: str, seed: int = 0, budget: Budget | None = None) -> str:
    budget = budget or STRATEGY.budget_for(Level.EXPERT)
    return STRATEGY.choose(listing(text), (), Level.EXPERT, budget, random.Random(seed)).text


# -- the defence test ------------------------------------------------------------------------

def _defends_by_trying_everything(board: Board, side: str) -> bool:
    """Whether some turn of ``side`` (to move) wins or leaves the other side
    no closing tiles: every first tile, every second tile."""
    rival = other(side)
    after = rival_tiles(board)
    for cell in sorted(board.frontier):
        for colour in COLOURS:
            saved = board.place(cell, colour)
            try:
                result = board.result_after(cell, side)
                if result is not None:
                    if result != rival:
                        return True
                    continue
                summary = Summary.of(board)
                if board.side_to_move != side:
                    if winning_tiles(board, rival, summary, after) is None:
                        return True
                    continue
                for second in sorted(board.frontier):
                    for colour2 in COLOURS:
                        saved2 = board.place(second, colour2)
                        try:
                            result = board.result_after(second, side)
                            if result is not None:
                                if result != rival:
                                    return True
                                continue
                            if winning_tiles(board, rival, summary.after_tile(board, second),
                                             after) is None:
                                return True
                        finally:
                            board.undo(second, saved2)
            finally:
                board.undo(cell, saved)
    return False


def _threatened_positions(seed: int, each: int) -> list[ChePosition]:
    """Positions of a seeded game between ``normal`` players, each after a
    turn that leaves the side to move facing closing tiles (and none of its
    own), where the defence test decides: ``each`` it answers yes to and
    ``each`` no (the rarer: a turn leaving two threats no turn breaks)."""
    rng = random.Random(seed)
    position = GAME.initial({})
    found: dict[bool, list[ChePosition]] = {True: [], False: []}
    while position.result is None and min(map(len, found.values())) < each:
        if position.tiles:
            # random turns, and the turns the deep search values as won (most
            # of them leave the other side no defence)
            legal = texts(position.legal_turns())
            won = [turn_text(s.tiles) for s in DeepSearch(None).turns(Board(position))
                   if s.value >= 1.0]
            for turn in rng.sample(legal, min(40, len(legal))) + won:
                after = position.play(turn).position
                assert isinstance(after, ChePosition)
                if after.result is not None:
                    continue
                board = Board(after)
                summary = Summary.of(board)
                mover = board.side_to_move
                if (board.tiles_left > board.tiles_this_turn
                        and winning_tiles(board, mover, summary) is None
                        and winning_tiles(board, other(mover), summary, rival_tiles(board))):
                    answer = can_defend(board, summary, mover, DeepSearcher(None))
                    if len(found[answer]) < each:
                        found[answer].append(after)
        choice = STRATEGY.choose(position, (), Level.NORMAL, STRATEGY.budget_for(Level.NORMAL),
                                 rng)
        played = position.play(choice.text).position
        assert isinstance(played, ChePosition)
        position = played
    return found[True] + found[False]


@pytest.mark.parametrize("seed", range(2))
def test_the_defence_test_agrees_with_trying_every_turn(seed: int) -> None:
    positions = _threatened_positions(seed, 5)
    assert len(positions) == 10
    for position in positions:
        board = Board(position)
        mover = board.side_to_move
        fast = can_defend(board, Summary.of(board), mover, DeepSearcher(None))
        assert fast == _defends_by_trying_everything(board, mover), position.listing()
        assert board.cells == Board(position).cells  # left as it was


# -- a win two turns away, and a trap ---------------------------------------------------------

#: Blue to move (from a game of expert against hard): -3,-2W -2,-2W leaves
#: White only a few replies that do not lose at once, and after each Blue has
#: a turn that leaves White no defence: Blue closes a region in its third
#: turn from here.  Hard (one reply deep) plays 0,1W 0,-1W.
FORCED_IN_THREE = ("0,0B/ -1,0W 1,0W 2,0B 2,-1B 3,-1W -1,1W -2,1B -3,1B -3,0W -3,-1W -2,0B "
                   "3,0B; tiles left 51; B to move")


def _forced(board: Board, tiles: Tiles) -> bool:
    """Whether ``tiles`` (the mover's turn) wins by force within two more
    turns of the mover: every reply either loses at once or leaves the mover
    a closing turn, or a turn after which every reply leaves it a closing
    turn (``Searcher.reply_value``, full width, judges that last part)."""
    side = board.side_to_move
    placed = [(cell, board.place(cell, colour)) for cell, colour in tiles]
    try:
        for reply in Searcher(None).turns(board, Summary.of(board)):
            if reply.value <= 0.0:
                continue  # the reply closes a region of the mover's, or leaves one to close
            done = [(cell, board.place(cell, colour)) for cell, colour in reply.tiles]
            try:
                if winning_tiles(board, side, Summary.of(board)) is not None:
                    continue
                seconds = DeepSearch(None).turns(board)[:5]
                if not any(Searcher(None).reply_value(board, second.tiles, -1.0) == 1.0
                           for second in seconds):
                    return False
            finally:
                for cell, saved in reversed(done):
                    board.undo(cell, saved)
        return True
    finally:
        for cell, saved in reversed(placed):
            board.undo(cell, saved)


def test_expert_finds_a_win_two_of_its_turns_away_that_hard_misses() -> None:
    position = listing(FORCED_IN_THREE)
    chosen = expert(FORCED_IN_THREE)
    assert _forced(Board(position), tiles_of(chosen))
    hard = STRATEGY.choose(position, (), Level.HARD, STRATEGY.budget_for(Level.HARD),
                           random.Random(0)).text
    assert hard != chosen
    assert not _forced(Board(position), tiles_of(hard))


# -- by work, reproducibly -------------------------------------------------------------------

#: A middle-game position (from a game of expert against hard) where the
#: work budget, not the search's depth, ends the decision.
MIDDLE = ("0,0B/ 1,0W 1,-1W 2,-1B 0,1B -1,0W -2,0W -2,1B -2,2B -1,1W 3,-1W 0,2B 0,3B -1,2W "
          "1,1W -2,3B -2,4B -3,2W -1,3W 0,4B 0,5B -1,4W 1,3W; tiles left 41; W to move")


def test_the_same_position_level_and_seed_give_the_same_choice_whatever_the_wall_cap() -> None:
    work = STRATEGY.WORK[Level.EXPERT]
    first = expert(MIDDLE, seed=4, budget=Budget(15.0, work=work))
    again = expert(MIDDLE, seed=4, budget=Budget(15.0, work=work))
    # a cap a hundred times longer, on a clock standing still: the work decides
    patient = expert(MIDDLE, seed=4, budget=Budget(1500.0, clock=lambda: 0.0, work=work))
    assert first == again == patient


def test_the_decision_stays_within_its_work_budget() -> None:
    budget = STRATEGY.budget_for(Level.EXPERT)
    assert budget.work is not None
    search = DeepSearch(budget)
    tiles = search.choose(Board(listing(MIDDLE)), random.Random(0))
    listing(MIDDLE).play(turn_text(tiles))  # legal
    assert search.depth >= 2  # deeper than one turn
    # the budget is looked at every few dozen leaves: a little past it at most
    assert budget.spent <= budget.work * 1.02
    assert not budget.capped
    # and less work makes a shallower search, still a legal turn
    small = Budget(15.0, work=3_000)
    shallow = DeepSearch(small)
    listing(MIDDLE).play(turn_text(shallow.choose(Board(listing(MIDDLE)), random.Random(0))))
    assert shallow.depth <= search.depth and budget.spent > 3_000
    assert small.spent <= 3_000 * 1.1


#: FORCED_IN_THREE one turn earlier, White to move: -2,0B 3,0B is as good as
#: its best to hard (one reply deep), which plays it with some seeds, and it
#: hands Blue the win above.
AVOID = ("0,0B/ -1,0W 1,0W 2,0B 2,-1B 3,-1W -1,1W -2,1B -3,1B -3,0W -3,-1W; tiles left 53; "
         "W to move")
TRAP = "-2,0B 3,0B"


def test_expert_keeps_out_of_a_turn_that_hands_the_other_side_a_forced_win() -> None:
    position = listing(AVOID)
    trapped = position.play(TRAP).position
    assert isinstance(trapped, ChePosition) and trapped.listing() == FORCED_IN_THREE
    assert _forced(Board(trapped), tiles_of("-3,-2W -2,-2W"))  # Blue's win after it
    seeds = [seed for seed in range(8) if STRATEGY.choose(
        position, (), Level.HARD, STRATEGY.budget_for(Level.HARD), random.Random(seed)
    ).text == TRAP]
    assert seeds  # hard walks into it
    chosen = {expert(AVOID, seed) for seed in seeds}
    for turn in chosen:
        assert sorted(turn.split()) != sorted(TRAP.split())
        # and Blue's own three-turn search finds no win after expert's turn
        after = position.play(turn).position
        assert isinstance(after, ChePosition)
        assert DeepSearch(None).value(Board(after), 3, -1.0, 2.0) < 1.0
