"""Property tests: random legal games played to the end, and engine self-agreement."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from games.hachapury import GAME, HachapuryPosition, to_other_numbering
from games.hachapury.board import (
    TurnContext,
    apply_single,
    explain_single,
    pack,
    point_mask,
)
from games.hachapury.search import explore
from tests.games.hachapury.util import position_after

MAX_TURNS = 1500


def check_invariants(position: HachapuryPosition) -> None:
    white, black = position.checkers("W"), position.checkers("B")
    assert sum(white) == 15 and sum(black) == 15
    for p in range(1, 25):
        assert not (white[p] and black[to_other_numbering(p)]), position.listing()
    assert GAME.from_listing(position.listing(), {}) == position
    assert GAME.from_listing(position.listing(), {}).listing() == position.listing()


def no_illegal_barrier(position: HachapuryPosition, side: str) -> bool:
    other = "B" if side == "W" else "W"
    ctx = TurnContext.build(position.checkers(other), "x")
    return ctx.barrier_ok(point_mask(pack(position.checkers(side))))


def play_random_game(seed: int, check_all_turns: bool = False) -> HachapuryPosition:
    rng = random.Random(seed)
    position = GAME.initial({}, rng.choice("WB"))
    check_invariants(position)
    for _ in range(MAX_TURNS):
        if position.result is not None:
            break
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        turns = position.legal_turns(dice)
        assert turns and len(turns) == len(set(turns))
        sample = turns if check_all_turns else rng.sample(turns, min(3, len(turns)))
        results = set()
        for text in sample:
            played = position.play(text, dice)
            assert played.moves == text
            assert played.record == f"[{dice[0]} {dice[1]}]; {text}"
            results.add(played.position)
        assert len(results) == len(sample)  # deduplicated by resulting position
        mover = position.side_to_move
        assert mover is not None
        choice = rng.choice(turns)
        position = position_after(position.play(choice, dice))
        check_invariants(position)
        if choice != "(no move)":
            assert no_illegal_barrier(position, mover), position.listing()
    assert position.result is not None, "random game did not end"
    return position


@settings(max_examples=80, deadline=None)
@given(st.integers(0, 2**32))
def test_random_games_end_with_the_right_score(seed: int) -> None:
    final = play_random_game(seed)
    result = final.result
    assert result is not None and final.side_to_move is None and final.dice_count() == 0
    winner = result.winner
    assert winner is not None  # Hachapury has no draws
    loser = "B" if winner == "W" else "W"
    assert final.off(winner) == 15
    assert final.off(loser) < 15
    assert result.points == (2 if final.off(loser) == 0 else 1)
    assert result.text == f"{winner} wins" + (" 2" if result.points == 2 else "")


def test_one_game_playing_every_legal_turn() -> None:
    play_random_game(2024, check_all_turns=True)


def random_position(rng: random.Random) -> HachapuryPosition:
    """A random legal-looking position (no shared points), either side to move."""
    while True:
        counts = {}
        for side in "WB":
            c = [0] * 25
            home_heavy = rng.random() < 0.3
            for _ in range(15):
                if home_heavy:
                    c[rng.choice([0, 1, 2, 3, 4, 5, 6, 6, 7])] += 1
                else:
                    c[rng.randint(0, 24)] += 1
            counts[side] = tuple(c)
        w, b = counts["W"], counts["B"]
        if any(w[p] and b[to_other_numbering(p)] for p in range(1, 25)):
            continue
        if w[0] == 15 or b[0] == 15:
            continue
        return HachapuryPosition(w, b, rng.choice("WB"))


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2**32))
def test_explained_single_moves_agree_with_the_generator(seed: int) -> None:
    rng = random.Random(seed)
    position = random_position(rng)
    mover = position.side_to_move
    assert mover is not None
    other = "B" if mover == "W" else "W"
    ctx = TurnContext.build(position.checkers(other), "Black")
    state = pack(position.checkers(mover))
    mask = point_mask(state)
    for die in range(1, 7):
        levels, wins = explore(ctx, state, mask, (die,))
        generated = set(wins)
        if len(levels) > 1:
            for nodes in levels[1].values():
                generated.update(nodes)
        explained = {
            apply_single(state, mask, p, die)[0]
            for p in range(1, 25)
            if explain_single(ctx, state, mask, p, die) is None
        }
        assert generated == explained


@settings(max_examples=80, deadline=None)
@given(st.integers(0, 2**32), st.integers(1, 6), st.integers(1, 6))
def test_every_legal_turn_of_random_positions_replays(seed: int, d1: int, d2: int) -> None:
    position = random_position(random.Random(seed))
    turns = position.legal_turns((d1, d2))
    for text in turns:
        played = position.play(text, (d1, d2))
        assert played.moves == text
        check_invariants(position_after(played))
