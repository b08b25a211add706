"""The Chebache board and both paths, as data.

Cells are ``a1``..``d4`` (files a-d, ranks 1-4).  Intersections are the nine
interior grid points, named here by their lower-left cell (``X(a1 b1 a2 b2)``
is point ``(1, 1)``).  Each side's path numbers 17 spaces between Start (0)
and Finish (18): odd numbers are shared Intersections, even numbers are the
side's own Squares and Tivits (a Tivit cell holds two separate spaces, one
per half).

Internally every board space is a *slot*: 0-8 the Intersections (by grid
point), 9-16 White's even spaces 2..16, 17-24 Black's even spaces 2..16.
"""

from __future__ import annotations

from dataclasses import dataclass

WHITE, BLACK = 0, 1
SIDE_LETTERS = ("W", "B")
SIDE_NAMES = ("White", "Black")
START, FINISH = 0, 18
TIVITS = frozenset({2, 8, 10, 16})
SQUARES = frozenset({4, 6, 12, 14})
NUM_SLOTS = 25
STACK_LIMIT = 4

#: Each side's path as data: space number -> (kind, where, half).
#: kind "X" = Intersection named by the lower-left cell of its four cells.
_PATHS: dict[int, dict[int, tuple[str, str, str | None]]] = {
    BLACK: {
        0: ("S", "a1", None), 1: ("X", "a1", None), 2: ("T", "b2", "lower"),
        3: ("X", "b1", None), 4: ("Q", "c1", None), 5: ("X", "c1", None),
        6: ("Q", "d2", None), 7: ("X", "c2", None), 8: ("T", "c3", "lower"),
        9: ("X", "b2", None), 10: ("T", "b2", "upper"), 11: ("X", "a2", None),
        12: ("Q", "a3", None), 13: ("X", "a3", None), 14: ("Q", "b4", None),
        15: ("X", "b3", None), 16: ("T", "c3", "upper"), 17: ("X", "c3", None),
        18: ("F", "d4", None),
    },
    WHITE: {
        0: ("S", "a4", None), 1: ("X", "a3", None), 2: ("T", "b3", "upper"),
        3: ("X", "b3", None), 4: ("Q", "c4", None), 5: ("X", "c3", None),
        6: ("Q", "d3", None), 7: ("X", "c2", None), 8: ("T", "c2", "upper"),
        9: ("X", "b2", None), 10: ("T", "b3", "lower"), 11: ("X", "a2", None),
        12: ("Q", "a2", None), 13: ("X", "a1", None), 14: ("Q", "b1", None),
        15: ("X", "b1", None), 16: ("T", "c2", "lower"), 17: ("X", "c1", None),
        18: ("F", "d1", None),
    },
}


def opp(n: int) -> int:
    """The other player's number for the Intersection numbered ``n`` (odd)."""
    if n <= 5:
        return n + 12
    if n >= 13:
        return n - 12
    return n


def _cell_xy(cell: str) -> tuple[int, int]:
    return ord(cell[0]) - ord("a") + 1, int(cell[1])


def _build_slots() -> tuple[tuple[int, ...], tuple[int, ...]]:
    table: list[list[int]] = [[-1] * 19, [-1] * 19]
    for side in (WHITE, BLACK):
        for n in range(1, 18):
            kind, cell, _half = _PATHS[side][n]
            if kind == "X":
                x, y = _cell_xy(cell)
                table[side][n] = (y - 1) * 3 + (x - 1)
            else:
                table[side][n] = 9 + side * 8 + (n // 2 - 1)
    return tuple(table[WHITE]), tuple(table[BLACK])


#: SLOT[side][n]: the slot of space n (1..17) on side's path; -1 for S and F.
SLOT: tuple[tuple[int, ...], tuple[int, ...]] = _build_slots()


def _numbers(side: int) -> tuple[int, ...]:
    return tuple(next((n for n in range(1, 18) if SLOT[side][n] == slot), 0)
                 for slot in range(NUM_SLOTS))


#: NUMBER[side][slot]: side's number for a slot, 0 where the slot is not on its path.
NUMBER: tuple[tuple[int, ...], tuple[int, ...]] = (_numbers(WHITE), _numbers(BLACK))

INTERSECTION_SLOTS = tuple(range(9))


def is_intersection_slot(slot: int) -> bool:
    """Whether a slot is a shared Intersection."""
    return slot < 9


#: Chebache letters by centre space, and the opponent's space each controls.
CHEBACHE_LETTER = {2: "A", 4: "B", 6: "C", 8: "D", 10: "E", 12: "F", 14: "G", 16: "H"}
CHEBACHE_CONTROLS = {2: 14, 4: 16, 6: 12, 8: 8, 10: 10, 12: 6, 14: 2, 16: 4}


@dataclass(frozen=True)
class ChebacheShape:
    """One possible Chebache of ``side``: centre slot, its two Intersections, the
    controlled opponent slot, and the numbers involved."""

    side: int
    letter: str
    centre: int
    centre_slot: int
    left_slot: int
    right_slot: int
    controlled_number: int
    controlled_slot: int


def _build_chebaches() -> tuple[tuple[ChebacheShape, ...], tuple[ChebacheShape, ...]]:
    out = []
    for side in (WHITE, BLACK):
        shapes = []
        for k in range(2, 17, 2):
            ctrl = CHEBACHE_CONTROLS[k]
            shapes.append(ChebacheShape(
                side, CHEBACHE_LETTER[k], k, SLOT[side][k], SLOT[side][k - 1],
                SLOT[side][k + 1], ctrl, SLOT[1 - side][ctrl],
            ))
        out.append(tuple(shapes))
    return out[0], out[1]


CHEBACHES: tuple[tuple[ChebacheShape, ...], tuple[ChebacheShape, ...]] = _build_chebaches()


@dataclass(frozen=True)
class Location:
    """Where a space of a path is on the board (for renderers).

    ``kind``: ``start``, ``finish``, ``square``, ``tivit`` or ``intersection``.
    ``cell``: the cell (for an Intersection, its lower-left cell).
    ``point``: for an Intersection, the grid point (x, y), 1..3 each, counted
    from the lower-left corner of the board; else None.
    ``half``: ``upper`` or ``lower`` for a Tivit space, else None.
    """

    kind: str
    cell: str
    point: tuple[int, int] | None
    half: str | None


_KINDS = {"S": "start", "F": "finish", "Q": "square", "T": "tivit", "X": "intersection"}


def location(side: str | int, number: int) -> Location:
    """The board location of space ``number`` (0 = Start, 18 = Finish) of a side's path."""
    s = side if isinstance(side, int) else SIDE_LETTERS.index(side.upper())
    kind, cell, half = _PATHS[s][number]
    point = _cell_xy(cell) if kind == "X" else None
    return Location(_KINDS[kind], cell, point, half)


def cell_colour(cell: str) -> str:
    """``B`` or ``W``: the colour of a cell (a1 is Black's colour)."""
    x, y = _cell_xy(cell)
    return "B" if (x + y) % 2 == 0 else "W"
