"""One legal turn per resulting position, in every game (the protocol's promise:
``Position.legal_turns`` lists canonical texts deduplicated by the position they
lead to; the turn picker and the engine command show that list).

Positions come from random legal play (``random_play``); every throw of the
dice is asked (21 for two dice, the one empty throw for Che).  The resulting
positions come from each game's successor search (which gives, in
``legal_turns`` order and texts, the positions ``play`` reaches: checked here on
a sample of turns, all of them for Che), so a property run stays cheap."""

from __future__ import annotations

import random
from collections.abc import Callable

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from computer.search import dice_outcomes
from games import get_game
from games.base import Dice, Position
from games.chebache.position import ChebachePosition
from games.chebache.successors import successors as chebache_successors
from games.cheesegambit.position import CheeseGambitPosition
from games.hachapury.position import HachapuryPosition
from games.hachapury.successors import successors as hachapury_successors
from tests.games.contract.random_play import random_steps

Results = list[tuple[str, Position]]


def _results(position: Position, dice: Dice) -> Results:
    """Every legal turn with the position it leads to."""
    if isinstance(position, ChebachePosition):
        return list(chebache_successors(position, dice))
    if isinstance(position, HachapuryPosition):
        return list(hachapury_successors(position, dice))
    if isinstance(position, CheeseGambitPosition):
        return list(position.successors(dice))
    return [(text, position.play(text, dice).position) for text in position.legal_turns(dice)]


def _reached(name: str, seed: int, plies: int) -> Position | None:
    """The position after ``plies`` random steps of a seeded game, or None if the
    game ended or waits for an answer there."""
    position: Position | None = None
    for step in random_steps(name, random.Random(seed), plies):
        position = step.played.position
    if position is None:
        position = get_game(name).initial(get_game(name).normalise_options({}), None)
    if position.result is not None or position.action_due():
        return None
    return position


def _check(position: Position, rng: random.Random) -> None:
    for dice, _ in dice_outcomes(position.dice_count()):
        legal = position.legal_turns(dice)
        results = _results(position, dice)
        assert [text for text, _ in results] == legal, (position.listing(), dice)
        listings: dict[str, str] = {}
        for text, after in results:
            seen = listings.setdefault(after.listing(), text)
            assert seen == text, (f"{position.listing()} with {dice}: `{seen}` and `{text}` "
                                  f"both reach {after.listing()}")
        for text, after in rng.sample(results, min(2, len(results))):
            assert position.play(text, dice).position.listing() == after.listing()


def _property(name: str, plies: int, examples: int) -> Callable[[], None]:
    @settings(max_examples=examples, suppress_health_check=[HealthCheck.too_slow])
    @given(seed=st.integers(0, 2**32 - 1), plies=st.integers(0, plies))
    def test(seed: int, plies: int) -> None:
        position = _reached(name, seed, plies)
        if position is not None:
            _check(position, random.Random(seed))
    return test


test_hachapury_turns_reach_distinct_positions = _property("hachapury", 80, 40)
test_chebache_turns_reach_distinct_positions = _property("chebache", 80, 200)
test_cheesegambit_turns_reach_distinct_positions = _property("cheesegambit", 80, 40)
#: Che lists hundreds of two-tile turns, each played here: fewer, shorter games.
test_che_turns_reach_distinct_positions = _property("che", 6, 4)


def test_the_reported_chebache_throw_lists_each_position_once() -> None:
    # the example: `S/4, 4/7` traps the piece left on 6 (B's Chebache
    # controls it) and reaches what `6/10, 10\7` reaches; one of them is listed
    position = get_game("chebache").from_listing(
        "W: 10K@S, 1@4, 1@6; B: 9K@S, 1@11, 1@12, 1@13; W to move", {"kings": "true"})
    legal = position.legal_turns((3, 4))
    assert ("S/4, 4/7" in legal) != ("6/10, 10\\7" in legal), legal
    _check(position, random.Random(0))
    # the turn left out is still legal to play, and reaches the same position
    assert position.play("6/10, 10\\7", (3, 4)).position == \
        position.play("S/4, 4/7", (3, 4)).position
