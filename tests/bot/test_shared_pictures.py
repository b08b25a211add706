"""The forkserver draws the bot's look once and the picture workers share it
(bot/shared_pictures.py): a worker finds the look's backgrounds already drawn, in
pages it shares with the forkserver rather than its own; rare looks are drawn by a
worker when first asked for."""

from __future__ import annotations

import json
import subprocess
import sys
from multiprocessing import spawn
from pathlib import Path

import pytest

from bot.lifeline import FORKSERVER_PRELOAD
from bot.shared_pictures import (
    LOOK_VARIABLE,
    MAIN_VARIABLE,
    share_look,
    share_main,
    shared_look,
    shared_main,
)

#: A fresh process (a forkserver reads its preload list and environment once, when
#: it starts: the test process's own may be running already).  It starts a picture
#: pool of one worker and asks that worker what it holds.
SCRIPT = """
import asyncio, json, os, sys
from bot.cpu_pool import CpuPool

#: who ran this module: the bot's process, then the forkserver (or each worker)
IMPORTED_IN = os.getpid()


def probe():
    import renderer.hachapury as h
    from bot.heap import memory_of
    from bot.shared_pictures import prepared_look
    fields = {}
    with open("/proc/self/smaps_rollup") as rollup:
        for line in rollup:
            name, _, rest = line.partition(":")
            if rest.strip().endswith("kB"):
                fields[name] = int(rest.split()[0]) / 1024
    return {"shared_dirty": fields["Shared_Dirty"], "uss": memory_of().uss,
            "main_imported_in": sys.modules["__main__"].IMPORTED_IN,
            "pid": os.getpid(), "forkserver": os.getppid(),
            "prepared": prepared_look(),
            "palettes": sorted(map(list, h.RENDERER._palettes))}


async def main():
    pool = CpuPool(1, width=900, theme="dark")
    await pool.start()
    try:
        print(json.dumps(await pool.run(probe)))
    finally:
        await pool.shutdown()


if __name__ == "__main__":
    asyncio.run(main())
"""


def test_a_worker_shares_the_look_the_forkserver_drew(tmp_path: Path) -> None:
    script = tmp_path / "shared.py"
    script.write_text(SCRIPT)
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True,
                          timeout=180, cwd=root, env={"PYTHONPATH": str(root),
                                                      "PATH": "/usr/bin:/bin"})
    assert done.returncode == 0, done.stderr[-2000:]
    seen = json.loads(done.stdout.strip().splitlines()[-1])
    # the bot's look only: neither the other theme nor the phone layout yet
    assert seen["palettes"] == [[900, "dark"]]
    # drawn by the forkserver, so the worker drew nothing again (which would only
    # have copied the shared pages into its own)
    assert seen["prepared"] == [900, "dark"]
    # the imports and the drawn look are pages written before the fork, shared with
    # the forkserver (a worker drawing its own would hold them privately: 50+ MiB)
    assert seen["shared_dirty"] > 20, seen
    assert seen["uss"] < seen["shared_dirty"], seen
    # the script (the bot's main module) was imported by the forkserver, once for
    # every worker: the worker did not run it again in pages of its own
    assert seen["main_imported_in"] == seen["forkserver"] != seen["pid"], seen


def test_the_look_travels_in_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(LOOK_VARIABLE, raising=False)
    assert shared_look() is None
    share_look(760, "dark")
    assert shared_look() == (760, "dark")
    monkeypatch.setenv(LOOK_VARIABLE, "wide:dark")
    assert shared_look() is None  # malformed: nothing drawn, the workers draw their own


def test_the_forkserver_dies_with_the_bot_before_it_draws() -> None:
    # the lifeline first: a forkserver killed while drawing must not outlive the bot
    assert FORKSERVER_PRELOAD.index("bot.lifeline") < \
        FORKSERVER_PRELOAD.index("bot.shared_pictures")


def test_the_main_module_travels_in_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(MAIN_VARIABLE, raising=False)
    assert shared_main() is None
    # the main module as multiprocessing sees it (the bot's: the boardbot script's path;
    # under pytest-xdist a worker's main has neither a path nor a name)
    seen: dict[str, object] = {"init_main_from_path": "/venv/bin/boardbot", "name": "w"}
    monkeypatch.setattr(spawn, "get_preparation_data", lambda name: dict(seen))
    share_main()
    assert shared_main() == ("init_main_from_path", "/venv/bin/boardbot")
    seen = {"name": "w"}  # a main without a path or a name: nothing to share
    share_main()
    assert shared_main() is None
    monkeypatch.setenv(MAIN_VARIABLE, "init_main_from_path=")
    assert shared_main() is None  # nothing named: each worker imports its own, as before
    monkeypatch.setenv(MAIN_VARIABLE, "somewhere=/bin/sh")
    assert shared_main() is None  # not a key multiprocessing knows: never run
