"""``boardbot local``: play the bot's commands in a terminal.

Pretend channels with named users: each line is ``name: /command args``,
for example ``alice: /new GAME @bob``, ``bob: /accept``,
``alice: /move TEXT`` (``/help`` lists the games).  The same service and SQLite storage as the
Discord bot; board images are written to a folder and their paths printed.  Each command's
options are the Discord command's (bot/console_options.py reads them from the cogs), written
``name:value`` or ``name=value``; ``/channel NAME`` moves to another pretend channel.
"""

from __future__ import annotations

import difflib
import errno
import itertools
import logging
import os
import random
import re
import sys
from collections.abc import Awaitable, Callable, Iterable
from pathlib import Path
from typing import TextIO

from bot.actions import (
    ActionError,
    Answer,
    Challenge,
    Pick,
    Taunt,
    Verb,
    chosen,
    decode,
    encode,
    verb_of,
)
from bot.catalogue import language, t, unshipped_notice
from bot.command_table import console_commands
from bot.computer_driver import ComputerDriver
from bot.computer_pool import ComputerPool
from bot.computer_seats import COMPUTER
from bot.console_options import ALIASES, OptionError, Read, commands, read
from bot.cpu_pool import CpuPool
from bot.discord_adapter import OptionsError, parse_options
from bot.faults import log_failure
from bot.replies import Announcement, Button, Channel, Reply, User, refusal
from bot.service import GameService, ServiceConfig
from bot.service.tournaments import Terms
from games import available_games
from storage import DatabaseFault, Store

log = logging.getLogger("boardbot.console")
#: What the user sees when a command fails unexpectedly.  The service commits each
#: change in one transaction before it renders or answers, so a fault either left
#: the game untouched or came after the change was saved: ``/board`` tells which.
INTERNAL_ERROR = ("?? internal error: this command did not finish (the details are in the "
                  "log); nothing else was changed. `/board` shows the game as it stands.")
_BOARD_FILE = re.compile(r"board-\d+-(\d+)\.\w+")
#: ``/pick WORD`` -> the verbs of the picker buttons it presses (a game's picker,
#: bot/service/picking.py; a drill's, bot/service/training.py): found by what the
#: button does, never by its label, which is in the user's language.
_PICK_VERBS = {"back": (Verb.PICK, Verb.DRILL), "ok": (Verb.PICKOK, Verb.DRILLOK),
               "confirm": (Verb.PICKOK, Verb.DRILLOK), "cancel": (Verb.PICKNO,)}
#: The pretend channel the console plays in unless told (``--channel``, ``/channel``).
DEFAULT_CHANNEL = "local"
#: ``--channel new`` / ``/channel new``: the first of local, local-2, ... without a game.
NEW_CHANNEL = "new"
_CHANNEL_NAME = re.compile(r"[A-Za-z0-9_.-]{1,64}")
_LINE = re.compile(r"^\s*([A-Za-z0-9_.-]+)\s*:\s*/?(\w+)\s*(.*)$")


def _in_channel(command: Callable[[GameService, User, Channel], Awaitable[Reply]]
                ) -> Callable[[Console, User, Read], Awaitable[Reply]]:
    """The console command (a ``_do_<name>``) that is the service's ``command`` in the
    console's channel, with no option to read."""
    async def run(console: Console, user: User, args: Read) -> Reply:
        return await command(console.service, user, console.channel)
    return run


