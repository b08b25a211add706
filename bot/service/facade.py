"""``GameService``: the one object the console, the Discord adapter, the scheduler
and the tests call.  It builds the parts on one shared ``Context`` and hands each
command to the part that owns it.

Refusing has one way: inside, a part raises ``Refused`` (or the store raises
``StaleVersion`` when another change got there first); here, at the entry points,
``privately`` turns either into a private reply that changed nothing.
"""

from __future__ import annotations

import asyncio
import functools
import inspect
import logging
import secrets
import time
from collections.abc import Awaitable, Callable, Coroutine, Sequence
from typing import TYPE_CHECKING, Any, Concatenate, ParamSpec

from bot.actions import Drill, ReviewAt
from bot.buttons import Question
from bot.catalogue import Readers, language
from bot.computer_pool import ComputerPool, InlineThinker, Thinker
from bot.computer_seats import COMPUTER
from bot.faults import brief
from bot.notifications import Notification
from bot.replies import Announcement, Channel, Refused, Reply, User, refusal
from bot.service import views
from bot.service.analysis import Analyses
from bot.service.board_settings import BoardSettings
from bot.service.computer import ComputerPlayers
from bot.service.context import Context, ServiceConfig
from bot.service.core import Turns
from bot.service.correspondence import Correspondence
from bot.service.dice_stats import DiceStats
from bot.service.digest import Digests
from bot.service.direct_settings import DirectSettings
from bot.service.everywhere import Everywhere
from bot.service.history import History
from bot.service.leagues import Leagues
from bot.service.learning import Learning
from bot.service.lobby import Lobby
from bot.service.matches import Matches, MatchLabels
from bot.service.nudges import Nudges
from bot.service.picking import Picking
from bot.service.presses import Presses
from bot.service.rating import Ratings
from bot.service.replays import DEFAULT_UPLOAD_LIMIT, Replays
from bot.service.request import Request
from bot.service.resign import Resignation
from bot.service.review import Review
from bot.service.timekeeping import Timekeeper
from bot.service.tournaments import Terms, Tournaments
from bot.service.training import Training
from games import Position, available_games
from games.turns import Turn
from storage import (
    CommitUnknown,
    DatabaseFault,
    Session,
    SessionStatus,
    StaleVersion,
    Store,
    commits_counted,
)
from storage.correspondence import CorrespondenceStore
from storage.liveness import Liveness
from storage.matches import MatchStore

if TYPE_CHECKING:
    from bot.cpu_pool import CpuPool

_P = ParamSpec("_P")
log = logging.getLogger("boardbot.service")
#: Seconds between the tries to read a game back after a fault (the pool reconnects).
READ_BACK_WAITS = (0.0, 0.5, 1.5)


def privately(command: Callable[Concatenate[GameService, Request, _P], Awaitable[Reply]]
              ) -> Callable[Concatenate[GameService, _P], Coroutine[Any, Any, Reply]]:
    """An entry point whose refusals (``Refused``, a lost race) become private replies,
    and whose database faults are told as what they are (``GameService.told``).

    The command is written with a ``req`` after ``self``; its callers do not pass one:
    the entry point builds the ``Request`` from the parameters named ``user`` and
    ``channel`` (bound by name through the signature, read once here; None for a
    command without one) and hands it to the command explicitly.  Until its languages
    are read (a fault may come first) it speaks English."""
    inner = inspect.signature(command)
    params = list(inner.parameters.values())
    # what callers call: the command's own parameters less ``req``
    outer = inner.replace(parameters=[params[0], *params[2:]])

    @functools.wraps(command)
    async def entry(self: GameService, *args: _P.args, **kwargs: _P.kwargs) -> Reply:
        named = outer.bind(self, *args, **kwargs).arguments
        user, channel = named.get("user"), named.get("channel")
        assert user is None or isinstance(user, User)
        assert channel is None or isinstance(channel, Channel)
        req = Request(user, channel)
        with commits_counted() as committed:
            try:
                req = Request(user, channel, await self.readers(user, channel))
                try:
                    reply = await command(self, req, *args, **kwargs)
                except Refused as refused:
                    return refusal(str(refused))
                except StaleVersion:
                    return refusal(req.mine("race"))
                # a match game: the next game, the score
                await self._matches.after(req, reply)
                return reply
            except DatabaseFault as fault:
                log.warning("%s: %s (%s)", command.__name__, fault.kind, brief(fault))
                return await self.told(req, fault, bool(committed))
    entry.__signature__ = outer  # type: ignore[attr-defined]  # callers' view: no req
    return entry


