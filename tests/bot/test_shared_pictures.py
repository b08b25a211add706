"""The forkserver draws the bot's look once and the picture workers share it
(bot/shared_pictures.py): a worker finds the look's backgrounds already drawn, in
pages it shares with the forkserver rather than its own; rare looks are drawn by a
worker when first asked for."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from bot.lifeline import FORKSERVER_PRELOAD
from bot.shared_pictures import LOOK_VARIABLE, share_look, shared_look

#: A fresh process (a forkserver reads its preload list and environment once, when
#: it starts: the test process's own may be running already).  It starts a picture
#: pool of one worker and asks that worker what it holds.
SCRIPT = """
import asyncio, json, sys
from bot.cpu_pool import CpuPool


def probe():
    import renderer.hachapury as h
    from bot.heap import memory_of
    fields = {}
    with open("/proc/self/smaps_rollup") as rollup:
        for line in rollup:
            name, _, rest = line.partition(":")
            if rest.strip().endswith("kB"):
                fields[name] = int(rest.split()[0]) / 1024
    return {"shared_dirty": fields["Shared_Dirty"], "uss": memory_of().uss,
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
    # the imports and the drawn look are pages written before the fork, shared with
    # the forkserver (a worker drawing its own would hold them privately: 50+ MiB)
    assert seen["shared_dirty"] > 20, seen
    assert seen["uss"] < seen["shared_dirty"], seen


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
