"""Hachapury's plugin (games/plugins/__init__.py): a race that bears off and scores."""

from games.events import BorneOff
from games.plugins import GamePlugin, LessonGoal

PLUGIN = GamePlugin(
    name="hachapury",
    rules="games.hachapury",
    renderer="renderer.hachapury",
    describe="renderer.describe:describe_hachapury",
    strategy="computer.hachapury",
    colours={"W": "White", "B": "Black"},
    # either side's bearing off shows it: the learner's turn is the only one played
    lesson_goal=LessonGoal((BorneOff,), by_mover=False),
    scores_points=True,  # 1 point, 2 for a mars
)
