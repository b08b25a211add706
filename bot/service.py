"""The command service: (who, where, command, arguments) -> Reply.

This is the only place that decides what a command does.  It never imports
discord: the Discord adapter and the local console both call it, and the
tests drive it directly.  Every change goes through the store's versioned
transactions; every refusal is a private reply and changes nothing.
"""

from __future__ import annotations

import asyncio
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from bot.correspondence import CorrespondenceMixin
from bot.lobby import LobbyMixin, is_lobby
from bot.records import record_text
from bot.replies import RACE_MESSAGE, Button, Channel, Refused, Reply, User, refusal
from games import GameError, Played, Position, available_games, get_game
from games.base import Game
from games.dice import commitment, opening_throws, opening_winner, turn_dice
from games.notation import format_dice
from renderer import RenderContext, render
from storage import ChannelBusy, NewTurn, Seat, Session, StaleVersion, Store


@dataclass(frozen=True)
class ServiceConfig:
    challenge_seconds: float = 24 * 3600
    image_width: int = 1100
    theme: str = "light"
    #: Default time control of new games (see bot/clocks.py) and reminder points.
    time_control: str = "none"
    reminder_hours: tuple[float, ...] = (24.0, 1.0)
    #: How long a taunt answer or a vote may wait; then the refusing choice
    #: (drop, no) is played for whoever has not answered.
    answer_seconds: float = 48 * 3600


