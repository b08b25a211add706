"""CheeseGambit's plugin (games/plugins/__init__.py): bumps, taunts, a stake that scores."""

from games.events import Hit
from games.plugins import GamePlugin, LessonGoal

PLUGIN = GamePlugin(
    name="cheesegambit",
    rules="games.cheesegambit",
    renderer="renderer.cheesegambit",
    describe="renderer.describe:describe_cheesegambit",
    strategy="computer.cheesegambit",
    # as games/cheesegambit/board.py COLOUR_NAMES (not imported: that loads the engine)
    colours={"R": "Red", "G": "Green", "B": "Blue", "Y": "Yellow"},
    lesson_goal=LessonGoal((Hit,)),
    scores_points=True,  # the stake between two players (the taunt cube's value)
    taunts=True,
    hit_verb="verb_bumped",
    # a Gambit step has no die either, and is a move: jumps stays False
)
