"""The ``hard`` level's look one reply deeper, without generating the reply.

Listing every legal reply for each of the next mover's 21 throws costs tens
of milliseconds a throw in CheeseGambit (14 pieces, doubles moving four), so a
full expectimax took the whole 1.5 s budget.  What a reply changes for us is
mostly whether it bumps our pieces, so for each throw this module lists the
next mover's *bumping* replies against our pieces (a die or both dice onto a
blot, passing no block; an entry from the pool onto a blot on its re-entry
square; a Gambit onto any of our squares; a CheeseGambit onto our block on
its re-entry square) beside one "runs on" reply that moves the throw's pips
and bumps nothing.  The mover picks the one best for itself by the
evaluation; our value is averaged over the throws.  The dice a reply leaves
unplaced count as pips moved (``shares``'s ``ahead``)."""

from __future__ import annotations

from collections.abc import Iterator

from computer.cheesegambit_eval import DIST, blots, shares, turn_order
from computer.search import TWO_DICE
from games.cheesegambit.board import POOL, REENTRY_START, TRACK, next_in_turn
from games.cheesegambit.movegen import moved
from games.cheesegambit.position import CheeseGambitPosition

#: Values closer than this are ties (as computer/cheesegambit.py's ``TIE``).
TIE = 1e-9
#: A reply: the mover's single moves (from, to; POOL for an entry), whether
#: it takes an extra turn (CheeseGambit), and the pips it moves besides.
Reply = tuple[tuple[tuple[int, int], ...], bool, int]


def _ahead(sq: int, k: int) -> int:
    return (sq - 1 + k) % TRACK + 1


class ReplyModel:
    """The next mover's bumping replies against ``side`` in ``after``."""

    def __init__(self, after: CheeseGambitPosition, side: str) -> None:
        self.after = after
        self.side = side
        self.mover = mover = after.next_side or ""
        self.active = after.active()
        self.pieces = {s: after.pieces(s) for s in self.active}
        theirs = self.pieces[mover]
        self.pool = theirs.count(POOL)
        self.home = bool(theirs) and theirs[0] > TRACK
        self.stacks: dict[int, int] = {}
        for p in theirs:
            if 1 <= p <= TRACK:
                self.stacks[p] = self.stacks.get(p, 0) + 1
        self.blots = blots(self.pieces[side])
        self.ours = after.track(side)
        self.dist = DIST[mover]
        self.rstart = REENTRY_START[mover]
        following = next_active(after.sides, self.active, mover)
        self.order = turn_order(after.sides, self.active, following)
        self.again = turn_order(after.sides, self.active, mover)
        #: Replies valued so far (the work budget's unit).
        self.leaves = 0

    def blocked(self, sq: int) -> bool:
        """Whether the mover may not land on ``sq`` (another colour's block)."""
        who = self.after.occupant(sq)
        return who is not None and who[0] != self.mover and who[1] >= 2

    def value(self) -> float:
        """Our value once the mover has replied as best for itself, averaged
        over its throws."""
        total = 0.0
        for dice, weight in TWO_DICE:
            total += weight * self.best(dice)
        return total

    def best(self, dice: tuple[int, ...]) -> float:
        d1, d2 = dice
        pips = d1 + d2 if d1 != d2 else 4 * d1
        best_theirs = -1.0
        ours = 0.0
        for reply in self.replies(d1, d2, pips):
            mine, theirs = self.leaf(reply)
            # replies the mover values alike: assume the one worst for us, so
            # that the choice does not follow the order replies are listed in
            # (square numbers: a colour's own numbering, see cheesegambit.tie_key)
            if theirs > best_theirs + TIE or (theirs >= best_theirs - TIE and mine < ours):
                best_theirs, ours = max(theirs, best_theirs), mine
        return ours

    def leaf(self, reply: Reply) -> tuple[float, float]:
        """(our value, the mover's value) after ``reply``."""
        self.leaves += 1
        moves, extra, rest = reply
        pieces = dict(self.pieces)
        mine = pieces[self.side]
        theirs = pieces[self.mover]
        for src, dst in moves:
            if dst in mine:
                count = mine.count(dst)
                mine = (POOL,) * count + tuple(p for p in mine if p != dst)
            if src in theirs:
                theirs = moved(theirs, src, dst)
        pieces[self.side] = mine
        pieces[self.mover] = theirs
        order = self.again if extra else self.order
        values = shares(pieces, order, ahead={self.mover: rest} if rest else None)
        return values[order.index(self.side)], values[order.index(self.mover)]

    def replies(self, d1: int, d2: int, pips: int) -> Iterator[Reply]:
        yield ((), False, pips)
        if self.home:
            return
        if d1 == d2:
            yield from self._doubles(d1, pips)
        elif self.pool:
            yield from self._entries(d1, d2, pips)
        else:
            yield from self._hits(d1, d2, pips)

    def _reach(self, a: int, b: int) -> int:
        """Steps from the mover's square ``a`` to ``b``, 0 if it cannot get there."""
        k = (b - a) % TRACK
        return k if 0 < k <= self.dist[a] else 0

    def _hits(self, d1: int, d2: int, pips: int) -> Iterator[Reply]:
        singles: list[tuple[int, int, int]] = []  # (die, from, to)
        for b in self.blots:
            for a in self.stacks:
                k = self._reach(a, b)
                if k in (d1, d2):
                    singles.append((k, a, b))
                    yield (((a, b),), False, pips - k)
                elif k == d1 + d2 and (not self.blocked(_ahead(a, d1))
                                       or not self.blocked(_ahead(a, d2))):
                    yield (((a, b),), False, 0)
        # two blots at once, one die each
        for k1, a1, b1 in singles:
            for k2, a2, b2 in singles:
                if k1 == d1 and k2 == d2 and b1 != b2 and (a1 != a2 or self.stacks[a1] > 1):
                    yield (((a1, b1), (a2, b2)), False, 0)

    def _entries(self, d1: int, d2: int, pips: int) -> Iterator[Reply]:
        for die, other in ((d1, d2), (d2, d1)):
            r = self.rstart + die - 1
            if self.blocked(r):
                continue
            entry = ((POOL, r),)
            if r in self.blots:
                yield (entry, False, pips - die)
            if self.pool == 1:
                # the other die is free once the pool is empty
                for b in self.blots:
                    for a in list(self.stacks) + [r]:
                        if b != r and self._reach(a, b) == other:
                            yield (entry + ((a, b),), False, 0)

    def _doubles(self, d: int, pips: int) -> Iterator[Reply]:
        if self.pool:
            r = self.rstart + d - 1
            here = self.ours.get(r, 0)
            if here >= 2:
                yield (((POOL, r),), True, 0)  # CheeseGambit: bumps our block, plays again
            elif here == 1:
                yield (((POOL, r),), False, pips - d)
            return
        for a, count in self.stacks.items():
            for b in self.blots:
                k = self._reach(a, b)
                if k and k % d == 0 and k // d <= 4 and not any(
                        self.blocked(_ahead(a, j * d)) for j in range(1, k // d)):
                    yield (((a, b),), False, pips - k)
            if count >= 2 and d <= self.dist[a]:
                t = _ahead(a, d)
                if self.ours.get(t, 0):
                    yield (((a, t), (a, t)), False, 0)  # Gambit


def next_active(sides: tuple[str, ...], active: list[str], side: str) -> str:
    """The active side after ``side`` in turn order (``side`` itself when alone)."""
    return next_in_turn(sides, side, active) or side