class Console:
    """Turns console lines into service calls and prints the replies."""

    def __init__(self, service: GameService, images: Path, out: TextIO,
                 moderators: Iterable[str] = (), channel: str = DEFAULT_CHANNEL,
                 locale: str = ""
                 ) -> None:
        self.service = service
        self.images = images
        self.out = out
        self.moderators = set(moderators)
        # ``locale`` (``--locale ru``): the console's one server and its users speak it
        self.locale = locale
        #: where lines are played now (``/channel NAME`` moves)
        self.channel = self._channel_named(channel)
        #: the last picture's number (None: not yet read from the folder)
        self._count: int | None = None
        #: each user's last picker (its menu and buttons), for ``/pick``
        self._pickers: dict[str, Reply] = {}
        #: each user's last buttons, for ``/press LABEL`` (lesson pages)
        self._buttons: dict[str, list[Button]] = {}

        # The computer (``@boardbot``) answers after each line, before the next is read.
        self.driver = ComputerDriver(service, self._computer_said)

    async def _computer_said(self, channel: Channel, reply: Reply) -> None:
        # a game left running in another channel (the computer plays on there) says where
        self._show(COMPUTER, reply, None if channel.id == self.channel.id else channel)

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
            await self._announce(reply.announcements)
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
        spec = commands().get(ALIASES.get(command, command))
        if spec is None:
            near = difflib.get_close_matches(command, COMMANDS, n=1, cutoff=0.6)
            lang = await self._language(user)
            hint = t(lang, "console_did_you_mean", near=near[0]) if near \
                else t(lang, "console_see_help")
            return refusal(t(lang, "console_no_command", command=command[:30], hint=hint))
        try:
            args = read(spec, rest)
        except OptionError as error:
            return await self._refuse(user, error.key, **error.values)
        handler = getattr(self, f"_do_{spec.name}")
        reply: Reply = await handler(user, args)
        # an option read but not passed on would be ignored silently: a bug, said aloud
        # (a refusal may stop before it reads every option: that ignores nothing)
        for name in args.unused() if reply.ok else ():
            log.error("console: option %s of /%s was not used", name, spec.name)
            reply.text += "\n" + t(await self._language(user), "console_ignored",
                                   name=name, command=spec.name)
        return reply

    async def _announce(self, announcements: list[Announcement]) -> None:
        """A reply's posts elsewhere, as the bot posts them: each shown as in its
        channel; a tournament game opens in a pretend channel of its own, as Discord
        opens a thread (``/channel NAME`` goes there)."""
        for announcement in announcements:
            where = self._channel_named(announcement.channel_id)
            if announcement.reply.text or announcement.reply.image:
                self._show(self.user("boardbot"), announcement.reply, elsewhere=where)
            for game in announcement.games:
                thread = self._channel_named(
                    await self._fresh_channel(f"{game.parent}-{game.key.replace(':', '-')}"))
                reply = await self.service.tournament_game(game.key, thread)
                if reply.ok:
                    self._show(self.user("boardbot"), reply, elsewhere=thread)

    async def _do_tournament(self, user: User, args: Read) -> Reply:
        """``/tournament new game:... format:swiss rounds:3``, ``/tournament join``,
        ``leave``, ``start``, ``standings``, ``withdraw``."""
        async def new(options: dict[str, str]) -> Reply:
            rated = args.get("rated")
            terms = Terms(game=args.text("game"), format=args.text("format"),
                          rounds=args.number("rounds") or 0, options=options,
                          time_control=args.text("time") or None,
                          match=args.number("match") or 0,
                          signup_hours=float(args.number("signup_hours") or 0),
                          round_hours=float(args.number("round_hours") or 0),
                          rated=True if rated is None else bool(rated), name=args.text("name"))
            return await self.service.tournament_new(user, self.channel, terms)

        return await self._new_or_action("tournament", user, args, new)

    async def _do_league(self, user: User, args: Read) -> Reply:
        """``/league new game:... size:6 movers:1``, ``join``, ``leave``, ``season``,
        ``standings``."""
        async def new(options: dict[str, str]) -> Reply:
            movers = args.number("movers")
            return await self.service.league_new(
                user, self.channel, args.text("game"), args.number("size") or 6,
                1 if movers is None else movers, options, args.text("time") or None,
                args.text("name"))

        return await self._new_or_action("league", user, args, new)

    async def _new_or_action(self, group: str, user: User, args: Read,
                             new: Callable[[dict[str, str]], Awaitable[Reply]]) -> Reply:
        """A command group's ``new``, given the ``options:`` read, or another of its
        actions, the service's ``<group>_<action>`` (``/tournament``, ``/league``)."""
        action = args.text("action")
        if action != "new":
            method = getattr(self.service, f"{group}_{action}")
            reply: Reply = await method(user, self.channel)
            return reply
        options: dict[str, str] = {}
        refused = await self._read_options(user, args, options)
        return refused if refused is not None else await new(options)

    async def _read_options(self, user: User, args: Read, options: dict[str, str]
                            ) -> Reply | None:
        """Add the ``options:`` text's options to ``options``; the refusal to say when
        that text is unreadable, else None."""
        listed = args.text("options")
        if listed:
            try:
                options.update(parse_options(listed))
            except OptionsError as exc:
                return await self._refuse(user, "options_unreadable", word=exc.word)
        return None

    # -- the commands (``_do_<name>``: one per command of bot/console_options.py) ---------

    async def _do_new(self, user: User, args: Read) -> Reply:
        players = [args.text(name) for name in ("opponent", "opponent2", "opponent3")]
        opponents = [self.user(name) for name in players if name]
        options = dict(args.game_options)
        refused = await self._read_options(user, args, options)
        if refused is not None:
            return refused
        for name in ("level", "time"):  # the service reads them among the options
            if args.text(name):
                options[name] = args.text(name)
        rated = args.get("rated")
        if rated is not None:
            options["rated"] = "true" if rated else "false"
        if not args.get("thread"):
            reply = await self.service.new(user, self.channel, args.text("game"), opponents,
                                           options)
            return await self._busy_hint(user, reply)
        # ``thread:true`` opens the game in a channel of its own, as Discord opens a
        # thread; the console goes there (a refused game leaves it where it was)
        here = self.channel
        self.channel = self._channel_named(await self._fresh_channel(f"{here.name}-game"))
        reply = await self.service.new(user, self.channel, args.text("game"), opponents,
                                       options)
        if not reply.ok:
            self.channel = here
            return reply
        self._show(user, reply)
        return Reply(text=t(await self._language(user), "console_thread_opened",
                            channel=self.channel.name, back=here.name))

    async def _busy_hint(self, user: User, reply: Reply) -> Reply:
        """A ``/new`` refused because this channel has a game: say how the console
        reaches a channel without one."""
        lang = await self._language(user)
        if not reply.ok and t(lang, "channel_busy") in reply.text:
            reply.text += " " + t(lang, "console_channel_busy")
        return reply

    async def _do_move(self, user: User, args: Read) -> Reply:
        return await self.service.move(user, self.channel, args.text("text"),
                                       args.number("turn"))

    async def _do_preview(self, user: User, args: Read) -> Reply:
        return await self.service.preview(user, self.channel, args.text("text"))

    async def _do_legal(self, user: User, args: Read) -> Reply:
        return await self.service.legal(user, self.channel, args.text("starting"))

    async def _do_taunt(self, user: User, args: Read) -> Reply:
        return await self.service.taunt(user, self.channel, args.text("colour"))

    async def _do_resign(self, user: User, args: Read) -> Reply:
        s = self.service
        return await (s.resign if args.get("confirm") else s.confirm_resign)(user, self.channel)

    async def _do_board(self, user: User, args: Read) -> Reply:
        named = args.text("channel")
        where = self._channel_named(named) if named else self.channel
        game, turn = args.number("game"), args.number("turn")
        if turn is not None and game is None:
            return await self._refuse(user, "console_turn_needs_game")
        return await self.service.board(user, where, game, turn)

    async def _do_record(self, user: User, args: Read) -> Reply:
        return await self.service.record(user, self.channel, args.number("game"))

    async def _do_replay(self, user: User, args: Read) -> Reply:
        game = args.number("game")
        assert game is not None  # required: read() refuses a line without it
        return await self.service.replay(user, self.channel, game)

    async def _do_analysis(self, user: User, args: Read) -> Reply:
        game = args.number("game")
        assert game is not None  # required: read() refuses a line without it
        return await self.service.analysis(user, self.channel, game)

    async def _do_review(self, user: User, args: Read) -> Reply:
        game = args.number("game")
        assert game is not None  # required: read() refuses a line without it
        return await self.service.review(user, self.channel, game, args.number("turn"))

    async def _do_train(self, user: User, args: Read) -> Reply:
        return await self.service.train(user, self.channel, args.text("game"))

    async def _do_stats(self, user: User, args: Read) -> Reply:
        """``/stats dice [member:@x] [game:ID]`` (the subcommand is the first word)."""
        member = args.text("member")
        return await self.service.stats(user, self.channel, args.text("action"),
                                        self.user(member) if member else None,
                                        args.number("game"))

    async def _do_history(self, user: User, args: Read) -> Reply:
        member = args.text("member")
        return await self.service.history(user, self.channel,
                                          self.user(member) if member else None,
                                          args.text("game") or None, args.number("page") or 1)

    async def _do_games(self, user: User, args: Read) -> Reply:
        return await self.service.games(self.channel, args.number("page") or 1)

    async def _do_mygames(self, user: User, args: Read) -> Reply:
        return await self.service.my_games(user, self.channel.guild_id,
                                           args.number("page") or 1,
                                           everywhere=args.text("scope") == "all")

    async def _do_leaderboard(self, user: User, args: Read) -> Reply:
        return await self.service.leaderboard(user, self.channel, args.text("game"))

    async def _do_profile(self, user: User, args: Read) -> Reply:
        member = args.text("member")
        return await self.service.profile(user, self.channel,
                                          self.user(member) if member else None)

    async def _do_learn(self, user: User, args: Read) -> Reply:
        return await self.service.learn(user, self.channel, args.text("game"))

    async def _do_rules(self, user: User, args: Read) -> Reply:
        return await self.service.read_rules(user, self.channel, args.text("game"))

    async def _do_help(self, user: User, args: Read) -> Reply:
        reply = await self.service.read_help(user, self.channel)
        # the console's own commands, which the bot's list (Discord's) leaves out
        reply.text += "\n" + t(await self._language(user), "console_help")
        return reply

    async def _do_grant(self, user: User, args: Read) -> Reply:
        return await self.service.grant(user, self.channel, args.text("amount"))

    async def _do_takeback_answer(self, user: User, args: Read) -> Reply:
        return await self.service.takeback_answer(user, self.channel,
                                                  args.text("answer") == "allow")

    async def _do_allow(self, user: User, args: Read) -> Reply:
        return await self.service.takeback_answer(user, self.channel, True)

    async def _do_refuse(self, user: User, args: Read) -> Reply:
        return await self.service.takeback_answer(user, self.channel, False)

    async def _do_notify(self, user: User, args: Read) -> Reply:
        return await self.service.notify(user, args.text("mode"), args.text("nudge"),
                                         args.text("digest"), args.number("hour"),
                                         args.text("timezone"), args.text("remind"))

    async def _do_settings(self, user: User, args: Read) -> Reply:
        return await self.service.settings(
            user, self.channel, args.text("theme"), args.text("flip"),
            args.text("server_theme"), args.text("phone"), args.text("server_nudge"),
            args.text("language"), args.text("server_language"),
            args.text("server_analysis"), args.text("server_puzzle"))

    async def _do_press(self, user: User, args: Read) -> Reply:
        """``/press LABEL``: a button shown to this user last, by its label as shown
        (lesson pages: ``/press Next``) or by its verb (``/press learnnew``): pressed
        by its id, as Discord presses it."""
        label = args.text("label")
        action = self._button_action(user, label)
        if action is None:
            return await self._refuse(user, "console_no_button", label=label[:40])
        return await self.service.press(user, self.channel, action)

    def _button_action(self, user: User, word: str) -> str | None:
        """The id of the button shown to ``user`` last that ``word`` names: its label
        (what the user sees, in their language), else its verb when one button alone
        has it (Back and Next of a lesson are both ``learn``).  The one place a label
        is turned into an id."""
        shown = self._buttons.get(user.id, [])
        by_label = [b.action for b in shown if b.label.lower() == word.lower()]
        by_verb = [b.action for b in shown if verb_of(b.action) == word.lower()]
        return by_label[0] if by_label else by_verb[0] if len(by_verb) == 1 else None

    async def _do_play(self, user: User, args: Read) -> Reply:
        """``/play`` opens the turn picker (what the Play button does)."""
        session = await self.service.current_session(self.channel)
        if session is None:
            return await self._refuse(user, "no_game")
        return await self.service.press(user, self.channel,
                                        encode(Pick(Verb.PLAY, session.id, session.version)))

    async def _do_pick(self, user: User, args: Read) -> Reply:
        """``/pick N`` takes option N of the last menu shown to this user, ``/pick
        back|ok|cancel`` its buttons."""
        s, ch = self.service, self.channel
        last = self._pickers.get(user.id)
        if last is None:
            return await self._refuse(user, "console_no_picker")
        word = args.text("choice").lower()
        menu = last.menus[0] if last.menus else None
        if word in _PICK_VERBS:
            found = [b.action for b in last.buttons if verb_of(b.action) in _PICK_VERBS[word]]
            if found:
                return await s.press(user, ch, found[0])
        elif menu is not None and word.isdigit() and 1 <= int(word) <= len(menu.options):
            return await s.press(user, ch, chosen(menu.action, menu.options[int(word) - 1].value))
        lang = await self._language(user)
        choices = [t(lang, "console_pick_number", count=len(menu.options))] if menu else []
        choices += [f"`/pick {w}`" for w, verbs in _PICK_VERBS.items() if w != "confirm"
                    and any(verb_of(b.action) in verbs for b in last.buttons)]
        return refusal(t(lang, "console_pick_missing", word=word[:20],
                         choices=", ".join(choices)))

    async def _do_channel(self, user: User, args: Read) -> Reply:
        """``/channel NAME``: play in another pretend channel (``new``: the first
        ``local``, ``local-2``, ... without a game); ``/channel`` alone: where you are."""
        name = args.text("name")
        if not name:
            return Reply(text=t(await self._language(user), "console_channel_here",
                                channel=self.channel.name), private=True)
        if name.lower() == NEW_CHANNEL:
            name = await self._fresh_channel()
        elif not _CHANNEL_NAME.fullmatch(name):
            return await self._refuse(user, "console_channel_name", high=64, value=name[:70])
        self.channel = self._channel_named(name)
        return Reply(text=t(await self._language(user), "console_channel_now",
                            channel=name), private=True)

    # The commands that take no option: the service's own, in the console's channel.
    _do_rematch = _in_channel(GameService.rematch)
    _do_accept = _in_channel(GameService.accept)
    _do_decline = _in_channel(GameService.decline)
    _do_join = _in_channel(GameService.join)
    _do_start = _in_channel(GameService.start)
    _do_abort = _in_channel(GameService.abort)
    _do_claim = _in_channel(GameService.claim)
    _do_takeback = _in_channel(GameService.takeback)

    async def _do_hint(self, user: User, args: Read) -> Reply:
        """``/hint [level:hard|expert]``."""
        return await self.service.hint(user, self.channel, args.text("level") or "hard")

    # -- pretend channels -----------------------------------------------------------------

    def _channel_named(self, name: str) -> Channel:
        """The pretend channel ``name`` (every one is in the console's one server)."""
        return Channel(id=name, guild_id="local", name=name, locale=self.locale)

    async def fresh_channel(self) -> str:
        """The first of ``local``, ``local-2``, ... without a game (``--channel new``)."""
        return await self._fresh_channel()

    async def _fresh_channel(self, base: str = DEFAULT_CHANNEL) -> str:
        """``base``, else ``base-2``, ``base-3``, ...: the first without a game or an
        open challenge (so ``/new`` works there whatever the database holds)."""
        for number in itertools.count(1):
            name = base if number == 1 else f"{base}-{number}"
            if await self.service.store.live_session(name) is None:
                return name
        raise AssertionError("unreachable")  # itertools.count never ends

    async def _language(self, user: User) -> str:
        """The language ``user`` reads private replies in (their ``/settings language``,
        else the console's ``--locale``), for what the console answers itself."""
        return (await self.service.readers(user, self.channel)).user

    async def _refuse(self, user: User, key: str, **values: object) -> Reply:
        return refusal(t(await self._language(user), key, **values))

    def _show(self, user: User, reply: Reply, elsewhere: Channel | None = None) -> None:
        prefix = f"(only {user.name} sees this) " if reply.private else ""
        if elsewhere is not None:
            prefix = f"[#{elsewhere.name}] {prefix}"
        text = re.sub(r"<@([^>]+)>", r"@\1", reply.text)
        text = re.sub(r"<#([^>]+)>", r"#\1", text)  # a channel mention: its pretend name
        # Discord's small-type marker: the console shows the record line indented instead
        text = re.sub(r"(?m)^-# ", "    ", text)
        self._print(prefix + text)
        image = reply.image
        if image is not None:
            suffix = Path(reply.image_name).suffix or ".png"  # a replay is a .gif
            path = self._saved(lambda: self._board_file(reply.session_id or 0, suffix, image))
            if path is not None:
                self._print(f"[board image: {path}]")
            if reply.image_description:
                self._print(f"[board description: {reply.image_description}]")
        if reply.attachment is not None:
            name, data = reply.attachment
            path = self._saved(lambda: _new_file(self.images, Path(name).name, data))
            if path is not None:
                self._print(f"[file: {path}]")
        for menu in reply.menus:
            self._pickers[user.id] = reply
            choices = "  ".join(f"{i}) {o.label}" for i, o in enumerate(menu.options, 1))
            self._print(f"[menu: {menu.placeholder}: {choices} -> /pick N]")
        if any(verb_of(b.action) in (Verb.PICKOK, Verb.DRILLOK) for b in reply.buttons):
            self._pickers[user.id] = reply
        if reply.buttons:
            self._buttons[user.id] = list(reply.buttons)
        for button in reply.buttons:
            command = console_command(button.action)
            if command == "/press":
                command = f"/press {button.label}"
            self._print(f"[button: {button.label} -> {command}]")

    def _board_file(self, session_id: int, suffix: str, data: bytes) -> Path:
        """Save a picture as ``board-<game>-<number>``, numbered on after every picture
        already in the folder (an earlier run's, another console's): never over one."""
        if self._count is None:
            found = (_BOARD_FILE.fullmatch(p.name) for p in self.images.glob("board-*"))
            self._count = max((int(m.group(1)) for m in found if m), default=0)
        while True:
            self._count += 1
            path = self.images / f"board-{session_id}-{self._count:04d}{suffix}"
            try:
                write_new_atomically(path, data)
                return path
            except FileExistsError:
                continue

    def _saved(self, write: Callable[[], Path]) -> Path | None:
        """Write a picture or file of a reply; None (said under the reply, one line in
        the log) when it cannot be written.  The reply's change is already committed,
        so a full disk costs the picture only, never the reply."""
        try:
            return write()
        except OSError as exc:
            reason = written_reason(exc, language(self.locale))
            log.warning("could not write into %s: %s", self.images, reason)
            self._print(t(language(self.locale), "picture_not_written", path=self.images,
                          reason=reason))
            return None

    def _print(self, text: str) -> None:
        print(text, file=self.out, flush=True)


