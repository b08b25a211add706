"""CheeseGambit's learned evaluation (two players): the features of an
after-state and the trainer's view of the game, trained by
``python -m computer.train cheesegambit`` (network: computer/td.py).

An after-state is a turn the mover may play with its position.  Which turns
the network looks at: the hand-tuned evaluation's best ``TOP`` (valued from
the engine's turn options without building positions; a throw can give
hundreds of turns, gambits included), so the network re-ranks what the
hand-tuned value already finds good.  That keeps a training game near the
hand-tuned level's cost, and it is how a level would use the network.

Features (``FEATURES``), for the mover and then its opponent, each in its own
numbering (distances still to travel, so the colours are alike):

- pips still to travel / 100, pieces in the pool, in the safe zone and borne
  off (fractions of the side's pieces), blots / 5, points held (two or more
  pieces) / 5, the blots' expected loss to the other side's next throw / 20;
- where the side's pieces on the track stand: counts / 4 in ten bands of
  eight pips still to go (the last band open-ended);

then the hand-tuned value's logit (the network's starting point), the pip
lead / 50 and whether the mover moves again (a gambit's extra turn).

Taunts are left out of training (no self-play game taunts): the network
learns the chances of winning, which is what the taunt rules are judged by.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from computer.base import Budget
from computer.cheesegambit import option_value, position_value, tie_key
from computer.cheesegambit_eval import REM, blot_risk, blots
from computer.search import TWO_DICE
from computer.selfplay import ranked_by_net
from computer.td import WEIGHTS_DIR, Array, Model, Network
from games import get_game
from games.base import Dice
from games.cheesegambit.board import OFF, POOL, TRACK
from games.cheesegambit.movegen import TurnOption
from games.cheesegambit.position import CheeseGambitPosition

#: How many of the hand-tuned value's best turns the network looks at.
TOP = 8
BANDS = 10
BAND_PIPS = 8
PER_SIDE = 7 + BANDS
#: Index of the hand-tuned value's logit among the features.
HAND_LOGIT = 2 * PER_SIDE
FEATURES = HAND_LOGIT + 3
HIDDEN = 16
WEIGHTS = WEIGHTS_DIR / "cheesegambit.npz"
OPTIONS = {"players": "2"}


@dataclass(frozen=True)
class After:
    """A turn's option and the position it leads to."""

    option: TurnOption
    position: CheeseGambitPosition


