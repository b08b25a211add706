"""Toy Race's board picture: the track as a row of squares, each side's pieces as discs
on it, the headline and the die above, the last move as a line under the track (drawn
from the turn's events, as every renderer does)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PIL import Image, ImageDraw

from games.events import Moved
from renderer.base import BoardRenderer, headline
from renderer.context import RenderContext
from renderer.fonts import font
from tests.toygame.rules import GAME, SIDES, square

PIECES = {"O": (230, 130, 20), "P": (130, 60, 170)}
THEMES = {"light": ((250, 248, 240), (40, 40, 40)), "dark": ((30, 30, 36), (220, 220, 220))}


class RaceRenderer(BoardRenderer[tuple[tuple[int, int, int], tuple[int, int, int]]]):
    game = "toyrace"
    themes = THEMES
    colours = 32

    def draw(self, position: Any, context: RenderContext) -> Image.Image:
        # a finished game comes wrapped (renderer.base.Finished): read it, do not test its type
        paper, ink = self.theme(context)
        width = context.width
        cell = width // (position.length + 2)
        image = Image.new("RGB", (width, cell * 4), paper)
        pen = ImageDraw.Draw(image)
        title = headline(position, lambda s: context.names.get(s, s), context.language)
        die = f"  [{context.dice[0]}]" if context.dice else ""
        pen.text((cell // 2, cell // 3), title + die, fill=ink, font=font(cell // 3))
        for q in range(position.length + 1):
            x = cell // 2 + q * cell
            pen.rectangle((x, cell, x + cell - 4, 2 * cell), outline=ink)
        for row, side in enumerate(SIDES):
            for n, q in enumerate(position.pieces[side]):
                x = cell // 2 + q * cell + (n + 1) * cell // 3 - cell // 6
                y = cell + (row + 1) * cell // 3
                pen.ellipse((x - cell // 8, y - cell // 8, x + cell // 8, y + cell // 8),
                            fill=PIECES[side], outline=ink)
        for event in context.last_events:
            if isinstance(event, Moved):
                ends = [cell // 2 + square(p, position.length) * cell + cell // 2
                        for p in (event.src, event.dst)]
                pen.line((ends[0], 5 * cell // 2, ends[1], 5 * cell // 2),
                         fill=PIECES.get(event.side, ink), width=max(2, cell // 12))
        return image

    def palette_samples(self, width: int, theme: str) -> Sequence[tuple[Any, RenderContext]]:
        start = GAME.initial({})
        played = start.play("S/4", (4,))
        return [(start, RenderContext(width=width, theme=theme, dice=(3,))),
                (played.position, RenderContext(width=width, theme=theme,
                                                last_events=played.events, last_side="O"))]


RENDERER = RaceRenderer()
