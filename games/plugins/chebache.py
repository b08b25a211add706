"""Chebache's plugin (games/plugins/__init__.py): attacks, and Phase II's jumps."""

from games.events import Hit
from games.plugins import GamePlugin, LessonGoal

PLUGIN = GamePlugin(
    name="chebache",
    rules="games.chebache",
    renderer="renderer.chebache",
    describe="renderer.describe:describe_chebache",
    strategy="computer.chebache",
    colours={"W": "White", "B": "Black"},
    lesson_goal=LessonGoal((Hit,)),
    hit_verb="verb_attacked",
    jumps=True,  # Phase II (``3(2^4)``): a move without a die
)
