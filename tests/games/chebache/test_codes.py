"""The integer codes the legal-turn search keys its tables by: exact (equal
codes exactly for equal states), invertible, and kept up to date move by move
in the search exactly as they would be computed from scratch."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games import get_game
from games.chebache.phase1 import apply_move, gen_moves
from games.chebache.position import ChebachePosition
from games.chebache.state import State, state_code, state_from_code, strip, tag_key
from games.chebache.turns import TurnSearch, expand_dice, remove_die

GAME = get_game("chebache")


def random_position(rnd: random.Random, plies: int) -> ChebachePosition:
    p = GAME.initial({})
    for _ in range(plies):
        if p.result is not None:
            break
        dice = (rnd.randint(1, 6), rnd.randint(1, 6))
        p = p.play(rnd.choice(p.legal_turns(dice)).text, dice).position
    return p


def random_turn(rnd: random.Random, plies: int,
                doubles: bool) -> tuple[State, int, tuple[int, int]] | None:
    """A position from a random game, its mover and a throw (None if the game ended)."""
    p = random_position(rnd, plies)
    if p.side_to_move is None:
        return None
    a = rnd.randint(1, 6)
    return p.state, "WB".index(p.side_to_move), (a, a) if doubles else (a, rnd.randint(1, 6))


def tagged_states(state: State, side: int, dice: tuple[int, ...], limit: int) -> list[State]:
    """States with this turn's tags reached by Phase I moves (breadth first)."""
    out = [state]
    frontier = [(state, dice)]
    while frontier and len(out) < limit:
        nxt = []
        for s, rest in frontier:
            for mv in gen_moves(s, side, tuple(sorted(set(rest), reverse=True)), True):
                s2, _ = apply_move(s, side, mv)
                out.append(s2)
                rest2 = remove_die(rest, mv[0])
                if rest2:
                    nxt.append((s2, rest2))
        frontier = nxt
    return out[:limit]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.randoms(use_true_random=False), st.integers(0, 40))
def test_state_code_is_exact_and_invertible(rnd: random.Random, plies: int) -> None:
    p = random_position(rnd, plies)
    if p.side_to_move is None:
        return
    side = "WB".index(p.side_to_move)
    d = rnd.randint(1, 6)
    states = tagged_states(p.state, side, (d, d, d, d), 300)
    by_code: dict[int, State] = {}
    by_key: dict[int, State] = {}
    for s in states:
        plain = strip(s)
        code = state_code(plain)
        assert state_from_code(code) == plain
        assert by_code.setdefault(code, plain) == plain  # equal codes, equal states
        key = code + tag_key(s)
        assert by_key.setdefault(key, s) == s  # tags told apart too
    # and different states get different codes
    assert len(by_code) == len({strip(s) for s in states})
    assert len(by_key) == len(set(states))


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.randoms(use_true_random=False), st.integers(0, 40), st.booleans())
def test_search_memo_matches_the_plain_recursion(rnd: random.Random, plies: int,
                                                 doubles: bool) -> None:
    """Every node reachable by Phase I moves is in the search's memo under the
    key computed from scratch, with the answer the plain recursive
    ``completable`` gives on a fresh search (no shared memo)."""
    case = random_turn(rnd, plies, doubles)
    if case is None:
        return
    state, side, dice = case
    search = TurnSearch(state, side, True)
    search.records(dice)
    plain = TurnSearch(state, side, True)
    start = expand_dice(dice)
    todo = [(state, start)]
    checked = 0
    seen: set[tuple[State, tuple[int, ...]]] = set()
    while todo and checked < 400:
        s, rest = todo.pop()
        if (s, rest) in seen:
            continue
        seen.add((s, rest))
        memo = search._seen[rest]
        key = state_code(strip(s)) + tag_key(s)
        assert key in memo, (s, rest)
        assert memo[key] == plain.completable(s, rest), (s, rest)
        checked += 1
        todo.extend((c[1], c[2]) for c in plain.children(s, rest))
    assert checked
