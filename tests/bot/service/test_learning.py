"""``/learn``: a private lesson completes for every game, exercises on real
positions answered from a menu with feedback in words, and the end offers a game."""

from __future__ import annotations

import pytest

from bot.lessons import GOALS, lesson
from bot.replies import Reply
from bot.service import GameService
from games import get_game
from tests.bot.conftest import ALICE, HERE


def _button(reply: Reply, label: str) -> str:
    found = [b.action for b in reply.buttons if b.label == label]
    assert found, (label, [b.label for b in reply.buttons])
    return found[0]


@pytest.mark.parametrize("game", ["hachapury", "chebache", "cheesegambit", "che"])
async def test_a_lesson_completes_with_exercises_and_feedback(service: GameService,
                                                              game: str) -> None:
    pages = lesson(game)
    exercises = [p for p in pages if p.exercise is not None]
    assert len(exercises) == 2  # a few moves on real positions
    page = await service.learn(ALICE, HERE, game)
    seen = 1
    answered = 0
    while any(b.label == "Next" for b in page.buttons):
        assert page.ok and page.private and f"(step {seen} of {len(pages)})" in page.text
        if page.menus:
            exercise = pages[seen - 1].exercise
            assert exercise is not None
            menu = page.menus[0]
            assert [o.label for o in menu.options] == list(exercise.choices)
            wrong = next(i for i, c in enumerate(exercise.choices) if c not in exercise.good)
            right = next(i for i, c in enumerate(exercise.choices) if c in exercise.good)
            said = await service.press(ALICE, HERE, menu.action + str(wrong))
            assert said.ok and said.text.startswith("❌ Not this time")
            assert "you (" in said.text  # what the wrong turn did, told in words
            again = await service.press(ALICE, HERE, _button(said, "Try again"))
            assert again.menus == page.menus
            said = await service.press(ALICE, HERE, menu.action + str(right))
            assert said.text.startswith("✅ Right") and GOALS[game].done in said.text
            answered += 1
            page = said
        page = await service.press(ALICE, HERE, _button(page, "Next"))
        seen += 1
    assert answered == 2 and seen == len(pages)
    assert "you are ready" in page.text
    started = await service.press(ALICE, HERE, _button(page, "Play the computer"))
    assert started.ok and get_game(game).title in started.text


def test_exercises_are_real_positions_where_the_goal_is_not_everywhere() -> None:
    for game in ("hachapury", "chebache", "cheesegambit", "che"):
        for page in lesson(game):
            exercise = page.exercise
            if exercise is None:
                continue
            legal = exercise.position.legal_turns(exercise.dice)
            assert set(exercise.choices) <= set(legal)
            assert exercise.good and set(exercise.choices) - exercise.good
            for choice in exercise.choices:
                played = exercise.position.play(choice, exercise.dice)
                reached = GOALS[game].reached(played.events, exercise.side)
                assert reached == (choice in exercise.good), (game, choice)


async def test_an_unknown_game_or_forged_page_is_refused(service: GameService) -> None:
    unknown = await service.learn(ALICE, HERE, "chess")
    assert not unknown.ok and "unknown game" in unknown.text
    forged = await service.press(ALICE, HERE, "learn:0:lche-999")
    assert not forged.ok and "does not exist" in forged.text