def _side(colour: str, pieces: tuple[int, ...], other: str,
          other_pieces: tuple[int, ...]) -> list[float]:
    rem = REM[colour]
    n = len(pieces)
    pips = pool = safe = off = 0
    bands = [0] * BANDS
    counts: dict[int, int] = {}
    for p in pieces:
        if p == OFF:
            off += 1
            continue
        pips += rem[p]
        if p == POOL:
            pool += 1
        elif p > TRACK:
            safe += 1
        else:
            counts[p] = counts.get(p, 0) + 1
            bands[min(rem[p] // BAND_PIPS, BANDS - 1)] += 1
    held = sum(1 for c in counts.values() if c >= 2)
    risk = blot_risk(colour, pieces, {other: other_pieces})
    return [pips / 100.0, pool / n, safe / n, off / n, len(blots(pieces)) / 5.0,
            held / 5.0, risk / 20.0] + [b / 4.0 for b in bands]


def features(after: CheeseGambitPosition, mover: str) -> list[float]:
    """The feature row of ``after`` (``mover`` has just played) from the mover's view."""
    other = next(c for c in after.sides if c != mover)
    mine = after.pieces(mover)
    theirs = after.pieces(other)
    share = min(max(position_value(after, mover), 1e-6), 1.0 - 1e-6)
    me = _side(mover, mine, other, theirs)
    them = _side(other, theirs, mover, mine)
    return me + them + [math.log(share / (1.0 - share)), (them[0] - me[0]) * 2.0,
                        float(after.next_side == mover)]


#: The network's shape (computer/td.py) and its shipped weights.
MODEL = Model(FEATURES, HIDDEN, HAND_LOGIT, WEIGHTS)
fresh = MODEL.fresh
shipped = MODEL.shipped


def matrix(afters: Sequence[CheeseGambitPosition], mover: str) -> Array:
    return MODEL.matrix(features(a, mover) for a in afters)


def top_turns(position: CheeseGambitPosition, dice: Dice, top: int = TOP
              ) -> list[tuple[float, str, TurnOption]]:
    """The hand-tuned value's best ``top`` turns (value, text, option), best
    first, ties broken as the levels break them (``tie_key``)."""
    mover = position.next_side
    assert mover is not None
    base = {s: position.pieces(s) for s in position.active()}
    options = position.turn_options(dice)
    scored = [(option_value(position, base, option, mover), i)
              for i, (_, option) in enumerate(options)]
    scored.sort(key=lambda item: (-round(item[0] / 1e-9), tie_key(mover, options[item[1]][1])))
    return [(value, options[i][0], options[i][1]) for value, i in scored[:top]]


def ranking(position: CheeseGambitPosition, dice: Dice, net: Network, top: int = TOP
            ) -> list[tuple[float, str, CheeseGambitPosition]]:
    """The hand-tuned value's best ``top`` turns ranked by ``net`` instead
    (value to the mover, text, position after), best first; a tie keeps the
    hand-tuned order.  What a level with the learned evaluation looks at."""
    found = top_turns(position, dice, top)
    afters = [After(option, position.after_turn(option)) for _, _, option in found]
    return [(value, found[i][1], afters[i].position)
            for value, i in ranked_by_net(net, SELF_PLAY, position, afters)]


#: How many of the hand-tuned value's best replies the network looks at in a reply search.
REPLY_TOP = 4


def reply_value(after: CheeseGambitPosition, side: str, net: Network, budget: Budget
                ) -> float | None:
    """``side``'s value of ``after`` by the network once the other side has
    replied: for each of its throws, its best turn among the hand-tuned best
    ``REPLY_TOP`` by the network, averaged over the throws; None if the
    budget ran out first (each turn the hand-tuned value ranks is a unit)."""
    mover = after.next_side
    if after.result is not None or mover is None:
        budget.spend()
        return position_value(after, side)
    if mover == side:  # a gambit's extra turn: the network values it as it stands
        budget.spend()
        return float(net.values(matrix([after], side))[0])
    total = 0.0
    for dice, weight in TWO_DICE:
        if budget.expired():
            return None
        budget.spend(max(1, len(after.turn_options(dice))))
        theirs = ranking(after, dice, net, REPLY_TOP)[0][0]
        total += weight * (1.0 - theirs)
    return total


class CheeseGambitSelfPlay:
    """The trainer's view of two-player CheeseGambit (computer/selfplay.py)."""

    game = "cheesegambit"
    first = "R"

    def fresh(self, seed: int, hidden: int | None = None) -> Network:
        return fresh(seed, hidden)

    def start(self) -> CheeseGambitPosition:
        game = get_game("cheesegambit")
        options = game.normalise_options(OPTIONS)
        position = game.initial(options, self.first)
        assert isinstance(position, CheeseGambitPosition)
        return position

    def mover(self, state: CheeseGambitPosition) -> str:
        side = state.next_side
        assert side is not None
        return side

    def options(self, state: CheeseGambitPosition, dice: Dice) -> list[After]:
        found = [After(option, state.after_turn(option))
                 for _, _, option in top_turns(state, dice)]
        assert found, "the engine gives a turn for every throw (a pass included)"
        return found

    def outcome(self, state: CheeseGambitPosition, after: After) -> float | None:
        result = after.position.result
        if result is None and not after.position.placings:
            return None
        return 1.0 if after.option.pieces[0] == OFF else 0.0

    def rows(self, state: CheeseGambitPosition, afters: Sequence[After]) -> Array:
        return matrix([a.position for a in afters], self.mover(state))

    def hand(self, state: CheeseGambitPosition, afters: Sequence[After]) -> list[float]:
        mover = self.mover(state)
        return [position_value(a.position, mover) for a in afters]

    def advance(self, state: CheeseGambitPosition, after: After) -> CheeseGambitPosition:
        assert not after.position.action_due(), "self-play turns carry no taunt"
        return after.position


SELF_PLAY = CheeseGambitSelfPlay()
