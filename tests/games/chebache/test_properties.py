"""Property tests: random legal games keep every invariant; every input either
plays or raises a GameError."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.chebache import GAME
from games.chebache.board import SLOT
from games.chebache.chebaches import controlled_slots
from games.chebache.position import ChebachePosition
from games.chebache.state import KING, weight
from games.errors import GameError

from .util import position_after


def check_invariants(p: ChebachePosition, kings_on: bool, mover: int | None) -> None:
    slots, pools = p.state
    kings = 0
    for side in (0, 1):
        ordinary = pools[side * 4] + pools[side * 4 + 2]
        kings += pools[side * 4 + 1] + pools[side * 4 + 3]
        for s in slots:
            for piece in s:
                if (piece & 1) == side:
                    if piece & KING:
                        kings += 1
                    else:
                        ordinary += 1
        assert ordinary == 12
    assert kings == (2 if kings_on else 0)
    for s in slots:
        assert weight(s) <= 4
        assert len({piece & 1 for piece in s}) <= 1
    if mover is not None and p.result is None:
        # the side that just moved has nothing left under a standing opponent Chebache
        for slot in controlled_slots(slots, 1 - mover):
            assert not slots[slot]
    assert GAME.from_listing(p.listing(), p.options).listing() == p.listing()


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.randoms(use_true_random=False), st.sampled_from(["true", "false"]))
def test_random_games_keep_invariants(rnd: random.Random, kings: str) -> None:
    p = GAME.initial({"kings": kings})
    check_invariants(p, kings == "true", None)
    for _ in range(40):
        if p.result is not None:
            break
        dice = (rnd.randint(1, 6), rnd.randint(1, 6))
        if dice[0] == dice[1] and rnd.random() < 0.7:
            dice = (dice[0], dice[0] % 6 + 1)  # keep doubles rarer: they are the slow case
        turns = p.legal_turns(dice)
        assert turns and len(set(turns)) == len(turns)
        text = rnd.choice(turns)
        mover = "WB".index(p.side_to_move or "W")
        played = p.play(text, dice)
        again = p.play(played.moves, dice)
        assert again.position == played.position
        reread = p.play(played.record, dice)
        assert reread.position == played.position
        p = position_after(played)
        check_invariants(p, kings == "true", mover)


ALPHABET = "0123456789SFKXsfkx/\\^()[]<>@-;, WB"


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=ALPHABET, max_size=30))
def test_every_input_plays_or_raises_game_error(text: str) -> None:
    p = GAME.initial({})
    try:
        p.play(text, (3, 1))
    except GameError:
        pass


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=40))
def test_any_text_plays_or_raises_game_error(text: str) -> None:
    p = GAME.from_listing(
        "W: 5@S, 3@2, 1K@4, 2@7, 1@8; B: 7@S, 1@1, 1@2, 1@3, 2K@17; W to move", {})
    try:
        p.play(text, (3, 3))
    except GameError:
        pass


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="WB:;,@SFK0123456789 -tomvewinsdra", max_size=60))
def test_any_listing_reads_or_raises_game_error(text: str) -> None:
    try:
        p = GAME.from_listing(text, {})
    except GameError:
        return
    assert GAME.from_listing(p.listing(), {}).listing() == p.listing()


def test_slots_table_is_consistent() -> None:
    from games.chebache.board import location, opp

    for side in (0, 1):
        for n in range(1, 18, 2):
            assert SLOT[side][n] == SLOT[1 - side][opp(n)]
            assert location(side, n).point == location(1 - side, opp(n)).point
    assert location("B", 2).half == "lower" and location("B", 10).half == "upper"
    assert location("W", 0).cell == "a4" and location("W", 18).cell == "d1"