class GameService:
    """Commands over a Store.  ``clock`` and ``seed_factory`` are injectable for tests."""

    def __init__(
        self,
        store: Store,
        config: ServiceConfig | None = None,
        *,
        clock: Callable[[], float] = time.time,
        seed_factory: Callable[[], bytes] = lambda: secrets.token_bytes(32),
        render_images: bool = True,
        thinker: Thinker | None = None,
        cpu_pool: CpuPool | None = None,
    ) -> None:
        # The composition root: every part is built here, once, on one Context that
        # gets all it holds now (nothing sets its fields later).
        labels = MatchLabels(MatchStore(store))
        self.context = Context(store, config or ServiceConfig(), clock, seed_factory,
                               render_images, labels=labels, cpu_pool=cpu_pool)
        ctx = self.context
        timekeeper = Timekeeper(ctx)
        self._turns = Turns(ctx, timekeeper)
        # one Matches for every part that opens, scores or rates a match (it was built
        # three times, each with its own store handle)
        self._matches = Matches(ctx, labels, self._turns)
        self._lobby = Lobby(ctx, self._turns, timekeeper, self._matches)
        self._correspondence = Correspondence(ctx, self._turns, timekeeper)
        self._resignation = Resignation(ctx, self._turns)
        self._views = views.Views(ctx, self._turns)
        self._everywhere = Everywhere(ctx, self._views)
        self._direct_settings = DirectSettings(ctx, timekeeper)
        self._digests = Digests(ctx, self._everywhere)
        self._learning = Learning(ctx, self._lesson_game)
        self._history = History(ctx)
        self._ratings = Ratings(ctx, self._matches)
        self._replays = Replays(ctx, self._history)
        self._tournaments = Tournaments(ctx, self._turns, timekeeper, self._matches,
                                        self._resignation)
        self._leagues = Leagues(ctx, timekeeper, self._tournaments)
        self._presses = Presses(ctx, self._turns, self._lobby, self._correspondence,
                               self._resignation, Picking(ctx, self._turns), self._learning,
                               self._history, self._everywhere, self._tournaments,
                               self._review_press, self._drill_press)
        # The computer players think in ``thinker`` (the bot's process pool); without
        # one, on a worker thread.
        self._computer = ComputerPlayers(ctx, self._turns, timekeeper,
                                         thinker or InlineThinker())
        self._board_settings = BoardSettings(ctx)
        # analyses think where the computers do (the process pool), a slice at a time
        self._analyses = Analyses(ctx, self._history, self._think)
        self._dice_stats = DiceStats(ctx, self._history)
        self._review = Review(self._history, self._analyses)
        # a drill's answer is judged as the analysis judged: where the computers think
        self._training = Training(ctx, self._history, self._think)
        self._nudges = Nudges(ctx, self._turns)
        # Import every engine now, not inside the first command that names a game: an
        # engine's first import holds the event loop (the fuzz run saw 169 ms).
        available_games()

    # -- languages --------------------------------------------------------------------

    async def readers(self, user: User | None, channel: Channel | None, seen: bool = False
                      ) -> Readers:
        """The languages of a command's private and public replies, from its ``user``
        and ``channel``: a choice made with ``/settings language`` (the user's, the
        server's), else Discord's locale (the user's; the server's).  A user without a
        locale reads the server's language; without a channel, the public language is
        the user's.  ``seen``: a channel without a locale (the computer's games found
        at a restart) speaks the server's locale last seen."""
        if channel is not None and channel.direct:
            channel = None  # a direct message: its one reader is the user, in their language
        guild_id = channel.guild_id if channel else None
        if user is None and guild_id is None:
            return Readers()
        chosen = await self.context.language_choices(user.id if user else None, guild_id)
        if guild_id and channel and channel.locale \
                and self.context.guild_locales.get(guild_id) != channel.locale:
            if chosen.guild_seen != channel.locale:
                await self.context.languages.saw_guild_locale(guild_id, channel.locale,
                                                              self.context.clock())
                self.context.language_cache.clear()
            self.context.guild_locales[guild_id] = channel.locale
        if channel is not None:
            await self._everywhere.saw(channel)
        # a command without a channel (``/mygames``, ``/notify``) has no public readers
        locale = channel.locale or (chosen.guild_seen or "" if seen else "") if channel else ""
        public = chosen.guild or (language(locale) if channel else None)
        own = chosen.user or (language(user.locale) if user and user.locale else public)
        return Readers(user=own or language(None), channel=public or own or language(None))

    async def _explicit(self, channel: Channel) -> Request:
        """The request of the service's own work in ``channel`` (the computer's moves,
        the scheduler's forfeits): nobody asked, the channel reads (its locale, else
        the server's last seen)."""
        return Request(None, channel, await self.readers(None, channel, seen=True))

    # -- faults ---------------------------------------------------------------------------

    async def told(self, req: Request, fault: DatabaseFault, committed: bool) -> Reply:
        """The private answer to a command the database failed.  Before anything was
        committed: nothing changed (the fault's transaction did not commit), so say so.
        After a commit, or when the commit's outcome is unknown (the connection broke
        during it): say that, and show the game as stored, read back once the
        database answers again, so that the player sees what stands."""
        what = req.mine(f"fault_{fault.kind}")
        if not committed and not isinstance(fault, CommitUnknown):
            return refusal(req.mine("fault_nothing_changed", what=what))
        text = what if isinstance(fault, CommitUnknown) else \
            req.mine("fault_after_saving", what=what)
        user, channel = req.user, req.channel
        board = await self._read_back(req, user, channel) if user and channel else None
        if board is None:
            return refusal(f"{text} {req.mine('fault_board_unreadable')}")
        return Reply(text=f"{text}\n{req.mine('fault_board_as_stored')}\n{board.text}",
                     private=True, ok=False, image=board.image,
                     image_description=board.image_description, session_id=board.session_id)

    async def _read_back(self, req: Request, user: User, channel: Channel) -> Reply | None:
        """The channel's board read from the database again (None: it still fails)."""
        for wait in READ_BACK_WAITS:
            await asyncio.sleep(wait)
            try:
                return await self._views.board(req, user, channel)
            except Refused as refused:  # e.g. no game here any more
                return Reply(text=str(refused), private=True)
            except DatabaseFault as fault:
                log.warning("board read back: %s (%s)", fault.kind, brief(fault))
        return None

    # -- what callers read ------------------------------------------------------------

    @property
    def store(self) -> Store:
        return self.context.store

    @property
    def ledger(self) -> CorrespondenceStore:
        """The correspondence tables on the service's store."""
        return self.context.ledger

    @property
    def config(self) -> ServiceConfig:
        return self.context.config

    @property
    def clock(self) -> Callable[[], float]:
        return self.context.clock

    @clock.setter
    def clock(self, clock: Callable[[], float]) -> None:
        self.context.clock = clock  # every part reads the time through the context

    @property
    def render_images(self) -> bool:
        return self.context.render_images

    @render_images.setter
    def render_images(self, value: bool) -> None:
        self.context.render_images = value

    def position_of(self, session: Session) -> Position:
        return self.context.position_of(session)

    def legal_turns(self, session: Session) -> list[Turn]:
        return self.context.legal_turns(session)

    async def current_session(self, channel: Channel) -> Session | None:
        """The channel's live session as the next command would see it (tools and the
        fuzz run read it between commands)."""
        return await self._turns.current(Request(None, channel), channel)

    async def position_async(self, session: Session) -> Position:
        return await self.context.position_async(session)

    async def legal_turns_async(self, session: Session) -> list[Turn]:
        return await self.context.legal_turns_async(session)

    # -- challenges and lobbies ---------------------------------------------------------

    @privately
    async def new(self, req: Request, user: User, channel: Channel, game_name: str,
                  opponents: Sequence[User], options: dict[str, str] | None = None,
                  time_control: str | None = None) -> Reply:
        return await self._lobby.new(req, user, channel, game_name, opponents, options,
                                     time_control)

    @privately
    async def accept(self, req: Request, user: User, channel: Channel) -> Reply:
        return await self._lobby.accept(req, user, channel)

    @privately
    async def decline(self, req: Request, user: User, channel: Channel) -> Reply:
        return await self._lobby.decline(req, user, channel)

    @privately
    async def join(self, req: Request, user: User, channel: Channel) -> Reply:
        return await self._lobby.join(req, user, channel)

    @privately
    async def start(self, req: Request, user: User, channel: Channel) -> Reply:
        return await self._lobby.start(req, user, channel)

    @privately
    async def leave(self, req: Request, user: User, channel: Channel) -> Reply:
        return await self._lobby.leave(req, user, channel)

    @privately
    async def abort(self, req: Request, user: User, channel: Channel) -> Reply:
        return await self._lobby.abort(req, user, channel)

    @privately
    async def rematch(self, req: Request,
                      user: User, channel: Channel, session_id: int | None = None
                      ) -> Reply:
        return await self._lobby.rematch(req, user, channel, session_id)

    # -- playing ----------------------------------------------------------------------

    @privately
    async def move(self, req: Request, user: User, channel: Channel, text: str | Turn,
                   expected_turn: int | None = None, question: Question | None = None
                   ) -> Reply:
        """Play a turn as typed (``/move``) or a legal turn value (tools, tests): the
        service reads either as its canonical text, the command edge's form."""
        reply, session = await self._turns.moved(req, user, channel, str(text),
                                                 expected_turn, question)
        if session.status == SessionStatus.FINISHED:  # the move's own commit says so
            await self._finished(req, reply)
        return reply

    @privately
    async def taunt(self, req: Request, user: User, channel: Channel, colour: str) -> Reply:
        """``/taunt COLOUR``: taunt an opponent you bumped in the turn you just played
        (what the Taunt button under its reply does)."""
        return await self._turns.late_taunts.command(req, user, channel, colour)

    @privately
    async def preview(self, req: Request, user: User, channel: Channel, text: str | Turn) -> Reply:
        return await self._turns.preview(req, user, channel, str(text))

    @privately
    async def resign(self, req: Request, user: User, channel: Channel) -> Reply:
        """Resign at once (the confirmation's button, and tools)."""
        reply = await self._resignation.resign(req, user, channel)
        await self._rate_if_ended(req, reply)
        return reply

    @privately
    async def learn(self, req: Request, user: User, channel: Channel, game_name: str) -> Reply:
        """``/learn GAME``: the first page of a private, step-by-step lesson."""
        return await self._learning.learn(req, user, game_name)

    async def _lesson_game(self, req: Request, user: User, channel: Channel, game_name: str
                           ) -> Reply:
        """"Play the computer" at the end of a lesson: a game against the computer at its
        easiest, here (a lesson page's button, pressed within ``press``)."""
        if channel.direct:  # games are played in servers' channels
            raise Refused(req.mine("dm_only_in_server"))
        return await self._lobby.new(req, user, channel, game_name, [COMPUTER], {"level": "easy"})

    @privately
    async def confirm_resign(self, req: Request, user: User, channel: Channel) -> Reply:
        """What ``/resign`` does: ask privately, with a Resign button bound to the game
        (and, in a match, one that resigns the whole match)."""
        reply = await self._resignation.confirm(req, user, channel)
        return await self._matches.offer_match_resignation(req, reply)

    @privately
    async def press(self, req: Request, user: User, channel: Channel, action: str) -> Reply:
        reply = await self._presses.press(req, user, channel, action)
        await self._rate_if_ended(req, reply)
        return reply

    async def _rate_if_ended(self, req: Request, reply: Reply) -> None:
        """Rate what finished, once the reply's game is over (one lookup by id a command,
        not the search for unrated games on every move)."""
        if reply.ok and reply.session_id is not None:
            session = await self.context.store.session(reply.session_id)
            if session is not None and session.status == SessionStatus.FINISHED:
                await self._finished(req, reply)

    async def _finished(self, req: Request, reply: Reply) -> None:
        """The reply's game is over: a match moves on, a tournament writes its result
        (the standings, the next round: the reply's announcements), then the game is
        rated.  (A game ended otherwise, on time or aborted, is the scheduler's
        tournament pass's to write.)"""
        await self._matches.follow_on(req, reply)
        await self._tournament_after(req, reply)
        await self._ratings.catch_up()

    @privately
    async def leaderboard(self, req: Request, user: User, channel: Channel, game: str) -> Reply:
        """``/leaderboard GAME``: the server's best players of a game."""
        return await self._ratings.leaderboard(req, channel, game)

    @privately
    async def profile(self, req: Request,
                      user: User, channel: Channel, member: User | None = None) -> Reply:
        """``/profile [member]``: ratings and records per game, and the error rate and
        luck of the member's analysed games."""
        reply = await self._ratings.profile(req, channel, member or user)
        analysed = await self._analyses.profile_lines(req, channel, (member or user).id)
        if analysed and reply.ok:
            reply.text = "\n".join([reply.text, req.public("profile_analysis_title"),
                                    *analysed])
        return reply

    async def rebuild_ratings(self) -> int:
        """Every rating recomputed from the stored finished games (a command-line tool)."""
        return await self._ratings.rebuild()

    # -- tournaments --------------------------------------------------------------------

    @privately
    async def tournament_new(self, req: Request,
                             user: User, channel: Channel, terms: Terms) -> Reply:
        """``/tournament new`` (moderators): the sign-up opens here."""
        return await self._tournaments.new(req, terms)

    @privately
    async def tournament_join(self, req: Request, user: User, channel: Channel) -> Reply:
        return await self._tournaments.join(req)

    @privately
    async def tournament_leave(self, req: Request, user: User, channel: Channel) -> Reply:
        return await self._tournaments.leave(req)

    @privately
    async def tournament_start(self, req: Request, user: User, channel: Channel) -> Reply:
        """The organiser (or a moderator) closes the sign-up: round 1 is paired."""
        return await self._tournaments.start(req)

    @privately
    async def tournament_standings(self, req: Request, user: User, channel: Channel) -> Reply:
        return await self._tournaments.standings(req)

    @privately
    async def tournament_withdraw(self, req: Request, user: User, channel: Channel) -> Reply:
        return await self._tournaments.withdraw(req)

    @privately
    async def tournament_game(self, req: Request, key: str, channel: Channel) -> Reply:
        """Begin the tournament game ``key`` (a ``ThreadGame``'s) in ``channel``, the
        thread the adapter opened for it; a refusal when it is open already."""
        return await self._tournaments.open_game(req, key, channel)

    @privately
    async def league_new(self, req: Request, user: User, channel: Channel, game: str, size: int,
                         movers: int, options: dict[str, str] | None = None,
                         time_control: str | None = None, name: str = "") -> Reply:
        """``/league new`` (moderators): a league of ``game`` here, one a server."""
        return await self._leagues.new(req, game, size, movers,
                                       options, time_control, name)

    @privately
    async def league_join(self, req: Request, user: User, channel: Channel) -> Reply:
        return await self._leagues.join(req)

    @privately
    async def league_leave(self, req: Request, user: User, channel: Channel) -> Reply:
        return await self._leagues.leave(req)

    @privately
    async def league_season(self, req: Request, user: User, channel: Channel) -> Reply:
        """The next season (moderators): divisions with promotion and relegation."""
        return await self._leagues.season(req)

    @privately
    async def league_standings(self, req: Request, user: User, channel: Channel) -> Reply:
        return await self._leagues.standings(req)

    async def tournament_sweep(self) -> list[Announcement]:
        """The scheduler's pass over the tournaments (sign-up deadlines, games ended
        on time, round deadlines, games never opened): what to post."""
        said: list[Announcement] = []
        for row in await self._tournaments.to_sweep():
            req = await self._explicit(Channel(row.channel_id, row.guild_id))
            said += await self._tournaments.sweep(req, row)
        return said

    async def _tournament_after(self, req: Request, reply: Reply) -> None:
        """A tournament game's end, after the command that ended it (a fault here never
        reports the command's own saved change as failed).  The tournament's channel
        is in the same server as the game's thread: the command's public language."""
        try:
            await self._tournaments.after(req, reply)
        except StaleVersion:
            pass
        except Exception:
            log.exception("tournament follow-on failed after session %s", reply.session_id)

    # -- the computer -------------------------------------------------------------------

    @property
    def thinker(self) -> Thinker:
        return self._computer.thinker

    @thinker.setter
    def thinker(self, thinker: Thinker) -> None:
        self._computer.thinker = thinker

    async def computer_step(self, channel: Channel) -> Reply | None:
        """Play one action of a computer the channel's game waits for (its reply), or
        None when no computer is awaited there (``bot.computer_driver`` loops on it).
        A refusal never comes out of here: a game that moved on is looked at again."""
        req = await self._explicit(channel)
        reply = await self._computer.step(req, channel)
        if reply is not None:
            await self._matches.after(req, reply)
        return reply

    async def after_forfeit(self, session_id: int, channel_id: str, guild_id: str | None
                            ) -> str:
        """A game the scheduler ended on time: if it was a match game, move the match on
        (its next game begins, or the match ends) and say so; '' for a game on its own.
        The words join the scheduler's forfeit notice."""
        channel = Channel(channel_id, guild_id)
        moved = Reply(text="", session_id=session_id)
        await self._matches.after(await self._explicit(channel), moved)
        return moved.text.strip()

    async def digests(self, now: float) -> list[Notification]:
        """The daily digests due at ``now``, each claimed once (the scheduler sends
        them: bot/service/digest.py)."""
        return await self._digests.due(now)

    async def computer_channels(self) -> list[Channel]:
        """The channels of active games with a computer seated (the start-up scan)."""
        return await self._computer.channels()

    @property
    def liveness(self) -> Liveness:
        """This process's start and how it tells that another's has ended (the
        computer's claims and posts, the scheduler's forfeit notices)."""
        return self._computer.liveness

    async def computer_posted(self, reply: Reply) -> None:
        """A computer's reply (from ``computer_step``) was posted: it leaves the outbox."""
        await self._computer.posted(reply)

    async def computer_unposted(self) -> list[tuple[Channel, Reply]]:
        """The computer turns saved but never posted (their process was killed between
        the commit and the post, or the post failed a while ago), each with its channel
        and its reply, to post now; each is handed out once."""
        out = []
        for row in await self._computer.unposted():
            session = await self.store.session(row.session_id)
            if session is None:
                continue
            channel = Channel(id=session.channel_id, guild_id=session.guild_id)
            late = await self._computer.late_reply(await self._explicit(channel), row)
            if late is not None:
                out.append(late)
        return out

    @privately
    async def hint(self, req: Request, user: User, channel: Channel, level: str = "hard"
                   ) -> Reply:
        """``/hint [level:hard|expert]``: the computer's turn for the player to move."""
        return await self._computer.hint(req, user, channel, level)

    async def _think(self, fn: Callable[..., Any], *args: Any) -> Any:
        """Run ``fn(*args)`` where the computers think (the process pool; a thread
        when the thinker is a test's own)."""
        thinker = self._computer.thinker
        if isinstance(thinker, ComputerPool | InlineThinker):
            return await thinker.work(fn, *args)
        return await asyncio.to_thread(fn, *args)

    # -- analysis -----------------------------------------------------------------------

    @privately
    async def analysis(self, req: Request, user: User, channel: Channel, game_id: int
                       ) -> Reply:
        """``/analysis game:ID``: a finished game's analysis (computed once)."""
        return await self._analyses.command(req, channel, game_id)

    @privately
    async def review(self, req: Request, user: User, channel: Channel, game_id: int,
                     turn: int | None = None) -> Reply:
        """``/review game:ID [turn]``: a finished game step by step (privately)."""
        return await self._review.show(req, channel, game_id, turn)

    async def _review_press(self, req: Request, user: User, channel: Channel,
                            action: ReviewAt) -> Reply:
        return await self._review.press(req, channel, action)

    @privately
    async def train(self, req: Request, user: User, channel: Channel, game_name: str
                    ) -> Reply:
        """``/train GAME``: a drill from your own analysed games (else the server's)."""
        return await self._training.train(req, user, channel, game_name)

    async def _drill_press(self, req: Request, user: User, channel: Channel,
                           action: Drill) -> Reply:
        return await self._training.press(req, channel, action)

    @privately
    async def stats(self, req: Request, user: User, channel: Channel, what: str = "dice",
                    member: User | None = None, game_id: int | None = None) -> Reply:
        """``/stats dice [member] [game:ID]``: the dice's fairness here (of a
        member's turns; of one finished game) and the average luck per throw."""
        if what != "dice":
            raise Refused(req.mine("stats_what", what=what[:20]))
        return await self._dice_stats.dice(req, channel, member, game_id)

    async def analyses_to_post(self) -> list[tuple[Channel, Reply]]:
        """The post-game analyses due (games finished lately with a person seated, in a
        server whose setting is on), each claimed once, with the channel to post in."""
        out = []
        for session in await self._analyses.pending():
            channel = Channel(id=session.channel_id, guild_id=session.guild_id)
            try:
                reply = await self._analyses.post(await self._explicit(channel), session)
            except Exception:  # noqa: BLE001 - one game's fault must not stop the rest
                log.exception("analysis of session %d failed", session.id)
                continue
            if reply is not None:
                out.append((channel, reply))
        return out + await self._puzzles_to_post()

    async def _puzzles_to_post(self) -> list[tuple[Channel, Reply]]:
        """Each opted-in server's daily puzzle not yet posted today (UTC): yesterday's
        biggest swing, in the channel of its game; claimed once per server and day."""
        now = self.context.clock()
        day = time.strftime("%Y-%m-%d", time.gmtime(now))
        out = []
        for guild_id in await self._analyses.store.puzzle_servers(day):
            found = await self._training.daily(guild_id, now)
            if not await self._analyses.store.claim_puzzle(guild_id, day) or found is None:
                continue
            session = await self.store.session(found[0])
            if session is None:
                continue
            channel = Channel(id=session.channel_id, guild_id=session.guild_id)
            try:
                reply = await self._training.puzzle(await self._explicit(channel), found[0],
                                                    found[1].number)
            except Exception:  # noqa: BLE001 - one server's fault must not stop the rest
                log.exception("daily puzzle of server %s failed", guild_id)
                continue
            out.append((channel, reply))
        return out

    # -- correspondence ---------------------------------------------------------------

    @privately
    async def claim(self, req: Request, user: User, channel: Channel) -> Reply:
        """The win on time (a game with a clock), or the end of a game without one
        that went silent (bot/service/nudges.py)."""
        reply = (await self._nudges.claim(req, user, channel)
                 or await self._correspondence.claim(req, user, channel))
        await self._rate_if_ended(req, reply)
        return reply

    @privately
    async def grant(self, req: Request, user: User, channel: Channel, amount: str) -> Reply:
        return await self._correspondence.grant(req, user, channel, amount)

    @privately
    async def takeback(self, req: Request, user: User, channel: Channel) -> Reply:
        against_computer = await self._computer.takeback(req, user, channel)
        if against_computer is not None:
            return against_computer
        return await self._correspondence.takeback(req, user, channel)

    @privately
    async def takeback_answer(self, req: Request, user: User, channel: Channel, accept: bool,
                              seq: int | None = None) -> Reply:
        return await self._correspondence.takeback_answer(req, user, channel, accept, seq)

    @privately
    async def my_games(self, req: Request, user: User, guild_id: str | None, page: int = 1,
                       everywhere: bool = False) -> Reply:
        """The user's games on this server; in a direct message (no server) or with
        ``everywhere``, in every server, their own turns first (bot/service/everywhere.py)."""
        if guild_id is None or everywhere:
            return await self._everywhere.my_games(req, page)
        return await self._correspondence.my_games(req, user, guild_id, page)

    async def posted(self, session_id: int, channel_id: str, message_id: str) -> None:
        """The Discord layer posted game ``session_id``'s public message ``message_id``:
        the list of one's games links to it.  Best effort: a database fault is logged,
        never raised (the message is out; the link falls back to the channel)."""
        try:
            await self._everywhere.posted(session_id, channel_id, message_id)
        except DatabaseFault as fault:
            log.warning("posted: %s (%s)", fault.kind, brief(fault))

    async def game_place(self, session_id: int) -> Channel | None:
        """The channel of game ``session_id`` (None: no such game): where a button of
        that game pressed elsewhere (a direct message) plays, as a command there.  A
        database fault is logged and answered None: the press then goes on where it was
        made, and its command meets the fault and tells it."""
        try:
            return await self._everywhere.place(session_id)
        except DatabaseFault as fault:
            log.warning("game_place: %s (%s)", fault.kind, brief(fault))
            return None

    @privately
    async def notify(self, req: Request,
                     user: User, mode: str = "", nudge: str = "", digest: str = "",
                     hour: int | None = None, timezone: str = "", remind: str = "") -> Reply:
        """How reminders reach you (``mode``); in games without a clock, after how
        long you are nudged (``nudge``: ``3d``, ``off``, ``server``); a daily digest by
        direct message (``digest`` on/off at ``hour`` in ``timezone``); your own
        reminder times (``remind``: ``24h,8h,1h`` or ``server``).  Every option is
        checked before any is changed."""
        chosen_digest = await self._direct_settings.checked_digest(req, digest, hour, timezone)
        chosen_remind = self._direct_settings.checked_remind(req, remind)
        if not nudge.strip() and chosen_digest is None and chosen_remind is None:
            return await self._correspondence.notify(req, user, mode or "mention")
        period = self._nudges.parse_own(req, nudge) if nudge.strip() else None
        said = []
        if mode.strip():
            said.append((await self._correspondence.notify(req, user, mode)).text)
        if nudge.strip():  # (None: the server's period, a choice too)
            said.append(await self._nudges.set_own(req, user, period))
        said += await self._direct_settings.save(req, chosen_digest, chosen_remind)
        return Reply(text="\n".join(said), private=True)

    @privately
    async def settings(self, req: Request,
                       user: User, channel: Channel, theme: str = "", flip: str = "",
                       server_theme: str = "", phone: str = "", server_nudge: str = "",
                       language: str = "", server_language: str = "",
                       server_analysis: str = "", server_puzzle: str = "") -> Reply:
        """Boards' look, the language (``language``; ``server_language`` for
        moderators) and (``server_nudge``, moderators) the server's nudges."""
        if channel.direct and (server_theme or server_nudge or server_language
                               or server_analysis or server_puzzle):
            raise Refused(req.mine("dm_only_in_server"))
        period = self._nudges.checked_server(req, user, channel, server_nudge)
        switches = {"server_analysis": server_analysis, "server_puzzle": server_puzzle}
        for name, value in switches.items():  # checked before anything is saved
            if value and value not in ("on", "off"):
                raise Refused(req.mine("bad_on_off", name=name, value=value[:20]))
        if language or server_language:  # chosen first: the answer speaks the new choice
            await self._board_settings.choose_language(req, user, channel, language,
                                                       server_language)
            chosen = Request(user, channel, await self.readers(user, channel))
            reply = await self._board_settings.settings(chosen, user, channel, theme, flip,
                                                        server_theme, phone)
            nudges = await self._nudges.server_setting(chosen, user, channel, period)
        else:
            reply = await self._board_settings.settings(req, user, channel, theme, flip,
                                                        server_theme, phone)
            nudges = await self._nudges.server_setting(req, user, channel, period)
        reply.text = f"{reply.text}\n{nudges}"
        setters = {"server_analysis": self._analyses.set_post,
                   "server_puzzle": self._analyses.set_puzzle}
        for name, value in switches.items():
            if value:
                said = await setters[name](req, value == "on")
                reply.text = f"{reply.text}\n{said}"
        return reply

    # -- looking ------------------------------------------------------------------------

    @privately
    async def board(self, req: Request, user: User, channel: Channel, game_id: int | None = None,
                    turn: int | None = None) -> Reply:
        """The board here; with ``game_id``, a finished game's position after ``turn``
        (default: its end)."""
        if channel.direct:  # a direct message: one of the user's own games, by its number
            if game_id is None:
                raise Refused(req.mine("dm_board_which"))
            place = await self._everywhere.live_place(user, game_id)
            if place is not None and turn is None:
                return await self._everywhere.board(req, game_id, place)
        if game_id is not None:
            return await self._history.board_at(req, channel, game_id, turn)
        return await self._views.board(req, user, channel)

    @privately
    async def legal(self, req: Request, user: User, channel: Channel, starting: str = "") -> Reply:
        return await self._views.legal(req, user, channel, starting)

    @privately
    async def record(self, req: Request,
                     user: User, channel: Channel, game_id: int | None = None) -> Reply:
        """The record file of the game here, or of the finished game ``game_id``."""
        if channel.direct:  # a direct message: one of the user's own games, by its number
            if game_id is None:
                raise Refused(req.mine("dm_record_which"))
            place = await self._everywhere.live_place(user, game_id)
            if place is not None:  # a game under way: its record so far, as in its channel
                return await self._views.record(req, user, place)
        if game_id is not None:
            return await self._history.record(req, channel, game_id)
        return await self._matches.whole_match_record(
            req, await self._views.record(req, user, channel))

    @privately
    async def history(self, req: Request, user: User, channel: Channel, member: User | None = None,
                      game: str | None = None, page: int = 1) -> Reply:
        """Finished games of this server (of ``member``, of ``game``), newest first."""
        return await self._history.history(req, channel, member, game, page)

    @privately
    async def replay(self, req: Request, user: User, channel: Channel, game_id: int,
                     size_limit: int = DEFAULT_UPLOAD_LIMIT) -> Reply:
        """``/replay game:ID``: a finished game of this server as an animated GIF
        under ``size_limit`` bytes (the server's upload limit)."""
        return await self._replays.replay(req, channel, game_id, size_limit)

    @privately
    async def games(self, req: Request, channel: Channel, page: int = 1) -> Reply:
        return await self._views.games(req, channel, page)

    def rules(self, game_name: str) -> Reply:
        """The rules in English (tools; ``read_rules`` is the command)."""
        try:
            return views.rules(Request(None, None), game_name)
        except Refused as refused:
            return refusal(str(refused))

    def help(self) -> Reply:
        return views.help_text(Request(None, None))

    @privately
    async def read_rules(self, req: Request,
                         user: User, channel: Channel | None, game_name: str) -> Reply:
        """``/rules`` in the user's language (``rules`` above: in English, for tools)."""
        return views.rules(req, game_name)

    @privately
    async def read_help(self, req: Request, user: User, channel: Channel | None) -> Reply:
        """``/help`` in the user's language."""
        return views.help_text(req)

