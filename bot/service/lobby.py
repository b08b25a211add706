"""Challenges and lobbies: new, accept, decline, join, start, leave, abort, rematch.

``new`` with opponents named is a challenge they accept or decline; with nobody
named it opens a lobby (seats whose sides are ``?n`` until the start) that others
join and the host starts (a two-player lobby starts at the first join).
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.actions import Challenge, Verb, encode
from bot.catalogue.engine import error_for_user
from bot.clocks import TimeControlError
from bot.computer_seats import (
    COMPUTER,
    is_computer,
    is_computer_seat,
    seat_level,
    seat_name,
    seat_user_id,
)
from bot.replies import Button, Channel, Refused, Reply, User
from bot.service import texts
from bot.service.context import Context
from bot.service.core import Turns
from bot.service.matches import Matches
from bot.service.request import Request
from bot.service.timekeeping import Timekeeper
from computer import Level
from games import Game, GameError, get_game
from games.dice import commitment
from games.outcome import ABORTED
from storage import ChannelBusy, Session, SessionStatus
from storage.nudges import UnratedStore


def is_lobby(session: Session) -> bool:
    """An open lobby: seats whose sides are not decided yet (``?n``)."""
    return session.status == SessionStatus.CHALLENGE and bool(session.seats) \
        and session.seats[0].side.startswith("?")


class Lobby:
    """Everything before a game's first turn, and the way out of it."""

    def __init__(self, ctx: Context, turns: Turns, clock: Timekeeper,
                 matches: Matches) -> None:
        self.ctx = ctx
        self.turns = turns
        self.timekeeper = clock
        self.matches = matches

    async def new(self, req: Request, user: User, channel: Channel, game_name: str,
                  opponents: Sequence[User], options: dict[str, str] | None = None,
                  time_control: str | None = None) -> Reply:
        """Challenge ``opponents`` to a game here; they accept or decline.
        ``time_control`` (or a ``time=`` option): see bot/clocks.py."""
        wanted = {k.lower(): v for k, v in (options or {}).items()}
        try:
            control = self.timekeeper.control_text(time_control, wanted)
        except ValueError as exc:  # clocks.TimeControlError
            error = exc.said(req.user_lang) if isinstance(exc, TimeControlError) \
                else error_for_user(exc, req.user_lang)
            raise Refused(req.mine("time_control_error", error=error)) from exc
        try:
            game = get_game(game_name)
        except GameError as exc:
            raise Refused(error_for_user(exc, req.user_lang)) from exc
        level = computer_level(req, wanted, opponents)
        rated = rated_option(req, wanted)
        target = Matches.target(req, wanted)  # ``match=N``: a match to N points
        players = [user, *opponents]
        if level is not None and only_computers_fill(game, opponents, wanted):
            players = list(opponents)  # a game of computers; the challenger watches
        try:
            if "players" in game.normalise_options({}) and "players" not in wanted \
                    and opponents:
                wanted["players"] = str(len(players))  # the seats named decide
            normalised = game.normalise_options(wanted)
        except GameError as exc:
            listed = game.options_help()
            raise Refused(f"{error_for_user(exc, req.user_lang)}." + (req.mine("options_listed",
                                                                               title=game.title,
                                                listed=listed) if listed else "")) from exc
        people = [p for p in players if not is_computer(p)]
        if len({p.id for p in people}) != len(people):
            raise Refused(req.mine("not_yourself"))
        sides = game.sides(normalised)
        lobby = not opponents
        if target is not None:
            Matches.check(req, game.name, normalised, lobby, len(players))
        if lobby:
            sides = sides[:1]  # the host's seat; the others join, sides given at the start
        elif not game.min_players <= len(players) <= game.max_players \
                or len(players) != len(sides):
            raise Refused(req.mine("needs_players", title=game.title, needed=len(sides),
                                   named=len(players)))
        seed = self.ctx.seed_factory()
        now = self.ctx.clock()
        try:
            session_id = await self.ctx.store.create_session(
                guild_id=channel.guild_id, channel_id=channel.id, game=game.name,
                options=normalised, seed=seed.hex(), seed_hash=commitment(seed),
                created_by=user.id, now=now, expires_at=now + self.ctx.config.challenge_seconds,
                seats=[_seat("?0" if lobby else info.letter, p, p is user, level, index,
                             _number(players, index))
                       for index, (info, p) in enumerate(zip(sides, players, strict=True))],
            )
        except ChannelBusy as exc:
            raise Refused(req.mine("channel_busy")) from exc
        await self.timekeeper.set_time_control(session_id, control)
        if not rated:  # noted apart from the ratings, so that a rebuild keeps it out
            await UnratedStore(self.ctx.store).mark(session_id, user.id, now)
        if target is not None:
            await self.matches.open(session_id, channel, game.name, target, normalised, control)
        hours = self.ctx.config.challenge_seconds / 3600
        terms = f"{game.options_text(normalised)}{texts.clock_text(control, req.channel_lang)}" + (
            "" if rated else req.public("not_rated"))
        if target is not None:
            terms += req.public("match_terms", target=target)
        if lobby:
            size = (f"{game.min_players}-{game.max_players}"
                    if game.max_players > game.min_players else str(game.min_players))
            start = req.public("host_starts" if game.max_players > 2 else "starts_at_join")
            return Reply(
                text=req.public("lobby_opened", host=user.name, title=game.title, size=size,
                                 terms=terms, start=start, hours=f"{hours:g}"),
                buttons=[_button(req, "Join", session_id)], session_id=session_id)
        if level is not None:
            return await self._against_computer(req, user, session_id, game.title, terms, players)
        invited = ", ".join(p.mention for p in opponents)
        return Reply(
            text=req.public("challenges", challenger=user.name, invited=invited,
                             title=game.title, terms=terms, hours=f"{hours:g}"),
            mentions=[p.id for p in opponents],
            buttons=[_button(req, "Accept", session_id), _button(req, "Decline", session_id)],
            session_id=session_id)

    async def _against_computer(self, req: Request, user: User, session_id: int, title: str,
                                terms: str,
                                players: list[User]) -> Reply:
        """A challenge naming the computer: it accepts at once; the game begins when
        every person named has accepted too."""
        session = await self.ctx.store.session(session_id)
        assert session is not None
        computers = ", ".join(s.name for s in session.seats if is_computer_seat(s.user_id))
        if all(s.accepted for s in session.seats):
            begun = await self.turns.begin(req, session)
            watching = "" if session.seat_of(user.id) else req.public("watches", user=user.name)
            begun.text = req.public("sets_up_computer", user=user.name, title=title,
                                     terms=terms, computers=computers, watching=watching,
                                     begun=begun.text)
            return begun
        waiting = [p for p in players if not is_computer(p) and p is not user]
        return Reply(
            text=req.public("challenges_with_computer", challenger=user.name,
                             invited=", ".join(p.mention for p in waiting), title=title,
                             terms=terms, computers=computers),
            mentions=[p.id for p in waiting],
            buttons=[_button(req, "Accept", session_id), _button(req, "Decline", session_id)],
            session_id=session_id)

    async def _challenge_or_answer(self, req: Request, user: User, channel: Channel, agree: bool
                                   ) -> Session | Reply:
        """The channel's open challenge; or, in a game under way, the reply of
        accepting (``agree``) or declining whatever it asks in words (a taunt, a
        take-back): ``/accept`` and ``/decline`` mean that there."""
        session = await self.turns.live(channel)
        if session is not None and session.status == SessionStatus.ACTIVE:
            return await self.turns.answer_in_words(req, user, channel, session, agree=agree)
        if session is None or session.status != SessionStatus.CHALLENGE:
            raise Refused(req.mine("no_challenge"))
        return session

    async def accept(self, req: Request, user: User, channel: Channel) -> Reply:
        session = await self._challenge_or_answer(req, user, channel, agree=True)
        if isinstance(session, Reply):
            return session
        if is_lobby(session) and session.seat_of(user.id) is None:
            return await self.join(req, user, channel)
        seat = session.seat_of(user.id)
        if seat is None:
            raise Refused(req.mine("not_addressed"))
        if seat.accepted:
            raise Refused(req.mine("already_accepted"))
        await self.ctx.store.accept_seat(session, user.id, self.ctx.clock())
        session = await self.turns.reread(session)
        if not all(s.accepted for s in session.seats):
            waiting = ", ".join(s.name for s in session.seats if not s.accepted)
            return Reply(text=req.public("accepts_waiting", user=user.name, waiting=waiting),
                         session_id=session.id)
        return await self.turns.begin(req, session)

    async def decline(self, req: Request, user: User, channel: Channel) -> Reply:
        session = await self._challenge_or_answer(req, user, channel, agree=False)
        if isinstance(session, Reply):
            return session
        if is_lobby(session):
            # In a lobby, declining means giving up one's own seat: only the host (or a
            # moderator) ends the lobby for everyone, with /abort.
            return await self.leave(req, user, channel)
        if session.seat_of(user.id) is None or session.created_by == user.id:
            raise Refused(req.mine("only_invited_decline"))
        await self.ctx.store.update_session(session, self.ctx.clock(),
                                            status=SessionStatus.DECLINED)
        return Reply(text=req.public("declines", user=user.name), session_id=session.id)

    async def join(self, req: Request, user: User, channel: Channel) -> Reply:
        """Take a seat in the channel's open lobby."""
        session = await self.turns.live(channel)
        if session is None or session.status != SessionStatus.CHALLENGE:
            raise Refused(req.mine("no_lobby"))
        if not is_lobby(session):
            raise Refused(req.mine("no_open_seat"))
        if session.seat_of(user.id) is not None:
            raise Refused(req.mine("already_seated"))
        game = get_game(session.game)
        if len(session.seats) >= game.max_players:
            raise Refused(req.mine("lobby_full", max=game.max_players))
        await self.ctx.store.add_seat(session, user.id, user.name, self.ctx.clock())
        session = await self.turns.reread(session)
        if len(session.seats) >= game.max_players or game.max_players == 2:
            return await self._start_lobby(req, session)
        names = ", ".join(s.name for s in session.seats)
        host = session.seats[0]
        return Reply(text=req.public("joins", user=user.name, names=names,
                                      host=f"<@{host.user_id}>", min=game.min_players,
                                      max=game.max_players),
                     mentions=[host.user_id], session_id=session.id,
                     buttons=[_button(req, "Join", session.id), _button(req, "Start", session.id)])

    async def start(self, req: Request, user: User, channel: Channel) -> Reply:
        """The host starts the lobby with the players seated so far."""
        session = await self.turns.live(channel)
        if session is None or session.status != SessionStatus.CHALLENGE \
                or not is_lobby(session):
            raise Refused(req.mine("no_lobby"))
        if session.seats[0].user_id != user.id:
            raise Refused(req.mine("only_host_starts"))
        game = get_game(session.game)
        if len(session.seats) < game.min_players:
            raise Refused(req.mine("needs_at_least", title=game.title, min=game.min_players,
                                   seated=len(session.seats)))
        return await self._start_lobby(req, session)

    async def leave(self, req: Request, user: User, channel: Channel) -> Reply:
        """A joined player gives up their seat in the open lobby (``/decline`` there);
        the lobby stays open for the others.  The host closes it with ``/abort``."""
        session = await self.turns.live(channel)
        if session is None or not is_lobby(session):
            raise Refused(req.mine("no_lobby"))
        seat = session.seat_of(user.id)
        if seat is None:
            raise Refused(req.mine("no_seat"))
        if seat.seat == 0:
            raise Refused(req.mine("host_aborts"))
        await self.ctx.ledger.leave_lobby(session, user.id, self.ctx.clock())
        session = await self.turns.reread(session)
        game = get_game(session.game)
        names = ", ".join(s.name for s in session.seats)
        buttons = [_button(req, "Join", session.id)]
        if game.max_players > 2 and len(session.seats) >= game.min_players:
            buttons.append(_button(req, "Start", session.id))
        return Reply(text=req.public("leaves_lobby", user=user.name, names=names),
                     session_id=session.id, buttons=buttons)

    async def abort(self, req: Request, user: User, channel: Channel) -> Reply:
        """Players may abort before the first turn; a moderator at any time."""
        session = await self.turns.live(channel)
        if session is None:
            raise Refused(req.mine("no_game_here"))
        seat = session.seat_of(user.id)
        started = await self.ctx.store.last_turn(session.id) is not None
        if is_lobby(session) and not user.moderator and session.created_by != user.id:
            host = session.seats[0].name
            raise Refused(req.mine("only_host_closes_seated" if seat else "only_host_closes",
                                   host=host))
        if not user.moderator:
            if seat is None:
                raise Refused(req.mine("only_players_abort"))
            if started:
                raise Refused(req.mine("started_no_abort"))
        await self.ctx.store.update_session(session, self.ctx.clock(),
                                            status=SessionStatus.ABORTED, outcome=ABORTED,
                                            dice=[])
        # a game under way ends with its record, as every ending does (none before)
        record = await self.ctx.record_file(await self.turns.reread(session)) \
            if started else None
        return Reply(text=req.public("aborted", user=user.name, seed=texts.seed_note(session,
                                                                                     req.channel_lang)),
                     session_id=session.id, attachment=record)

    async def rematch(self, req: Request, user: User, channel: Channel,
                      session_id: int | None = None
                      ) -> Reply:
        """Challenge the players of the channel's last finished game again, same game
        and options (the presser is the challenger; ``session_id``: the finished game a
        Rematch button offered, refused unless it is still the last one)."""
        last = await self.ctx.store.latest_session(channel.id)
        if last is not None and session_id is not None and last.id != session_id:
            raise Refused(texts.rematch_gone(last, req.user_lang))
        if last is None or last.status != SessionStatus.FINISHED:
            raise Refused(req.mine("rematch_none"))
        if last.seat_of(user.id) is None:
            raise Refused(req.mine("rematch_not_player"))
        others = [COMPUTER if is_computer_seat(s.user_id) else User(s.user_id, s.name)
                  for s in last.seats if s.user_id != user.id]
        options = dict(last.options)
        levels = [seat_level(s.user_id) for s in last.seats if is_computer_seat(s.user_id)]
        if levels and levels[0] is not None:
            options["level"] = levels[0].value
        if await UnratedStore(self.ctx.store).asked(last.id):
            options["rated"] = "false"
        terms = await self.matches.terms_of(last)
        if terms is not None:  # a match's rematch is a new match, on the match's options
            options = {**options, **terms[1], "match": str(terms[0])}
        return await self.new(req, user, channel, last.game, others, options)

    async def _start_lobby(self, req: Request, session: Session) -> Reply:
        game = get_game(session.game)
        options = dict(session.options)
        if "players" in options:
            options["players"] = str(len(session.seats))
        options = game.normalise_options(options)
        sides = [info.letter for info in game.sides(options)]
        if len(sides) != len(session.seats):
            raise Refused(req.mine("cannot_seat", title=game.title, count=len(session.seats)))
        await self.ctx.store.assign_sides(session, sides, self.ctx.clock(), options=options)
        return await self.turns.begin(req, await self.turns.reread(session))


