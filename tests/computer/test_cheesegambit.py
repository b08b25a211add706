"""The CheeseGambit computer player: its evaluation on hand-made positions, the
taunt / answer / vote decisions, the hint's reason, and legal, reproducible
choices at every level for 2, 3 and 4 players."""

from __future__ import annotations

import random

import pytest

from computer.base import Budget, Level
from computer.baselines import GreedyPlayer
from computer.cheesegambit import (
    STRATEGY,
    TAKE_POINT,
    TAUNT_WINDOWS,
    option_value,
    pair_share,
    position_value,
    simple_value,
)
from games import get_game
from games.cheesegambit.position import CheeseGambitPosition
from tests.computer.said import english

GAME = get_game("cheesegambit")

#: Red can bump Blue's far-advanced blot on 50 with the 3 and cover on 51 with
#: the 1 (47X50/51), or bump and leave two blots (47X50 51/52), or not bump.
#: Blue's block on 44 is 6 and 8 squares behind those blots.
BUMP_INTO_SAFETY = "R: 1@47, 1@51, 12@S1; B: 1@50, 2@44, 11@S3; R to move"
#: The same with Blue still far from home: after the bump Red is far ahead.
BUMP_WHEN_AHEAD = "R: 1@47, 1@51, 12@S1; B: 1@50, 2@44, 11@S6; R to move"


def listing(text: str, players: int = 2) -> CheeseGambitPosition:
    position = GAME.from_listing(text, GAME.normalise_options({"players": str(players)}))
    assert isinstance(position, CheeseGambitPosition)
    return position


def after(position: CheeseGambitPosition, text: str, dice: tuple[int, int]
          ) -> CheeseGambitPosition:
    played = position.play(text, dice).position
    assert isinstance(played, CheeseGambitPosition)
    return played


def expired() -> Budget:
    """A budget already spent: the strategy must still answer legally."""
    return Budget(0.0, clock=lambda: 0.0)


# -- the evaluation ----------------------------------------------------------------
def test_values_are_shares_of_the_win_for_every_number_of_players() -> None:
    for players in (2, 3, 4):
        options = GAME.normalise_options({"players": str(players)})
        position = GAME.initial(options, "R")
        assert isinstance(position, CheeseGambitPosition)
        values = [position_value(position, side) for side in position.active()]
        assert sum(values) == pytest.approx(1.0)
        assert all(0.0 < v < 1.0 for v in values)


def test_being_closer_to_home_is_worth_more() -> None:
    near = listing("R: 14@S1; B: 14@S6; R to move")
    far = listing("R: 14@S6; B: 14@S1; R to move")
    assert position_value(near, "R") > 0.9 > 0.1 > position_value(far, "R")


def test_the_bump_into_safety_is_valued_best() -> None:
    position = listing(BUMP_INTO_SAFETY)
    values = {text: position_value(nxt, "R") for text, nxt in position.successors((3, 1))}
    best = max(values, key=values.__getitem__)
    assert best == "47X50/51"
    # the bump that leaves two blots in reach of Blue's block is worth less
    assert values["47X50 51/52"] < values["47X50/51"]
    # the plain pip count sees no difference between the two bumps
    simple = {text: simple_value(nxt, "R") for text, nxt in position.successors((3, 1))}
    assert simple["47X50 51/52"] == pytest.approx(simple["47X50/51"])


@pytest.mark.parametrize("level", list(Level))
def test_every_level_bumps_into_safety(level: Level) -> None:
    position = listing(BUMP_INTO_SAFETY)
    choice = STRATEGY.choose(position, (3, 1), level, STRATEGY.budget_for(level), random.Random(2))
    assert choice.text == "47X50/51"
    nxt = after(position, choice.text, (3, 1))
    assert nxt.pool("B") == 1
    assert nxt.track("R") == {51: 2}


