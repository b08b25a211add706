"""Every board's colours against WCAG AA and colour-vision deficiencies.

A renderer module declares what a player must read as
``legibility(theme) -> list[Legible]`` (each text or mark colour with the
colour behind it), its players' colours as ``player_colours(theme)`` and the
theme colours that carry nothing to read as ``DECORATION`` (name -> why).
The tests check each declaration against the thresholds; that every theme
colour is declared or decoration, and every large area drawn is a theme or
declared colour (so a mark cannot be added outside the checks); that the
declared colours are really drawn (so a declaration cannot drift from the
picture); and, for Chebache and Hachapury, that the players' pieces differ
on the drawn pixels.
"""

from __future__ import annotations

import dataclasses
import importlib
import io
from collections.abc import Sequence
from types import ModuleType

import pytest
from PIL import Image

from renderer.accessibility import (
    PLAYER_DISTANCE,
    RGB,
    Legible,
    confusable_players,
    legibility_faults,
    worst_distance,
)
from tests.pixels import colours, rgb

THEMES = ("light", "dark")
GAMES = ("chebache", "hachapury", "cheesegambit", "che")


#: Cases known to fail, marked xfail (none: every game now meets the thresholds).
KNOWN_CONTRAST: dict[tuple[str, str], str] = {}
KNOWN_PLAYERS: dict[tuple[str, str], str] = {}


def module(game: str) -> ModuleType:
    return importlib.import_module(f"renderer.{game}")


def declared_pairs(game: str, theme: str) -> list[Legible]:
    return list(module(game).legibility(theme))


def declared_players(game: str, theme: str) -> dict[str, RGB]:
    return dict(module(game).player_colours(theme))


def cases(known: dict[tuple[str, str], str]) -> list[object]:
    out: list[object] = []
    for game in GAMES:
        for theme in THEMES:
            reason = known.get((game, theme))
            marks = [pytest.mark.xfail(strict=False, reason=reason)] if reason else []
            out.append(pytest.param(game, theme, id=f"{game}-{theme}", marks=marks))
    return out


# --------------------------------------------------------------------------- the checks


@pytest.mark.parametrize(("game", "theme"), cases(KNOWN_CONTRAST))
def test_every_text_and_mark_meets_wcag_aa(game: str, theme: str) -> None:
    pairs = declared_pairs(game, theme)
    assert len(pairs) >= 4, "a renderer declares what its players read"
    assert legibility_faults(pairs) == []


@pytest.mark.parametrize(("game", "theme"), cases(KNOWN_PLAYERS))
def test_player_colours_stay_apart_under_each_deficiency(game: str, theme: str) -> None:
    colours = declared_players(game, theme)
    assert len(colours) >= 2
    assert confusable_players(colours) == []


def test_the_checks_can_fail() -> None:
    grey = (119, 119, 119)
    assert legibility_faults([Legible("grey on white", grey, (255, 255, 255))]) != []
    assert legibility_faults([Legible("grey mark", grey, (255, 255, 255), "mark")]) == []
    assert confusable_players({"R": (206, 38, 38), "G": (32, 150, 64)}) != []
    assert confusable_players({"W": (250, 246, 234), "B": (38, 38, 44)}) == []


# --------------------------------------------------------------------------- drawn pixels


def _colours_in(image: Image.Image) -> set[RGB]:
    return {c for _, c in colours(image.convert("RGB"), 1 << 20)}


def _near(a: RGB, b: RGB, tolerance: int = 3) -> bool:
    return max(abs(x - y) for x, y in zip(a, b, strict=True)) <= tolerance


def _samples(game: str, theme: str) -> list[Image.Image]:
    """Every palette sample of ``game`` at 1100 px, full colour (before the palette)."""
    renderer = module(game).RENDERER
    return [renderer.draw(position, context).convert("RGB")
            for position, context in renderer.palette_samples(1100, theme)]


