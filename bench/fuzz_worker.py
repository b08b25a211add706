"""The in-process half of the fuzz run: games on a real SQLite file, hostile inputs
sent through ``GameService``, every answer checked.

``run_batch`` plays inputs ``start .. start+count-1`` of a run and writes one
JSON line before each input (``begin``: what is about to be sent, so a hang can
be reported by the parent) and one after it (``end``: the outcome).  The parent
(bench/fuzz.py) kills the worker when an input overruns its budget.

How long an input holds the event loop is measured by driving the service's
coroutine step by step (``_timed``): each step is one synchronous slice the
loop cannot interrupt; the longest slice is the input's hold.
"""

from __future__ import annotations

import contextlib
import gc
import io
import json
import os
import random
import sys
import tempfile
import time
import traceback
import types
from collections.abc import Awaitable, Callable, Generator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

import bot.replay
import bot.verify
from bench import fuzz_inputs as gen
from bot.__main__ import main as bot_main
from bot.heap import freeze_startup_heap
from bot.replies import RACE_MESSAGE, Channel, Reply, User
from bot.service import GameService, ServiceConfig
from storage import Session, Store

ALICE, BOB, CAROL, DAVE = (User("1001", "alice"), User("1002", "bob"), User("1003", "carol"),
                           User("1004", "dave"))
EVE = User("1005", "eve")  # a spectator
MOD = User("1999", "mod", moderator=True)
PLAYERS = [ALICE, BOB, CAROL, DAVE]
EVERYONE = [*PLAYERS, EVE, MOD]
BY_ID = {u.id: u for u in EVERYONE}
GUILD = "9000"
GAMES = ["hachapury", "cheesegambit", "chebache", "che"]

#: Commands and how often each is chosen.
COMMANDS: dict[str, int] = {
    "move": 22, "preview": 10, "new": 10, "press": 8, "grant": 5, "takeback": 3,
    "takeback_answer": 4, "notify": 3, "rules": 3, "join": 3, "start": 3, "claim": 3,
    "resign": 2, "abort": 2, "accept": 2, "decline": 2, "legal": 1, "board": 1, "record": 1,
    "replay": 6, "verify": 4,
}

GENERIC = ("internal error", "something went wrong", "unexpected error", "an error occurred",
           "traceback", "exception")
TEXT_GENERATORS = [name for name in gen.GENERATORS if name != "legal"]
RECORD_COMMANDS = ("replay", "verify")


@dataclass
class Arena:
    """A channel with a game the fuzz run keeps alive."""

    channel: Channel
    game: str
    setup: str  # the generator that made its options/clock ("legal", "huge_clock", ...)
    players: list[User]


@dataclass
class Probe:
    """What one input is: enough to reproduce it."""

    i: int
    command: str
    generator: str
    game: str = ""
    setup: str = "legal"
    user: str = ""
    text: str = ""
    extra: dict[str, Any] = field(default_factory=dict)

    def key(self) -> str:
        """The class a hang quarantines: same command, generator, game and arena setup."""
        return f"{self.command}|{self.generator}|{self.game}|{self.setup}"


