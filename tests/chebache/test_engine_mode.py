"""The choice between the compiled and the pure-Python Chebache search modules
(``games/chebache/_accel.py``): a compiled module runs only when it was built
from the very source now on disk, and the pure-Python form gives the same
legal turns."""

from __future__ import annotations

import importlib.machinery
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import games.chebache as chebache
from games.chebache import _accel
from games.chebache._accel import ACCELERATED, MANIFEST, PURE_ENV, decide

ROOT = Path(__file__).resolve().parents[2]
SUFFIX = importlib.machinery.EXTENSION_SUFFIXES[0]


def fake_build(pkg: Path, modules: tuple[str, ...] = ACCELERATED) -> None:
    """Sources, unloadable "compiled" files and a manifest matching the sources."""
    pkg.mkdir(parents=True, exist_ok=True)
    for m in modules:
        (pkg / f"{m}.py").write_text(f"NAME = {m!r}\n")
        (pkg / f"{m}{SUFFIX}").write_bytes(b"not a shared object")
    (pkg / MANIFEST).write_text(json.dumps(
        {m: _accel.source_hash(pkg / f"{m}.py") for m in modules}))


def test_nothing_compiled_means_pure_python(tmp_path: Path) -> None:
    for m in ACCELERATED:
        (tmp_path / f"{m}.py").write_text("")
    mode = decide(tmp_path, {})
    assert not mode.compiled and "no compiled modules" in mode.reason


def test_a_build_matching_the_sources_is_used(tmp_path: Path) -> None:
    fake_build(tmp_path)
    assert decide(tmp_path, {}).compiled
    assert decide(tmp_path, {PURE_ENV: "0"}).compiled


def test_an_edited_source_is_never_shadowed(tmp_path: Path) -> None:
    fake_build(tmp_path)
    (tmp_path / "phase1.py").write_text("NAME = 'edited'\n")
    mode = decide(tmp_path, {})
    assert not mode.compiled
    assert "phase1.py changed since it was compiled" in mode.reason


@pytest.mark.parametrize("damage", ["no manifest", "bad manifest", "module not built",
                                    "module not in manifest", "environment"])
def test_anything_doubtful_means_pure_python(tmp_path: Path, damage: str) -> None:
    fake_build(tmp_path)
    env: dict[str, str] = {}
    if damage == "no manifest":
        (tmp_path / MANIFEST).unlink()
    elif damage == "bad manifest":
        (tmp_path / MANIFEST).write_text("{")
    elif damage == "module not built":
        (tmp_path / f"turns{SUFFIX}").unlink()
    elif damage == "module not in manifest":
        data = json.loads((tmp_path / MANIFEST).read_text())
        del data["king"]
        (tmp_path / MANIFEST).write_text(json.dumps(data))
    else:
        env[PURE_ENV] = "1"
    assert not decide(tmp_path, env).compiled


def test_stale_compiled_files_are_bypassed_at_import(tmp_path: Path) -> None:
    """A copy of the package whose compiled files cannot even load and whose
    manifest no longer matches: importing must take every ``.py`` and warn."""
    dest = tmp_path / "games"
    shutil.copytree(ROOT / "games", dest, ignore=shutil.ignore_patterns(
        "*.so", "*.pyd", "__pycache__", MANIFEST))
    pkg = dest / "chebache"
    for m in ACCELERATED:
        (pkg / f"{m}{SUFFIX}").write_bytes(b"not a shared object")
    (pkg / MANIFEST).write_text(json.dumps({m: "0" * 64 for m in ACCELERATED}))
    code = "\n".join([
        "import games.chebache as c, games.chebache.turns as t",
        "from games import get_game",
        "n = len(get_game('chebache').initial({}).legal_turns((3, 1)))",
        "assert t.__file__.endswith('.py')",
        f"print(c.ENGINE.compiled, t.__file__.startswith({str(pkg)!r}), n)",
    ])
    env = {k: v for k, v in os.environ.items() if k != PURE_ENV}
    env["PYTHONPATH"] = str(tmp_path)
    run = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=env,
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    compiled, from_copy_source, count = run.stdout.split()
    assert (compiled, from_copy_source) == ("False", "True")
    assert int(count) > 0
    assert "changed since it was compiled" in run.stderr


def test_the_running_modules_are_the_ones_chosen() -> None:
    import games.chebache.phase1 as phase1
    import games.chebache.turns as turns

    for module in (turns, phase1):
        assert str(module.__file__).endswith(".py") != chebache.ENGINE.compiled


def test_pure_python_gives_the_same_legal_turns() -> None:
    """The regression data (76 legal-turn lists) checked again with the
    pure-Python modules forced, in a separate interpreter."""
    env = dict(os.environ, **{PURE_ENV: "1"})
    run = subprocess.run(
        [sys.executable, "-m", "tests.chebache.test_legal_regression", "--check"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
    assert "pure Python" in run.stdout
    assert "76 cases match" in run.stdout


def test_installed_packages_carry_the_declarations() -> None:
    """A wheel must ship every ``.pxd`` (part of a module's hash): without
    them an installed copy would judge its own compiled modules stale."""
    import fnmatch
    import tomllib

    data = tomllib.loads((ROOT / "pyproject.toml").read_text())
    globs = data["tool"]["setuptools"]["package-data"]["games.chebache"]
    pxds = sorted(p.name for p in (ROOT / "games" / "chebache").glob("*.pxd"))
    assert pxds
    for name in pxds:
        assert any(fnmatch.fnmatch(name, g) for g in globs), name
