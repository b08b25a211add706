"""Move generation for one side's turn: single die moves, complete legal turns
(backgammon maximum use of the dice), the special moves (Gamble, Gambit,
CheeseGambit) and the search that realises a written turn.

A side's pieces are a sorted tuple of location codes (see ``board``); opponents
only matter through the count of their pieces on each track square, since a
track square never holds two colours.  Squares bumped during the turn are kept
as a bit mask: their opponent pieces have gone to the pool.
"""

from __future__ import annotations

from bisect import bisect
from collections.abc import Iterable
from dataclasses import dataclass

from games.cheesegambit.board import (
    OFF,
    POOL,
    REENTRY_START,
    SAFE_BASE,
    TRACK,
    distance_to_exit,
    reentry_square,
    remaining,
)

#: One die's move: (source location, destination location, bumped?)
Move = tuple[int, int, bool]
Pieces = tuple[int, ...]

MOVE, GAMBIT, CHEESEGAMBIT, GAMBLE, DANCE = "move", "gambit", "cheesegambit", "gamble", "dance"


@dataclass(frozen=True)
class TurnOption:
    """One complete legal turn: what it does and how it is written.

    ``pieces`` is the mover's pieces after the turn, ``bumped`` the bit mask of
    the track squares whose opponent pieces went to their pools, ``moves`` the
    single-die moves in a playable order (empty for a dance).
    """

    kind: str
    pieces: Pieces
    bumped: int
    moves: tuple[Move, ...]
    count: int = 0

    @property
    def extra_turn(self) -> bool:
        """Whether the mover plays again (a CheeseGambit)."""
        return self.kind == CHEESEGAMBIT

    @property
    def key(self) -> tuple[Pieces, int, bool]:
        """What identifies the resulting position."""
        return (self.pieces, self.bumped, self.extra_turn)


def moved(pieces: Pieces, src: int, dst: int) -> Pieces:
    """``pieces`` with one piece taken from ``src`` and put on ``dst``."""
    i = pieces.index(src)
    rest = pieces[:i] + pieces[i + 1:]
    j = bisect(rest, dst)
    return rest[:j] + (dst,) + rest[j:]


def bits(mask: int) -> Iterable[int]:
    """The squares set in a bump mask."""
    sq = 0
    while mask:
        if mask & 1:
            yield sq
        mask >>= 1
        sq += 1