def _new_file(folder: Path, name: str, data: bytes) -> Path:
    """Save ``data`` as ``name`` in ``folder``, or as ``<stem>-2<suffix>``, ``-3``, ...
    when that name is taken: a record saved earlier is never overwritten."""
    stem, suffix = Path(name).stem, Path(name).suffix
    for number in itertools.count(1):
        path = folder / (name if number == 1 else f"{stem}-{number}{suffix}")
        try:
            write_new_atomically(path, data)
            return path
        except FileExistsError:
            continue
    raise AssertionError("unreachable")  # itertools.count never ends


def write_new_atomically(path: Path, data: bytes) -> None:
    """``data`` as the new file ``path``, whole or not at all: written to a temporary file
    beside it and hard-linked to its name, so a full disk never leaves an empty or cut
    picture under the final name, and a file already there is never replaced
    (FileExistsError).  The temporary file is removed in every case."""
    partial = path.with_name(f".{path.name}.{os.getpid()}.part")
    try:
        with partial.open("wb") as fh:
            fh.write(data)
        os.link(partial, path)
    finally:
        partial.unlink(missing_ok=True)


def written_reason(exc: OSError, lang: str) -> str:
    """Why a file could not be written, in words."""
    if exc.errno in (errno.ENOSPC, errno.EDQUOT):
        return t(lang, "reason_disk_full")
    if exc.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        return t(lang, "reason_no_permission")
    return exc.strerror or str(exc) or type(exc).__name__


