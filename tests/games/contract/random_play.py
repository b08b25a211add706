"""Random play of any registered game, for tests that need real turns and their events."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass

from games import Played, Position, get_game
from games.base import OptionKind, OptionSpec


@dataclass(frozen=True)
class Step:
    """One step of random play: the position before, who played, the dice
    (``()`` for an action) and what playing it gave."""

    before: Position
    side: str
    dice: tuple[int, ...]
    played: Played
    action: bool


def option_value(spec: OptionSpec, rng: random.Random) -> str:
    """An allowed value, small numbers favoured (short games reach their ends)."""
    if spec.kind == OptionKind.SWITCH:
        return rng.choice(spec.words)
    return str(rng.choice([spec.low, spec.low + 1, rng.randint(spec.low, spec.high)]))


def random_steps(name: str, rng: random.Random, steps: int) -> Iterator[Step]:
    """Up to ``steps`` random steps of one game (options drawn from the specs),
    taunts added half the time they are allowed; stops when the game ends."""
    game = get_game(name)
    options = game.normalise_options({s.name: option_value(s, rng) for s in game.option_specs})
    sides = [s.letter for s in game.sides(options)]
    position = game.initial(options, rng.choice(sides) if game.opening_throw else None)
    for _ in range(steps):
        if position.result is not None:
            return
        if position.action_due():
            side = rng.choice(position.actors())
            played = position.play_action(rng.choice(position.action_choices()), side)
            yield Step(position, side, (), played, True)
        else:
            side = position.side_to_move
            assert side is not None
            dice = tuple(rng.randint(1, 6) for _ in range(position.dice_count()))
            text = rng.choice(position.legal_turns(dice)).text
            extras = position.turn_additions(text, dice)
            if extras and rng.random() < 0.5:
                text = f"{text} {rng.choice(extras)}"
            played = position.play(text, dice)
            yield Step(position, side, dice, played, False)
        position = played.position