class TurnGenerator:
    """Rules of movement for ``colour`` against fixed opponent pieces.

    ``opp_count[sq]`` is the number of opponent pieces on track square ``sq``
    (index 0 unused) at the start of the turn.
    """

    def __init__(self, colour: str, pieces: Pieces, opp_count: list[int]) -> None:
        self.colour = colour
        self.pieces = pieces
        self.opp_count = opp_count
        self.rstart = REENTRY_START[colour]
        self._dist = [0] + [distance_to_exit(colour, sq) for sq in range(1, TRACK + 1)]

    # -- single moves -------------------------------------------------------
    def land(self, bumped: int, sq: int) -> tuple[int, bool] | None:
        """Landing on track square ``sq``: (sq, bumps?) or None if blocked."""
        if (bumped >> sq) & 1:
            return sq, False
        c = self.opp_count[sq]
        if c == 0:
            return sq, False
        if c == 1:
            return sq, True
        return None

    def single(self, pieces: Pieces, bumped: int, src: int, die: int) -> tuple[int, bool] | None:
        """Move one piece from ``src`` by ``die``: (destination, bumps?) or None
        if the rules forbid it (the piece must exist at ``src``)."""
        if pieces[0] == POOL:
            if src != POOL:
                return None
            return self.land(bumped, self.rstart + die - 1)
        if src == POOL or src == OFF:
            return None
        if src <= TRACK:
            dist = self._dist[src]
            if die <= dist:
                return self.land(bumped, (src - 1 + die) % TRACK + 1)
            spare = die - dist
            if spare > 6:
                return None
            return SAFE_BASE + 7 - spare, False
        k = src - SAFE_BASE
        if k - die >= 1:
            return src - die, False
        if pieces[0] <= TRACK:  # not bearing off: a piece is still outside
            return None
        if k == die:
            return OFF, False
        highest = max(p for p in pieces if p < OFF)
        return (OFF, False) if highest == src else None

    def die_moves(self, pieces: Pieces, bumped: int, die: int) -> list[Move]:
        """Every legal single move for one die."""
        out: list[Move] = []
        last = -1
        for src in pieces:
            if src == last or src == OFF:
                continue
            last = src
            r = self.single(pieces, bumped, src, die)
            if r is not None:
                out.append((src, r[0], r[1]))
            if src == POOL:
                break
        return out

    # -- complete turns -----------------------------------------------------
    def bearing_off(self, pieces: Pieces | None = None) -> bool:
        """Whether every remaining piece is in the safe zone (and some remain)."""
        p = self.pieces if pieces is None else pieces
        return p[0] > TRACK and p[0] != OFF

    def ordinary(self, dice: tuple[int, ...]) -> list[TurnOption]:
        """Ordinary play: every complete turn using the most dice possible,
        deduplicated by result (a dance when no die can be used)."""
        orders: list[tuple[int, ...]]
        if len(dice) == 2 and dice[0] == dice[1]:
            orders = [(dice[0],) * 4]
        elif len(dice) == 2:
            orders = [dice, (dice[1], dice[0])]
        else:
            orders = [tuple(dice)]
        full = len(orders[0])
        results: dict[tuple[Pieces, int], tuple[int, tuple[Move, ...]]] = {}

        def record(pieces: Pieces, bumped: int, used: int, moves: tuple[Move, ...]) -> None:
            key = (pieces, bumped)
            old = results.get(key)
            if old is None or used > old[0]:
                results[key] = (used, moves)

        die_moves = self.die_moves
        for order in orders:
            # breadth first, one die a level, each distinct state expanded once
            level: dict[tuple[Pieces, int], tuple[Move, ...]] = {(self.pieces, 0): ()}
            for used, die in enumerate(order):
                nxt: dict[tuple[Pieces, int], tuple[Move, ...]] = {}
                for (pieces, bumped), moves in level.items():
                    if pieces[0] == OFF:
                        record(pieces, bumped, full, moves)
                        continue
                    options = die_moves(pieces, bumped, die)
                    if not options:
                        record(pieces, bumped, used, moves)
                        continue
                    for src, dst, bump in options:
                        key = (moved(pieces, src, dst), bumped | (1 << dst) if bump else bumped)
                        if key not in nxt:
                            nxt[key] = moves + ((src, dst, bump),)
                level = nxt
            for (pieces, bumped), moves in level.items():
                record(pieces, bumped, full, moves)
        best = max(used for used, _ in results.values())
        if best == 0:
            return [TurnOption(DANCE, self.pieces, 0, ())]
        return [
            TurnOption(MOVE, pieces, bumped, moves)
            for (pieces, bumped), (used, moves) in results.items()
            if used == best
        ]

    def gamble(self, die: int) -> TurnOption:
        """The mandatory Gamble for doubles ``die`` while bearing off."""
        target = SAFE_BASE + die
        n = self.pieces.count(target)
        if n == 0:
            return TurnOption(DANCE, self.pieces, 0, ())
        pieces = tuple(sorted([p for p in self.pieces if p != target] + [OFF] * n))
        return TurnOption(GAMBLE, pieces, 0, ((target, OFF, False),) * n, n)

    def gambits(self, die: int) -> list[TurnOption]:
        """Gambits for doubles ``die``: two pieces of one stack onto opponents."""
        out: list[TurnOption] = []
        if self.pieces[0] == POOL or self.bearing_off():
            return out
        for sq in sorted(set(self.pieces)):
            if sq > TRACK or self.pieces.count(sq) < 2 or die > self._dist[sq]:
                continue
            to = (sq - 1 + die) % TRACK + 1
            if self.opp_count[to] >= 1:
                pieces = moved(moved(self.pieces, sq, to), sq, to)
                out.append(TurnOption(GAMBIT, pieces, 1 << to, ((sq, to, True),) * 2, 2))
        return out

    def cheesegambits(self, die: int) -> list[TurnOption]:
        """CheeseGambits for doubles ``die``: 1 or 2 pool pieces onto a block on R_d."""
        pool = self.pieces.count(POOL)
        to = reentry_square(self.colour, die)
        if pool == 0 or self.opp_count[to] < 2:
            return []
        out = []
        pieces = self.pieces
        for n in range(1, min(pool, 2) + 1):
            pieces = moved(pieces, POOL, to)
            out.append(TurnOption(CHEESEGAMBIT, pieces, 1 << to, ((POOL, to, True),) * n, n))
        return out

    def options(self, dice: tuple[int, ...]) -> list[TurnOption]:
        """Every legal turn for ``dice``, ordinary play first, deduplicated."""
        double = len(dice) == 2 and dice[0] == dice[1]
        if double and self.bearing_off():
            return [self.gamble(dice[0])]
        found = self.ordinary(dice)
        if double:
            found += self.gambits(dice[0]) + self.cheesegambits(dice[0])
        seen: set[tuple[Pieces, int, bool]] = set()
        out = []
        for opt in found:
            if opt.key not in seen:
                seen.add(opt.key)
                out.append(opt)
        return out

    # -- realising a written turn --------------------------------------------
    def realise(
        self, chains: list[list[tuple[int, int, bool]]], dice: tuple[int, ...]
    ) -> dict[tuple[Pieces, int], int]:
        """Every (pieces, bumped) result of playing the written ``chains`` (each a
        list of (from, to, X-written) segments of one piece) with these dice in
        some order, one die a step, each step legal; values are dice used (a
        finished player counts as having used them all).  X marks are not
        checked here: they concern the whole turn's bumps.

        The search is bounded by the dice: at most four steps deep, each level
        trying at most one step per written piece and distinct die; callers
        refuse texts that write more steps than the throw gives."""
        pool_dice: tuple[int, ...]
        if len(dice) == 2 and dice[0] == dice[1]:
            pool_dice = (dice[0],) * 4
        else:
            pool_dice = tuple(sorted(dice))
        full = len(pool_dice)
        targets = [[(s, d, x, remaining(self.colour, d)) for s, d, x in ch] for ch in chains]
        start_state = tuple((ch[0][0], 0) for ch in chains)
        out: dict[tuple[Pieces, int], int] = {}
        visited: set = set()

        def dfs(pieces: Pieces, bumped: int, rest: tuple[int, ...], state: tuple) -> None:
            vkey = (pieces, bumped, rest, state)
            if vkey in visited:
                return
            visited.add(vkey)
            if all(si == len(targets[i]) for i, (_, si) in enumerate(state)):
                used = full if pieces[0] == OFF else full - len(rest)
                key = (pieces, bumped)
                out[key] = max(out.get(key, 0), used)
                return
            if pieces[0] == OFF:
                return
            tried: set = set()
            for i, (loc, si) in enumerate(state):
                if si == len(targets[i]) or (loc, si, i) in tried:
                    continue
                tried.add((loc, si, i))
                if loc not in pieces:
                    continue
                _, goal, _, goal_rem = targets[i][si]
                last_die = -1
                for j, die in enumerate(rest):
                    if die == last_die:
                        continue
                    last_die = die
                    r = self.single(pieces, bumped, loc, die)
                    if r is None:
                        continue
                    dst, bump = r
                    if remaining(self.colour, dst) < goal_rem:
                        continue
                    nsi = si
                    if dst == goal:
                        # X is checked on the whole turn (any landing on a
                        # square bumped this turn may carry it): see the caller
                        nsi = si + 1
                    elif dst == OFF:
                        continue
                    nb = bumped | (1 << dst) if bump else bumped
                    nstate = state[:i] + ((dst, nsi),) + state[i + 1:]
                    dfs(moved(pieces, loc, dst), nb, rest[:j] + rest[j + 1:], nstate)

        dfs(self.pieces, 0, pool_dice, start_state)
        return out
