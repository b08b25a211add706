"""computer/equity.py: every legal turn valued as a level sees it."""

from __future__ import annotations

import pytest

from bench.bench_decisions import positions
from bench.error_rate import Tally, losses_in
from computer.base import Budget, Level
from computer.equity import choice_turn, turn_equities
from computer.hachapury import STRATEGY as HACHAPURY
from computer.hachapury import reply_average
from games import get_game
from games.hachapury.position import HachapuryPosition

DICE_GAMES = ("hachapury", "cheesegambit", "chebache")


@pytest.mark.parametrize("game", DICE_GAMES)
def test_every_legal_turn_once_best_first_in_win_share(game: str) -> None:
    position, dice = positions(game, 1, f"equity:{game}", (6, 20), choices=3)[0]
    legal = sorted(turn.text for turn in position.legal_turns(dice))
    for level in (Level.NORMAL, Level.HARD):
        found = turn_equities(game, position, dice, level)
        assert sorted(item.text for item in found) == legal
        values = [item.equity for item in found]
        assert values == sorted(values, reverse=True)
        assert all(0.0 <= v <= 1.0 for v in values)


def test_only_the_turns_asked_for() -> None:
    position, dice = positions("cheesegambit", 1, "equity:some", (6, 20), choices=3)[0]
    legal = [turn.text for turn in position.legal_turns(dice)]
    found = turn_equities("cheesegambit", position, dice, Level.HARD, legal[:2])
    assert {item.text for item in found} == set(legal[:2])


def test_hard_values_a_turn_as_its_own_search_does() -> None:
    position, dice = positions("hachapury", 1, "equity:hachapury", (10, 30), choices=3)[0]
    assert isinstance(position, HachapuryPosition)
    side = position.side_to_move
    assert side is not None
    found = {item.text: item.equity
             for item in turn_equities("hachapury", position, dice, Level.HARD)}
    for candidate in HACHAPURY.expand(position, dice):
        searched = reply_average(candidate.after, side, Budget(60.0))
        assert searched is not None
        assert found[candidate.text] == pytest.approx(searched)


def test_a_winning_turn_is_worth_the_whole_game() -> None:
    game = get_game("hachapury")
    # White has one checker left, on its 1-point: any throw bears it off
    position = game.from_listing("W: 14@F, 1@1; B: 15@6; W to move", {})
    found = turn_equities("hachapury", position, (3, 1), Level.EXPERT)
    assert found[0].equity == 1.0


def test_a_choice_with_an_addition_plays_its_turn() -> None:
    assert choice_turn("2(9/10) 2(49/50) T@B", ["2(9/10)", "2(9/10) 2(49/50)"]) == (
        "2(9/10) 2(49/50)")
    assert choice_turn("8/3", ["8/3", "8/2"]) == "8/3"
    with pytest.raises(ValueError):
        choice_turn("7/1", ["8/3"])


def test_error_rate_scores_each_level_against_the_best_reference_turn() -> None:
    position, dice = positions("hachapury", 1, "equity:errors", (10, 30), choices=4)[0]
    tallies = {level: Tally() for level in Level}
    losses_in("hachapury", position, dice, 1, 4, tallies)
    reference = turn_equities("hachapury", position, dice, Level.EXPERT)
    worst = reference[0].equity - reference[-1].equity
    for level in Level:
        (loss,) = tallies[level].losses
        assert 0.0 <= loss <= worst + 1e-12


def test_che_turns_are_named_as_the_engine_names_them() -> None:
    # the search may place a turn's two tiles in the other order: the texts
    # must still be the engine's, each once
    position, dice = positions("che", 1, "equity:che", (4, 12))[0]
    legal = sorted(turn.text for turn in position.legal_turns(dice))
    found = turn_equities("che", position, dice, Level.NORMAL)
    assert sorted(item.text for item in found) == legal
    assert all(0.0 <= item.equity <= 1.0 for item in found)
    hard = turn_equities("che", position, dice, Level.HARD, [item.text for item in found[:5]])
    assert len(hard) == 5


def test_che_opening_values_are_the_four_first_tiles() -> None:
    game = get_game("che")
    options = game.normalise_options({})
    start = game.initial(options, game.sides(options)[0].letter)
    found = turn_equities("che", start, (), Level.HARD)
    assert len(found) == 4
    assert {item.text for item in found} == {turn.text for turn in start.legal_turns(())}


def test_rollouts_of_a_won_race_say_won_and_a_seed_gives_one_value() -> None:
    from computer.equity import rollout_equity

    game = get_game("hachapury")
    # White bears off its last two checkers next turn whatever it throws; Black is far off
    won = game.from_listing("W: 13@F, 2@1; B: 15@6; B to move", {})
    assert rollout_equity("hachapury", won, "W", games=4, plies=4) == 1.0
    position, dice = positions("hachapury", 1, "equity:rollouts", (10, 30), choices=3)[0]
    side = position.side_to_move
    assert side is not None
    after = position.play(position.legal_turns(dice)[0], dice).position
    once = rollout_equity("hachapury", after, side, games=6, plies=4, seed=3)
    assert once == rollout_equity("hachapury", after, side, games=6, plies=4, seed=3)
    assert 0.0 <= once <= 1.0


@pytest.mark.parametrize("game", ["hachapury", "chebache"])
def test_rollouts_by_the_network_play_to_the_end_and_repeat_for_a_seed(game: str) -> None:
    from computer.equity import net_rollout_equity

    position, dice = positions(game, 1, f"equity:net-rollouts:{game}", (10, 30), choices=3)[0]
    side = position.side_to_move
    assert side is not None
    turns = [turn.text for turn in position.legal_turns(dice)][:2]
    values = [net_rollout_equity(game, position.play(text, dice).position, side, games=3,
                                 plies=400 if game == "hachapury" else 6, seed=5)
              for text in turns]
    again = [net_rollout_equity(game, position.play(text, dice).position, side, games=3,
                                plies=400 if game == "hachapury" else 6, seed=5)
             for text in turns]
    assert values == again
    assert all(0.0 <= value <= 1.0 for value in values)
    if game == "hachapury":
        # played to the end, every continuation is a win or a loss: thirds
        assert all(round(value * 3, 9) == int(round(value * 3)) for value in values)


def test_network_rollouts_of_a_won_race_say_won_and_che_has_none() -> None:
    from computer.equity import net_rollout_equity

    won = get_game("hachapury").from_listing("W: 13@F, 2@1; B: 15@6; B to move", {})
    assert net_rollout_equity("hachapury", won, "W", games=4, plies=4) == 1.0
    assert net_rollout_equity("hachapury", won, "B", games=4, plies=4) == 0.0
    che = get_game("che")
    start = che.initial(che.normalise_options({}), che.sides(che.normalise_options({}))[0].letter)
    with pytest.raises(LookupError):
        net_rollout_equity("che", start, "W", games=1, plies=1)


def test_error_rate_in_two_processes_gives_the_same_losses(
        capsys: pytest.CaptureFixture[str]) -> None:
    from bench.error_rate import main

    def losses(jobs: int) -> list[str]:
        assert main(["--games", "hachapury", "--positions", "4", "--top", "3",
                     "--jobs", str(jobs)]) == 0
        lines = capsys.readouterr().out.splitlines()[1:]
        assert len(lines) == 4  # one line a level
        return [line.split("; ms ")[0] for line in lines]  # CPU times differ run to run

    assert losses(2) == losses(1)
