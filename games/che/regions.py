"""Regions: connected grid points of one colour, and what a new tile does to them.

For colour ``c`` a region is a connected set of ``c``-coloured grid points
that touch placed tiles, where a ``c``-dominant tile links its two
``c``-corners.  It is closed when every one of its points has all four
surrounding cells filled; its size is the number of ``c``-dominant tiles in it.

``Analysis`` computes every region of both colours with a union-find, and
keeps per region the number of *open* points (fewer than four cells filled)
so the effect of one more tile is found in constant time: that is what the
win check after every tile and ``legal_placements`` use.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum

from games.che.geometry import (
    BLUE,
    COLOURS,
    WHITE,
    Cell,
    Point,
    coloured_corners,
    corners,
    other,
)


@dataclass(frozen=True)
class Region:
    """One region of ``colour``: its grid points, its dominant tiles' cells, closed or not."""

    colour: str
    points: frozenset[Point]
    tiles: frozenset[Cell]
    closed: bool

    @property
    def size(self) -> int:
        """The number of ``colour``-dominant tiles in the region."""
        return len(self.tiles)


class Effect(StrEnum):
    """The immediate effect of a placement for the player making it."""

    NONE = "none"
    WIN = "win"
    LOSS = "loss"
    DRAW = "draw"


@dataclass(frozen=True)
class Outcome:
    """What a tile does: whether the game ends and who wins (None: draw)."""

    ended: bool
    winner: str | None = None
    closed: tuple[str, ...] = ()


def decide(closed: Mapping[str, bool], mover: str) -> Outcome:
    """Apply the win rule: the non-mover's closed region first, then the mover's."""
    colours = tuple(c for c in COLOURS if closed[c])
    if closed[other(mover)]:
        return Outcome(True, other(mover), colours)
    if closed[mover]:
        return Outcome(True, mover, colours)
    return Outcome(False)


def tiebreak(largest: Mapping[str, int]) -> Outcome:
    """The result when the pool is empty and nothing is closed."""
    if largest[WHITE] > largest[BLUE]:
        return Outcome(True, WHITE)
    if largest[BLUE] > largest[WHITE]:
        return Outcome(True, BLUE)
    return Outcome(True, None)


class _ColourRegions:
    """Union-find result for one colour: each point's root and per-root totals."""

    __slots__ = ("colour", "root", "open", "size", "dominant")

    def __init__(self, colour: str) -> None:
        self.colour = colour
        self.root: dict[Point, Point] = {}
        self.open: dict[Point, int] = {}
        self.size: dict[Point, int] = {}
        #: (a corner point, cell) of every tile of this dominant colour
        self.dominant: list[tuple[Point, Cell]] = []


