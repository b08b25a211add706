"""An unknown game name suggests the nearest one: `unknown game 'chebashe'` gave no
"did you mean"."""

from __future__ import annotations

import pytest

from bot.catalogue.engine import error_in
from games import get_game
from games.errors import OptionError


def test_a_misspelt_game_is_suggested() -> None:
    with pytest.raises(OptionError) as caught:
        get_game("chebashe")
    text = str(caught.value)
    assert "did you mean chebache?" in text, text
    assert "хотели chebache?" in error_in(caught.value, "ru"), error_in(caught.value, "ru")


def test_a_name_like_no_game_lists_the_games_only() -> None:
    with pytest.raises(OptionError) as caught:
        get_game("monopoly")
    assert "did you mean" not in str(caught.value)
    assert "hachapury" in str(caught.value)
