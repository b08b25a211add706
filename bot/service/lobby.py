"""Challenges and lobbies: new, accept, decline, join, start, leave, abort, rematch.

``new`` with opponents named is a challenge they accept or decline; with nobody
named it opens a lobby (seats whose sides are ``?n`` until the start) that others
join and the host starts (a two-player lobby starts at the first join).
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.buttons import CHALLENGE
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
from bot.service.timekeeping import Timekeeper
from computer import Level
from games import Game, GameError, get_game
from games.dice import commitment
from storage import ChannelBusy, Session, SessionStatus


def is_lobby(session: Session) -> bool:
    """An open lobby: seats whose sides are not decided yet (``?n``)."""
    return session.status == SessionStatus.CHALLENGE and bool(session.seats) \
        and session.seats[0].side.startswith("?")


class Lobby:
    """Everything before a game's first turn, and the way out of it."""

    def __init__(self, ctx: Context, turns: Turns, clock: Timekeeper) -> None:
        self.ctx = ctx
        self.turns = turns
        self.timekeeper = clock
        self.matches = Matches(ctx, turns)

    async def new(self, user: User, channel: Channel, game_name: str,
                  opponents: Sequence[User], options: dict[str, str] | None = None,
                  time_control: str | None = None) -> Reply:
        """Challenge ``opponents`` to a game here; they accept or decline.
        ``time_control`` (or a ``time=`` option): see bot/clocks.py."""
        wanted = {k.lower(): v for k, v in (options or {}).items()}
        try:
            control = self.timekeeper.control_text(time_control, wanted)
        except ValueError as exc:  # clocks.TimeControlError
            raise Refused(f"Time control: {exc}.") from exc
        try:
            game = get_game(game_name)
        except GameError as exc:
            raise Refused(str(exc)) from exc
        level = computer_level(wanted, opponents)
        target = Matches.target(wanted)  # ``match=N``: a match to N points
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
            raise Refused(f"{exc}." + (f"\n{game.title}'s options:\n{listed}" if listed
                                       else "")) from exc
        people = [p for p in players if not is_computer(p)]
        if len({p.id for p in people}) != len(people):
            raise Refused("Each player must be a different person (you cannot play yourself).")
        sides = game.sides(normalised)
        lobby = not opponents
        if target is not None:
            Matches.check(game.name, normalised, lobby, len(players))
        if lobby:
            sides = sides[:1]  # the host's seat; the others join, sides given at the start
        elif not game.min_players <= len(players) <= game.max_players \
                or len(players) != len(sides):
            raise Refused(f"{game.title} needs {len(sides)} players here; you named "
                          f"{len(players)}.")
        seed = self.ctx.seed_factory()
        now = self.ctx.clock()
        try:
            session_id = await self.ctx.store.create_session(
                guild_id=channel.guild_id, channel_id=channel.id, game=game.name,
                options=normalised, seed=seed.hex(), seed_hash=commitment(seed),
                created_by=user.id, now=now, expires_at=now + self.ctx.config.challenge_seconds,
                seats=[_seat("?0" if lobby else info.letter, p, p is user, level, index)
                       for index, (info, p) in enumerate(zip(sides, players, strict=True))],
            )
        except ChannelBusy as exc:
            raise Refused("This channel already has a game (or an open challenge). "
                          "Finish or abort it first, or use another channel or thread.") from exc
        await self.timekeeper.set_time_control(session_id, control)
        if target is not None:
            await self.matches.open(session_id, channel, game.name, target, normalised, control)
        hours = self.ctx.config.challenge_seconds / 3600
        terms = f"{game.options_text(normalised)}{texts.clock_text(control)}"
        if target is not None:
            terms += f", a match to {target} point{'s' if target != 1 else ''}"
        if lobby:
            size = (f"{game.min_players}-{game.max_players}"
                    if game.max_players > game.min_players else str(game.min_players))
            start = ("the host starts it with `/start`" if game.max_players > 2
                     else "it starts as soon as someone joins")
            return Reply(
                text=f"{user.name} opens a **{game.title}** lobby for {size} players"
                     f"{terms}: `/join` to take a seat; {start} "
                     f"(open seats expire in {hours:g} h).",
                buttons=[_button("Join", session_id)], session_id=session_id)
        if level is not None:
            return await self._against_computer(user, session_id, game.title, terms, players)
        invited = ", ".join(p.mention for p in opponents)
        return Reply(
            text=f"{user.name} challenges {invited} to **{game.title}**{terms}. Answer with "
                 f"`/accept` or `/decline` (expires in {hours:g} h).",
            mentions=[p.id for p in opponents],
            buttons=[_button("Accept", session_id), _button("Decline", session_id)],
            session_id=session_id)

    async def _against_computer(self, user: User, session_id: int, title: str, terms: str,
                                players: list[User]) -> Reply:
        """A challenge naming the computer: it accepts at once; the game begins when
        every person named has accepted too."""
        session = await self.ctx.store.session(session_id)
        assert session is not None
        computers = ", ".join(s.name for s in session.seats if is_computer_seat(s.user_id))
        if all(s.accepted for s in session.seats):
            begun = await self.turns.begin(session)
            watching = "" if session.seat_of(user.id) else f" ({user.name} watches)"
            begun.text = (f"{user.name} sets up **{title}**{terms} with {computers}"
                          f"{watching}; the computer accepts.\n{begun.text}")
            return begun
        waiting = [p for p in players if not is_computer(p) and p is not user]
        return Reply(
            text=f"{user.name} challenges {', '.join(p.mention for p in waiting)} to "
                 f"**{title}**{terms} with {computers}; the computer accepts. Answer with "
                 "`/accept` or `/decline`.",
            mentions=[p.id for p in waiting],
            buttons=[_button("Accept", session_id), _button("Decline", session_id)],
            session_id=session_id)

    async def accept(self, user: User, channel: Channel) -> Reply:
        session = await self.turns.live(channel)
        if session is not None and session.status == SessionStatus.ACTIVE:
            return await self.turns.answer_in_words(user, channel, session, agree=True)
        if session is None or session.status != SessionStatus.CHALLENGE:
            raise Refused("There is no open challenge in this channel.")
        if is_lobby(session) and session.seat_of(user.id) is None:
            return await self.join(user, channel)
        seat = session.seat_of(user.id)
        if seat is None:
            raise Refused("This challenge is not addressed to you.")
        if seat.accepted:
            raise Refused("You have already accepted; waiting for the others.")
        await self.ctx.store.accept_seat(session, user.id, self.ctx.clock())
        session = await self.turns.reread(session)
        if not all(s.accepted for s in session.seats):
            waiting = ", ".join(s.name for s in session.seats if not s.accepted)
            return Reply(text=f"{user.name} accepts. Still waiting for {waiting}.",
                         session_id=session.id)
        return await self.turns.begin(session)

    async def decline(self, user: User, channel: Channel) -> Reply:
        session = await self.turns.live(channel)
        if session is not None and session.status == SessionStatus.ACTIVE:
            return await self.turns.answer_in_words(user, channel, session, agree=False)
        if session is None or session.status != SessionStatus.CHALLENGE:
            raise Refused("There is no open challenge in this channel.")
        if is_lobby(session):
            # In a lobby, declining means giving up one's own seat: only the host (or a
            # moderator) ends the lobby for everyone, with /abort.
            return await self.leave(user, channel)
        if session.seat_of(user.id) is None or session.created_by == user.id:
            raise Refused("Only an invited player can decline (the challenger may `/abort`).")
        await self.ctx.store.update_session(session, self.ctx.clock(),
                                            status=SessionStatus.DECLINED)
        return Reply(text=f"{user.name} declines the challenge.", session_id=session.id)

    async def join(self, user: User, channel: Channel) -> Reply:
        """Take a seat in the channel's open lobby."""
        session = await self.turns.live(channel)
        if session is None or session.status != SessionStatus.CHALLENGE:
            raise Refused("There is no open lobby in this channel.")
        if not is_lobby(session):
            raise Refused("This challenge names its players; it has no open seat.")
        if session.seat_of(user.id) is not None:
            raise Refused("You already have a seat in this lobby.")
        game = get_game(session.game)
        if len(session.seats) >= game.max_players:
            raise Refused(f"The lobby is full ({game.max_players} players).")
        await self.ctx.store.add_seat(session, user.id, user.name, self.ctx.clock())
        session = await self.turns.reread(session)
        if len(session.seats) >= game.max_players or game.max_players == 2:
            return await self._start_lobby(session)
        names = ", ".join(s.name for s in session.seats)
        host = session.seats[0]
        return Reply(text=f"{user.name} joins. Seated: {names}. <@{host.user_id}> can `/start` "
                          f"now ({game.min_players}-{game.max_players} players).",
                     mentions=[host.user_id], session_id=session.id,
                     buttons=[_button("Join", session.id), _button("Start", session.id)])

    async def start(self, user: User, channel: Channel) -> Reply:
        """The host starts the lobby with the players seated so far."""
        session = await self.turns.live(channel)
        if session is None or session.status != SessionStatus.CHALLENGE \
                or not is_lobby(session):
            raise Refused("There is no open lobby in this channel.")
        if session.seats[0].user_id != user.id:
            raise Refused("Only the host who opened the lobby can start it.")
        game = get_game(session.game)
        if len(session.seats) < game.min_players:
            raise Refused(f"{game.title} needs at least {game.min_players} players; "
                          f"{len(session.seats)} seated so far.")
        return await self._start_lobby(session)

    async def leave(self, user: User, channel: Channel) -> Reply:
        """A joined player gives up their seat in the open lobby (``/decline`` there);
        the lobby stays open for the others.  The host closes it with ``/abort``."""
        session = await self.turns.live(channel)
        if session is None or not is_lobby(session):
            raise Refused("There is no open lobby in this channel.")
        seat = session.seat_of(user.id)
        if seat is None:
            raise Refused("You have no seat in this lobby (`/join` takes one).")
        if seat.seat == 0:
            raise Refused("You opened this lobby: `/abort` closes it for everyone.")
        await self.ctx.ledger.leave_lobby(session, user.id, self.ctx.clock())
        session = await self.turns.reread(session)
        game = get_game(session.game)
        names = ", ".join(s.name for s in session.seats)
        buttons = [_button("Join", session.id)]
        if game.max_players > 2 and len(session.seats) >= game.min_players:
            buttons.append(_button("Start", session.id))
        return Reply(text=f"{user.name} leaves the lobby. Seated: {names}. `/join` to take "
                          "a seat.", session_id=session.id, buttons=buttons)

    async def abort(self, user: User, channel: Channel) -> Reply:
        """Players may abort before the first turn; a moderator at any time."""
        session = await self.turns.live(channel)
        if session is None:
            raise Refused("There is no game in this channel.")
        seat = session.seat_of(user.id)
        started = await self.ctx.store.last_turn(session.id) is not None
        if is_lobby(session) and not user.moderator and session.created_by != user.id:
            host = session.seats[0].name
            raise Refused(f"Only the host ({host}) or a moderator can close this lobby"
                          + ("; `/decline` gives up your seat in it." if seat else "."))
        if not user.moderator:
            if seat is None:
                raise Refused("Only the players (before the first turn) or a moderator "
                              "may abort this game.")
            if started:
                raise Refused("The game has started: only a moderator may abort it now "
                              "(you can `/resign`).")
        await self.ctx.store.update_session(session, self.ctx.clock(),
                                            status=SessionStatus.ABORTED, result="aborted",
                                            dice=[])
        return Reply(text=f"{user.name} aborted the game.{texts.seed_note(session)}",
                     session_id=session.id)

    async def rematch(self, user: User, channel: Channel, session_text: str = "") -> Reply:
        """Challenge the players of the channel's last finished game again, same game
        and options (the presser is the challenger)."""
        last = await self.ctx.store.latest_session(channel.id)
        if last is not None and session_text and str(last.id) != session_text:
            raise Refused(texts.rematch_gone(last))
        if last is None or last.status != SessionStatus.FINISHED:
            raise Refused("There is no finished game here to play again.")
        if last.seat_of(user.id) is None:
            raise Refused("Only the players of the last game can ask for a rematch.")
        others = [COMPUTER if is_computer_seat(s.user_id) else User(s.user_id, s.name)
                  for s in last.seats if s.user_id != user.id]
        options = dict(last.options)
        levels = [seat_level(s.user_id) for s in last.seats if is_computer_seat(s.user_id)]
        if levels and levels[0] is not None:
            options["level"] = levels[0].value
        terms = await self.matches.terms_of(last)
        if terms is not None:  # a match's rematch is a new match, on the match's options
            options = {**options, **terms[1], "match": str(terms[0])}
        return await self.new(user, channel, last.game, others, options)

    async def _start_lobby(self, session: Session) -> Reply:
        game = get_game(session.game)
        options = dict(session.options)
        if "players" in options:
            options["players"] = str(len(session.seats))
        options = game.normalise_options(options)
        sides = [info.letter for info in game.sides(options)]
        if len(sides) != len(session.seats):
            raise Refused(f"{game.title} cannot seat {len(session.seats)} players.")
        await self.ctx.store.assign_sides(session, sides, self.ctx.clock(), options=options)
        return await self.turns.begin(await self.turns.reread(session))


def computer_level(wanted: dict[str, str], opponents: Sequence[User]) -> Level | None:
    """The level of the computers named (``level=`` taken out of the game options;
    default normal), or None when no computer is named."""
    text = wanted.pop("level", None)
    if not any(is_computer(p) for p in opponents):
        if text is not None:
            raise Refused("`level` is for games against the computer: name "
                          f"@{COMPUTER.name} as an opponent.")
        return None
    try:
        return Level.parse(text) if text is not None else Level.NORMAL
    except ValueError as exc:
        raise Refused(f"Unknown level `{text}`: choose easy, normal or hard.") from exc


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


def _seat(side: str, player: User, challenger: bool, level: Level | None, index: int
          ) -> tuple[str, str, str, bool]:
    """A seat row: a computer's gets its own id and name and has accepted already."""
    if level is not None and is_computer(player):
        return side, seat_user_id(level, index), seat_name(level), True
    return side, player.id, player.name, challenger


_STYLES = {"Join": "success", "Accept": "success", "Decline": "danger", "Start": "primary"}


def _button(label: str, session_id: int) -> Button:
    """A challenge or lobby button, tagged as answering this session's challenge."""
    return Button(label, f"{label.lower()}:{session_id}:{CHALLENGE}", _STYLES[label])
