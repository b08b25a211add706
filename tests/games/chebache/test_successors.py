"""The quick successor listing agrees with the engine: the same turns in the
same order, each leading where ``Position.play`` leads."""

from __future__ import annotations

import random

import pytest

from games import get_game
from games.chebache.position import ChebachePosition
from games.chebache.successors import successors, turn_ends
from games.chebache.turns import NO_MOVE

GAME = get_game("chebache")


def _random_positions(seed: int, plies: int, kings: str = "true"
                      ) -> list[tuple[ChebachePosition, tuple[int, int]]]:
    rng = random.Random(seed)
    position = GAME.initial({"kings": kings})
    out = []
    for _ in range(plies):
        if position.result is not None:
            break
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        out.append((position, dice))
        position = position.play(rng.choice(position.legal_turns(dice)).text, dice).position
    return out


@pytest.mark.parametrize(("seed", "kings"), [(1, "true"), (2, "true"), (3, "false")])
def test_successors_match_legal_turns_and_play(seed: int, kings: str) -> None:
    for position, dice in _random_positions(seed, 40, kings):
        fresh = GAME.from_listing(position.listing(), {"kings": kings})
        listed = successors(fresh, dice)
        assert [text for text, _ in listed] == position.legal_turns(dice)
        # every one for a small list, a sample of a big one (doubles)
        picks = listed if len(listed) <= 12 else random.Random(seed).sample(listed, 12)
        for text, after in picks:
            played = position.play(text, dice).position
            assert after.listing() == played.listing(), text
            assert after.result == played.result
            assert after.side_to_move == played.side_to_move


def test_turn_ends_match_successors() -> None:
    for position, dice in _random_positions(4, 20):
        ends = turn_ends(position, dice)
        listed = successors(position, dice)
        assert len(ends) == len(listed)
        for end, (_text, after) in zip(ends, listed, strict=True):
            assert end.state == after.state


def test_a_side_that_cannot_move_passes() -> None:
    # from a seeded game: White must leave Start (a piece is in Finish) and
    # no 2 from Start can land
    listing = ("W: 1@S, 2@5, 1@6, 4@8, 1@14, 2@16, 1@F; B: 2@S, 1@2, 1@5, 1@7, 1@10, "
               "1@13, 1@14, 1@15, 2@16, 1@F; W to move")
    position = GAME.from_listing(listing, {"kings": "false"})
    assert position.legal_turns((2, 2)) == [NO_MOVE]
    listed = successors(position, (2, 2))
    assert [text for text, _ in listed] == [NO_MOVE]
    assert listed[0][1] == position.play(NO_MOVE, (2, 2)).position
    assert listed[0][1].side_to_move == "B"


def test_a_finished_game_has_no_successors() -> None:
    position = GAME.from_listing("W: 12K@F; B: 12K@S; W wins", {})
    assert successors(position, (3, 1)) == []
    assert turn_ends(position, (3, 1)) == []
