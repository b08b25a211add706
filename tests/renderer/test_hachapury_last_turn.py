"""Hachapury's last turn on the board: the rail keeps one numbering, the viewer's,
also on the highlighted points (the mover's numbers there read "6 17 4 15 2 13"
along a rail), and an arrow between points of one row goes around the stacks
between them, never over a checker."""

from __future__ import annotations

import pytest
from PIL import Image

from games.events import Moved
from games.hachapury import HachapuryPosition
from renderer import hachapury as hp
from renderer.context import RenderContext
from tests.narrow import narrow
from tests.renderer.test_board_layout import random_positions
from tests.renderer.test_hachapury_render import FakePosition, decode


def _rail_label(image: Image.Image, viewer_point: int) -> bytes:
    """The pixels of a point's number on the rail."""
    lay = hp.layout(1100)
    cx, cy = hp.number_centre(viewer_point)
    box = (int(cx - lay.point_w * 0.45), int(cy - lay.rail * 0.45),
           int(cx + lay.point_w * 0.45), int(cy + lay.rail * 0.45))
    return image.crop(box).tobytes()


def test_highlighted_points_keep_the_viewers_numbers() -> None:
    """Black's 24/18 seen by White lights White's 12 and 6, labelled 12 and 6: the
    same labels as White's own 12/6 would get."""
    pos = FakePosition.make({12: 3, 6: 12}, {24: 3, 18: 1, 6: 11}, mover="W")
    black = decode(hp.RENDERER.render(pos, RenderContext(
        viewer="W", last_side="B", last_events=(Moved("B", "24", "18", 6),))))
    white = decode(hp.RENDERER.render(pos, RenderContext(
        viewer="W", last_side="W", last_events=(Moved("W", "12", "6", 6),))))
    for viewer_point in (12, 6):
        assert _rail_label(black, viewer_point) == _rail_label(white, viewer_point)


def _checker_centres(position: HachapuryPosition | FakePosition, viewer: str
                     ) -> list[tuple[float, float]]:
    out = []
    for side in hp.SIDES:
        counts = position.checkers(side)
        for p in range(1, 25):
            for i in range(min(counts[p], hp.STACK)):
                out.append(hp.checker_centre(hp.to_viewer(p, side, viewer), i))
    return out


def _samples(path: list[tuple[float, float]], step: float = 3.0) -> list[tuple[float, float]]:
    out = []
    for (x0, y0), (x1, y1) in zip(path, path[1:], strict=False):
        n = max(1, int((abs(x1 - x0) + abs(y1 - y0)) / step))
        out += [(x0 + (x1 - x0) * i / n, y0 + (y1 - y0) * i / n) for i in range(n + 1)]
    return out


@pytest.mark.parametrize("viewer", ["W", "B"])
def test_an_arrow_along_a_row_runs_over_no_checker(viewer: str) -> None:
    lay = hp.layout(1100)
    clear = lay.checker * 0.5  # the line's centre stays off every checker
    faults: list[str] = []
    checked = 0
    for seed in range(40):
        for position, context in random_positions("hachapury", seed):
            mover = context.last_side
            assert mover is not None
            position = narrow(position, HachapuryPosition)
            counts = {s: tuple(position.checkers(s)) for s in hp.SIDES}
            centres = _checker_centres(position, viewer)
            for step in hp.last_turn_marks(context):
                a, b = (hp.to_viewer(p, mover, viewer) for p in step)
                if b == 0 or (a <= 12) != (b <= 12):
                    continue  # borne off, or to the other row: a straight line
                path = hp.step_path(step, counts, mover, viewer)
                inner = [pt for pt in _samples(path)
                         if min(abs(pt[0] - path[0][0]) + abs(pt[1] - path[0][1]),
                                abs(pt[0] - path[-1][0]) + abs(pt[1] - path[-1][1]))
                         > lay.checker]
                checked += 1
                for x, y in inner:
                    hit = [c for c in centres if abs(c[0] - x) < clear and abs(c[1] - y) < clear]
                    if hit:
                        faults.append(f"seed {seed} step {step} ({a}->{b}) over {hit[0]}")
                        break
    assert checked > 100
    assert faults[:5] == []
