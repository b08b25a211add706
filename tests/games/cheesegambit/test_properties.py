"""Property tests: random legal games keep every piece accounted for, parsers
never crash, listings round-trip."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.cheesegambit import GAME
from games.cheesegambit.board import OFF, POOL
from games.errors import GameError, PositionError

from .helpers import check_invariants, position_after, random_game


@pytest.mark.parametrize("players", [2, 3, 4])
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6))
def test_random_games_keep_every_piece(players: int, seed: int) -> None:
    end = random_game(players, seed, max_turns=400)
    check_invariants(end)


@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 10**6), pieces=st.integers(4, 8), players=st.integers(2, 4))
def test_small_games_finish(seed: int, pieces: int, players: int) -> None:
    end = random_game(players, seed, pieces=pieces)
    assert end.result is not None
    assert end.result.text == end.placings_text()


def test_legal_texts_replay_to_themselves() -> None:
    rng = random.Random(7)
    p = GAME.initial({"players": "4"}, "R")
    for _ in range(60):
        if p.result is not None:
            break
        pend = p.pending()
        if pend:
            p = position_after(p.answer_taunt(True) if pend[0] == "taunt" else
                               p.vote(pend[1][0], True))
            continue
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        turns = p.legal_turns(dice)
        for text in turns:
            assert p.play(text, dice).moves == text
        p = position_after(p.play(rng.choice(turns), dice))


_TEXT = st.text(alphabet="0123456789/xXPpFfSsRrGgCc()@TtBYdancegmbl ,;-", max_size=24)


@settings(max_examples=400, deadline=None)
@given(text=_TEXT, a=st.integers(1, 6), b=st.integers(1, 6))
def test_any_text_plays_or_raises_game_error(text: str, a: int, b: int) -> None:
    p = GAME.from_listing("R: 1@P, 2@13, 1@17, 2@S3, 8@33; B: 2@15, 1@P, 1@50, 10@45; "
                          "R to move", {})
    try:
        played = p.play(text, (a, b))
    except GameError:
        return
    assert played.moves in p.legal_turns((a, b)) or "T@" in played.moves


@settings(max_examples=200, deadline=None)
@given(text=st.text(max_size=20))
def test_any_action_text_acts_or_raises(text: str) -> None:
    p = GAME.from_listing("R: 2@13, 12@33; B: 2@P, 12@45; R taunts B; R to move", {})
    try:
        p.play_action(text)
    except GameError:
        pass


@settings(max_examples=200, deadline=None)
@given(text=st.text(alphabet="RGBY:@0123456789;, PFS toveiwnsdrpcuab-", max_size=60))
def test_any_listing_reads_or_raises(text: str) -> None:
    try:
        p = GAME.from_listing(text, {})
    except PositionError:
        return
    assert GAME.from_listing(p.listing(), {}).listing() == p.listing()


@st.composite
def positions(draw: st.DrawFn) -> str:
    players = draw(st.sampled_from([2, 3, 4]))
    sides = {2: "RB", 3: "RGB", 4: "RGBY"}[players]
    n = draw(st.integers(4, 14))
    free = list(range(1, 73))
    draw(st.randoms()).shuffle(free)
    parts = []
    for side in sides:
        locs: dict[str, int] = {}
        for _ in range(n):
            kind = draw(st.sampled_from(["track", "track", "P", "S", "F"]))
            if kind == "track":
                key = str(free.pop())
            elif kind == "S":
                key = f"S{draw(st.integers(1, 6))}"
            else:
                key = kind
            locs[key] = locs.get(key, 0) + 1
        if set(locs) == {"F"}:
            locs = {"F": n - 1, "P": 1}
        parts.append(f"{side}: " + ", ".join(f"{c}@{k}" for k, c in locs.items()))
    parts.append(f"{draw(st.sampled_from(sides))} to move")
    return "; ".join(parts)


@settings(max_examples=150, deadline=None)
@given(text=positions(), a=st.integers(1, 6), b=st.integers(1, 6))
def test_listings_round_trip_and_turns_apply(text: str, a: int, b: int) -> None:
    p = GAME.from_listing(text, {})
    again = GAME.from_listing(p.listing(), {})
    assert again.listing() == p.listing()
    for turn in p.legal_turns((a, b))[:5]:
        after = position_after(p.play(turn, (a, b)))
        check_invariants(after)
        side = p.side_to_move
        assert side is not None
        for loc in after.pieces(side):
            assert loc in (POOL, OFF) or 1 <= loc <= 72 or 101 <= loc <= 106