def _theme_colours(game: str, theme: str) -> dict[str, RGB]:
    """The theme's colours by field name."""
    th = module(game).THEMES[theme]
    return {f.name: getattr(th, f.name) for f in dataclasses.fields(th)
            if isinstance(getattr(th, f.name), tuple)}


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("theme", THEMES)
def test_declared_colours_are_the_drawn_ones(game: str, theme: str) -> None:
    """Each declared ink is drawn on the samples (full colour, before the
    palette); a declaration left behind by a palette change fails here."""
    drawn: set[RGB] = set()
    for image in _samples(game, theme):
        drawn |= _colours_in(image)
    if game in ("chebache", "hachapury"):  # what the samples do not show: the plain board
        drawn |= _colours_in(module(game).background(1100, theme, *(("W",) if game == "chebache"
                                                                      else ())))

    def is_drawn(ink: RGB) -> bool:  # exactly, or within 3 per channel (an antialiased dash)
        return ink in drawn or any(_near(ink, c) for c in drawn)

    missing = [str(p) for p in declared_pairs(game, theme) if not is_drawn(p.ink)]
    assert missing == []


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("theme", THEMES)
def test_every_theme_colour_is_declared_or_decoration(game: str, theme: str) -> None:
    """A theme colour is in a declared pair (read, or what something is read
    on), a player's colour, or decoration with its reason: a colour added to
    a theme for a new mark fails here until its contrast is declared."""
    declared = {tuple(p.ink) for p in declared_pairs(game, theme)}
    declared |= {tuple(p.ground) for p in declared_pairs(game, theme)}
    declared |= set(declared_players(game, theme).values())
    decoration = module(game).DECORATION
    theme_colours = _theme_colours(game, theme)
    undeclared = sorted(name for name, colour in theme_colours.items()
                        if colour not in declared and name not in decoration)
    assert undeclared == []
    assert sorted(set(decoration) - set(theme_colours)) == []  # no stale entries
    assert all(len(why) > 20 for why in decoration.values())


#: A colour covering this share of a picture is a fill, not an antialiased edge.
LARGE_AREA = 0.003


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("theme", THEMES)
def test_large_areas_are_known_colours(game: str, theme: str) -> None:
    """Every colour covering LARGE_AREA of a sample or more is a declared or
    theme colour, or a blend of two (a translucent overlay, shading, wood
    grain), within 3 per channel: nothing sizeable is painted in a colour the
    checks above do not know."""
    known = {_as_rgb(p.ink) for p in declared_pairs(game, theme)}
    known |= {_as_rgb(p.ground) for p in declared_pairs(game, theme)}
    known |= set(declared_players(game, theme).values())
    known |= set(_theme_colours(game, theme).values())
    unknown: dict[RGB, float] = {}
    for image in _samples(game, theme):
        total = image.width * image.height
        for count, colour in colours(image, 1 << 22):
            share = count / total
            if share >= LARGE_AREA and not _known(colour, known):
                unknown[colour] = max(unknown.get(colour, 0.0), round(share, 4))
    assert unknown == {}


def _as_rgb(colour: Sequence[int]) -> RGB:
    red, green, blue = colour
    return red, green, blue


def _known(colour: RGB, known: set[RGB]) -> bool:
    """``colour`` is one of ``known`` or on the line between two of them."""
    if any(_near(colour, k) for k in known):
        return True
    ordered = sorted(known)
    for i, a in enumerate(ordered):
        for b in ordered[i + 1:]:
            span = sum((y - x) ** 2 for x, y in zip(a, b, strict=True))
            t = sum((c - x) * (y - x) for c, x, y in zip(colour, a, b, strict=True)) / span
            blend = _as_rgb([round(x + (y - x) * t) for x, y in zip(a, b, strict=True)])
            if 0 <= t <= 1 and _near(colour, blend):
                return True
    return False


def test_the_colour_audit_can_fail() -> None:
    known = {(255, 255, 255), (0, 0, 0), (200, 30, 30)}
    assert _known((128, 128, 128), known) and _known((228, 143, 143), known)
    assert not _known((30, 200, 30), known)


def _drawn_faces(game: str, theme: str) -> dict[str, RGB]:
    """The colour at the middle of one drawn piece of each side, read back
    from the PNG (so through the palette)."""
    from games import get_game
    from renderer import render
    from renderer.context import RenderContext

    position = get_game(game).initial({}, "W")
    png = render(position, RenderContext(theme=theme, viewer="W"))
    image = Image.open(io.BytesIO(png)).convert("RGB")
    if game == "chebache":
        from renderer import chebache_layout as cl

        spots = {side: cl.piece_boxes(side, 2, (False, False), "W")[1] for side in ("W", "B")}
        # The upper part of a slab is its face (the lower third is in shade).
        centres = {s: ((b[0] + b[2]) / 2, b[1] + (b[3] - b[1]) * 0.4) for s, b in spots.items()}
    else:
        from renderer import hachapury as hp

        centres = {"W": hp.checker_centre(24, 0), "B": hp.checker_centre(12, 0)}
    return {side: rgb(image, (round(x), round(y))) for side, (x, y) in centres.items()}


@pytest.mark.parametrize("game", ["chebache", "hachapury"])
@pytest.mark.parametrize("theme", THEMES)
def test_pieces_differ_on_the_drawn_pixels(game: str, theme: str) -> None:
    """The drawn pieces of the two sides stay PLAYER_DISTANCE apart (CIEDE2000)
    under normal vision and each simulated deficiency, and are the declared colours."""
    faces = _drawn_faces(game, theme)
    assert confusable_players(faces, PLAYER_DISTANCE) == []
    declared = declared_players(game, theme)
    for side, colour in faces.items():
        assert worst_distance(colour, declared[side])[0] < 3.0, (side, colour, declared[side])
