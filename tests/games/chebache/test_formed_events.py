"""A Chebache formed by a turn is an event of that turn (``ChebacheFormed``), so
the turn can be told in words; one that stood before the turn is not formed again."""

from __future__ import annotations

import random

from games import get_game
from games.events import ChebacheFormed


def test_the_chebaches_a_turn_forms_are_its_events() -> None:
    game = get_game("chebache")
    options = game.normalise_options({})
    formed = 0
    for seed in range(6):
        rng = random.Random(seed)
        position = game.initial(options, "W")
        for _ in range(200):
            if position.result is not None:
                break
            dice = tuple(rng.randint(1, 6) for _ in range(position.dice_count()))
            side = position.side_to_move
            played = position.play(rng.choice(position.legal_turns(dice)).text, dice)
            before = {(c.owner, c.letter) for c in position.chebaches()}
            after = {(c.owner, c.letter): c for c in played.position.chebaches()}
            events = [e for e in played.events if isinstance(e, ChebacheFormed)]
            expected = sorted(key for key in after if key not in before and key[0] == side)
            assert sorted((e.side, e.letter) for e in events) == expected, played.record
            for event in events:
                view = after[(event.side, event.letter)]
                assert (event.centre, event.controls) == (str(view.centre), str(view.controls))
                # the record's <...> part names the controlled space
                assert str(view.controls) in played.record.rsplit("<", 1)[-1]
                assert (event.threatened > 0) == view.threatened
            formed += len(events)
            position = played.position
    assert formed > 5
