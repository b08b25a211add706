"""The CheeseGambit computer player.

Evaluation (computer/cheesegambit_eval.py): each side's expected share of the
win from an effective pip count (distance still to travel, pool pieces, the
expected loss of its blots to the opponents' next throws, pieces left to bear
off) turned into turns still needed and then into shares by a softmax, so it
serves 2, 3 and 4 players alike.

Levels:

- ``easy``: one ply by the race alone (no blot safety), choosing at random
  among the turns close to the best;
- ``normal``: one ply by the evaluation, counting only direct shots at blots,
  choosing at random among the turns very close to the best;
- ``hard``: the best few one-ply candidates looked at one reply deeper: for
  each of the next mover's 21 throws it replies with what is best for itself
  (its turns ranked by a quick pip score, the best few valued in full), and
  the candidate's value is ours averaged over those throws.  With two
  players it plays with the learned evaluation (computer/cheesegambit_learned.py,
  trained by self-play): the hand-tuned best turns re-ranked by the network,
  the best ``LEARNED_HARD_TOP`` looked at one reply deeper, the reply to
  each throw chosen among the hand-tuned best few and valued by the network;
- ``expert``: with two players ``hard``'s search over ``LEARNED_EXPERT_TOP``
  turns; with more, ``hard``'s reply model over more turns, then every legal
  reply of the best few (``exact_reply_value``).

Taunts (the doubling cube) follow cube theory: taunt a side just bumped when
its chances against us are low but not hopeless; accept a taunt when our
chances against the taunter are above the take point.  The vote to play on is
"yes" when our chances of the next place are at least our fair share.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING

from computer.base import Budget, Choice, Level, mover
from computer.cheesegambit_eval import REM, shares, turn_order
from computer.cheesegambit_explain import describe_turn
from computer.cheesegambit_reply import ReplyModel, next_active
from computer.learned_levels import LearnedLevels
from computer.levelled import LevelledStrategy
from computer.reasons import Reason
from computer.search import Candidate, dice_outcomes, outcome_value, pick_with_noise
from games.base import Dice, Position, QuestionKind
from games.cheesegambit.board import COLOUR_NAMES, EXIT, OFF, POOL, TRACK
from games.cheesegambit.movegen import TurnOption, bits
from games.cheesegambit.position import CheeseGambitPosition
from games.turns import Turn

if TYPE_CHECKING:  # numpy is imported only when a level uses the learned value
    from computer.td import Network

Pieces = tuple[int, ...]

#: Below this share against the taunter, the taunted side drops (backgammon's
#: take point is 25%; owning the cube after accepting is worth a little more).
TAKE_POINT = 0.22
#: We taunt when the bumped side's chances against us are in this window: low
#: enough that it should drop or has a close take, not so low that the game is
#: ours anyway.  An accepted taunt hands the cube over (only the taker may
#: taunt next), so ``hard`` taunts near and below the take point; the weaker
#: levels taunt only when it is obvious.
TAUNT_WINDOWS = {Level.EASY: (0.03, 0.10), Level.NORMAL: (0.03, 0.18),
                 Level.HARD: (0.03, 0.25), Level.EXPERT: (0.03, 0.25)}
#: With the places after the first at stake, a vote "yes" needs this fraction
#: of an equal share of the next place.
VOTE_FAIR = 0.8
#: Once someone has won, the others' values are scaled into [0, this] (they
#: still play for the next place, but the win is gone).
AFTER_WIN = 0.1


#: Values closer than this are ties (sums of the same terms in another order
#: differ in the last bits: that must not decide a turn).
TIE = 1e-9


def tie_key(mover: str, option: TurnOption) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """How turns of equal value are ordered, the same for every colour: by the
    mover's pieces as distances still to travel, farthest first (the turn
    whose stragglers are furthest on first: bring up the back pieces), then
    the bumped squares counted from the mover's exit.

    Why: the evaluation is a race with blot risk, so in a quiet position
    (the opening) many turns tie exactly.  Ties used to fall to the engine's
    order, which follows the square numbers, so Red and Blue broke the same
    ties differently (Red's turn that moved its 9-stack was Blue's turn that
    moved its 45-stack, not its 13-stack) and ``hard`` against itself won 66%
    with Red; a key that reads only distances treats the colours alike."""
    rem = REM[mover]
    exit_square = EXIT[mover]
    return (tuple(sorted((rem[p] for p in option.pieces), reverse=True)),
            tuple(sorted((sq - exit_square) % TRACK for sq in bits(option.bumped))))


def _pieces(position: CheeseGambitPosition) -> dict[str, Pieces]:
    return {s: position.pieces(s) for s in position.active()}


def position_value(position: CheeseGambitPosition, side: str, risk: bool = True,
                   direct: bool = False) -> float:
    """``side``'s expected share of the win in ``position`` (see the eval module);
    ``risk=False`` leaves out the safety of blots (the race alone), ``direct``
    counts only direct shots at them."""
    done = outcome_value(position, side)
    if done is not None:
        return done
    placings = position.placings
    active = position.active()
    if side not in active:
        return 1.0 if placings and placings[0] == side else AFTER_WIN * (side in placings)
    first = position.next_side
    assert first is not None
    order = turn_order(position.sides, active, first)
    value = shares(_pieces(position), order, risk, direct=direct)[order.index(side)]
    return AFTER_WIN * value if placings else value


def option_value(position: CheeseGambitPosition, base: Mapping[str, Pieces],
                 option: TurnOption, side: str, risk: bool = True, direct: bool = False
                 ) -> float:
    """``side``'s value (as ``position_value``) of the position the mover's turn
    ``option`` leads to, from the pieces alone: ``base`` is every active
    side's pieces in ``position``."""
    mover = position.next_side
    assert mover is not None
    placings = position.placings
    if option.pieces[0] == OFF:  # the mover bears off its last piece: it is placed
        if side == mover:
            return AFTER_WIN if placings else 1.0
        return position_value(position.after_turn(option), side, risk, direct)
    pieces = dict(base)
    pieces[mover] = option.pieces
    for sq in bits(option.bumped):
        victim, count = position.occupant(sq)  # type: ignore[misc]
        pieces[victim] = (POOL,) * count + tuple(p for p in pieces[victim] if p != sq)
    active = position.active()
    first = mover if option.extra_turn else next_active(position.sides, active, mover)
    order = turn_order(position.sides, active, first)
    value = shares(pieces, order, risk, direct=direct)[order.index(side)]
    return AFTER_WIN * value if placings else value


