"""What a long fuzz worker keeps alive, and what a full collection of it costs.

The fuzz run (bench/fuzz.py) found its only event-loop holds over 50 ms to be
full garbage collections late in a worker's life.  This runs one worker's inputs
in this process (no subprocess, no hang budget) and at checkpoints prints:

- the objects the collector tracks (``len(gc.get_objects())``) and how many
  of them are frozen;
- the time of a full collection (``gc.collect()``, median of 5, CPU time);
- the tracked objects reachable from each long-lived root: the service's
  position and legal-turn caches and every module-level dict, list or
  ``lru_cache`` of ``games``, ``renderer``, ``bot`` and ``storage`` (the
  biggest first).

Run: ``.venv/bin/python bench/fuzz_heap.py --inputs 25000 --seed 3``
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import io
import random
import statistics
import sys
import tempfile
import time
import types
from collections.abc import Iterable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.fuzz_worker import Fuzzer  # noqa: E402
from bot.heap import freeze_startup_heap  # noqa: E402
from bot.service import GameService, ServiceConfig  # noqa: E402
from storage import Store  # noqa: E402

PACKAGES = ("games", "renderer", "bot", "storage")


def full_collection_ms(repeat: int = 5) -> float:
    """The median CPU time of a full collection, in milliseconds."""
    times = []
    for _ in range(repeat):
        started = time.process_time()
        gc.collect()
        times.append(time.process_time() - started)
    return statistics.median(times) * 1000


def reachable(root: object, stop: set[int]) -> int:
    """Tracked objects reachable from ``root``, not going through modules,
    classes or functions (those are everybody's) nor ``stop``."""
    seen: set[int] = set()
    todo = [root]
    while todo:
        obj = todo.pop()
        if id(obj) in seen or id(obj) in stop:
            continue
        if isinstance(obj, (types.ModuleType, type, types.FunctionType)) and obj is not root:
            continue
        if not gc.is_tracked(obj):
            continue
        seen.add(id(obj))
        todo.extend(gc.get_referents(obj))
    return len(seen)


def roots(service: GameService) -> Iterable[tuple[str, object]]:
    """The long-lived containers worth counting."""
    yield "service positions", service.context.positions
    yield "service legal", service.context.legal
    for name, module in sorted(sys.modules.items()):
        if name.split(".")[0] not in PACKAGES or module is None:
            continue
        for attr, value in vars(module).items():
            if isinstance(value, (dict, list, set)) and not attr.startswith("__"):
                yield f"{name}.{attr}", value
            elif hasattr(value, "cache_info") and getattr(value, "__module__", "") == name:
                yield f"{name}.{attr}()", value


def census(service: GameService, label: str, top: int) -> None:
    tracked = len(gc.get_objects())
    ms = full_collection_ms()
    print(f"-- {label}: {tracked:,} tracked objects (+{gc.get_freeze_count():,} frozen), "
          f"full collection {ms:.1f} ms CPU")
    counts: list[tuple[int, str]] = []
    for name, root in roots(service):
        n = reachable(root, set())
        if n > 50:
            counts.append((n, name))
    for n, name in sorted(counts, reverse=True)[:top]:
        print(f"   {n:>8,}  {name}")
    types_: dict[str, int] = {}
    for obj in gc.get_objects():
        types_[type(obj).__name__] = types_.get(type(obj).__name__, 0) + 1
    print("   by type: " + ", ".join(f"{k} {v:,}" for k, v in
                                     sorted(types_.items(), key=lambda kv: -kv[1])[:8]))


async def run(inputs: int, seed: int, every: int, top: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        store = await Store.open(str(Path(tmp) / "fuzz.sqlite3"))
        now = [1_800_000_000.0]
        rng = random.Random(f"{seed}:0:service")
        service = GameService(store, ServiceConfig(challenge_seconds=3600),
                              clock=lambda: now[0], seed_factory=lambda: rng.randbytes(32),
                              render_images=False)
        freeze_startup_heap()
        census(service, "after start-up", top)
        sink: Any = io.StringIO()
        fuzzer = Fuzzer(service, now, seed, True, set(), sink)
        try:
            for i in range(inputs):
                await fuzzer.one(i)
                if i % 500 == 0:
                    sink.seek(0)
                    sink.truncate()
                if (i + 1) % every == 0:
                    census(service, f"after {i + 1:,} inputs", top)
        finally:
            await store.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--inputs", type=int, default=25_000)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--every", type=int, default=5_000, help="inputs between censuses")
    parser.add_argument("--top", type=int, default=12, help="roots shown per census")
    args = parser.parse_args()
    asyncio.run(run(args.inputs, args.seed, args.every, args.top))


if __name__ == "__main__":
    main()
