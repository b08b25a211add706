"""What every part of the service shares: the store, settings, clock and caches.

One ``Context`` is built by ``GameService`` and handed to each part (core, lobby,
correspondence, views, presses); the parts never call back into the facade.
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Protocol, TypeVar

from bot import clocks
from bot.records import record_text
from bot.service import texts
from bot.service.turn_events import replayed_events, stored_events
from computer.analysis import VERSION as ANALYSIS_VERSION
from computer.analysis import Analysis
from games import Position, get_game
from games.events import Won
from games.turns import Turn
from renderer import RenderContext, render
from renderer.describe import describe
from storage import Session, SessionStatus, Store, TurnEntry, TurnKind
from storage.analysis import AnalysisStore
from storage.computer import ComputerStore
from storage.correspondence import CorrespondenceStore
from storage.settings import LanguageChoices, LanguageStore, SettingsStore

if TYPE_CHECKING:
    from bot.cpu_pool import CpuPool
    from bot.service.request import Request

log = logging.getLogger("boardbot.service")
#: Seconds a user's and a server's language choices are remembered.
LANGUAGE_TTL = 60.0

_V = TypeVar("_V")


@dataclass(frozen=True)
class ServiceConfig:
    challenge_seconds: float = 24 * 3600
    image_width: int = 1100
    theme: str = "light"
    #: Default time control of new games (see bot/clocks.py) and reminder points.
    time_control: str = "none"
    reminder_hours: tuple[float, ...] = (24.0, 1.0)
    #: How long an answer the game waits for may wait; then the refusing choice (the
    #: game's last listed one) is played for whoever is late.
    answer_seconds: float = 48 * 3600
    #: Games without a clock: a silent player is nudged after this many hours (a
    #: server's own setting, then each user's, come first; 0: no nudges), and the
    #: others may end the game after ``silent_claim_factor`` times the server's period.
    nudge_hours: float = 72.0
    silent_claim_factor: float = 2.0
    #: A computer's move is thought about by one process (a claim per session
    #: version); a claim older than this (its process died mid-thought) is taken over.
    computer_claim_seconds: float = 120.0
    #: Seconds after which a computer turn whose post failed (or whose outbox row was
    #: not removed) is posted again, once, by the next look (bot/computer_driver.py).
    computer_repost_seconds: float = 60.0


class GameLabels(Protocol):
    """What a game's board and record add about the match it belongs to (none for a
    game on its own): bot/service/matches.py's ``MatchLabels``."""

    async def caption(self, session: Session, req: Request) -> str:
        """The board's match line ('' for a game on its own); notes on
        ``req`` that the game is on its own."""

    async def record_tags(self, session: Session) -> list[tuple[str, str]]:
        """The record's match tags (none for a game on its own)."""


class NoLabels:
    """``GameLabels`` for a context without matches (tools and tests)."""

    async def caption(self, session: Session, req: Request) -> str:
        return ""

    async def record_tags(self, session: Session) -> list[tuple[str, str]]:
        return []


