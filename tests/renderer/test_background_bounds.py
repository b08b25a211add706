"""The board backgrounds a process keeps (issue 17, item 6): each renderer's cache holds
exactly every look the start-up warm-up draws (2 widths, the bot's and the phone's, x
themes x the game's variants), so that no warmed background is evicted by another
(they cost 0.3-0.7 s to draw again) and none beyond those is ever kept (2.5-3.5 MB each:
a pool worker's size is mostly these; bench/bench_memory.py prints them)."""

from __future__ import annotations

from functools import _lru_cache_wrapper
from typing import Any

import pytest

from renderer import chebache, cheesegambit, hachapury, warm_up

BACKGROUNDS: dict[str, _lru_cache_wrapper[Any]] = {
    "hachapury": hachapury.background,
    "chebache": chebache.background,
    "cheesegambit": cheesegambit._background,
}


@pytest.mark.parametrize("game", sorted(BACKGROUNDS))
def test_the_background_cache_holds_every_warmed_look_and_no_more(game: str) -> None:
    cache = BACKGROUNDS[game]
    cache.cache_clear()
    warm_up([game], 1100, "light")
    info = cache.cache_info()
    assert info.misses == info.currsize, f"{game}: a warmed background was evicted: {info}"
    assert info.currsize == info.maxsize, f"{game}: the bound exceeds every look: {info}"