def simple_value(position: Position, side: str) -> float:
    """The greedy baseline's plain evaluation: the pip-count race (every side's
    distance still to travel, pool pieces counted from the pool), nothing else."""
    assert isinstance(position, CheeseGambitPosition)
    return position_value(position, side, risk=False)


class CheesegambitStrategy(LearnedLevels, LevelledStrategy):
    game = "cheesegambit"
    #: The learned evaluation (computer/cheesegambit_learned.py), which ``hard``
    #: and ``expert`` play with in two-player games: ``hard`` with it beat
    #: ``hard`` without it 65.0% [54.1-74.5] over 80 games
    #: (docs/computer-strength.md); ``normal`` stays hand-tuned, below them.
    LEARNED_MODULE = "computer.cheesegambit_learned"
    DEFAULT_LEARNED = frozenset({Level.HARD, Level.EXPERT})

    EASY_SPREAD = 0.04
    #: ``normal`` errs a little too: any turn this close to its best.
    NORMAL_SPREAD = 0.015
    #: One-ply candidates ``hard`` looks at one reply deeper.
    HARD_TOP = 12
    #: The same for ``expert``.
    EXPERT_TOP = 24
    #: ``expert``'s first stage (``hard``'s search) may spend this share of its
    #: budget; its best ``EXPERT_EXACT`` are then looked at every legal reply.
    EXPERT_FIRST_SHARE = 0.2
    EXPERT_EXACT = 3
    #: The turns ``hard`` and ``expert`` with the learned value look at one
    #: reply deeper (``expert``'s search is ``hard``'s over more turns: the
    #: network re-ranks the hand-tuned best ``LEARNED_EXPERT_TOP``, so a wider
    #: ``expert`` also lets it find turns the hand-tuned value ranks low.  Over
    #: 12 turns it scored 57.3% against ``hard`` over 400 games, over 24
    #: 62.4% [54.9-69.3] over 170, stopped for time: docs/computer-strength.md).
    LEARNED_HARD_TOP = 6
    LEARNED_EXPERT_TOP = 24
    #: Positions a decision may evaluate (``Budget``): about what the old time
    #: budgets (0.1 / 0.5 / 1.5 s) held here.  With the learned value a unit
    #: costs about 29 microseconds of CPU (bench/bench_decisions.py), so
    #: ``hard``'s budget holds it near 1.2 s and ``expert``'s under 3 s (at
    #: 100,000 its p99 was 3.6 s with both cores busy: session 12 took it to
    #: 80,000); the hand-tuned search of three and four players rarely
    #: reaches either.
    WORK = {Level.EASY: 3_500, Level.NORMAL: 17_000, Level.HARD: 40_000,
            Level.EXPERT: 80_000}

    def value(self, position: Position, side: str) -> float:
        assert isinstance(position, CheeseGambitPosition)
        return position_value(position, side)

    def expand(self, position: Position, dice: Dice) -> list[Candidate]:
        assert isinstance(position, CheeseGambitPosition)
        return [Candidate(text, after) for text, after in position.successors(dice)]

    # -- turns ---------------------------------------------------------------------
    def choose(self, position: Position, dice: Dice, level: Level, budget: Budget,
               rng: random.Random) -> Choice:
        assert isinstance(position, CheeseGambitPosition)
        side = mover(position)
        risk = level != Level.EASY
        spread = {Level.EASY: self.EASY_SPREAD, Level.NORMAL: self.NORMAL_SPREAD}.get(level, 0.0)
        keep = {Level.HARD: self.HARD_TOP, Level.EXPERT: self.EXPERT_TOP}.get(level, 1)
        net = self.net_for(level) if len(position.sides) == 2 else None
        if net is not None:
            ranked = self._learned_ranked(position, dice, budget, net, keep)
        else:
            ranked = self._ranked(position, dice, side, risk, budget, spread, keep,
                                  direct=level == Level.NORMAL)
        if net is not None and level in (Level.HARD, Level.EXPERT) and len(ranked) > 1:
            top = self.LEARNED_EXPERT_TOP if level == Level.EXPERT else self.LEARNED_HARD_TOP
            chosen = self._learned_deeper(ranked, side, budget, net, top)
        elif level not in (Level.HARD, Level.EXPERT):
            chosen = pick_with_noise(ranked, rng, spread)
        elif len(ranked) > 1 and level == Level.EXPERT and self.EXPERT_EXACT:
            chosen = self._expert(ranked, side, budget)
        elif len(ranked) > 1:
            chosen = self._deeper(ranked, side, budget, keep)
        else:
            chosen = ranked[0][1]
        text = self.with_additions(position, dice, chosen, side, level)
        return Choice(text, self.explain(position, dice, text))

    def _ranked(self, position: CheeseGambitPosition, dice: Dice, side: str, risk: bool,
                budget: Budget, spread: float = 0.0, keep: int = 1, direct: bool = False
                ) -> list[tuple[float, Candidate]]:
        """The legal turns best first by the one-ply value, valued straight
        from the engine's turn options (no position is built for a turn until
        it is among the ``keep`` best or within ``spread`` of the best)."""
        options = position.turn_options(dice)
        base = _pieces(position)
        mover = position.next_side or side
        scored: list[tuple[float, int]] = []
        for index, (_, option) in enumerate(options):
            if index and budget.expired():
                break
            budget.spend()
            scored.append((option_value(position, base, option, side, risk, direct), index))
        # ties broken the same way for every colour (``tie_key``)
        scored.sort(key=lambda item: (-round(item[0] / TIE), tie_key(mover, options[item[1]][1])))
        best = scored[0][0]
        return [(score, Candidate(options[i][0], position.after_turn(options[i][1])))
                for rank, (score, i) in enumerate(scored)
                if rank < keep or score >= best - spread]

    def _learned_ranked(self, position: CheeseGambitPosition, dice: Dice, budget: Budget,
                        net: Network, keep: int) -> list[tuple[float, Candidate]]:
        """The hand-tuned value's best turns re-ranked by the learned network
        (two players only: it learned the two-player game)."""
        from computer import cheesegambit_learned

        budget.spend(len(position.turn_options(dice)))
        found = cheesegambit_learned.ranking(position, dice, net,
                                             max(cheesegambit_learned.TOP, keep))
        return [(value, Candidate(text, after)) for value, text, after in found]

    def _learned_deeper(self, ranked: list[tuple[float, Candidate]], side: str,
                        budget: Budget, net: Network, top: int) -> Candidate:
        """``hard`` (``expert``) with the learned value: its best ``top`` turns
        once the opponent has replied, for each of its throws, with its best
        turn by the network, valued by the network; the one-ply best if the
        budget runs out before the second is looked at."""
        from computer import cheesegambit_learned

        best_value, best = -1.0, ranked[0][1]
        for index, (_, candidate) in enumerate(ranked[:top]):
            if index and budget.expired():
                break
            after = candidate.after
            assert isinstance(after, CheeseGambitPosition)
            value = cheesegambit_learned.reply_value(after, side, net, budget)
            if value is None:
                break
            if value > best_value + TIE:
                best_value, best = value, candidate
        return best

    def _deeper(self, ranked: list[tuple[float, Candidate]], side: str, budget: Budget,
                top: int) -> Candidate:
        best_score = -1.0
        best = ranked[0][1]
        for deeper, _, candidate in self._looked(ranked, side, budget, top):
            if deeper > best_score + TIE:  # a tie keeps the earlier (tie_key's order)
                best_score, best = deeper, candidate
        return best

    def _looked(self, ranked: list[tuple[float, Candidate]], side: str, budget: Budget,
                top: int) -> Iterator[tuple[float, int, Candidate]]:
        """(``reply_value``, rank, candidate) of the top ``top`` candidates, in rank
        order, while the budget lasts (the first is always looked at)."""
        for index, (_, candidate) in enumerate(ranked[:top]):
            if index and budget.expired():
                return
            after = candidate.after
            assert isinstance(after, CheeseGambitPosition)
            deeper = self.reply_value(after, side, budget)
            if deeper is None:
                return
            yield deeper, index, candidate

    def _reply_ranking(self, ranked: list[tuple[float, Candidate]], side: str,
                       budget: Budget, top: int) -> list[tuple[float, Candidate]]:
        """The top ``top`` candidates the budget reached, best first by
        ``reply_value`` (ties keep ``tie_key``'s order)."""
        found = list(self._looked(ranked, side, budget, top))
        found.sort(key=lambda item: (-round(item[0] / TIE), item[1]))
        return [(value, candidate) for value, _, candidate in found]

    def _expert(self, ranked: list[tuple[float, Candidate]], side: str, budget: Budget
                ) -> Candidate:
        """``hard``'s search over ``EXPERT_TOP`` candidates with a share of the
        budget, then its best ``EXPERT_EXACT`` looked at every legal reply (not
        only the bumping ones ``ReplyModel`` lists) for each of the next
        mover's throws, each reply valued in full: the best of those wins
        (reached in ``hard``'s order, so a budget spent early gives ``hard``'s
        choice)."""
        first = self._reply_ranking(ranked, side, budget.within(self.EXPERT_FIRST_SHARE),
                                    self.EXPERT_TOP)
        if not first:
            # the share ran out before one turn was looked at: hard's search on the rest
            first = self._reply_ranking(ranked, side, budget, self.EXPERT_TOP)
        if not first:
            return ranked[0][1]
        best_value, best = -1.0, first[0][1]
        for _, candidate in first[:self.EXPERT_EXACT]:
            after = candidate.after
            assert isinstance(after, CheeseGambitPosition)
            value = exact_reply_value(after, side, budget)
            if value is None:
                break
            if value > best_value + TIE:
                best_value, best = value, candidate
        return best

    def reply_value(self, after: CheeseGambitPosition, side: str, budget: Budget
                    ) -> float | None:
        """``side``'s value of ``after`` once the next mover has replied as best
        for itself (see computer/cheesegambit_reply.py), averaged over its
        throws; None if the budget ran out first (each reply valued is a unit
        of it)."""
        if budget.expired():
            return None
        if after.result is not None or after.action_due() or after.next_side == side:
            budget.spend()
            return position_value(after, side)
        model = ReplyModel(after, side)
        value = model.value()
        budget.spend(model.leaves)
        return AFTER_WIN * value if after.placings else value

    def after_value(self, after: Position, side: str, level: Level, budget: Budget
                    ) -> float | None:
        """As each level looks: the race alone (``easy``), direct shots only
        (``normal``), the next mover's best bumping reply averaged over its
        throws (``hard``), its best of every legal reply (``expert``); with
        two players, a level that plays with the network (``_learned_deeper``)
        one ply by the network (``normal``) or the next mover's best reply by
        the network averaged over its throws (``hard`` and ``expert`` alike:
        they differ in how many turns they look at, not in how they value one)."""
        assert isinstance(after, CheeseGambitPosition)
        net = self.net_for(level) if len(after.sides) == 2 else None
        if net is not None and level != Level.EASY:
            from computer import cheesegambit_learned

            if level != Level.NORMAL:
                return cheesegambit_learned.reply_value(after, side, net, budget)
            budget.spend()
            if after.result is not None:
                return position_value(after, side)
            return float(net.values(cheesegambit_learned.matrix([after], side))[0])
        if level == Level.EXPERT:
            return exact_reply_value(after, side, budget)
        if level == Level.HARD:
            return self.reply_value(after, side, budget)
        budget.spend()
        if level == Level.EASY:
            return position_value(after, side, risk=False)
        return position_value(after, side, direct=True)

    # -- taunts, answers, votes ------------------------------------------------------
    def with_additions(self, position: Position, dice: Dice, chosen: Candidate, side: str,
                       level: Level) -> str:
        """Append ``T@X`` when a side bumped this turn has chances against us low
        enough that a taunt pays (it drops, or plays on for double)."""
        if "X" not in chosen.text or not position.taunt_enabled:  # type: ignore[attr-defined]
            return chosen.text
        after = chosen.after
        assert isinstance(after, CheeseGambitPosition)
        if after.result is not None:
            return chosen.text
        best: tuple[float, str] | None = None
        for addition in position.turn_additions(chosen.text, dice):
            theirs = pair_share(after, addition.target, side)
            low, high = TAUNT_WINDOWS[level]
            if low <= theirs <= high and (best is None or theirs < best[0]):
                best = (theirs, addition.text)
        return chosen.text if best is None else f"{chosen.text} {best[1]}"

    def answer(self, position: Position, side: str, level: Level, budget: Budget,
               rng: random.Random) -> Choice:
        assert isinstance(position, CheeseGambitPosition)
        question = position.question()
        if question is None:
            raise ValueError("no question is waiting for an answer")
        if question.kind == QuestionKind.RAISE:
            taunter = question.sides[0]
            ours = pair_share(position, side, taunter)
            # the taunter by its colour word, as every other side in a reason is named
            # (the catalogue translates colour words; it knows no game's letters)
            colour = COLOUR_NAMES[taunter]
            if ours >= TAKE_POINT:
                return Choice("accept", Reason.of("hint_cg_accepts", chances=ours,
                                                  taunter=colour, take=TAKE_POINT))
            return Choice("drop", Reason.of("hint_cg_drops", chances=ours, taunter=colour,
                                            take=TAKE_POINT))
        remaining = position.active()
        first = position.next_side
        assert first is not None
        order = turn_order(position.sides, remaining, first)
        ours = shares(_pieces(position), order)[order.index(side)]
        fair = 1.0 / len(order)
        if ours >= VOTE_FAIR * fair:
            return Choice("yes", Reason.of("hint_cg_votes_yes", chances=ours))
        return Choice("no", Reason.of("hint_cg_votes_no", chances=ours))

    def explain(self, position: Position, dice: Dice, text: str | Turn) -> Reason:
        assert isinstance(position, CheeseGambitPosition)
        return describe_turn(position, dice, text)