def test_greedy_baseline_bumps_too() -> None:
    position = listing(BUMP_INTO_SAFETY)
    choice = GreedyPlayer("cheesegambit").choose(position, (3, 1), Level.NORMAL, Budget(1.0),
                                                 random.Random(0))
    assert after(position, choice.text, (3, 1)).pool("B") == 1


def lookahead_loss(text: str) -> float:
    """How much hard's look at Blue's replies lowers Red's value by the race
    alone (which does not look at what Blue's throw can reach)."""
    position = listing(text)
    deeper = STRATEGY.reply_value(position, "R", Budget(5.0))
    assert deeper is not None
    return position_value(position, "R", risk=False) - deeper


def test_hard_sees_a_gambit_threat_on_a_block() -> None:
    # Red's block on 12 stands 2 in front of Blue's stack on 10: a Blue 2-2
    # Gambit bumps both pieces a long way back; on 8 the block is out of reach
    in_reach = lookahead_loss("R: 2@12, 6@S6, 6@70; B: 3@10, 5@S6, 6@F; B to move")
    out_of_reach = lookahead_loss("R: 2@8, 6@S6, 6@70; B: 3@10, 5@S6, 6@F; B to move")
    assert in_reach > out_of_reach + 0.001


def test_hard_sees_a_blot_in_reach() -> None:
    in_reach = lookahead_loss("R: 1@12, 7@S6, 6@70; B: 3@10, 5@S6, 6@F; B to move")
    out_of_reach = lookahead_loss("R: 1@8, 7@S6, 6@70; B: 3@10, 5@S6, 6@F; B to move")
    assert in_reach > out_of_reach + 0.01


# -- taunts, answers, votes ----------------------------------------------------------
def test_taunts_when_the_bumped_side_is_far_behind() -> None:
    position = listing(BUMP_WHEN_AHEAD)
    blue = pair_share(after(position, "47X50/51", (3, 1)), "B", "R")
    low, high = TAUNT_WINDOWS[Level.HARD]
    assert low < blue < high
    choice = STRATEGY.choose(position, (3, 1), Level.HARD, Budget(1.0), random.Random(0))
    assert choice.text == "47X50/51 T@B"
    nxt = after(position, choice.text, (3, 1))
    assert nxt.pending() == ("taunt", "R", "B")
    assert "taunts Blue" in english(choice.reason)


@pytest.mark.parametrize("level", list(Level))
def test_each_level_taunts_inside_its_own_window(level: Level) -> None:
    position = listing(BUMP_WHEN_AHEAD)
    blue = pair_share(after(position, "47X50/51", (3, 1)), "B", "R")
    low, high = TAUNT_WINDOWS[level]
    choice = STRATEGY.choose(position, (3, 1), level, Budget(1.0), random.Random(0))
    assert choice.text.endswith(" T@B") == (low <= blue <= high)


def test_no_taunt_when_the_bumped_side_keeps_good_chances() -> None:
    position = listing(BUMP_INTO_SAFETY)
    nxt = after(position, "47X50/51", (3, 1))
    assert pair_share(nxt, "B", "R") > 0.32  # Blue is still nearly home
    choice = STRATEGY.choose(position, (3, 1), Level.HARD, Budget(1.0), random.Random(0))
    assert "T@" not in choice.text


def test_no_taunt_without_a_bump() -> None:
    position = listing("R: 1@47, 1@51, 12@S1; B: 2@44, 12@S6; R to move")
    for level in Level:
        choice = STRATEGY.choose(position, (3, 1), level, Budget(1.0), random.Random(0))
        assert "T@" not in choice.text


def test_drops_a_taunt_when_hopeless_and_accepts_when_not() -> None:
    hopeless = listing("R: 14@S1; B: 1@P, 13@S6; R taunts B; B to move")
    choice = STRATEGY.answer(hopeless, "B", Level.HARD, Budget(1.0), random.Random(0))
    assert pair_share(hopeless, "B", "R") < TAKE_POINT
    assert choice.text == "drop"
    assert "take point" in english(choice.reason)
    close = listing("R: 14@S3; B: 1@S6, 13@S3; R taunts B; B to move")
    assert pair_share(close, "B", "R") > TAKE_POINT
    choice = STRATEGY.answer(close, "B", Level.HARD, Budget(1.0), random.Random(0))
    assert choice.text == "accept"
    close.play_action(choice.text, "B")  # a legal answer


