"""The one entry point the bot's process pool and the ``engine`` command run:
plain values in (picklable), a ``Choice`` out, never an exception.

A strategy that fails (an exception, which is a bug to log) still yields a
legal choice: the engine's first legal turn, or the first answer, marked
``fallback`` so the caller logs it.  A decision is budgeted by work (the
strategy's ``budget_for``: the same choice at any load) under a wall-time
safety cap; the caller enforces its own wall-clock limit a little above that
cap (a process pool can wait with a timeout); ``fallback_turn`` is what it
plays then.
"""

from __future__ import annotations

import logging
import random
import traceback
from dataclasses import dataclass

from computer.base import Choice, Level, strategy_for
from games import get_game
from games.base import Dice, Position

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Request:
    """What a decision needs, as plain values: the game, its (normalised)
    options as pairs, the position listing, the dice of the side to move
    (empty for Che and for answers), the level, a seed for the choice's
    randomness (the bot derives it from the session and turn, so a decision can
    be reproduced) and, for answers, the side that answers."""

    game: str
    options: tuple[tuple[str, str], ...]
    listing: str
    dice: Dice = ()
    level: Level = Level.NORMAL
    seed: int = 0
    side: str | None = None

    def position(self) -> Position:
        game = get_game(self.game)
        return game.from_listing(self.listing, game.normalise_options(dict(self.options)))


def decide(request: Request) -> Choice:
    """The turn to play for ``request`` (its position's side to move)."""
    position = request.position()
    try:
        strategy = strategy_for(request.game)
        return strategy.choose(position, request.dice, request.level,
                               strategy.budget_for(request.level), random.Random(request.seed))
    except Exception:  # noqa: BLE001 - a computer player must never stall a game
        log.error("computer player failed in %s; playing a legal turn instead:\n%s",
                  request.game, traceback.format_exc())
        return Choice(fallback_turn(position, request.dice), fallback=True)


def answer_question(request: Request) -> Choice:
    """``request.side``'s answer to the position's question (a taunt, a vote)."""
    position = request.position()
    side = request.side or position.side_to_move
    if side is None:
        raise ValueError("no side to answer for")
    try:
        strategy = strategy_for(request.game)
        return strategy.answer(position, side, request.level,
                               strategy.budget_for(request.level), random.Random(request.seed))
    except Exception:  # noqa: BLE001 - as above
        log.error("computer player failed to answer in %s; answering %r:\n%s",
                  request.game, position.action_choices()[:1], traceback.format_exc())
        return Choice(position.action_choices()[0], fallback=True)


def fallback_turn(position: Position, dice: Dice) -> str:
    """A legal turn chosen without thinking (the engine's first)."""
    return position.legal_turns(dice)[0].text
