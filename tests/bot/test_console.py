"""``python -m bot local``: named users in a pretend channel, images to a folder."""

from __future__ import annotations

import io
import os
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


async def _run(script: str, tmp: Path, seed: int | None = 7, locale: str = "",
               images: Path | None = None) -> str:
    out = io.StringIO()
    code = await run_console(str(tmp / "db.sqlite3"), str(images or tmp / "img"), seed,
                             ["mod"], io.StringIO(script), out, locale=locale)
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
    thrown, again = dice.search(first), dice.search(second)
    assert thrown and again and thrown.group(0) == again.group(0)
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
    """The README's example is a promise: every line of it is answered, none refused,
    and again on the same database (the first run's game is still being played there)
    and the same images folder (whose pictures stay)."""
    readme = (ROOT / "README.md").read_text()
    block = readme.split("## The local console", 1)[1].split("```sh\n", 1)[1].split("```", 1)[0]
    command, *lines = block.strip().splitlines()
    args = command.split()
    assert args[:2] == [".venv/bin/boardbot", "local"], command
    images = args.index("--images")
    args[images + 1] = str(tmp_path / "images")
    # the command line installed beside this interpreter (the project's .venv), on this
    # checkout's code
    installed = str(Path(sys.executable).parent / "boardbot")
    pictures: set[str] = set()
    for _run_again in range(2):
        done = subprocess.run(
            [installed, *args[1:], "--db", str(tmp_path / "readme.sqlite3")],
            input="\n".join(lines) + "\n", capture_output=True, text=True, cwd=ROOT,
            timeout=120, env={**os.environ, "PYTHONPATH": str(ROOT)})
        assert done.returncode == 0, done.stderr
        assert "(only " not in done.stdout and "??" not in done.stdout, done.stdout
        assert "alice (White) placed a tile at 0,0, White dominant (/)." in done.stdout
        assert "bob (Blue) placed" in done.stdout and "**Che**, turn 3" in done.stdout
        assert done.stdout.count("[board image:") == 4
        pictures |= set(re.findall(r"\[board image: (.+)\]", done.stdout))
    assert len(pictures) == 8 and all(Path(p).exists() for p in pictures)


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


async def test_picker_buttons_are_found_by_what_they_do_in_any_language(
        tmp_path: Path) -> None:
    """``/pick ok``, ``back``, ``cancel`` press the picker's Confirm, Back and Cancel by
    their actions: in Russian the labels are Подтвердить, Назад, Отмена."""
    text = await _run("alice: /new hachapury @bob\nbob: /accept\nalice: /play\n"
                      "alice: /pick 1\nalice: /pick back\nalice: /pick 1\nalice: /pick 1\n"
                      "alice: /pick ok\n", tmp_path, seed=2, locale="ru")
    assert "[button: Подтвердить -> /pick ok]" in text
    assert "has no" not in text and "no `/pick" not in text, text
    assert "alice (Белые): бросок 6-5, ход 24→19→13." in text, text  # played
    text = await _run("alice: /pick ok\n", tmp_path, seed=2, locale="ru")
    # no picker step left open: the answer says so in the reader's language
    assert "/play" in text and "No picker" not in text, text


async def test_images_and_files_of_an_earlier_run_are_never_overwritten(
        tmp_path: Path) -> None:
    script = "alice: /new hachapury @bob\nbob: /accept\nalice: /board\nalice: /record\n"
    images = tmp_path / "img"
    first = await _run(script, tmp_path / "one", images=images)
    paths = re.findall(r"\[(?:board image|file): (.+)\]", first)
    assert len(paths) == 3
    saved = {path: Path(path).read_bytes() for path in paths}
    # another database, same folder: its game is game 1 too and starts counting again
    second = await _run("alice: /new che @bob\nbob: /accept\nalice: /board\n"
                        "alice: /record\n", tmp_path / "two", images=images)
    again = re.findall(r"\[(?:board image|file): (.+)\]", second)
    assert len(again) == 3 and not set(again) & set(paths), (paths, again)
    for path, data in saved.items():
        assert Path(path).read_bytes() == data, path
    # numbering goes on after the files already there
    numbers = [int(n) for n in re.findall(r"board-\d+-(\d+)\.png", first + second)]
    assert numbers == sorted(numbers) and len(set(numbers)) == len(numbers), numbers