def test_votes_yes_with_chances_of_the_next_place_and_no_without() -> None:
    position = listing("R: 14@F; G: 14@S1; B: 8@40, 6@P; R wins; vote G B; G to move", 3)
    assert STRATEGY.answer(position, "G", Level.NORMAL, Budget(1.0),
                           random.Random(0)).text == "yes"
    assert STRATEGY.answer(position, "B", Level.NORMAL, Budget(1.0),
                           random.Random(0)).text == "no"


# -- hint reasons --------------------------------------------------------------------
def test_reason_names_the_bump_and_the_safety() -> None:
    position = listing(BUMP_INTO_SAFETY)
    reason = english(STRATEGY.explain(position, (3, 1), "47X50/51"))
    assert reason == ("bumps Blue's piece on 50 into the pool, makes a block on 51 and "
                      "leaves no blot")


def test_reason_names_the_blots_left() -> None:
    position = listing(BUMP_INTO_SAFETY)
    assert english(STRATEGY.explain(position, (3, 1), "47X50 51/52")) == (
        "bumps Blue's piece on 50 into the pool, though it leaves blots on 50 and 52")


def test_reason_for_running_home_and_bearing_off() -> None:
    position = listing("R: 1@17, 13@S1; B: 14@S6; R to move")
    assert english(STRATEGY.explain(position, (4, 1), "17/S5/S4")) == (
        "brings a piece into the safe zone and gets to safety")
    home = listing("R: 2@S1, 12@F; B: 14@S6; R to move")
    assert english(STRATEGY.explain(home, (3, 1), "2(S1/F)")) == "bears off 2 pieces"


def test_reason_for_the_special_moves_and_a_dance() -> None:
    gambit = listing("R: 2@9, 12@S1; B: 1@13, 13@S6; R to move")
    assert english(STRATEGY.explain(gambit, (4, 4), "G 2(9X13)")).startswith(
        "plays the Gambit, bumps Blue's piece on 13 into the pool")
    blocked = listing("R: 1@P, 13@S1; B: 2@49, 12@S6; R to move")
    assert english(STRATEGY.explain(blocked, (1, 1), "CG PX49")).startswith(
        "plays the CheeseGambit (an extra turn follows) and bumps Blue's 2 pieces on 49")
    dance = listing("R: 1@P, 13@S1; B: 2@49, 2@50, 10@S6; R to move")
    assert english(STRATEGY.explain(dance, (1, 2), "(dance)")) == (
        "cannot move: the turn is a dance")


def test_reason_of_an_illegal_turn_is_empty() -> None:
    assert english(STRATEGY.explain(listing(BUMP_INTO_SAFETY), (3, 1), "47/60")) == ""


# -- legal, reproducible choices -----------------------------------------------------
def positions_from_play(players: int, count: int, seed: int) -> list[CheeseGambitPosition]:
    """Positions (with dice due) reached by random play, every few plies."""
    rng = random.Random(seed)
    options = GAME.normalise_options({"players": str(players)})
    position = GAME.initial(options, "R")
    out: list[CheeseGambitPosition] = []
    plies = 0
    while len(out) < count:
        if position.result is not None:
            position = GAME.initial(options, "R")
        if position.action_due():
            position = position.play_action(rng.choice(position.action_choices()),
                                            position.side_to_move).position
            continue
        plies += 1
        if plies % 7 == 0:
            assert isinstance(position, CheeseGambitPosition)
            out.append(position)
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        position = position.play(rng.choice(position.legal_turns(dice)).text, dice).position
    return out


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("level", list(Level))
def test_levels_choose_legal_turns(players: int, level: Level) -> None:
    rng = random.Random(players)
    for position in positions_from_play(players, 4, seed=players):
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        choice = STRATEGY.choose(position, dice, level, STRATEGY.budget_for(level), rng)
        turn = choice.text.split(" T@")[0]
        assert turn in position.legal_turns(dice)
        position.play(choice.text, dice)  # the taunt too must be legal


