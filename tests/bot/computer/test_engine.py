"""The engine command's contract, run as a real subprocess: one answer a line,
flushed; answers legal for random positions of every game (a side's entries in
any order; pending taunts answered); ``error:`` on junk and the loop goes on;
exit 0 at the end of input."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from bot.replay import replay
from games import get_game
from games.base import Dice, Position

ROOT = Path(__file__).resolve().parents[3]
GAMES = [("hachapury", {}), ("chebache", {}), ("cheesegambit", {"players": "3"}), ("che", {})]
#: Positions asked per game: fewer where listing every turn is slow (Che's placements).
COUNTS = {"hachapury": 24, "chebache": 12, "cheesegambit": 24, "che": 6}


def _engine(game: str, lines: list[str], *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "bot", "engine", game, *args],
                          input="".join(line + "\n" for line in lines), capture_output=True,
                          text=True, timeout=300, cwd=ROOT, env=env)


def _positions(name: str, options: dict[str, str], rng: random.Random, count: int
               ) -> list[tuple[Position, Dice]]:
    """Positions of random games (answers due included), with the mover's dice."""
    game = get_game(name)
    normal = game.normalise_options(options)
    found: list[tuple[Position, Dice]] = []
    while len(found) < count:
        position = game.initial(normal, game.sides(normal)[0].letter)
        for _ in range(rng.randint(0, 60)):
            if position.result is not None:
                break
            if position.action_due():
                found.append((position, ()))
                answer = rng.choice(position.action_choices())
                position = position.play_action(answer, position.actors()[0]).position
                continue
            dice = tuple(rng.randint(1, 6) for _ in range(position.dice_count()))
            text = rng.choice(position.legal_turns(dice)).text
            additions = position.turn_additions(text, dice)
            if additions and rng.random() < 0.8:
                text += f" {rng.choice(additions)}"  # taunts, so that answers come due
            position = position.play(text, dice).position
        if position.result is None and not position.action_due():
            dice = tuple(rng.randint(1, 6) for _ in range(position.dice_count()))
            if position.forced_pass(dice) is None:
                found.append((position, dice))
    return found[:count]


def _shuffled(listing: str, rng: random.Random) -> str:
    """The listing with each side's entries in another order (``W: 11@6, 4@24``)."""
    parts = []
    for part in listing.split("; "):
        head, sep, rest = part.partition(": ")
        if sep and len(head) <= 2 and "," in rest:
            entries = rest.split(", ")
            rng.shuffle(entries)
            part = f"{head}: {', '.join(entries)}"
        parts.append(part)
    return "; ".join(parts)


def _request(position: Position, dice: Dice, rng: random.Random) -> str:
    line = _shuffled(position.listing(), rng)
    return f"{line} | {' '.join(map(str, dice))}" if dice else line


@pytest.mark.parametrize(("name", "options"), GAMES)
def test_answers_are_legal_for_random_positions(name: str, options: dict[str, str]) -> None:
    rng = random.Random(name)
    cases = _positions(name, options, rng, COUNTS[name])
    args = ["--level", "easy", "--seed", "7"]
    for key, value in options.items():
        args += ["--option", f"{key}={value}"]
    done = _engine(name, [_request(p, d, rng) for p, d in cases], *args)
    assert done.returncode == 0, done.stderr
    answers = done.stdout.splitlines()
    assert len(answers) == len(cases)
    answered = 0
    for (position, dice), answer in zip(cases, answers, strict=True):
        assert not answer.startswith("error"), (position.listing(), answer)
        if position.action_due():
            assert answer in position.action_choices()
            position.play_action(answer, position.actors()[0])
            answered += 1
        else:
            position.play(answer, dice)  # raises unless play/replay accept it as it is
    if name == "cheesegambit":
        assert answered, "no pending taunt among the positions: the test lost its point"


@pytest.mark.parametrize(("name", "options"), GAMES[:2])
def test_an_answer_replays_as_a_record_line(name: str, options: dict[str, str],
                                            capsys: pytest.CaptureFixture[str]) -> None:
    rng = random.Random(5)
    position, dice = _positions(name, options, rng, 1)[0]
    done = _engine(name, [_request(position, dice, rng)])
    answer = done.stdout.strip()
    side = position.side_to_move
    record = (f'[Game "{name}"]\n[Position "{position.listing()}"]\n'
              f"1{side}: [{' '.join(map(str, dice))}]; {answer}\n")
    assert replay(name, record) == 0, capsys.readouterr()


def test_junk_gets_an_error_and_the_loop_goes_on() -> None:
    start = get_game("hachapury").initial({}, "W").listing()
    lines = ["junk", "", f"{start}", f"{start} | 7 1", f"{start} | 6", f"{start} | 6 5"]
    done = _engine("hachapury", lines)
    assert done.returncode == 0
    answers = done.stdout.splitlines()
    assert len(answers) == len(lines)
    assert all(a.startswith("error: ") for a in answers[:5]), answers
    assert "cannot read the position" in answers[0]
    assert "no dice" in answers[2] and "1 to 6" in answers[3]
    get_game("hachapury").initial({}, "W").play(answers[5], (6, 5))


def test_che_takes_no_dice_and_a_finished_game_is_an_error() -> None:
    che = get_game("che").initial({}, "W").listing()
    done = _engine("che", [che, f"{che} | 3 3"])
    first, second = done.stdout.splitlines()
    get_game("che").initial({}, "W").play(first, ())
    assert second.startswith("error: ") and "no dice" in second


def test_bad_arguments_exit_2_with_the_reason() -> None:
    assert _engine("nope", []).returncode == 2
    bad = _engine("chebache", [], "--option", "kings=maybe")
    assert bad.returncode == 2 and "kings" in bad.stderr
    level = _engine("hachapury", [], "--level", "godlike")
    assert level.returncode == 2 and "easy, normal, hard, expert" in level.stderr


def test_each_answer_is_flushed_before_the_next_request() -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    start = get_game("hachapury").initial({}, "W").listing()
    with subprocess.Popen([sys.executable, "-m", "bot", "engine", "hachapury", "--level",
                           "easy"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                          cwd=ROOT, env=env) as engine:
        assert engine.stdin is not None and engine.stdout is not None
        for dice in ("6 5", "3 3"):
            engine.stdin.write(f"{start} | {dice}\n")
            engine.stdin.flush()
            answer = engine.stdout.readline()  # would hang if the answer sat in a buffer
            assert answer.strip() and not answer.startswith("error")
        engine.stdin.close()
        assert engine.wait(timeout=60) == 0  # end of input: it exits


def test_dice_sent_with_a_pending_taunt_are_accepted_and_ignored() -> None:
    # a tool that always sends the next dice must not lose its games at a taunt
    rng = random.Random("taunts")
    pending = [p for p, _ in _positions("cheesegambit", {"players": "3"}, rng, 24)
               if p.action_due()]
    assert pending, "no pending taunt among the positions: the test lost its point"
    position = pending[0]
    listing = position.listing()
    done = _engine("cheesegambit", [f"{listing} | 6 5", f"{listing} | 1 1", listing,
                                    f"{listing} | 9 9"], "--option", "players=3")
    assert done.returncode == 0, done.stderr
    with_dice, doubles, bare, junk = done.stdout.splitlines()
    assert with_dice in position.action_choices(), with_dice
    assert with_dice == doubles == bare  # the dice change nothing
    assert junk.startswith("error: ") and "1 to 6" in junk  # junk is still junk
