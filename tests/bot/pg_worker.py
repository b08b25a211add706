"""A bot process for the several-processes test (tests/bot/test_processes.py), run as
``python -m tests.bot.pg_worker MODE URL ...`` on one PostgreSQL database:

- ``schedule URL OUTFILE``: the correspondence scheduler passing every 50 ms; each
  notification it delivers is appended to OUTFILE as ``pid session_id kind``; prints
  ``leads`` / ``follows`` when its role changes.  Stops by itself after 60 s.
- ``move URL CHANNEL``: prints ``ready``, waits for a line on stdin, then plays the
  first legal turn of the channel's game for whoever is to move; prints the reply as
  JSON ``{"ok": ..., "text": ...}``.
- ``computer URL CHANNEL THINKFILE STALE HANG TARGET``: prints ``ready``, waits for a
  line on stdin, then steps the channel's computers (claims older than STALE seconds
  are taken over) until its log holds TARGET entries; each decision it starts is
  appended to THINKFILE as ``pid seed``.  HANG 1: the first decision never ends
  (prints ``thinking``; the test kills the process).  Prints ``done``.
- ``drive URL CHANNEL OUTFILE HANG``: prints ``ready``, waits for a line on stdin,
  then runs the computer driver's start-up scan (``ComputerDriver.resume``) and
  drives the channel's computers; each reply it posts is appended to OUTFILE as
  ``pid<TAB>text as JSON``.  HANG 1: the first post never ends (prints ``posting``:
  the turn is saved, its message not yet sent; the test kills the process).  Prints
  ``done`` after its first post.  (URL may be a SQLite file too.)
- ``sweep URL -``: prints ``ready``, waits for a line on stdin, then runs the
  tournaments' pass once (``GameService.tournament_sweep``); prints what it would
  post as JSON ``{"rounds": [round post texts], "games": [keys of games to open]}``.
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
import time

from bot.computer_driver import ComputerDriver
from bot.computer_pool import InlineThinker
from bot.replies import Channel, Reply, User
from bot.scheduler import Notification, Scheduler
from bot.service import GameService, ServiceConfig
from computer import Choice, Request
from storage import Store


async def schedule(url: str, outfile: str) -> None:
    store = await Store.open(url)
    try:
        async def deliver(note: Notification) -> None:
            fd = os.open(outfile, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
            try:
                os.write(fd, f"{os.getpid()} {note.session_id} {note.kind}\n".encode())
            finally:
                os.close(fd)

        scheduler = Scheduler(store, deliver, interval=0.05)
        role: bool | None = None
        end = time.monotonic() + 60
        while time.monotonic() < end:
            await scheduler.run_once()
            if scheduler.leading != role:
                role = scheduler.leading
                print("leads" if role else "follows", flush=True)
            await asyncio.sleep(0.05)
    finally:
        await store.close()


async def move(url: str, channel_id: str) -> None:
    store = await Store.open(url)
    try:
        service = GameService(store, ServiceConfig(), render_images=False)
        session = await store.live_session(channel_id)
        assert session is not None
        side = service.position_of(session).side_to_move
        seat = session.seat_for_side(side or "")
        assert seat is not None
        turn = service.legal_turns(session)[0]
        channel = Channel(channel_id, session.guild_id, "race")
        print("ready", flush=True)
        await asyncio.to_thread(sys.stdin.readline)
        reply = await service.move(User(seat.user_id, seat.name), channel, turn)
        print(json.dumps({"ok": reply.ok, "text": reply.text}), flush=True)
    finally:
        await store.close()


class RecordingThinker:
    """Notes each decision it starts in a file (across processes), then thinks."""

    def __init__(self, thinkfile: str, hang: bool) -> None:
        self.thinkfile = thinkfile
        self.hang = hang
        self.inline = InlineThinker()

    async def _note(self, request: Request) -> None:
        fd = os.open(self.thinkfile, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
        try:
            os.write(fd, f"{os.getpid()} {request.seed}\n".encode())
        finally:
            os.close(fd)
        if self.hang:
            print("thinking", flush=True)
            await asyncio.sleep(3600)

    async def decide(self, request: Request) -> Choice:
        await self._note(request)
        return await self.inline.decide(request)

    async def answer(self, request: Request) -> Choice:
        await self._note(request)
        return await self.inline.answer(request)


async def computer(url: str, channel_id: str, thinkfile: str, stale: str, hang: str,
                   target: str) -> None:
    store = await Store.open(url)
    try:
        service = GameService(store, ServiceConfig(computer_claim_seconds=float(stale)),
                              render_images=False,
                              thinker=RecordingThinker(thinkfile, hang == "1"))
        session = await store.live_session(channel_id)
        assert session is not None
        channel = Channel(channel_id, session.guild_id, "computers")
        print("ready", flush=True)
        await asyncio.to_thread(sys.stdin.readline)
        end = time.monotonic() + 60
        while time.monotonic() < end and len(await store.turns(session.id)) < int(target):
            if await service.computer_step(channel) is None:
                await asyncio.sleep(0.02)
        print("done", flush=True)
    finally:
        await store.close()


async def drive(url: str, channel_id: str, outfile: str, hang: str) -> None:
    store = await Store.open(url)
    posts = 0
    try:
        service = GameService(store, ServiceConfig(), render_images=False)

        async def deliver(channel: Channel, reply: Reply) -> None:
            nonlocal posts
            if hang == "1":
                print("posting", flush=True)
                await asyncio.sleep(3600)
            fd = os.open(outfile, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
            try:
                os.write(fd, f"{os.getpid()}\t{json.dumps(reply.text)}\n".encode())
            finally:
                os.close(fd)
            posts += 1

        driver = ComputerDriver(service, deliver)
        print("ready", flush=True)
        await asyncio.to_thread(sys.stdin.readline)
        await driver.resume()
        end = time.monotonic() + 60
        while time.monotonic() < end and not posts:
            await asyncio.sleep(0.02)
        await driver.close()
        print("done", flush=True)
    finally:
        await store.close()


async def sweep(url: str) -> None:
    store = await Store.open(url)
    try:
        service = GameService(store, ServiceConfig(), render_images=False)
        print("ready", flush=True)
        await asyncio.to_thread(sys.stdin.readline)
        said = await service.tournament_sweep()
        print(json.dumps({"rounds": [a.reply.text for a in said if ", round " in a.reply.text],
                          "games": [g.key for a in said for g in a.games]}), flush=True)
    finally:
        await store.close()


if __name__ == "__main__":
    mode, url, arg = sys.argv[1:4]
    if mode == "sweep":
        asyncio.run(sweep(url))
    elif mode == "drive":
        asyncio.run(drive(url, arg, *sys.argv[4:6]))
    elif mode == "computer":
        asyncio.run(computer(url, arg, *sys.argv[4:8]))
    else:
        asyncio.run(schedule(url, arg) if mode == "schedule" else move(url, arg))