def exact_reply_value(after: CheeseGambitPosition, side: str, budget: Budget) -> float | None:
    """``side``'s value of ``after`` once the next mover has played, for each
    of its throws, its best legal turn by the full evaluation (every turn, not
    only the bumping ones ``ReplyModel`` lists), averaged over the throws;
    tied replies count as the one worst for us (as ``ReplyModel``: the same
    for every colour).  None if the budget ran out first (each reply valued is
    a unit of it)."""
    mover = after.next_side
    if after.result is not None or after.action_due() or mover is None or mover == side:
        budget.spend()
        return position_value(after, side)
    base = _pieces(after)
    total = 0.0
    for dice, weight in dice_outcomes(after.dice_count()):
        if budget.expired():
            return None
        options = after.turn_options(dice)
        budget.spend(max(1, len(options)))
        if not options:  # the mover passes: nothing changes but the turn
            total += weight * position_value(after, side)
            continue
        best = -1.0
        ours = 1.0
        for _, option in options:
            theirs = option_value(after, base, option, mover)
            if theirs > best + TIE:
                best, ours = theirs, option_value(after, base, option, side)
            elif theirs > best - TIE:
                ours = min(ours, option_value(after, base, option, side))
        total += weight * ours
    return total


def pair_share(position: CheeseGambitPosition, side: str, other: str) -> float:
    """``side``'s chances against ``other`` alone: its share of the two's shares."""
    mine = position_value(position, side)
    theirs = position_value(position, other)
    if mine + theirs <= 0.0:
        return 0.5
    return mine / (mine + theirs)


STRATEGY = CheesegambitStrategy()
