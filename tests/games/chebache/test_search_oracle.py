"""The optimised legal-turn search against a plain oracle.

The oracle walks every order of available moves (``TurnSearch.available``,
``may_stop``, ``valid_jumps``: the same rules ``play`` checks a typed turn
against) with no pruning of commuting moves, no incremental keys and no
shared tables, and collects the positions the turns end in (before the
end-of-turn traps).  The search must find exactly those positions, each once,
and list one turn for each position they become after the traps."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.chebache.state import State, strip
from games.chebache.turns import TurnSearch, end_of_turn, expand_dice, returned_to_stay

from .test_codes import random_turn


def oracle(state: State, side: int, dice: tuple[int, int]) -> set[State]:
    search = TurnSearch(state, side, True)
    out: set[State] = set()
    visited: set[tuple[State, tuple[int, ...]]] = set()
    todo = [(state, expand_dice(dice))]
    while todo:
        s, rest = todo.pop()
        if (s, rest) in visited:
            continue
        visited.add((s, rest))
        stop, jump_ok = search.may_stop(s, rest)
        if stop:
            bad = returned_to_stay(s)
            if not bad:
                out.add(strip(s))
            if jump_ok and search.can_jump(s):
                out.update(res for _jump, res in search.valid_jumps(s, strip(s), bad))
        todo.extend((c[1], c[2]) for c in search.available(s, rest))
    return out


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.randoms(use_true_random=False), st.integers(0, 50), st.booleans())
def test_search_finds_exactly_the_oracles_positions(rnd: random.Random, plies: int,
                                                    doubles: bool) -> None:
    case = random_turn(rnd, plies, doubles)
    if case is None:
        return
    state, side, dice = case
    search = TurnSearch(state, side, True)
    found = [o.state for o in search.records(dice).outcomes()]
    assert len(found) == len(set(found))  # each position (before the traps) once
    assert set(found) == oracle(state, side, dice)
    # the turns listed: one for each position after the end-of-turn traps
    listed = [end_of_turn(o.state, side).state for o in search.outcomes(dice)]
    assert len(listed) == len(set(listed))
    assert set(listed) == {end_of_turn(s, side).state for s in found}
