"""/hint: private, the hard level's choice (or expert's) with its reason, the record
marked."""

from __future__ import annotations

import importlib

import pytest

from bot.replies import User
from bot.service import GameService
from games.turns import Turn
from tests.bot.computer.helpers import Explaining
from tests.bot.conftest import ALICE, BOB, CAROL, HERE


async def _mover(service: GameService) -> tuple[User, list[Turn]]:
    session = await service.store.latest_session(HERE.id)
    assert session is not None
    side = service.position_of(session).side_to_move
    seat = session.seat_for_side(side or "")
    assert seat is not None
    return (ALICE if seat.user_id == ALICE.id else BOB), service.legal_turns(session)


async def test_hint_is_private_legal_and_marks_the_record(service: GameService) -> None:
    await service.new(ALICE, HERE, "hachapury", [BOB])
    await service.accept(BOB, HERE)
    player, legal = await _mover(service)
    other = BOB if player is ALICE else ALICE
    hint = await service.hint(player, HERE)
    assert hint.ok and hint.private, hint.text
    suggested = hint.text.split("`")[3]  # (after the level's name)
    assert suggested in legal
    assert ": it ." not in hint.text and "would play" in hint.text  # no reason: still reads
    record = await service.record(CAROL, HERE)
    assert record.attachment is not None
    assert f'[Hints "{player.name}"]' in record.attachment[1].decode()
    # only the player to move; never a watcher
    wrong = await service.hint(other, HERE)
    assert not wrong.ok and "not your turn" in wrong.text
    watcher = await service.hint(CAROL, HERE)
    assert not watcher.ok and "watching" in watcher.text


async def test_hint_says_its_level_and_takes_expert(service: GameService) -> None:
    await service.new(ALICE, HERE, "hachapury", [BOB])
    await service.accept(BOB, HERE)
    player, legal = await _mover(service)
    hard = await service.hint(player, HERE)
    assert "the computer at `hard` would play" in hard.text
    expert = await service.hint(player, HERE, "expert")
    assert expert.ok and "the computer at `expert` would play" in expert.text
    assert expert.text.split("`")[3] in legal  # (the level's name is the first `...`)
    easy = await service.hint(player, HERE, "easy")
    assert not easy.ok and "`hard` (the default) or `expert`, not `easy`" in easy.text


async def test_a_game_without_hints_has_no_tag(service: GameService) -> None:
    await service.new(ALICE, HERE, "hachapury", [BOB])
    await service.accept(BOB, HERE)
    record = await service.record(CAROL, HERE)
    assert record.attachment is not None and b"Hints" not in record.attachment[1]


async def test_hint_gives_the_reason_in_words(service: GameService,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    module = importlib.import_module("computer.hachapury")
    monkeypatch.setattr(module, "STRATEGY", Explaining())
    await service.new(ALICE, HERE, "hachapury", [BOB])
    await service.accept(BOB, HERE)
    player, legal = await _mover(service)
    hint = await service.hint(player, HERE)
    assert "it makes a block on 5 and leaves no blot." in hint.text
    assert hint.text.split("`")[3] == legal[0]
