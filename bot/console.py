"""``python -m bot local``: play the bot's commands in a terminal.

A pretend channel with named users: each line is ``name: /command args``,
for example ``alice: /new GAME @bob``, ``bob: /accept``,
``alice: /move TEXT`` (``/help`` lists the games).  The same service and SQLite storage as the
Discord bot; board images are written to a folder and their paths printed.
"""

from __future__ import annotations

import difflib
import errno
import logging
import os
import random
import re
import shlex
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import TextIO

from bot.catalogue import language, t
from bot.computer_driver import ComputerDriver
from bot.computer_pool import ComputerPool
from bot.computer_seats import COMPUTER
from bot.cpu_pool import CpuPool
from bot.faults import log_failure
from bot.replies import Button, Channel, Reply, User, refusal
from bot.service import GameService, ServiceConfig
from games import available_games
from storage import DatabaseFault, Store

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
                 moderators: Iterable[str] = (), channel: str = "local", locale: str = ""
                 ) -> None:
        self.service = service
        self.images = images
        self.out = out
        self.moderators = set(moderators)
        # ``locale`` (``--locale ru``): the console's one server and its users speak it
        self.locale = locale
        self.channel = Channel(id=channel, guild_id="local", name=channel, locale=locale)
        self._count = 0
        #: each user's last picker (its menu and buttons), for ``/pick``
        self._pickers: dict[str, Reply] = {}
        #: each user's last buttons, for ``/press LABEL`` (lesson pages)
        self._buttons: dict[str, list[Button]] = {}

        # The computer (``@boardbot``) answers after each line, before the next is read.
        self.driver = ComputerDriver(service, self._computer_said)

    async def _computer_said(self, channel: Channel, reply: Reply) -> None:
        self._show(COMPUTER, reply)

    def user(self, name: str) -> User:
        return User(id=name, name=name, moderator=name in self.moderators, locale=self.locale)

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
        reply: Reply | None = None
        try:
            reply = await self._dispatch(user, command, rest)
            self._show(user, reply)
        except DatabaseFault as fault:  # outside the service's commands (a lookup)
            log_failure(log, fault, "console command failed: %s", line.strip()[:200])
            lang = language(self.locale)
            self._print("?? " + t(lang, "fault_nothing_changed",
                                  what=t(lang, f"fault_{fault.kind}")))
        except Exception as exc:  # a bug must not end the session: log it and read on
            log_failure(log, exc, "console command failed: %s", line.strip()[:200])
            self._print(INTERNAL_ERROR)
        # Whatever the reply did, the computer looks at the game: a move saved before
        # a fault must still be answered (a fault here once left a computer game frozen).
        self.driver.poke(self.channel)
        await self.driver.idle()
        return reply

    async def _dispatch(self, user: User, command: str, rest: str) -> Reply:
        s, ch = self.service, self.channel
        if command in ("new", "challenge"):
            try:
                words = shlex.split(rest)
            except ValueError:
                words = rest.split()
            if not words:
                return await s.read_help(user, ch)
            stray = [w for w in words[1:] if not w.startswith("@") and "=" not in w]
            if stray:
                return refusal(f"`{stray[0][:40]}` is neither a player nor an option: name "
                               f"players with @ (`/new {words[0][:20]} @{stray[0][:20]}`) and "
                               f"write options as name=value.")
            opponents = [self.user(w.lstrip("@")) for w in words[1:] if w.startswith("@")]
            options = dict(w.split("=", 1) for w in words[1:] if "=" in w)
            return await s.new(user, ch, words[0], opponents, options)
        if command == "move":
            return await s.move(user, ch, rest)
        if command == "taunt":
            return await s.taunt(user, ch, rest)
        if command == "resign":
            confirmed = rest.strip().lower() in ("confirm", "yes")
            return await (s.resign if confirmed else s.confirm_resign)(user, ch)
        if command == "rematch":
            return await s.rematch(user, ch)
        if command == "press":
            label = rest.strip().lower()
            found = [b for b in self._buttons.get(user.id, []) if b.label.lower() == label]
            if not found:
                return refusal(f"No button `{rest.strip()[:40]}` was shown to you last.")
            return await s.press(user, ch, found[0].action)
        if command == "history":
            words = rest.split()
            member = next((self.user(w.lstrip("@")) for w in words if w.startswith("@")), None)
            number = next((int(w) for w in words if w.isdigit() and len(w) < 7), 1)
            game = next((w for w in words if not w.startswith("@") and not w.isdigit()), None)
            return await s.history(user, ch, member, game, number)
        if command in ("record", "board") and rest.split() and rest.split()[0].isdigit():
            numbers = [int(w) for w in rest.split()[:2] if w.isdigit() and len(w) < 16]
            if command == "record":
                return await s.record(user, ch, numbers[0])
            return await s.board(user, ch, numbers[0], numbers[1] if len(numbers) > 1 else None)
        if command == "replay":
            which = rest.strip().removeprefix("game").strip(" :=")
            if not which.isdigit() or len(which) > 15:
                return refusal("Write `/replay N` with the number of a finished game here "
                               "(`/history` lists them).")
            return await s.replay(user, ch, int(which))
        if command == "hint":
            return await s.hint(user, ch)
        if command == "leaderboard":
            return await s.leaderboard(user, ch, rest or _example_game())
        if command == "profile":
            named = rest.strip().lstrip("@")
            return await s.profile(user, ch, self.user(named) if named else None)
        if command == "learn":
            return await s.learn(user, ch, rest or _example_game())
        if command in ("play", "pick"):
            return await self._pick(user, command, rest)
        if command == "legal":
            return await s.legal(user, ch, rest)
        simple = {"accept": s.accept, "decline": s.decline, "board": s.board,
                  "record": s.record, "abort": s.abort, "join": s.join, "start": s.start}
        if command in simple:
            return await simple[command](user, ch)
        if command == "games":
            return await s.games(ch, _page(rest))
        correspondence = await self._correspondence(user, command, rest)
        if correspondence is not None:
            return correspondence
        if command == "rules":
            return await s.read_rules(user, ch, rest or _example_game())
        if command == "help":
            return await s.read_help(user, ch)
        near = difflib.get_close_matches(command, COMMANDS, n=1, cutoff=0.6)
        hint = f" Did you mean `/{near[0]}`?" if near else " `/help` lists the commands."
        return refusal(f"There is no command `/{command[:30]}`.{hint}")

    async def _pick(self, user: User, command: str, rest: str) -> Reply:
        """``/play`` opens the turn picker (the Play button); ``/pick N`` takes option N
        of the last menu shown to this user, ``/pick back|ok|cancel`` its buttons."""
        s, ch = self.service, self.channel
        if command == "play":
            session = await s.current_session(ch)
            if session is None:
                return refusal("There is no game being played here.")
            return await s.press(user, ch, f"play:{session.id}:p{session.version}-")
        last = self._pickers.get(user.id)
        if last is None:
            return refusal("No picker is open for you: `/play` opens one.")
        word = rest.strip().lower()
        buttons = {"back": "Back", "ok": "Confirm", "confirm": "Confirm", "cancel": "Cancel"}
        if word in buttons:
            found = [b.action for b in last.buttons if b.label == buttons[word]]
            if not found:
                return refusal(f"This step has no {buttons[word]} button.")
            return await s.press(user, ch, found[0])
        if not last.menus or not word.isdigit() or \
                not 1 <= int(word) <= len(last.menus[0].options):
            count = len(last.menus[0].options) if last.menus else 0
            return refusal(f"Write `/pick N` with N from 1 to {count}, or `/pick back`, "
                           "`/pick ok`, `/pick cancel`.")
        menu = last.menus[0]
        return await s.press(user, ch, menu.action + menu.options[int(word) - 1].value)

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
        if command == "notify":  # /notify dm, /notify nudge=3d, /notify mention nudge=off
            nudge = next((w.split("=", 1)[1] for w in rest.split() if w.startswith("nudge=")),
                         "")
            mode = next((w for w in rest.split() if "=" not in w), "")
            return await s.notify(user, mode, nudge)
        if command == "settings":
            words = dict(w.split("=", 1) for w in rest.split() if "=" in w)
            return await s.settings(user, ch, words.get("theme", ""), words.get("flip", ""),
                                    words.get("server_theme", ""), words.get("phone", ""),
                                    words.get("server_nudge", ""), words.get("language", ""),
                                    words.get("server_language", ""))
        if command == "mygames":
            return await s.my_games(user, ch.guild_id, _page(rest))
        simple = {"claim": s.claim, "takeback": s.takeback}
        if command in simple:
            return await simple[command](user, ch)
        return None

    def _show(self, user: User, reply: Reply) -> None:
        prefix = f"(only {user.name} sees this) " if reply.private else ""
        text = re.sub(r"<@([^>]+)>", r"@\1", reply.text)
        # Discord's small-type marker: the console shows the record line indented instead
        text = re.sub(r"(?m)^-# ", "    ", text)
        self._print(prefix + text)
        if reply.image is not None:
            self._count += 1
            suffix = Path(reply.image_name).suffix or ".png"  # a replay is a .gif
            path = self.images / f"board-{reply.session_id or 0}-{self._count:04d}{suffix}"
            if self._save(path, reply.image):
                self._print(f"[board image: {path}]")
            if reply.image_description:
                self._print(f"[board description: {reply.image_description}]")
        if reply.attachment is not None:
            name, data = reply.attachment
            path = self.images / name
            if self._save(path, data):
                self._print(f"[file: {path}]")
        for menu in reply.menus:
            self._pickers[user.id] = reply
            choices = "  ".join(f"{i}) {o.label}" for i, o in enumerate(menu.options, 1))
            self._print(f"[menu: {menu.placeholder}: {choices} -> /pick N]")
        if any(b.action.startswith("pickok:") for b in reply.buttons):
            self._pickers[user.id] = reply
        if reply.buttons:
            self._buttons[user.id] = list(reply.buttons)
        for button in reply.buttons:
            command = console_command(button.action)
            if command == "/press":
                command = f"/press {button.label}"
            self._print(f"[button: {button.label} -> {command}]")

    def _save(self, path: Path, data: bytes) -> bool:
        """Write a picture or file of a reply; False (said under the reply, one line in
        the log) when it cannot be written.  The reply's change is already committed,
        so a full disk costs the picture only, never the reply."""
        try:
            write_atomically(path, data)
        except OSError as exc:
            reason = written_reason(exc, language(self.locale))
            log.warning("could not write %s: %s", path, reason)
            self._print(t(language(self.locale), "picture_not_written", path=path,
                          reason=reason))
            return False
        return True

    def _print(self, text: str) -> None:
        print(text, file=self.out, flush=True)


