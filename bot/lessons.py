"""Guided first games (``/learn GAME``): a lesson is a few pages (what the game is,
how a turn works, the special rules, reading the board) and exercises on real
positions, each answered by choosing a turn, with feedback in words.

Pure and deterministic: the pages come from the game's own rules text, and each
exercise position is found by seeded random play until a position turns up where
some turns do the thing asked (bear off, hit, close a region) and others do not,
so the learner must look.  The same lesson every time, for every learner.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from bot.narration import Cast, narrate
from games import Position, get_game
from games.events import BorneOff, Event, Hit, RegionClosed

#: Exercises per lesson, and the most turns one offers to choose from.
EXERCISES = 2
MAX_CHOICES = 6


@dataclass(frozen=True)
class Goal:
    """What an exercise asks for, in words, and how a turn's events show it."""

    ask: str
    done: str
    reached: Callable[[Sequence[Event], str], bool]


def _hits(events: Sequence[Event], side: str) -> bool:
    return any(isinstance(e, Hit) and e.side == side for e in events)


GOALS: dict[str, Goal] = {
    "hachapury": Goal("bear off at least one checker", "bears off",
                      lambda ev, side: any(isinstance(e, BorneOff) for e in ev)),
    "chebache": Goal("attack one of your opponent's pieces (send it back to Start)",
                     "attacks", _hits),
    "cheesegambit": Goal("bump an opponent's piece into the pool", "bumps", _hits),
    "che": Goal("close a region of your own colour (and so win at once)", "closes a region",
                lambda ev, side: any(isinstance(e, RegionClosed) and e.side == side
                                     for e in ev)),
}

#: How to read each game's board, in words.
BOARD_TEXT: dict[str, str] = {
    "hachapury": "The picture is the board seen by the player to move: points are numbered "
                 "in that player's own numbering (24 is the head, 6-1 home). Stacks show "
                 "their count; the dice are at the side, and the last turn is drawn with "
                 "arrows.",
    "chebache": "The picture shows both tracks from Start to Finish with the Intersections "
                "numbered; a stack shows its count and a King is marked K. The dice are at "
                "the side and the last turn's moves are drawn with arrows.",
    "cheesegambit": "The track is numbered from each colour's start; pieces in the pool wait "
                    "to re-enter, and each colour's finished pieces are counted. The dice are "
                    "at the side and the last turn's moves are drawn with arrows.",
    "che": "Tiles sit on a grid of cells named x,y (x to the right, y upward). Each tile's "
           "band is its dominant colour; the cells where the next tile may go are shaded.",
}


@dataclass(frozen=True)
class Exercise:
    """A real position, its dice, the side to move, the turns offered and which of
    them reach the goal."""

    position: Position
    dice: tuple[int, ...]
    side: str
    choices: tuple[str, ...]
    good: frozenset[str]
    events: dict[str, tuple[Event, ...]] = field(compare=False, hash=False)


@dataclass(frozen=True)
class Page:
    """One page of a lesson: a title and text, and for an exercise its position."""

    title: str
    text: str
    exercise: Exercise | None = None
    board: Position | None = None


def lesson(game_name: str) -> tuple[Page, ...]:
    """The pages of ``game_name``'s lesson, in order."""
    return _lesson(get_game(game_name).name)


@lru_cache(maxsize=8)
def _lesson(name: str) -> tuple[Page, ...]:
    game = get_game(name)
    opening, *rules = [line.strip().removeprefix("- ")
                       for line in game.rules_text().split("\n") if line.strip()]
    options = game.normalise_options({})
    start = game.initial(options, game.sides(options)[0].letter)
    pages = [Page(f"{game.title}: the game", opening)]
    parts = [rules[first:first + 2] for first in range(0, len(rules), 2)]
    for number, part in enumerate(parts):
        title = "how a turn works" if number == 0 else (
            "the special rules" if len(parts) == 2 else f"the special rules ({number})")
        pages.append(Page(f"{game.title}: {title}", "\n".join(f"- {line}" for line in part)))
    pages.append(Page(f"{game.title}: reading the board", BOARD_TEXT.get(name, ""),
                      board=start))
    goal = GOALS.get(name)
    if goal is not None:
        for number in range(EXERCISES):
            exercise = find_exercise(name, goal, seed=number + 1)
            if exercise is not None:
                pages.append(Page(f"Exercise {number + 1}: {goal.ask}",
                                  f"Your dice: {'-'.join(map(str, exercise.dice))}. "
                                  f"Choose a turn that will {goal.ask}."
                                  if exercise.dice else f"Choose a turn that will {goal.ask}.",
                                  exercise=exercise))
    pages.append(Page(f"{game.title}: you are ready",
                      "That is the whole game. The notation is there when you want it "
                      f"(`/rules {name}`), but you never need it: under every board, **Play** "
                      "builds your turn from menus."))
    return tuple(pages)


def find_exercise(name: str, goal: Goal, seed: int, plies: int = 400) -> Exercise | None:
    """A position from seeded random play where some, not all, of the legal turns
    reach ``goal``; None if none turned up."""
    game = get_game(name)
    options = game.normalise_options({})
    rng = random.Random(f"lesson:{name}:{seed}")
    position = game.initial(options, game.sides(options)[0].letter)
    for _ in range(plies):
        if position.result is not None:
            position = game.initial(options, game.sides(options)[0].letter)
        if position.action_due():
            position = position.play_action(position.action_choices()[0],
                                            position.actors()[0]).position
            continue
        side = position.side_to_move
        assert side is not None
        dice = tuple(rng.randint(1, 6) for _ in range(position.dice_count()))
        legal = position.legal_turns(dice)
        sample = legal if len(legal) <= 60 else rng.sample(legal, 60)
        played = {text: position.play(text, dice) for text in sample}
        good = [t for t, p in played.items() if goal.reached(p.events, side)]
        bad = [t for t in played if t not in good]
        if good and len(bad) >= 2 and rng.random() < 0.5:
            picked = good[:2] + bad[:MAX_CHOICES - min(2, len(good))]
            rng.shuffle(picked)
            return Exercise(position, dice, side, tuple(picked),
                            frozenset(t for t in picked if t in good),
                            {t: played[t].events for t in picked})
        position = played[rng.choice(sample)].position
    return None


def feedback(exercise: Exercise, chosen: str, goal: Goal, cast: Cast) -> tuple[bool, str]:
    """Whether ``chosen`` reaches the goal, and what it did, in words."""
    told = narrate(exercise.events[chosen], cast, exercise.dice)
    if chosen in exercise.good:
        return True, f"Right: `{chosen}` {goal.done}. {told}"
    right = ", ".join(f"`{t}`" for t in exercise.choices if t in exercise.good)
    return False, f"Not this time: {told} A turn that {goal.done}: {right}."
