"""Abuse, proven (issue 12): hostile inputs at every command, through the service.

Random games of every game and option set (Hachapury; CheeseGambit for 2, 3
and 4 players, piece counts, taunts on and off; Chebache with and without
kings; Che tile counts; with and without clocks) are played on a real SQLite
file, and between their turns hostile inputs go to every command that takes
text or options (``new`` options and clocks, ``move``, ``preview``, ``grant``,
take-back answers, ``press`` with any button id, ``notify``, ``rules``,
``join``, ``start``, ``claim``, ``resign``, ``abort``, ...), sent by the right
player, a player out of turn, a watcher or a moderator, and damaged record
files go to ``replay`` and ``verify``.  Checked for every input:

- no exception escapes;
- a refusal is private and says what is wrong (not empty, not generic);
- a refusal leaves the stored game as it was (version, position, dice, seats,
  clock, take-back request);
- ``replay``/``verify`` exit 0, 1 or 2, never with a traceback.

The inputs run in a worker process; an input that overruns ``--budget``
seconds is a hang: the worker is killed, the input reported and the run goes
on with a fresh worker (a class of input that hangs twice is skipped after).
How long each input holds the event loop is measured (bench/fuzz_worker.py);
the target is 50 ms for inputs of at most 200 characters.

Run: ``.venv/bin/python bench/fuzz.py --inputs 100000 --seed 1``
(``--no-include-known`` leaves out the generators of known hanging faults.)
Exit status 0 when nothing escaped, nothing was violated and nothing hung.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import selectors
import subprocess
import sys
import threading
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

HOLD_TARGET = 0.050
SHORT = 200  # inputs up to this many characters must meet the hold target


@dataclass
class Summary:
    """The run's figures (what ``report`` prints and the CI sample asserts on)."""

    inputs: int = 0
    seconds: float = 0.0
    per_command: dict[str, Counter[str]] = field(default_factory=lambda: defaultdict(Counter))
    exceptions: list[dict[str, Any]] = field(default_factory=list)
    violations: list[dict[str, Any]] = field(default_factory=list)
    hangs: list[dict[str, Any]] = field(default_factory=list)
    crashes: list[dict[str, Any]] = field(default_factory=list)
    holds_short: list[float] = field(default_factory=list)
    holds_all: list[float] = field(default_factory=list)
    holds_short_cpu: list[float] = field(default_factory=list)
    slow: list[dict[str, Any]] = field(default_factory=list)
    skipped: int = 0

    @property
    def failures(self) -> int:
        return len(self.exceptions) + len(self.violations) + len(self.hangs) + len(self.crashes)

    def take(self, end: dict[str, Any]) -> None:
        self.inputs += 1
        self.per_command[end["cmd"]][end["kind"]] += 1
        if end["kind"] == "exception":
            self.exceptions.append(end)
        elif end["kind"] == "violation":
            self.violations.append(end)
        hold = end.get("hold")
        if hold is not None:
            self.holds_all.append(hold)
            if end["len"] <= SHORT:
                self.holds_short.append(hold)
                if end.get("hold_cpu") is not None:
                    self.holds_short_cpu.append(end["hold_cpu"])
                if hold > HOLD_TARGET:
                    self.slow.append(end)


def _worker_command(seed: int, start: int, count: int, include_known: bool,
                    skip: set[str]) -> list[str]:
    spec = json.dumps({"seed": seed, "start": start, "count": count,
                       "include_known": include_known, "skip": sorted(skip)})
    return [sys.executable, str(Path(__file__).resolve()), "--worker", spec]


