"""The profile card: every text colour readable on what it stands on (WCAG 4.5:1)
in both themes, type that reads at 400 px, long names cut to fit."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from renderer.accessibility import TEXT_CONTRAST, contrast_ratio
from renderer.phone import MIN_GLYPH, phone_glyph
from renderer.profile_card import (
    CARD_WIDTH,
    SMALL,
    THEMES,
    GameLine,
    ProfileCard,
    RecentGame,
    game_details,
    render_profile_card,
    text_pairs,
)

CARD = ProfileCard(
    "alice",
    (GameLine("Hachapury", 1623, True, 4, 3, 1, 2, 5, 4, 41.3),
     GameLine("CheeseGambit", None, finished=2, average_turns=350.0)),
    (RecentGame(12, "Hachapury", "bob", "won 2", True, 34),
     RecentGame(11, "CheeseGambit", "bob, carol, dave", "2nd", None, 350),
     RecentGame(9, "Hachapury", "carol", "lost", False, 1)))


@pytest.mark.parametrize("theme", sorted(THEMES))
def test_every_text_colour_reads_on_its_ground(theme: str) -> None:
    for ink, ground in text_pairs(theme):
        assert contrast_ratio(ink, ground) >= TEXT_CONTRAST, (theme, ink, ground)


def test_the_small_print_reads_at_400_px() -> None:
    assert phone_glyph(SMALL, CARD_WIDTH, bold=False) >= MIN_GLYPH


@pytest.mark.parametrize("theme", sorted(THEMES))
def test_the_card_is_a_small_png_in_its_theme(theme: str) -> None:
    data = render_profile_card(ProfileCard(CARD.name, CARD.games, CARD.recent, theme))
    card = Image.open(io.BytesIO(data)).convert("RGB")
    assert card.width == CARD_WIDTH and len(data) < 60_000
    corner = card.getpixel((CARD_WIDTH - 2, card.height - 2))
    assert isinstance(corner, tuple)  # the theme's ground, within the palette's rounding
    assert max(abs(a - b) for a, b in zip(corner, THEMES[theme].background, strict=True)) <= 2
    more = render_profile_card(ProfileCard("x" * 200, CARD.games * 3, CARD.recent))
    assert Image.open(io.BytesIO(more)).height > card.height  # grows with its rows


def test_details_say_record_streak_points_and_length() -> None:
    rated, unrated = CARD.games
    assert game_details(rated) == \
        "3 won · 1 lost of 4 · 2 wins in a row · 5 points · 41 turns a game"
    assert game_details(unrated) == "2 finished, not rated · 350 turns a game"
