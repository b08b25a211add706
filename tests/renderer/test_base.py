"""The renderer base every game shares: the registry, one public signature,
the palette PNG, warm-up, theme fallback, the headline from ``Result.text``
and the dice helper."""

from __future__ import annotations

import ast
import io
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageChops, ImageStat

import renderer
from games import GAME_MODULES, get_game
from games.base import Result
from renderer import NoRenderer, for_game, render
from renderer.base import BoardRenderer, headline, result_text
from renderer.board_common import dice_values, die_pip_offsets, paste_dice
from renderer.context import RenderContext

COLOURS = {"W": "White", "B": "Black"}


def decode(data: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(data))
    img.load()
    return img


# --------------------------------------------------------------------------- registry


@pytest.mark.parametrize("game", sorted(GAME_MODULES))
def test_every_game_has_a_renderer_with_the_common_calls(game: str) -> None:
    renderer = for_game(game)
    assert isinstance(renderer, BoardRenderer)
    assert renderer.game == game
    module = __import__(f"renderer.{game}", fromlist=["RENDERER"])
    # The module-level names are the renderer's own methods: one signature for all.
    assert module.render == renderer.render
    assert module.draw == renderer.draw
    assert module.warm_up == renderer.warm_up


@pytest.mark.parametrize("game", sorted(GAME_MODULES))
def test_last_turn_is_read_in_one_place(game: str) -> None:
    """Each renderer learns what the last turn did through ``last_turn_marks``
    alone, from the turn's events; without a last turn it marks nothing, for
    its own sample it marks something, and the sample's move text without its
    events marks nothing (the text is only ever shown as words)."""
    module = __import__(f"renderer.{game}", fromlist=["last_turn_marks"])
    marks = module.last_turn_marks
    assert not _marked(marks(RenderContext()))
    _, context = for_game(game).palette_samples(1100, "light")[0]
    assert context.last_events and _marked(marks(context))
    assert not _marked(marks(replace(context, last_events=())))


