"""Shared by the computer-player tests: the computer as named in commands, a
service's game played to the end, and deliberately broken strategies that a
process pool's workers install (``install``, the pool's initializer)."""

from __future__ import annotations

import importlib
import os
import random
import time

from bot.computer_seats import COMPUTER, is_computer_seat
from bot.replies import Channel, Reply
from bot.service import GameService
from computer.base import Budget, Choice, Level
from computer.levelled import LevelledStrategy
from computer.reasons import Reason, Said
from games.base import Dice, Position
from games.turns import texts
from tests.bot.conftest import ALICE, BOB, CAROL

PEOPLE = {ALICE.id: ALICE, BOB.id: BOB, CAROL.id: CAROL}

__all__ = ["COMPUTER", "PEOPLE", "install", "play_out"]


async def play_out(service: GameService, channel: Channel, rng: random.Random,
                   limit: int = 4000) -> tuple[list[Reply], int]:
    """Play the channel's game to its end: people play random legal turns and
    answers, computers through ``computer_step``.  Returns the computers' replies
    and how many actions people played."""
    said: list[Reply] = []
    people = 0
    for _ in range(limit):
        session = await service.store.latest_session(channel.id)
        assert session is not None
        if session.status != "active":
            return said, people
        position = service.position_of(session)
        if position.action_due():  # computers answer first when they are asked too
            computers = [s for s in position.actors()
                         if is_computer_seat(session.seat_for_side(s).user_id)]
            side = None if computers else position.actors()[0]
            text = rng.choice(position.action_choices()) if side else ""
        else:
            side = position.side_to_move
            text = rng.choice(texts(service.legal_turns(session))) if side else ""
        seat = session.seat_for_side(side) if side else None
        if seat is not None and not is_computer_seat(seat.user_id):
            if not position.action_due():
                additions = texts(position.turn_additions(text, session.dice))
                if additions and rng.random() < 0.7:  # taunt: the computer must answer
                    text += f" {rng.choice(additions)}"
            reply = await service.move(PEOPLE[seat.user_id], channel, text)
            assert reply.ok, reply.text
            people += 1
            continue
        reply = await service.computer_step(channel)
        assert reply is not None and reply.ok, (reply, position.listing())
        said.append(reply)
    raise AssertionError("the game did not end")


# -- strategies that misbehave, for the pool's tests ------------------------------------


class Slow(LevelledStrategy):
    """Ignores its budget: thinks far longer than any level allows."""

    game = "hachapury"

    def value(self, position: Position, side: str) -> float:
        return 0.5

    def choose(self, position: Position, dice: Dice, level: Level, budget: Budget,
               rng: random.Random) -> Choice:
        time.sleep(30)
        return super().choose(position, dice, level, budget, rng)


class Failing(Slow):
    """Raises: a bug in a strategy."""

    def choose(self, position: Position, dice: Dice, level: Level, budget: Budget,
               rng: random.Random) -> Choice:
        raise RuntimeError("a deliberate bug")


class Dying(Slow):
    """Kills its worker process (a crash in native code, say)."""

    def choose(self, position: Position, dice: Dice, level: Level, budget: Budget,
               rng: random.Random) -> Choice:
        os._exit(3)


class Illegal(Slow):
    """Chooses a turn the engine refuses."""

    def choose(self, position: Position, dice: Dice, level: Level, budget: Budget,
               rng: random.Random) -> Choice:
        return Choice("1/1 2/2 3/3", Reason.of("hint_greedy"))


class Explaining(Slow):
    """The engine's first turn, with a reason in words."""

    def choose(self, position: Position, dice: Dice, level: Level, budget: Budget,
               rng: random.Random) -> Choice:
        text = texts(position.legal_turns(dice))[0]
        return Choice(text, self.explain(position, dice, text))

    def explain(self, position: Position, dice: Dice, text: str) -> Reason:
        return Reason((Said.of("hint_cg_block", squares=(5,)), Said.of("hint_cg_no_blot")))


class Taunting(LevelledStrategy):
    """Cheesegambit's engine-first turn, taunting whenever the turn allows it."""

    game = "cheesegambit"

    def value(self, position: Position, side: str) -> float:
        return 0.5

    def choose(self, position: Position, dice: Dice, level: Level, budget: Budget,
               rng: random.Random) -> Choice:
        for text in texts(position.legal_turns(dice)):
            additions = texts(position.turn_additions(text, dice))
            if additions:
                return Choice(f"{text} {additions[0]}",
                              Reason.of("hint_cg_taunts", foe=additions[0][2:]))
        return Choice(texts(position.legal_turns(dice))[0])


KINDS = {"slow": Slow, "failing": Failing, "dying": Dying, "illegal": Illegal,
         "explaining": Explaining}


def install(game: str, kind: str) -> None:
    """Make ``kind`` the strategy of ``game`` in this process (``strategy_for`` reads
    ``computer.<game>.STRATEGY`` at each decision): a pool worker's initializer."""
    importlib.import_module(f"computer.{game}").STRATEGY = KINDS[kind]()
