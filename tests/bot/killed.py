"""Helpers for the kill -9 tests: a real ``python -m bot local`` process, its process
tree read from ``/proc``, and whether each process of it still lives."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _stat(pid: int) -> tuple[int, str, str] | None:
    """(parent pid, state, start time) of ``pid`` from /proc, or None when gone."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = text[text.rindex(")") + 2:].split()
    return int(fields[1]), fields[0], fields[19]


def descendants(root: int) -> dict[int, str]:
    """Every process below ``root`` (children, grandchildren, ...) with its start time
    (so that a pid used again by another process is not taken for it)."""
    if not Path("/proc/self/stat").exists():
        pytest.skip("needs Linux /proc")
    children: dict[int, list[int]] = {}
    starts: dict[int, str] = {}
    for name in os.listdir("/proc"):
        if name.isdigit():
            found = _stat(int(name))
            if found is not None:
                children.setdefault(found[0], []).append(int(name))
                starts[int(name)] = found[2]
    out: dict[int, str] = {}
    todo = [root]
    while todo:
        for child in children.get(todo.pop(), []):
            out[child] = starts[child]
            todo.append(child)
    return out


def living(tree: dict[int, str]) -> list[int]:
    """The processes of ``tree`` still running (a zombie has ended: it only waits to
    be reaped by whoever adopted it)."""
    left = []
    for pid, start in tree.items():
        found = _stat(pid)
        if found is not None and found[2] == start and found[1] != "Z":
            left.append(pid)
    return left


def put_down(pids: list[int]) -> None:
    """Kill what a test left behind (only these pids, which the test started)."""
    for pid in pids:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


def console(db: str, workdir: Path) -> subprocess.Popen[str]:
    """``python -m bot local`` on ``db`` with pools (as a person runs it), reading its
    lines from a pipe the test writes to; its output goes to ``workdir/out-<n>.txt``."""
    workdir.mkdir(parents=True, exist_ok=True)
    number = len(list(workdir.glob("out-*.txt")))
    out = open(workdir / f"out-{number}.txt", "w")  # noqa: SIM115 (the child's stdout)
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONDONTWRITEBYTECODE": "1"}
    env.pop("DISCORD_TOKEN", None)
    try:
        return subprocess.Popen(
            [sys.executable, "-m", "bot", "local", "--db", db, "--images",
             str(workdir / "img"), "--config", str(workdir / "none.toml")],
            cwd=ROOT, env=env, text=True, stdin=subprocess.PIPE, stdout=out,
            stderr=subprocess.STDOUT)
    finally:
        out.close()


def say(process: subprocess.Popen[str], line: str) -> None:
    assert process.stdin is not None
    process.stdin.write(line + "\n")
    process.stdin.flush()


def wait_for(condition: Callable[[], bool], seconds: float, what: str) -> float:
    """Seconds until ``condition()`` held (fails after ``seconds``)."""
    began = time.monotonic()
    while not condition():
        assert time.monotonic() - began < seconds, f"timed out waiting for {what}"
        time.sleep(0.05)
    return time.monotonic() - began
