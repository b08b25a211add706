"""Start-up objects are frozen out of garbage collection (bot/heap.py)."""

from __future__ import annotations

import gc

from bot.heap import freeze_startup_heap
from bot.service.context import POSITION_CACHE, remember


def test_freezing_moves_start_up_objects_out_of_collections() -> None:
    try:
        kept = [object() for _ in range(10)], {"a": [1, 2]}
        frozen = freeze_startup_heap()
        assert frozen > 0 and gc.get_freeze_count() == frozen
        tracked = len(gc.get_objects())
        assert tracked < frozen  # a collection now walks only what came after
        assert kept  # still alive: frozen objects are kept, not freed
    finally:
        gc.unfreeze()


def test_the_position_caches_are_bounded() -> None:
    from collections import OrderedDict
    cache: OrderedDict[tuple[int, int], int] = OrderedDict()
    for i in range(POSITION_CACHE * 3):
        remember(cache, (i, 0), i)
    assert len(cache) == POSITION_CACHE and next(iter(cache)) == (POSITION_CACHE * 2, 0)
