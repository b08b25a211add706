"""Compiled or pure Python: which form of the Chebache search modules runs.

The rules have one source, the ``.py`` files of this package.  When the
project is installed with Cython and a C compiler at hand, ``setup.py`` also
compiles the modules named in ``ACCELERATED`` from those same files (legal
turns come out about twice as fast) into ``_compiled/src_<hash>/``, where
``<hash>`` is ``source_hash()`` of the sources it compiled.

At import the package computes that hash of the sources now on disk and loads
each module itself, in dependency order, from the build directory of that
name if it holds all of them, and otherwise from its ``.py`` file.  An edited
``.py`` (or ``.pxd``) has a new hash, so an older build is simply never found;
a stray compiled file beside a ``.py`` is never consulted either.  All or
none: the modules pass their own tuples and memo tables to each other.

Standard library only: ``setup.py`` runs this file before the package exists.
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import os
import sys
import warnings
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

PACKAGE = "games.chebache"
#: The modules the legal-turn search runs through, dependencies first.
ACCELERATED = ("state", "king", "chebaches", "phase1", "phase2", "turns")
#: Where the builds live, inside the package: ``_compiled/src_<hash>/``.
BUILDS = "_compiled"
#: Set (to anything but "" or "0") to run the pure-Python modules.
PURE_ENV = "BOARDBOT_PURE_PYTHON"
NOT_BUILT = "no compiled modules were built"
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


def source_hash(pkg_dir: Path) -> str:
    """The build name of the sources in ``pkg_dir``: SHA-256 over every
    accelerated module's ``.py`` and ``.pxd`` (C types) file."""
    digest = hashlib.sha256()
    for name in (f"{m}{ext}" for m in ACCELERATED for ext in (".py", ".pxd")):
        path = pkg_dir / name
        digest.update(name.encode() + b"\0" + (path.read_bytes() if path.exists() else b"")
                      + b"\0")
    return digest.hexdigest()[:20]


def build_dir(pkg_dir: Path) -> Path:
    """Where a build of the sources now in ``pkg_dir`` is (or would be)."""
    return pkg_dir / BUILDS / f"src_{source_hash(pkg_dir)}"


def compiled_file(directory: Path, module: str) -> Path | None:
    """The extension-module file for ``module`` in ``directory`` (any ABI tag)."""
    return next((p for s in importlib.machinery.EXTENSION_SUFFIXES
                 if (p := directory / f"{module}{s}").exists()), None)


def decide(pkg_dir: Path, env: Mapping[str, str]) -> EngineMode:
    """Whether a build matching the sources in ``pkg_dir`` exists and may be
    used (a pure function of the files and the environment)."""
    if env.get(PURE_ENV, "") not in ("", "0"):
        return EngineMode(False, f"{PURE_ENV} is set")
    build = build_dir(pkg_dir)
    if all(compiled_file(build, m) for m in ACCELERATED):
        return EngineMode(True, f"Cython build {build.name} matching the sources")
    if any((pkg_dir / BUILDS).glob("src_*/*")):
        return EngineMode(False, "no complete build of these sources: games/chebache/*.py or "
                                 "*.pxd changed since, or did not compile; `make compile`")
    return EngineMode(False, NOT_BUILT)


def load(pkg_dir: Path, mode: EngineMode) -> EngineMode:
    """Import every accelerated module, from the build ``mode`` chose or from
    its ``.py`` file; a build that fails to load leaves all of them pure."""
    build = build_dir(pkg_dir) if mode.compiled else None
    try:
        for m in ACCELERATED:
            _load_module(m, compiled_file(build, m) if build else pkg_dir / f"{m}.py")
    except ImportError as exc:
        if build is None:
            raise
        for m in ACCELERATED:  # none of a half-loaded build may stay
            sys.modules.pop(f"{PACKAGE}.{m}", None)
        return load(pkg_dir, EngineMode(False, f"{build.name} failed to load: {exc}"))
    return mode


def _load_module(module: str, file: Path | None) -> None:
    name = f"{PACKAGE}.{module}"
    spec = importlib.util.spec_from_file_location(name, file) if file else None
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot load {name} from {file}")
    loaded = importlib.util.module_from_spec(spec)
    sys.modules[name] = loaded  # the later modules import it under this name
    try:
        spec.loader.exec_module(loaded)
    except BaseException:
        del sys.modules[name]  # as the import system does: no half-run module stays
        raise
    setattr(sys.modules[PACKAGE], module, loaded)


def select(pkg_dir: Path | None = None, env: Mapping[str, str] | None = None) -> EngineMode:
    """Choose and load the search modules (warning when there is a build but not
    a usable one: of older sources, incomplete or failing to load)."""
    pkg_dir = pkg_dir or Path(__file__).resolve().parent
    mode = load(pkg_dir, decide(pkg_dir, os.environ if env is None else env))
    if not mode.compiled and mode.reason not in (NOT_BUILT, f"{PURE_ENV} is set"):
        warnings.warn(f"Chebache engine: {mode}", RuntimeWarning, stacklevel=2)
    return mode


if __name__ == f"{PACKAGE}._accel":  # imported by the package, not run by setup.py
    #: The choice made when the package was imported.
    ENGINE = select()
