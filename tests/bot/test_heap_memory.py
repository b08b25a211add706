"""A process's memory as bench/bench_memory.py reads it (bot/heap.py ``memory_of``)."""

from __future__ import annotations

import os
import sys

import pytest

from bot.heap import memory_of

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="/proc")


def test_memory_follows_what_the_process_touches() -> None:
    before = memory_of()
    assert before is not None
    assert 0 < before.uss <= before.pss <= before.rss <= before.peak
    block = bytearray(48 << 20)  # zero pages are not resident until written
    block[::4096] = b"\x01" * len(block[::4096])
    after = memory_of(os.getpid())
    assert after is not None and after.rss - before.rss > 40
    del block


def test_a_process_that_is_not_there_has_no_memory() -> None:
    assert memory_of(2**22 + 12345) is None
