"""The Che game object: sides, the ``tiles`` option, rules and notation help."""

from __future__ import annotations

from games.base import Game, OptionKind, Options, OptionSpec, SideInfo
from games.che.geometry import BLUE, WHITE
from games.che.position import ChePosition
from games.errors import OptionError
from games.messages import Message

DEFAULT_TILES = 64
MIN_TILES = 2
MAX_TILES = 200

RULES = """\
**Che** (Cameron Browne, 2008): White and Blue share a pool of 64 Truchet tiles. \
A tile has a band of its dominant colour joining two opposite corners and corner \
pieces of the other colour; touching edges must match, so grid points form a fixed \
checkerboard of colours and a tile's orientation is forced by its cell.
- White places the first tile at 0,0, choosing its orientation (`0,0W/` or `0,0W\\`).
- Then Blue, White, ... each place two tiles (the pool's last turn may have one), \
each on an empty cell sharing an edge with a placed tile (the turn's first tile counts). \
Either player may place either colour.
- A region is a connected area of one colour; its size is the number of tiles of that \
dominant colour in it. It is closed when every grid point in it is surrounded by four tiles.
- After every single tile: if the player not moving has a closed region they win \
(a tile closing regions for both players loses for the mover); otherwise, if the mover \
has one, the mover wins. The turn ends at once.
- When the tiles run out, the player with the largest single region wins; equal sizes draw."""

NOTATION = """\
**Che notation**: a placement is the cell `x,y` (x to the right, y upward) and the \
dominant colour `W` or `B`: `1,0B`, `-1,2W`.
- The first tile is at 0,0 and names its orientation: `0,0W/` (band from lower-left to \
upper-right) or `0,0W\\`. Later tiles' orientations are forced; you may add the mark \
(`1,0W\\`) but it must match.
- A turn lists its tiles in the order placed: `1,0B 0,1W` (spaces, commas or semicolons \
separate). If your first tile ends the game, it is the whole turn.
- Records: `1W: 0,0W/`, `2B: 1,0B 0,1W`."""


class CheGame(Game):
    """Che: tile placement with closed regions; no dice, White starts."""

    name = "che"
    title = "Che"
    opening_throw = False
    option_specs = (OptionSpec("tiles", OptionKind.INT, str(DEFAULT_TILES),
                               "tiles in the shared pool", MIN_TILES, MAX_TILES),)

    def sides(self, options: Options) -> list[SideInfo]:
        """White (W) then Blue (B)."""
        return [SideInfo(WHITE, "White", "White"), SideInfo(BLUE, "Blue", "Blue")]

    def initial(self, options: Options, first: str | None = None) -> ChePosition:
        """The empty board; White always places the first tile."""
        if first is not None and first.upper() != WHITE:
            raise OptionError(Message.of("gerr_che_white_first"))
        return ChePosition(int(self.normalise_options(options)["tiles"]))

    def from_listing(self, text: str, options: Options) -> ChePosition:
        """Read ``0,0W/ 1,0B; tiles left 62; B to move (second tile)``.

        The pool size is placed tiles plus tiles left; if the options name
        ``tiles`` explicitly, the listing must agree with it.
        """
        normal = self.normalise_options(options)
        explicit = any(str(k).strip().lower() == "tiles" for k in options)
        total = int(normal["tiles"]) if explicit else None
        return ChePosition.from_listing(text, total, MIN_TILES, MAX_TILES)

    def rules_text(self) -> str:
        """The rules, short enough for a chat message."""
        return RULES

    def notation_text(self) -> str:
        """How to write placements and turns."""
        return NOTATION


GAME = CheGame()