def run(inputs: int, seed: int, *, budget: float = 10.0, include_known: bool = True,
        batch: int = 25_000, jobs: int = 1, progress: bool = False) -> Summary:
    """Send ``inputs`` hostile inputs; returns the figures.  ``jobs`` workers run
    side by side, each on its own share of the inputs; a worker handles up to
    ``batch`` inputs on a fresh database (a hang ends a worker early)."""
    summary = Summary()
    started = time.perf_counter()
    lock = threading.Lock()
    share = -(-inputs // max(1, jobs))
    ranges = [(lo, min(lo + share, inputs)) for lo in range(0, inputs, share)]
    threads = [threading.Thread(target=_run_range, args=(lo, hi, seed, budget, include_known,
                                                          batch, summary, lock, progress))
               for lo, hi in ranges]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    summary.seconds = time.perf_counter() - started
    return summary


def _run_range(lo: int, hi: int, seed: int, budget: float, include_known: bool, batch: int,
               summary: Summary, lock: threading.Lock, progress: bool) -> None:
    """Inputs ``lo .. hi-1`` by successive workers (a new one after each hang)."""
    skip: set[str] = set()
    hung: Counter[str] = Counter()
    nxt = lo
    while nxt < hi:
        count = min(batch, hi - nxt)
        proc = subprocess.Popen(_worker_command(seed, nxt, count, include_known, skip),
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT)
        last_begin, stopped = _follow(proc, summary, lock, budget, progress)
        done = nxt + count
        if stopped is not None and last_begin is None:  # died before its first line
            last_begin = {"i": nxt, "cmd": "setup", "key": "start-up", "repro": {}}
        if stopped is not None:
            assert last_begin is not None
            record = {**last_begin, "why": stopped}
            with lock:
                (summary.hangs if stopped == "hang" else summary.crashes).append(record)
                summary.per_command[last_begin["cmd"]][stopped] += 1
                summary.inputs += 1
            hung[last_begin["key"]] += 1
            if hung[last_begin["key"]] >= 2:
                skip.add(last_begin["key"])
            done = last_begin["i"] + 1
        nxt = done


def _follow(proc: subprocess.Popen[bytes], summary: Summary, lock: threading.Lock,
            budget: float, progress: bool) -> tuple[dict[str, Any] | None, str | None]:
    """Read a worker's lines until it ends; kill it when an input overruns ``budget``.
    Returns the input that was running when it stopped and why ('hang', 'crash'),
    or (None, None) when the batch finished."""
    assert proc.stdout is not None
    selector = selectors.DefaultSelector()
    selector.register(proc.stdout, selectors.EVENT_READ)
    fd = proc.stdout.fileno()
    buffer = b""
    running: dict[str, Any] | None = None
    deadline = time.monotonic() + budget + 30  # start-up: imports, first games
    try:
        while True:
            if not selector.select(timeout=max(0.0, deadline - time.monotonic())):
                proc.kill()
                proc.wait()
                return running, "hang"
            chunk = os.read(fd, 1 << 16)
            if not chunk:
                proc.wait()
                if running is not None:
                    stderr = proc.stderr.read().decode(errors="replace") if proc.stderr else ""
                    running["stderr"] = stderr[-1500:]
                    return running, "crash"
                return None, None
            buffer += chunk
            *lines, buffer = buffer.split(b"\n")
            for line in lines:
                message = json.loads(line)
                if message["t"] in ("begin", "setup"):
                    running = message
                    deadline = time.monotonic() + budget
                elif message["t"] == "end":
                    running = None
                    with lock:
                        summary.take(message)
                    # The harness's own set-up between inputs gets the budget too.
                    deadline = time.monotonic() + budget
                    if progress and summary.inputs % 5000 == 0:
                        print(f"  ... {summary.inputs} inputs", file=sys.stderr, flush=True)
                elif message["t"] == "skip":
                    running = None
                    with lock:
                        summary.skipped += 1
                    deadline = time.monotonic() + budget
    finally:
        selector.close()
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        for stream in (proc.stdout, proc.stderr):
            if stream is not None:
                stream.close()


def _percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def _show(record: dict[str, Any]) -> str:
    repro = record.get("repro", {})
    parts = [f"#{record.get('i')} {repro.get('command', record.get('cmd'))}"
             f" [{repro.get('generator', record.get('gen'))}] game={repro.get('game')!s}"
             f" setup={repro.get('setup')} user={repro.get('user')}",
             f"    text: {repro.get('text')!r}"]
    if repro.get("position"):
        parts.append(f"    position: {repro.get('position')!r} dice={repro.get('dice')}"
                     f" options={repro.get('options')}")
    if record.get("game_arg"):
        parts.append(f"    game argument: {record['game_arg']!r}")
    if record.get("hold") is not None:
        parts.append(f"    hold {record['hold'] * 1000:.1f} ms (loop-thread CPU "
                     f"{record.get('hold_cpu', 0) * 1000:.1f} ms, of which garbage "
                     f"collection {record.get('hold_gc', 0) * 1000:.1f} ms)")
    if record.get("detail"):
        parts.append(f"    -> {record['detail'][:600]}")
    if record.get("stderr"):
        parts.append(f"    stderr: {record['stderr'][-600:]}")
    return "\n".join(parts)


def _grouped(records: list[dict[str, Any]], key: str = "detail") -> dict[str, list[dict]]:
    """Findings grouped by their message's first 80 characters (one group a fault)."""
    groups: dict[str, list[dict]] = defaultdict(list)
    for record in records:
        text = record.get(key) or record.get("key", "")
        head = text.split(" at ")[-1] if " at " in text and key == "detail" else text[:80]
        groups[f"{record.get('cmd')}: {text.split(':')[0]} @ {head}"].append(record)
    return groups


def report(summary: Summary, examples: int = 3) -> str:
    out = [f"fuzz: {summary.inputs} inputs in {summary.seconds:.1f} s "
           f"({summary.inputs / max(summary.seconds, 1e-9):.0f}/s); "
           f"{summary.skipped} skipped (classes that hung twice)"]
    kinds = ["accepted", "refused", "exception", "violation", "hang", "crash"]
    out.append(f"{'command':<16}{'sent':>8}" + "".join(f"{k:>11}" for k in kinds))
    for command in sorted(summary.per_command):
        counts = summary.per_command[command]
        out.append(f"{command:<16}{sum(counts.values()):>8}"
                   + "".join(f"{counts[k]:>11}" for k in kinds))
    total: Counter[str] = Counter()
    for counts in summary.per_command.values():
        total.update(counts)
    out.append(f"{'total':<16}{sum(total.values()):>8}" + "".join(f"{total[k]:>11}"
                                                                  for k in kinds))
    short, every = summary.holds_short, summary.holds_all
    out.append(f"event-loop hold, inputs <= {SHORT} chars ({len(short)}): "
               f"max {max(short, default=0) * 1000:.1f} ms, "
               f"p99 {_percentile(short, 0.99) * 1000:.2f} ms, "
               f"p50 {_percentile(short, 0.5) * 1000:.2f} ms "
               f"(target <= {HOLD_TARGET * 1000:.0f} ms; {len(summary.slow)} over)")
    cpu = summary.holds_short_cpu
    over_cpu = sum(1 for h in cpu if h > HOLD_TARGET)
    out.append(f"event-loop hold in the loop thread's CPU time (the input's own work, not "
               f"time the OS gave others), inputs <= {SHORT} chars ({len(cpu)}): "
               f"max {max(cpu, default=0) * 1000:.1f} ms, "
               f"p99 {_percentile(cpu, 0.99) * 1000:.2f} ms ({over_cpu} over)")
    out.append(f"event-loop hold, all inputs ({len(every)}): "
               f"max {max(every, default=0) * 1000:.1f} ms, "
               f"p99 {_percentile(every, 0.99) * 1000:.2f} ms")
    sections = [("EXCEPTIONS", summary.exceptions), ("INVARIANT VIOLATIONS", summary.violations),
                ("HANGS (over the budget; worker killed)", summary.hangs),
                ("CRASHES (worker died)", summary.crashes)]
    for title, records in sections:
        if not records:
            continue
        groups = _grouped(records, "detail" if records[0].get("detail") else "key")
        out.append(f"\n{title}: {len(records)} in {len(groups)} group(s)")
        for head, members in sorted(groups.items(), key=lambda kv: -len(kv[1])):
            out.append(f"  [{len(members)}x] {head[:160]}")
            out += [_show(r) for r in members[:examples]]
            # a dead worker's last words, when it left any
            out += [f"    stderr: {r['stderr'][-600:]!r}" for r in members[:examples]
                    if r.get("stderr")]
    if summary.slow:
        out.append(f"\nSLOW INPUTS (<= {SHORT} chars, hold > {HOLD_TARGET * 1000:.0f} ms): "
                   f"{len(summary.slow)}; worst:")
        kinds_slow: dict[str, list[float]] = defaultdict(list)
        for record in summary.slow:
            repro = record.get("repro", {})
            kinds_slow[f"{record['cmd']} [{record['gen']}] {repro.get('game')} "
                       f"setup={repro.get('setup')}"].append(record["hold"])
        for kind, holds in sorted(kinds_slow.items(), key=lambda kv: -max(kv[1])):
            out.append(f"  {len(holds):>4}x  max {max(holds) * 1000:7.0f} ms  {kind}")
        for record in sorted(summary.slow, key=lambda r: -r["hold"])[:examples * 2]:
            out.append(f"  {record['hold'] * 1000:.0f} ms  " + _show(record))
    return "\n".join(out)


def _worker(spec_text: str) -> int:
    from bench.fuzz_worker import run_batch

    spec = json.loads(spec_text)
    # The worker's lines go to a copy of fd 1: replay/verify print to fd 1 itself.
    with os.fdopen(os.dup(1), "w", encoding="utf-8") as lines:
        asyncio.run(run_batch(spec["seed"], spec["start"], spec["count"],
                              spec["include_known"], set(spec["skip"]), lines))
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--inputs", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--budget", type=float, default=10.0,
                        help="seconds an input may take before it counts as a hang")
    parser.add_argument("--include-known", action=argparse.BooleanOptionalAction, default=True,
                        help="send the inputs of known hanging faults (repeated move groups, "
                             "huge clock values)")
    parser.add_argument("--batch", type=int, default=25_000,
                        help="inputs per worker process (each on a fresh database)")
    parser.add_argument("--jobs", type=int, default=min(4, (os.cpu_count() or 1) * 2),
                        help="workers side by side (they mostly wait on SQLite's thread)")
    parser.add_argument("--examples", type=int, default=3, help="reproducers shown per fault")
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        return _worker(args.worker)
    summary = run(args.inputs, args.seed, budget=args.budget, include_known=args.include_known,
                  batch=args.batch, jobs=args.jobs,
                  progress=True)
    print(report(summary, args.examples))
    return 1 if summary.failures else 0


if __name__ == "__main__":
    sys.exit(main())
