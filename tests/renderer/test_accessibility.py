"""Every board's colours against WCAG AA and colour-vision deficiencies.

A renderer module declares what a player must read as
``legibility(theme) -> list[Legible]`` (each text or mark colour with the
colour behind it) and its players' colours as ``player_colours(theme)``;
the tests check each declaration against the thresholds and, for Chebache
and Hachapury, that the declared colours are really drawn (so a declaration
cannot drift from the picture) and that the players' pieces differ on the
drawn pixels.  A module that declares nothing is read through the tables
below (the colours its module uses).
"""

from __future__ import annotations

import importlib
import io
from collections.abc import Callable
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

THEMES = ("light", "dark")
GAMES = ("chebache", "hachapury", "cheesegambit", "che")


# --------------------------------------------------------------------------- today's colours


def _cheesegambit_pairs(theme: str) -> list[Legible]:
    from renderer import cheesegambit as cg

    th = cg.THEMES[theme]
    pairs = [Legible("text", th.text, th.background),
             Legible("muted text", th.muted, th.background),
             Legible("square numbers", th.muted, th.background),
             Legible("panel text", th.text, th.panel), Legible("grid lines", th.grid,
                                                                    th.background, "mark")]
    for side in cg.PIECE:
        pairs.append(Legible(f"{side} count", cg.PIECE_TEXT[side], cg.PIECE[side]))
        pairs.append(Legible(f"{side} name", cg._ink(side, theme), th.background))
    return pairs


def _cheesegambit_players(theme: str) -> dict[str, RGB]:
    from renderer import cheesegambit as cg

    return dict(cg.PIECE)


def _che_pairs(theme: str) -> list[Legible]:
    from renderer import che

    th = che.THEMES[theme]
    return [Legible("text", th.text, th.background),
            Legible("coordinates", th.muted, th.background),
            Legible("legal-cell shading", th.legal, th.board, "mark"),
            Legible("legal-cell outline", th.legal_outline, th.board, "mark")]


def _che_players(theme: str) -> dict[str, RGB]:
    from renderer import che

    return {side: shades["normal"] for side, shades in che.TILE_COLOURS.items()}


#: Colours read from modules that declare nothing yet.
FALLBACK_PAIRS: dict[str, Callable[[str], list[Legible]]] = {
    "cheesegambit": _cheesegambit_pairs, "che": _che_pairs}
FALLBACK_PLAYERS: dict[str, Callable[[str], dict[str, RGB]]] = {
    "cheesegambit": _cheesegambit_players, "che": _che_players}

#: Cases known to fail, marked xfail (none: every game now meets the thresholds).
KNOWN_CONTRAST: dict[tuple[str, str], str] = {}
KNOWN_PLAYERS: dict[tuple[str, str], str] = {}


def module(game: str) -> ModuleType:
    return importlib.import_module(f"renderer.{game}")


def declared_pairs(game: str, theme: str) -> list[Legible]:
    mod = module(game)
    if hasattr(mod, "legibility"):
        return list(mod.legibility(theme))
    return FALLBACK_PAIRS[game](theme)


def declared_players(game: str, theme: str) -> dict[str, RGB]:
    mod = module(game)
    if hasattr(mod, "player_colours"):
        return dict(mod.player_colours(theme))
    return FALLBACK_PLAYERS[game](theme)


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
    return {c for _, c in image.convert("RGB").getcolors(maxcolors=1 << 20) or []}


@pytest.mark.parametrize("game", ["chebache", "hachapury"])
@pytest.mark.parametrize("theme", THEMES)
def test_declared_colours_are_the_drawn_ones(game: str, theme: str) -> None:
    """Each declared ink is drawn on the samples (full colour, before the
    palette); a declaration left behind by a palette change fails here."""
    renderer = module(game).RENDERER
    drawn: set[RGB] = set()
    for position, context in renderer.palette_samples(1100, theme):
        drawn |= _colours_in(renderer.draw(position, context))
    drawn |= _colours_in(module(game).background(1100, theme, *(("W",) if game == "chebache"
                                                                  else ())))
    def is_drawn(ink: RGB) -> bool:  # exactly, or within 3 per channel (an antialiased dash)
        return ink in drawn or any(max(abs(a - b) for a, b in zip(ink, c, strict=True)) <= 3
                                   for c in drawn)

    missing = [str(p) for p in declared_pairs(game, theme) if not is_drawn(p.ink)]
    assert missing == []


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
    return {side: image.getpixel((round(x), round(y))) for side, (x, y) in centres.items()}


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
