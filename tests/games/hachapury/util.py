"""What the Hachapury tests share: positions from listings, and refusals."""

from __future__ import annotations

import pytest

from games.errors import IllegalTurnError
from games.hachapury import GAME, HachapuryPosition


def pos(listing: str) -> HachapuryPosition:
    """The position of a listing (no options: Hachapury has none)."""
    return GAME.from_listing(listing, {})


def refused(position: HachapuryPosition, text: str, dice: tuple[int, int]) -> IllegalTurnError:
    """The refusal of playing ``text`` with ``dice`` (the test fails if it is played)."""
    with pytest.raises(IllegalTurnError) as info:
        position.play(text, dice)
    return info.value


def reason(position: HachapuryPosition, text: str, dice: tuple[int, int]) -> str:
    """Why playing ``text`` with ``dice`` is refused."""
    return str(refused(position, text, dice).reason)