class Analysis:
    """Every region of both colours on a board (``cells`` maps cell -> dominant colour)."""

    __slots__ = ("pattern", "cells", "fill", "_by_colour", "_regions")

    def __init__(self, pattern: int | None, cells: Mapping[Cell, str]) -> None:
        self.pattern = pattern
        self.cells = cells
        fill: dict[Point, int] = {}
        for cell in cells:
            for p in corners(cell):
                fill[p] = fill.get(p, 0) + 1
        self.fill = fill
        self._by_colour = {c: self._build(c) for c in COLOURS}
        self._regions: dict[str, list[Region]] = {}

    def _build(self, colour: str) -> _ColourRegions:
        result = _ColourRegions(colour)
        if self.pattern is None:
            return result
        pattern = self.pattern
        parent: dict[Point, Point] = {}

        def find(p: Point) -> Point:
            root = p
            while parent[root] != root:
                root = parent[root]
            while parent[p] != root:
                parent[p], p = root, parent[p]
            return root

        dominant = result.dominant
        for cell, dom in self.cells.items():
            x, y = cell
            if ((x + y) & 1 == pattern) == (colour == WHITE):
                a, b = cell, (x + 1, y + 1)
            else:
                a, b = (x + 1, y), (x, y + 1)
            if a not in parent:
                parent[a] = a
            if b not in parent:
                parent[b] = b
            if dom == colour:
                ra, rb = find(a), find(b)
                if ra != rb:
                    parent[ra] = rb
                dominant.append((a, cell))
        root = result.root
        opens = result.open
        size = result.size
        fill = self.fill
        for p in parent:
            r = find(p)
            root[p] = r
            if r not in opens:
                opens[r] = 0
                size[r] = 0
            if fill[p] < 4:
                opens[r] += 1
        for a, _ in dominant:
            size[root[a]] += 1
        return result

    # -- queries -----------------------------------------------------------

    def regions(self, colour: str) -> list[Region]:
        """Every region of ``colour``, largest first (then by lowest point)."""
        if colour not in self._regions:
            data = self._by_colour[colour]
            points: dict[Point, list[Point]] = {}
            for p, r in data.root.items():
                if r in points:
                    points[r].append(p)
                else:
                    points[r] = [p]
            tiles: dict[Point, list[Cell]] = {r: [] for r in points}
            root = data.root
            for a, cell in data.dominant:
                tiles[root[a]].append(cell)
            opens = data.open
            ranked = sorted(points, key=lambda r: (-len(tiles[r]), min(points[r])))
            found = [
                Region(colour, frozenset(points[r]), frozenset(tiles[r]), opens[r] == 0)
                for r in ranked
            ]
            self._regions[colour] = found
        return self._regions[colour]

    def largest_size(self, colour: str) -> int:
        """The size of ``colour``'s largest region (0 on an empty board)."""
        sizes = self._by_colour[colour].size
        return max(sizes.values(), default=0)

    def has_closed(self, colour: str) -> bool:
        """Whether ``colour`` has a closed region."""
        return any(n == 0 for n in self._by_colour[colour].open.values())

    # -- one more tile -----------------------------------------------------

    def closes(self, cell: Cell, dominant: str) -> dict[str, bool]:
        """For each colour, whether a ``dominant`` tile in empty ``cell`` closes a region."""
        assert self.pattern is not None
        fill = self.fill
        result: dict[str, bool] = {}
        for colour in COLOURS:
            data = self._by_colour[colour]
            q1, q2 = coloured_corners(self.pattern, cell, colour)
            r1 = data.root.get(q1)
            r2 = data.root.get(q2)
            # a point that is new, or filled fewer than three times, stays open
            shut1 = fill.get(q1, 0) == 3
            shut2 = fill.get(q2, 0) == 3
            if dominant == colour:
                if r1 is None or r2 is None:
                    result[colour] = False
                    continue
                total = data.open[r1] if r1 == r2 else data.open[r1] + data.open[r2]
                result[colour] = total - shut1 - shut2 == 0
            elif r1 is not None and r1 == r2:
                result[colour] = data.open[r1] - shut1 - shut2 == 0
            else:
                result[colour] = (r1 is not None and data.open[r1] - shut1 == 0) or (
                    r2 is not None and data.open[r2] - shut2 == 0
                )
        return result

    def grown_largest(self, cell: Cell, dominant: str) -> dict[str, int]:
        """Each colour's largest region size after a ``dominant`` tile in ``cell``."""
        assert self.pattern is not None
        largest = {c: self.largest_size(c) for c in COLOURS}
        data = self._by_colour[dominant]
        q1, q2 = coloured_corners(self.pattern, cell, dominant)
        roots = {r for r in (data.root.get(q1), data.root.get(q2)) if r is not None}
        merged = 1 + sum(data.size[r] for r in roots)
        largest[dominant] = max(largest[dominant], merged)
        return largest

    def outcome(self, cell: Cell, dominant: str, mover: str, last: bool) -> Outcome:
        """The result of the mover placing a ``dominant`` tile in ``cell``.

        ``last`` says it is the pool's last tile (then, with nothing closed,
        the largest regions decide).
        """
        decided = decide(self.closes(cell, dominant), mover)
        if decided.ended or not last:
            return decided
        return tiebreak(self.grown_largest(cell, dominant))


def effect_for(outcome: Outcome, mover: str) -> Effect:
    """An outcome seen by the mover."""
    if not outcome.ended:
        return Effect.NONE
    if outcome.winner is None:
        return Effect.DRAW
    return Effect.WIN if outcome.winner == mover else Effect.LOSS

