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
    exts = [Extension(f"{PACKAGE}.{m}", [os.path.join(PKG_DIR, f"{m}.py")])
            for m in ACCEL["ACCELERATED"]]
    try:
        return cythonize(exts, compiler_directives=ACCEL["DIRECTIVES"],
                         build_dir=os.path.join("build", "cython"), quiet=True)
    except Exception as exc:  # noqa: BLE001 - any failure: install as plain Python
        print(f"boardbot: Cython failed ({exc}); the Chebache search stays pure Python")
        return []


class BuildExtWithManifest(build_ext):
    """``build_ext`` in parallel, then the manifest of what was compiled."""

    def finalize_options(self) -> None:
        super().finalize_options()
        if self.parallel is None:
            self.parallel = os.cpu_count() or 1

    def build_extension(self, ext) -> None:  # noqa: ANN001 - setuptools' own type
        # optional: no C compiler (or a failing one) leaves that module pure Python,
        # and the manifest below then keeps every module pure Python
        try:
            super().build_extension(ext)
        except Exception as exc:  # noqa: BLE001
            print(f"boardbot: could not compile {ext.name} ({exc}); using the .py file")
            self.failed.append(ext)

    def build_extensions(self) -> None:
        super().build_extensions()
        # what failed is not an output: nothing may look for it (in-place copy, wheel)
        self.extensions = [e for e in self.extensions if e not in self.failed]

    def run(self) -> None:
        started = time.time()
        for ext in self.extensions:  # never leave an older build looking current
            old = self.get_ext_fullpath(ext.name)
            if os.path.exists(old):
                os.remove(old)
        self.failed: list = []
        super().run()
        built: dict[str, str] = {}
        out_dir = None
        for ext in self.extensions + self.failed:
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
