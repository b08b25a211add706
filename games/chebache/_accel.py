"""Compiled or pure Python: which form of the Chebache search modules runs.

The rules have one source, the ``.py`` files of this package.  When the
project is installed with Cython and a C compiler at hand, ``setup.py`` also
compiles the modules named in ``ACCELERATED`` from those same files (legal
turns for doubles come out about twice as fast) and writes ``MANIFEST``: the
SHA-256 of each source as it was compiled.

Python would import a compiled module in preference to its ``.py`` file even
after the ``.py`` has been edited, so before any of them loads, ``select``
checks the manifest against the sources: if anything differs (an edit since
the last install, a module that did not compile) or ``PURE_ENV`` is set, a
finder placed first on ``sys.meta_path`` makes every one of them load from
its ``.py`` file instead.  All or none: the modules pass their own tuples and
memo tables to each other.

Standard library only: ``setup.py`` runs this file before the package exists.
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import json
import os
import sys
import warnings
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

PACKAGE = "games.chebache"
#: The modules the legal-turn search runs through, dependencies first.
ACCELERATED = ("state", "king", "chebaches", "phase1", "phase2", "turns")
MANIFEST = "_compiled.json"
#: Set (to anything but "" or "0") to run the pure-Python modules.
PURE_ENV = "BOARDBOT_PURE_PYTHON"
#: Cython's options.  ``infer_types`` lets loop counters and flags become C
#: ints; every such variable in these modules holds a space number, a die, a
#: weight or a bit mask of 18 bits (the big state codes stay Python ints,
#: being built from Python ints).  Annotations are not C types (they are
#: documentation and aliases here); the ``.pxd`` files beside a few modules
#: give C types to the hottest functions.  ``binding=False`` makes calls
#: between the compiled functions cheaper; nothing here introspects them.
DIRECTIVES: dict[str, object] = {
    "language_level": 3,
    "infer_types": True,
    "annotation_typing": False,
    "binding": False,
}


@dataclass(frozen=True)
class EngineMode:
    """Which form runs, and why (shown in the bot's start-up log and the
    benchmarks)."""

    compiled: bool
    reason: str

    def __str__(self) -> str:
        return ("compiled" if self.compiled else "pure Python") + f" ({self.reason})"


def source_hash(path: str | os.PathLike[str]) -> str:
    """SHA-256 of a module's source: its ``.py`` file's bytes, then those of
    its Cython declarations (``.pxd``) if it has them."""
    py = Path(path)
    digest = hashlib.sha256(py.read_bytes())
    pxd = py.with_suffix(".pxd")
    if pxd.exists():
        digest.update(b"\0pxd\0" + pxd.read_bytes())
    return digest.hexdigest()


def compiled_files(pkg_dir: Path, module: str) -> list[Path]:
    """The extension-module files present for ``module`` (any ABI tag)."""
    return [p for suffix in importlib.machinery.EXTENSION_SUFFIXES
            for p in [pkg_dir / f"{module}{suffix}"] if p.exists()]


def decide(pkg_dir: Path, env: Mapping[str, str],
           modules: Sequence[str] = ACCELERATED) -> EngineMode:
    """Whether the compiled modules in ``pkg_dir`` may be used (pure function
    of the files and the environment; see the module docstring)."""
    present = {m for m in modules if compiled_files(pkg_dir, m)}
    if not present:
        return EngineMode(False, "no compiled modules were built")
    if env.get(PURE_ENV, "") not in ("", "0"):
        return EngineMode(False, f"{PURE_ENV} is set")
    try:
        manifest = json.loads((pkg_dir / MANIFEST).read_text())
    except (OSError, ValueError):
        return EngineMode(False, f"compiled modules without a readable {MANIFEST}")
    for m in modules:
        if m not in present or m not in manifest:
            return EngineMode(False, f"{m}.py was not compiled")
        if manifest[m] != source_hash(pkg_dir / f"{m}.py"):
            return EngineMode(False, f"{m}.py changed since it was compiled; "
                                     "reinstall (make setup) to compile it again")
    return EngineMode(True, "Cython build matching the sources")


class _SourceFinder:
    """Finds the ``.py`` file, never the compiled module, for the
    accelerated modules (a ``sys.meta_path`` finder)."""

    def __init__(self, pkg_dir: Path, modules: Sequence[str]) -> None:
        self._paths = {f"{PACKAGE}.{m}": pkg_dir / f"{m}.py" for m in modules}

    def find_spec(self, name: str, path: object = None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        file = self._paths.get(name)
        if file is None:
            return None
        return importlib.util.spec_from_file_location(name, file)


def select(pkg_dir: Path | None = None, env: Mapping[str, str] | None = None) -> EngineMode:
    """Decide, and when the compiled modules must not run, make sure they are
    not imported (warning when they are stale rather than merely absent or
    turned off)."""
    pkg_dir = pkg_dir or Path(__file__).resolve().parent
    mode = decide(pkg_dir, os.environ if env is None else env)
    if not mode.compiled and any(compiled_files(pkg_dir, m) for m in ACCELERATED):
        loaded = [m for m in ACCELERATED if f"{PACKAGE}.{m}" in sys.modules]
        if loaded:  # too late to choose (only if imported out of order)
            raise ImportError(f"{PACKAGE} modules imported before the engine was chosen: "
                              + ", ".join(loaded))
        if not any(isinstance(f, _SourceFinder) for f in sys.meta_path):
            sys.meta_path.insert(0, _SourceFinder(pkg_dir, ACCELERATED))  # type: ignore[arg-type]
        if PURE_ENV not in mode.reason:
            warnings.warn(f"Chebache engine: {mode}", RuntimeWarning, stacklevel=2)
    return mode


if __name__ == f"{PACKAGE}._accel":  # imported by the package, not run by setup.py
    #: The choice made when the package was imported.
    ENGINE = select()
