"""The learned evaluations of CheeseGambit and Chebache (computer/<game>_learned.py)
and the game-independent self-play trainer (computer/selfplay.py,
computer/train.py): a smoke run per game, the same weights for the same seed,
a network that starts as the hand-tuned value, after-states that are the
engine's own positions, and features that treat the colours alike."""

from __future__ import annotations

import importlib
import random
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from computer import chebache_learned, cheesegambit_learned
from computer.base import Budget, Level
from computer.chebache import ChebacheStrategy
from computer.chebache import value as chebache_value
from computer.cheesegambit import CheesegambitStrategy, position_value
from computer.selfplay import hand_chooser, match, net_scores, throw
from computer.td import Network
from computer.train import main, self_play_of, train
from games import get_game
from games.chebache.successors import successors as chebache_successors
from games.cheesegambit.position import CheeseGambitPosition

MODULES = {"cheesegambit": cheesegambit_learned, "chebache": chebache_learned}
GAMES = sorted(MODULES)


@pytest.mark.parametrize("game", GAMES)
def test_a_smoke_run_prints_its_learning_curve_and_saves_weights(
        game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / f"{game}.npz"
    assert main([game, "--games", "2", "--seed", "3", "--every", "1", "--match", "2",
                 "--out", str(out)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(" games")[0] for line in lines] == ["1", "2"]
    assert "vs previous" in lines[1] and "vs hand-tuned" in lines[1] and "[95% " in lines[1]
    module: Any = MODULES[game]
    assert Network.load(out).W.shape == (module.HIDDEN, module.FEATURES)


@pytest.mark.parametrize("game", GAMES)
def test_the_same_seed_gives_the_same_weights_and_another_seed_others(game: str) -> None:
    one = train(2, seed=5, game=game)
    again = train(2, seed=5, game=game)
    other = train(2, seed=6, game=game)
    for mine, same in zip(one.params(), again.params(), strict=True):
        assert np.array_equal(mine, same)
    assert not np.array_equal(one.u, other.u)
    module: Any = MODULES[game]
    assert not np.array_equal(one.u, module.fresh(5).u)  # the games moved the weights


@pytest.mark.parametrize("game", GAMES)
def test_an_untrained_network_is_the_hand_tuned_value(game: str) -> None:
    play = self_play_of(game)
    net = play.fresh(1)
    rng = random.Random(2)
    state = play.start()
    for _ in range(30):
        afters = play.options(state, throw(rng))
        got = net_scores(net, play, state, afters)
        want = [play.outcome(state, a) if play.outcome(state, a) is not None else h
                for a, h in zip(afters, play.hand(state, afters), strict=True)]
        assert got == pytest.approx(want, abs=0.02)
        chosen = afters[rng.randrange(len(afters))]
        if play.outcome(state, chosen) is not None:
            break
        state = play.advance(state, chosen)


def _every_turns_worth(state: Any, dice: tuple[int, ...]) -> list[float]:
    """The hand-tuned worth of every legal turn (a finished game by its result)."""
    mover = state.side_to_move
    if isinstance(state, CheeseGambitPosition):
        return [position_value(after, mover) for _, after in state.successors(dice)]
    out = []
    for _, after in chebache_successors(state, dice):
        result = after.result
        out.append(chebache_value(after, mover) if result is None
                   else 0.5 if result.winner is None else float(result.winner == mover))
    return out


@pytest.mark.parametrize("game", GAMES)
def test_the_after_states_are_the_engines_best_turns_by_the_hand_tuned_value(game: str) -> None:
    module: Any = MODULES[game]
    play = self_play_of(game)
    rng = random.Random(7)
    state = play.start()
    for _ in range(12):
        dice = throw(rng)
        top = module.top_turns(state, dice)
        assert 1 <= len(top) <= module.TOP
        values = [value for value, _, _ in top]
        every = sorted(_every_turns_worth(state, dice), reverse=True)
        assert values == pytest.approx(every[:len(values)], abs=1e-9)
        afters = play.options(state, dice)
        for (_, text, _), after in zip(top, afters, strict=True):
            # each after-state is what the engine plays for the turn's text
            assert state.play(text, dice).position.listing() == _position(after).listing()
        if play.outcome(state, afters[0]) is not None:
            break
        state = play.advance(state, afters[0])


def _position(after: Any) -> Any:
    return getattr(after, "position", after)


def test_cheesegambit_features_treat_the_colours_alike() -> None:
    """The start is its own colour mirror: Red's and Blue's first turns with
    the same throw give the same feature rows (each side in its own numbering)."""
    game = get_game("cheesegambit")
    options = game.normalise_options(cheesegambit_learned.OPTIONS)
    play = cheesegambit_learned.SELF_PLAY
    for dice in ((3, 1), (6, 6), (5, 2)):
        rows = {}
        for first in ("R", "B"):
            start = game.initial(options, first)
            assert isinstance(start, CheeseGambitPosition)
            found = play.rows(start, play.options(start, dice))
            rows[first] = sorted(map(tuple, np.round(found, 9).tolist()))
        assert rows["R"] == rows["B"]


def _worst_kept(play: Any, state: Any, afters: Any) -> int:
    return len(afters) - 1


@pytest.mark.parametrize("game", GAMES)
def test_a_match_credits_each_game_to_its_winner_whichever_side_is_named_first(
        game: str) -> None:
    """Game i of match(a, b) and of match(b, a) is the same game (the same
    dice, the same player in each seat), credited to a in one and to b in the
    other: the two scores add up to the games played."""
    play = self_play_of(game)
    games = 2
    ab = match(play, hand_chooser, _worst_kept, games, seed=4)
    ba = match(play, _worst_kept, hand_chooser, games, seed=4)
    assert ab + ba == games
    assert ab >= 1  # the hand-tuned best beats the worst of its own top turns here


STRATEGIES = {"cheesegambit": CheesegambitStrategy, "chebache": ChebacheStrategy}


@pytest.mark.parametrize("level", list(Level), ids=lambda level: level.value)
@pytest.mark.parametrize("game", GAMES)
def test_every_level_plays_a_legal_turn_with_a_learned_value(game: str, level: Level) -> None:
    strategy = STRATEGIES[game](learned=set(Level), net=train(1, seed=1, game=game))
    play = self_play_of(game)
    position = play.start()
    rng = random.Random(4)
    for _ in range(8):
        dice = throw(rng)
        choice = strategy.choose(position, dice, level, strategy.budget_for(level), rng)
        assert choice.text.split(" T@")[0] in position.legal_turns(dice)
        position = position.play(choice.text, dice).position
        while position.result is None and position.action_due():
            side = position.actors()[0]
            answer = strategy.answer(position, side, level, strategy.budget_for(level), rng)
            position = position.play_action(answer.text, side).position
        if position.result is not None:
            break


def _played_into(game: str, plies: int, seed: int) -> tuple[Any, tuple[int, ...]]:
    """A position ``plies`` turns into a self-play game (each the hand-tuned best
    of the seeded throw) and the next throw."""
    play = self_play_of(game)
    position = play.start()
    rng = random.Random(seed)
    for _ in range(plies):
        position = play.advance(position, play.options(position, throw(rng))[0])
    return position, throw(rng)


@pytest.mark.parametrize("game", GAMES)
def test_hard_with_a_learned_value_chooses_by_work_not_by_the_clock(game: str) -> None:
    """The same position and throw give the same choice under a generous and
    a tight-but-sufficient wall cap: the work budget stops the search."""
    net = train(1, seed=2, game=game)
    strategy = STRATEGIES[game](learned={Level.HARD}, net=net)
    position, dice = _played_into(game, 4, seed=11)
    work = strategy.WORK[Level.HARD]
    texts = {strategy.choose(position, dice, Level.HARD, Budget(seconds, work=work),
                             random.Random(1)).text for seconds in (60.0, 600.0)}
    assert len(texts) == 1
    # and a search given no work at all still plays the one-ply best
    starved = strategy.choose(position, dice, Level.HARD, Budget(60.0, work=1),
                              random.Random(1))
    assert starved.text.split(" T@")[0] in position.legal_turns(dice)


def test_cheesegambit_with_three_players_keeps_the_hand_tuned_value() -> None:
    """The network learned the two-player game: with three players the
    learned levels play by the hand-tuned value, exactly as without it."""
    game = get_game("cheesegambit")
    position = game.initial(game.normalise_options({"players": "3", "taunt": "off"}), "R")
    learned = CheesegambitStrategy(learned=set(Level), net=train(1, seed=1, game="cheesegambit"))
    plain = CheesegambitStrategy()
    for dice in ((3, 1), (6, 6), (5, 2)):
        assert learned.choose(position, dice, Level.HARD, learned.budget_for(Level.HARD),
                              random.Random(1)).text == plain.choose(
            position, dice, Level.HARD, plain.budget_for(Level.HARD), random.Random(1)).text


@pytest.mark.parametrize("game", ["hachapury", *GAMES])
def test_the_shipped_weights_load_fit_the_features_and_say_how_they_were_made(game: str) -> None:
    module: Any = importlib.import_module(f"computer.{game}_learned")
    net = module.shipped()
    assert module.WEIGHTS.stat().st_size < 100_000
    with np.load(module.WEIGHTS) as data:  # the runs that made them: docs/computer-strength.md
        if "distilled_from" in data:  # computer/distill.py, from a teacher trained first
            distilled(data, net, module)
            return
        games = int(data["games"])
        # an ensemble (Network.stack) names a seed per member
        seeds = ([int(s) for s in str(data["seeds"]).split(",")] if "seeds" in data
                 else [int(data["seed"])])
    assert games >= 1000 and min(seeds) >= 1 and len(set(seeds)) == len(seeds)
    assert net.members == len(seeds)
    for member, seed in zip(map(net.member, range(net.members)), seeds, strict=True):
        assert member.W.shape == (module.HIDDEN, module.FEATURES)
        # trained: the weights are no longer the hand-tuned start
        assert not np.array_equal(member.u, module.fresh(seed).u)


def distilled(data: Any, net: Network, module: Any) -> None:
    """A distilled network names its teacher, its positions and its seeds, and
    the whole recipe from self-play on; it reads the game's features."""
    assert str(data["distilled_from"]) and int(data["positions"]) >= 10_000
    assert all(int(s) >= 1 for s in str(data["seeds"]).split(","))
    recipe = str(data["recipe"])
    assert recipe.startswith(f"python -m computer.train {module.SELF_PLAY.game} ")
    assert f"python -m computer.distill {module.SELF_PLAY.game} " in recipe
    for k in range(net.members):
        assert net.member(k).W.shape[1] == module.FEATURES
        assert not np.array_equal(net.member(k).u, module.fresh(1).u)


@pytest.mark.parametrize("game", GAMES)
def test_turn_values_are_the_ones_the_learned_levels_play_by(game: str) -> None:
    """``value_turns`` (the error-rate bench's view of a level) values a turn
    as the level plays: ``hard`` with the network by the network's reply
    search, so its choice is the best of the turns it looked at by those
    values; the hand-tuned ``hard`` values the same turns otherwise."""
    strategy: Any = STRATEGIES[game]()
    hand = STRATEGIES[game](learned=())
    net = strategy.net_for(Level.HARD)
    assert net is not None
    position, dice = _played_into(game, 6, seed=5)
    top = getattr(strategy, "LEARNED_HARD_TOP", strategy.HARD_TOP)
    looked = [text for _, text, _ in MODULES[game].ranking(position, dice, net)[:top]]
    assert len(looked) > 1
    valued = dict((text, value) for value, text in strategy.value_turns(
        position, dice, Level.HARD, Budget(600.0), looked))
    chosen = strategy.choose(position, dice, Level.HARD, strategy.budget_for(Level.HARD),
                             random.Random(1)).text.split(" T@")[0]
    assert valued[chosen] == pytest.approx(max(valued.values()), abs=1e-9)
    by_hand = dict((text, value) for value, text in hand.value_turns(
        position, dice, Level.HARD, Budget(600.0), looked))
    assert by_hand.keys() == valued.keys()
    assert any(abs(by_hand[text] - valued[text]) > 1e-6 for text in looked)
