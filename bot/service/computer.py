"""The computer at the table: its turns and answers, hints, and take-backs
against it.

A computer's turn goes through the very path a person's does: ``Turns.move``
with the computer's seat as the user, the turn number and the session version
the decision was made for (a game that moved on meanwhile refuses it, and the
computer looks again), the same commit and the same log.  Thinking happens in
the ``Thinker`` (the bot's process pool, ``bot.computer_pool``); this module
only reads the game, asks, and plays the answer.

``step`` plays one computer action in a channel and returns its reply (None when
no computer has anything to do there, or another process is thinking about it);
``bot.computer_driver`` calls it after every change and after a restart.  Several
processes on one database: before thinking, a step claims the move (a row per
session version, storage/computer.py ``claim_move``), so each computer move is
thought about and played by one process.  A claim whose process has ended (killed
mid-thought; storage/liveness.py) is taken over at once, by a restarted bot or
another process; one older than ``computer_claim_seconds`` too (a process whose end
cannot be told).
"""

from __future__ import annotations

import asyncio
import hashlib
import logging

from bot import clocks
from bot.buttons import pending_question
from bot.catalogue.hints import say_reason
from bot.computer_pool import Thinker, fallback_choice
from bot.computer_seats import SEAT_PREFIX, is_computer_seat, seat_level
from bot.replies import Channel, Refused, Reply, User
from bot.service import texts
from bot.service.context import Context
from bot.service.core import Turns
from bot.service.request import Request
from bot.service.timekeeping import Timekeeper
from bot.service.turn_events import replay_from, replay_position
from computer import Choice, Level
from computer import Request as Thought
from games import GameError, Position
from storage import Seat, Session, SessionStatus, StaleVersion, TurnEntry, TurnKind
from storage.computer import ComputerStore, OutboxRow
from storage.liveness import Liveness

log = logging.getLogger("boardbot.computer")

#: How often a step looks again when the game changed under a decision.
_ATTEMPTS = 4
#: The levels ``/hint`` may ask (``hard`` by default: ``expert`` thinks a few seconds).
HINT_LEVELS = {"hard": Level.HARD, "expert": Level.EXPERT}


def computer_to_act(session: Session, position: Position) -> tuple[Seat, bool] | None:
    """The computer seat the game waits for now and whether it is to answer (a
    taunt, a vote) rather than to play a turn; None when a person is awaited."""
    if session.status != SessionStatus.ACTIVE or position.result is not None:
        return None
    if position.action_due():
        for side in position.actors():
            seat = session.seat_for_side(side)
            if seat is not None and is_computer_seat(seat.user_id):
                return seat, True
        return None
    mover = position.side_to_move
    seat = session.seat_for_side(mover) if mover else None
    if seat is not None and is_computer_seat(seat.user_id):
        return seat, False
    return None


def decision_seed(session: Session, side: str, answering: bool) -> int:
    """The seed of a decision's randomness: from the session's (secret) seed, the
    turn and the side, so a decision can be reproduced once the seed is revealed
    and cannot be foreseen before."""
    text = f"{session.seed}:computer:{session.next_turn}:{side}:{int(answering)}"
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def request_for(session: Session, position: Position, side: str, level: Level,
                answering: bool, seed: int | None = None) -> Thought:
    """What the thinker needs, as plain values."""
    return Thought(game=session.game, options=tuple(sorted(session.options.items())),
                   listing=position.listing(), dice=() if answering else session.dice,
                   level=level, seed=decision_seed(session, side, answering)
                   if seed is None else seed, side=side)


