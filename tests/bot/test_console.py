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
