"""Board descriptions for screen readers: whose turn, dice, last turn and
the position in words, naming players, never "you", at most 1,024 characters."""

from __future__ import annotations

import random
import re

import pytest

from games import get_game
from games.events import Moved
from renderer.context import RenderContext
from renderer.describe import LIMIT, describe, fit

LONG = "Bartholomew the Unreasonably Long-Named " * 3
NAMES = {"W": "alice", "B": LONG, "R": "carol", "G": "dave", "Y": "erin"}
OPTIONS = {"cheesegambit": {"players": "4"}}


def positions(game_name: str, seed: int, turns: int = 80):
    rng = random.Random(seed)
    game = get_game(game_name)
    options = OPTIONS.get(game_name, {})
    sides = [s.letter for s in game.sides(game.normalise_options(options))]
    position = game.initial(options, sides[0])
    names = {s: NAMES[s] for s in sides}
    yield position, RenderContext(names=names, dice=(3, 5))
    for _ in range(turns):
        if position.result is not None:
            return
        if position.action_due():
            position = position.play_action(position.action_choices()[0]).position
            continue
        dice = tuple(rng.randint(1, 6) for _ in range(position.dice_count()))
        side = position.side_to_move
        played = position.play(rng.choice(position.legal_turns(dice)).text, dice)
        position = played.position
        nxt = tuple(rng.randint(1, 6) for _ in range(position.dice_count()))
        yield position, RenderContext(names=names, dice=nxt, last_side=side,
                                      last_moves=played.moves, last_events=played.events)


@pytest.mark.parametrize("game", ["hachapury", "chebache", "cheesegambit", "che"])
def test_descriptions_name_players_and_fit(game: str) -> None:
    seen = 0
    for seed in range(3):
        for position, context in positions(game, seed):
            text = describe(position, context)
            seen += 1
            assert 0 < len(text) <= LIMIT
            assert not re.search(r"\byou\b", text, re.IGNORECASE), text
            mover = position.side_to_move
            if position.result is None and mover:
                # Whose turn, by name (a long name may be cut only at the very end).
                assert text.index(context.names[mover][:20]) < 200
                if context.dice:
                    assert "dice " + " and ".join(map(str, context.dice)) in text
            if context.last_moves and len(text) < LIMIT:
                assert context.last_moves in text
    assert seen > 20


def test_hachapury_position_in_words() -> None:
    position = get_game("hachapury").initial({}, "W")
    text = describe(position, RenderContext(names={"W": "alice", "B": "bob"}, dice=(6, 5)))
    assert text.startswith("Hachapury board. alice (White) to move, dice 6 and 5.")
    assert "alice (White), in its own numbering: 4 on 24, 11 on 6; 0 borne off" in text


def test_chebache_last_turn_and_stacks() -> None:
    position = get_game("chebache").initial({}, "W")
    ctx = RenderContext(names={"W": "alice"}, last_side="B", last_moves="S/1",
                        last_events=(Moved("B", "S", "1", 1),))
    text = describe(position, ctx)
    assert "White to move." not in text  # names when known: alice (White)
    assert "alice (White) to move." in text and "Last turn, Black: S/1." in text
    assert "White's 2: 2 White" in text and "Start 4 and King" in text


def test_fit_cuts_at_a_word() -> None:
    text = "word " * 400
    cut = fit(text)
    assert len(cut) <= LIMIT and cut.endswith("word…")
    assert fit("short") == "short"
