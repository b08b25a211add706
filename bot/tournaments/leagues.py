"""Leagues: a season's divisions from the last one's, with promotion and relegation
(pure: no Discord, no storage).

A league is a ladder of divisions, the first the strongest; each season every division
plays a round-robin.  The next season's divisions: the top ``movers`` of each division
go up one, the bottom ``movers`` of the one above come down in their place; players who
left are taken out, newcomers join at the bottom in rating order; then the ladder is cut
again into divisions of ``size`` (a last division too small to play, fewer than
``MIN_DIVISION``, joins the one above)."""

from __future__ import annotations

from collections.abc import Sequence

#: The fewest players a division plays with (a round-robin of 3: two games each).
MIN_DIVISION = 3


def ladder(previous: Sequence[Sequence[str]], movers: int) -> list[str]:
    """Last season's divisions (top first, each in its final order) as one ladder,
    after promotion and relegation."""
    divisions = [list(d) for d in previous]
    for upper in range(len(divisions) - 1):
        lower = upper + 1
        moving = min(movers, len(divisions[upper]) // 2, len(divisions[lower]) // 2)
        if moving <= 0:
            continue
        up = divisions[lower][:moving]
        down = divisions[upper][-moving:]
        divisions[upper] = divisions[upper][:-moving] + up
        divisions[lower] = down + divisions[lower][moving:]
    return [player for division in divisions for player in division]


def next_divisions(previous: Sequence[Sequence[str]], members: Sequence[str], size: int,
                   movers: int) -> list[list[str]]:
    """This season's divisions (top first): ``members`` (who plays, newcomers in rating
    order, the highest first) placed on last season's ``ladder``."""
    if size < MIN_DIVISION:
        raise ValueError(f"a division has {MIN_DIVISION} players at least")
    playing = set(members)
    order = [p for p in ladder(previous, movers) if p in playing]
    placed = set(order)
    order += [p for p in members if p not in placed]
    divisions = [order[i:i + size] for i in range(0, len(order), size)]
    if len(divisions) > 1 and len(divisions[-1]) < MIN_DIVISION:
        last = divisions.pop()
        divisions[-1] += last
    return divisions


def moves(previous: Sequence[Sequence[str]], divisions: Sequence[Sequence[str]]
          ) -> tuple[list[str], list[str]]:
    """Who went up a division and who came down, from one season to the next."""
    was = {p: i for i, d in enumerate(previous) for p in d}
    now = {p: i for i, d in enumerate(divisions) for p in d}
    up = [p for d in divisions for p in d if p in was and now[p] < was[p]]
    down = [p for d in divisions for p in d if p in was and now[p] > was[p]]
    return up, down
