"""The Che position: tiles in the order placed, pool, side to move, result.

Positions are immutable; ``play`` returns a new one.  The turn structure
follows from the number of tiles placed: White's first turn is one tile,
then each turn has ``min(2, tiles left)`` tiles, Blue first.  A position may
sit between the two tiles of a turn (``B to move (second tile)``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from games.base import Dice, Played, Position, Result
from games.che.geometry import (
    BLUE,
    COLOUR_NAMES,
    COLOURS,
    ORIENTATIONS,
    WHITE,
    Cell,
    Tile,
    format_cell,
    neighbours,
    orientation_of,
    other,
    pattern_for,
    point_colour,
)
from games.che.notation import MAX_TEXT, Placement, parse_placements
from games.che.regions import Analysis, Effect, Outcome, Region, effect_for
from games.errors import GameError, IllegalTurnError, NotationError, PositionError
from games.events import Event, RegionClosed, TilePlaced, Won
from games.messages import Message, why_parts
from games.outcome import EndReason
from games.turns import Step, StepKind, Turn, texts

#: A closed region's colour in a ``why_closed_region`` message.
_COLOUR_CODES = {WHITE: "why_white", BLUE: "why_blue"}

#: How many legal cells an error message names before "...".
_CELLS_SHOWN = 12


@dataclass(frozen=True)
class PlacementOption:
    """One legal single placement and its immediate effect for the mover."""

    tile: Tile
    text: str
    effect: Effect


def _result_of(outcome: Outcome) -> Result:
    reason = (EndReason.TILES_OUT if not outcome.closed else EndReason.REGION_CLOSED
              if len(outcome.closed) == 1 else EndReason.BOTH_CLOSED)
    if outcome.winner is None:
        return Result(None, 0, "draw", ended_by=reason)
    return Result(outcome.winner, 1, f"{outcome.winner} wins", ended_by=reason)


class ChePosition(Position):
    """A Che position.  Build one with ``CheGame.initial`` or ``from_listing``."""

    game = "che"

    __slots__ = (
        "_total", "_tiles", "_cells", "_pattern", "_result", "_reason",
        "_analysis", "_legal_cells", "_placements",
    )

    def __init__(
        self,
        total: int,
        tiles: tuple[Tile, ...] = (),
        cells: dict[Cell, str] | None = None,
        result: Result | None = None,
        reason: Message | None = None,
    ) -> None:
        self._total = total
        self._tiles = tiles
        self._cells = cells if cells is not None else {t.cell: t.colour for t in tiles}
        first = tiles[0] if tiles else None
        self._pattern = pattern_for(first.colour, first.orientation) if first else None
        self._result = result
        self._reason = reason
        self._analysis: Analysis | None = None
        self._legal_cells: list[Cell] | None = None
        self._placements: list[PlacementOption] | None = None

    # -- the protocol ----------------------------------------------------------

    @property
    def side_to_move(self) -> str | None:
        """``W`` or ``B``, or None once the game is over."""
        if self._result is not None:
            return None
        n = len(self._tiles)
        if n == 0:
            return WHITE
        return WHITE if self.turn_number % 2 == 1 else other(WHITE)

    @property
    def result(self) -> Result | None:
        """The result once the game is over."""
        return self._result

    @property
    def options(self) -> Mapping[str, str]:
        """``{"tiles": "<pool size>"}``."""
        return {"tiles": str(self._total)}

    def dice_count(self) -> int:
        """Che has no dice."""
        return 0

    # -- state ---------------------------------------------------------------------

    def piece_counts(self) -> Mapping[tuple[str, str], int]:
        """One per placed tile, keyed (dominant colour, cell ``x,y``)."""
        return {(colour, format_cell(cell)): 1 for cell, colour in self._cells.items()}

    @property
    def tiles(self) -> tuple[Tile, ...]:
        """The placed tiles in the order placed."""
        return self._tiles

    @property
    def cells(self) -> Mapping[Cell, str]:
        """Occupied cells -> dominant colour (read-only)."""
        return MappingProxyType(self._cells)

    @property
    def pattern(self) -> int | None:
        """The parity of White grid points (``(x + y) % 2``), None before the first tile."""
        return self._pattern

    def point_colour(self, point: tuple[int, int]) -> str | None:
        """The colour of a grid point, None before the first tile."""
        return None if self._pattern is None else point_colour(self._pattern, point)

    def orientation_at(self, cell: Cell, colour: str) -> str | None:
        """The orientation forced on a ``colour`` tile in ``cell`` (None before the first tile)."""
        return None if self._pattern is None else orientation_of(self._pattern, cell, colour)

    @property
    def total_tiles(self) -> int:
        """The pool size this game started with."""
        return self._total

    @property
    def tiles_left(self) -> int:
        """Tiles still in the pool."""
        return self._total - len(self._tiles)

    @property
    def turn_number(self) -> int:
        """The record's turn number of the turn being played (or last played)."""
        n = len(self._tiles)
        return 1 if n == 0 else (n - 1) // 2 + 2

    @property
    def second_tile(self) -> bool:
        """Whether the side to move has already placed the first tile of its turn."""
        n = len(self._tiles)
        return self._result is None and n > 0 and (n - 1) % 2 == 1

    @property
    def tiles_this_turn(self) -> int:
        """How many tiles the side to move still places this turn (0 once over)."""
        if self._result is not None:
            return 0
        if not self._tiles or self.second_tile:
            return 1
        return min(2, self.tiles_left)

    @property
    def end_reason(self) -> str:
        """Why the game ended, in English ("" while it goes on)."""
        return str(self._reason) if self._reason is not None else ""

    @property
    def end_why(self) -> Message | None:
        """Why the game ended, as data (``why_*`` codes; None while it goes on)."""
        return self._reason

    # -- regions ----------------------------------------------------------------------

    @property
    def analysis(self) -> Analysis:
        """The region analysis of this board (computed once)."""
        if self._analysis is None:
            self._analysis = Analysis(self._pattern, self._cells)
        return self._analysis

    def regions(self, colour: str) -> list[Region]:
        """Every region of ``colour`` (``W`` or ``B``), largest first."""
        return self.analysis.regions(colour.upper())

    def largest_region(self, colour: str) -> Region | None:
        """``colour``'s largest region (the first found among equals), None on an empty board."""
        found = self.regions(colour)
        return found[0] if found else None

    @property
    def closed_regions(self) -> list[Region]:
        """Every closed region of either colour."""
        return [r for c in COLOURS for r in self.regions(c) if r.closed]

    # -- legality -----------------------------------------------------------------------

    def legal_cells(self) -> list[Cell]:
        """Empty cells sharing an edge with a placed tile (``[(0, 0)]`` on an empty board)."""
        if self._legal_cells is None:
            if not self._tiles:
                self._legal_cells = [(0, 0)]
            else:
                found = {
                    n for cell in self._cells for n in neighbours(cell) if n not in self._cells
                }
                self._legal_cells = sorted(found)
        return list(self._legal_cells)

    def legal_placements(self) -> list[PlacementOption]:
        """Every legal single placement with its immediate effect for the mover."""
        if self._placements is not None:
            return list(self._placements)
        out: list[PlacementOption] = []
        if self._result is None:
            if not self._tiles:
                for colour in COLOURS:
                    for mark in ORIENTATIONS:
                        tile = Tile((0, 0), colour, mark)
                        out.append(PlacementOption(tile, tile.text(True), Effect.NONE))
            else:
                assert self._pattern is not None
                mover = self.side_to_move or WHITE
                last = self.tiles_left == 1
                analysis = self.analysis
                pattern = self._pattern
                for cell in self.legal_cells():
                    for colour in COLOURS:
                        tile = Tile(cell, colour, orientation_of(pattern, cell, colour))
                        outcome = analysis.outcome(cell, colour, mover, last)
                        out.append(PlacementOption(tile, tile.text(), effect_for(outcome, mover)))
        self._placements = out
        return list(out)

    def legal_turns(self, dice: Dice = ()) -> list[Turn]:
        """Every complete legal turn, deduplicated by resulting board, as values
        (one place-tile step per tile: its cell and colour).

        Two tiles that could be placed in either order are listed once.
        """
        return self._listed(both_orders=False)

    def legal_turns_in_any_order(self, dice: Dice = ()) -> list[Turn]:
        """``legal_turns`` with two quiet tiles listed in both orders: ``play``
        takes either (the same board, and neither tile ends the game alone)."""
        return self._listed(both_orders=True)

    def _listed(self, both_orders: bool) -> list[Turn]:
        if self._result is not None:
            return []
        first = self.legal_placements()
        firsts = [_placed(o.text, o.tile.cell, o.tile.colour) for o in first]
        if self.tiles_this_turn == 1:
            return [Turn(step.text, (step,)) for step in firsts]
        index = {(o.tile.cell, o.tile.colour): i for i, o in enumerate(first)}
        quiet = [o.effect is Effect.NONE for o in first]
        cells = self._cells
        base_cells = self.legal_cells()
        base_set = set(base_cells)
        # a second tile is written without its orientation (the first tile fixed it)
        seconds: dict[tuple[Cell, str], Step] = {}

        def second(cell: Cell, colour: str) -> Step:
            step = seconds.get((cell, colour))
            if step is None:
                step = seconds[cell, colour] = _placed(format_cell(cell) + colour, cell, colour)
            return step

        out: list[Turn] = []
        for i, option in enumerate(first):
            head = firsts[i]
            if not quiet[i]:
                out.append(Turn(head.text, (head,)))
                continue
            c1 = option.tile.cell
            extra = [n for n in neighbours(c1) if n not in cells and n not in base_set]
            prefix = option.text + " "
            for cell in base_cells:
                if cell == c1:
                    continue
                for colour in COLOURS:
                    j = index[(cell, colour)]
                    if quiet[j] and j < i and not both_orders:
                        continue  # listed already in the other order
                    tail = second(cell, colour)
                    out.append(Turn(prefix + tail.text, (head, tail)))
            for cell in sorted(extra):
                for colour in COLOURS:
                    tail = second(cell, colour)
                    out.append(Turn(prefix + tail.text, (head, tail)))
        return out

    # -- playing --------------------------------------------------------------------------

    def _check(self, placement: Placement) -> Tile:
        """The tile a placement puts down, or IllegalTurnError saying why it cannot."""
        cell = placement.cell
        if not self._tiles:
            if cell != (0, 0):
                raise IllegalTurnError(
                    Message.of("gerr_che_first_cell", cell=format_cell(cell)),
                    [o.text for o in self.legal_placements()],
                )
            if placement.orientation is None:
                c = placement.colour
                raise IllegalTurnError(
                    Message.of("gerr_che_first_orientation", c=c, c2=c),
                    [o.text for o in self.legal_placements()],
                )
            return Tile(cell, placement.colour, placement.orientation)
        assert self._pattern is not None
        if cell in self._cells:
            raise IllegalTurnError(
                Message.of("gerr_che_taken", cell=format_cell(cell), cells=self._cells_text())
            )
        if not any(n in self._cells for n in neighbours(cell)):
            raise IllegalTurnError(
                Message.of("gerr_che_alone", cell=format_cell(cell), cells=self._cells_text())
            )
        forced = orientation_of(self._pattern, cell, placement.colour)
        if placement.orientation is not None and placement.orientation != forced:
            raise IllegalTurnError(Message.of(
                "gerr_che_orientation", given=placement.orientation, forced=forced,
                cell=format_cell(cell), colour=COLOUR_NAMES[placement.colour],
                write=f"{format_cell(cell)}{placement.colour}"))
        return Tile(cell, placement.colour, forced)

    def _cells_text(self) -> str:
        cells = self.legal_cells()
        shown = " ".join(format_cell(c) for c in cells[:_CELLS_SHOWN])
        return shown + (f" (and {len(cells) - _CELLS_SHOWN} more)" if len(cells) > _CELLS_SHOWN
                        else "")

    def _put(self, tile: Tile) -> ChePosition:
        """Place a checked tile and decide the game if it ends it."""
        return self._put_events(tile)[0]

    def _put_events(self, tile: Tile) -> tuple[ChePosition, list[Event]]:
        """Place a checked tile; the new position and what the tile did."""
        mover = self.side_to_move or WHITE
        result: Result | None = None
        reason: Message | None = None
        events: list[Event] = [TilePlaced(mover, format_cell(tile.cell), tile.colour,
                                          tile.orientation)]
        if self._tiles:
            last = self.tiles_left == 1
            outcome = self.analysis.outcome(tile.cell, tile.colour, mover, last)
            if outcome.ended:
                result = _result_of(outcome)
                reason = self._explain(outcome, tile, mover)
                events += [RegionClosed(colour) for colour in outcome.closed]
                events.append(Won(result.winner or "", result.points, reason))
        cells = dict(self._cells)
        cells[tile.cell] = tile.colour
        after = ChePosition(self._total, self._tiles + (tile,), cells, result, reason)
        return after, events

    def _explain(self, outcome: Outcome, tile: Tile, mover: str) -> Message:
        if len(outcome.closed) == 2:
            return Message.of("why_closed_both", tile=tile.text())
        if outcome.closed:
            colour = Message.of(_COLOUR_CODES[outcome.closed[0]])
            return Message.of("why_closed_region", tile=tile.text(), colour=colour)
        largest = self.analysis.grown_largest(tile.cell, tile.colour)
        return why_parts(Message.of("why_tiles_out"),
                         Message.of("why_largest", white=largest["W"], blue=largest["B"]))

    def play(self, text: str | Turn, dice: Dice = ()) -> Played:
        """Play a whole turn written as placements (``1,0B 0,1W``).

        The text must complete the turn exactly: two tiles (one for the first
        turn, the pool's last tile, or the second tile of a started turn),
        or one tile when that tile ends the game.
        """
        if dice:
            raise IllegalTurnError(Message.of("gerr_che_no_dice"))
        if self._result is not None:
            raise IllegalTurnError(Message.of("gerr_over_paren", result=self._result.said))
        placements = parse_placements(str(text))
        need = self.tiles_this_turn
        if not placements or len(placements) > need:
            needs = (Message.of("gerr_che_needs_not", need=need, n=len(placements)) if placements
                     else Message.of("gerr_che_needs", need=need))
            raise IllegalTurnError(needs, texts(self.legal_turns()))
        position: ChePosition = self
        done: list[str] = []
        events: list[Event] = []
        for placement in placements:
            if position._result is not None:
                raise IllegalTurnError(
                    Message.of("gerr_che_ended", done=" ".join(done),
                               result=position._result.said,
                               ending=position._reason or Message.of("why_text", text=""),
                               extra=placement.text()),
                    [" ".join(done)],
                )
            try:
                tile = position._check(placement)
            except IllegalTurnError as exc:
                if not done:
                    if exc.legal:
                        raise
                    raise IllegalTurnError(exc.reason, texts(self.legal_turns())) from None
                prefix = " ".join(done) + " "
                raise IllegalTurnError(exc.reason, self._completions(position, prefix)) from None
            done.append(tile.text(with_orientation=not position._tiles))
            position, did = position._put_events(tile)
            events += did
        moves = " ".join(done)
        if position._result is None and len(done) < need:
            raise IllegalTurnError(
                Message.of("gerr_che_only", need=need, moves=moves, done=len(done)),
                self._completions(position, moves + " "),
            )
        return Played(position, moves, moves, events=tuple(events))

    def place(self, text: str) -> ChePosition:
        """The position after one placement (which may leave the turn half done).

        For analysis, autocomplete and tests; players' turns go through ``play``.
        """
        if self._result is not None:
            raise IllegalTurnError(Message.of("gerr_over_paren", result=self._result.said))
        placements = parse_placements(str(text))
        if len(placements) != 1:
            raise IllegalTurnError(Message.of("gerr_che_place_one", n=len(placements)))
        return self._put(self._check(placements[0]))

    @staticmethod
    def _completions(position: ChePosition, prefix: str) -> list[str]:
        if not prefix:
            return texts(position.legal_turns())
        return [prefix + o.text for o in position.legal_placements()]

    # -- listing --------------------------------------------------------------------------

    def status(self) -> str:
        """``W to move``, ``B to move (second tile)``, ``W wins`` or ``draw``."""
        if self._result is not None:
            return self._result.text
        text = f"{self.side_to_move} to move"
        return text + " (second tile)" if self.second_tile else text

    def listing(self) -> str:
        """``0,0W/ 1,0B; tiles left 62; B to move (second tile)``."""
        tail = f"tiles left {self.tiles_left}; {self.status()}"
        if not self._tiles:
            return tail
        placed = " ".join(t.text(with_orientation=i == 0) for i, t in enumerate(self._tiles))
        return f"{placed}; {tail}"

    def __eq__(self, other_: object) -> bool:
        if not isinstance(other_, ChePosition):
            return NotImplemented
        return self._total == other_._total and self._tiles == other_._tiles

    def __hash__(self) -> int:
        return hash((self._total, self._tiles))

    def __repr__(self) -> str:
        return f"ChePosition({self.listing()!r})"

    # -- reading a listing ----------------------------------------------------------------------

    @classmethod
    def from_listing(cls, text: str, total: int | None, low: int, high: int) -> ChePosition:
        """Read a listing; ``total`` is the pool size the options insist on (None: any)."""
        parts = [p.strip() for p in text.strip().split(";")]
        if len(parts) not in (2, 3):
            raise PositionError(
                Message.of("gpos_che_form", text=text)
            )
        status = " ".join(parts[-1].split())
        m = re.fullmatch(r"tiles\s+left\s+([0-9]{1,4})", parts[-2], re.IGNORECASE)
        if not m:
            raise PositionError(Message.of("gpos_expected_tiles_left_n", parts=parts[-2]))
        left = int(m.group(1))
        try:
            # A listing holds every tile placed: up to ``high`` of `-xxxx,-yyyyW/ ` each.
            placements = (parse_placements(parts[0], limit=16 * high + MAX_TEXT)
                          if len(parts) == 3 else [])
        except NotationError as exc:
            raise PositionError(Message.of("gpos_cannot_read_tiles", error=exc.said())) from None
        if len(parts) == 3 and not placements:
            raise PositionError(Message.of("gpos_tiles_part_listing_empty"))
        pool = len(placements) + left
        if total is not None and pool != total:
            raise PositionError(
                Message.of("gpos_listing_has_tiles_all", pool=pool, n_placements=len(placements),
                           left=left, total=total)
            )
        if not low <= pool <= high:
            raise PositionError(Message.of("gpos_pool_tiles_out_range", pool=pool, low=low,
                                           high=high))
        position = cls(pool)
        for number, placement in enumerate(placements, start=1):
            if position._result is not None:
                raise PositionError(
                    Message.of("gpos_tile_follows_end_game", number=number,
                               placement=placement.text(), result=position._result.said)
                )
            try:
                tile = position._check(placement)
            except GameError as exc:
                reason = exc.reason if isinstance(exc, IllegalTurnError) else exc.said()
                raise PositionError(Message.of("gpos_che_tile", number=number,
                                               placement=placement.text(), reason=reason)) from None
            position = position._put(tile)
        actual = position.status()
        if status.lower() != actual.lower():
            raise PositionError(Message.of("gpos_listing_says_but_tiles", status=status,
                                           actual=actual))
        return position


def _placed(text: str, cell: Cell, colour: str) -> Step:
    """The step putting a ``colour`` tile on ``cell``, written ``text`` (``0,0W/``
    names the first tile's orientation, later tiles have theirs forced)."""
    label = format_cell(cell)
    orientation = text[-1] if text[-1] in "/\\" else ""
    return Step(text, StepKind.PLACE_TILE, label, label, colour=colour, orientation=orientation)