async def run_console(database: str, images: str, seed: int | None,
                      moderators: Iterable[str], script: TextIO = sys.stdin,
                      out: TextIO = sys.stdout, busy_timeout: float | None = None,
                      locale: str = "", cpu_pool: bool = False,
                      channel: str = DEFAULT_CHANNEL,
                      statement_timeout: float | None = None) -> int:
    """Read lines from ``script`` until EOF or ``quit``.  ``cpu_pool``: draw the
    pictures in a process pool (``boardbot local``; tests keep threads).
    ``channel``: the pretend channel to play in (``new``: the first without a game)."""
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
    # one person at a console: the workers warm up the default look only
    pictures = CpuPool() if cpu_pool else None
    if pictures is not None:
        # warmed in the background: the first pictures are drawn on a thread meanwhile,
        # so the console answers at once
        pictures.begin()
    service = GameService(store, ServiceConfig(), seed_factory=factory, thinker=pool,
                          cpu_pool=pictures) \
        if factory else GameService(store, ServiceConfig(), thinker=pool, cpu_pool=pictures)
    console = Console(service, image_dir, out, moderators, locale=locale,
                      channel=DEFAULT_CHANNEL if channel.lower() == NEW_CHANNEL else channel)
    if channel.lower() == NEW_CHANNEL:
        console.channel = console._channel_named(await console.fresh_channel())
    notice = unshipped_notice(locale)
    if notice:
        print(notice, file=out)
    # The pool starts (and warms) with the first computer decision: a console session
    # without the computer never pays for it.  The Discord bot warms it at start.
    await console.driver.resume()  # games where the computer is to move go on
    await console.driver.idle()
    interactive = script.isatty()
    if interactive:
        print(f"Local console, in #{console.channel.name}. Type `alice: /new {_example_game()} "
              "@bob`, `bob: /accept`, `alice: /move TEXT`, `alice: /help`; `quit` to leave.",
              file=out)
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


