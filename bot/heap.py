"""Keeping garbage-collection pauses off the players' clock, and memory in bounds.

A full collection walks every tracked object; a pause of it holds the event loop
like any other synchronous work.  The fuzz run found every event-loop hold over
50 ms to be a full collection, not the command's own work (bench/fuzz.py reports
the collection time inside each slow step).  Three things bound it:

- ``freeze_startup_heap``: once start-up has imported every engine and drawn the
  renderers' caches, those objects live for the whole process; moved to the
  permanent generation, no collection walks them again (25,000 objects, about
  11 ms of every full collection on this machine);
- the engines' long-lived memo tables hold tuples of ints and strings, which the
  collector stops tracking (games/chebache/phase2.py; bench/fuzz_heap.py
  measures what a long fuzz worker keeps);
- the service keeps few parsed positions (``POSITION_CACHE``): a parsed
  position keeps its turn search, hundreds of tracked objects.

And the resident size (bench/bench_memory.py; ``memory_of`` reads it): pictures
are drawn in the process pool's workers (bot/cpu_pool.py), so the bot's own
process keeps no renderer caches and the workers keep them, bounded per width,
theme and variant.  In both, ``tune_allocator`` keeps threads from holding an
arena each and big pictures' pages once freed, and ``freeze_startup_heap``'s
``release_free_memory`` (glibc's ``malloc_trim``, once, after start-up) hands
the warm-up's freed buffers back to the system.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import gc
import os
import sys
from dataclasses import dataclass


def freeze_startup_heap() -> int:
    """Collect once, then freeze what survives, and give the freed memory back to
    the system; returns the objects frozen."""
    gc.collect()
    gc.freeze()
    release_free_memory()
    return gc.get_freeze_count()


def release_free_memory() -> bool:
    """Return the C allocator's free pages to the system (glibc's ``malloc_trim``):
    the warm-up draws every board in a worker thread and frees most of what it
    allocated, but glibc keeps freed memory in the thread's arena.  False where
    there is no glibc (macOS, musl, Windows): nothing to do there."""
    libc = _glibc()
    if libc is None:
        return False
    libc.malloc_trim(0)
    return True


#: glibc's mallopt parameters: the most malloc arenas the process may create, and
#: the size from which a block is mapped on its own (and unmapped when freed).
M_ARENA_MAX = -8
M_MMAP_THRESHOLD = -3
M_TRIM_THRESHOLD = -1
#: Arenas the bot allows itself.  glibc gives each thread that allocates at once
#: its own arena, up to 8 per core, and an arena keeps the pages its thread freed;
#: the render threads' arenas were most of the process's memory (bench/bench_memory.py:
#: 389 MiB after 400 games looked at, 270 MiB with 2 arenas, the time per game the same).
ARENAS = 2
#: Blocks from 1 MiB up (a picture's pixels, its PNG) are mapped on their own and
#: handed back when freed.  glibc otherwise raises this threshold up to 32 MiB as
#: big blocks are freed, and then keeps those pictures' pages in the heap (bench:
#: 205 -> 172 MiB after 40 games looked at, the time the same).
MMAP_THRESHOLD = 1 << 20
#: A picture worker (bot/cpu_pool.py) draws one picture at a time on one thread:
#: its picture's buffers (3.6 MB of pixels at 1100 px, the palette image, the PNG)
#: come from the heap and are reused by the next picture.  Mapped on their own as
#: above, every picture paid for fresh pages: 6.2 ms a Hachapury picture instead of
#: 3.8 ms (the kernel zeroing and faulting 1,000 pages), for 3 MiB less resident.
WORKER_MMAP_THRESHOLD = 8 << 20
WORKER_TRIM_THRESHOLD = 16 << 20


def tune_allocator(arenas: int = ARENAS, mmap_threshold: int = MMAP_THRESHOLD,
                   trim_threshold: int | None = None) -> bool:
    """Let the C allocator use at most ``arenas`` arenas (glibc's ``M_ARENA_MAX``)
    and map blocks of ``mmap_threshold`` bytes and more on their own; with
    ``trim_threshold``, keep that much free memory at the heap's top instead of
    handing it back.  Call it before the worker threads start.  False where there
    is no glibc."""
    libc = _glibc()
    if libc is None:
        return False
    done = bool(libc.mallopt(M_ARENA_MAX, arenas)) and \
        bool(libc.mallopt(M_MMAP_THRESHOLD, mmap_threshold))
    if trim_threshold is not None:
        done = bool(libc.mallopt(M_TRIM_THRESHOLD, trim_threshold)) and done
    return done


@dataclass(frozen=True)
class Memory:
    """A process's memory in MiB (Linux ``/proc``): ``rss`` resident, ``pss`` its
    proportional share (a page shared with N processes counts 1/N), ``uss`` its own
    pages (what ending the process would free), ``peak`` the highest resident size."""

    rss: float
    pss: float
    uss: float
    peak: float


def memory_of(pid: int | str = "self") -> Memory | None:
    """``pid``'s memory from ``/proc/PID/smaps_rollup`` and ``/proc/PID/status``;
    None where they cannot be read (not Linux, another user's process)."""
    fields: dict[str, float] = {}
    try:
        with open(f"/proc/{pid}/smaps_rollup") as rollup:
            for line in rollup:
                name, _, rest = line.partition(":")
                if rest.strip().endswith("kB"):
                    fields[name] = int(rest.split()[0]) / 1024
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    fields["peak"] = int(line.split()[1]) / 1024
    except (OSError, ValueError):
        return None
    return Memory(rss=fields.get("Rss", 0.0), pss=fields.get("Pss", 0.0),
                  uss=fields.get("Private_Clean", 0.0) + fields.get("Private_Dirty", 0.0),
                  peak=fields.get("peak", 0.0))


def descendants(pid: int | str = "self") -> list[int]:
    """Every living descendant of ``pid`` (children, their children...), from each
    process's parent in ``/proc/PID/stat``; empty where there is no ``/proc``."""
    root = os.getpid() if pid == "self" else int(pid)
    children: dict[int, list[int]] = {}
    try:
        names = os.listdir("/proc")
    except OSError:
        return []
    for name in names:
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat") as stat:
                # the command's name is in brackets and may hold spaces: the parent's
                # pid is the second field after the closing one
                parent = int(stat.read().rpartition(")")[2].split()[1])
        except (OSError, ValueError, IndexError):
            continue  # ended meanwhile
        children.setdefault(parent, []).append(int(name))
    found: list[int] = []
    todo = [root]
    while todo:
        for child in sorted(children.get(todo.pop(), ())):
            found.append(child)
            todo.append(child)
    return found


def tree_memory(pid: int | str = "self") -> dict[int, Memory]:
    """The memory of ``pid`` and of every descendant (the bot, the forkserver, the
    resource tracker, every pool worker), by pid; the tree's PSS is their sum (a
    page shared by N of them counts 1/N in each)."""
    root = os.getpid() if pid == "self" else int(pid)
    found: dict[int, Memory] = {}
    for member in (root, *descendants(root)):
        memory = memory_of(member)
        if memory is not None:
            found[member] = memory
    return found


def _glibc() -> ctypes.CDLL | None:
    if not sys.platform.startswith("linux"):
        return None
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
    except OSError:
        return None
    return libc if hasattr(libc, "malloc_trim") else None
