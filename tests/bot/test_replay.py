"""``replay`` and ``verify``: the architecture page's contract, to the letter."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest

from bot.replay import replay

ROOT = Path(__file__).resolve().parents[2]

GAME = """[Game "hachapury"]
[White "alice"]
[Black "bob"]
1W: [6 5]; 24/13
2B: [3 1]; 24/21, 24/23
3W: [4 4]; 24/20 24/20 20/16 20/16
"""

EXPECTED = """1W: [6 5]; 24/19, 19/13
W: 3@24, 1@13, 11@6; B: 4@24, 11@6; B to move
2B: [3 1]; 24/21, 24/23
W: 3@24, 1@13, 11@6; B: 2@24, 1@23, 1@21, 11@6; W to move
3W: [4 4]; 2(24/20), 2(20/16)
W: 1@24, 2@16, 1@13, 11@6; B: 2@24, 1@23, 1@21, 11@6; B to move
"""


def _run(text: str, game: str = "hachapury", position: str | None = None
         ) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = replay(game, text, position, out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def test_two_lines_per_turn_and_exit_zero() -> None:
    assert _run(GAME) == (0, EXPECTED, "")


def test_command_line_contract(tmp_path: Path) -> None:
    path = tmp_path / "game.txt"
    path.write_text(GAME)
    done = subprocess.run([sys.executable, "-m", "bot", "replay", "hachapury", str(path)],
                          capture_output=True, text=True, cwd=ROOT)
    assert (done.returncode, done.stdout) == (0, EXPECTED)
    path.write_text(GAME.replace("1W: [6 5]", "1W: [9 5]"))
    bad = subprocess.run([sys.executable, "-m", "bot", "replay", "hachapury", str(path)],
                         capture_output=True, text=True, cwd=ROOT)
    assert bad.returncode == 2 and bad.stdout == "" and "dice" in bad.stderr


def test_first_line_side_won_the_opening_throw() -> None:
    text = '[Game "hachapury"]\n1B: [6 5]; 24/13\n'
    code, out, _ = _run(text)
    assert code == 0
    assert out.splitlines()[1] == "W: 4@24, 11@6; B: 3@24, 1@13, 11@6; W to move"


@pytest.mark.parametrize(
    "line, reason",
    [
        ("4W: [3 2]; 24/21 24/22", "illegal turn 4W: it is B's turn, not W's"),
        ("5B: [3 2]; 24/21 24/22", "illegal turn 5B: turn number 5 should be 4"),
        ("4B: [3 2]; 24/x", "illegal turn 4B: "),
        ("4B: [3 2]; 24/21", "illegal turn 4B: "),
        ("4B: [6 6]; 24/18", "illegal turn 4B: "),
        ("4B: [3]; 24/21", "illegal turn 4B: this turn needs 2 dice"),
    ],
)
def test_first_illegal_turn_named_and_exit_one(line: str, reason: str) -> None:
    code, out, _ = _run(GAME + line + "\n" + "5W: [1 1]; 6/5 6/5 6/5 6/5\n")
    lines = out.splitlines()
    assert code == 1
    assert lines[:6] == EXPECTED.splitlines()
    assert len(lines) == 7 and lines[6].startswith(reason)
    assert len(lines[6]) > len("illegal turn 4B: ")


def test_turn_after_the_end_is_illegal() -> None:
    won = "W: 1@1, 14@F; B: 15@6; W to move"
    text = '[Game "hachapury"]\n[Position "' + won + '"]\n7W: [2 1]; 1/F\n8B: [2 1]; 6/4 6/5\n'
    code, out, _ = _run(text)
    assert code == 1
    assert out.splitlines()[1] == "W: 15@F; B: 15@6; W wins 2"
    assert out.splitlines()[2] == "illegal turn 8B: the game is already over (W wins 2)"


def test_position_option_starts_from_a_listing() -> None:
    start = "W: 4@24, 11@6; B: 4@24, 11@6; B to move"
    code, out, _ = _run('[Game "hachapury"]\n10B: [6 5]; 24/13\n', position=start)
    assert code == 0 and out.splitlines()[0] == "10B: [6 5]; 24/19, 19/13"


@pytest.mark.parametrize(
    "text",
    [
        "1W: [6 5]; 24/13\n",                                     # no Game tag
        '[Game "chebache"]\n1W: [6 5]; 24/13\n',                  # wrong Game tag
        '[Game "hachapury"]\nwhat is this\n',                     # neither tag nor turn
        '[Game "hachapury"]\n1W: [6 5]; 24/13\n[Black "x"]\n',     # tag after a turn
        '[Game "hachapury"]\n1W: [6 0]; 24/13\n',                 # dice outside 1-6
        '[Game "hachapury"]\n[Position "W: lots"]\n1W: [6 5]; 24/13\n',  # bad Position
        '[Game "hachapury"]\n[Colour "mauve"]\n[Kings "x"]\n1W: [6 5]; 24/13\n',
    ],
)
def test_malformed_files_exit_two_with_reason_on_stderr(text: str) -> None:
    code, out, err = _run(text)
    if "Kings" in text:  # unknown tags are free text, not errors
        assert code == 0
        return
    assert code == 2 and out == "" and err.strip()


# -- hostile record files (issue 12): exit 2 or 1, never a traceback ------------------

HUGE = "9" * 10_000


@pytest.mark.parametrize(
    "line",
    [
        "1W: [² 3]; 24/18 24/21",           # a superscript: isdigit() is True, int() refuses
        "1W: [٦ ٥]; 24/18 24/19",           # Arabic-Indic digits: int() would take them
        f"{HUGE}W: [6 5]; 24/13",           # a turn number int() refuses
        "1W: [6 5 6 5 6 5 6 5 6 5]; 24/13",  # more dice than any game throws
        f"1W: [{'6 ' * 5000}]; 24/13",
        "١W: [6 5]; 24/13",                 # an Arabic-Indic turn number
    ],
)
def test_hostile_record_lines_are_malformed(line: str) -> None:
    code, out, err = _run('[Game "hachapury"]\n' + line + "\n")
    assert code == 2 and out == "" and "line 2" in err


@pytest.mark.parametrize(
    ("game", "line"),
    [
        ("hachapury", "99999999999999999999W: [5 2]; 24/22 24/19"),
        ("hachapury", f"1W: [6 5]; {HUGE}/13"),
        ("cheesegambit", f"1R: [6 5]; 9/{HUGE}"),
        ("cheesegambit", f"1R: [6 5]; {HUGE}(9/15)"),
        ("cheesegambit", "1R: [6 5]; ٩/١٥ 9/14"),
        ("chebache", f"1W: [6 5]; S/{HUGE}"),
        ("chebache", f"1W: [6 5]; {HUGE}(S/6)"),
    ],
)
def test_hostile_turn_texts_are_illegal_turns(game: str, line: str) -> None:
    code, out, err = _run(f'[Game "{game}"]\n' + line + "\n", game)
    assert (code == 1 and out.startswith("illegal turn 1")) or (
        code == 2 and err.startswith("malformed: line 2")), (code, out, err)


def test_verify_exits_two_on_hostile_dice_and_numbers() -> None:
    from bot.verify import verify

    head = '[Game "hachapury"]\n[Session "s"]\n[SeedHash "ab"]\n[Seed "ab"]\n'
    for body in ("1W: [² 3]; 24/18\n", f"{HUGE}W: [6 5]; 24/13\n", "1W: [6 5 6 5 6]; 24/13\n"):
        out, err = io.StringIO(), io.StringIO()
        assert verify(head + body, out=out, err=err) == 2, body
        assert "malformed" in err.getvalue()


@pytest.mark.parametrize("opening", [f"{HUGE} 1", "٣ 1", "² 1", "6 " * 400, "1 2, 3", ""])
def test_verify_refuses_hostile_opening_tags(opening: str) -> None:
    """400 dice would never give one highest throw: the check must not loop on it."""
    from bot.verify import verify
    from games.dice import commitment

    seed = bytes(range(32))
    text = (f'[Game "cheesegambit"]\n[Session "s"]\n[SeedHash "{commitment(seed)}"]\n'
            f'[Seed "{seed.hex()}"]\n[Opening "{opening}"]\n')
    out, err = io.StringIO(), io.StringIO()
    code = verify(text, out=out, err=err)
    assert (code == 2 and "Opening" in err.getvalue()) or (code in (0, 1) and out.getvalue())


# -- CheeseGambit records in the page's form and in the old form (issue 12) -----------

CG_PAGE_FORM = """[Game "cheesegambit"]
[Position "R: 2@65, 12@33; B: 1@66, 1@70, 12@45; R to move"]
1R: [1 1] 2(65X66) 2(33/34)
2B: [5 6] P/17 45/51
3R: [4 4] 66X70 66X70/2 34/38
"""
# Before issue 12 the bot wrote X only on the move that bumped.
CG_OLD_FORM = CG_PAGE_FORM.replace("2(65X66)", "65X66 65/66").replace("66X70/2", "66/70/2")
CG_CANONICAL = [
    "1R: [1 1] 2(33/34) 2(65X66)",
    "2B: [5 6] P/17 45/51",
    "3R: [4 4] 34/38 66X70 66X70/2",
]


@pytest.mark.parametrize("text", [CG_PAGE_FORM, CG_OLD_FORM])
def test_cheesegambit_records_in_page_and_old_form_replay(text: str, tmp_path: Path) -> None:
    path = tmp_path / "cg.txt"
    path.write_text(text)
    done = subprocess.run([sys.executable, "-m", "bot", "replay", "cheesegambit", str(path)],
                          capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.splitlines()[::2] == CG_CANONICAL


def test_analysis_marks_are_read_and_ignored() -> None:
    """``?!``, ``?`` and ``??`` after a turn (an analysis' marks: bot/records.py) change
    nothing: the same lines and positions as without them."""
    marked = GAME.replace("24/13\n", "24/13 ??\n").replace("24/23\n", "24/23 ?!\n") \
        .replace("20/16\n", "20/16 ?\n")
    assert marked != GAME
    assert _run(marked) == (0, EXPECTED, "")


def test_a_mark_alone_is_not_a_turn() -> None:
    code, out, _ = _run(GAME + "4B: [2 1] ?\n")
    assert code == 1 and out.startswith(EXPECTED)
