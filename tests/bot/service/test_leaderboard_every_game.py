"""`/leaderboard` without a game silently meant Hachapury; it shows every game that
has rated games here (and says so when none has)."""

from __future__ import annotations

from bot.replies import User
from bot.service import GameService
from tests.bot.conftest import ALICE, BOB, HERE


async def _game(service: GameService, game: str, a: User, b: User, loser: User) -> None:
    assert (await service.new(a, HERE, game, [b])).ok
    assert (await service.accept(b, HERE)).ok
    assert (await service.resign(loser, HERE)).ok


async def test_no_game_named_shows_every_game(service: GameService) -> None:
    empty = await service.leaderboard(ALICE, HERE, "")
    assert "No rated games here yet" in empty.text, empty.text
    assert "Hachapury" not in empty.text.split(":")[0]
    await _game(service, "che", ALICE, BOB, BOB)
    await _game(service, "chebache", BOB, ALICE, ALICE)
    board = await service.leaderboard(ALICE, HERE, "")
    assert board.ok, board.text
    assert "**Chebache leaderboard**" in board.text and "**Che leaderboard**" in board.text
    assert "Hachapury" not in board.text  # no rated Hachapury games: nothing to show
    one = await service.leaderboard(ALICE, HERE, "che")
    assert "Chebache" not in one.text and "**Che leaderboard**" in one.text
