"""CheeseGambit's phone layout (760 px) against the cross (1100 px) on the
same positions: render + PNG encode CPU time per board (median, p90) and the
largest PNG.  The machine may be loaded: compare the two columns, not the
figures with another day's.

Run: ``.venv/bin/python bench/bench_render_cg_phone.py``
"""

from __future__ import annotations

import dataclasses
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.base import Position  # noqa: E402
from games.cheesegambit import GAME  # noqa: E402
from games.events import Event  # noqa: E402
from renderer import RenderContext, render  # noqa: E402
from renderer import cheesegambit as cg  # noqa: E402

NAMES = {"R": "alice", "G": "bob", "B": "carol", "Y": "dave"}


def positions(games: int = 12, turns: int = 30) -> list[tuple[object, RenderContext]]:
    """Positions of seeded random games (2-4 players), each with its last turn."""
    out: list[tuple[object, RenderContext]] = []
    for seed in range(games):
        rng = random.Random(seed)
        position: Position = GAME.initial({"players": "234"[seed % 3]}, "R")
        side: str | None = None
        moves = ""
        events: tuple[Event, ...] = ()
        for _ in range(turns):
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            out.append((position, RenderContext(names=NAMES, dice=dice, last_side=side,
                                                last_moves=moves, last_events=events)))
            if position.result is not None:
                break
            if position.action_due():
                position = position.play_action(rng.choice(position.action_choices())).position
                continue
            legal = position.legal_turns(dice)
            side = position.side_to_move
            played = position.play(rng.choice(legal) if legal else "(dance)", dice)
            position, moves, events = played.position, played.moves, played.events
    return out


def measure(width: int, cases: list[tuple[object, RenderContext]]) -> tuple[float, float, int]:
    times, largest = [], 0
    for position, context in cases:
        ctx = dataclasses.replace(context, width=width)
        start = time.process_time()
        png = render(position, ctx)  # type: ignore[arg-type]
        times.append((time.process_time() - start) * 1000)
        largest = max(largest, len(png))
    times.sort()
    return statistics.median(times), times[int(len(times) * 0.9)], largest


def main() -> int:
    cases = positions()
    for width in (1100, 760):
        cg.RENDERER.warm_up(width, ("light",))
    for rnd in range(2):
        for width in (1100, 760):
            med, p90, big = measure(width, cases)
            print(f"round {rnd + 1} width {width}: {len(cases)} boards, median {med:.1f} ms, "
                  f"p90 {p90:.1f} ms CPU, largest PNG {big / 1024:.1f} KB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
