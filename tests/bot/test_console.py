"""``python -m bot local``: named users in a pretend channel, images to a folder."""

from __future__ import annotations

import io
import re
import subprocess
import sys
from pathlib import Path

from PIL import Image

from bot.console import run_console

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = """alice: /new hachapury @bob
bob: /accept
carol: /move 24/18
alice: /legal
bob: /board
alice: /record
"""


async def _run(script: str, tmp: Path, seed: int | None = 7) -> str:
    out = io.StringIO()
    code = await run_console(str(tmp / "db.sqlite3"), str(tmp / "img"), seed, ["mod"],
                             io.StringIO(script), out)
    assert code == 0
    return out.getvalue()


async def test_console_plays_the_service_and_writes_images(tmp_path: Path) -> None:
    text = await _run(SCRIPT, tmp_path)
    assert "alice challenges @bob to **Hachapury**" in text
    assert "begins" in text and "Dice commitment" in text
    assert "(only carol sees this) You are not playing" in text
    images = re.findall(r"\[board image: (.+\.png)\]", text)
    assert len(images) == 2
    # each picture is described in words too (what a screen reader says)
    described = re.findall(r"\[board description: Hachapury board\. (.+)\]", text)
    assert len(described) == 2 and all("to move" in d for d in described)
    for path in images:
        with Image.open(path) as image:
            assert 1000 <= image.width <= 1200
    record = re.search(r"\[file: (.+\.txt)\]", text)
    assert record and Path(record.group(1)).read_text().startswith('[Game "hachapury"]')


async def test_seed_makes_the_dice_repeatable(tmp_path: Path) -> None:
    first = await _run("alice: /new hachapury @bob\nbob: /accept\n", tmp_path / "a")
    second = await _run("alice: /new hachapury @bob\nbob: /accept\n", tmp_path / "b")
    other = await _run("alice: /new hachapury @bob\nbob: /accept\n", tmp_path / "c", seed=8)
    dice = re.compile(r"to move with \[(\d) (\d)\]")
    assert dice.search(first) and dice.search(first).group(0) == dice.search(second).group(0)  # type: ignore[union-attr]
    assert first.split("Dice commitment")[1][:80] != other.split("Dice commitment")[1][:80]


async def test_moderator_flag_and_unknown_lines(tmp_path: Path) -> None:
    text = await _run("alice: /new che @bob\nbob: /accept\nnonsense\nmod: /abort\n", tmp_path)
    assert "?? write `name: /command arguments`" in text
    assert "mod aborted the game" in text


def test_command_line_reads_a_script_from_stdin(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "bot", "local", "--seed", "3", "--db",
         str(tmp_path / "x.sqlite3"), "--images", str(tmp_path / "img")],
        input="alice: /new hachapury @bob\nbob: /accept\n", capture_output=True, text=True,
        cwd=ROOT, timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert "[board image:" in done.stdout and "to move with" in done.stdout