class GameService(LobbyMixin, CorrespondenceMixin):
    """Commands over a Store.  ``clock`` and ``seed_factory`` are injectable for tests."""

    def __init__(
        self,
        store: Store,
        config: ServiceConfig | None = None,
        *,
        clock: Callable[[], float] = time.time,
        seed_factory: Callable[[], bytes] = lambda: secrets.token_bytes(32),
        render_images: bool = True,
    ) -> None:
        self.store = store
        self.config = config or ServiceConfig()
        self.clock = clock
        self.seed_factory = seed_factory
        self.render_images = render_images
        # Parsed positions and legal-turn lists keyed by (session id, version):
        # a version never changes meaning, so these never go stale.
        self._positions: OrderedDict[tuple[int, int], Position] = OrderedDict()
        self._legal: OrderedDict[tuple[int, int], list[str]] = OrderedDict()

    # ------------------------------------------------------------------ helpers

    def position_of(self, session: Session) -> Position:
        """The session's current position (cached per version)."""
        key = (session.id, session.version)
        cached = self._positions.get(key)
        if cached is None:
            assert session.position is not None
            cached = get_game(session.game).from_listing(session.position, session.options)
            _remember(self._positions, key, cached)
        return cached

    def legal_turns(self, session: Session) -> list[str]:
        """Legal turns for the session's current dice (cached per version)."""
        key = (session.id, session.version)
        cached = self._legal.get(key)
        if cached is None:
            cached = self.position_of(session).legal_turns(session.dice)
            _remember(self._legal, key, cached)
        return cached

    async def _live(self, channel: Channel) -> Session | None:
        """The channel's live session, after expiring a challenge that timed out."""
        session = await self.store.live_session(channel.id)
        if session and session.status == "challenge" and session.expires_at is not None \
                and self.clock() > session.expires_at:
            try:
                await self.store.update_session(session, self.clock(), status="expired")
            except StaleVersion:
                pass
            return await self.store.live_session(channel.id)
        return session

    async def _active(self, channel: Channel) -> Session:
        session = await self._live(channel)
        if session is None:
            raise Refused("There is no game in this channel. Start one with `/new`.")
        if session.status != "active":
            raise Refused("The game here has not started: the challenge is still open.")
        session = await self._settle_overdue_answer(session)
        if session.status != "active":
            raise Refused(f"The game is over: {session.result}.")
        return session

    async def _player_in(
        self, channel: Channel, user: User, outsider: str = "You are not playing in this game."
    ) -> tuple[Session, Seat]:
        """The active game here and the user's seat in it (``Refused`` with
        ``outsider`` for a watcher)."""
        session = await self._active(channel)
        seat = session.seat_of(user.id)
        if seat is None:
            raise Refused(outsider)
        return session, seat

    def _names(self, session: Session) -> dict[str, str]:
        return {seat.side: seat.name for seat in session.seats}

    def _who(self, session: Session, side: str) -> str:
        seat = session.seat_for_side(side)
        colour = _colour(get_game(session.game), session, side)
        return f"{colour} ({seat.name})" if seat else colour

    async def _image(self, session: Session, position: Position, viewer: str | None = None,
                     left: str | None = None) -> bytes | None:
        """The board PNG; ``left`` is the time-left text when the caller has it already."""
        if not self.render_images:
            return None
        last = await self.store.last_turn(session.id)
        if left is None:
            left = await self._time_left(session)
        left = left.strip(" —")
        context = RenderContext(
            names=self._names(session),
            dice=session.dice if session.status == "active" else (last.dice if last else ()),
            last_side=last.side if last else None,
            last_moves=last.moves if last else "",
            viewer=viewer,
            width=self.config.image_width,
            theme=self.config.theme,
            footer=f"{self._who(session, position.side_to_move)}: {left}"
            if left and position.side_to_move else "",
        )
        try:
            return await asyncio.to_thread(render, position, context)
        except ImportError:  # a game without a renderer yet: text only
            return None

    def _status_line(self, session: Session, position: Position, left: str = ""
                     ) -> tuple[str, list[str]]:
        """Who is to move (with the dice and ``left``, the time left) or the result,
        and whom to mention."""
        if session.status == "finished" or position.result is not None:
            return f"Game over: {session.result or position.result.text}.", []  # type: ignore
        side = position.side_to_move
        if side is None:
            return "", []
        if position.action_due():
            seats = [session.seat_for_side(s) for s in position.actors()]
            ids = [seat.user_id for seat in seats if seat]
            who = ", ".join(self._who(session, s) for s in position.actors())
            choices = " or ".join(f"`{c}`" for c in position.action_choices())
            pings = " ".join(f"<@{i}>" for i in ids)
            return f"Waiting for {who} to answer: {choices}{left}. {pings}", ids
        seat = session.seat_for_side(side)
        dice = f" with {format_dice(session.dice)}" if session.dice else ""
        mention = seat.user_id if seat else None
        who = f"<@{mention}>" if mention else side
        return (f"{self._who(session, side)} to move{dice}{left}. {who}",
                [mention] if mention else [])

    # ------------------------------------------------------------------ commands

    async def new(
        self, user: User, channel: Channel, game_name: str, opponents: Sequence[User],
        options: dict[str, str] | None = None, time_control: str | None = None,
    ) -> Reply:
        """Challenge ``opponents`` to a game here; they accept or decline.
        ``time_control`` (or a ``time=`` option): see bot/clocks.py."""
        players = [user, *opponents]
        wanted = {k.lower(): v for k, v in (options or {}).items()}
        try:
            control = self._control_text(time_control, wanted)
        except ValueError as exc:
            return refusal(f"Time control: {exc}.")
        try:
            game = get_game(game_name)
        except GameError as exc:
            return refusal(str(exc))
        try:
            if "players" in game.normalise_options({}) and "players" not in wanted \
                    and opponents:
                wanted["players"] = str(len(players))  # the seats named decide
            normalised = game.normalise_options(wanted)
        except GameError as exc:
            listed = game.options_help()
            return refusal(f"{exc}." + (f"\n{game.title}'s options:\n{listed}" if listed else ""))
        if len({p.id for p in players}) != len(players):
            return refusal("Each player must be a different person (you cannot play yourself).")
        sides = game.sides(normalised)
        lobby = not opponents
        if lobby:
            sides = sides[:1]  # the host's seat; the others join, sides given at the start
        elif not game.min_players <= len(players) <= game.max_players \
                or len(players) != len(sides):
            return refusal(
                f"{game.title} needs {len(sides)} players here; you named {len(players)}."
            )
        seed = self.seed_factory()
        now = self.clock()
        try:
            session_id = await self.store.create_session(
                guild_id=channel.guild_id, channel_id=channel.id, game=game.name,
                options=normalised, seed=seed.hex(), seed_hash=commitment(seed),
                created_by=user.id, now=now, expires_at=now + self.config.challenge_seconds,
                seats=[("?0" if lobby else info.letter, p.id, p.name, p is user)
                       for info, p in zip(sides, players, strict=True)],
            )
        except ChannelBusy:
            return refusal("This channel already has a game (or an open challenge). "
                           "Finish or abort it first, or use another channel or thread.")
        await self._set_time_control(session_id, control)
        hours = self.config.challenge_seconds / 3600
        if lobby:
            size = (f"{game.min_players}-{game.max_players}"
                    if game.max_players > game.min_players else str(game.min_players))
            start = ("the host starts it with `/start`" if game.max_players > 2
                     else "it starts as soon as someone joins")
            return Reply(
                text=f"{user.name} opens a **{game.title}** lobby for {size} players"
                     f"{_options_text(game, normalised)}{_clock_text(control)}: `/join` to "
                     f"take a seat; {start} "
                     f"(open seats expire in {hours:g} h).",
                buttons=[Button("Join", f"join:{session_id}", "success")],
                session_id=session_id,
            )
        invited = ", ".join(p.mention for p in opponents)
        return Reply(
            text=f"{user.name} challenges {invited} to **{game.title}**"
                 f"{_options_text(game, normalised)}{_clock_text(control)}. Answer with "
                 "`/accept` or `/decline` "
                 f"(expires in {hours:g} h).",
            mentions=[p.id for p in opponents],
            buttons=[Button("Accept", f"accept:{session_id}", "success"),
                     Button("Decline", f"decline:{session_id}", "danger")],
            session_id=session_id,
        )

    async def accept(self, user: User, channel: Channel) -> Reply:
        session = await self._live(channel)
        if session is None or session.status != "challenge":
            return refusal("There is no open challenge in this channel.")
        if is_lobby(session) and session.seat_of(user.id) is None:
            return await self.join(user, channel)
        seat = session.seat_of(user.id)
        if seat is None:
            return refusal("This challenge is not addressed to you.")
        if seat.accepted:
            return refusal("You have already accepted; waiting for the others.")
        try:
            await self.store.accept_seat(session, user.id, self.clock())
        except StaleVersion:
            return refusal(RACE_MESSAGE)
        session = await self.store.session(session.id)
        assert session is not None
        if not all(s.accepted for s in session.seats):
            waiting = ", ".join(s.name for s in session.seats if not s.accepted)
            return Reply(text=f"{user.name} accepts. Still waiting for {waiting}.",
                         session_id=session.id)
        return await self._start(session)

    async def _start(self, session: Session) -> Reply:
        game = get_game(session.game)
        seed = bytes.fromhex(session.seed)
        sides = game.sides(session.options)
        opening: list[tuple[int, ...]] = []
        intro = ""
        if game.opening_throw:
            opening = opening_throws(seed, session.id, len(sides))
            first = sides[opening_winner(opening)].letter
            throws = "; ".join(
                ", ".join(f"{_colour(game, session, s.letter)} {d}"
                          for s, d in zip(sides, r, strict=True))
                for r in opening)
            intro = f"Opening throw: {throws}. "
        else:
            first = game.first_mover(session.options)
        position = game.initial(session.options, first)
        turns, position, next_turn, dice = self._auto_passes(session, position, 1, seed)
        status, result = _status_of(position)
        try:
            await self.store.append_turns(
                session, turns, self.clock(), status=status, position=position.listing(),
                initial_position=game.initial(session.options, first).listing(),
                next_turn=next_turn, dice=list(dice), opening=[list(r) for r in opening],
                result=result, expires_at=None,
                extra=await self._clock_handover(session, position, next_turn, start=True),
            )
        except StaleVersion:
            return refusal(RACE_MESSAGE)
        session = await self.store.session(session.id)
        assert session is not None
        left = await self._time_left(session)
        line, mentions = self._status_line(session, position, left)
        passes = "".join(f"**{t.number}{t.side}:** `{t.record}` (no legal move: passed)\n"
                         for t in turns)
        commit = (f"Dice commitment (SHA-256 of the secret seed, revealed at the end): "
                  f"`{session.seed_hash}`\n" if _uses_dice(session) else "\n")
        text = f"**{game.title}** begins. {intro}{commit}{passes}{line}"
        return Reply(text=text, image=await self._image(session, position, left=left),
                     mentions=mentions,
                     session_id=session.id)

    async def decline(self, user: User, channel: Channel) -> Reply:
        session = await self._live(channel)
        if session is None or session.status != "challenge":
            return refusal("There is no open challenge in this channel.")
        seat = session.seat_of(user.id)
        if seat is None or session.created_by == user.id:
            return refusal("Only an invited player can decline (the challenger may `/abort`).")
        try:
            await self.store.update_session(session, self.clock(), status="declined")
        except StaleVersion:
            return refusal(RACE_MESSAGE)
        return Reply(text=f"{user.name} declines the challenge.", session_id=session.id)

    def _auto_passes(
        self, session: Session, position: Position, number: int, seed: bytes
    ) -> tuple[list[NewTurn], Position, int, tuple[int, ...]]:
        """Roll for turn ``number`` and play every forced pass the dice leave.

        Returns the passes to log, the position after them, the next turn's number
        and its dice (rolled now and stored before anybody sees them)."""
        passes: list[NewTurn] = []
        while position.result is None and position.side_to_move is not None:
            count = position.dice_count()
            dice = turn_dice(seed, session.id, number, count) if count else ()
            if not count:
                return passes, position, number, dice
            passing = position.forced_pass(dice)
            if passing is None:
                return passes, position, number, dice
            side = position.side_to_move
            played = position.play(passing, dice)
            passes.append(NewTurn(number, side, dice, played.record, played.moves, "bot"))
            position = played.position
            number += 1
        return passes, position, number, ()

    async def move(
        self, user: User, channel: Channel, text: str, expected_turn: int | None = None
    ) -> Reply:
        """Play a turn for the user's side with the stored dice, or the action
        (taunt answer, vote) the game is waiting for from the user."""
        try:
            session, seat = await self._player_in(
                channel, user, "You are not playing in this game; you can watch with `/board`.")
            position = self.position_of(session)
            if expected_turn is not None and expected_turn != session.next_turn:
                raise Refused(f"That move was written for turn {expected_turn}, but the game "
                               f"is at turn {session.next_turn}. Look at `/board` again.")
            if position.action_due():
                played, entry = self._action(session, position, seat.side, user, text)
            else:
                played, entry = self._turn(session, position, seat.side, user, text)
        except Refused as refused:
            return refusal(str(refused))
        try:
            session, after, logged = await self._commit(session, played.position, entry)
        except StaleVersion:
            return refusal(RACE_MESSAGE)
        status = session.status
        lines = [_entry_text(t) for t in logged]
        left = await self._time_left(session)
        status_line, mentions = self._status_line(session, after, left)
        if status == "finished":
            status_line += _seed_note(session)
        buttons = self._action_buttons(session, after)
        if status == "finished":
            buttons = [Button("Rematch", f"rematch:{session.id}", "primary")]
        return Reply(text="\n".join([*lines, status_line]),
                     image=await self._image(session, after, left=left), mentions=mentions,
                     session_id=session.id, buttons=buttons)

    async def _commit(self, session: Session, position: Position, entry: NewTurn
                      ) -> tuple[Session, Position, list[NewTurn]]:
        """Log ``entry`` (which led to ``position``), play the forced passes after it,
        roll the next dice and hand the clock over: one transaction.  Returns the
        session re-read, the position after the passes and everything logged;
        raises StaleVersion when another change got there first."""
        number = session.next_turn + (1 if entry.kind == "turn" else 0)
        passes, after, next_turn, dice = self._auto_passes(
            session, position, number, bytes.fromhex(session.seed))
        logged = [entry, *passes]
        status, result = _status_of(after)
        await self.store.append_turns(
            session, logged, self.clock(), status=status, position=after.listing(),
            next_turn=next_turn, dice=list(dice), result=result,
            extra=await self._clock_handover(session, after, next_turn),
        )
        fresh = await self.store.session(session.id)
        assert fresh is not None
        return fresh, after, logged

    async def _settle_overdue_answer(self, session: Session) -> Session:
        """A taunt answer or vote left waiting past ``answer_seconds`` is settled with
        the refusing choice (drop, no), played by the bot; checked lazily, like
        challenge expiry, whenever the game is looked at."""
        position = self.position_of(session)
        if not position.action_due() or not position.action_choices():
            return session
        last = await self.store.last_turn(session.id, kinds=("turn", "amend", "line"))
        if last is None or self.clock() - last.played_at < self.config.answer_seconds:
            return session
        side = position.actors()[0]
        try:
            played = position.play_action(position.action_choices()[-1], side)
        except GameError:
            return session
        entry = NewTurn(session.next_turn - 1, side, (), played.record, played.moves, "bot",
                        played.kind)
        try:
            session, _, _ = await self._commit(session, played.position, entry)
        except StaleVersion:
            fresh = await self.store.session(session.id)
            assert fresh is not None
            return fresh
        return await self._settle_overdue_answer(session)  # several voters may be late

    def _turn(self, session: Session, position: Position, side: str, user: User, text: str
              ) -> tuple[Played, NewTurn]:
        if position.side_to_move != side:
            raise Refused(f"It is not your turn: "
                           f"{self._who(session, position.side_to_move or '?')} is to move.")
        try:
            played = position.play(text, session.dice)
        except GameError as exc:
            raise Refused(f"`{text.strip()}` is not playable: {exc}") from exc
        return played, NewTurn(session.next_turn, side, session.dice, played.record,
                               played.moves, user.id)

    def _action(self, session: Session, position: Position, side: str, user: User, text: str
                ) -> tuple[Played, NewTurn]:
        if side not in position.actors():
            waiting = ", ".join(self._who(session, s) for s in position.actors())
            raise Refused(f"The game is waiting for {waiting} to answer; nothing to do for "
                           "you yet.")
        try:
            played = position.play_action(text, side)
        except GameError as exc:
            raise Refused(f"`{text.strip()}` is not an answer the game can take: {exc}") from exc
        kind = played.kind
        # An action belongs to the turn just played: same number, no dice.
        return played, NewTurn(session.next_turn - 1, side, (), played.record, played.moves,
                               user.id, kind)

    def _action_buttons(self, session: Session, position: Position) -> list[Button]:
        """Buttons for the answer the game now waits for (the engine names the texts)."""
        if not position.action_due():
            return []
        return [Button(label.capitalize(), f"{label}:{session.id}",
                       "success" if i == 0 else "danger")
                for i, label in enumerate(position.action_choices())]

    async def press(self, user: User, channel: Channel, action: str) -> Reply:
        """A button: ``<verb>:<session id>``.  Stale buttons (another session, or a
        game that has moved on) are refused; the rest are ordinary commands."""
        verb, _, session_text = action.partition(":")
        if verb == "rematch":
            return await self.rematch(user, channel, session_text)
        session = await self._live(channel)
        if session is None or str(session.id) != session_text:
            return refusal("That button belongs to a game that is no longer waiting for it.")
        if verb == "accept" and session.status == "challenge":
            return await self.accept(user, channel)
        if verb == "decline" and session.status == "challenge":
            return await self.decline(user, channel)
        if verb in ("takeback_yes", "takeback_no"):
            return await self.takeback_answer(user, channel, verb == "takeback_yes")
        if verb == "join" and session.status == "challenge":
            return await self.join(user, channel)
        if verb == "start" and session.status == "challenge":
            return await self.start(user, channel)
        return await self.move(user, channel, verb)

    async def rematch(self, user: User, channel: Channel, session_text: str = "") -> Reply:
        """Challenge the players of the channel's last finished game again, same game
        and options (the presser is the challenger)."""
        last = await self.store.latest_session(channel.id)
        if last is None or last.status != "finished" or (
                session_text and str(last.id) != session_text):
            return refusal("There is no finished game here to play again.")
        if last.seat_of(user.id) is None:
            return refusal("Only the players of the last game can ask for a rematch.")
        others = [User(s.user_id, s.name) for s in last.seats if s.user_id != user.id]
        return await self.new(user, channel, last.game, others, dict(last.options))

    async def board(self, user: User, channel: Channel) -> Reply:
        """The current board (anyone may ask); the last finished game if none is live."""
        session = await self._live(channel) or await self.store.latest_session(channel.id)
        if session is None or session.position is None:
            return refusal("There is no game to show in this channel.")
        position = self.position_of(session)
        seat = session.seat_of(user.id)
        left = await self._time_left(session)
        line, _ = self._status_line(session, position, left)
        game = get_game(session.game)
        return Reply(
            text=f"**{game.title}**, turn {session.next_turn}. {line}\n`{position.listing()}`",
            image=await self._image(session, position, seat.side if seat else None, left),
            session_id=session.id,
        )

    async def legal(self, user: User, channel: Channel) -> Reply:
        """The legal turns for the player to move (anyone may ask; shown privately)."""
        try:
            session = await self._active(channel)
        except Refused as refused:
            return refusal(str(refused))
        position = self.position_of(session)
        if position.side_to_move is None:
            return refusal("The game is over.")
        turns = self.legal_turns(session)
        shown = turns[:25]
        more = f"\n... and {len(turns) - 25} more." if len(turns) > 25 else ""
        dice = f" with {format_dice(session.dice)}" if session.dice else ""
        return Reply(
            text=f"{len(turns)} legal turn(s) for {self._who(session, position.side_to_move)}"
                 f"{dice}:\n" + "\n".join(f"`{t}`" for t in shown) + more,
            private=True, session_id=session.id,
        )

    async def record(self, user: User, channel: Channel) -> Reply:
        """The game record as a file (live or the last game here)."""
        session = await self._live(channel) or await self.store.latest_session(channel.id)
        if session is None or session.status in ("challenge", "declined", "expired"):
            return refusal("There is no game record in this channel yet.")
        text = record_text(session, await self.ledger.effective_turns(session.id))
        return Reply(text=f"Game record of session {session.id}.",
                     attachment=(f"{session.game}-{session.id}.txt", text.encode()),
                     session_id=session.id)

    async def resign(self, user: User, channel: Channel) -> Reply:
        try:
            session = await self._active(channel)
        except Refused as refused:
            return refusal(str(refused))
        seat = session.seat_of(user.id)
        if seat is None:
            return refusal("You are not playing in this game.")
        position = self.position_of(session)
        try:
            left = position.resign(seat.side)
        except GameError as exc:
            return refusal(str(exc))
        if left is not None:
            return await self._leave(session, user, seat.side, left)
        others = [s for s in session.seats if s.side != seat.side]
        if len(others) != 1:
            return refusal("This game cannot go on without you; ask a moderator to `/abort` it.")
        winner = others[0]
        result = f"{winner.side} wins ({seat.side} resigned)"
        try:
            await self.store.update_session(session, self.clock(), status="finished",
                                            result=result, dice=[])
        except StaleVersion:
            return refusal(RACE_MESSAGE)
        session = await self.store.session(session.id)
        assert session is not None
        return Reply(
            text=f"{user.name} resigns. {self._who(session, winner.side)} wins."
                 f"{_seed_note(session)}",
            mentions=[winner.user_id],
            image=await self._image(session, self.position_of(session)),
            session_id=session.id,
            buttons=[Button("Rematch", f"rematch:{session.id}", "primary")],
        )

    async def _leave(self, session: Session, user: User, side: str, played: Played) -> Reply:
        """A player leaves a game the others play on (logged as a line of its own).

        The next turn keeps its number and so its dice: the log has no gap."""
        entry = NewTurn(session.next_turn - 1, side, (), played.record, played.moves, user.id,
                        "line")
        try:
            session, after, _ = await self._commit(session, played.position, entry)
        except StaleVersion:
            return refusal(RACE_MESSAGE)
        status_line, mentions = self._status_line(session, after)
        return Reply(text=f"{user.name} resigns and leaves the game. {status_line}",
                     image=await self._image(session, after), mentions=mentions,
                     session_id=session.id, buttons=self._action_buttons(session, after))

    async def abort(self, user: User, channel: Channel) -> Reply:
        """Players may abort before the first turn; a moderator at any time."""
        session = await self._live(channel)
        if session is None:
            return refusal("There is no game in this channel.")
        seat = session.seat_of(user.id)
        started = await self.store.last_turn(session.id) is not None
        if not user.moderator:
            if seat is None:
                return refusal("Only the players (before the first turn) or a moderator "
                               "may abort this game.")
            if started:
                return refusal("The game has started: only a moderator may abort it now "
                               "(you can `/resign`).")
        try:
            await self.store.update_session(session, self.clock(), status="aborted",
                                            result="aborted", dice=[])
        except StaleVersion:
            return refusal(RACE_MESSAGE)
        return Reply(text=f"{user.name} aborted the game.{_seed_note(session)}",
                     session_id=session.id)

    async def games(self, channel: Channel) -> Reply:
        """The guild's active games (for spectators)."""
        sessions = await self.store.sessions(channel.guild_id, statuses=("active",))
        if not sessions:
            return Reply(text="No games are being played here right now.", private=True)
        lines = []
        for s in sessions:
            game = get_game(s.game)
            names = " vs ".join(seat.name for seat in s.seats)
            lines.append(f"<#{s.channel_id}>: {game.title}, {names}, turn {s.next_turn}")
        return Reply(text="\n".join(lines), private=True)

    def rules(self, game_name: str) -> Reply:
        try:
            game = get_game(game_name)
        except GameError as exc:
            return refusal(str(exc))
        return Reply(text=f"**{game.title}**\n{game.rules_text()}\n\n**Notation**\n"
                          f"{game.notation_text()}", private=True)

    def help(self) -> Reply:
        games = ", ".join(available_games())
        return Reply(text=HELP.format(games=games), private=True)


