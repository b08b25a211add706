"""A computer turn saved but never posted is posted later (the outbox, migration 11):
by the next process when its process was killed between the commit and the post
(a real ``kill -9``, SQLite and PostgreSQL), and once more when its post failed."""

from __future__ import annotations

import json
import signal
import subprocess
from pathlib import Path

from bot.catalogue import t
from bot.computer_driver import ComputerDriver
from bot.computer_seats import COMPUTER
from bot.replies import Channel, Reply
from bot.service import GameService, ServiceConfig
from storage import Store
from tests.bot.conftest import ALICE, HERE, FakeClock
from tests.bot.test_processes import _computer_game, _expect, _go, _worker

LATE = t("en", "computer_late")


def _posts(outfile: Path) -> list[tuple[int, str]]:
    if not outfile.exists():
        return []
    return [(int(pid), json.loads(text)) for pid, text in
            (line.split("\t", 1) for line in outfile.read_text().splitlines())]


async def _entries(url: str, session_id: int, after: int) -> list[str]:
    store = await Store.open(url)
    try:
        return [t.record for t in (await store.turns(session_id))[after:]]
    finally:
        await store.close()


async def test_a_turn_saved_by_a_killed_process_is_posted_by_the_next(
        database: str, tmp_path: Path) -> None:
    session_id, logged = await _computer_game(database)
    outfile = tmp_path / "posts.txt"
    killed = _worker("drive", database, HERE.id, str(outfile), "1")
    heir: subprocess.Popen[str] | None = None
    try:
        _go([killed])
        _expect(killed, "posting")  # the turn is committed, its message not yet sent
        killed.send_signal(signal.SIGKILL)
        killed.wait(10)
        saved = await _entries(database, session_id, logged)
        assert saved and _posts(outfile) == []
        heir = _worker("drive", database, HERE.id, str(outfile), "0")
        _go([heir])
        _expect(heir, "done")
    finally:
        for process in (killed, heir):
            if process is not None and process.poll() is None:
                process.kill()
                process.wait(10)
    posts = _posts(outfile)
    assert posts, "the heir posted nothing"
    pid, text = posts[0]
    assert heir is not None and pid == heir.pid
    assert text.startswith(LATE), text  # the killed process's turn, first
    assert all(record in text for record in saved), (saved, text)


async def test_a_failed_post_is_posted_once_more_later(database: str) -> None:
    clock = FakeClock()
    store = await Store.open(database)
    try:
        service = GameService(store, ServiceConfig(computer_repost_seconds=60.0),
                              clock=clock, render_images=False)
        posted: list[Reply] = []
        failing = [True]

        async def deliver(channel: Channel, reply: Reply) -> None:
            if failing[0]:
                raise ConnectionError("Discord is away")
            posted.append(reply)

        driver = ComputerDriver(service, deliver)
        assert (await service.new(ALICE, HERE, "hachapury", [COMPUTER])).ok
        session = await store.live_session(HERE.id)
        assert session is not None
        # alice moves until the computer is to move: its turn passes by itself when its
        # dice have no move (6-6 blocked early on, 1 throw in 36), so once may not do
        while service.position_of(session).side_to_move == session.seats[0].side:
            assert (await service.move(ALICE, HERE, service.legal_turns(session)[0])).ok
            session = await store.live_session(HERE.id)
            assert session is not None
        reply = await service.computer_step(HERE)
        assert reply is not None
        await driver._post(HERE, reply)  # fails: its outbox row stays
        failing[0] = False
        await driver.resume()
        await driver.idle()
        assert posted == []  # not yet: it may still be on its way
        clock.now += 61
        await driver.resume()
        await driver.idle()
        assert len(posted) == 1 and posted[0].text.startswith(LATE)
        assert reply.text.split("\n", 1)[0] in posted[0].text
        await driver.resume()
        assert len(posted) == 1  # once
        await driver.close()
    finally:
        await store.close()
