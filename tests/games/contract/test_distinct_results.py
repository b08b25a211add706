"""One legal turn per resulting position, in every game (the protocol's promise:
``Position.legal_turns`` lists canonical texts deduplicated by the position they
lead to; the turn picker and the engine command show that list).

Positions come from random legal play (``random_play``); every throw of the
dice is asked (21 for two dice, the one empty throw for Che).  The resulting
positions come from each game's successor search (which gives, in
``legal_turns`` order, the positions ``play`` reaches: checked here on a sample
of turns, all of them for Che), so a property run stays cheap."""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Sequence

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from computer.search import dice_outcomes
from games import get_game
from games.base import Dice, Position
from games.chebache.position import ChebachePosition
from games.chebache.successors import turn_ends
from games.cheesegambit.position import CheeseGambitPosition
from games.hachapury.position import HachapuryPosition
from games.hachapury.successors import successors as hachapury_successors
from games.turns import texts
from tests.games.contract.random_play import random_steps

#: Each legal turn with what identifies the position it leads to.
Results = list[tuple[str, Hashable]]


def _key(after: Position) -> Hashable:
    """What tells positions apart: the listing, or Chebache's state (quicker
    to get; the side to move and the result follow from it)."""
    return after.state if isinstance(after, ChebachePosition) else after.listing()


def _results(position: Position, dice: Dice) -> Results:
    """Every legal turn with the position it leads to."""
    if isinstance(position, ChebachePosition):
        # the state at each turn's end, traps applied, in ``legal_turns`` order
        ends = turn_ends(position, dice)
        return list(zip(texts(position.legal_turns(dice)), [e.state for e in ends], strict=True))
    found: Sequence[tuple[str, Position]]
    if isinstance(position, HachapuryPosition):
        found = hachapury_successors(position, dice)
    elif isinstance(position, CheeseGambitPosition):
        found = position.successors(dice)
    else:
        found = [(text, position.play(text, dice).position)
                 for text in texts(position.legal_turns(dice))]
    return [(text, _key(after)) for text, after in found]


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
        reached: dict[Hashable, str] = {}
        for text, key in results:
            seen = reached.setdefault(key, text)
            assert seen == text, (f"{position.listing()} with {dice}: `{seen}` and `{text}` "
                                  f"reach one position")
        for text, key in rng.sample(results, min(2, len(results))):
            assert _key(position.play(text, dice).position) == key


def _property(name: str, plies: int, examples: int) -> Callable[[], None]:
    @settings(max_examples=examples, suppress_health_check=[HealthCheck.too_slow])
    @given(seed=st.integers(0, 2**32 - 1), plies=st.integers(0, plies))
    def test(seed: int, plies: int) -> None:
        position = _reached(name, seed, plies)
        if position is not None:
            _check(position, random.Random(seed))
    return test


test_hachapury_turns_reach_distinct_positions = _property("hachapury", 80, 40)
test_chebache_turns_reach_distinct_positions = _property("chebache", 80, 100)
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