class Context:
    """The store and settings, the injectable clock and seed source, and the parsed
    positions and legal-turn lists keyed by (session id, version): a version never
    changes meaning, so these never go stale."""

    def __init__(self, store: Store, config: ServiceConfig, clock: Callable[[], float],
                 seed_factory: Callable[[], bytes], render_images: bool, *,
                 labels: GameLabels | None = None, cpu_pool: CpuPool | None = None) -> None:
        self.store = store
        self.ledger = CorrespondenceStore(store)
        self.settings = SettingsStore(store)
        self.languages = LanguageStore(store)
        #: Servers' Discord locales as last noted in the store (a write only on change).
        self.guild_locales: dict[str, str] = {}
        #: Language choices by (user, server), remembered ``LANGUAGE_TTL`` seconds: a
        #: command does not pay a query for them (another process's change shows in a
        #: minute; this process's at once, see ``language_choices``).
        self.language_cache: dict[tuple[str | None, str | None],
                                  tuple[float, LanguageChoices]] = {}
        #: Servers' board themes, remembered ``LANGUAGE_TTL`` seconds as the language
        #: choices are (every public picture asked for one).
        self.theme_cache: dict[str, tuple[float, str | None]] = {}
        self.config = config
        self.clock = clock
        self.seed_factory = seed_factory
        self.render_images = render_images
        self.positions: OrderedDict[tuple[int, int], Position] = OrderedDict()
        self.legal: OrderedDict[tuple[int, int], list[Turn]] = OrderedDict()
        #: ``legal_turns_in_any_order`` by (session id, version): what the picker and
        #: ``/legal`` offer (Che's two tiles in either order).
        self.legal_any: OrderedDict[tuple[int, int], list[Turn]] = OrderedDict()
        #: The latest effective turn (what the board marks as just played) by (session
        #: id, version): every append to the log, and every accepted take-back, bumps
        #: the version, so these never go stale either.
        self.last_turns: OrderedDict[tuple[int, int], TurnEntry | None] = OrderedDict()
        #: The match line a game's board shows and the tags its record adds after its
        #: options (a match game's ``Match``, ``Score``...): bot/service/matches.py's
        #: ``MatchLabels``, handed in by the facade.
        self.labels: GameLabels = labels or NoLabels()
        #: Where ``cpu`` work runs: a process pool (bot/cpu_pool.py) handed in by the
        #: bot and the console; None, a worker thread.
        self.cpu_pool: CpuPool | None = cpu_pool

    async def language_choices(self, user_id: str | None, guild_id: str | None
                               ) -> LanguageChoices:
        """The user's and the server's language choices (remembered a minute)."""
        key, now = (user_id, guild_id), self.clock()
        cached = self.language_cache.get(key)
        if cached is not None and now - cached[0] < LANGUAGE_TTL:
            return cached[1]
        if len(self.language_cache) > 10_000:
            self.language_cache.clear()
        choices = await self.languages.choices(user_id, guild_id)
        self.language_cache[key] = (now, choices)
        return choices

    def forget(self) -> None:
        """Drop the cached positions and listings (tests that time the engine)."""
        self.positions.clear()
        self.legal.clear()
        self.legal_any.clear()
        self.last_turns.clear()

    def committed(self, session: Session, position: Position, logged: list[TurnEntry]
                  ) -> None:
        """Remember what a change that appended ``logged`` (and bumped ``session`` to
        its version) already knows: its position and its last turn, which the
        reply's picture and the next command would otherwise read or parse again."""
        remember(self.positions, (session.id, session.version), position)
        turns = [entry for entry in logged if entry.kind == TurnKind.TURN]
        if turns:
            remember(self.last_turns, (session.id, session.version), turns[-1])

    async def last_turn(self, session: Session) -> TurnEntry | None:
        """The session's latest effective turn (cached per version)."""
        key = (session.id, session.version)
        if key not in self.last_turns:
            remember(self.last_turns, key, await self.store.last_turn(session.id))
        return self.last_turns[key]

    async def record_file(self, session: Session,
                          tags: Sequence[tuple[str, str]] | None = None
                          ) -> tuple[str, bytes]:
        """The game's record file (name, bytes).  A game has one record, the same
        wherever it is read (attached to the reply that ends it, ``/record``,
        ``/record game:ID``, a match's record): every one is made here, with the
        ``Hints`` tag of the players who used a hint and a match game's tags
        (``tags``, else the ``labels``')."""
        hinted = dict.fromkeys(row.name for row in
                               await ComputerStore(self.store).hints(session.id))
        if tags is None:
            tags = await self.labels.record_tags(session)
        text = record_text(session, await self.ledger.effective_turns(session.id),
                           hinted=list(hinted), extra_tags=tags,
                           marks=await self._marks(session))
        return f"{session.game}-{session.id}.txt", text.encode()

    async def _marks(self, session: Session) -> dict[int, str]:
        """A finished game's analysis marks by turn number (none before it is analysed:
        the record gains them once it is, bot/service/analysis.py)."""
        if session.live:
            return {}
        stored = await AnalysisStore(self.store).stored(session.id)
        if stored is None or stored.version != ANALYSIS_VERSION:
            return {}
        try:
            analysis = Analysis.from_json(stored.data)
        except ValueError:
            return {}
        return {number: mark.value for number, mark in analysis.marks().items()}

    # -- positions ------------------------------------------------------------------

    def position_of(self, session: Session) -> Position:
        """The session's current position (cached per version)."""
        return self._remembered(self.positions, session, lambda: _parsed(session))

    def legal_turns(self, session: Session) -> list[Turn]:
        """Legal turns for the session's current dice (cached per version)."""
        return self._remembered(self.legal, session,
                                lambda: self.position_of(session).legal_turns(session.dice))

    # The engine's parse, play and legal-turn listing are CPU work that a hostile text
    # can make long: commands run them in a worker thread (``asyncio.to_thread``) so
    # that other channels are answered meanwhile.  The caches are touched only here,
    # on the event loop.

    async def position_async(self, session: Session) -> Position:
        """``position_of``, parsed off the event loop."""
        return await self._remembered_async(self.positions, session, _parsed, session)

    async def legal_turns_async(self, session: Session) -> list[Turn]:
        """``legal_turns``, listed off the event loop: with a process pool, in a
        worker (a Chebache search holds the GIL, so in a thread it held the loop for
        as long: 40-200 ms in crowded positions); without one, in a thread."""
        return await self._listed_async(session, any_order=False)

    async def legal_turns_in_any_order_async(self, session: Session) -> list[Turn]:
        """The position's ``legal_turns_in_any_order`` for the session's dice, off the
        event loop like ``legal_turns_async`` (cached per version)."""
        return await self._listed_async(session, any_order=True)

    async def _listed_async(self, session: Session, any_order: bool) -> list[Turn]:
        # The two listings differ only in their cache and the position's method: one
        # way off the event loop (worker process or thread) serves both.
        cache = self.legal_any if any_order else self.legal
        if self.cpu_pool is not None:
            key = (session.id, session.version)
            if key not in cache:
                assert session.position is not None
                remember(cache, key, await self.cpu(
                    listed_turns, session.game, session.position, dict(session.options),
                    tuple(session.dice), any_order))
            return cache[key]
        position = await self.position_async(session)
        return await self._remembered_async(
            cache, session,
            position.legal_turns_in_any_order if any_order else position.legal_turns,
            session.dice)

    @staticmethod
    def _remembered(cache: OrderedDict[tuple[int, int], _V], session: Session,
                    compute: Callable[[], _V]) -> _V:
        key = (session.id, session.version)
        if key not in cache:
            remember(cache, key, compute())
        return cache[key]

    @staticmethod
    async def _remembered_async(cache: OrderedDict[tuple[int, int], _V], session: Session,
                                compute: Callable[..., _V], *args: object) -> _V:
        key = (session.id, session.version)
        if key not in cache:
            remember(cache, key, await asyncio.to_thread(compute, *args))
        return cache[key]

    # -- what a reply shows -----------------------------------------------------------

    async def time_left(self, req: Request, session: Session) -> str:
        """`` — 2d 4h left`` for the side whose clock runs ('' without a clock)."""
        if session.status != SessionStatus.ACTIVE:
            return ""
        row = await self.ledger.clock(session.id)
        if row is None or row.side is None or row.started_at is None:
            return ""
        return texts.left_text(clocks.parse_stored(row.control), row.side, row.started_at,
                               row.budget, self.clock(), req.channel_lang)

    async def image(self, session: Session, position: Position, req: Request,
                    viewer: str | None = None, left: str | None = None) -> bytes | None:
        """The board PNG; ``left`` is the time-left text when the caller has it already."""
        return (await self.board_image(session, position, req, viewer, left))[0]

    async def board_image(self, session: Session, position: Position, req: Request,
                          viewer: str | None = None, left: str | None = None
                          ) -> tuple[bytes | None, str]:
        """(the board PNG, the board in words).  ``viewer`` None: a public picture,
        in one orientation for the whole game (the first seat at the bottom, as
        a board on the table); a side: a private one from that side's chair.
        ``left`` is the time-left text when the caller has it already.  Its words
        are in the language of the reply it goes with: the channel's for a public
        picture, the user's for a private one."""
        if not self.render_images:
            return None, ""
        last = await self.last_turn(session)
        events = stored_events(last)
        if events is None and last is not None:  # a row logged before the log kept events
            turns = await self.ledger.effective_turns(session.id)
            events = await asyncio.to_thread(replayed_events, session, turns, last)
        if left is None:
            left = await self.time_left(req, session)
        left = left.strip(" —")
        lang = req.user_lang if viewer is not None else req.channel_lang
        match_line = await self.labels.caption(session, req)
        clock_line = f"{texts.who(session, position.side_to_move, req.channel_lang)}: {left}" \
            if left and position.side_to_move else ""
        context = RenderContext(
            names=texts.names(session),
            dice=session.dice if session.status == SessionStatus.ACTIVE
            else (last.dice if last else ()),
            last_side=last.side if last else None,
            last_moves=last.moves if last else "",
            last_events=events or (),
            viewer=viewer or public_viewer(session),
            width=self.config.image_width,
            theme=await self.theme_for(session.guild_id),
            footer=" · ".join(line for line in (match_line, clock_line) if line),
            language=lang,
        )
        if session.status != SessionStatus.ACTIVE:
            # a finished game's picture says who won and why, also when it ended off
            # the board (a resignation, a timeout, an abort left the position running)
            context = replace(context, ending=texts.board_ending(
                session, position, context.language, await self._won(session)))
        return await self.draw(position, context), describe(position, context)

    async def _won(self, session: Session) -> Won | None:
        """The ``Won`` event of a finished game's last entry (a turn, or a line such
        as a resignation), if it has one."""
        entry = await self.store.last_turn(session.id, kinds=tuple(TurnKind))
        events = stored_events(entry) or ()
        return next((e for e in events if isinstance(e, Won)), None)

    async def theme_for(self, guild_id: str | None, user_id: str | None = None) -> str:
        """The theme of a picture: the user's own (a private picture), else the
        server's, else the configured default."""
        if user_id is not None:
            own = (await self.settings.user_view(user_id)).theme
            if own is not None:
                return own
        return await self.guild_theme(guild_id) or self.config.theme

    async def guild_theme(self, guild_id: str | None) -> str | None:
        """The server's own theme (remembered a minute; this process's change shows
        at once: ``BoardSettings`` forgets it)."""
        if guild_id is None:
            return None
        cached, now = self.theme_cache.get(guild_id), self.clock()
        if cached is not None and now - cached[0] < LANGUAGE_TTL:
            return cached[1]
        if len(self.theme_cache) > 10_000:
            self.theme_cache.clear()
        theme = await self.settings.guild_theme(guild_id)
        self.theme_cache[guild_id] = (now, theme)
        return theme

    async def private_viewer(self, session: Session, user_id: str, side: str) -> str:
        """The chair a user's private picture is drawn from: their own side, or
        (``/settings flip:on``, two sides) the opponent's."""
        if not (await self.settings.user_view(user_id)).flip:
            return side
        others = [s.side for s in session.seats if s.side != side]
        return others[0] if len(others) == 1 else side

    async def private_width(self, user_id: str) -> int:
        """The width of a user's private picture: the phone layout's when asked for."""
        if (await self.settings.user_view(user_id)).phone:
            return PHONE_PICTURE_WIDTH
        return self.config.image_width

    async def cpu(self, fn: Callable[..., _V], *args: object) -> _V:
        """Run CPU work (a picture, an animation) off the event loop.

        ``fn`` must be a module-level function and ``args`` plain picklable values:
        with ``cpu_pool`` (the bot and the console: bot/cpu_pool.py) the work runs in
        a worker process, so it never holds the GIL the event loop needs; without
        one (tests, tools) on a worker thread.
        """
        if self.cpu_pool is not None:
            return await self.cpu_pool.run(fn, *args)
        return await asyncio.to_thread(fn, *args)

    async def draw(self, position: Position, context: RenderContext) -> bytes | None:
        """The picture, or None: a game without a renderer, or a renderer fault (logged),
        gives a text-only reply; the command's change is already saved by then and
        must not be reported as a failure."""
        if not self.render_images:
            return None
        try:
            if self.cpu_pool is None:
                return await self.cpu(render, position, context)
            # To a worker the listing, not the position: positions do not pickle (they
            # are immutable, some hold a turn search); a listing is a few hundred bytes.
            return await self.cpu(render_listing, position.game, position.listing(),
                                  dict(position.options), context)
        except ImportError:  # a game without a renderer yet: text only
            return None
        except Exception:
            log.exception("renderer fault drawing a %s; the reply goes out without a "
                          "picture", type(position).__name__)
            return None


