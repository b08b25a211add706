"""Every cache the process keeps has a bound, and holds it when filled past it
(issue 17 item 6: memory with 10,000 live sessions; bench/bench_memory.py);
the engines' long-lived memos are in forms the garbage collector does not walk
(issue 12: no full collection holds the loop; bench/fuzz_heap.py)."""

from __future__ import annotations

import functools
import gc
import importlib
import pkgutil
import random
from collections.abc import Iterator
from types import ModuleType

import pytest

from bot.replies import Channel
from bot.service import GameService
from bot.service.context import POSITION_CACHE
from games import get_game
from games.chebache import phase2
from games.cheesegambit import CheeseGambitPosition
from games.turns import Turn
from renderer import RenderContext, for_game
from renderer.base import fitted_sheet
from renderer.board_common import encode_png
from tests.narrow import narrow

from .conftest import ALICE, BOB

CHEBACHE = get_game("chebache")
#: Positions with many jumps (bench/bench_chebache.py's worst cases).
JUMPY = [
    "W: 1@1, 1@2, 1@3, 1K@4, 1@5, 1@7, 1@8, 1@9, 1@10, 1@11, 1@12, 1@16; "
    "B: 1@2, 1@8, 1@10, 1@16, 8K@S; W to move",
    "W: K@2, 2@3, 2@8, 1@9, 2@10, 1@11, 2@16, 2@S; B: 2@2, 2@8, 2@10, 2@16, 4K@S; W to move",
    "W: 4K@S, 2@2, 2@8, 2@10, 2@16; B: 4K@S, 2@2, 2@8, 2@10, 2@16; W to move",
]


def _chebache_searches() -> Iterator[list[Turn]]:
    """Legal turns of the jumpy positions for every double, each on a fresh position."""
    for listing in JUMPY:
        for die in range(1, 7):
            yield CHEBACHE.from_listing(listing, {}).legal_turns((die, die))


def _jumps_memoised() -> int:
    return sum(len(memo) for memo in phase2._JUMPS.values())


async def test_the_service_keeps_at_most_its_bound_of_positions_and_listings(
        service: GameService) -> None:
    for n in range(POSITION_CACHE + 6):
        channel = Channel(f"bound{n}", "9000")
        assert (await service.new(ALICE, channel, "hachapury", [BOB])).ok
        assert (await service.accept(BOB, channel)).ok
        session = await service.store.live_session(channel.id)
        assert session is not None
        await service.context.legal_turns_async(session)
        service.context.legal_turns(session)
    assert len(service.context.positions) == POSITION_CACHE
    assert len(service.context.legal) == POSITION_CACHE


def test_chebache_jump_memo_holds_its_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    phase2._forget_plans()
    unbounded = [len(turns) for turns in _chebache_searches()]
    assert _jumps_memoised() > 40  # the searches below fill the memo past the bound
    phase2._forget_plans()
    monkeypatch.setattr(phase2, "MEMO_ENTRIES", 40)
    bounded = []
    for turns in _chebache_searches():
        bounded.append(len(turns))
        assert _jumps_memoised() <= 40 and phase2._MEMO_SIZE[0] <= 40
    assert bounded == unbounded  # forgetting costs time, never a turn


def test_chebache_plans_hold_their_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    phase2._forget_plans()
    monkeypatch.setattr(phase2, "PLAN_ENTRIES", 3)
    rng = random.Random(5)
    for _ in range(40):  # random positions of random games: many different plans
        position = CHEBACHE.initial({"kings": "true"})
        for _turn in range(30):
            if position.result is not None:
                break
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            turns = position.legal_turns(dice)
            position = position.play(rng.choice(turns), dice).position
            assert len(phase2._PLANS) <= 3


def test_chebache_memos_are_not_walked_by_the_collector() -> None:
    phase2._forget_plans()
    for _turns in _chebache_searches():
        pass
    memos = list(phase2._JUMPS.values())
    assert memos and sum(map(len, memos)) > 100
    for _ in range(6):  # a collection untracks a tuple whose items are untracked, and a
        gc.collect()  # dict at a full one: nested tables take a few (4 to 6 seen)
    assert not any(gc.is_tracked(memo) for memo in memos)
    assert not any(gc.is_tracked(plan) for plan in phase2._PLANS.values())
    units = list(phase2._UNITS.values())
    assert units and not any(gc.is_tracked(unit) for unit in units)


def _modules() -> Iterator[ModuleType]:
    for package in ("games", "renderer", "bot", "storage"):
        root = importlib.import_module(package)
        for info in pkgutil.walk_packages(root.__path__, f"{package}."):
            if info.name.startswith(("bot.discord", "bot.__main__")):
                continue  # the adapter needs discord.py; its caches are none of these
            try:
                yield importlib.import_module(info.name)
            except ImportError:
                continue


def test_every_functools_cache_has_a_bound() -> None:
    caches = [(f"{module.__name__}.{name}", value) for module in _modules()
              for name, value in vars(module).items()
              if isinstance(value, functools._lru_cache_wrapper)]
    assert len(caches) > 20
    unbounded = [name for name, cache in caches if cache.cache_info().maxsize is None]
    assert unbounded == []


def test_cheesegambit_panels_hold_their_bound() -> None:
    from renderer import cheesegambit
    game = get_game("cheesegambit")
    position = narrow(game.initial({"players": "4"}), CheeseGambitPosition)
    renderer = for_game("cheesegambit")
    for n in range(cheesegambit.PANELS // 4 + 3):  # 4 panels a picture, each new names
        names = {side: f"player{n}-{side}" for side in position.sides}
        renderer.render(position, RenderContext(names=names))
        assert len(cheesegambit._PANELS) <= cheesegambit.PANELS
    assert len(cheesegambit._PANELS) == cheesegambit.PANELS


@pytest.mark.parametrize("game", ["hachapury", "cheesegambit", "chebache", "che"])
def test_a_kept_palette_is_one_pixel_and_maps_as_the_whole_fitted_sheet(game: str) -> None:
    renderer = for_game(game)
    samples = renderer.palette_samples(760, "light")
    pictures = [renderer.draw(p, c) for p, c in samples]
    kept = renderer.palette(760, "light")
    assert kept.size == (1, 1)
    sheet = fitted_sheet(pictures, renderer.colours)  # what was kept before
    assert sheet.height > 500
    for picture in pictures[:2]:
        assert encode_png(picture, kept) == encode_png(picture, sheet)
