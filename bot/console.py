"""``python -m bot local``: play the bot's commands in a terminal.

A pretend channel with named users: each line is ``name: /command args``,
for example ``alice: /new GAME @bob``, ``bob: /accept``,
``alice: /move TEXT`` (``/help`` lists the games).  The same service and SQLite storage as the
Discord bot; board images are written to a folder and their paths printed.
"""

from __future__ import annotations

import logging
import random
import re
import shlex
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import TextIO

from bot.replies import Channel, Reply, User
from bot.service import GameService, ServiceConfig
from games import available_games
from storage import Store

log = logging.getLogger("boardbot.console")
#: What the user sees when a command fails unexpectedly.  The service commits each
#: change in one transaction before it renders or answers, so a fault either left
#: the game untouched or came after the change was saved: ``/board`` tells which.
INTERNAL_ERROR = ("?? internal error: this command did not finish (the details are in the "
                  "log); nothing else was changed. `/board` shows the game as it stands.")
_LINE = re.compile(r"^\s*([A-Za-z0-9_.-]+)\s*:\s*/?(\w+)\s*(.*)$")


class Console:
    """Turns console lines into service calls and prints the replies."""

    def __init__(self, service: GameService, images: Path, out: TextIO,
                 moderators: Iterable[str] = (), channel: str = "local") -> None:
        self.service = service
        self.images = images
        self.out = out
        self.moderators = set(moderators)
        self.channel = Channel(id=channel, guild_id="local", name=channel)
        self._count = 0

    def user(self, name: str) -> User:
        return User(id=name, name=name, moderator=name in self.moderators)

    async def handle(self, line: str) -> Reply | None:
        """Run one console line; returns the reply (None for blank/comment lines)."""
        if not line.strip() or line.lstrip().startswith("#"):
            return None
        m = _LINE.match(line)
        if not m:
            self._print("?? write `name: /command arguments`, e.g. "
                        f"`alice: /new {_example_game()} @bob`")
            return None
        user, command, rest = self.user(m.group(1)), m.group(2).lower(), m.group(3).strip()
        try:
            reply = await self._dispatch(user, command, rest)
            self._show(user, reply)
        except Exception:  # a bug must not end the session: log it and read on
            log.exception("console command failed: %s", line.strip()[:200])
            self._print(INTERNAL_ERROR)
            return None
        return reply

    async def _dispatch(self, user: User, command: str, rest: str) -> Reply:
        s, ch = self.service, self.channel
        if command in ("new", "challenge"):
            try:
                words = shlex.split(rest)
            except ValueError:
                words = rest.split()
            if not words:
                return s.help()
            opponents = [self.user(w.lstrip("@")) for w in words[1:] if w.startswith("@")]
            options = dict(w.split("=", 1) for w in words[1:] if "=" in w)
            return await s.new(user, ch, words[0], opponents, options)
        if command == "move":
            return await s.move(user, ch, rest)
        simple = {"accept": s.accept, "decline": s.decline, "board": s.board, "legal": s.legal,
                  "record": s.record, "resign": s.resign, "abort": s.abort, "join": s.join,
                  "start": s.start}
        if command in simple:
            return await simple[command](user, ch)
        if command == "games":
            return await s.games(ch, _page(rest))
        correspondence = await self._correspondence(user, command, rest)
        if correspondence is not None:
            return correspondence
        if command == "rules":
            return s.rules(rest or _example_game())
        return s.help()

    async def _correspondence(self, user: User, command: str, rest: str) -> Reply | None:
        """Clock, take-back and preference commands (None: not one of them)."""
        s, ch = self.service, self.channel
        if command == "preview":
            return await s.preview(user, ch, rest)
        if command == "grant":
            return await s.grant(user, ch, rest or "1d")
        if command in ("takeback_answer", "allow", "refuse"):
            accept = command == "allow" or rest.strip().lower() in ("yes", "y", "accept")
            return await s.takeback_answer(user, ch, accept)
        if command == "notify":
            return await s.notify(user, rest or "mention")
        if command == "settings":
            words = dict(w.split("=", 1) for w in rest.split() if "=" in w)
            return await s.settings(user, ch, words.get("theme", ""), words.get("flip", ""),
                                    words.get("server_theme", ""), words.get("phone", ""))
        if command == "mygames":
            return await s.my_games(user, ch.guild_id, _page(rest))
        simple = {"claim": s.claim, "takeback": s.takeback}
        if command in simple:
            return await simple[command](user, ch)
        return None

    def _show(self, user: User, reply: Reply) -> None:
        prefix = f"(only {user.name} sees this) " if reply.private else ""
        text = re.sub(r"<@([^>]+)>", r"@\1", reply.text)
        self._print(prefix + text)
        if reply.image is not None:
            self._count += 1
            path = self.images / f"board-{reply.session_id or 0}-{self._count:04d}.png"
            path.write_bytes(reply.image)
            self._print(f"[board image: {path}]")
            if reply.image_description:
                self._print(f"[board description: {reply.image_description}]")
        if reply.attachment is not None:
            name, data = reply.attachment
            path = self.images / name
            path.write_bytes(data)
            self._print(f"[file: {path}]")
        for button in reply.buttons:
            self._print(f"[button: {button.label} -> /{button.action.split(':')[0]}]")

    def _print(self, text: str) -> None:
        print(text, file=self.out, flush=True)


def _page(text: str) -> int:
    """``/games 2`` or ``/games page:2`` -> 2 (1 when absent or unreadable)."""
    digits = text.strip().removeprefix("page").strip(" :=")
    return int(digits) if digits.isdigit() and len(digits) < 7 else 1


async def run_console(database: str, images: str, seed: int | None,
                      moderators: Iterable[str], script: TextIO = sys.stdin,
                      out: TextIO = sys.stdout, busy_timeout: float | None = None) -> int:
    """Read lines from ``script`` until EOF or ``quit``."""
    # Opened first: a database that cannot be used (DatabaseUnavailable) stops the
    # start before anything else is created.  Store.open creates a missing folder.
    store = await Store.open(database, busy_timeout)
    image_dir = Path(images)
    try:
        image_dir.mkdir(parents=True, exist_ok=True)
    except BaseException:
        await store.close()
        raise
    rng = random.Random(seed)
    factory = (lambda: rng.randbytes(32)) if seed is not None else None
    service = GameService(store, ServiceConfig(), seed_factory=factory) if factory \
        else GameService(store, ServiceConfig())
    console = Console(service, image_dir, out, moderators)
    interactive = script.isatty()
    if interactive:
        print(f"Local console. Type `alice: /new {_example_game()} @bob`, `bob: /accept`, "
              "`alice: /move TEXT`, `alice: /help`; `quit` to leave.", file=out)
    try:
        while True:
            if interactive:
                print("> ", end="", file=out, flush=True)
            line = script.readline()
            if not line or line.strip() in ("quit", "exit"):
                break
            await console.handle(line)
    finally:
        await store.close()
    return 0


def _example_game() -> str:
    """The game the console's examples (and a bare ``/rules``) name: the registry's first."""
    games = available_games()
    return games[0] if games else "GAME"
