"""Every renderer warms up at start for both themes and the phone layout, so
that no player's first picture pays for a palette (issue 15)."""

from __future__ import annotations

from renderer import PHONE_WIDTH, for_game, warm_up

GAMES = ["chebache", "hachapury"]


def test_warm_up_builds_every_theme_and_the_phone_width() -> None:
    for game in GAMES:
        for_game(game)._palettes.clear()  # a fresh start
    warm_up(GAMES + ["no-such-game"], 1100, "dark")
    for game in GAMES:
        built = set(for_game(game)._palettes)
        assert {(1100, "light"), (1100, "dark"), (PHONE_WIDTH, "light"),
                (PHONE_WIDTH, "dark")} <= built, game
