"""Board geometry and single-move rules of Hachapury, on a compact state.

The state of the side to move is packed in one int, four bits a point
(``count << 4 * p``, nibble 0 = borne off; a count never exceeds 15), so a
move is two additions and states hash as plain ints.  The opponent does not
move during a turn, so everything about it is folded into two bit masks held
by a ``TurnContext``: which of my points it blocks, and which barrier runs
are illegal (those with no opponent checker past them).

Numbering: every side counts its own path 24 (head) .. 1 and bears off
beyond 1.  My point q is the opponent's point q+12, wrapping (13 -> 1).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from games.messages import Message

POINTS = 24
CHECKERS = 15
HEAD = 24
#: Bits 1..12 of a point mask (one half of the board).
_HALF = 0x1FFE
#: Shift of the nibble of point p is 4 * p.
_NIB = 4


def to_other_numbering(point: int) -> int:
    """My point ``point`` in the opponent's numbering (13 -> 1, 24 -> 12, 1 -> 13).

    The map is its own inverse, so it also turns the opponent's numbering
    into mine.
    """
    return point - 12 if point > 12 else point + 12


def pack(counts: Sequence[int]) -> int:
    """Pack a 25-long count tuple (index 0 = borne off) into a state int."""
    state = 0
    for p, n in enumerate(counts):
        state |= n << (_NIB * p)
    return state


def unpack(state: int) -> tuple[int, ...]:
    """The 25-long count tuple of a packed state."""
    return tuple((state >> (_NIB * p)) & 15 for p in range(POINTS + 1))


def count_at(state: int, point: int) -> int:
    """Checkers on ``point`` (0 = borne off) in a packed state."""
    return (state >> (_NIB * point)) & 15


def point_mask(state: int) -> int:
    """Bit p set for every point 1..24 holding at least one checker."""
    mask = 0
    for p in range(1, POINTS + 1):
        if (state >> (_NIB * p)) & 15:
            mask |= 1 << p
    return mask


def all_home(state: int) -> bool:
    """True when no checker stands outside the home (points 7..24 are empty)."""
    return state >> (_NIB * 7) == 0


def outside_count(state: int) -> int:
    """How many checkers still stand outside the home (points 7..24)."""
    return sum(count_at(state, p) for p in range(7, POINTS + 1))


def in_other_numbering(mask: int) -> int:
    """A point mask in my numbering rewritten in the opponent's numbering."""
    return ((mask >> 12) & _HALF) | ((mask & _HALF) << 12)


def six_runs(mask_other: int) -> int:
    """Bit o set when points o..o+5 (opponent numbering) are all set.

    Bits above 24 are always clear, so no window wraps across the
    opponent's seam (its 1 and 24), exactly as the rules ask.
    """
    two = mask_other & (mask_other >> 1)
    four = two & (two >> 2)
    return four & (two >> 4)


@dataclass(frozen=True)
class TurnContext:
    """What the fixed opponent means for the side to move during one turn.

    ``blocked``: bit p (my numbering) set where an opponent checker stands.
    ``bad_runs``: bits (opponent numbering) of run starts that would be an
    illegal barrier: every point below the opponent's lowest checker, since a
    run is allowed only when some opponent checker stands lower than the
    run's lowest point.  Borne-off opponent checkers do not count.
    ``opponent``: the opponent's colour name, for messages.
    """

    blocked: int
    bad_runs: int
    opponent: str

    @classmethod
    def build(cls, opponent_counts: Sequence[int], opponent_name: str) -> TurnContext:
        """The context against an opponent given in its own numbering."""
        blocked = 0
        lowest = POINTS + 1
        for o in range(1, POINTS + 1):
            if opponent_counts[o]:
                blocked |= 1 << to_other_numbering(o)
                lowest = min(lowest, o)
        return cls(blocked, (1 << lowest) - 1, opponent_name)

    def barrier_ok(self, mask: int) -> bool:
        """True when the checkers in ``mask`` (my numbering) form no illegal barrier."""
        return not (six_runs(in_other_numbering(mask)) & self.bad_runs)

    def barrier_text(self, mask: int) -> Message:
        """Describe the first illegal barrier in ``mask``, for error messages."""
        other = in_other_numbering(mask)
        bad = six_runs(other) & self.bad_runs
        low = (bad & -bad).bit_length() - 1
        high = low
        while (other >> (high + 1)) & 1:
            high += 1
        while low > 1 and (other >> (low - 1)) & 1:
            low -= 1
        top, bottom = to_other_numbering(high), to_other_numbering(low)
        if top >= bottom:
            where = f"{top}-{bottom}"
        else:
            # The run straddles my own 1/24: write both halves.
            first = f"{top}-1" if top > 1 else "1"
            second = f"24-{bottom}" if bottom < 24 else "24"
            where = f"{first} and {second}"
        return (
            Message.of("gerr_h_barrier", n=high - low + 1, where=where, opponent=self.opponent)
        )


def apply_single(state: int, mask: int, point: int, die: int) -> tuple[int, int]:
    """Play one die from ``point`` without any check; returns (state, mask)."""
    target = point - die
    dest = target if target > 0 else 0
    new_state = state - (1 << (_NIB * point)) + (1 << (_NIB * dest))
    new_mask = mask
    if count_at(state, point) == 1:
        new_mask &= ~(1 << point)
    if dest:
        new_mask |= 1 << dest
    return new_state, new_mask


def explain_single(ctx: TurnContext, state: int, mask: int, point: int, die: int) -> Message | None:
    """Why playing ``die`` from ``point`` is illegal, or None when it is legal.

    This is the readable twin of the fast generator in ``search``; tests check
    that both agree on every move.
    """
    if not count_at(state, point):
        return Message.of("gerr_h_no_checker", point=point)
    target = point - die
    if target >= 1:
        if (ctx.blocked >> target) & 1:
            return Message.of("gerr_h_held", point=target, opponent=ctx.opponent)
    else:
        if not all_home(state):
            n = outside_count(state)
            return Message.of("gerr_h_outside_one" if n == 1 else "gerr_h_outside", n=n)
        if target < 0 and mask >> (point + 1):
            highest = mask.bit_length() - 1
            if highest >= die:
                return (
                    Message.of("gerr_h_bear_higher", point=point, die=die, highest=highest)
                )
            return (
                Message.of("gerr_h_bear_highest", point=point, die=die, die2=die, highest=highest)
            )
    _, new_mask = apply_single(state, mask, point, die)
    if not ctx.barrier_ok(new_mask):
        return ctx.barrier_text(new_mask)
    return None
