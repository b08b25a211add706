"""Every command the project tells people to run is written as it runs.

One convention (README, "Quick start"): from a clone set up with ``make setup`` (or the pip
line beside it), the command line is ``.venv/bin/boardbot COMMAND``. ``python -m bot`` needs
the virtual environment active (from a fresh clone it stops with ``No module named 'PIL'``),
and a bare ``boardbot`` needs it on PATH, so neither is written in the README, CONTRIBUTING,
docs/ or the example config. Messages posted in Discord are read by players who may have no
clone at all: there ``boardbot verify FILE`` is written with where the command comes from (the
README)."""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from bot.__main__ import _parser
from bot.catalogue import CATALOGUE, LANGUAGES, t

ROOT = Path(__file__).resolve().parents[1]
#: The command line installed beside the interpreter running the tests (the project's .venv).
INSTALLED = Path(sys.executable).parent / "boardbot"


def _subcommands() -> list[str]:
    for action in _parser()._actions:
        if isinstance(action, argparse._SubParsersAction):
            return list(action.choices)
    raise AssertionError("the parser has no subcommands")


def _help_pages() -> dict[str, str]:
    pages = {"boardbot --help": _parser().format_help()}
    for action in _parser()._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                pages[f"boardbot {name} --help"] = sub.format_help()
    return pages


SUBCOMMANDS = "|".join(_subcommands())
#: ``python -m bot COMMAND`` in any form: only works inside an active environment.
PYTHON_DASH_M = re.compile(rf"\bpython3?(?:\.\d+)? +-m +bot +(?:{SUBCOMMANDS})\b")
#: ``boardbot start`` without the path a fresh clone has it at.
BARE = re.compile(rf"(?<![\w/.@-])boardbot +(?:{SUBCOMMANDS})\b")
#: Documents a contributor or operator reads in the clone.
DOCUMENTS = ["README.md", "CONTRIBUTING.md", "config.example.toml", "Makefile"]


def _documents() -> dict[str, str]:
    paths = [ROOT / name for name in DOCUMENTS] + sorted((ROOT / "docs").rglob("*.md"))
    return {str(p.relative_to(ROOT)): p.read_text(encoding="utf-8") for p in paths}


def _problems(text: str, *, bare_allowed: bool) -> list[str]:
    found = [m.group(0) for m in PYTHON_DASH_M.finditer(text)]
    if not bare_allowed:
        found += [m.group(0) for m in BARE.finditer(text)]
    return found


def test_the_checks_can_fail() -> None:
    assert _problems("run `python -m bot verify FILE`", bare_allowed=True)
    assert _problems("`.venv/bin/python -m bot sync`", bare_allowed=True)
    assert _problems("then `boardbot verify FILE`", bare_allowed=False)
    assert not _problems("then `boardbot verify FILE`", bare_allowed=True)
    assert not _problems("`.venv/bin/boardbot verify FILE`, `@boardbot` plays, "
                         "`boardbot (hard)`", bare_allowed=False)


@pytest.mark.parametrize("name", list(_documents()))
def test_documents_write_commands_as_they_run_from_a_fresh_clone(name: str) -> None:
    problems = _problems(_documents()[name], bare_allowed=False)
    assert not problems, f"{name}: write .venv/bin/boardbot COMMAND: {problems}"


def test_the_help_pages_name_the_installed_command() -> None:
    for page, text in _help_pages().items():
        assert not _problems(text, bare_allowed=True), (page, text)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_messages_say_where_a_command_comes_from(lang: str) -> None:
    """A player reading Discord may have no clone: a command line names the README."""
    sources = "\n".join(p.read_text(encoding="utf-8")
                        for p in sorted((ROOT / "bot" / "catalogue").glob("*.py")))
    assert not _problems(sources, bare_allowed=True)
    for key, template in CATALOGUE[lang].items():
        assert not _problems(template, bare_allowed=True), (lang, key)
        if BARE.search(template):
            assert "README" in template, (lang, key, template)


def _record(tmp_path: Path) -> Path:
    """A game record as the bot writes one at the end: seed, commitment, opening throw and
    turns whose dice the seed gives."""
    from games import get_game
    from games.dice import commitment, opening_throws, opening_winner, turn_dice

    seed, session = bytes(range(32)), 41
    game = get_game("hachapury")
    rounds = opening_throws(seed, session, 2)
    first = "WB"[opening_winner(rounds)]
    position = game.initial({}, first)
    lines = ['[Game "hachapury"]', '[White "alice"]', '[Black "bob"]',
             f'[Session "{session}"]', f'[SeedHash "{commitment(seed)}"]',
             f'[Seed "{seed.hex()}"]',
             '[Opening "' + ", ".join(" ".join(map(str, r)) for r in rounds) + '"]']
    for number in range(1, 7):
        dice = turn_dice(seed, session, number)
        side = position.side_to_move
        played = position.play(position.legal_turns(dice)[0], dice)
        lines.append(f"{number}{side}: {played.record}")
        position = played.position
    path = tmp_path / "hachapury-41.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_game_over_command_runs_as_written(lang: str, tmp_path: Path) -> None:
    """The command the game-over message gives, run as a fresh clone runs it: the installed
    ``boardbot`` (here the one beside this interpreter: .venv/bin/boardbot) on a record."""
    note = t(lang, "seed_note", seed="00")
    commands = [span for span in re.findall(r"`([^`]*)`", note) if "verify" in span]
    assert commands == ["boardbot verify FILE"], note
    assert INSTALLED.exists(), f"{INSTALLED} is missing: install the project (make setup)"
    argv = [str(INSTALLED), *commands[0].split()[1:]]
    argv[argv.index("FILE")] = str(_record(tmp_path))
    # this checkout's code, whichever checkout the environment was installed from
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(argv, capture_output=True, text=True, cwd=tmp_path, env=env,
                          timeout=120)
    assert done.returncode == 0, (done.stdout, done.stderr)
    assert re.match(r"ok: \d+ throws match the seed", done.stdout), done.stdout
