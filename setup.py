"""Build hook: compile the Chebache legal-turn search with Cython when possible.

Project metadata lives in pyproject.toml; this file only adds the optional C
extensions.  They are compiled from the very ``.py`` files the rules are
written in (listed in games/chebache/_accel.py), so there is one source.
Without Cython or a C compiler, or with BOARDBOT_PURE_PYTHON set, the install
still succeeds and the pure-Python modules run.  After building, a manifest
records the hash of each source compiled, so that an edited ``.py`` is never
shadowed by an older compiled module (see _accel.py).
"""

from __future__ import annotations

import json
import os
import runpy
import time

from setuptools import setup
from setuptools.command.build_ext import build_ext

HERE = os.path.dirname(os.path.abspath(__file__))
ACCEL = runpy.run_path(os.path.join(HERE, "games", "chebache", "_accel.py"))
PACKAGE: str = ACCEL["PACKAGE"]
PKG_DIR = os.path.join("games", "chebache")


def extensions() -> list:
    """The Cython extensions, or none when they cannot or should not be built."""
    if os.environ.get(ACCEL["PURE_ENV"], "") not in ("", "0"):
        return []
    try:
        from Cython.Build import cythonize
        from setuptools import Extension
    except ImportError:
        print("boardbot: Cython not available; the Chebache search stays pure Python")
        return []
    exts = [Extension(f"{PACKAGE}.{m}", [os.path.join(PKG_DIR, f"{m}.py")], optional=True)
            for m in ACCEL["ACCELERATED"]]
    return cythonize(exts, compiler_directives=ACCEL["DIRECTIVES"],
                     build_dir=os.path.join("build", "cython"), quiet=True)


class BuildExtWithManifest(build_ext):
    """``build_ext`` in parallel, then the manifest of what was compiled."""

    def finalize_options(self) -> None:
        super().finalize_options()
        if self.parallel is None:
            self.parallel = os.cpu_count() or 1

    def run(self) -> None:
        started = time.time()
        for ext in self.extensions:  # never leave an older build looking current
            old = self.get_ext_fullpath(ext.name)
            if os.path.exists(old):
                os.remove(old)
        super().run()
        built: dict[str, str] = {}
        out_dir = None
        for ext in self.extensions:
            path = self.get_ext_fullpath(ext.name)
            out_dir = os.path.dirname(path)
            if os.path.exists(path) and os.path.getmtime(path) >= started - 1:
                module = ext.name.rsplit(".", 1)[1]
                built[module] = ACCEL["source_hash"](os.path.join(HERE, PKG_DIR, f"{module}.py"))
        if out_dir is not None:
            with open(os.path.join(out_dir, ACCEL["MANIFEST"]), "w") as f:
                json.dump(built, f, indent=1, sort_keys=True)
            print(f"boardbot: compiled {len(built)} of {len(self.extensions)} Chebache modules")


setup(ext_modules=extensions(), cmdclass={"build_ext": BuildExtWithManifest})