def computer_level(req: Request, wanted: dict[str, str], opponents: Sequence[User]) -> Level | None:
    """The level of the computers named (``level=`` taken out of the game options;
    default normal), or None when no computer is named."""
    text = wanted.pop("level", None)
    if not any(is_computer(p) for p in opponents):
        if text is not None:
            raise Refused(req.mine("level_without_computer", computer=COMPUTER.name))
        return None
    try:
        return Level.parse(text) if text is not None else Level.NORMAL
    except ValueError as exc:
        raise Refused(req.mine("unknown_level", level=text)) from exc


#: What ``rated=`` takes.
_YES, _NO = ("true", "yes", "on", "1"), ("false", "no", "off", "0")


def rated_option(req: Request, wanted: dict[str, str]) -> bool:
    """``rated=false`` (taken out of the game options): a game between people that
    ratings leave out, with that reason.  Default true."""
    text = wanted.pop("rated", None)
    if text is None or text.strip().lower() in _YES:
        return True
    if text.strip().lower() in _NO:
        return False
    raise Refused(req.mine("rated_value", text=text[:20]))


def only_computers_fill(game: Game, opponents: Sequence[User], wanted: dict[str, str]) -> bool:
    """Whether the opponents named are all the computer and fill every seat on their
    own (the game's number of players, or ``players=``): the challenger then sets up
    a game of computers and watches it."""
    if not opponents or not all(is_computer(p) for p in opponents):
        return False
    defaults = game.normalise_options({})
    if "players" in defaults:
        given = wanted.get("players")
        seats = int(given) if given is not None and given.isdigit() else game.max_players
    else:
        seats = len(game.sides(defaults))
    return len(opponents) == seats


def _seat(side: str, player: User, challenger: bool, level: Level | None, index: int,
          number: int | None = None) -> tuple[str, str, str, bool]:
    """A seat row: a computer's gets its own id and name (numbered ``number`` when
    several sit) and has accepted already."""
    if level is not None and is_computer(player):
        return side, seat_user_id(level, index), seat_name(level, number), True
    return side, player.id, player.name, challenger


def _number(players: Sequence[User], index: int) -> int | None:
    """The computer at ``index``'s number among the computers named, in seat order
    (1, 2, 3); None when it is the only one (its name needs none)."""
    computers = [i for i, p in enumerate(players) if is_computer(p)]
    if len(computers) < 2 or index not in computers:
        return None
    return computers.index(index) + 1


_STYLES = {"Join": "success", "Accept": "success", "Decline": "danger", "Start": "primary"}


def _button(req: Request, label: str, session_id: int) -> Button:
    """A challenge or lobby button, tagged as answering this session's challenge."""
    return Button(req.public(f"button_{label.lower()}"),
                  encode(Challenge(Verb(label.lower()), session_id)), _STYLES[label])
