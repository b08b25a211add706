"""Several computers at one table are told apart by name: three "boardbot (easy)"
made "bumped boardbot (easy)'s piece" say nothing.  They are numbered in seat order
("boardbot 1 (easy)"); a lone computer keeps its plain name."""

from __future__ import annotations

from bot.computer_seats import COMPUTER, seat_name
from bot.service import GameService
from computer import Level
from tests.bot.conftest import ALICE, HERE


def test_seat_names() -> None:
    assert seat_name(Level.EASY) == "boardbot (easy)"
    assert seat_name(Level.HARD, 2) == "boardbot 2 (hard)"


async def test_three_computers_are_numbered(service: GameService) -> None:
    begun = await service.new(ALICE, HERE, "cheesegambit", [COMPUTER] * 3,
                              {"level": "easy", "pieces": "4"})
    assert begun.ok, begun.text
    session = await service.store.latest_session(HERE.id)
    assert session is not None
    names = [s.name for s in session.seats]
    assert names == ["alice", "boardbot 1 (easy)", "boardbot 2 (easy)", "boardbot 3 (easy)"]
    assert "boardbot 1 (easy)" in begun.text and "boardbot 3 (easy)" in begun.text


async def test_a_lone_computer_keeps_its_plain_name(service: GameService) -> None:
    begun = await service.new(ALICE, HERE, "hachapury", [COMPUTER], {"level": "easy"})
    assert begun.ok, begun.text
    session = await service.store.latest_session(HERE.id)
    assert session is not None
    assert [s.name for s in session.seats][1] == "boardbot (easy)"


async def test_the_expert_level_is_chosen_like_the_others(service: GameService) -> None:
    begun = await service.new(ALICE, HERE, "hachapury", [COMPUTER], {"level": "Expert"})
    assert begun.ok, begun.text
    session = await service.store.latest_session(HERE.id)
    assert session is not None
    assert [s.name for s in session.seats][1] == "boardbot (expert)"
