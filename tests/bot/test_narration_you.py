"""A lesson tells the learner's own turn with "you" as the player: the sentences must
agree with it ("you win", not "you wins"; Russian "Вы побеждаете", not "Побеждает
Вы")."""

from __future__ import annotations

import pytest

from bot.lessons import GOALS, feedback, lesson
from bot.narration import Cast, narrate
from bot.service.learning import lesson_cast
from games.events import RegionClosed, TilePlaced, Won

WRONG = ("you wins", "you's", "Побеждает Вы", "игрока Вы", "you bears", "you closes")


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("game", ["hachapury", "chebache", "cheesegambit", "che"])
def test_every_exercise_answer_agrees_with_you(game: str, lang: str) -> None:
    told = []
    for page in lesson(game, lang):
        exercise = page.exercise
        if exercise is None:
            continue
        cast = lesson_cast(exercise, game, lang)
        for choice in exercise.choices:
            _right, said = feedback(exercise, choice, GOALS[game], cast)
            told.append(said)
            assert not any(wrong in said for wrong in WRONG), said
            assert ". you (" not in said, said  # "you" begins the turn's sentence
    assert told


def test_you_win_closing_a_region() -> None:
    events = [TilePlaced("B", "1,1", "B", "\\"), RegionClosed("B"), Won("B", 1)]
    cast = Cast({"B": "you", "W": ""}, {"B": "Blue", "W": "White"}, "che", "en", you="B")
    assert narrate(events, cast).endswith("A Blue region is closed: you win.")
    ru = Cast({"B": "Вы"}, {"B": "Синие", "W": "Белые"}, "che", "ru", you="B")
    assert narrate(events, ru).endswith("Закрыта область: Синие: вы побеждаете.")
    other = Cast({"B": "you"}, {"B": "Blue", "W": "White"}, "che", "en", you="B")
    lost = [TilePlaced("B", "1,1", "B", "\\"), RegionClosed("W"), Won("W", 1)]
    assert narrate(lost, other).endswith("A White region is closed: White wins.")
