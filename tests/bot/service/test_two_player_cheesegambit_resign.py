"""Two-player CheeseGambit: resigning ends the game (the engine's resignation
leaves one player, who wins), so the question says so and the ending is told
like every other: the winner, the seed, the record, a rematch."""

from __future__ import annotations

from bot.service import GameService
from tests.bot.conftest import ALICE, BOB, HERE


async def _started(service: GameService, players: int = 2) -> None:
    from tests.bot.conftest import CAROL

    others = [BOB, CAROL][: players - 1]
    assert (await service.new(ALICE, HERE, "cheesegambit", others,
                              {"players": str(players)})).ok
    for other in others:
        assert (await service.accept(other, HERE)).ok


async def test_the_question_says_the_game_ends_and_who_wins(service: GameService) -> None:
    await _started(service)
    question = await service.confirm_resign(BOB, HERE)
    assert question.ok and question.private
    assert "the others play on" not in question.text, question.text
    assert "the game ends and Red (alice) wins" in question.text, question.text


async def test_in_three_the_others_play_on(service: GameService) -> None:
    await _started(service, 3)
    question = await service.confirm_resign(BOB, HERE)
    assert "the others play on" in question.text, question.text


async def test_the_ending_names_the_winner_and_reveals_the_seed(service: GameService) -> None:
    await _started(service)
    reply = await service.resign(BOB, HERE)
    assert reply.ok, reply.text
    assert "leaves the game" not in reply.text, reply.text
    assert reply.text.startswith("bob resigns. "), reply.text
    assert "Red (alice)** wins" in reply.text, reply.text
    session = await service.store.latest_session(HERE.id)
    assert session is not None and session.status == "finished"
    assert f"Dice seed revealed: `{session.seed}`" in reply.text
    assert [b.action.split(":")[0] for b in reply.buttons] == ["rematch"]
    assert reply.attachment is not None and b"B resigns" in reply.attachment[1]


async def test_a_silent_players_claim_ends_it_too(service: GameService) -> None:
    """A moderator ends the silence of the player to move: in two that is the end."""
    from tests.bot.conftest import MOD

    await _started(service)
    reply = await service.claim(MOD, HERE)
    assert reply.ok, reply.text
    assert "the others play on" not in reply.text, reply.text
    assert "wins" in reply.text and "Dice seed revealed" in reply.text, reply.text
    assert reply.attachment is not None