#: Every command the console knows (for "did you mean"), from the command table (plain
#: data: importing the console builds no Discord commands; bot/console_options.py reads
#: their options from the cogs, and a test checks that both agree).
COMMANDS = console_commands()

#: What a button does, as the console command that does the same ("/press": the button
#: itself, by its label).
_BUTTON_COMMANDS = {Verb.TAKEBACK_YES: "/allow", Verb.TAKEBACK_NO: "/refuse",
                    Verb.PLAY: "/play", Verb.PICK: "/pick back", Verb.PICKOK: "/pick ok",
                    Verb.PICKNO: "/pick cancel", Verb.RESIGN: "/resign confirm",
                    Verb.LEARN: "/press", Verb.LEARNNEW: "/press", Verb.HISTORY: "/press",
                    Verb.REVIEW: "/press", Verb.DRILL: "/pick back", Verb.DRILLOK: "/pick ok",
                    Verb.RESIGN_MATCH: "/press", Verb.LEARNX: "/pick", Verb.SHOW: "/press",
                    Verb.MYGAMES: "/press", Verb.TJOIN: "/press", Verb.TLEAVE: "/press"}


def console_command(action: str) -> str:
    """The console command a button stands for (a taunt's Accept is ``/move accept``;
    the challenge's is ``/accept``)."""
    try:
        pressed = decode(action)
    except ActionError:
        return "/press"  # (the bot posts no such button; pressing it says why)
    match pressed:
        case Answer(word=word):
            return f"/move {word}"
        case Taunt(target=target):
            return f"/taunt {target}"
        case Challenge(verb=verb):
            return f"/{verb}"
    return _BUTTON_COMMANDS.get(pressed.verb, f"/{pressed.verb}")

