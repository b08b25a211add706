"""Che (Cameron Browne, 2008): Truchet tiles, closed regions, no dice.

``GAME`` is the registry entry; ``ChePosition`` the position type.
Modules: ``geometry`` (cells, points, pattern, tiles), ``regions`` (region
analysis and the effect of one more tile), ``notation`` (reading placements),
``position`` (the rules), ``game`` (options, rules text).
"""

from games.che.game import GAME, CheGame
from games.che.geometry import BLUE, WHITE, Tile
from games.che.position import ChePosition, PlacementOption
from games.che.regions import Effect, Region

__all__ = [
    "BLUE", "GAME", "WHITE", "CheGame", "ChePosition", "Effect", "PlacementOption", "Region",
    "Tile",
]
