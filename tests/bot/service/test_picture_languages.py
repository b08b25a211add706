"""Board pictures and their descriptions speak the language of the reply they go
with: a public reply's the channel's, a private one's (a preview, the picker's,
a lesson's) the user's; the profile card the channel's."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from bot.replies import Reply
from bot.service import GameService
from renderer.context import RenderContext
from renderer.profile_card import ProfileCard
from storage import Session
from tests.bot.conftest import ALICE, BOB, HERE
from tests.bot.service.test_languages import english_words

ALICE_RU = replace(ALICE, locale="ru")
RUSSIAN_HERE = replace(HERE, locale="ru")


@pytest.fixture
def drawn(service: GameService, monkeypatch: pytest.MonkeyPatch) -> list[RenderContext]:
    """The contexts of the pictures the service draws (each still drawn for real)."""
    service.render_images = True
    seen: list[RenderContext] = []
    draw = service.context.draw

    async def spy(position: Any, context: RenderContext) -> bytes | None:
        seen.append(context)
        return await draw(position, context)

    monkeypatch.setattr(service.context, "draw", spy)
    return seen


async def _game(service: GameService, channel: Any = HERE) -> Session:
    assert (await service.new(ALICE, channel, "hachapury", [BOB])).ok
    assert (await service.accept(BOB, channel)).ok
    session = await service.store.live_session(channel.id)
    assert session is not None
    return session


def _mover(service: GameService, session: Session) -> Any:
    seat = session.seat_for_side(service.position_of(session).side_to_move or "")
    assert seat is not None
    return ALICE if seat.user_id == ALICE.id else BOB


async def test_a_russian_servers_public_picture_is_russian(service: GameService,
                                                           drawn: list[RenderContext]) -> None:
    session = await _game(service, RUSSIAN_HERE)
    mover = _mover(service, session)
    played = await service.move(mover, RUSSIAN_HERE, service.legal_turns(session)[0])
    assert played.ok and not played.private and played.image is not None
    assert drawn[-1].language == "ru"
    words = played.image_description or ""
    assert words.startswith("Доска Hachapury. Ход: "), words
    assert not english_words(words.replace(drawn[-1].last_moves, "")), words
    # /board by an English user is public too: the server's language
    shown = await service.board(replace(ALICE, locale="en-US"), RUSSIAN_HERE)
    assert drawn[-1].language == "ru" and "Ход: " in (shown.image_description or "")


async def test_an_english_servers_picture_stays_english(service: GameService,
                                                        drawn: list[RenderContext]) -> None:
    session = await _game(service)
    played = await service.move(_mover(service, session), HERE,
                                service.legal_turns(session)[0])
    assert drawn[-1].language == "en"
    assert (played.image_description or "").startswith("Hachapury board. ")


async def test_a_private_picture_speaks_the_users_language(service: GameService,
                                                           drawn: list[RenderContext]) -> None:
    session = await _game(service)  # an English server
    mover = _mover(service, session)
    russian = replace(mover, locale="ru")
    preview = await service.preview(russian, HERE, service.legal_turns(session)[0])
    assert preview.private and preview.image is not None
    assert drawn[-1].language == "ru"
    assert (preview.image_description or "").startswith("Доска Hachapury. ")
    # the picker's preview too: Play, then menu options until Confirm shows the picture
    board = await service.board(russian, HERE)
    play = next(b.action for b in board.buttons if b.label == "Play")  # the server's words
    step: Reply = await service.press(russian, HERE, play)
    rng = random.Random(3)
    for _ in range(20):
        if step.image is not None:
            break
        (menu,) = step.menus
        step = await service.press(russian, HERE, menu.action + rng.choice(menu.options).value)
    assert step.image is not None and step.private
    assert drawn[-1].language == "ru"
    # and an English user in a Russian server sees their preview in English
    session = await _game(service, replace(HERE, id="5002", locale="ru"))
    mover = _mover(service, session)
    preview = await service.preview(replace(mover, locale="en-GB"),
                                    replace(HERE, id="5002", locale="ru"),
                                    service.legal_turns(session)[0])
    assert drawn[-1].language == "en"
    assert (preview.image_description or "").startswith("Hachapury board. ")


async def test_the_profile_card_speaks_the_channels_language(
        service: GameService, monkeypatch: pytest.MonkeyPatch) -> None:
    service.render_images = True
    cards: list[ProfileCard] = []
    cpu = service.context.cpu

    async def spy(fn: Any, *args: Any) -> Any:
        cards.extend(a for a in args if isinstance(a, ProfileCard))
        return await cpu(fn, *args)

    monkeypatch.setattr(service.context, "cpu", spy)
    session = await _game(service, RUSSIAN_HERE)
    assert (await service.resign(_mover(service, session), RUSSIAN_HERE)).ok
    shown = await service.profile(ALICE, RUSSIAN_HERE)
    assert shown.image is not None, shown.text
    assert cards and cards[-1].language == "ru"
    await service.profile(ALICE, HERE)
    assert cards[-1].language == "en"