def write_atomically(path: Path, data: bytes) -> None:
    """``data`` as ``path``, whole or not at all: written to a temporary file beside it
    and renamed over it, so a full disk never leaves an empty or cut picture under the
    final name; the temporary file is removed when anything fails."""
    partial = path.with_name(f".{path.name}.{os.getpid()}.part")
    try:
        with partial.open("wb") as fh:
            fh.write(data)
        os.replace(partial, path)
    except BaseException:
        partial.unlink(missing_ok=True)
        raise


def written_reason(exc: OSError, lang: str) -> str:
    """Why a file could not be written, in words."""
    if exc.errno in (errno.ENOSPC, errno.EDQUOT):
        return t(lang, "reason_disk_full")
    if exc.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        return t(lang, "reason_no_permission")
    return exc.strerror or str(exc) or type(exc).__name__


def _page(text: str) -> int:
    """``/games 2`` or ``/games page:2`` -> 2 (1 when absent or unreadable)."""
    digits = text.strip().removeprefix("page").strip(" :=")
    return int(digits) if digits.isdigit() and len(digits) < 7 else 1


async def run_console(database: str, images: str, seed: int | None,
                      moderators: Iterable[str], script: TextIO = sys.stdin,
                      out: TextIO = sys.stdout, busy_timeout: float | None = None,
                      locale: str = "", cpu_pool: bool = False,
                      statement_timeout: float | None = None) -> int:
    """Read lines from ``script`` until EOF or ``quit``.  ``cpu_pool``: draw the
    pictures in a process pool (``python -m bot local``; tests keep threads)."""
    # Opened first: a database that cannot be used (DatabaseUnavailable) stops the
    # start before anything else is created.  Store.open creates a missing folder.
    store = await Store.open(database, busy_timeout, statement_timeout)
    image_dir = Path(images)
    try:
        image_dir.mkdir(parents=True, exist_ok=True)
    except BaseException:
        await store.close()
        raise
    rng = random.Random(seed)
    factory = (lambda: rng.randbytes(32)) if seed is not None else None
    pool = ComputerPool()
    service = GameService(store, ServiceConfig(), seed_factory=factory, thinker=pool) \
        if factory else GameService(store, ServiceConfig(), thinker=pool)
    # one person at a console: the workers warm up the default look only
    pictures = CpuPool(every_look=False) if cpu_pool else None
    if pictures is not None:
        # warmed in the background: the first pictures are drawn on a thread meanwhile,
        # so the console answers at once
        pictures.begin()
        service.context.cpu_pool = pictures
    console = Console(service, image_dir, out, moderators, locale=locale)
    # The pool starts (and warms) with the first computer decision: a console session
    # without the computer never pays for it.  The Discord bot warms it at start.
    await console.driver.resume()  # games where the computer is to move go on
    await console.driver.idle()
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
        await console.driver.close()
        await pool.shutdown()
        if pictures is not None:
            await pictures.shutdown()
        await store.close()
    return 0


