"""The Chebache ``Game``: sides, options, initial position, rules text."""

from __future__ import annotations

from games.base import Game, OptionKind, Options, OptionSpec, Result, SideInfo
from games.chebache.board import SLOT
from games.chebache.listing import read_listing
from games.chebache.position import ChebachePosition
from games.chebache.state import State, empty_slots
from games.errors import OptionError
from games.messages import Message

RULES = """\
**Chebache** (2 players, 2 dice). Each side: 12 pieces + 1 King (counts 2), path S,1..17,F \
(odd = shared Intersections, even = own Squares/Tivits 2,8,10,16).
Start: 4+King in S, 2 on 2,8,10,16.
**Phase I**: move by each die (doubles: 4 moves). Backward only from a Tivit or with a King, \
never into S. Max 4 on a space (not S/F); move the top piece. No ending on the space a piece \
began on. Landing on an opponent Intersection attacks: when your weight there reaches theirs \
they go to Start. 2 pieces capture a lone King (it flips to you). Exact count into F unless \
all are on 13-17. Once a piece is in F, Start pieces move first. Use every die you can.
**Phase II** (all dice used): one optional jump of a top unit over your Intersections to the \
next Squares/Tivits.
**Chebache**: hold k-1 and k+1 and occupy k: the opponent space opposite is closed; \
pieces left there at the end of their owner's turn go to Start (a King: you win).
Win: all your pieces in F. Option kings=false: no King, jumps or backward moves."""

NOTATION = """\
Spaces in your own numbering, S = Start, F = Finish. `2/7` forward, `8\\6` backward, \
`3X9` attack, `3(2/5)` three times, `K(4/10)` the King, `S/5`, `14/F`. \
Jump (last): `4^6`, `2(6^8)`, `3(2^8)`, `1K(4^6)`, `1K1(2^10)` (stack bottom to top). \
Backgammon spellings work too: `2-7`, `8-6`, `3/9*` (attack), `2/5(3)`. \
Moves are played in the order written; spaces/commas optional. `(no move)` when nothing \
is legal. The bot adds attacks `X2K@17`, flips `K(B->W@5)`, sacrifices/traps `-2@5` and \
Chebaches `<B12; W14>`.
Full record: `[3 3]; 3(2X5), 8X5; X2K@17; K(B->W@5); -2@5; 1K(4^6); <B12; W14>`."""


def initial_state(kings_on: bool) -> State:
    """4 pieces (and the King) in Start, 2 on each of 2, 8, 10 and 16."""
    slots = list(empty_slots())
    for side in (0, 1):
        for n in (2, 8, 10, 16):
            slots[SLOT[side][n]] = (side, side)
    k = 1 if kings_on else 0
    return tuple(slots), (4, k, 0, 0, 4, k, 0, 0, 0, 0)


class ChebacheGame(Game):
    """Chebache: race along a zig-zag path, attack Intersections, form Chebaches."""

    name = "chebache"
    title = "Chebache"
    opening_throw = False
    option_specs = (OptionSpec("kings", OptionKind.SWITCH, "true",
                               "whether each side has a King (and jumps, backward moves)",
                               words=("true", "false")),)

    def sides(self, options: Options) -> list[SideInfo]:
        return [SideInfo("W", "White", "White"), SideInfo("B", "Black", "Black")]

    def engine_info(self) -> str | None:
        """Whether the compiled search is loaded (``compiled``) or pure Python."""
        from games.chebache._accel import ENGINE

        return f"chebache search: {ENGINE}"

    def initial(self, options: Options, first: str | None = None) -> ChebachePosition:
        opts = self.normalise_options(options)
        side = 0
        if first is not None:
            f = first.strip().upper()
            if f not in ("W", "B"):
                raise OptionError(Message.of("gerr_option_first_wb", value=first))
            side = 0 if f == "W" else 1
        return ChebachePosition(initial_state(opts["kings"] == "true"), side, None, opts)

    def from_listing(self, text: str, options: Options) -> ChebachePosition:
        opts = self.normalise_options(options)
        state, to_move, winner, draw = read_listing(text, opts["kings"] == "true")
        if to_move is not None:
            return ChebachePosition(state, "WB".index(to_move), None, opts)
        if winner is not None:
            return ChebachePosition(state, None, Result(winner, 1, f"{winner} wins"), opts)
        return ChebachePosition(state, None, Result(None, 0, "draw"), opts)

    def rules_text(self) -> str:
        return RULES

    def notation_text(self) -> str:
        return NOTATION


GAME = ChebacheGame()
