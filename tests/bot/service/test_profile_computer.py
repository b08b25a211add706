"""`/profile @boardbot` said "no finished games" after eight games against it: the
computer sits under seat ids of its own (``computer:easy:1``), which the profile did
not look for."""

from __future__ import annotations

from bot.computer_seats import COMPUTER
from bot.service import GameService
from tests.bot.conftest import ALICE, HERE


async def test_the_computers_profile_counts_its_games(service: GameService) -> None:
    for level in ("easy", "hard"):
        begun = await service.new(ALICE, HERE, "hachapury", [COMPUTER], {"level": level})
        assert begun.ok, begun.text
        assert (await service.resign(ALICE, HERE)).ok
    profile = await service.profile(ALICE, HERE, COMPUTER)
    assert profile.ok and "no finished games" not in profile.text, profile.text
    assert "Hachapury: not rated (2 finished)" in profile.text, profile.text
    assert profile.text.count("vs alice: won") == 2, profile.text