@pytest.mark.parametrize("level", list(Level))
def test_a_spent_budget_still_gives_a_legal_turn(level: Level) -> None:
    for position in positions_from_play(4, 3, seed=11):
        choice = STRATEGY.choose(position, (6, 6), level, expired(), random.Random(0))
        position.play(choice.text, (6, 6))


@pytest.mark.parametrize("level", list(Level))
def test_choices_are_reproducible_for_a_seed(level: Level) -> None:
    positions = positions_from_play(3, 4, seed=5)
    first = [STRATEGY.choose(p, (5, 2), level, Budget(30.0), random.Random(9)).text
             for p in positions]
    again = [STRATEGY.choose(p, (5, 2), level, Budget(30.0), random.Random(9)).text
             for p in positions]
    assert first == again


@pytest.mark.parametrize("players", [2, 3, 4])
def test_turns_are_valued_as_the_positions_they_lead_to(players: int) -> None:
    for position in positions_from_play(players, 5, seed=7):
        side = position.side_to_move
        assert side is not None
        base = {s: position.pieces(s) for s in position.active()}
        for dice in ((3, 1), (2, 2)):
            for _, option in position.turn_options(dice):
                nxt = position.after_turn(option)
                for risk in (True, False):
                    assert option_value(position, base, option, side, risk) == pytest.approx(
                        position_value(nxt, side, risk))


def test_successors_are_the_positions_play_gives() -> None:
    for position in positions_from_play(3, 6, seed=3) + [listing(BUMP_INTO_SAFETY)]:
        for dice in ((3, 1), (4, 4), (6, 5)):
            listed = position.successors(dice)
            assert [text for text, _ in listed] == position.legal_turns(dice)
            for text, nxt in listed:
                assert nxt.listing() == position.play(text, dice).position.listing()


# -- colour symmetry -------------------------------------------------------------------
# The 2-player board is symmetric under a half turn: Blue's squares are Red's
# plus 36 (exits 19 / 55, re-entry zones 49-54 / 13-18, starting stacks).  An
# evaluation or search that read one colour's numbering (a wrap at 72, a table
# indexed by square) would value a position and its colour mirror differently
# and tilt self-play towards a colour (bench/colour_bias.py measures it).

_SWAP = {"R": "B", "B": "R"}


def _turned(position: CheeseGambitPosition) -> dict[str, tuple[int, ...]]:
    """Each colour's pieces with the colours swapped and the board turned half round."""
    def turn(loc: int) -> int:
        return (loc - 1 + 36) % 72 + 1 if 1 <= loc <= 72 else loc

    return {_SWAP[side]: tuple(sorted(turn(loc) for loc in position.pieces(side)))
            for side in ("R", "B")}


def _mirror(position: CheeseGambitPosition) -> CheeseGambitPosition:
    """The position with the colours swapped and the board turned half round."""
    def where(loc: int) -> str:
        return "P" if loc == 0 else "F" if loc == 200 else f"S{loc - 100}" if loc > 100 \
            else str(loc)

    turned = _turned(position)
    text = "; ".join(f"{side}: " + ", ".join(f"{turned[side].count(loc)}@{where(loc)}"
                                               for loc in sorted(set(turned[side])))
                     for side in ("R", "B"))
    return listing(f"{text}; taunt off; {_SWAP[position.side_to_move or 'R']} to move")


