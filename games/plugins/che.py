"""Che's plugin (games/plugins/__init__.py): tiles and regions, no dice."""

from games.events import RegionClosed
from games.plugins import GamePlugin, LessonGoal

PLUGIN = GamePlugin(
    name="che",
    rules="games.che",
    renderer="renderer.che",
    describe="renderer.describe:describe_che",
    strategy="computer.che",
    colours={"W": "White", "B": "Blue"},
    lesson_goal=LessonGoal((RegionClosed,)),
)