def test_the_readme_console_example_runs_as_written(tmp_path: Path) -> None:
    """The README's example is a promise: every line of it is answered, none refused."""
    readme = (ROOT / "README.md").read_text()
    block = readme.split("## The local console", 1)[1].split("```sh\n", 1)[1].split("```", 1)[0]
    command, *lines = block.strip().splitlines()
    args = command.split()
    assert args[:4] == [".venv/bin/python", "-m", "bot", "local"], command
    images = args.index("--images")
    args[images + 1] = str(tmp_path / "images")
    done = subprocess.run(
        [sys.executable, *args[1:], "--db", str(tmp_path / "readme.sqlite3")],
        input="\n".join(lines) + "\n", capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "(only " not in done.stdout and "??" not in done.stdout, done.stdout
    assert "rolled 6-5 and moved 24→19→13" in done.stdout, done.stdout
    assert done.stdout.count("[board image:") == 3


async def test_unknown_commands_and_stray_words_are_explained(tmp_path: Path) -> None:
    text = await _run("alice: /mvoe 24/18\nalice: /new hachapury bob\nalice: /frobnicate\n",
                      tmp_path)
    assert "There is no command `/mvoe`. Did you mean `/move`?" in text
    assert "`bob` is neither a player nor an option" in text
    assert "There is no command `/frobnicate`. `/help` lists the commands." in text
    assert "opens a **Hachapury** lobby" not in text  # no lobby opened by mistake


async def test_button_hints_are_commands_that_work_in_the_console(tmp_path: Path) -> None:
    text = await _run("alice: /new hachapury @bob\nbob: /accept\nbob: /resign\n"
                      "bob: /resign confirm\nalice: /rematch\n", tmp_path)
    assert "[button: Resign -> /resign confirm]" in text
    assert "bob resigns." in text
    assert "[button: Rematch -> /rematch]" in text
    assert text.count("alice challenges @bob to **Hachapury**") == 2  # the rematch worked


def test_every_button_verb_maps_to_a_console_command() -> None:
    from bot.console import COMMANDS, console_command
    actions = ["accept:1:c", "decline:1:c", "join:1:c", "start:1:c", "accept:1:t3-R-B",
               "drop:1:t3-R-B", "yes:1:v9-G-B", "no:1:v9-G-B", "takeback_yes:1:u4",
               "takeback_no:1:u4", "rematch:1:f", "resign:1:r", "play:1:p3-",
               "pick:1:p3-0", "pickok:1:p3-0_1", "pickno:1:p3-0"]
    for action in actions:
        command = console_command(action)
        assert command.startswith("/") and command[1:].split()[0] in COMMANDS, action


async def test_a_turn_picked_from_menus_in_the_console(tmp_path: Path) -> None:
    text = await _run("alice: /new hachapury @bob\nbob: /accept\n", tmp_path)
    mover = "alice" if "(alice) to move" in text else "bob"
    text = await _run(f"{mover}: /play\n{mover}: /pick 1\n{mover}: /pick 1\n"
                      f"{mover}: /pick 1\n{mover}: /pick 1\n{mover}: /pick ok\n", tmp_path)
    assert "[button: Play -> /play]" in text or "[menu: Choose the first move:" in text
    assert "[button: Confirm -> /pick ok]" in text
    assert " rolled " in text and "and moved " in text


async def test_console_plays_the_computer(tmp_path: Path) -> None:
    script = ("alice: /new hachapury @boardbot level=easy\n"
              "alice: /hint\n"
              "alice: /record\n")
    text = await _run(script, tmp_path, seed=3)
    assert "alice sets up **Hachapury** with boardbot (easy)" in text
    assert "(only alice sees this) Hint for turn" in text
    record = re.search(r"\[file: (.+\.txt)\]", text)
    assert record
    saved = Path(record.group(1)).read_text()
    assert '"boardbot (easy)"]' in saved and '[Hints "alice"]' in saved
    # whoever opened, the computer has played by the time alice reads: it is her turn
    assert text.count("White (alice) to move") + text.count("Black (alice) to move") >= 1


def test_the_console_speaks_the_locale_it_is_given(tmp_path: Path) -> None:
    """``--locale ru``: the console's server and users read Russian; without it English
    (the README example above)."""
    done = subprocess.run(
        [sys.executable, "-m", "bot", "local", "--seed", "7", "--locale", "ru", "--db",
         str(tmp_path / "ru.sqlite3"), "--images", str(tmp_path / "img")],
        input="alice: /new hachapury @bob\nbob: /accept\ncarol: /move 24/18\nalice: /help\n",
        capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "alice вызывает @bob на партию **Hachapury**" in done.stdout, done.stdout
    assert "**Hachapury**: партия началась." in done.stdout
    assert "(only carol sees this) Вы не участвуете в этой партии" in done.stdout
    assert "**Команды**" in done.stdout
    assert "[button: Принять -> /accept]" in done.stdout
    assert "[button: Ходить -> /play]" in done.stdout


async def test_an_unshipped_locale_is_said_with_the_languages_there_are(tmp_path: Path) -> None:
    # `--locale de` fell back to English without a word
    out = io.StringIO()
    code = await run_console(str(tmp_path / "db.sqlite3"), str(tmp_path / "img"), 7, [],
                             io.StringIO("alice: /new hachapury @bob\n"), out, locale="de")
    assert code == 0
    first = out.getvalue().splitlines()[0]
    assert first == "The language `de` is not available, so replies are in English. " \
                    "Languages: en, ru.", first
    assert "alice challenges @bob" in out.getvalue()
    english = io.StringIO()
    await run_console(str(tmp_path / "en.sqlite3"), str(tmp_path / "img"), 7, [],
                      io.StringIO(""), english, locale="en-GB")
    assert "not available" not in english.getvalue()