class GcClock:
    """Time spent in the garbage collector, by generation (gc.callbacks): a slow
    step is told apart from a slow input when a full collection fell inside it."""

    def __init__(self) -> None:
        self.seconds = 0.0
        self.full = 0.0  # in generation-2 collections
        self._started = 0.0

    def __call__(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._started = time.perf_counter()
            return
        spent = time.perf_counter() - self._started
        self.seconds += spent
        if info.get("generation") == 2:
            self.full += spent


GC_CLOCK = GcClock()
gc.callbacks.append(GC_CLOCK)


class Hold:
    """The longest synchronous slice seen while driving one coroutine, and the
    garbage collection inside that slice."""

    def __init__(self) -> None:
        self.longest = 0.0
        #: the longest step in the loop thread's own CPU time: the work the input made
        #: the loop do, without the time the OS gave other processes meanwhile
        self.longest_cpu = 0.0
        #: seconds of garbage collection inside the longest step
        self.longest_gc = 0.0
        self._gc_mark = GC_CLOCK.seconds

    def start(self) -> None:
        self._gc_mark = GC_CLOCK.seconds

    def note(self, seconds: float, cpu: float = 0.0) -> None:
        if seconds > self.longest:
            self.longest_gc = GC_CLOCK.seconds - self._gc_mark
        self.longest = max(self.longest, seconds)
        self.longest_cpu = max(self.longest_cpu, cpu)


@types.coroutine
def _drive(coro: Any, hold: Hold) -> Generator[Any, Any, Any]:
    """Run ``coro`` inside the calling task, timing each step (a step is what
    the loop runs without a break between two awaits)."""
    value: Any = None
    error: BaseException | None = None
    while True:
        started, cpu = time.perf_counter(), time.thread_time()
        hold.start()
        try:
            yielded = coro.send(value) if error is None else coro.throw(error)
        except StopIteration as stop:
            hold.note(time.perf_counter() - started, time.thread_time() - cpu)
            return stop.value
        hold.note(time.perf_counter() - started, time.thread_time() - cpu)
        try:
            value, error = (yield yielded), None
        except BaseException as exc:  # cancellation and the like go back into coro
            value, error = None, exc


async def _timed(call: Callable[[], Awaitable[Reply] | Reply], hold: Hold) -> Reply:
    started, cpu = time.perf_counter(), time.thread_time()
    hold.start()
    result = call()
    # a plain function's whole run, or coro creation
    hold.note(time.perf_counter() - started, time.thread_time() - cpu)
    if isinstance(result, Reply):
        return result
    return await _drive(result, hold)


def _where(exc: BaseException) -> str:
    """The innermost project frames of a traceback, as ``file:line``."""
    frames = [f for f in traceback.extract_tb(exc.__traceback__)
              if "/bench/" not in f.filename and "site-packages" not in f.filename
              and "/lib/python" not in f.filename]
    return " <- ".join(f"{Path(f.filename).name}:{f.lineno}" for f in reversed(frames[-3:]))


async def _state(service: GameService, channel: Channel) -> tuple[Any, ...] | None:
    """Everything a refusal must leave unchanged in the channel's game."""
    session = await service.store.live_session(channel.id) \
        or await service.store.latest_session(channel.id)
    if session is None:
        return None
    clock = await service.ledger.clock(session.id)
    last = await service.store.last_turn(session.id, kinds=("turn", "amend", "line"))
    undo = await service.ledger.undo_request(session.id, last.seq) if last else None
    seats = tuple((s.user_id, s.side, s.accepted) for s in session.seats)
    return (session.id, session.version, session.status, session.position, session.next_turn,
            session.dice, session.result, seats, clock, last.seq if last else None, undo)


class Fuzzer:
    """One worker's games and inputs."""

    def __init__(self, service: GameService, clock: list[float], seed: int,
                 include_known: bool, skip: set[str], out: TextIO) -> None:
        self.service = service
        self.clock = clock
        self.seed = seed
        self.include_known = include_known
        self.skip = skip
        self.out = out
        self.arenas: list[Arena] = []
        self.channels = 0
        self.records: dict[str, str] = {}  # game -> a record text to damage

    # ------------------------------------------------------------------ games

    def _channel(self) -> Channel:
        self.channels += 1
        return Channel(f"c{self.seed}-{self.channels}", GUILD, f"room-{self.channels}")

    async def _open_game(self, rng: random.Random) -> Arena:
        """A new game with legal random options (the game and option sets of the run)."""
        game = rng.choice(GAMES)
        options: dict[str, str] = {}
        players = 2
        if game == "cheesegambit":
            players = rng.choice([2, 3, 4])
            options = {"pieces": str(rng.choice([4, 5, 6, 14])),
                       "taunt": rng.choice(["on", "off"])}
        elif game == "chebache":
            options = {"kings": rng.choice(["true", "false"])}
        elif game == "che":
            options = {"tiles": str(rng.choice([4, 9, 16, 24, 64]))}
        control = rng.choice(gen.GOOD_CLOCKS)
        return await self._start_game(rng, game, PLAYERS[:players], options, control, "legal")

    async def _start_game(self, rng: random.Random, game: str, players: list[User],
                          options: dict[str, str], control: str | None, setup: str) -> Arena:
        channel = self._channel()
        host, *others = players
        lobby = rng.random() < 0.15
        reply = await self.service.new(host, channel, game, [] if lobby else others,
                                       options, control)
        assert reply.ok, reply.text
        if lobby:
            for user in others[: rng.randint(0, len(others))]:
                await self.service.join(user, channel)
        else:
            for user in others:
                await self.service.accept(user, channel)
        return Arena(channel, game, setup, players)

    async def _arena(self, rng: random.Random) -> tuple[Arena, Session | None]:
        """One of the run's games and its session; one that ended (or a lobby left a
        while) is replaced by a new game first."""
        while len(self.arenas) < 6:
            self.arenas.append(await self._open_game(rng))
        index = rng.randrange(len(self.arenas))
        arena = self.arenas[index]
        # what the next command would see: the clock's due answers settled before snapshots
        session = await self.service.current_session(arena.channel)
        if session is None or (session.status != "active" and rng.random() < 0.1):
            arena = self.arenas[index] = await self._open_game(rng)
            session = await self.service.store.live_session(arena.channel.id)
        return arena, session

    async def _advance(self, rng: random.Random, arena: Arena) -> None:
        """Play 1-3 random legal turns (with taunts and answers) in one game, so the
        inputs meet every stage: openings, taunts, votes, bear-offs, endings."""
        for _ in range(rng.randint(1, 2)):
            session = await self.service.store.live_session(arena.channel.id)
            if session is None or session.status != "active":
                if session is not None and rng.random() < 0.5:  # a lobby: fill it
                    for user in arena.players[1:]:
                        await self.service.join(user, arena.channel)
                    await self.service.start(arena.players[0], arena.channel)
                return
            legal, side = self._legal_text(rng, session)
            seat = session.seat_for_side(side)
            if seat is None or not legal:
                return
            reply = await self.service.move(BY_ID[seat.user_id], arena.channel, legal)
            if reply.ok and rng.random() < 0.1:  # and sometimes ask to take it back
                await self.service.takeback(BY_ID[seat.user_id], arena.channel)

    def _legal_text(self, rng: random.Random, session: Session) -> tuple[str, str]:
        """A legal text for the game's next step, and the side that may play it."""
        position = self.service.position_of(session)
        if position.action_due():
            return rng.choice(position.action_choices()), rng.choice(position.actors())
        side = position.side_to_move or ""
        turns = self.service.legal_turns(session)
        if not turns:
            return "", side
        turn = rng.choice(turns)
        additions = position.turn_additions(turn, session.dice)
        if additions and rng.random() < 0.5:
            turn = turn.with_addition(rng.choice(additions))
        return turn.text, side

    # ------------------------------------------------------------------ inputs

    def _user(self, rng: random.Random, session: Session | None, right: User | None) -> User:
        """Mostly the user who may act, else a wrong one (another player, a watcher)."""
        if right is not None and rng.random() < 0.6:
            return right
        if session is not None and session.seats and rng.random() < 0.5:
            return BY_ID.get(rng.choice(session.seats).user_id, EVE)
        return rng.choice(EVERYONE)

    def _text(self, rng: random.Random, legal: str) -> tuple[str, str]:
        # Half the texts are mutations of the legal one: they get past the parser.
        name = rng.choice(gen.MUTATIONS if rng.random() < 0.5 else TEXT_GENERATORS)
        if name in gen.KNOWN_HANGING and not self.include_known:
            name = "swap_digits"
        if rng.random() < 0.08:
            name = "legal"
        return name, gen.GENERATORS[name](rng, legal)

    async def _build(self, i: int, rng: random.Random, arena: Arena, session: Session | None
                     ) -> tuple[Probe, Channel | None, Callable[[], Any]]:
        """Pick a command and a hostile input for it; returns the probe, the channel
        whose game must not change on a refusal, and the call."""
        command = rng.choices(list(COMMANDS), weights=list(COMMANDS.values()))[0]
        s = self.service
        ch = arena.channel
        probe = Probe(i, command, "none", arena.game, arena.setup)
        if session is not None:
            probe.extra = {"position": session.position, "dice": list(session.dice),
                           "status": session.status, "options": session.options}
        legal, side = ("", "")
        if session is not None and session.status == "active":
            legal, side = self._legal_text(rng, session)
        seat = session.seat_for_side(side) if session is not None and side else None
        mover = BY_ID.get(seat.user_id) if seat else None
        user = self._user(rng, session, mover)
        probe.user = user.name

        if command in ("move", "preview"):
            probe.generator, probe.text = self._text(rng, legal)
            method = s.move if command == "move" else s.preview
            return probe, ch, lambda: method(user, ch, probe.text)
        if command == "new":
            probe.extra = {}  # a new channel: the arena's game is not involved
            return self._build_new(probe, rng)
        if command == "grant":
            probe.generator, probe.text = gen.duration_text(rng, self.include_known)
            return probe, ch, lambda: s.grant(user, ch, probe.text)
        if command == "takeback_answer":
            accept = rng.random() < 0.5
            probe.text = str(accept)
            return probe, ch, lambda: s.takeback_answer(user, ch, accept)
        if command == "press":
            probe.generator, probe.text = self._button(rng, session, legal)
            return probe, ch, lambda: s.press(user, ch, probe.text)
        if command == "notify":
            probe.generator, probe.text = (("legal", rng.choice(["mention", "dm", "none", "DM "]))
                                           if rng.random() < 0.2 else self._text(rng, "mention"))
            return probe, None, lambda: s.notify(user, probe.text)
        if command == "rules":
            probe.generator, probe.text = self._game_name(rng)
            return probe, None, lambda: s.rules(probe.text)
        if command in RECORD_COMMANDS:
            return await self._build_record(probe, rng, arena)
        simple: dict[str, Callable[[User, Channel], Awaitable[Reply]]] = {
            "takeback": s.takeback, "join": s.join, "start": s.start, "claim": s.claim,
            "resign": s.resign, "abort": s.abort, "accept": s.accept, "decline": s.decline,
            "legal": s.legal, "board": s.board, "record": s.record}
        if command in ("resign", "abort") and user is mover and rng.random() < 0.8:
            user = rng.choice([EVE, *(u for u in EVERYONE if u is not mover and not
                                      u.moderator)])  # keep most games going
            probe.user = user.name
        if command in ("join", "start", "claim") and rng.random() < 0.5:
            user = rng.choice(EVERYONE)
            probe.user = user.name
        return probe, ch, lambda: simple[command](user, ch)

    def _game_name(self, rng: random.Random) -> tuple[str, str]:
        if rng.random() < 0.4:
            name = rng.choice(GAMES)
            return "legal", rng.choice([name, name.upper(), f" {name} ", name + "\u200b"])
        return self._text(rng, rng.choice(GAMES))

    def _button(self, rng: random.Random, session: Session | None, legal: str
                ) -> tuple[str, str]:
        verbs = ["accept", "decline", "join", "start", "takeback_yes", "takeback_no", "rematch",
                 "drop", "yes", "no", "", ":", legal]
        sid = str(session.id) if session else "1"
        ids = [sid, sid, str(int(sid) + 1), "0", "-1", "99999999999999999999", "", " " + sid,
               sid + "\u200b"]
        if rng.random() < 0.7:
            return "button", f"{rng.choice(verbs)}:{rng.choice(ids)}"
        name, text = self._text(rng, f"accept:{sid}")
        return name, text

    def _build_new(self, probe: Probe, rng: random.Random
                   ) -> tuple[Probe, Channel | None, Callable[[], Any]]:
        s = self.service
        ch = self._channel()
        name_gen, game = self._game_name(rng) if rng.random() < 0.2 else ("legal",
                                                                           rng.choice(GAMES))
        probe.game = game
        opt_gen, options = gen.options_dict(rng, game.strip().lower())
        clock_gen, control = gen.clock_text(rng, self.include_known)
        control_arg: str | None = control
        if rng.random() < 0.5:
            options["time"], control_arg = control, None
        elif rng.random() < 0.3:
            control_arg = None
        count = rng.choice([0, 1, 1, 1, 2, 3, 4])
        opponents = PLAYERS[1:1 + count] if count < 4 else [ALICE, BOB]  # 4: includes self
        probe.generator = next((g for g in (name_gen, clock_gen, opt_gen) if g != "legal"),
                               "legal")
        probe.setup = clock_gen if clock_gen != "legal" else opt_gen
        probe.text = json.dumps({"game": game, "options": options, "time": control_arg,
                                 "opponents": [u.name for u in opponents]})[:2000]
        players = [ALICE, *opponents]

        async def call() -> Reply:
            reply = await s.new(ALICE, ch, game, opponents, options, control_arg)
            if reply.ok:  # the accepted setup is played: its options and clock meet moves
                for user in opponents:
                    if user is not ALICE:
                        await s.accept(user, ch)
                if rng.random() < 0.3:
                    self.arenas[rng.randrange(len(self.arenas))] = Arena(
                        ch, game.strip().lower(), probe.setup, players)
            return reply

        return probe, ch, call

    async def _record_text(self, rng: random.Random, arena: Arena) -> str:
        if arena.game in self.records and rng.random() < 0.7:  # export only now and then
            return self.records[arena.game]
        reply = await self.service.record(ALICE, arena.channel)
        if reply.attachment is not None:
            self.records[arena.game] = reply.attachment[1].decode()
        if not self.records:
            return '[Game "hachapury"]\n'
        return self.records.get(arena.game) or rng.choice(list(self.records.values()))

    async def _build_record(self, probe: Probe, rng: random.Random, arena: Arena
                            ) -> tuple[Probe, Channel | None, Callable[[], Any]]:
        record = await self._record_text(rng, arena)
        probe.generator, text = gen.record_mutation(rng, record)
        if rng.random() < 0.05:
            probe.generator = "legal"
            text = record
        game = arena.game if rng.random() < 0.9 else self._game_name(rng)[1]
        probe.text = text
        probe.extra = {"game_arg": game}
        argv = (["replay", game] if probe.command == "replay" else ["verify"])
        return probe, None, lambda: _run_cli(argv, text)

    # ------------------------------------------------------------------ one input

    async def one(self, i: int) -> None:
        rng = random.Random(f"{self.seed}:{i}")
        # The set-up (legal turns played, games opened) can hang too: say where we are.
        self._emit({"t": "setup", "i": i, "cmd": "setup", "gen": "legal",
                    "key": "setup|legal|-|-", "repro": {"command": "setup (legal turns, new "
                                                        "games) before input", "text": ""}})
        if rng.random() < 0.03:
            self.clock[0] += rng.choice([3600.0, 86400.0, 3 * 86400.0, 20 * 86400.0])
        if self.arenas and rng.random() < 0.3:
            await self._advance(rng, rng.choice(self.arenas))
        arena, session = await self._arena(rng)
        probe, channel, call = await self._build(i, rng, arena, session)
        if probe.key() in self.skip:
            self._emit({"t": "skip", "i": i, "cmd": probe.command, "key": probe.key()})
            return
        self._emit({"t": "begin", "i": i, "cmd": probe.command, "gen": probe.generator,
                    "key": probe.key(), "repro": _repro(probe)})
        before = await _state(self.service, channel) if channel else None
        mode_before = await self.service.ledger.notify_mode(_user_id(probe)) \
            if probe.command == "notify" else None
        hold = Hold()
        started = time.perf_counter()
        kind, detail = "accepted", ""
        try:
            if probe.command in RECORD_COMMANDS:
                code, output = call()
                kind, detail = _check_cli(code, output)
            else:
                reply = await _timed(call, hold)
                kind, detail = _check_reply(reply)
        except Exception as exc:  # the point of the run: nothing may escape
            kind = "exception"
            detail = f"{type(exc).__name__}: {str(exc)[:300]} at {_where(exc)}"
        wall = time.perf_counter() - started
        if kind == "refused":
            after = await _state(self.service, channel) if channel else None
            if before != after:
                kind, detail = "violation", f"a refusal changed the game: {before} -> {after}"
            if probe.command == "notify" and \
                    await self.service.ledger.notify_mode(_user_id(probe)) != mode_before:
                kind, detail = "violation", "a refused notify changed the preference"
        end: dict[str, Any] = {"t": "end", "i": i, "cmd": probe.command, "gen": probe.generator,
                               "kind": kind, "len": len(probe.text), "wall": round(wall, 5),
                               "hold": None if probe.command in RECORD_COMMANDS
                               else round(hold.longest, 5),
                               "hold_cpu": None if probe.command in RECORD_COMMANDS
                               else round(hold.longest_cpu, 5),
                               "hold_gc": round(hold.longest_gc, 5)}
        if kind in ("exception", "violation") or hold.longest > 0.05:
            end["detail"] = detail[:1500]
            end["repro"] = _repro(probe)
        self._emit(end)

    def _emit(self, message: dict[str, Any]) -> None:
        self.out.write(json.dumps(message) + "\n")
        self.out.flush()


def _user_id(probe: Probe) -> str:
    return next((u.id for u in EVERYONE if u.name == probe.user), EVE.id)


def _repro(probe: Probe) -> dict[str, Any]:
    text = probe.text if len(probe.text) <= 300 else \
        f"{probe.text[:200]!r}... ({len(probe.text)} characters)"
    return {"command": probe.command, "generator": probe.generator, "game": probe.game,
            "setup": probe.setup, "user": probe.user, "text": text, **probe.extra}


def _check_reply(reply: Reply) -> tuple[str, str]:
    """'accepted' or 'refused', or 'violation' with why."""
    if not isinstance(reply, Reply):
        return "violation", f"not a Reply: {reply!r:.200}"
    if reply.ok:
        return "accepted", ""
    text = (reply.text or "").strip()
    if not reply.private:
        return "violation", f"a refusal shown to everyone: {text[:200]!r}"
    if len(text) < 10:
        return "violation", f"a refusal that does not say what is wrong: {text!r}"
    low = text.lower()
    if any(word in low for word in GENERIC):
        return "violation", f"a generic refusal: {text[:200]!r}"
    if text == RACE_MESSAGE:
        return "violation", "a race reported with nobody else acting"
    return "refused", ""


def _run_cli(argv: list[str], text: str) -> tuple[int | None, str]:
    """``python -m bot replay|verify FILE`` in-process on a temporary file;
    returns the exit code and everything printed.

    ``replay`` and ``verify`` bind ``sys.stdout`` as a default argument at import,
    so swapping ``sys.stdout`` is not enough: file descriptors 1 and 2 are pointed
    at a capture file for the call (the worker's own lines use a copy of fd 1)."""
    with tempfile.NamedTemporaryFile("w", suffix=".txt", encoding="utf-8",
                                     errors="surrogatepass", delete=False) as f:
        f.write(text)
        path = f.name
    out = io.StringIO()
    saved = [os.dup(1), os.dup(2)]
    with tempfile.TemporaryFile("w+b") as capture:
        try:
            for stream in (sys.__stdout__, sys.__stderr__):
                if stream is not None:
                    stream.flush()
            os.dup2(capture.fileno(), 1)
            os.dup2(capture.fileno(), 2)
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out), \
                    _printing_to(out):
                try:
                    code = bot_main([*argv, path])
                except SystemExit as exc:
                    # argparse refusing the arguments (a game name like `-x`): the
                    # command line exits with that code; here it must not end the worker
                    code = exc.code if isinstance(exc.code, int) else 2
        finally:
            for stream in (sys.__stdout__, sys.__stderr__):
                if stream is not None:
                    stream.flush()
            os.dup2(saved[0], 1)
            os.dup2(saved[1], 2)
            for fd in saved:
                os.close(fd)
            Path(path).unlink()
        capture.seek(0)
        printed = capture.read().decode("utf-8", errors="replace")
    return code, printed[-3000:] + out.getvalue()[-3000:]