async def test_help_lists_every_console_command_and_itself(tmp_path: Path) -> None:
    from bot.console import COMMANDS
    from bot.console_options import ALIASES
    for locale in ("", "ru"):
        text = await _run("alice: /help\n", tmp_path, locale=locale)
        missing = [c for c in COMMANDS if c not in ALIASES and f"`/{c}" not in text]
        assert not missing, (locale, missing)


async def test_channels_by_name_and_switching_between_them(tmp_path: Path) -> None:
    """``--channel NAME`` plays there; ``/channel NAME`` moves; ``/channel new`` finds a
    channel without a game; each channel keeps its own game."""
    out = io.StringIO()
    script = ("alice: /new hachapury @bob\nbob: /accept\n"
              "alice: /channel new\n"          # the first of local, local-2, ... free
              "alice: /new che @carol\ncarol: /accept\n"
              "alice: /games\n"
              "alice: /channel table\nbob: /board\n"
              "alice: /channel other\nalice: /channel\n")
    code = await run_console(str(tmp_path / "db.sqlite3"), str(tmp_path / "img"), 7, [],
                             io.StringIO(script), out, channel="table")
    text = out.getvalue()
    assert code == 0 and "??" not in text
    assert "Now in #local." in text and "Now in #table." in text
    assert "#table: Hachapury, alice vs bob" in text and "#local: Che, alice vs carol" in text
    board = text.split("Now in #table.", 1)[1].split("Now in #other.", 1)[0]
    assert "**Hachapury**, turn " in board and "Che" not in board  # table's game
    assert "You are in #other." in text
    # the next run in a used channel is told how to reach one without a game
    again = io.StringIO()
    await run_console(str(tmp_path / "db.sqlite3"), str(tmp_path / "img"), 7, [],
                      io.StringIO("alice: /new che @dan\n"), again, channel="table")
    assert "already has a game" in again.getvalue() and "`/channel new`" in again.getvalue()
    fresh = io.StringIO()
    await run_console(str(tmp_path / "db.sqlite3"), str(tmp_path / "img"), 7, [],
                      io.StringIO("alice: /new che @dan\nalice: /channel\n"), fresh,
                      channel="new")
    assert "alice challenges @dan to **Che**" in fresh.getvalue()
    assert "You are in #local-2." in fresh.getvalue()  # local has the Che game


def test_the_command_line_takes_a_channel(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "bot", "local", "--seed", "3", "--channel", "den", "--db",
         str(tmp_path / "x.sqlite3"), "--images", str(tmp_path / "img")],
        input="alice: /new hachapury @bob\nbob: /accept\nalice: /games\n",
        capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "#den: Hachapury, alice vs bob" in done.stdout, done.stdout
    done = subprocess.run([sys.executable, "-m", "bot", "local", "--channel", "a b"],
                          input="", capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert done.returncode == 2 and "a channel's name is letters" in done.stderr


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


async def test_tournament_and_league_read_their_options_or_refuse_them(tmp_path: Path) -> None:
    """``/tournament new`` and ``/league new`` refuse unreadable options before anything
    is created, and their other actions go to the service's ``<group>_<action>``."""
    text = await _run("mod: /tournament new game:hachapury format:swiss options:!!!\n"
                      "mod: /tournament new game:hachapury format:swiss rounds:3 name:Autumn\n"
                      "bob: /tournament join\n"
                      "mod: /league new game:chebache options:???\n"
                      "mod: /league new game:chebache name:Spring\n", tmp_path)
    assert "(only mod sees this) Cannot read option `!!!`" in text
    assert "(only mod sees this) Cannot read option `???`" in text
    assert "**Autumn**: a Swiss of Hachapury, 3 rounds" in text
    assert "bob joins **Autumn** (1 signed up)" in text
    assert "**Spring**: a Chebache league in divisions of 6" in text
