"""A mutable Che board for search: place a tile, look, take it back.

The engine's ``ChePosition`` is immutable and rebuilds its region analysis for
every new position; a search visits thousands of positions that differ by one
or two tiles, so it works on this board instead and asks only local questions:

- a region is found by a flood from one of its grid points (a point's
  neighbours in its region are the far corners of the cells round it that hold
  a tile of its colour);
- a region's *needs* are the empty cells round its open points: it closes
  exactly when all of them are filled without linking it to a new open point,
  so a side can close a region this turn only if its needs are at most the
  tiles it still places (see ``Summary``).

The rules are the engine's (games/che/regions.py); tests check the two agree.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from games.che.geometry import BLUE, COLOURS, WHITE, Cell, Point, other
from games.che.position import ChePosition

#: What ``result_after`` returns for a drawn game (None: the game goes on).
DRAW = ""

#: The four cells round a grid point, each with its corner opposite the point,
#: as offsets from the point: (cell dx, dy, far corner dx, dy).
_RING = ((-1, -1, -1, -1), (0, -1, 1, -1), (-1, 0, -1, 1), (0, 0, 1, 1))

def cell_corners(cell: Cell) -> tuple[Point, Point, Point, Point]:
    x, y = cell
    return (x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1)


def edge_neighbours(cell: Cell) -> tuple[Cell, Cell, Cell, Cell]:
    x, y = cell
    return (x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)


@dataclass
class RegionInfo:
    """One region: its colour, size (tiles of its colour), needs (empty cells
    round its open points) and points."""

    colour: str
    size: int
    needs: frozenset[Cell]
    points: list[Point] = field(default_factory=list)


class Board:
    """Cells, fill counts of grid points and the frontier, changed in place.

    Build from a position with at least one tile (the first tile fixes the
    colour pattern)."""

    __slots__ = ("pattern", "cells", "fill", "frontier", "total", "placed")

    def __init__(self, position: ChePosition) -> None:
        if position.pattern is None:
            raise ValueError("the board needs its first tile")
        self.pattern: int = position.pattern
        self.cells: dict[Cell, str] = dict(position.cells)
        self.total = position.total_tiles
        self.placed = len(position.tiles)
        self.fill: dict[Point, int] = {}
        #: empty cells sharing an edge with a tile -> how many tiles they touch
        self.frontier: dict[Cell, int] = {}
        for cell in self.cells:
            for p in cell_corners(cell):
                self.fill[p] = self.fill.get(p, 0) + 1
            for n in edge_neighbours(cell):
                if n not in self.cells:
                    self.frontier[n] = self.frontier.get(n, 0) + 1

    # -- turn structure (as ChePosition counts it) ---------------------------

    @property
    def side_to_move(self) -> str:
        return BLUE if ((self.placed - 1) // 2) % 2 == 0 else WHITE

    @property
    def tiles_this_turn(self) -> int:
        """Tiles the side to move still places this turn."""
        if (self.placed - 1) % 2 == 1:
            return 1
        return min(2, self.total - self.placed)

    @property
    def tiles_left(self) -> int:
        return self.total - self.placed

    def colour_of(self, point: Point) -> str:
        return WHITE if (point[0] + point[1]) & 1 == self.pattern else BLUE

    def legal_cells(self) -> list[Cell]:
        return sorted(self.frontier)

    # -- changing the board ----------------------------------------------------

    def place(self, cell: Cell, colour: str) -> int:
        """Put a tile; returns what ``undo`` needs (the cell's frontier count)."""
        saved = self.frontier.pop(cell)
        self.cells[cell] = colour
        self.placed += 1
        fill = self.fill
        for p in cell_corners(cell):
            fill[p] = fill.get(p, 0) + 1
        frontier = self.frontier
        cells = self.cells
        for n in edge_neighbours(cell):
            if n not in cells:
                frontier[n] = frontier.get(n, 0) + 1
        return saved

    def undo(self, cell: Cell, saved: int) -> None:
        """Take back the tile ``place`` put in ``cell``."""
        del self.cells[cell]
        self.placed -= 1
        fill = self.fill
        for p in cell_corners(cell):
            if fill[p] == 1:
                del fill[p]
            else:
                fill[p] -= 1
        frontier = self.frontier
        cells = self.cells
        for n in edge_neighbours(cell):
            if n not in cells:
                if frontier[n] == 1:
                    del frontier[n]
                else:
                    frontier[n] -= 1
        frontier[cell] = saved

    # -- regions -----------------------------------------------------------------

    def region(self, point: Point) -> RegionInfo:
        """The region of ``point`` (a corner of a placed tile)."""
        colour = self.colour_of(point)
        cells = self.cells
        seen = {point}
        stack = [point]
        needs: set[Cell] = set()
        tiles: set[Cell] = set()
        while stack:
            px, py = stack.pop()
            for dx, dy, fx, fy in _RING:
                cell = (px + dx, py + dy)
                got = cells.get(cell)
                if got is None:
                    needs.add(cell)  # an empty cell round the point: the point is open
                elif got == colour:
                    tiles.add(cell)
                    far = (px + fx, py + fy)
                    if far not in seen:
                        seen.add(far)
                        stack.append(far)
        return RegionInfo(colour, len(tiles), frozenset(needs), list(seen))

    def is_closed(self, point: Point) -> bool:
        """Whether the region of ``point`` is closed (stops at its first open point)."""
        fill = self.fill
        if fill.get(point, 0) < 4:
            return False
        colour = self.colour_of(point)
        cells = self.cells
        seen = {point}
        stack = [point]
        while stack:
            p = stack.pop()
            if fill[p] < 4:
                return False
            px, py = p
            for dx, dy, fx, fy in _RING:
                if cells[(px + dx, py + dy)] == colour:
                    far = (px + fx, py + fy)
                    if far not in seen:
                        seen.add(far)
                        stack.append(far)
        return True

    def largest(self) -> dict[str, int]:
        """Each colour's largest region size."""
        best = {WHITE: 0, BLUE: 0}
        seen: set[Point] = set()
        for p in list(self.fill):
            if p in seen:
                continue
            info = self.region(p)
            seen.update(info.points)
            best[info.colour] = max(best[info.colour], info.size)
        return best

    def result_after(self, cell: Cell, mover: str) -> str | None:
        """The game's result once ``mover`` has put a tile in ``cell`` (already
        on the board): the winner's letter, ``DRAW``, or None if it goes on.
        The engine's rule: the other side's closed region first, then the
        mover's; the pool's last tile with nothing closed: the largest regions."""
        closed = {WHITE: False, BLUE: False}
        for p in cell_corners(cell):
            colour = self.colour_of(p)
            if not closed[colour] and self.is_closed(p):
                closed[colour] = True
        if closed[other(mover)]:
            return other(mover)
        if closed[mover]:
            return mover
        if self.placed >= self.total:
            sizes = self.largest()
            if sizes[WHITE] == sizes[BLUE]:
                return DRAW
            return WHITE if sizes[WHITE] > sizes[BLUE] else BLUE
        return None


# -- summaries of every region ----------------------------------------------------------

#: Needs above this count are all alike to the evaluation.
NEED_CAP = 5


@dataclass
class Summary:
    """Every region's needs counted per colour, kept so that the summary after
    one or two more tiles is found by re-flooding only the regions round them.

    ``counts[colour][k]`` is how many regions of that colour need ``k`` more
    tiles (``NEED_CAP`` and more counted as ``NEED_CAP``); ``small`` keeps the
    regions that need at most two (the only ones a side can close in a turn)."""

    counts: dict[str, list[int]]
    largest: dict[str, int]
    small: dict[int, RegionInfo]
    region_of: dict[Point, int]
    infos: list[RegionInfo]
    closed: tuple[str, ...] = ()

    @classmethod
    def of(cls, board: Board) -> Summary:
        counts = {c: [0] * (NEED_CAP + 1) for c in COLOURS}
        largest = {c: 0 for c in COLOURS}
        region_of: dict[Point, int] = {}
        infos: list[RegionInfo] = []
        small: dict[int, RegionInfo] = {}
        for p in sorted(board.fill):
            if p in region_of:
                continue
            info = board.region(p)
            index = len(infos)
            infos.append(info)
            for q in info.points:
                region_of[q] = index
            counts[info.colour][min(len(info.needs), NEED_CAP)] += 1
            if info.size > largest[info.colour]:
                largest[info.colour] = info.size
            if len(info.needs) <= 2:
                small[index] = info
        return cls(counts, largest, small, region_of, infos)

    def after_tile(self, board: Board, cell: Cell) -> Summary:
        """The summary of ``board``, which is this summary's board with one more
        tile, in ``cell``; found without a flood: regions only merge, and only
        the regions of the tile's corners change (the two corners of the
        tile's colour join, the other two each lose ``cell`` from their needs).
        ``closed`` of the result names the colours whose region the tile
        closed (a region is closed exactly when it needs nothing more).
        ``region_of`` and ``infos`` of the result are empty: it cannot be
        followed by another ``after_tile``."""
        counts = {c: list(v) for c, v in self.counts.items()}
        largest = dict(self.largest)
        small = dict(self.small)
        colour = board.cells[cell]
        region_of = self.region_of
        infos = self.infos
        linked: list[Point] = []
        unlinked: list[Point] = []
        for q in cell_corners(cell):
            (linked if board.colour_of(q) == colour else unlinked).append(q)
        groups = [linked]
        u1, u2 = unlinked
        r1, r2 = region_of.get(u1), region_of.get(u2)
        if r1 is not None and r1 == r2:
            groups.append(unlinked)
        else:
            groups += [[u1], [u2]]
        closed: list[str] = []
        cells = board.cells
        for number, group in enumerate(groups):
            ids: list[int] = []
            needs: set[Cell] = set()
            size = 1 if number == 0 else 0
            for q in group:
                rid = region_of.get(q)
                if rid is None:  # a new point: this tile is the only one round it
                    px, py = q
                    for dx, dy, _, _ in _RING:
                        round_cell = (px + dx, py + dy)
                        if round_cell not in cells:
                            needs.add(round_cell)
                elif rid not in ids:
                    ids.append(rid)
                    info = infos[rid]
                    needs |= info.needs
                    size += info.size
            needs.discard(cell)
            group_colour = board.colour_of(group[0])
            for rid in ids:
                info = infos[rid]
                counts[info.colour][min(len(info.needs), NEED_CAP)] -= 1
                small.pop(rid, None)
            counts[group_colour][min(len(needs), NEED_CAP)] += 1
            if size > largest[group_colour]:
                largest[group_colour] = size
            if len(needs) <= 2:
                small[-1 - number] = RegionInfo(group_colour, size, frozenset(needs))
            if not needs and group_colour not in closed:
                closed.append(group_colour)
        return Summary(counts, largest, small, {}, [], tuple(closed))

    def result(self, board: Board, mover: str) -> str | None:
        """The game's result after the tile this summary was made by
        ``after_tile`` for (placed by ``mover``): as ``Board.result_after``."""
        if other(mover) in self.closed:
            return other(mover)
        if mover in self.closed:
            return mover
        if board.placed >= board.total:
            if self.largest[WHITE] == self.largest[BLUE]:
                return DRAW
            return WHITE if self.largest[WHITE] > self.largest[BLUE] else BLUE
        return None


def winning_tiles(board: Board, side: str, summary: Summary, tiles: int | None = None
                  ) -> list[tuple[Cell, str]] | None:
    """Tiles with which ``side`` (to move) wins at once this turn, or None.

    Only a region of ``side``'s colour needing at most the tiles left this turn
    can be closed; each is tried by filling its needs in both orders and with
    both colours, as the engine would judge every tile."""
    budget = board.tiles_this_turn if tiles is None else tiles
    for info in summary.small.values():
        if info.colour != side or len(info.needs) > budget:
            continue
        needs = sorted(info.needs)
        orders = [needs] if len(needs) == 1 else [needs, needs[::-1]]
        for order in orders:
            found = _close_in_order(board, side, order, [])
            if found is not None:
                return found
    return None


def _close_in_order(board: Board, side: str, order: list[Cell], done: list[tuple[Cell, str]]
                    ) -> list[tuple[Cell, str]] | None:
    cell = order[0]
    if cell not in board.frontier:
        return None
    for colour in (other(side), side):
        saved = board.place(cell, colour)
        result = board.result_after(cell, side)
        found: list[tuple[Cell, str]] | None = None
        if result == side:
            found = done + [(cell, colour)]
        elif result is None and len(order) > 1:
            found = _close_in_order(board, side, order[1:], done + [(cell, colour)])
        board.undo(cell, saved)
        if found is not None:
            return found
    return None
