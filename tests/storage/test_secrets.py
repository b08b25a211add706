"""Secrets never reach a log: not the dice seeds (at DEBUG), not the Discord token."""

from __future__ import annotations

import logging
import random
from pathlib import Path

import pytest

from bot.config import Config, load_config
from bot.replies import Channel, User
from bot.service import GameService
from storage import Session, Store

ALICE, BOB = User("1", "alice"), User("2", "bob")
TOKEN = "MTIzNDU2Nzg5.secret-token-value.abcdefghijklmnop"


def _everything_logged(caplog: pytest.LogCaptureFixture) -> str:
    """Messages, raw arguments and formatted text of every captured record."""
    parts = [caplog.text]
    for record in caplog.records:
        parts += [record.getMessage(), repr(record.args), str(record.msg)]
    return "\n".join(parts)


async def test_no_dice_seed_is_logged_at_debug(tmp_path: Path,
                                               caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    # Even someone turning aiosqlite's own logger up to DEBUG gets no statements.
    caplog.set_level(logging.DEBUG, logger="aiosqlite")
    seeds: list[bytes] = []
    rng = random.Random(11)

    def seed() -> bytes:
        seeds.append(rng.randbytes(32))
        return seeds[-1]

    store = await Store.open(str(tmp_path / "secrets.sqlite3"))
    try:
        service = GameService(store, seed_factory=seed, render_images=False)
        for n in range(3):
            channel = Channel(f"c{n}", "g")
            assert (await service.new(ALICE, channel, "hachapury", [BOB])).ok
            assert (await service.accept(BOB, channel)).ok
            for _ in range(6):
                session = await store.live_session(channel.id)
                assert session is not None
                position = service.position_of(session)
                seat = session.seat_for_side(position.side_to_move or "")
                user = ALICE if seat is not None and seat.user_id == ALICE.id else BOB
                text = rng.choice(service.legal_turns(session)).text
                assert (await service.move(user, channel, text)).ok
    finally:
        await store.close()
    assert len(seeds) == 3
    session = await _reopened_session(tmp_path)
    assert session.seed == seeds[-1].hex() and session.seed not in repr(session)
    logged = _everything_logged(caplog)
    for secret in seeds:
        assert secret.hex() not in logged
        assert secret.hex().upper() not in logged


async def _reopened_session(tmp_path: Path) -> Session:
    store = await Store.open(str(tmp_path / "secrets.sqlite3"))
    try:
        session = await store.live_session("c2")
    finally:
        await store.close()
    assert session is not None
    return session


def test_a_debug_record_sent_to_aiosqlite_is_dropped(caplog: pytest.LogCaptureFixture) -> None:
    """The cap holds whatever level aiosqlite's logger is set to later."""
    logger = logging.getLogger("aiosqlite")
    caplog.set_level(logging.DEBUG, logger="aiosqlite")
    logger.debug("executing INSERT ... seed %s", "00ff" * 16)
    logger.info("exception occurred while closing connection")
    assert "00ff" not in caplog.text
    assert "closing connection" in caplog.text


def test_config_never_shows_its_token(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                      caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    monkeypatch.setenv("DISCORD_TOKEN", TOKEN)
    config = load_config(tmp_path / "absent.toml")
    assert config.token == TOKEN
    logging.getLogger("boardbot.test").debug("config %s %r", config, config)
    for shown in (repr(config), str(config), f"{config}", caplog.text,
                  repr(Config(token=TOKEN, database="x"))):
        assert TOKEN not in shown
    assert "database='x'" in repr(Config(token=TOKEN, database="x"))
