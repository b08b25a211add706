"""Board geometry of CheeseGambit (``docs/rules/cheesegambit.md``, "Board"): the 72-square track,
exit squares, safe zones, re-entry zones and starting stacks.

A piece's location is one small integer (a *location code*):

* ``POOL`` (0): waiting to re-enter;
* ``1..72``: a square of the shared track;
* ``101..106``: the owner's safe-zone squares S1..S6 (``100 + k``);
* ``OFF`` (200): borne off.
"""

from __future__ import annotations

TRACK = 72
POOL = 0
OFF = 200
SAFE_BASE = 100

#: Colour letters in turn order (clockwise: Red, Green, Blue, Yellow).
COLOURS: tuple[str, ...] = ("R", "G", "B", "Y")
COLOUR_NAMES = {"R": "Red", "G": "Green", "B": "Blue", "Y": "Yellow"}
#: The sides playing for each number of players.
SIDES_BY_PLAYERS: dict[int, tuple[str, ...]] = {
    2: ("R", "B"),
    3: ("R", "G", "B"),
    4: ("R", "G", "B", "Y"),
}
#: Exit square of each colour (the middle of its arm's outer end).
EXIT = {"R": 19, "G": 37, "B": 55, "Y": 1}
#: First square (R1) of each colour's re-entry zone; R_k = first + k - 1.
REENTRY_START = {"R": 49, "B": 13, "G": 67, "Y": 31}
#: Squares of each colour's arm, in the direction of play.
ARM_SQUARES = {
    "R": tuple(range(10, 28)),
    "G": tuple(range(28, 46)),
    "B": tuple(range(46, 64)),
    "Y": tuple(range(64, 73)) + tuple(range(1, 10)),
}
#: Starting stacks: (square, full size) for stacks 1..4.
START_STACKS = {
    "R": ((9, 4), (33, 3), (49, 4), (65, 3)),
    "G": ((11, 4), (27, 3), (51, 4), (67, 3)),
    "B": ((13, 4), (29, 3), (45, 4), (69, 3)),
    "Y": ((15, 4), (31, 3), (47, 4), (63, 3)),
}
MIN_PIECES = 4
MAX_PIECES = 14


def safe(k: int) -> int:
    """The location code of safe-zone square S``k``."""
    return SAFE_BASE + k


def is_track(loc: int) -> bool:
    """Whether a location code is a track square."""
    return 1 <= loc <= TRACK


def is_safe(loc: int) -> bool:
    """Whether a location code is a safe-zone square."""
    return SAFE_BASE + 1 <= loc <= SAFE_BASE + 6


def reentry_square(colour: str, k: int) -> int:
    """The track square R``k`` (1-6) of ``colour``'s re-entry zone."""
    return REENTRY_START[colour] + k - 1


def distance_to_exit(colour: str, square: int) -> int:
    """Steps from a track square to ``colour``'s exit square, going forward."""
    return (EXIT[colour] - square) % TRACK


def remaining(colour: str, loc: int) -> int:
    """Steps a piece at ``loc`` still has to travel to be borne off (pool: one
    more than the square before R1)."""
    if loc == OFF:
        return 0
    if is_safe(loc):
        return loc - SAFE_BASE
    if loc == POOL:
        return distance_to_exit(colour, REENTRY_START[colour]) + 7 + 1
    return distance_to_exit(colour, loc) + 7


def step(colour: str, loc: int, die: int) -> int | None:
    """Where a track or safe-zone piece lands moving ``die`` steps, ignoring other
    pieces; OFF for a bear-off candidate (checked by the caller), None when the
    move runs past S1 or the location cannot move."""
    if is_track(loc):
        dist = distance_to_exit(colour, loc)
        if die <= dist:
            return (loc - 1 + die) % TRACK + 1
        spare = die - dist
        if spare > 6:
            return None
        return SAFE_BASE + 7 - spare
    if is_safe(loc):
        k = loc - SAFE_BASE
        if k - die >= 1:
            return loc - die
        return OFF
    return None


def starting_squares(colour: str, pieces: int) -> list[tuple[int, int]]:
    """``(square, count)`` stacks for ``pieces`` pieces, dealt one at a time to
    stacks 1, 2, 3, 4, 1, ... never past the full sizes."""
    stacks = START_STACKS[colour]
    counts = [0, 0, 0, 0]
    dealt = 0
    while dealt < pieces:
        for i, (_, size) in enumerate(stacks):
            if dealt < pieces and counts[i] < size:
                counts[i] += 1
                dealt += 1
    return [(sq, n) for (sq, _), n in zip(stacks, counts, strict=True) if n]


_NAMES: dict[int, str] = {POOL: "P", OFF: "F"}
_NAMES.update({sq: str(sq) for sq in range(1, TRACK + 1)})
_NAMES.update({SAFE_BASE + k: f"S{k}" for k in range(1, 7)})


def location_name(colour: str, loc: int) -> str:
    """A location as notation writes it: ``P``, ``13``, ``S3``, ``F`` (the same
    for every colour; ``colour`` is kept for symmetry with parsing)."""
    return _NAMES[loc]


def shared_location(name: str) -> int | None:
    """The code of a location every colour names alike, ``P``, ``F`` or
    ``S1``..``S6`` (any case); None for a square or ``R<k>``."""
    t = name.upper()
    if t == "P":
        return POOL
    if t == "F":
        return OFF
    if t[0] == "S":
        return SAFE_BASE + int(t[1])
    return None


def next_in_turn(order: tuple[str, ...], side: str, active: list[str]) -> str | None:
    """The first side of ``active`` after ``side`` in the seating ``order``, coming
    round to ``side`` itself last (None: no side is active)."""
    i = order.index(side)
    for k in range(1, len(order) + 1):
        candidate = order[(i + k) % len(order)]
        if candidate in active:
            return candidate
    return None