def _random_positions(count: int, seed: int) -> list[tuple[CheeseGambitPosition, tuple[int, int]]]:
    rng = random.Random(seed)
    options = GAME.normalise_options({"taunt": "off"})
    found: list[tuple[CheeseGambitPosition, tuple[int, int]]] = []
    while len(found) < count:
        position = GAME.initial(options, rng.choice("RB"))
        for _ in range(rng.randint(4, 50)):
            if position.result is not None:
                break
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            position = position.play(rng.choice(position.legal_turns(dice)), dice).position
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        if position.result is None and len(position.legal_turns(dice)) > 2:
            assert isinstance(position, CheeseGambitPosition)
            found.append((position, dice))
    return found


#: The opening (many turns tie exactly there: no contact yet) and middle games.
SYMMETRY_CASES = [(listing("R: 4@9, 3@33, 4@49, 3@65; B: 4@13, 3@29, 4@45, 3@69; taunt off; "
                           "R to move"), dice) for dice in ((1, 1), (2, 5), (6, 4))] \
    + _random_positions(6, 17)


def test_the_mirror_helper_turns_the_start_into_itself() -> None:
    start = GAME.initial(GAME.normalise_options({"taunt": "off"}), "R")
    assert isinstance(start, CheeseGambitPosition)
    mirrored = _mirror(start)
    assert mirrored.pieces("R") == start.pieces("R")
    assert mirrored.pieces("B") == start.pieces("B")
    assert mirrored.side_to_move == "B"


@pytest.mark.parametrize("case", range(len(SYMMETRY_CASES)))
def test_a_colour_mirrored_position_has_the_mirrored_value(case: int) -> None:
    position, _ = SYMMETRY_CASES[case]
    mirrored = _mirror(position)
    for side in ("R", "B"):
        assert position_value(mirrored, _SWAP[side]) == pytest.approx(
            position_value(position, side), abs=1e-12)
        assert position_value(mirrored, _SWAP[side], risk=False) == pytest.approx(
            position_value(position, side, risk=False), abs=1e-12)


@pytest.mark.parametrize("level", [Level.HARD, Level.EXPERT], ids=lambda lv: lv.value)
@pytest.mark.parametrize("case", range(len(SYMMETRY_CASES)))
def test_a_colour_mirrored_position_gets_the_mirrored_choice(case: int, level: Level) -> None:
    position, dice = SYMMETRY_CASES[case]
    mirrored = _mirror(position)
    mine = STRATEGY.choose(position, dice, level, STRATEGY.budget_for(level), random.Random(1))
    theirs = STRATEGY.choose(mirrored, dice, level, STRATEGY.budget_for(level),
                             random.Random(1))
    after = position.play(mine.text, dice).position
    reached = mirrored.play(theirs.text, dice).position
    assert isinstance(after, CheeseGambitPosition) and isinstance(reached, CheeseGambitPosition)
    assert _turned(after) == {s: reached.pieces(s) for s in "RB"}


@pytest.mark.parametrize("players", [2, 3])
def test_expert_exact_replies_are_every_legal_reply_valued_in_full(players: int) -> None:
    # exact_reply_value reads the turns' values from the pieces; the generic
    # expectimax plays every reply and values the position: the same numbers
    # (ties aside, which the pieces-only one breaks against us)
    from bench.bench_decisions import positions
    from computer.cheesegambit import STRATEGY, exact_reply_value
    from computer.search import reply_value

    game = get_game("cheesegambit")
    cases = positions("cheesegambit", 2, f"exact:{players}", (6, 30))
    if players == 3:
        options = game.normalise_options({"players": "3"})
        start = game.initial(options, game.sides(options)[0].letter)
        cases = [(start, (3, 1))]
    for position, dice in cases:
        assert isinstance(position, CheeseGambitPosition)
        side = position.side_to_move
        assert side is not None
        for candidate in STRATEGY.expand(position, dice)[:3]:
            after = candidate.after
            assert isinstance(after, CheeseGambitPosition)
            exact = exact_reply_value(after, side, Budget(60.0))
            played = reply_value(after, STRATEGY.value, side, Budget(60.0), STRATEGY.expand)
            assert exact is not None and played is not None
            assert exact == pytest.approx(played, abs=1e-6)
