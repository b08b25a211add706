"""Every module whose functions the bot sends to a worker process imports on its own.

A worker (the computer pool, the CPU pool: forkserver processes) unpickles a function
by importing its module first, in a fresh interpreter.  A module that only imports
when something else was imported before it (an import cycle through ``bot.service``'s
package, which imports the facade) works in every test that runs work on threads and
fails in the bot: ``/analysis`` in the console broke the pool that way."""

from __future__ import annotations

import subprocess
import sys

import pytest

#: The modules of the functions given to ``Context.cpu``, ``cpu_pool.run`` and the
#: computer pool (``grep -rn "\.cpu(\|_think(\|\.run(analyse" bot``).
WORKER_MODULES = ("bot.analysis_work", "bot.service.context", "bot.service.late_taunt",
                  "bot.service.replays", "computer.play", "renderer.profile_card",
                  "renderer", "bot.replay")


@pytest.mark.parametrize("module", WORKER_MODULES)
def test_a_worker_module_imports_first_in_a_fresh_interpreter(module: str) -> None:
    done = subprocess.run([sys.executable, "-c", f"import {module}"], capture_output=True,
                          text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