@contextlib.contextmanager
def _printing_to(stream: io.StringIO) -> Generator[None, None, None]:
    """Point the ``out``/``err`` default arguments of replay and verify at ``stream``
    for one call (they were bound to whatever ``sys.stdout`` was at import: the
    real one in the worker, the capture under pytest)."""
    functions = (bot.replay.replay, bot.verify.verify)
    saved = [f.__defaults__ for f in functions]
    try:
        for f, defaults in zip(functions, saved, strict=True):
            assert defaults is not None
            f.__defaults__ = (*defaults[:-2], stream, stream)
        yield
    finally:
        for f, defaults in zip(functions, saved, strict=True):
            f.__defaults__ = defaults


def _check_cli(code: int | None, output: str) -> tuple[str, str]:
    if "Traceback" in output:
        return "violation", f"printed a traceback: {output[-600:]}"
    if code not in (0, 1, 2):
        return "violation", f"exit code {code!r}"
    if code != 0 and not output.strip():
        return "violation", f"exit {code} without saying why"
    return ("accepted" if code == 0 else "refused"), ""


async def run_batch(seed: int, start: int, count: int, include_known: bool, skip: set[str],
                    out: TextIO) -> None:
    """Inputs ``start .. start+count-1`` of run ``seed`` on a fresh database."""
    with tempfile.TemporaryDirectory() as tmp:
        store = await Store.open(str(Path(tmp) / "fuzz.sqlite3"))
        now = [1_800_000_000.0]
        rng = random.Random(f"{seed}:{start}:service")
        service = GameService(store, ServiceConfig(challenge_seconds=3600),
                              clock=lambda: now[0], seed_factory=lambda: rng.randbytes(32),
                              render_images=False)
        freeze_startup_heap()  # as the bot does after its start-up (bot/heap.py)
        fuzzer = Fuzzer(service, now, seed, include_known, skip, out)
        try:
            for i in range(start, start + count):
                await fuzzer.one(i)
        finally:
            await store.close()