HELP = """**Commands**
`/new GAME @opponent [option=value ...]` challenge someone (games: {games})
`/new GAME` with nobody named opens a lobby: others `/join`, the host `/start`s
`/accept`, `/decline` answer a challenge (and a taunt or vote: `/move accept`, `/move yes`)
`/move TEXT` play your turn, e.g. `/move 24/18 24/19` (the dice are rolled for you)
`/board` show the board, `/legal` list legal turns, `/record` the game record file
`/resign` give up, `/abort` cancel before the first turn (moderators: any time)
`/rules GAME` rules and notation, `/games` games being played here
`/new ... time=3d` (or `time=bank=7d,bonus=1d,cap=14d`) play with a clock; `/mygames` your games
`/claim` win when the opponent's time is up, `/grant 2d` give them more time
`/takeback` ask to undo your last turn (the opponent allows or refuses), `/preview TEXT` try a turn
`/notify mention|dm|none` how you are reminded that it is your turn"""


def _uses_dice(session: Session) -> bool:
    """Whether the game throws dice at all (Che does not: no seed to show)."""
    game = get_game(session.game)
    return game.opening_throw or game.initial(session.options).dice_count() > 0


def _seed_note(session: Session) -> str:
    """The revealed seed, for games with dice, once the game has ended."""
    if not _uses_dice(session):
        return ""
    return f" Dice seed revealed: `{session.seed}` (check with `python -m bot verify`)."


def _entry_text(entry: NewTurn) -> str:
    if entry.kind == "line":
        return f"`{entry.record}`"
    if entry.kind == "amend":
        return f"**{entry.side}** answers: `{entry.record}`"
    passed = " (no legal move: passed)" if entry.actor == "bot" else ""
    return f"**{entry.number}{entry.side}:** `{entry.record}`{passed}"


def _remember(cache: OrderedDict, key: tuple[int, int], value: object, size: int = 256) -> None:
    cache[key] = value
    cache.move_to_end(key)
    while len(cache) > size:
        cache.popitem(last=False)


def _status_of(position: Position) -> tuple[str, str | None]:
    if position.result is not None:
        return "finished", position.result.text
    return "active", None


def _colour(game: Game, session: Session, side: str) -> str:
    for info in game.sides(session.options):
        if info.letter == side:
            return info.colour
    return side


def _clock_text(control: str) -> str:
    return f" with a clock ({control})" if control != "none" else ""


def _options_text(game: Game, options: dict[str, str]) -> str:
    return game.options_text(options)