class ComputerPlayers:
    """Computer turns and answers, hints, take-backs against the computer."""

    def __init__(self, ctx: Context, turns: Turns, timekeeper: Timekeeper,
                 thinker: Thinker) -> None:
        self.ctx = ctx
        self.turns = turns
        self.timekeeper = timekeeper
        self.thinker = thinker
        self.store = ComputerStore(ctx.store)
        #: This process's start (its name on its claims; several processes share one
        #: database) and how it tells that another's has ended.
        self.liveness = Liveness(ctx.store)
        self.owner = self.liveness.start_id

    # -- playing ----------------------------------------------------------------------

    async def step(self, req: Request, channel: Channel) -> Reply | None:
        """Play one action of a computer the game in ``channel`` waits for; its reply,
        or None when no computer is awaited there."""
        for _ in range(_ATTEMPTS):
            session = await self.turns.current(req, channel)
            if session is None or session.status != SessionStatus.ACTIVE:
                return None
            position = await self.ctx.position_async(session)
            due = computer_to_act(session, position)
            if due is None:
                return None
            seat, answering = due
            # One process thinks about each move (a claim per session version); the
            # others leave it, unless its process has ended (killed mid-thought: a
            # restart goes on at once) or the claim is so old that it must have.
            await self.liveness.present()
            now = self.ctx.clock()
            if not await self.store.claim_move(
                    session.id, session.version, self.owner, now,
                    now - self.ctx.config.computer_claim_seconds, self.liveness.gone):
                return None
            level = seat_level(seat.user_id) or Level.NORMAL
            request = request_for(session, position, seat.side, level, answering)
            choice = await (self.thinker.answer(request) if answering
                            else self.thinker.decide(request))
            reply = await self._play(req, channel, session, position, seat, request, choice,
                                     answering)
            if reply is not None:
                return reply
        log.warning("computer gave up a step in channel %s: the game kept changing",
                    channel.id)
        return None

    async def _play(self, req: Request, channel: Channel, session: Session, position: Position,
                    seat: Seat,
                    request: Thought, choice: Choice, answering: bool) -> Reply | None:
        """Play ``choice`` through the turn path; None when the game moved on meanwhile
        (look again).  A choice the engine refuses (a strategy bug) is logged and a
        legal one played instead."""
        user = User(seat.user_id, seat.name)
        question = pending_question(session, position) if answering else None
        for attempt in (choice, None):
            if attempt is None:
                attempt = await asyncio.to_thread(fallback_choice, request, answering)
            try:
                # no command waits for this reply: noted in the outbox with the turn,
                # so that a process killed before posting it leaves the post to the next
                return await self.turns.move(req, user, channel, attempt.text, session.next_turn,
                                             question, version=session.version,
                                             post_by=self.owner)
            except StaleVersion:
                return None
            except Refused as refused:
                fresh = await self.turns.live(channel)
                if fresh is None or fresh.version != session.version:
                    return None  # the game moved on: not the choice's fault
                if attempt.fallback:
                    log.error("computer's fall-back %r refused in session %s: %s",
                              attempt.text, session.id, refused)
                    return None
                log.error("computer chose %r in session %s and the engine refused it (%s); "
                          "playing a legal move instead", attempt.text, session.id, refused)
        return None

    # -- hints ------------------------------------------------------------------------

    async def hint(self, req: Request, user: User, channel: Channel, level: str = "hard"
                   ) -> Reply:
        """The ``hard`` level's choice (or ``expert``'s, asked) for the player to move
        (or to answer), privately, with the reason in words; the game is marked as
        hinted."""
        chosen = HINT_LEVELS.get(level.strip().lower())
        if chosen is None:
            raise Refused(req.mine("hint_level", level=level[:20]))
        session, seat = await self.turns.player_in(req, channel, user,
                                                   req.mine("hint_watching"))
        position = await self.ctx.position_async(session)
        answering = position.action_due()
        if answering:
            if seat.side not in position.actors():
                waiting = ", ".join(texts.who(session, s, req.user_lang) for s in position.actors())
                raise Refused(req.mine("hint_not_waiting", waiting=waiting))
        elif position.side_to_move != seat.side:
            raise Refused(req.mine("hint_not_turn",
                                   who=texts.who(session, position.side_to_move or "?",
                                                 req.user_lang)))
        request = request_for(session, position, seat.side, chosen, answering)
        choice = await (self.thinker.answer(request) if answering
                        else self.thinker.decide(request))
        await self.store.add_hint(session.id, user.id, user.name, session.next_turn,
                                  self.ctx.clock())
        verb = req.mine("hint_answer" if answering else "hint_play")
        reason = say_reason(req.user_lang, choice.reason).strip().rstrip(".")
        why = req.mine("hint_why", reason=reason) if reason and not choice.fallback else "."
        return Reply(
            text=req.mine("hint", turn=session.next_turn, verb=verb, text=choice.text, why=why,
                          level=chosen.value),
            private=True, session_id=session.id)

    # -- take-backs -------------------------------------------------------------------

    async def takeback(self, req: Request, user: User, channel: Channel) -> Reply | None:
        """A take-back asked in a game where everyone else is a computer: the user's
        last turn and the computer's replies after it are undone at once in a casual
        game (no clock); refused by the computer in a game with a clock.  None when
        people are to answer (the ordinary request)."""
        session, _seat = await self.turns.player_in(req, channel, user)
        others = [s for s in session.seats if s.user_id != user.id]
        if not others or not all(is_computer_seat(s.user_id) for s in others):
            return None
        turns = await self.ctx.ledger.effective_turns(session.id)
        mine = [i for i, t in enumerate(turns) if t.kind == TurnKind.TURN and t.actor == user.id]
        if not mine:
            return None  # nothing of theirs to take back: the ordinary refusal says so
        index = mine[-1]
        undone = turns[index:]
        if any(t.actor != "bot" and not is_computer_seat(t.actor) for t in undone[1:]):
            return None
        computer = others[0]
        if not await self._casual(session):
            raise Refused(req.mine("computer_no_takeback", computer=computer.name))
        before = await asyncio.to_thread(_rewound_to, session, turns, index)
        if before is None:
            raise Refused(req.mine("takeback_cannot"))
        turn = turns[index]
        now = self.ctx.clock()
        await self.store.undo_entries(
            session, [t.seq for t in undone], user.id, computer.user_id, now,
            position=before.listing(), next_turn=turn.number, dice=list(turn.dice))
        session = await self.turns.reread(session)
        line, mentions = texts.status_line(session, before, await self.ctx.time_left(req, session),
                                           lang=req.channel_lang)
        replies = len(undone) - 1
        also = req.public("takeback_also", count=replies) if replies else ""
        image, words = await self.ctx.board_image(session, before, req)
        return Reply(
            text=req.public("computer_takeback", user=user.name,
                             turn=f"{turn.number}{turn.side}", record=turn.record, also=also,
                             computer=computer.name, status=line),
            image=image, image_description=words, mentions=mentions,
            session_id=session.id)

    async def _casual(self, session: Session) -> bool:
        """A game without a clock."""
        row = await self.ctx.ledger.clock(session.id)
        return row is None or not clocks.parse_stored(row.control).enabled

    # -- the outbox -----------------------------------------------------------------

    async def posted(self, reply: Reply) -> None:
        """``reply`` (a computer's turn) was posted: its outbox row goes."""
        if reply.posts is not None and reply.session_id is not None:
            await self.store.posted(reply.session_id, reply.posts)

    async def unposted(self) -> list[OutboxRow]:
        """The computer turns to post now (taken out of the outbox): those a process
        that ended committed and never posted, and those whose post failed
        ``computer_repost_seconds`` ago or more."""
        await self.liveness.present()
        return await self.store.take_posts(
            self.owner, self.liveness.gone,
            self.ctx.clock() - self.ctx.config.computer_repost_seconds)

    async def late_reply(self, req: Request, row: OutboxRow) -> tuple[Channel, Reply] | None:
        """The reply of a computer turn posted late: a note saying so, the turn's
        entries told as when it was played, the game as it stands now."""
        session = await self.ctx.store.session(row.session_id)
        if session is None:
            return None
        entries = [t for t in await self.ctx.store.turns(session.id)
                   if row.first_seq <= t.seq < row.first_seq + row.entries]
        position = await self.ctx.position_async(session)
        left = await self.ctx.time_left(req, session)
        line, mentions = texts.status_line(session, position, left, lang=req.channel_lang) \
            if session.status == SessionStatus.ACTIVE else ("", [])
        lang = req.channel_lang
        text = "\n".join([req.public("computer_late"),
                          *(texts.entry_text(t, session, lang) for t in entries),
                          *([line] if line else [])])
        image, words = await self.ctx.board_image(session, position, req, left=left)
        return (Channel(id=session.channel_id, guild_id=session.guild_id),
                Reply(text=text, image=image, image_description=words, mentions=mentions,
                      session_id=session.id))

    # -- after a restart ------------------------------------------------------------

    async def channels(self) -> list[Channel]:
        """The channels of the active games that seat a computer."""
        rows = await self.store.computer_sessions(SEAT_PREFIX)
        return [Channel(id=channel_id, guild_id=guild_id) for _, channel_id, guild_id in rows]


def _rewound_to(session: Session, turns: list[TurnEntry], index: int) -> Position | None:
    """The position before ``turns[index]``, or None when the log does not replay to
    the stored position (a take-back must never store anything else)."""
    try:
        before = replay_position(session, turns[:index])
        after, _ = replay_from(before, turns[index:])
    except GameError:
        return None
    return before if after.listing() == session.position else None

