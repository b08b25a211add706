"""/settings: a server's theme for public pictures, a user's own theme and
chair for private ones (migration 5)."""

from __future__ import annotations

import io

from PIL import Image

from bot.service import GameService
from storage import Session, Store
from storage.settings import SettingsStore, UserView
from tests.bot.conftest import ALICE, BOB, HERE, MOD
from tests.pixels import rgb


async def _start(service: GameService) -> Session:
    assert (await service.new(ALICE, HERE, "chebache", [BOB])).ok
    assert (await service.accept(BOB, HERE)).ok
    session = await service.store.live_session(HERE.id)
    assert session is not None
    return session


def _page(png: bytes | None) -> tuple[int, int, int]:
    assert png is not None
    return rgb(Image.open(io.BytesIO(png)).convert("RGB"), (2, 2))


async def test_settings_are_stored(store: Store) -> None:
    settings = SettingsStore(store)
    assert await settings.user_view("7") == UserView()
    await settings.set_user_view("7", UserView("dark", True, True), 1.0)
    assert await settings.user_view("7") == UserView("dark", True, True)
    await settings.set_user_view("7", UserView(None, False), 2.0)
    assert await settings.user_view("7") == UserView()
    assert await settings.guild_theme("9") is None and await settings.guild_theme(None) is None
    await settings.set_guild_theme("9", "dark", 3.0)
    assert await settings.guild_theme("9") == "dark"


async def test_own_theme_for_previews_server_theme_for_public(service: GameService) -> None:
    service.render_images = True
    session = await _start(service)
    position = service.position_of(session)
    seat = session.seat_for_side(position.side_to_move or "")
    assert seat is not None
    mover = ALICE if seat.user_id == ALICE.id else BOB
    text = service.legal_turns(session)[0]
    light_page = _page((await service.board(BOB, HERE)).image)
    reply = await service.settings(mover, HERE, theme="dark")
    assert reply.private and "dark theme" in reply.text
    dark_preview = _page((await service.preview(mover, HERE, text)).image)
    assert dark_preview != light_page
    assert _page((await service.board(mover, HERE)).image) == light_page  # public: the server's
    refused = await service.settings(mover, HERE, server_theme="dark")
    assert not refused.ok and mover.name in refused.text
    assert (await service.settings(MOD, HERE, server_theme="dark")).ok
    assert _page((await service.board(BOB, HERE)).image) == dark_preview
    await service.settings(mover, HERE, theme="light")
    assert _page((await service.preview(mover, HERE, text)).image) == light_page


async def test_flip_turns_private_pictures_only(service: GameService) -> None:
    service.render_images = True
    session = await _start(service)
    position = service.position_of(session)
    seat = session.seat_for_side(position.side_to_move or "")
    assert seat is not None
    mover = ALICE if seat.user_id == ALICE.id else BOB
    text = service.legal_turns(session)[0]
    own = (await service.preview(mover, HERE, text)).image
    public = (await service.board(mover, HERE)).image
    assert "opponent's chair" in (await service.settings(mover, HERE, flip="on")).text
    flipped = (await service.preview(mover, HERE, text)).image
    assert flipped != own
    assert (await service.board(mover, HERE)).image == public
    await service.settings(mover, HERE, flip="off")
    assert (await service.preview(mover, HERE, text)).image == own


async def test_settings_refusals_say_what_is_legal(service: GameService) -> None:
    reply = await service.settings(ALICE, HERE, theme="purple")
    assert not reply.ok and "`light`, `dark` or `server`" in reply.text
    reply = await service.settings(ALICE, HERE, flip="maybe")
    assert not reply.ok and "`on` or `off`" in reply.text


async def test_phone_layout_for_previews(service: GameService) -> None:
    service.render_images = True
    session = await _start(service)
    position = service.position_of(session)
    seat = session.seat_for_side(position.side_to_move or "")
    assert seat is not None
    mover = ALICE if seat.user_id == ALICE.id else BOB
    text = service.legal_turns(session)[0]
    assert "phone layout" in (await service.settings(mover, HERE, phone="on")).text
    preview = (await service.preview(mover, HERE, text)).image
    assert preview is not None and Image.open(io.BytesIO(preview)).width == 760
    board = (await service.board(mover, HERE)).image
    assert board is not None and Image.open(io.BytesIO(board)).width == 1100
    reply = await service.settings(mover, HERE, phone="sometimes")
    assert not reply.ok and "`phone` is `on` or `off`" in reply.text
