"""Shared helpers for the CheeseGambit tests: random legal games."""

from __future__ import annotations

import random

from games.cheesegambit import GAME, CheeseGambitPosition
from games.cheesegambit.board import OFF, POOL, TRACK
from games.turns import texts


def pos(listing: str, **options: str) -> CheeseGambitPosition:
    """A position from its listing."""
    return GAME.from_listing(listing, options)


def check_invariants(p: CheeseGambitPosition) -> None:
    """Every piece accounted for, no square shared, listing round trip."""
    n = int(p.options["pieces"])
    owners: dict[int, str] = {}
    for side in p.sides:
        pieces = p.pieces(side)
        if side in p.dropped:
            assert pieces == ()
            continue
        assert len(pieces) == n
        on_track = sum(p.track(side).values())
        in_safe = sum(p.safe_zone(side).values())
        assert on_track + in_safe + p.pool(side) + p.borne_off(side) == n
        for loc in pieces:
            assert loc in (POOL, OFF) or 1 <= loc <= TRACK or 101 <= loc <= 106
            if 1 <= loc <= TRACK:
                assert owners.setdefault(loc, side) == side
    text = p.listing()
    again = GAME.from_listing(text, {})
    assert again.listing() == text
    assert again.side_to_move == p.side_to_move
    assert again.dice_count() == p.dice_count()


def random_game(players: int, seed: int, pieces: int = 14, taunt: str = "on",
                max_turns: int = 3000, check: bool = True) -> CheeseGambitPosition:
    """Play a random legal game to its end (or ``max_turns``), answering
    taunts and votes at random; checks invariants and landing rules each turn."""
    rng = random.Random(seed)
    sides = {2: "RB", 3: "RGB", 4: "RGBY"}[players]
    p = GAME.initial({"players": str(players), "pieces": str(pieces), "taunt": taunt},
                     rng.choice(sides))
    for _ in range(max_turns):
        if p.result is not None:
            break
        pend = p.pending()
        if pend is not None:
            assert p.dice_count() == 0
            if pend[0] == "taunt":
                assert p.side_to_move == pend[2]
                p = p.answer_taunt(rng.random() < 0.7).position
            else:
                voter = rng.choice(pend[1])
                p = p.vote(voter, rng.random() < 0.8).position
            if check:
                check_invariants(p)
            continue
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        side = p.side_to_move
        assert side is not None
        turns = texts(p.legal_turns(dice))
        assert turns and len(set(turns)) == len(turns)
        text = rng.choice(turns)
        taunts = p.possible_taunts(text, dice) if rng.random() < 0.3 else []
        if taunts:
            text += f" T@{rng.choice(taunts)}"
        before = p
        p = p.play(text, dice).position
        if check:
            check_invariants(p)
            # nobody's piece landed on a block of another colour
            for sq in range(1, TRACK + 1):
                occ = p.occupant(sq)
                old = before.occupant(sq)
                if occ and old and occ[0] != old[0]:
                    assert old[1] == 1 or occ[0] != side or "G " in text or "CG " in text
    return p
