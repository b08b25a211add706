"""The board backgrounds and text stencils a process keeps (issue 17, item 6).

Each renderer's background cache holds exactly every look the start-up warm-up draws
(2 widths, the bot's and the phone's, x themes x the game's variants, in each
language if it has words), so that no
warmed background is evicted by another (they cost 0.3-0.7 s to draw again) and none
beyond those is ever kept (2.5-3.5 MB each: a pool worker's size is mostly these;
bench/bench_memory.py prints them).  Text stencils keep every look's texts and a
bounded number of players' names."""

from __future__ import annotations

import inspect
from functools import _lru_cache_wrapper
from typing import Any

import pytest

from renderer import chebache, cheesegambit, hachapury, warm_up
from renderer.stencil import stencil
from renderer.words import LANGUAGES

#: Pixels (bytes: masks are 8-bit) a process's text stencils may hold at most.
STENCIL_PIXELS = 8 << 20

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
    # a background with words is kept in each language (the warm-up draws English;
    # a Russian channel's looks must not evict them)
    languages = len(LANGUAGES) if "language" in inspect.signature(cache).parameters else 1
    assert info.currsize * languages == info.maxsize, \
        f"{game}: the bound is not every look in each language: {info}"


def test_text_stencils_stay_within_a_few_megabytes_however_many_names_are_drawn() -> None:
    # every board shows its players' names: a worker drawing thousands of games would
    # keep a stencil of each (about 5 KB of pixels and objects each) up to the bound
    stencil.cache_clear()
    bound = stencil.cache_info().maxsize
    assert bound is not None  # a bounded cache: what this test is about
    warm_up(["hachapury"], 1100, "light")
    warmed = stencil.cache_info().currsize
    masks = [stencil(f"player{n:05d} (White)", (14, 18, 22, 28)[n % 4], True, "la")[0]
             for n in range(bound + 100)]
    kept = masks[-bound:]
    assert stencil.cache_info().currsize == bound
    assert sum(mask.width * mask.height for mask in kept) < STENCIL_PIXELS
    assert warmed < bound // 2  # room for names beside every look