#: Parsed positions and legal-turn lists kept per cache: enough for every channel
#: being played at one moment; a bigger cache makes each full garbage collection
#: longer (a Chebache position keeps its turn search: see bot/heap.py).
POSITION_CACHE = 64

#: A private picture's width in the phone layout (renderers draw pictures under
#: 800 px in their phone layout).
PHONE_PICTURE_WIDTH = 760


def public_viewer(session: Session) -> str | None:
    """The side whose chair public pictures are drawn from: the first seat's."""
    seats = sorted(session.seats, key=lambda seat: seat.seat)
    return seats[0].side if seats else None


def remember(cache: OrderedDict[tuple[int, int], _V], key: tuple[int, int], value: _V,
              size: int = POSITION_CACHE) -> None:
    cache[key] = value
    cache.move_to_end(key)
    while len(cache) > size:
        cache.popitem(last=False)


def render_listing(game: str, listing: str, options: dict[str, str],
                   context: RenderContext) -> bytes:
    """``render`` of the position ``listing`` describes (what ``Context.draw`` sends
    to a worker)."""
    return render(get_game(game).from_listing(listing, options), context)


def listed_turns(game: str, listing: str, options: dict[str, str], dice: tuple[int, ...],
                 any_order: bool = False) -> list[Turn]:
    """The legal turns of the position ``listing`` describes (for a worker: turn
    values pickle, their steps shared); with
    ``any_order``, in every order the engine takes (``legal_turns_in_any_order``)."""
    position = get_game(game).from_listing(listing, options)
    return position.legal_turns_in_any_order(dice) if any_order else position.legal_turns(dice)


def _parsed(session: Session) -> Position:
    """The session's stored listing read back into a position."""
    assert session.position is not None
    return get_game(session.game).from_listing(session.position, session.options)
