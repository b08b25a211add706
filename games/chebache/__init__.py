"""Chebache: the engine (board, Phase I moves, Phase II jumps, Chebaches, the
King), its notation and position listings.  The registry reads ``GAME``."""

# first: decides whether the search modules load compiled or from their .py files
from games.chebache._accel import ENGINE
from games.chebache.board import Location, location, opp
from games.chebache.game import GAME, ChebacheGame
from games.chebache.position import ChebachePosition, ChebacheView, SpaceView

__all__ = [
    "ENGINE", "GAME", "ChebacheGame", "ChebachePosition", "ChebacheView", "Location", "SpaceView",
    "location", "opp",
]
