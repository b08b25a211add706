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

from bot import pages
from bot.buttons import (
    CHALLENGE,
    CHALLENGE_VERBS,
    FINISHED,
    OLD_ANSWER_BUTTON,
    OLD_TAKEBACK_BUTTON,
    TAKEBACK_VERBS,
    Question,
    challenge_gone,
    parse_question,
    parse_takeback,
    pending_question,
    stale_question,
)
from bot.correspondence import CorrespondenceMixin
from bot.lobby import LobbyMixin, is_lobby
from bot.records import record_text
from bot.replies import RACE_MESSAGE, Button, Channel, Refused, Reply, User, refusal
from bot.turn_events import replayed_events, stored_events
from games import GameError, Played, Position, available_games, get_game
from games.base import Game
from games.dice import commitment, opening_throws, opening_winner, turn_dice
from games.events import events_to_json
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

    # The engine's parse, play and legal-turn listing are CPU work that a hostile text
    # can make long: commands run them in a worker thread (``asyncio.to_thread``) so
    # that other channels are answered meanwhile.  The caches are touched only here,
    # on the event loop.

    async def position_async(self, session: Session) -> Position:
        """``position_of``, parsed off the event loop."""
        key = (session.id, session.version)
        cached = self._positions.get(key)
        if cached is None:
            assert session.position is not None
            cached = await asyncio.to_thread(get_game(session.game).from_listing,
                                             session.position, session.options)
            _remember(self._positions, key, cached)
        return cached

    async def legal_turns_async(self, session: Session) -> list[str]:
        """``legal_turns``, listed off the event loop."""
        key = (session.id, session.version)
        cached = self._legal.get(key)
        if cached is None:
            position = await self.position_async(session)
            cached = await asyncio.to_thread(position.legal_turns, session.dice)
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
        events = stored_events(last)
        if events is None and last is not None:  # a row logged before the log kept events
            turns = await self.ledger.effective_turns(session.id)
            events = await asyncio.to_thread(replayed_events, session, turns, last)
        if left is None:
            left = await self._time_left(session)
        left = left.strip(" —")
        context = RenderContext(
            names=self._names(session),
            dice=session.dice if session.status == "active" else (last.dice if last else ()),
            last_side=last.side if last else None,
            last_moves=last.moves if last else "",
            last_events=events or (),
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
                buttons=[Button("Join", f"join:{session_id}:{CHALLENGE}", "success")],
                session_id=session_id,
            )
        invited = ", ".join(p.mention for p in opponents)
        return Reply(
            text=f"{user.name} challenges {invited} to **{game.title}**"
                 f"{_options_text(game, normalised)}{_clock_text(control)}. Answer with "
                 "`/accept` or `/decline` "
                 f"(expires in {hours:g} h).",
            mentions=[p.id for p in opponents],
            buttons=[Button("Accept", f"accept:{session_id}:{CHALLENGE}", "success"),
                     Button("Decline", f"decline:{session_id}:{CHALLENGE}", "danger")],
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
        turns, position, next_turn, dice = await asyncio.to_thread(
            self._auto_passes, session, position, 1, seed)
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
        if is_lobby(session):
            # In a lobby, declining means giving up one's own seat: only the host (or a
            # moderator) ends the lobby for everyone, with /abort.
            return await self.leave(user, channel)
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
            passes.append(NewTurn(number, side, dice, played.record, played.moves, "bot",
                                  events=events_to_json(played.events)))
            position = played.position
            number += 1
        return passes, position, number, ()

    async def move(
        self, user: User, channel: Channel, text: str, expected_turn: int | None = None,
        question: Question | None = None,
    ) -> Reply:
        """Play a turn for the user's side with the stored dice, or the action
        (taunt answer, vote) the game is waiting for from the user.  ``question``
        (from a button) is the answer the text was meant for: refused if another
        question is pending now."""
        try:
            session, seat = await self._player_in(
                channel, user, "You are not playing in this game; you can watch with `/board`.")
            position = await self.position_async(session)
            if expected_turn is not None and expected_turn != session.next_turn:
                raise Refused(f"That move was written for turn {expected_turn}, but the game "
                               f"is at turn {session.next_turn}. Look at `/board` again.")
            if question is not None and \
                    not question.answered_by(pending_question(session, position)):
                raise Refused(await self._stale_answer(session, question))
            play = self._action if position.action_due() else self._turn
            played, entry = await asyncio.to_thread(play, session, position, seat.side, user,
                                                    text)
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
            buttons = [Button("Rematch", f"rematch:{session.id}:{FINISHED}", "primary")]
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
        passes, after, next_turn, dice = await asyncio.to_thread(
            self._auto_passes, session, position, number, bytes.fromhex(session.seed))
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
        position = await self.position_async(session)
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
                        played.kind, events_to_json(played.events))
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
                               played.moves, user.id, events=events_to_json(played.events))

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
                               user.id, kind, events_to_json(played.events))

    def _action_buttons(self, session: Session, position: Position) -> list[Button]:
        """Buttons for the answer the game now waits for (the engine names the texts);
        each names its question (bot/buttons.py), so it never answers a later one."""
        question = pending_question(session, position)
        if question is None:
            return []
        return [Button(label.capitalize(), f"{label}:{session.id}:{question.tag}",
                       "success" if i == 0 else "danger")
                for i, label in enumerate(position.action_choices())]

    async def press(self, user: User, channel: Channel, action: str) -> Reply:
        """A button: ``<verb>:<session id>:<question>`` (bot/buttons.py).  A button
        whose question is no longer the pending one changes nothing and says why."""
        verb, _, rest = action.partition(":")
        session_text, _, tag = rest.partition(":")
        if verb == "rematch":
            return await self.rematch(user, channel, session_text)
        live = await self._live(channel)  # expires a challenge that timed out
        pressed = await self.store.session(int(session_text)) \
            if session_text.isdigit() and len(session_text) <= 18 else None  # SQLite ints
        if pressed is None or pressed.channel_id != channel.id:
            return refusal("That button belongs to a game that is no longer waiting for it.")
        if verb in CHALLENGE_VERBS and tag in ("", CHALLENGE) and (
                tag or pressed.status == "challenge" or verb in ("join", "start")
                or not await self._taunt_open(pressed)):
            gone = challenge_gone(pressed, verb)
            if gone is not None:
                return refusal(gone)
            return await getattr(self, verb)(user, channel)
        if live is None or live.id != pressed.id or live.status != "active":
            return refusal(_game_gone(pressed))
        if verb in TAKEBACK_VERBS:
            seq = parse_takeback(tag) if tag else await self.ledger.only_undo_request(live.id)
            if seq is None:
                return refusal(OLD_TAKEBACK_BUTTON)
            return await self.takeback_answer(user, channel, verb == "takeback_yes", seq)
        question = parse_question(tag) if tag else await self._old_question(live, verb)
        if question is None:  # an old button: which taunt or vote it answered is unknown
            choices = self.position_of(live).action_choices()
            return refusal(OLD_ANSWER_BUTTON.format(choices="` or `/move ".join(choices))
                           if choices else "That button's question is no longer open. "
                           "Nothing was changed.")
        return await self.move(user, channel, verb, question=question)

    async def _old_question(self, session: Session, verb: str) -> Question | None:
        """The question an untagged answer button (posted before buttons named their
        question) can only have asked, or None when that cannot be told: a game holds
        one vote (at the first placing), so Yes/No answer it; Drop answers a taunt when
        the game raised no other.  An untagged Accept may be the challenge's own button,
        so it never answers a taunt."""
        now = pending_question(session, self.position_of(session))
        if now is None:
            return None
        if now.kind == "v" and verb in ("yes", "no"):
            return now
        if now.kind == "t" and verb == "drop":
            raised = [t for t in await self.store.turns(session.id)
                      if t.kind == "turn" and "T@" in t.record.upper()]
            return now if len(raised) == 1 else None
        return None

    async def _taunt_open(self, session: Session) -> bool:
        """Whether the game waits for an answer (an old, untagged Accept or Decline
        may then be a taunt's button rather than the challenge's)."""
        return session.status == "active" and session.position is not None \
            and self.position_of(session).action_due()

    async def _stale_answer(self, session: Session, question: Question) -> str:
        """Why an answer button no longer applies, from the answers logged at its turn."""
        answers = [t.record for t in await self.store.turns(session.id)
                   if t.number == question.turn and t.kind in ("amend", "line")]
        return stale_question(question, answers)

    async def rematch(self, user: User, channel: Channel, session_text: str = "") -> Reply:
        """Challenge the players of the channel's last finished game again, same game
        and options (the presser is the challenger)."""
        last = await self.store.latest_session(channel.id)
        if last is not None and session_text and str(last.id) != session_text:
            return refusal(_rematch_gone(last))
        if last is None or last.status != "finished":
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
        position = await self.position_async(session)
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
        position = await self.position_async(session)
        if position.side_to_move is None:
            return refusal("The game is over.")
        turns = await self.legal_turns_async(session)
        dice = f" with {format_dice(session.dice)}" if session.dice else ""
        header = (f"{len(turns)} legal turn(s) for "
                  f"{self._who(session, position.side_to_move)}{dice}:")
        return Reply(text=_listed(header, [f"`{t}`" for t in turns]), private=True,
                     session_id=session.id)

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
            buttons=[Button("Rematch", f"rematch:{session.id}:{FINISHED}", "primary")],
        )

    async def _leave(self, session: Session, user: User, side: str, played: Played) -> Reply:
        """A player leaves a game the others play on (logged as a line of its own).

        The next turn keeps its number and so its dice: the log has no gap."""
        entry = NewTurn(session.next_turn - 1, side, (), played.record, played.moves, user.id,
                        "line", events_to_json(played.events))
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
        if is_lobby(session) and not user.moderator and session.created_by != user.id:
            host = session.seats[0].name
            return refusal(f"Only the host ({host}) or a moderator can close this lobby"
                           + ("; `/decline` gives up your seat in it." if seat else "."))
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

    async def games(self, channel: Channel, page: int = 1) -> Reply:
        """The guild's active games (for spectators), a page at a time: one query."""
        found = await self.store.session_page(channel.guild_id, ("active",),
                                              offset=pages.offset(page), limit=pages.PAGE_SIZE)
        if not found.sessions:
            if page > 1:
                first = await self.store.session_page(channel.guild_id, ("active",), limit=1)
                return pages.out_of_range(page, first.total, "games")
            return Reply(text="No games are being played here right now.", private=True)
        rows = []
        for s in found.sessions:
            names = " vs ".join(pages.name(seat.name) for seat in s.seats)
            rows.append(f"<#{s.channel_id}>: {get_game(s.game).title}, {names}, "
                        f"turn {s.next_turn}")
        return pages.paged("Games being played here", rows, page, found.total, "games")

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
`/new GAME` with nobody named opens a lobby: others `/join` (`/decline` gives the seat
up again), the host `/start`s or `/abort`s it
`/accept`, `/decline` answer a challenge (and a taunt or vote: `/move accept`, `/move yes`)
`/move TEXT` play your turn, e.g. `/move 24/18 24/19` (the dice are rolled for you)
`/board` show the board, `/legal` list legal turns, `/record` the game record file
`/resign` give up, `/abort` cancel before the first turn (moderators: any time)
`/rules GAME` rules and notation, `/games` games being played here
`/new ... time=3d` (or `time=bank=7d,bonus=1d,cap=14d`) play with a clock; `/mygames` your games
`/claim` win when the opponent's time is up, `/grant 2d` give them more time
`/takeback` ask to undo your last turn (the opponent allows or refuses), `/preview TEXT` try a turn
`/notify mention|dm|none` how you are reminded that it is your turn"""


def _game_gone(session: Session) -> str:
    """Why an answer button of ``session`` does nothing: the game is not under way."""
    if session.status == "challenge":
        return "That game has not started yet. Nothing was changed."
    if session.status == "finished":
        return f"That game is over ({session.result}). Nothing was changed."
    if session.status == "aborted":
        return "That game was aborted. Nothing was changed."
    return "That game never started. Nothing was changed."


def _rematch_gone(latest: Session) -> str:
    """Why a rematch button of an older game does nothing: ``latest`` came since."""
    if latest.status in ("challenge", "active"):
        return ("A new game has already been offered or started here since that game "
                "(the rematch may be it): see `/board`. Nothing was changed.")
    if latest.status in ("declined", "expired", "aborted"):
        return (f"That rematch offer was already used: the new challenge was "
                f"{latest.status}. Challenge again with `/new`.")
    return ("That rematch offer is for an older game: a later game has finished here "
            "since (use its own Rematch button). Nothing was changed.")


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


#: A listing that fits one Discord message (2,000 characters) with room to spare.
LIST_BUDGET = 1900
LIST_MAX_ROWS = 25


def _listed(header: str, rows: list[str]) -> str:
    """``header`` and as many ``rows`` as fit (at most 25 and ``LIST_BUDGET``
    characters), then "… and N more" for the rest."""
    shown: list[str] = []
    used = len(header)
    for index, row in enumerate(rows):
        rest = len(rows) - index
        tail = len(f"\n… and {rest} more.") if rest > 1 else 0
        if index == LIST_MAX_ROWS or used + 1 + len(row) + tail > LIST_BUDGET:
            return "\n".join([header, *shown, f"… and {rest} more."])
        shown.append(row)
        used += 1 + len(row)
    return "\n".join([header, *shown])


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