def _example_game() -> str:
    """The game the console's examples (and a bare ``/rules``) name: the registry's first."""
    games = available_games()
    return games[0] if games else "GAME"


#: Every command the console knows (for "did you mean").
COMMANDS = ("new", "challenge", "move", "accept", "decline", "board", "legal", "record",
            "resign", "abort", "join", "start", "rematch", "games", "rules", "help", "preview",
            "grant", "allow", "refuse", "takeback", "notify", "mygames", "claim", "play",
            "pick", "learn", "press", "history", "hint", "leaderboard", "profile", "taunt",
            "replay")

#: What a button does, as the console command that does the same.
_BUTTON_COMMANDS = {"takeback_yes": "/allow", "takeback_no": "/refuse", "play": "/play",
                    "pick": "/pick back", "pickok": "/pick ok", "pickno": "/pick cancel",
                    "resign": "/resign confirm", "drop": "/move drop", "yes": "/move yes",
                    "no": "/move no", "learn": "/press", "learnnew": "/press",
                    "history": "/press"}


def console_command(action: str) -> str:
    """The console command a button stands for (a taunt's Accept is ``/move accept``;
    the challenge's is ``/accept``)."""
    verb, _, rest = action.partition(":")
    tag = rest.partition(":")[2]
    if verb == "accept" and tag.startswith("t"):
        return "/move accept"
    if verb == "taunt":  # a Taunt button's tag ends with its target: k<seq>-<turn>-R-B
        return f"/taunt {tag.rpartition('-')[2]}"
    return _BUTTON_COMMANDS.get(verb, f"/{verb}")

