"""Judging one decision: every legal turn valued, the best found, the played one
compared with it, and the throw's luck (computer/analysis.py says the scale).

The evaluation is the strongest the strategies offer that fits a bounded work
budget per decision (``WORK``, positions evaluated, as the levels count them):

- every legal turn one ply ahead by the strategy's own value (``value`` and
  ``expand`` of a ``LevelledStrategy``; Che's whole-turn search);
- the ``TOP`` best of them and the played one valued one reply deeper (the
  opponent's best reply averaged over its throws: ``hard``'s expectimax; Che: the
  reply searched), so a turn is judged by what the opponent can do to it.  In
  Hachapury and Chebache that look is the learned network's, as ``hard`` with the
  network looks (``after_value`` at ``hard``), the stronger judge
  (docs/computer-strength.md): the replies and the positions they leave valued by
  the network, while the candidates are still picked by the hand-tuned value one
  ply ahead (every turn of a throw, which the Chebache network was not trained
  on: it learned to re-rank the hand-tuned value's best few).  CheeseGambit keeps
  its reply model (the network's look ranks every turn of every throw: 5.4 times
  the time a game, bench/bench_analysis.py).  When
  the budget runs out first, the decision is judged one ply throughout (never a
  mix of depths, which would compare unlike numbers);
- Che only: where the played turn ties the best one reply deeper, the tied turns
  are valued one turn deeper still (our answer to the reply: a turn that lets
  the reply force a win is then seen lost).  Che's evaluation counts
  threatening regions, so two turns deep often tie a turn that loses by force
  with one that does not; three turns tell them apart, and a tie there stays a
  tie (within ``UNTIE_WORK``; out of it, the two-turn values stand);
- Che only: where the played turn is still valued best and the game undecided,
  a forced-win prover for the opponent (computer/che_prover.py) looks at it
  and the other chosen turns up to five turns past the played one (the
  opponent's third turn closing a region; ``three_turns`` sees its second).
  The played turn proven lost while another is searched as deep and not found
  lost is an error (valued 0, a loss; the other keeps its shallower value).  A
  prover, not a deeper alpha-beta: five turns of Che's full width are some
  10^12 leaves, while a forced win is a chain of threats (few attacks a node,
  all defences, most of which lose at once), which fits ``PROOF_WORK``;
- Che's first tile: its orientation is a rotation of the board, but its colour
  is a choice, judged by the same prover one turn deeper (a White tile loses
  to a win Blue forces by turn 8; a Blue one is not found lost);
- luck: the best one-ply equity with the throw rolled minus its average over all
  throws (the same one-ply values, so a throw's luck and its decision's loss are
  on one scale).

Only the game's own strategy module is read (never changed): a game whose
strategy is not a ``LevelledStrategy`` and is not Che has no analysis
(``LookupError``).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from computer.analysis import Decision
from computer.base import Budget, Level, strategy_for
from computer.learned_levels import LearnedLevels
from computer.levelled import LevelledStrategy
from computer.search import Candidate, dice_outcomes, outcome_value
from games.base import Dice, Position

if TYPE_CHECKING:
    from computer.che_board import Board
    from computer.che_prover import Prover
    from computer.che_search import Searcher, Tiles
    from games.che.position import ChePosition

#: Positions one decision's judgement may evaluate (its luck included).  Measured
#: with bench/bench_analysis.py so that a 100-turn game takes well under 60 s on 2
#: cores; a decision that needs more is judged one ply.
WORK: dict[str, int] = {"chebache": 40_000, "hachapury": 40_000, "cheesegambit": 30_000,
                        "che": 40_000}
DEFAULT_WORK = 30_000
#: The wall-time safety cap of one decision's judgement, in seconds: only a safety
#: net, far above what a decision takes on a quiet machine (40,000 positions: 1-2 s),
#: so that a busy machine (bench/bench_analysis.py with four processes on 2 cores hit
#: 5 s after 16,000 positions) still judges every decision by its work budget alone
#: and gives the analysis a quiet machine gives.  Analysis runs in the background.
CAP = 30.0
#: How many of the best one-ply turns are looked at one reply deeper (with the
#: played turn); Chebache's replies are the dearest (a whole attack evaluation each),
#: so it looks at two (bench/bench_analysis.py: a 100-turn game then fits 60 s on 2
#: cores).
TOP = 3
TOPS: dict[str, int] = {"chebache": 2}
#: Leaves Che's third turn may value in one decision (``CheJudge.untie``), within
#: ``WORK``: measured with bench/bench_analysis.py to keep a 100-turn game well under
#: 60 s; a decision that needs more keeps its two-turn values.
UNTIE_WORK = 12_000
#: Che's forced-loss look (``CheJudge.forced``) where the played turn is valued
#: best: the other side's forced win sought within ``PROOF_DEPTH`` of its turns
#: (three: the played turn, then five turns, the last closing a region;
#: ``three_turns`` sees two), trying ``PROOF_WIDTH`` threats a node, within
#: ``PROOF_WORK`` leaves for the played turn and the others together (a decision
#: that needs more keeps its values).  Measured on games of bench/bench_analysis.py:
#: a proof takes 600-12,000 leaves; a search that finds none spends the budget
#: (25,000-30,000 leaves a second on a quiet core: a look costs at most about a
#: second).  About half the turns look: a 33-turn game (index 24) took 20.9 s
#: against 11.1 s without, the first tile's look included, one process on a busy
#: machine (load 4.5 on 2 cores); the 100 games' max 33 s, as busy.
PROOF_DEPTH = 3
PROOF_WIDTH = 6
PROOF_WORK = 24_000
#: White's first tile is judged by the prover alone, one turn deeper (Blue's
#: forced win within four of its turns: turn 8), within ``OPENING_WORK`` leaves
#: for each colour (measured: 20,000 to prove the White tile lost, 57,000 to
#: search the Blue one in vain, about 3 s together).  Asked once a process
#: (``_opening_lost``), so its wall-time safety cap is its own, ``OPENING_CAP``.
OPENING_DEPTH = PROOF_DEPTH + 1
OPENING_WORK = 100_000
OPENING_CAP = 60.0


@dataclass(frozen=True)
class Valued:
    """A legal turn's text, what identifies the position it leads to, and its value
    (the mover's share of the win, 0-1)."""

    text: str
    key: str
    value: float


class Judge:
    """How one game's turns are valued (see the module's note)."""

    def __init__(self, game: str, work: int | None = None, luck: bool = True) -> None:
        self.game = game
        self.work = work if work is not None else WORK.get(game, DEFAULT_WORK)
        #: Whether throws' luck is measured (most of the work in Chebache: a
        #: measure of errors alone, bench/bench_analysis.py, may leave it out).
        self.measure_luck = luck

    def budget(self) -> Budget:
        return Budget(CAP, work=self.work)

    # what a game's judge gives ------------------------------------------------------

    def one_ply(self, position: Position, dice: Dice, side: str, budget: Budget
                ) -> list[Valued]:
        raise NotImplementedError

    def played_key(self, position: Position, dice: Dice, moves: str) -> str:
        """The key of the turn ``moves`` (as logged) among ``one_ply``'s."""
        bare, _ = position.split_additions(moves)
        return position.play(bare, dice).position.listing()

    def deeper(self, position: Position, dice: Dice, side: str, chosen: list[Valued],
               budget: Budget) -> dict[str, float] | None:
        """``chosen``'s values one reply deeper by key, or None (out of budget)."""
        return None

    def untie(self, position: Position, dice: Dice, chosen: list[Valued],
              values: dict[str, float], played_key: str, budget: Budget
              ) -> dict[str, float]:
        """``values`` (of ``chosen``, one reply deeper), looked at again where the
        played turn ties the best (a game whose evaluation ties often: Che)."""
        return values

    # the judgement -------------------------------------------------------------------

    def judge(self, position: Position, dice: Dice, moves: str, number: int) -> Decision:
        side = position.side_to_move
        if side is None:
            raise ValueError("the game is over: there is no decision to judge")
        budget = self.budget()
        valued = self.one_ply(position, dice, side, budget)
        by_key: dict[str, Valued] = {}
        for item in valued:  # the same position by two texts is one choice
            if item.key not in by_key or item.value > by_key[item.key].value:
                by_key[item.key] = item
        played_key = self.played_key(position, dice, moves)
        ranked = sorted(by_key.values(), key=lambda v: -v.value)
        luck = self.luck(position, dice, side)
        played = by_key.get(played_key)
        if played is None or len(ranked) < 2:
            # forced, or a turn the evaluation does not list (never expected): no loss
            value = ranked[0].value if ranked else 0.5
            return Decision(number, side, tuple(dice), moves, "", max(1, len(ranked)),
                            _equity(value), _equity(value), 0.0, luck, False)
        top = TOPS.get(self.game, TOP)
        chosen = ranked[:top] + ([played] if played not in ranked[:top] else [])
        deep = self.deeper(position, dice, side, chosen, budget)
        values = deep if deep is not None else {v.key: v.value for v in chosen}
        if deep is not None:
            values = self.untie(position, dice, chosen, values, played.key, budget)
        best = max(chosen, key=lambda v: values[v.key])
        loss = max(0.0, _equity(values[best.key]) - _equity(values[played.key]))
        return Decision(number, side, tuple(dice), moves, best.text if loss > 0 else moves,
                        len(ranked), _equity(values[played.key]), _equity(values[best.key]),
                        loss, luck, deep is not None)

    def luck(self, position: Position, dice: Dice, side: str) -> float | None:
        """The throw's luck in equity (None without dice): the best one-ply value with
        the dice rolled minus its average over every throw (``best_value``, one way
        for both).  Its work is fixed (one ply for each throw) and not drawn from the
        decision's budget."""
        count = position.dice_count()
        if count == 0 or not dice or not self.measure_luck:
            return None
        rolled = self.best_value(position, dice, side)
        average = 0.0
        for throw, weight in dice_outcomes(count):
            average += weight * self.best_value(position, throw, side)
        return 2.0 * (rolled - average)

    def best_value(self, position: Position, dice: Dice, side: str) -> float:
        """The best one-ply value of the side to move with ``dice`` (0.5: no turn)."""
        values = [v.value for v in self.one_ply(position, dice, side, Budget(CAP))]
        return max(values) if values else 0.5


def _done_or(position: Position, side: str, value: Callable[[Position, str], float]
             ) -> float:
    done = outcome_value(position, side)
    return done if done is not None else value(position, side)


def _equity(share: float) -> float:
    return 2.0 * share - 1.0


class LevelledJudge(Judge):
    """A ``LevelledStrategy``'s value and expansion; one reply deeper, ``hard``'s
    look with the game's network where it has one (``reply``)."""

    def __init__(self, game: str, strategy: LevelledStrategy, work: int | None = None,
                 luck: bool = True, pick: Callable[[Position, str], float] | None = None
                 ) -> None:
        super().__init__(game, work, luck)
        self.strategy = strategy
        #: For luck: a quicker value that picks each throw's best turn, which the
        #: strategy's value then values (one full valuation a throw, not one a turn);
        #: None: the strategy's value picks.
        self.pick = pick

    def value(self, position: Position, side: str) -> float:
        done = outcome_value(position, side)
        return done if done is not None else self.strategy.value(position, side)

    def expand(self, position: Position, dice: Dice) -> list[Candidate]:
        return self.strategy.expand(position, dice)

    def one_ply(self, position: Position, dice: Dice, side: str, budget: Budget
                ) -> list[Valued]:
        found = self.expand(position, dice)
        budget.spend(len(found))
        return [Valued(c.text, c.after.listing(), self.value(c.after, side)) for c in found]

    def best_value(self, position: Position, dice: Dice, side: str) -> float:
        # as the default, without each position's listing (a quarter of the work)
        found = self.expand(position, dice)
        if not found:
            return 0.5
        if self.pick is None:
            return max(self.value(c.after, side) for c in found)
        pick = self.pick
        chosen = max(found, key=lambda c: _done_or(c.after, side, pick))
        return self.value(chosen.after, side)

    def deeper(self, position: Position, dice: Dice, side: str, chosen: list[Valued],
               budget: Budget) -> dict[str, float] | None:
        after = {c.after.listing(): c.after for c in self.expand(position, dice)}
        out: dict[str, float] = {}
        for item in chosen:
            if item.key not in after:
                return None
            value = self.reply(after[item.key], side, budget)
            if value is None:
                return None
            out[item.key] = value
        return out

    @functools.cached_property
    def looker(self) -> LevelledStrategy:
        """Who looks one reply deeper: ``hard`` of the strategy, with the network
        if the game has one (whether or not its ``hard`` plays with it)."""
        if isinstance(self.strategy, LearnedLevels):
            return self.strategy.with_learned({Level.HARD})  # type: ignore[return-value]
        return self.strategy

    def reply(self, after: Position, side: str, budget: Budget) -> float | None:
        """``side``'s value of ``after`` once the opponent has replied, averaged
        over its throws, as ``looker``'s ``hard`` sees it (None: out of budget)."""
        return self.looker.after_value(after, side, Level.HARD, budget)


class CheeseGambitJudge(LevelledJudge):
    """CheeseGambit's turns valued from the pieces alone (its strategy's
    ``option_value``: no position is built for a turn one ply ahead) and one reply
    deeper by its strategy's own reply model (the next mover's bumping replies)."""

    def one_ply(self, position: Position, dice: Dice, side: str, budget: Budget
                ) -> list[Valued]:
        from computer.cheesegambit import _pieces, option_value
        from games.cheesegambit.position import CheeseGambitPosition

        assert isinstance(position, CheeseGambitPosition)
        options = position.turn_options(dice)
        budget.spend(len(options))
        base = _pieces(position)
        return [Valued(text, text, option_value(position, base, option, side))
                for text, option in options]

    def played_key(self, position: Position, dice: Dice, moves: str) -> str:
        return position.split_additions(moves)[0].strip()  # the log keeps canonical text

    def best_value(self, position: Position, dice: Dice, side: str) -> float:
        return max((v.value for v in self.one_ply(position, dice, side, Budget(CAP))),
                   default=0.5)

    def deeper(self, position: Position, dice: Dice, side: str, chosen: list[Valued],
               budget: Budget) -> dict[str, float] | None:
        from computer.cheesegambit import CheesegambitStrategy
        from games.cheesegambit.position import CheeseGambitPosition

        assert isinstance(position, CheeseGambitPosition)
        assert isinstance(self.strategy, CheesegambitStrategy)
        options = dict(position.turn_options(dice))
        out: dict[str, float] = {}
        for item in chosen:
            # the reply model, not the network's reply search (which ranks every turn
            # of each of the 21 throws: 5.4 times the time, bench/bench_analysis.py)
            value = self.strategy.reply_value(position.after_turn(options[item.key]), side,
                                              budget)
            if value is None:
                return None
            out[item.key] = value
        return out


class CheJudge(Judge):
    """Che's whole-turn search (computer/che_search.py): every turn valued by the
    position it leads to, the best looked at with the reply searched, a tie of
    the played turn with the best looked at one turn deeper (``untie``), and a
    played turn valued best looked at for a forced loss deeper still
    (``forced``)."""

    def one_ply(self, position: Position, dice: Dice, side: str, budget: Budget
                ) -> list[Valued]:
        from computer.che_board import Board, Summary
        from computer.che_search import Searcher, turn_text
        from games.che.position import ChePosition

        assert isinstance(position, ChePosition)
        if not position.tiles:
            # the first tile: its orientation is a rotation, its colour is a choice
            # (valued in ``deeper`` alone: the evaluation has nothing to count yet)
            by_colour: dict[str, str] = {}
            for turn in position.legal_turns():
                by_colour.setdefault(_opening_key(turn.text), turn.text)
            return [Valued(text, key, 0.5) for key, text in by_colour.items()]
        board = Board(position)
        # one ply in full (the budget is counted, never cut short: a partial list
        # would have no best)
        found = Searcher(None).turns(board, Summary.of(board))
        budget.spend(len(found))
        return [Valued(turn_text(s.tiles), _tiles_key(turn_text(s.tiles)), s.value)
                for s in found]

    def played_key(self, position: Position, dice: Dice, moves: str) -> str:
        from games.che.position import ChePosition

        assert isinstance(position, ChePosition)
        return _tiles_key(moves) if position.tiles else _opening_key(moves)

    def deeper(self, position: Position, dice: Dice, side: str, chosen: list[Valued],
               budget: Budget) -> dict[str, float] | None:
        from computer.che_board import Board
        from computer.che_search import OutOfTime, Searcher
        from games.che.position import ChePosition

        assert isinstance(position, ChePosition)
        if not position.tiles:
            return self.opening(position, chosen)
        board = Board(position)
        searcher = Searcher(budget)
        out: dict[str, float] = {}
        for item in chosen:
            tiles = _tiles_of(item.text)
            if board.tiles_this_turn != len(tiles):
                return None  # a turn that ends the game with one tile: valued as it stands
            try:
                value = searcher.reply_value(board, tiles, -1.0)
            except (OutOfTime, ValueError, IndexError):
                # IndexError: computer/che_board.py's winning_tiles on a region with no
                # needs left (seen once in a reply search); the decision is then
                # judged one ply, as when the budget runs out
                return None
            out[item.key] = item.value if value is None else value
        return out

    def opening(self, position: ChePosition, chosen: list[Valued]) -> dict[str, float] | None:
        """The first tiles (one of each colour) valued by the prover alone: Blue's
        forced win within ``OPENING_DEPTH`` of its turns makes a tile lost (0),
        one searched as deep and not found lost keeps its even value (0.5); out
        of ``OPENING_WORK``, None (judged one ply: a tie).  White's first tile
        is its only choice of the game's shape, and the wrong colour loses by
        force: Blue then wins by turn 8 however White plays
        (tests/computer/test_che_prover.py)."""
        from computer.che_search import OutOfTime

        try:
            return {item.key: 0.0 if _opening_lost(position.total_tiles, item.text)
                    else item.value for item in chosen}
        except (OutOfTime, IndexError):
            return None

    def untie(self, position: Position, dice: Dice, chosen: list[Valued],
              values: dict[str, float], played_key: str, budget: Budget
              ) -> dict[str, float]:
        """Where the played turn ties the best one reply deeper, the tied turns
        valued one turn deeper still (``three_turns``: our reply to the reply
        too, so a turn that lets the reply force a win is seen lost); out of
        budget, the two-turn values stand.  Che's evaluation has few levels
        (counts of threatening regions), so two turns often tie turns of which
        one loses by force: a tie two turns deep says nothing, three say more.
        Only the tied turns are looked at (the others are already worse).  Then,
        wherever the played turn is valued best, ``forced``."""
        from computer.che_board import Board
        from computer.che_search import OutOfTime, Searcher
        from games.che.position import ChePosition

        assert isinstance(position, ChePosition)
        if not position.tiles:
            return values  # the first tile: ``opening`` has looked as deep as it goes
        board = Board(position)
        played = values.get(played_key)
        best = max(values.values())
        if played is None or played < best or not 0.0 < played < 1.0:
            return values
        tied = [item for item in chosen if values[item.key] == best]
        if len(tied) < 2:
            return self.forced(board, chosen, values, played_key, budget)
        left = budget.work_left()
        searcher = Searcher(Budget(CAP, work=UNTIE_WORK if left is None
                                   else min(left, UNTIE_WORK)))
        out = dict(values)
        try:
            # the played turn exactly, then each other tied turn only as far as
            # needed to know whether it is better (a worse one is cut short with
            # a value no better than the played turn's: it is never the best)
            text = next(item.text for item in tied if item.key == played_key)
            mine = three_turns(board, searcher, _tiles_of(text))
            out[played_key] = mine
            for item in tied:
                if item.key != played_key:
                    out[item.key] = three_turns(board, searcher, _tiles_of(item.text), mine)
        except OutOfTime:
            out = values  # the two-turn values stand, and the tie with them
        return self.forced(board, chosen, out, played_key, budget)

    def forced(self, board: Board, chosen: list[Valued], values: dict[str, float],
               played_key: str, budget: Budget) -> dict[str, float]:
        """Where the played turn is valued best (tied or alone) and the game is
        undecided, a look deeper by a forced-win prover for the other side
        (computer/che_prover.py: ``PROOF_DEPTH`` of its turns, ``PROOF_WIDTH``
        threats a node, within ``PROOF_WORK`` leaves).  The played turn proven
        lost while another of ``chosen`` (undecided, best first) is searched to
        the same horizon and not found lost is an error: the played turn is
        valued 0 (a loss), the other keeps its value, and those proven lost on
        the way are valued 0 too.  Anything short of that (the played turn not
        proven lost; every other one proven lost as well; the work spent first)
        leaves the values as they were: a tie stays a tie, and a position lost
        whatever is played costs no turn anything."""
        from computer.che_prover import Prover
        from computer.che_search import OutOfTime, Searcher

        played = values.get(played_key)
        best = max(values.values())
        if played is None or played < best or not 0.0 < played < 1.0:
            return values
        others = sorted((item for item in chosen if item.key != played_key
                         and 0.0 < values[item.key] < 1.0), key=lambda v: -values[v.key])
        left = budget.work_left()
        work = PROOF_WORK if left is None else min(left, PROOF_WORK)
        if not others or work <= 0 or board.tiles_this_turn != 2:
            return values
        prover = Prover(Searcher(Budget(CAP, work=work)), PROOF_WIDTH)
        text = next(item.text for item in chosen if item.key == played_key)
        try:
            if not _loses(board, prover, _tiles_of(text)):
                return values
            out = dict(values)
            for item in others:
                if not _loses(board, prover, _tiles_of(item.text)):
                    out[played_key] = 0.0
                    return out
                out[item.key] = 0.0
        except (OutOfTime, IndexError):
            pass  # IndexError: as in ``deeper`` (winning_tiles), no judgement then
        return values


def _loses(board: Board, prover: Prover, tiles: Tiles) -> bool:
    """Whether the whole turn ``tiles`` of the side to move on ``board`` is
    proven lost: the other side then forces a win within ``PROOF_DEPTH`` of its
    turns.  Raises OutOfTime (the prover's budget)."""
    placed = []
    try:
        for cell, colour in tiles:
            placed.append((cell, board.place(cell, colour)))
        if board.tiles_this_turn != 2:
            return False  # the pool runs out: the largest regions decide
        return prover.wins(board, PROOF_DEPTH) is not None
    finally:
        for cell, saved in reversed(placed):
            board.undo(cell, saved)


def three_turns(board: Board, searcher: Searcher, tiles: Tiles, floor: float = -1.0
                ) -> float:
    """The value (0-1) of the whole turn ``tiles`` for the side playing it on
    ``board``, three turns deep: the other side's every reply valued by what
    our best answer to it leaves (``Searcher.reply_value``: its leaves check
    whether the other side then closes a region), the reply best for the other
    side taken.  Alpha-beta: a reply no better for the other side than one it
    has is not valued exactly, and once the turn is known to be worth at most
    ``floor`` the search stops there (the value returned is then at most
    ``floor``, an upper bound).  Raises OutOfTime (the searcher's budget)."""
    from computer.che_board import Summary
    from computer.che_search import ranked

    side = board.side_to_move
    placed = []
    try:
        for cell, colour in tiles:
            placed.append((cell, board.place(cell, colour)))
        if board.side_to_move == side:
            raise ValueError("three_turns needs a whole turn")
        need = board.tiles_this_turn
        alpha = -1.0  # the other side's best so far
        for reply in ranked(searcher.turns(board, Summary.of(board))):
            if reply.value in (0.0, 1.0) or len(reply.tiles) < need:
                value: float | None = reply.value  # the game ends with it
            else:
                value = searcher.reply_value(board, reply.tiles, alpha)
            if value is not None and value > alpha:
                alpha = value
            if alpha >= 1.0 or 1.0 - alpha <= floor:
                break
    finally:
        for cell, saved in reversed(placed):
            board.undo(cell, saved)
    return 1.0 - alpha


@functools.cache
def _opening_lost(total: int, text: str) -> bool:
    """Whether the first tile ``text`` with a pool of ``total`` tiles is proven
    lost (``CheJudge.opening``).  Remembered: the answer is the same in every
    game (a fixed work budget), and it is the dearest question of one.  Raises
    OutOfTime (out of work or time: then not remembered)."""
    from computer.che_board import Board
    from computer.che_prover import Prover
    from computer.che_search import Searcher
    from games.che.position import ChePosition

    prover = Prover(Searcher(Budget(OPENING_CAP, work=OPENING_WORK)), PROOF_WIDTH)
    return prover.wins(Board(ChePosition(total).place(text)), OPENING_DEPTH) is not None


def _opening_key(text: str) -> str:
    """A first tile by its colour alone (``0,0W/`` and ``0,0W\\`` are one turn
    up to a rotation of the board; the colour is not a symmetry)."""
    return text.strip().rstrip("/\\").upper()


def _tiles_key(text: str) -> str:
    """A Che turn's tiles as a set (two quiet tiles in either order are one turn)."""
    return " ".join(sorted(text.upper().split()))


def _tiles_of(text: str) -> tuple[tuple[tuple[int, int], str], ...]:
    tiles = []
    for token in text.split():
        x, rest = token.split(",", 1)
        tiles.append(((int(x), int(rest[:-1])), rest[-1].upper()))
    return tuple(tiles)


def judge_for(game: str, work: int | None = None, luck: bool = True) -> Judge:
    """The judge of ``game``'s decisions (LookupError: a game it cannot judge);
    ``luck=False``: errors only."""
    strategy = strategy_for(game)
    if game == "cheesegambit" and isinstance(strategy, LevelledStrategy):
        return CheeseGambitJudge(game, strategy, work, luck)
    if game == "chebache" and isinstance(strategy, LevelledStrategy):
        # Chebache's full value weighs every attack over 36 throws: its luck picks each
        # throw's turn by the plainer value (computer/chebache.py ``plain_value``)
        from computer.chebache import plain_value

        return LevelledJudge(game, strategy, work, luck, plain_value)
    if isinstance(strategy, LevelledStrategy):
        return LevelledJudge(game, strategy, work, luck)
    if game == "che":
        return CheJudge(game, work, luck)
    raise LookupError(f"no analysis for {game!r}: its computer player has no value")


@dataclass(frozen=True)
class Step:
    """A logged turn to judge: the position it was played from, its dice, its moves
    as logged and its number."""

    before: Position
    dice: Dice
    moves: str
    number: int


def judge_steps(game: str, steps: Iterable[Step], work: int | None = None,
                luck: bool = True) -> list[Decision]:
    """Every step judged (a step from a finished position, or with no side to move,
    is skipped)."""
    judge = judge_for(game, work, luck)
    return [judge.judge(step.before, step.dice, step.moves, step.number) for step in steps
            if step.before.side_to_move is not None and step.before.result is None]
