"""Commit-reveal dice: pure derivation of every throw from a session's seed.

Each throw is ``HMAC-SHA256(seed, "<session>:<turn>:<throw>")`` mapped to a
die face without modulo bias by rejection sampling: the digest's bytes are
read in order and the first byte below 252 (= 6 * 42) gives ``byte % 6 + 1``.
Bytes 252-255 are skipped, so each face has exactly 42 of the 252 accepted
values.  If all 32 bytes are rejected (probability 2^-192) the digest is
re-hashed with the same key and reading continues.

Turn numbers are the record's turn numbers (1, 2, ...), throw 0 and 1 are a
turn's two dice.  The opening throw uses turn 0 and throw
``round * number_of_sides + side_index``.

The seed's SHA-256 is published when the game starts (the commitment) and the
seed itself when it ends; ``verify`` recomputes every throw from them.
"""

from __future__ import annotations

import hashlib
import hmac

FACES = 6
_ACCEPT_BELOW = 256 - 256 % FACES  # 252


def throw(seed: bytes, session: int | str, turn: int, index: int) -> int:
    """The die face (1-6) of throw ``index`` of ``turn`` in ``session``."""
    message = f"{session}:{turn}:{index}".encode()
    digest = hmac.new(seed, message, hashlib.sha256).digest()
    while True:
        for byte in digest:
            if byte < _ACCEPT_BELOW:
                return byte % FACES + 1
        digest = hmac.new(seed, digest, hashlib.sha256).digest()


def turn_dice(seed: bytes, session: int | str, turn: int, count: int = 2) -> tuple[int, ...]:
    """The dice of a turn, in throw order."""
    return tuple(throw(seed, session, turn, i) for i in range(count))


def commitment(seed: bytes) -> str:
    """The published SHA-256 of the seed, in hex."""
    return hashlib.sha256(seed).hexdigest()


def opening_throws(seed: bytes, session: int | str, sides: int) -> list[tuple[int, ...]]:
    """Rounds of the opening throw (one die per side) until one side is highest
    alone; returns every round thrown.  The winner is the highest of the last."""
    rounds: list[tuple[int, ...]] = []
    r = 0
    while True:
        faces = tuple(throw(seed, session, 0, r * sides + i) for i in range(sides))
        rounds.append(faces)
        top = max(faces)
        if faces.count(top) == 1:
            return rounds
        r += 1


def opening_winner(rounds: list[tuple[int, ...]]) -> int:
    """Index of the side that won the opening throw."""
    last = rounds[-1]
    return last.index(max(last))
