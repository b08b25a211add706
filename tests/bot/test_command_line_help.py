"""``boardbot --help``: plain text, every subcommand listed with a one-line description,
and every subcommand runnable as ``python -m bot`` as well as ``boardbot``."""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from pathlib import Path

import pytest

from bot.__main__ import _parser

ROOT = Path(__file__).resolve().parents[2]
#: Markdown or reStructuredText markup that a terminal shows as it is.
MARKUP = re.compile(r"`|\*\*|__|\[[^\]]*\]\(")


def _subcommands() -> dict[str, argparse.ArgumentParser]:
    for action in _parser()._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    raise AssertionError("the parser has no subcommands")


def _help(*argv: str, capsys: pytest.CaptureFixture[str]) -> str:
    with pytest.raises(SystemExit) as done:
        _parser().parse_args([*argv, "--help"])
    assert done.value.code == 0
    return capsys.readouterr().out


def test_the_markup_check_can_fail() -> None:
    assert MARKUP.search("Command line: ``python -m bot``")
    assert MARKUP.search("see **README**")
    assert not MARKUP.search("check a finished game's dice against its seed")


def test_the_help_lists_every_subcommand_with_a_one_line_description(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "80")  # an ordinary terminal
    lines = _help(capsys=capsys).splitlines()
    names = list(_subcommands())
    assert {"start", "run", "sync", "local", "replay", "verify", "migrate", "ratings",
            "engine"} <= set(names)
    for name in names:
        # argparse lists a subcommand as an indented line: its name, then its help
        found = [i for i, line in enumerate(lines) if re.match(rf"^  +{name} +\S", line)]
        assert len(found) == 1, (name, lines)
        after = lines[found[0] + 1] if found[0] + 1 < len(lines) else ""
        # a description wrapped onto a second line would start with blanks only
        assert not re.match(r"^ {8,}\S", after), (name, after)


def test_no_help_page_shows_markup(capsys: pytest.CaptureFixture[str]) -> None:
    pages = {"": _help(capsys=capsys)}
    for name in _subcommands():
        pages[name] = _help(name, capsys=capsys)
    for name, text in pages.items():
        assert not MARKUP.search(text), (name or "boardbot", text)


def test_the_help_names_the_installed_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert _help(capsys=capsys).startswith("usage: boardbot ")


def test_ratings_rebuild_runs_as_python_dash_m(tmp_path: Path) -> None:
    """``python -m bot ratings`` used to stop with a NameError: ``main()`` ran before the
    function it calls was defined further down the module."""
    done = subprocess.run(
        [sys.executable, "-m", "bot", "ratings", "--rebuild", "--config",
         str(tmp_path / "none.toml"), "--db", str(tmp_path / "r.sqlite3")],
        capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "ratings rebuilt: 0 finished game(s) rated" in done.stdout
