"""Chebache: the engine (board, Phase I moves, Phase II jumps, Chebaches, the
King), its notation and position listings.  The registry reads ``GAME``."""

from games.chebache.board import Location, location, opp
from games.chebache.game import GAME, ChebacheGame
from games.chebache.position import ChebachePosition, ChebacheView, SpaceView

__all__ = [
    "GAME", "ChebacheGame", "ChebachePosition", "ChebacheView", "Location", "SpaceView",
    "location", "opp",
]
