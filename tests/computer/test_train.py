"""The learned evaluation (computer/td.py, computer/hachapury_learned.py) and
its self-play trainer (computer/train.py): a smoke run in seconds, the same
weights for the same seed, a network that starts as the hand-tuned value, a
TD step that moves a value towards its target, and the shipped weights."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

from computer import hachapury_learned as learned
from computer.base import Level
from computer.hachapury import HachapuryStrategy
from computer.hachapury_eval import evaluate
from computer.td import Network, TDLambda
from computer.train import main, train
from games import get_game
from games.hachapury.position import HachapuryPosition
from games.hachapury.successors import successor_counts


def _start() -> HachapuryPosition:
    game = get_game("hachapury")
    position = game.initial(game.normalise_options({}), "W")
    assert isinstance(position, HachapuryPosition)
    return position


def _other(position: HachapuryPosition) -> tuple[int, ...]:
    """The counts of the side not to move."""
    mover = position.side_to_move
    assert mover is not None
    return position.checkers("B" if mover == "W" else "W")


def test_a_smoke_run_prints_its_learning_curve_and_saves_weights(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "h.npz"
    assert main(["hachapury", "--games", "4", "--seed", "3", "--every", "2", "--match", "2",
                 "--out", str(out)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 2
    assert lines[0].startswith("2 games") and lines[1].startswith("4 games")
    assert "vs previous" in lines[1] and "vs hand-tuned" in lines[1] and "[95% " in lines[1]
    assert Network.load(out).W.shape == (learned.HIDDEN, learned.FEATURES)


def test_the_same_seed_gives_the_same_weights_and_another_seed_others(tmp_path: Path) -> None:
    one = train(3, seed=5, out=tmp_path / "a.npz")
    again = Network.load(tmp_path / "a.npz")
    other = train(3, seed=6)
    for mine, same in zip(one.params(), again.params(), strict=True):
        assert np.array_equal(mine, same)
    assert not np.array_equal(one.u, other.u)
    # and the games moved the weights away from the start
    assert not np.array_equal(one.u, learned.fresh(5).u)


def test_an_ensemble_values_a_row_as_the_mean_of_its_members(tmp_path: Path) -> None:
    members = [train(2, seed=seed) for seed in (5, 6, 7)]
    ensemble = Network.stack(members)
    assert ensemble.members == 3 and members[0].members == 1
    rows = learned.MODEL.matrix(learned.features(*pair) for pair in (
        (_start().checkers("W"), _start().checkers("B")),
        ((0, *([0] * 18), 3, 3, 3, 3, 3, 0), _start().checkers("B"))))
    mean = np.mean([m.values(rows) for m in members], axis=0)
    assert np.allclose(ensemble.values(rows), mean, rtol=0, atol=1e-12)
    # not any one member's value: they differ
    assert not np.allclose(members[0].values(rows), mean, rtol=0, atol=1e-9)
    # saved and loaded whole
    ensemble.save(tmp_path / "e.npz", games=2)
    again = Network.load(tmp_path / "e.npz")
    assert again.members == 3 and np.array_equal(again.values(rows), ensemble.values(rows))
    with pytest.raises(ValueError, match="single networks"):
        Network.stack([ensemble, members[0]])


def test_several_seeds_train_an_ensemble_and_print_its_matches(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "e.npz"
    assert main(["hachapury", "--games", "2", "--seed", "5", "--seed", "6", "--every", "2",
                 "--match", "2", "--out", str(out)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "member seed 5" and lines[2] == "member seed 6"
    assert lines[-1].startswith("ensemble of 2: vs first member ")
    assert "vs hand-tuned" in lines[-1]
    ensemble = Network.load(out)
    # the same members as each seed's own run
    for k, seed in enumerate((5, 6)):
        alone = train(2, seed=seed)
        for mine, same in zip(ensemble.member(k).params(), alone.params(), strict=True):
            assert np.array_equal(mine, same)
    assert ensemble.member(1).members == 1
    with pytest.raises(ValueError, match="an ensemble of 2"):
        train(1, seed=5, start=out)
    with pytest.raises(IndexError):
        alone.member(1)


def test_an_untrained_network_is_the_hand_tuned_value() -> None:
    position = _start()
    rng = random.Random(2)
    for _ in range(12):
        other = _other(position)
        rows = [c for _, c in successor_counts(position, (rng.randint(1, 6), rng.randint(1, 6)))]
        got = learned.values(learned.fresh(1), rows, other)
        want = [evaluate(row, other, False) for row in rows]
        assert got == pytest.approx(want, abs=0.02)
        position = position.after(rows[rng.randrange(len(rows))])


def test_the_batch_features_are_the_row_by_row_features() -> None:
    """``batch`` (numpy, what the search and trainer use) against ``features``
    (plain Python, the definition) over random games' turns: contact, walls,
    waste and the hand-tuned logit all agree to rounding."""
    rng = random.Random(8)
    rows_seen = contact_rows = 0
    for _ in range(6):
        position = _start()
        while position.result is None:
            mover = position.side_to_move
            assert mover is not None
            other = position.checkers("B" if mover == "W" else "W")
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            rows = [c for _, c in successor_counts(position, dice)]
            want = np.array([learned.features(row, other) for row in rows])
            got = learned.batch(rows, other)
            assert got.shape == want.shape
            assert np.allclose(got, want, rtol=0.0, atol=1e-9)
            rows_seen += len(rows)
            contact_rows += int(want[:, -1].sum())
            position = position.after(rows[rng.randrange(len(rows))])
    assert rows_seen > 500 and 0 < contact_rows < rows_seen  # both kinds of rows were met


def test_a_td_step_moves_the_value_towards_its_target() -> None:
    net = learned.fresh(1)
    x = np.array(learned.features(_start().checkers("W"), _start().checkers("B")))

    def value() -> float:
        return float(net.values(x[None, :])[0])

    td = TDLambda(net, alpha=0.05, lam=0.7)
    for target in (1.0, 0.0, 0.0, 1.0):
        before = value()
        td.step(x, 1.0)
        td.finish(target)  # the game ends at once: the value moves to the result
        assert (value() > before) if target else (value() < before)
    # seen from the other side (sign -1) a win for the fixed side lowers the mover's value
    before = value()
    td.step(x, -1.0)
    td.finish(1.0)
    assert value() < before


@pytest.mark.parametrize("level", list(Level), ids=lambda level: level.value)
def test_every_level_plays_a_legal_turn_with_a_learned_value(level: Level) -> None:
    strategy = HachapuryStrategy(learned=set(Level), net=train(2, seed=1))
    position = _start()
    rng = random.Random(4)
    for _ in range(6):
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        choice = strategy.choose(position, dice, level, strategy.budget_for(level), rng)
        assert choice.text in position.legal_turns(dice)
        position = position.play(choice.text, dice).position  # type: ignore[assignment]


def test_hidden_units_and_a_falling_step_size_are_the_run_s_to_choose(tmp_path: Path) -> None:
    from computer.train import step_size

    assert step_size(0.01, None, 7, 10) == 0.01
    falling = [step_size(0.01, 0.001, done, 10) for done in range(10)]
    assert falling[0] == pytest.approx(0.01) and falling[-1] == pytest.approx(0.001)
    assert all(a > b for a, b in zip(falling, falling[1:], strict=False))
    out = tmp_path / "h.npz"
    assert main(["hachapury", "--games", "3", "--seed", "2", "--every", "0", "--hidden", "5",
                 "--alpha-end", "0.002", "--out", str(out)]) == 0
    assert Network.load(out).W.shape == (5, learned.FEATURES)
    with np.load(out) as saved:
        assert float(saved["alpha_end"]) == 0.002 and int(saved["games"]) == 3


def test_numpy_does_its_small_products_on_one_thread() -> None:
    """The computer package asks BLAS for one thread before numpy loads: the
    bot's workers and the trainer multiply small matrices, where threads only
    spin (and a fixed order of sums is the same on every machine)."""
    import subprocess
    import sys

    code = ("import computer.td, numpy, os; "
            "print(os.environ['OPENBLAS_NUM_THREADS'], numpy.__name__)")
    env = {key: value for key, value in __import__("os").environ.items()
           if key != "OPENBLAS_NUM_THREADS"}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env=env, check=True, cwd=Path(__file__).resolve().parents[2])
    assert out.stdout.split() == ["1", "numpy"]


def test_the_expected_target_is_the_search_s_average_over_the_next_throw() -> None:
    """The trainer's target (``--target throw``) for the side to throw is the
    reply search's own sum: its best turn by the network for each of the 21
    throws, weighted by their chances (computer/hachapury.py)."""
    from computer.base import Budget
    from computer.hachapury import _our_throws_by_net
    from computer.selfplay import THROWS, every_throw

    assert sum(weight for _, weight in THROWS) == pytest.approx(1.0) and len(THROWS) == 21
    net = learned.shipped()
    position = _start()
    rng = random.Random(9)
    for _ in range(8):
        other = _other(position)
        expected, found = every_throw(net, learned.SELF_PLAY, position)
        assert expected == pytest.approx(
            _our_throws_by_net(position, other, Budget(60.0), net), abs=1e-12)
        assert set(found) == {dice for dice, _ in THROWS}
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        afters, scores, _ = found[tuple(sorted(dice))]
        assert afters == [counts for _, counts in successor_counts(position, dice)]
        chosen = afters[scores.index(max(scores))]
        position = position.after(chosen)


def test_training_towards_the_expected_target_goes_on_from_given_weights(
        tmp_path: Path) -> None:
    start = tmp_path / "start.npz"
    train(2, seed=3, out=start)
    out = tmp_path / "throw.npz"
    assert main(["hachapury", "--games", "3", "--seed", "4", "--every", "0",
                 "--target", "throw", "--start", str(start), "--alpha", "0.01",
                 "--out", str(out)]) == 0
    begun, trained = Network.load(start), Network.load(out)
    assert not np.array_equal(begun.u, trained.u)  # it learned from the games ...
    assert np.abs(trained.u - begun.u).max() < 0.5  # ... going on from where it began
    with np.load(out) as saved:
        assert str(saved["target"]) == "throw" and str(saved["start"]) == "start.npz"
    again = tmp_path / "again.npz"
    main(["hachapury", "--games", "3", "--seed", "4", "--every", "0", "--target", "throw",
          "--start", str(start), "--alpha", "0.01", "--out", str(again)])
    assert all(np.array_equal(a, b) for a, b in
               zip(trained.params(), Network.load(again).params(), strict=True))
