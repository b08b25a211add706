"""Phone first, one rule for every game (renderer/phone.py): shown 400 px
wide, what a player reads to play (whose turn, dice, counts, every number
needed to type a move) is at least MIN_GLYPH (8) px high.  Pictures under
COMPACT_BELOW px are phone pictures and meet it (``/settings phone:on`` asks
for them); Che meets it at every width."""

from __future__ import annotations

import pytest

from games import get_game
from renderer import RenderContext
from renderer import chebache as cr
from renderer import chebache_layout as cl
from renderer import cheesegambit as cg
from renderer import cheesegambit_layout as cgl
from renderer import hachapury as hp
from renderer.phone import COMPACT_BELOW, MIN_GLYPH, PHONE_WIDTH, phone_glyph

MIN_GLYPH_PX = MIN_GLYPH


def shown_glyph_height(size: int, bold: bool, width: int) -> float:
    return phone_glyph(size, width, bold)

PHONE_WIDTHS = (600, 760)


def test_the_rule_is_one_rule() -> None:
    """8 px at 400 px wide, for phone pictures (under 800 px) of every game."""
    assert (MIN_GLYPH, PHONE_WIDTH, COMPACT_BELOW) == (8.0, 400, 800)
    assert cl.COMPACT_BELOW == hp.COMPACT_BELOW == COMPACT_BELOW
    assert max(PHONE_WIDTHS) < COMPACT_BELOW
    # 11 px DejaVu Sans (the platforms' least text size) is where 8 px starts
    assert phone_glyph(11, PHONE_WIDTH, bold=False) >= MIN_GLYPH > phone_glyph(10, PHONE_WIDTH,
                                                                               bold=False)


def chebache_texts(width: int) -> dict[str, tuple[int, bool]]:
    lay = cl.layout(width)
    k = lay.scale
    return {
        "viewer's numbers": (cl.label_font_size(True, width), True),
        "opponent's numbers": (cl.label_font_size(False, width), False),
        "rail letters and ranks": (cr.rail_font_size(width), True),
        "pool titles": (cr.title_font_size(width), True),
        "headline": (int(32 * k), True),
        "pool counts": (int(36 * k), True),
    }


@pytest.mark.parametrize("width", PHONE_WIDTHS)
def test_chebache_phone_layout_reads_at_400_px(width: int) -> None:
    assert cl.layout(width).compact
    small = {what: round(shown_glyph_height(size, bold, width), 1)
             for what, (size, bold) in chebache_texts(width).items()
             if shown_glyph_height(size, bold, width) < MIN_GLYPH_PX}
    assert small == {}
    # dice: a die at least 2.5 glyphs high (20 px), its pips countable
    assert cl.layout(width).die * 400 / width >= 2.5 * MIN_GLYPH_PX


def test_chebache_desktop_layout_is_too_small_for_a_phone() -> None:
    """Why the phone layout exists: the 1100 px picture's numbers shrink below it."""
    size, bold = chebache_texts(1100)["opponent's numbers"]
    assert not cl.layout(1100).compact
    assert shown_glyph_height(size, bold, 1100) < MIN_GLYPH_PX


@pytest.mark.parametrize("width", PHONE_WIDTHS)
def test_hachapury_phone_text_reads_at_400_px(width: int) -> None:
    lay = hp.layout(width)
    k = lay.scale * hp.phone_text(width)
    texts = {"point numbers": hp.number_font_size(width), "tray counts": int(26 * k),
             "headline": int(30 * k)}
    small = {what: round(shown_glyph_height(size, True, width), 1)
             for what, size in texts.items()
             if shown_glyph_height(size, True, width) < MIN_GLYPH_PX}
    assert small == {}
    assert lay.die * 400 / width >= 2.5 * MIN_GLYPH_PX
    assert shown_glyph_height(hp.number_font_size(1100), True, 1100) < MIN_GLYPH_PX


@pytest.mark.parametrize("width", PHONE_WIDTHS)
def test_phone_pictures_draw(width: int) -> None:
    for game in ("chebache", "hachapury"):
        position = get_game(game).initial({}, "W")
        renderer = cr if game == "chebache" else hp
        image = renderer.draw(position, RenderContext(names={"W": "alice", "B": "bob"},
                                                      dice=(6, 5), width=width))
        assert image.width == width


@pytest.mark.parametrize("width", PHONE_WIDTHS)
def test_cheesegambit_phone_layout_reads_at_400_px(width: int) -> None:
    """The compact CheeseGambit board (tests/renderer/test_cheesegambit_render.py
    checks every text of it): numbers and counts, names, headline and dice."""
    g = cgl.geometry(width)
    assert g.compact and not cgl.geometry(1100).compact
    texts = {"square numbers and counts": g.label_px, "names and panel lines": cg._text_px(g.cell),
             "headline": int(g.cell * 0.56)}
    small = {what: round(shown_glyph_height(size, True, width), 1)
             for what, size in texts.items()
             if shown_glyph_height(size, True, width) < MIN_GLYPH_PX}
    assert small == {}
    assert int(g.cell * 1.12) * 400 / width >= 2.5 * MIN_GLYPH_PX
    assert shown_glyph_height(cgl.geometry(1100).label_px, True, 1100) < MIN_GLYPH_PX
