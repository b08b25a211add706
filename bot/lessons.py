"""Guided first games (``/learn GAME``): a lesson is a few pages (what the game is,
how a turn works, the special rules, reading the board) and exercises on real
positions, each answered by choosing a turn, with feedback in words.

Pure and deterministic: the pages come from the game's rules text (in the
learner's language: bot/catalogue/lessons.py), and each exercise position is
found by seeded random play until a position turns up where some turns do the
thing asked (bear off, hit, close a region) and others do not, so the learner
must look.  The same lesson every time, for every learner, in every language.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from bot.catalogue import CATALOGUE, DEFAULT, has, t
from bot.narration import Cast, narrate
from games import Position, get_game
from games.base import Game
from games.events import Event
from games.plugins import by_game, on_unregister, plugin_for

#: Exercises per lesson, and the most turns one offers to choose from.
EXERCISES = 2
MAX_CHOICES = 6


@dataclass(frozen=True)
class Goal:
    """What an exercise asks for, in words (the catalogue's ``lesson_ask_GAME`` and
    ``lesson_done_GAME``), and how a turn's events show it."""

    game: str
    reached: Callable[[Sequence[Event], str], bool]

    def ask_in(self, lang: str) -> str:
        """``bear off at least one checker``: what the learner is asked to do."""
        return t(lang, f"lesson_ask_{self.game}")

    def done_in(self, lang: str) -> str:
        """``bears off``: what a turn reaching the goal does."""
        return t(lang, f"lesson_done_{self.game}")

    @property
    def ask(self) -> str:
        return self.ask_in(DEFAULT)

    @property
    def done(self) -> str:
        return self.done_in(DEFAULT)


#: Game name -> its lesson goal, read from the games' plugins (games/plugins/:
#: ``lesson_goal``) each time, so a game registered later has its lesson too.
GOALS: Mapping[str, Goal] = by_game(
    lambda p: None if p.lesson_goal is None else Goal(p.name, p.lesson_goal.reached))


def board_text(name: str, lang: str = DEFAULT) -> str:
    """How to read ``name``'s board, in words ('' for a game without one)."""
    key = f"lesson_board_{name}"
    return t(lang, key) if has(key) else ""


def rules_text(game: Game, lang: str = DEFAULT) -> str:
    """``game``'s rules in plain language, in ``lang`` (its plugin's translation, else
    the game's own English text)."""
    return plugin_for(game.name).rules_in.get(lang) or game.rules_text()


def notation_text(game: Game, lang: str = DEFAULT) -> str:
    """How to write ``game``'s moves, in ``lang``: the prose translated, the examples
    (what players type) as written (the game's own English where there is none)."""
    return plugin_for(game.name).notation_in.get(lang) or game.notation_text()


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


def lesson(game_name: str, lang: str = DEFAULT) -> tuple[Page, ...]:
    """The pages of ``game_name``'s lesson, in order, in ``lang``."""
    return _lesson(get_game(game_name).name, lang if lang in CATALOGUE else DEFAULT)


@lru_cache(maxsize=16)
def _lesson(name: str, lang: str) -> tuple[Page, ...]:
    game = get_game(name)
    opening, *rules = [line.strip().removeprefix("- ")
                       for line in rules_text(game, lang).split("\n") if line.strip()]
    options = game.normalise_options({})
    start = game.initial(options, game.sides(options)[0].letter)
    pages = [Page(t(lang, "lesson_title_game", game=game.title), opening)]
    parts = [rules[first:first + 2] for first in range(0, len(rules), 2)]
    for number, part in enumerate(parts):
        title = t(lang, "lesson_title_turn", game=game.title) if number == 0 else (
            t(lang, "lesson_title_special", game=game.title) if len(parts) == 2
            else t(lang, "lesson_title_special_n", game=game.title, n=number))
        pages.append(Page(title, "\n".join(f"- {line}" for line in part)))
    pages.append(Page(t(lang, "lesson_title_board", game=game.title), board_text(name, lang),
                      board=start))
    goal = GOALS.get(name)
    if goal is not None:
        ask = goal.ask_in(lang)
        for number, exercise in enumerate(_exercises(name)):
            dice = "-".join(map(str, exercise.dice))
            text = (t(lang, "lesson_exercise_dice", dice=dice, ask=ask) if exercise.dice
                    else t(lang, "lesson_exercise", ask=ask))
            pages.append(Page(t(lang, "lesson_title_exercise", n=number + 1, ask=ask), text,
                              exercise=exercise))
    pages.append(Page(t(lang, "lesson_title_ready", game=game.title),
                      t(lang, "lesson_ready", name=name)))
    return tuple(pages)


@lru_cache(maxsize=8)
def _exercises(name: str) -> tuple[Exercise, ...]:
    """``name``'s exercises, the same in every language (found once: the search plays
    hundreds of turns)."""
    goal = GOALS.get(name)
    if goal is None:
        return ()
    found = (find_exercise(name, goal, seed=number + 1) for number in range(EXERCISES))
    return tuple(exercise for exercise in found if exercise is not None)


def _forget(name: str) -> None:
    # a game that leaves the registry (a test's toy) takes its cached lessons along: a
    # game registered later under that name gets its own
    _lesson.cache_clear()
    _exercises.cache_clear()


on_unregister(_forget)


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
        legal = [turn.text for turn in position.legal_turns(dice)]  # an exercise's choices
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
    """Whether ``chosen`` reaches the goal, and what it did, in words (in the cast's
    language)."""
    told = narrate(exercise.events[chosen], cast, exercise.dice)
    done = goal.done_in(cast.lang)
    if chosen in exercise.good:
        return True, t(cast.lang, "lesson_right", turn=chosen, done=done, told=told)
    right = ", ".join(f"`{turn}`" for turn in exercise.choices if turn in exercise.good)
    return False, t(cast.lang, "lesson_wrong", told=told, done=done, right=right)