def test_no_renderer_reads_move_text() -> None:
    """No module under renderer/ uses regular expressions or an engine's
    notation reader: what a turn did comes from its events."""
    for path in sorted(Path(renderer.__file__).parent.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            else:
                continue
            for name in names:
                assert name != "re" and name != "regex", (path.name, name)
                assert "notation" not in name and "movetext" not in name, (path.name, name)


def _marked(marks: Any) -> bool:
    """Whether a renderer's last-turn marks hold anything to draw."""
    if hasattr(marks, "__dataclass_fields__"):  # CheeseGambit's LastTurn
        return any(getattr(marks, f) for f in marks.__dataclass_fields__)
    return bool(marks)


def test_unknown_game_has_no_renderer() -> None:
    with pytest.raises(NoRenderer):
        for_game("tic-tac-toe")
    # The service falls back to text on ImportError.
    assert issubclass(NoRenderer, ImportError)


@pytest.mark.parametrize("game", sorted(GAME_MODULES))
@pytest.mark.parametrize("theme", ["light", "dark"])
def test_png_is_the_drawn_picture_on_a_palette(game: str, theme: str) -> None:
    renderer = for_game(game)
    position, context = renderer.palette_samples(1000, theme)[0]
    data = render(position, context)
    png = decode(data)
    full = renderer.draw(position, context)
    assert png.format == "PNG" and png.mode == "P"
    assert png.size == full.size
    diff = ImageChops.difference(png.convert("RGB"), full.convert("RGB"))
    assert sum(ImageStat.Stat(diff).mean) / 3 < 2.0  # the palette keeps the colours
    assert len(data) < 150 * 1024


@pytest.mark.parametrize("game", sorted(GAME_MODULES))
def test_initial_position_renders_through_the_registry(game: str) -> None:
    g = get_game(game)
    options = g.normalise_options({})
    position = g.initial(options, g.first_mover(options))
    data = for_game(game).render(position)  # the context is optional
    assert decode(data).width >= 600


# --------------------------------------------------------------------------- the base itself


class Flat(BoardRenderer[tuple[int, int, int]]):
    """A renderer drawing one flat colour per theme; counts its pictures."""

    game = "flat"
    themes = {"light": (240, 240, 230), "dark": (20, 20, 30)}

    def __init__(self) -> None:
        super().__init__()
        self.drawn = 0

    def draw(self, position: Any, context: RenderContext) -> Image.Image:
        self.drawn += 1
        return Image.new("RGB", (context.width, 40), self.theme(context))

    def palette_samples(self, width: int, theme: str) -> list[tuple[Any, RenderContext]]:
        return [(None, RenderContext(width=width, theme=theme))]


def test_warm_up_builds_the_palettes_once() -> None:
    flat = Flat()
    flat.warm_up(300, ("light", "dark"))
    warmed = flat.drawn
    assert warmed >= 2  # at least one sample per theme
    flat.render(None, RenderContext(width=300, theme="dark"))
    flat.render(None, RenderContext(width=300, theme="light"))
    assert flat.drawn == warmed + 2  # the pictures themselves, no palette work


def test_unknown_theme_falls_back_to_light() -> None:
    flat = Flat()
    img = decode(flat.render(None, RenderContext(width=120, theme="neon"))).convert("RGB")
    assert img.getpixel((5, 5)) == Flat.themes["light"]
    assert flat.theme_name(RenderContext(theme="neon")) == "light"


def test_palette_is_cached_per_width_and_theme() -> None:
    flat = Flat()
    assert flat.palette(200, "light") is flat.palette(200, "light")
    assert flat.palette(200, "light") is not flat.palette(200, "dark")
    assert flat.palette(200, "light") is not flat.palette(300, "light")


# --------------------------------------------------------------------------- headline


class _Pos:
    def __init__(self, side: str | None, result: Result | None = None) -> None:
        self.side_to_move = side
        self.result = result


@pytest.mark.parametrize(
    ("result", "expected"),
    [
        (Result("W", 1, "W wins"), "White wins"),
        (Result("B", 2, "B wins 2"), "Black wins 2"),
        (Result(None, 0, "draw"), "Draw"),
    ],
)
def test_result_text_names_the_sides(result: Result, expected: str) -> None:
    assert result_text(result, lambda s: COLOURS[s]) == expected


def test_result_text_with_placings() -> None:
    names = {"R": "alice", "G": "bob", "B": "carol"}
    result = Result("R", 3, "R wins; G 2nd; B 3rd")
    assert result_text(result, names.__getitem__) == "alice wins, bob 2nd, carol 3rd"


def test_headline_to_move_and_over() -> None:
    assert headline(_Pos("B"), COLOURS.__getitem__) == "Black to move"
    assert headline(_Pos(None), COLOURS.__getitem__) == "Game over"
    assert headline(_Pos(None, Result("W", 1, "W wins")), COLOURS.__getitem__) == "White wins"


# --------------------------------------------------------------------------- dice


def test_dice_values_keeps_real_faces_only() -> None:
    assert dice_values((6, 0, 7, 3, 3, 3, 3)) == [6, 3, 3, 3]
    assert dice_values(()) == []


def test_paste_dice_draws_pips_where_the_offsets_say() -> None:
    img = Image.new("RGB", (200, 100), (128, 128, 128))
    face, pip, edge = (250, 250, 250), (10, 10, 10), (90, 90, 90)
    paste_dice(img, [5, 2], [(50, 50), (150, 50)], 60, face, pip, edge, shadow_offset=3)
    for value, cx in ((5, 50), (2, 150)):
        for px, py in die_pip_offsets(60, value):
            assert img.getpixel((int(cx - 30 + px), int(50 - 30 + py))) == pip
    # Between the pips of the 2 (the centre) the face shows; the shadow darkens
    # the background just right of the die, and only with a shadow offset.
    assert img.getpixel((150, 50)) == face
    shaded = img.getpixel((181, 60))
    assert isinstance(shaded, tuple) and max(shaded) < 128
    plain = Image.new("RGB", (200, 100), (128, 128, 128))
    paste_dice(plain, [2], [(150, 50)], 60, face, pip, edge)
    assert plain.getpixel((181, 60)) == (128, 128, 128)
