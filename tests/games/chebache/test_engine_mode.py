"""The choice between the compiled and the pure-Python Chebache search modules
(``games/chebache/_accel.py``): a compiled module runs only from the build
named by the hash of the sources now on disk, and the pure-Python form gives
the same legal turns."""

from __future__ import annotations

import importlib.machinery
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import games.chebache as chebache
from games.chebache._accel import ACCELERATED, BUILDS, NOT_BUILT, PURE_ENV, build_dir, decide

ROOT = Path(__file__).resolve().parents[3]
SUFFIX = importlib.machinery.EXTENSION_SUFFIXES[0]


def fake_build(pkg: Path, modules: tuple[str, ...] = ACCELERATED) -> Path:
    """Sources, and unloadable "compiled" files where a build of them goes."""
    pkg.mkdir(parents=True, exist_ok=True)
    for m in ACCELERATED:
        (pkg / f"{m}.py").write_text(f"NAME = {m!r}\n")
    build = build_dir(pkg)
    build.mkdir(parents=True)
    for m in modules:
        (build / f"{m}{SUFFIX}").write_bytes(b"not a shared object")
    return build


def test_nothing_compiled_means_pure_python(tmp_path: Path) -> None:
    for m in ACCELERATED:
        (tmp_path / f"{m}.py").write_text("")
    assert decide(tmp_path, {}).reason == NOT_BUILT


def test_a_build_matching_the_sources_is_used(tmp_path: Path) -> None:
    fake_build(tmp_path)
    assert decide(tmp_path, {}).compiled
    assert decide(tmp_path, {PURE_ENV: "0"}).compiled


@pytest.mark.parametrize("edit", ["phase1.py", "turns.pxd", "king.pxd"])
def test_an_edited_source_is_never_shadowed(tmp_path: Path, edit: str) -> None:
    """Editing a ``.py``, or the C types of a ``.pxd`` (even a new one),
    makes the build one of older sources."""
    fake_build(tmp_path)
    (tmp_path / edit).write_text("# edited\n")
    mode = decide(tmp_path, {})
    assert not mode.compiled
    assert "no complete build of these sources" in mode.reason


def test_an_incomplete_build_is_not_used(tmp_path: Path) -> None:
    fake_build(tmp_path, modules=ACCELERATED[:-1])
    mode = decide(tmp_path, {})
    assert not mode.compiled and "no complete build" in mode.reason


def test_the_environment_forces_pure_python(tmp_path: Path) -> None:
    fake_build(tmp_path)
    assert not decide(tmp_path, {PURE_ENV: "1"}).compiled


def import_copy(tmp_path: Path, damage: str) -> tuple[str, str]:
    """Import a copy of ``games`` damaged by ``damage`` in a fresh interpreter;
    its choice, its stderr, and a check that the ``.py`` files ran."""
    dest = tmp_path / "games"
    shutil.copytree(ROOT / "games", dest, ignore=shutil.ignore_patterns(
        "*.so", "*.pyd", "__pycache__", BUILDS))
    pkg = dest / "chebache"
    if damage == "stray binaries":  # e.g. an in-place build by hand: never imported
        for m in ACCELERATED:
            (pkg / f"{m}{SUFFIX}").write_bytes(b"not a shared object")
        old = pkg / BUILDS / f"src_{'0' * 20}"
        old.mkdir(parents=True)
        (old / f"turns{SUFFIX}").write_bytes(b"not a shared object")
    else:  # a build of the current sources that cannot load
        build = build_dir(pkg)
        build.mkdir(parents=True)
        for m in ACCELERATED:
            (build / f"{m}{SUFFIX}").write_bytes(b"not a shared object")
    code = "\n".join([
        "import games.chebache as c, games.chebache.turns as t, sys",
        "from games import get_game",
        "n = len(get_game('chebache').initial({}).legal_turns((3, 1)))",
        f"mods = [sys.modules['games.chebache.' + m] for m in {ACCELERATED!r}]",
        f"assert all(m.__file__.startswith({str(pkg)!r}) and m.__file__.endswith('.py')",
        "           for m in mods), [m.__file__ for m in mods]",
        "assert t is c.turns and n > 0",
        "print(c.ENGINE)",
    ])
    env = {k: v for k, v in os.environ.items() if k != PURE_ENV}
    env["PYTHONPATH"] = str(tmp_path)
    run = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=env,
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    return run.stdout, run.stderr


def test_stale_and_stray_compiled_files_are_never_imported(tmp_path: Path) -> None:
    """Compiled files beside the ``.py`` files and a build of older sources:
    importing takes every ``.py`` file and says why."""
    engine, stderr = import_copy(tmp_path, "stray binaries")
    assert engine.startswith("pure Python")
    assert "no complete build of these sources" in stderr


def test_a_build_that_fails_to_load_leaves_all_modules_pure(tmp_path: Path) -> None:
    engine, stderr = import_copy(tmp_path, "unloadable build")
    assert engine.startswith("pure Python") and "failed to load" in engine
    assert "failed to load" in stderr


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
        [sys.executable, "-m", "tests.games.chebache.test_legal_regression", "--check"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
    assert "pure Python" in run.stdout
    assert "76 cases match" in run.stdout


def test_installed_packages_carry_the_declarations() -> None:
    """A wheel must ship every ``.pxd`` (part of the sources' hash): without
    them an installed copy would not find its own build."""
    import fnmatch
    import tomllib

    data = tomllib.loads((ROOT / "pyproject.toml").read_text())
    globs = data["tool"]["setuptools"]["package-data"]["games.chebache"]
    pxds = sorted(p.name for p in (ROOT / "games" / "chebache").glob("*.pxd"))
    assert pxds
    for name in pxds:
        assert any(fnmatch.fnmatch(name, g) for g in globs), name


def test_builds_in_place_are_not_packages() -> None:
    """An editable install removes the builds of older sources; were they
    found as (namespace) packages first, setuptools would then miss them."""
    import fnmatch
    import tomllib

    find = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    excluded = find["packages"]["find"].get("exclude", [])
    assert any(fnmatch.fnmatch(f"games.chebache.{BUILDS}.src_0", g) for g in excluded)
