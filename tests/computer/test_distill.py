"""Distilling a deeper look into a one-ply network (computer/distill.py): the
target is the reply search's own value, the positions are the teacher's
seeded self-play, the fit moves a network towards its targets, and the
command line writes a network (or an ensemble) and says how it plays."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

from computer import hachapury_learned as learned
from computer.base import Budget
from computer.distill import Positions, distil, fit, main, one_reply_deeper, positions
from computer.hachapury import reply_average
from computer.selfplay import throw
from computer.td import Network
from computer.train import train

PLAY = learned.SELF_PLAY


def _pair() -> Network:
    """A small ensemble teacher of two briefly trained networks (not the shipped
    weights, so these tests do not depend on what ships)."""
    return Network.stack([train(2, seed=5), train(2, seed=6)])


def test_the_target_is_the_reply_search_s_value_by_the_teacher() -> None:
    """One reply deeper by the teacher is what Hachapury's reply search
    (computer/hachapury.py ``reply_average``, written apart) gives with it."""
    teacher = learned.shipped()
    rng = random.Random(4)
    state = PLAY.start()
    checked = 0
    for _ in range(30):
        mover = PLAY.mover(state)
        afters = PLAY.options(state, throw(rng))
        after = afters[rng.randrange(len(afters))]
        if PLAY.outcome(state, after) is not None:
            break
        position = PLAY.advance(state, after)
        assert one_reply_deeper(PLAY, teacher, state, after) == pytest.approx(
            reply_average(position, mover, Budget(60.0), teacher), abs=1e-12)
        checked += 1
        state = position
    assert checked >= 20


def test_positions_are_seeded_win_shares_with_their_feature_rows() -> None:
    teacher = learned.shipped()
    lines: list[str] = []
    one = positions("hachapury", teacher, 150, seed=3, log=lines.append)
    again = positions("hachapury", teacher, 150, seed=3, log=lines.append)
    other = positions("hachapury", teacher, 150, seed=4, log=lines.append)
    # whole games: at least as many as asked, and not a game more than needed
    assert 150 <= len(one) < 150 + 4 * 200 and one.x.shape == (len(one), learned.FEATURES)
    assert np.all((one.y >= 0.0) & (one.y <= 1.0))
    assert np.array_equal(one.x, again.x) and np.array_equal(one.y, again.y)
    assert not np.array_equal(one.y, other.y)
    # each row goes with its own target: the teacher one ply deep (the row) and
    # one reply deeper (the target) mostly agree, and not once shuffled apart
    static = teacher.values(one.x)
    assert np.corrcoef(static, one.y)[0, 1] > 0.8
    assert np.corrcoef(static, np.roll(one.y, 7))[0, 1] < 0.5


def test_the_fit_moves_a_network_towards_its_targets() -> None:
    """Targets made by another network: the fitted copy values the held-out
    rows much closer to them than its start did, and the start is left alone."""
    teacher = _pair()
    data = positions("hachapury", teacher, 600, seed=5, log=lambda _: None)
    target_net = teacher.member(1)
    made = Positions(data.x, target_net.values(data.x))
    start = teacher.member(0)
    before = start.copy()
    lines: list[str] = []
    fitted = fit(start, made, seed=1, epochs=6, lr=0.003, log=lines.append)
    error = float(np.mean((fitted.values(made.x) - made.y) ** 2))
    error_before = float(np.mean((start.values(made.x) - made.y) ** 2))
    assert error < 0.5 * error_before
    assert all(np.array_equal(a, b) for a, b in zip(start.params(), before.params(),
                                                      strict=True))
    held_out = len(made) // 10
    assert lines[0].startswith(f"fit seed 1: {len(made) - held_out} positions, "
                               f"{held_out} held out")
    assert len(lines) == 7 and lines[-1].startswith("  epoch 6: ")
    held = [float(line.split(": ")[1]) for line in lines[1:]]
    assert held[-1] < float(lines[0].split("error ")[1].split()[0])
    again = fit(start, made, seed=1, epochs=6, lr=0.003, log=lambda _: None)
    assert all(np.array_equal(a, b) for a, b in zip(fitted.params(), again.params(),
                                                      strict=True))


def test_an_ensemble_is_fitted_member_by_member_and_refused_as_a_start() -> None:
    teacher = _pair()
    student = distil("hachapury", teacher, 120, [1, 2], epochs=1, members=2,
                     log=lambda _: None)
    assert student.members == 2
    for k in range(2):
        assert not np.array_equal(student.member(k).u, teacher.member(k).u)
    # a wider student: the teacher's units and more
    wide = distil("hachapury", teacher, 120, [1], epochs=1, hidden=24, log=lambda _: None)
    assert wide.members == 1 and wide.W.shape == (24, learned.FEATURES)
    with pytest.raises(ValueError, match="one network at a time"):
        fit(teacher, Positions(np.zeros((2, learned.FEATURES)), np.zeros(2)), seed=1)


def test_the_command_writes_the_student_and_plays_it_against_the_teacher(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "d.npz"
    teacher = tmp_path / "t.npz"
    train(2, seed=5, out=teacher)
    assert main(["hachapury", "--teacher", str(teacher), "--positions", "100", "--seed", "2",
                 "--epochs", "2", "--match", "2", "--out", str(out)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("fit seed 2: ") and " held out; " in lines[0]
    assert lines[-1].startswith("against the teacher one ply deep: ")
    assert "/2 = " in lines[-1] and "[95% " in lines[-1]
    student = Network.load(out)
    assert student.members == 1 and student.W.shape == (learned.HIDDEN, learned.FEATURES)
    with np.load(out) as saved:
        assert str(saved["seeds"]) == "2" and str(saved["distilled_from"]) == "t.npz"
        assert int(saved["fit_seed"]) == 2
        # the recipe: the teacher's self-play run, then this one
        assert str(saved["recipe"]) == (
            "python -m computer.train hachapury --games 2 --seed 5 --out t.npz; "
            f"python -m computer.distill hachapury --teacher {teacher} --positions 100 "
            f"--seed 2 --epochs 2 --match 2 --out {out}")
    # a student's student carries the whole recipe on
    again = tmp_path / "e.npz"
    assert main(["hachapury", "--teacher", str(out), "--positions", "30", "--seed", "3",
                 "--epochs", "1", "--match", "0", "--out", str(again)]) == 0
    with np.load(again) as saved, np.load(out) as first:
        assert str(saved["recipe"]).startswith(f"{first['recipe']}; python -m computer.distill")
