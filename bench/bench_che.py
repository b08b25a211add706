"""Che benchmarks: region analysis, legal placements with effects, board render.

Run: ``.venv/bin/python bench/bench_che.py``.  Prints medians in milliseconds
against the targets (region analysis after a tile at 64 tiles < 2 ms; all
legal placements with their immediate win/loss effect at 40 tiles < 10 ms;
board render at 64 tiles < 40 ms).  Positions come from seeded random games
that avoid ending, so they are reproducible.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.che import GAME, ChePosition, Effect  # noqa: E402
from games.events import TilePlaced  # noqa: E402
from renderer import RenderContext, render  # noqa: E402


def quiet_position(seed: int, tiles: int) -> ChePosition:
    """A position with ``tiles`` placed, reached without ending the game."""
    rng = random.Random(seed)
    pos = GAME.initial({})
    while len(pos.tiles) < tiles:
        options = pos.legal_placements()
        if pos.tiles_left > 1:  # the pool's last tile always ends the game
            options = [o for o in options if o.effect is Effect.NONE]
        if not options:
            return quiet_position(seed + 1000, tiles)
        pos = pos.place(rng.choice(options).text)
    return pos


def median_ms(func: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        func()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def main() -> int:
    seeds = range(5)
    at63 = [quiet_position(s, 63) for s in seeds]
    at40 = [quiet_position(s, 40) for s in seeds]
    at64 = [quiet_position(s, 64) for s in seeds]
    at41 = [quiet_position(s, 41) for s in seeds]
    ok = True

    def fresh(pos: ChePosition) -> ChePosition:
        """A copy without cached analysis (caches live on positions)."""
        return ChePosition(pos.total_tiles, pos.tiles)

    copies63 = [[fresh(p) for p in at63] for _ in range(200)]
    it63 = iter(copies63)

    texts = [f"{x},{y}W" for x, y in (p.legal_cells()[0] for p in at63)]

    def region_fresh() -> None:
        # place the 64th tile (its win check included), then every region of both colours
        for pos, text in zip(next(it63), texts, strict=True):
            after = pos.place(text)
            for colour in "WB":
                after.regions(colour)
                after.largest_region(colour)
            after.closed_regions  # noqa: B018

    per = median_ms(region_fresh, 200) / len(at63)
    ok &= per < 2
    print(f"region analysis after a tile at 64 tiles: median {per:.3f} ms (target < 2 ms)")

    copies40 = [[fresh(p) for p in at40] for _ in range(200)]
    it40 = iter(copies40)
    counts = [len(p.legal_placements()) for p in at40]

    def placements() -> None:
        for pos in next(it40):
            pos.legal_placements()

    per = median_ms(placements, 200) / len(at40)
    ok &= per < 10
    print(f"legal placements with effects at 40 tiles ({min(counts)}-{max(counts)} each): "
          f"median {per:.3f} ms (target < 10 ms)")

    copies_turns = [fresh(p) for p in at41]
    it_turns = iter(copies_turns)
    turns = median_ms(lambda: next(it_turns).legal_turns(), len(copies_turns))
    n_turns = len(at41[0].legal_turns())
    print(f"legal_turns at 41 tiles, two-tile turn ({n_turns} turns in the first): "
          f"median {turns:.2f} ms")

    last = at64[0].tiles[-2:]
    ctx = RenderContext(names={"W": "alice", "B": "bob"}, last_side="B",
                        last_moves=" ".join(t.text() for t in last),
                        last_events=tuple(TilePlaced("B", f"{t.cell[0]},{t.cell[1]}", t.colour,
                                                     t.orientation) for t in last))
    render(at64[0], ctx)  # warm the tile cache once, as a running bot has
    pngs: list[int] = []

    def draw() -> None:
        for pos in at64:
            pngs.append(len(render(pos, ctx)))

    per = median_ms(draw, 8) / len(at64)
    ok &= per < 40
    print(f"board render at 64 tiles: median {per:.1f} ms (target < 40 ms), "
          f"PNG {max(pngs) // 1024} KB at most")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
