"""An independent model of Che regions, from the drawn tile geometry.

Nothing here uses the engine's region code or its colour pattern: the
grid-point colours are derived again from the first tile, every tile is
rasterised on a fine pixel grid (a band of its dominant colour, quarter
discs of radius 1/2 round its two other corners), and regions are found by
flood-filling same-coloured pixels across tile edges.  A component is closed
when none of its pixels lies on a tile edge with an empty cell behind it
(nor on a tile corner with an empty cell diagonally across the grid point);
pixels at a tile corner also connect diagonally across the grid point, as
the rules page (docs/rules/che.md) decides that tiles meeting at a corner share its region;
its size is the number of tiles of its colour whose band centre is in it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

N = 8  # pixels per tile side


@dataclass(frozen=True)
class RasterTile:
    """A tile as the tests see it: cell, dominant colour."""

    x: int
    y: int
    colour: str


@dataclass(frozen=True)
class Component:
    """A connected one-colour area of the drawn board."""

    colour: str
    pixels: frozenset[tuple[int, int]]
    closed: bool
    size: int


def _other(c: str) -> str:
    return "B" if c == "W" else "W"


def corner_colour_at_origin(first_colour: str, first_mark: str) -> str:
    """The colour of grid point (0,0) implied by the first tile at 0,0."""
    # '/' : the band (dominant colour) runs from the lower-left corner (0,0)
    return first_colour if first_mark == "/" else _other(first_colour)


def point_colour(origin: str, px: int, py: int) -> str:
    """Checkerboard of grid-point colours anchored at (0,0)."""
    return origin if (px + py) % 2 == 0 else _other(origin)


def tile_pixels(tile: RasterTile, origin: str) -> dict[tuple[int, int], str]:
    """Global pixel -> colour for one tile."""
    out: dict[tuple[int, int], str] = {}
    minor = _other(tile.colour)
    # the two corners of the minor colour carry the quarter discs
    corners = [(0, 0), (1, 0), (0, 1), (1, 1)]
    discs = [c for c in corners if point_colour(origin, tile.x + c[0], tile.y + c[1]) == minor]
    assert len(discs) == 2
    for i in range(N):
        for j in range(N):
            u = (i + 0.5) / N
            v = (j + 0.5) / N
            inside = any((u - cx) ** 2 + (v - cy) ** 2 < 0.25 for cx, cy in discs)
            out[(tile.x * N + i, tile.y * N + j)] = minor if inside else tile.colour
    return out


def components(tiles: Sequence[RasterTile], first_mark: str) -> list[Component]:
    """Every one-colour component of the drawn board."""
    if not tiles:
        return []
    origin = corner_colour_at_origin(tiles[0].colour, first_mark)
    pixels: dict[tuple[int, int], str] = {}
    for t in tiles:
        pixels.update(tile_pixels(t, origin))
    occupied = {(t.x, t.y) for t in tiles}
    seen: set[tuple[int, int]] = set()
    found: list[Component] = []
    for start, colour in pixels.items():
        if start in seen:
            continue
        stack = [start]
        seen.add(start)
        comp: set[tuple[int, int]] = set()
        open_ = False
        while stack:
            px, py = stack.pop()
            comp.add((px, py))
            steps = [(1, 0), (-1, 0), (0, 1), (0, -1)]
            if px % N in (0, N - 1) and py % N in (0, N - 1):
                # across the grid point at this tile corner (the rules page's decision:
                # tiles touching only at a corner share that point's region)
                steps.append((1 if px % N else -1, 1 if py % N else -1))
            for dx, dy in steps:
                q = (px + dx, py + dy)
                if q in pixels:
                    if q not in seen and pixels[q] == colour:
                        seen.add(q)
                        stack.append(q)
                elif (q[0] // N, q[1] // N) not in occupied:
                    open_ = True  # an edge pixel facing an empty cell
        size = sum(
            1 for t in tiles
            if t.colour == colour and (t.x * N + N // 2, t.y * N + N // 2) in comp
        )
        found.append(Component(colour, frozenset(comp), not open_, size))
    return found


def edges_match(tiles: Sequence[RasterTile], first_mark: str) -> bool:
    """Whether every shared edge shows the same colours on both sides."""
    origin = corner_colour_at_origin(tiles[0].colour, first_mark)
    pixels: dict[tuple[int, int], str] = {}
    for t in tiles:
        pixels.update(tile_pixels(t, origin))
    for (px, py), colour in pixels.items():
        if px % N == N - 1 and (px + 1, py) in pixels and pixels[(px + 1, py)] != colour:
            return False
        if py % N == N - 1 and (px, py + 1) in pixels and pixels[(px, py + 1)] != colour:
            return False
    return True


def corner_pixel(cell: tuple[int, int], point: tuple[int, int]) -> tuple[int, int]:
    """The pixel of ``cell`` nearest its corner ``point``."""
    i = 0 if point[0] == cell[0] else N - 1
    j = 0 if point[1] == cell[1] else N - 1
    return cell[0] * N + i, cell[1] * N + j
