"""Attack resolution on an Intersection, King capture, flips and sacrifices."""

from __future__ import annotations

from games.chebache.board import NUMBER, SIDE_LETTERS, opp
from games.chebache.state import KING, P_START, P_START_K, Stack, stack_form, weight


def has_king(pieces: Stack, side: int) -> bool:
    """Whether ``side`` has a King among these pieces."""
    for p in pieces:
        if (p & 1) == side and p & KING:
            return True
    return False


def resolve_attack(
    stack: Stack, slot: int, mover: int, pools: list[int], events: list[tuple[str, str]] | None
) -> Stack:
    """Resolve the attack on ``stack`` if the mover's weight there reaches the
    defenders'; return the (possibly unchanged) stack.  ``pools`` is updated in
    place; ``events`` collects record items (kind, text) when given.

    Defenders' ordinary pieces go to their Start.  A King among the defenders
    is flipped to the mover: it goes on top of the first two attackers to
    arrive, later attackers are sacrificed to the mover's Start; two Kings
    flip and stay, and all four attackers are sacrificed.
    """
    defender = 1 - mover
    own = [p for p in stack if (p & 1) == mover]
    foes = [p for p in stack if (p & 1) == defender]
    if not foes or weight(tuple(own)) < weight(tuple(foes)):
        return stack
    kings = sum(1 for p in foes if p & KING)
    ordinary = len(foes) - kings
    pools[defender * 4 + P_START] += ordinary
    number = NUMBER[mover][slot]
    if events is not None:
        events.append(("X", f"X{stack_form(foes)}@{opp(number)}"))
    if not kings:
        return tuple(own)
    flipped = [mover | KING] * kings
    keep = own[:2] if kings == 1 else []
    sacrificed = own[len(keep):]
    if events is not None:
        frm, to = SIDE_LETTERS[defender], SIDE_LETTERS[mover]
        events.append(("K", f"{'K' * kings}({frm}->{to}@{number})"))
    if sacrificed:
        sk = sum(1 for p in sacrificed if p & KING)
        pools[mover * 4 + P_START] += len(sacrificed) - sk
        pools[mover * 4 + P_START_K] += sk
        if events is not None:
            events.append(("-", f"-{stack_form(tuple(p & 3 for p in sacrificed))}@{number}"))
    return tuple(keep + flipped)
