"""The turn path: finding the game, playing a turn or an answer, forced passes,
the commit (log, position, dice, clock in one transaction), a game's start.

``move`` and ``preview`` share ``_played``: parse and play off the event loop;
``move`` then commits, ``preview`` shows the result privately and stops.
"""

from __future__ import annotations

import asyncio
import re
from dataclasses import dataclass

from bot.actions import Answer, Pick, Rematch, Verb, encode
from bot.buttons import Question, pending_question, stale_question
from bot.catalogue.engine import error_for_user
from bot.replies import Button, Channel, Refused, Reply, User
from bot.service import texts
from bot.service.context import Context
from bot.service.late_taunt import LateTaunts
from bot.service.request import Request
from bot.service.timekeeping import Handover, Timekeeper
from games import GameError, Played, Position, QuestionKind, get_game
from games.dice import opening_throws, opening_winner, turn_dice
from games.events import events_to_json
from games.notation import format_dice
from games.outcome import Outcome
from renderer import RenderContext
from renderer.describe import describe
from storage import NewTurn, Seat, Session, SessionStatus, StaleVersion, TurnEntry, TurnKind
from storage.computer import outbox_statement
from storage.store import Appended


@dataclass(frozen=True)
class Committed:
    """What ``Turns.commit`` did: the session as changed, the position after the
    forced passes, the turns logged (as asked and as written, with their log
    numbers) and the time-left text of the clock as handed over."""

    session: Session
    position: Position
    logged: list[NewTurn]
    entries: list[TurnEntry]
    left: str


class Turns:
    """The game under way in a channel and the changes that play it."""

    def __init__(self, ctx: Context, clock: Timekeeper) -> None:
        self.ctx = ctx
        self.timekeeper = clock
        #: the Taunt buttons offered under a turn's reply, and their presses
        self.late_taunts = LateTaunts(ctx, self)

    # -- finding the game -------------------------------------------------------------

    async def live(self, channel: Channel) -> Session | None:
        """The channel's live session, after expiring a challenge that timed out."""
        store, now = self.ctx.store, self.ctx.clock()
        session = await store.live_session(channel.id)
        if session and session.status == SessionStatus.CHALLENGE \
                and session.expires_at is not None and now > session.expires_at:
            try:
                await store.update_session(session, now, status=SessionStatus.EXPIRED)
            except StaleVersion:
                pass
            return await store.live_session(channel.id)
        return session

    async def current(self, req: Request, channel: Channel) -> Session | None:
        """The live session as the next command would see it: an expired challenge
        expired and an overdue answer or vote settled."""
        session = await self.live(channel)
        if session is not None and session.status == SessionStatus.ACTIVE:
            session = await self._settle_overdue_answer(req, session)
        return session

    async def active(self, req: Request, channel: Channel) -> Session:
        session = await self.current(req, channel)
        if session is None:
            raise Refused(req.mine("no_game"))
        if session.status == SessionStatus.CHALLENGE:
            raise Refused(req.mine("not_started"))
        if session.status != SessionStatus.ACTIVE:
            raise Refused(req.mine("game_over_refusal",
                                   result=texts.result_named(session, req.user_lang)))
        return session

    async def player_in(self, req: Request, channel: Channel, user: User,
                        outsider: str | None = None
                        ) -> tuple[Session, Seat]:
        """The active game here and the user's seat in it (``Refused`` with
        ``outsider`` for a watcher, by default "not playing")."""
        session = await self.active(req, channel)
        seat = session.seat_of(user.id)
        if seat is None:
            raise Refused(outsider or req.mine("not_playing"))
        return session, seat

    async def reread(self, session: Session) -> Session:
        fresh = await self.ctx.store.session(session.id)
        assert fresh is not None
        return fresh

    # -- the commit -----------------------------------------------------------------

    def auto_passes(self, session: Session, position: Position, number: int, seed: bytes
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

    async def commit(self, req: Request, session: Session, position: Position, entry: NewTurn,
                     post_by: str | None = None) -> Committed:
        """Log ``entry`` (which led to ``position``), play the forced passes after it,
        roll the next dice and hand the clock over: one transaction.  Returns the
        session as changed, the position after the passes, everything logged and
        the time-left text; raises StaleVersion when another change got there first.
        ``post_by``: no command waits for this change's reply (a computer's turn): the
        process start that is to post it, noted in the outbox in the same transaction
        (storage/computer.py ``outbox_statement``), so that a process killed before
        posting leaves the post to the next."""
        number = session.next_turn + (1 if entry.kind == TurnKind.TURN else 0)
        passes, after, next_turn, dice = await asyncio.to_thread(
            self.auto_passes, session, position, number, bytes.fromhex(session.seed))
        logged = [entry, *passes]
        status, result, outcome = _status_of(after)
        handover = await self.timekeeper.handover(session, after, next_turn)
        now = self.ctx.clock()
        extra = list(handover.statements)
        if post_by is not None:
            extra.append(outbox_statement(session, len(logged), post_by, now))
        appended = await self.ctx.store.append_turns(
            session, logged, now, status=status, position=after.listing(),
            next_turn=next_turn, dice=list(dice), result=result, outcome=outcome, extra=extra,
        )
        return await self._committed(req, appended, after, logged, handover)

    async def commit_leaving(self, req: Request, session: Session, actor_id: str, side: str,
                             played: Played) -> tuple[Committed, bytes | None, str]:
        """Log ``side`` leaving a game the others play on (a resignation, a silent
        player's claim): a line of its own, so the next turn keeps its number and
        its dice and the log has no gap.  Returns the commit and the new board
        (picture, words)."""
        entry = NewTurn(session.next_turn - 1, side, (), played.record, played.moves, actor_id,
                        TurnKind.LINE, events_to_json(played.events))
        done = await self.commit(req, session, played.position, entry)
        image, words = await self.ctx.board_image(done.session, done.position, req, left=done.left)
        return done, image, words

    async def _committed(self, req: Request, appended: Appended, after: Position,
                         logged: list[NewTurn],
                         handover: Handover) -> Committed:
        changed = appended.session
        self.ctx.committed(changed, after, appended.entries)
        left = handover.left(changed, self.ctx.clock(), req.channel_lang) if handover.known \
            else await self.ctx.time_left(req, changed)
        return Committed(changed, after, logged, appended.entries, left)

    async def begin(self, req: Request, session: Session) -> Reply:
        """Start an accepted challenge or a full lobby: the opening throw (if the game
        has one), the first dice and any forced passes, the clock."""
        game = get_game(session.game)
        seed = bytes.fromhex(session.seed)
        sides = game.sides(session.options)
        opening: list[tuple[int, ...]] = []
        intro = ""
        if game.opening_throw:
            opening = opening_throws(seed, session.id, len(sides))
            first = sides[opening_winner(opening)].letter
            throws = "; ".join(
                ", ".join(f"{texts.colour(game, session, s.letter, req.channel_lang)} {d}"
                          for s, d in zip(sides, r, strict=True))
                for r in opening)
            intro = req.public("opening_throw", throws=throws)
        else:
            first = game.first_mover(session.options)
        start = game.initial(session.options, first)
        turns, position, next_turn, dice = await asyncio.to_thread(
            self.auto_passes, session, start, 1, seed)
        status, result, outcome = _status_of(position)
        handover = await self.timekeeper.handover(session, position, next_turn, start=True)
        appended = await self.ctx.store.append_turns(
            session, turns, self.ctx.clock(), status=status, position=position.listing(),
            initial_position=start.listing(), next_turn=next_turn, dice=list(dice),
            opening=[list(r) for r in opening], result=result, outcome=outcome, expires_at=None,
            extra=handover.statements,
        )
        done = await self._committed(req, appended, position, turns, handover)
        session, left = done.session, done.left
        line, mentions = texts.status_line(session, position, left, lang=req.channel_lang)
        passes = "".join(texts.entry_text(t, session, req.channel_lang) + "\n" for t in turns)
        note = texts.commitment_note(session, req.channel_lang)
        text = f"{req.public('begins', title=game.title)}{intro}{note}{passes}{line}"
        image, words = await self.ctx.board_image(session, position, req, left=left)
        return Reply(text=text, image=image, image_description=words,
                     mentions=mentions, session_id=session.id,
                     buttons=self.action_buttons(req, session, position))

    # -- a turn or an answer ----------------------------------------------------------

    async def _played(self, req: Request, user: User, channel: Channel, text: str,
                      expected_turn: int | None = None, question: Question | None = None,
                      version: int | None = None) -> tuple[Session, Seat, Played, NewTurn]:
        """The user's turn (or the answer the game waits for) parsed and played on the
        current position, not yet saved; ``Refused`` says why it cannot be played.
        ``version``: the session version the turn was chosen for (the computer's)."""
        session, seat = await self.player_in(req, channel, user,
                                             req.mine("not_playing_watch"))
        if version is not None and version != session.version:
            raise Refused(req.mine("changed_since"))
        position = await self.ctx.position_async(session)
        if expected_turn is not None and expected_turn != session.next_turn:
            raise Refused(req.mine("wrong_turn", expected=expected_turn,
                                   now=session.next_turn))
        if question is not None and \
                not question.answered_by(pending_question(session, position)):
            raise Refused(await self.stale_answer(req, session, question))
        play = _action if position.action_due() else _turn
        # off the event loop: a hostile text may make the engine work for long
        played, entry = await asyncio.to_thread(play, req, session, position, seat.side, user, text)
        return session, seat, played, entry

    async def answer_in_words(self, req: Request, user: User, channel: Channel, session: Session,
                              agree: bool) -> Reply:
        """``/accept`` or ``/decline`` during a game: the answer to the taunt or vote
        waiting for this player (accept or drop, yes or no), or exactly what to type."""
        position = await self.ctx.position_async(session)
        question = position.question()
        seat = session.seat_of(user.id)
        if question is None or question.kind == QuestionKind.ANSWER:
            mover = position.side_to_move
            turn = req.mine("to_move_hint", who=texts.who(session, mover, req.user_lang)) \
                if mover else ""
            raise Refused(req.mine("nothing_to_answer", turn=turn))
        noun = get_game(session.game).question_nouns.get(question.kind, "question")
        if seat is None or seat.side not in position.actors():
            waiting = ", ".join(texts.who(session, s, req.user_lang) for s in position.actors())
            raise Refused(req.mine("answer_not_yours", noun=texts.noun(noun, req.user_lang),
                                   waiting=waiting))
        choices = position.action_choices()
        return await self.move(req, user, channel, choices[0] if agree else choices[-1],
                               question=pending_question(session, position))

    async def move(self, req: Request, user: User, channel: Channel, text: str,
                   expected_turn: int | None = None, question: Question | None = None,
                   version: int | None = None, post_by: str | None = None) -> Reply:
        """Play a turn for the user's side with the stored dice, or the answer the
        game is waiting for from the user.  ``question``
        (from a button) is the answer the text was meant for: refused if another
        question is pending now.  ``version``: see ``_played``; ``post_by``: see
        ``commit``."""
        return (await self.moved(req, user, channel, text, expected_turn, question, version,
                                 post_by))[0]

    async def moved(self, req: Request, user: User, channel: Channel, text: str,
                    expected_turn: int | None = None, question: Question | None = None,
                    version: int | None = None, post_by: str | None = None
                    ) -> tuple[Reply, Session]:
        """``move``, and the session as the move left it (so that the caller knows
        whether it ended the game without reading it again)."""
        turned, _seat, played, entry = await self._played(req, user, channel, text,
                                                          expected_turn, question, version)
        done = await self.commit(req, turned, played.position, entry, post_by)
        session, after, logged, left = done.session, done.position, done.logged, done.left
        status_line, mentions = texts.status_line(session, after, left, lang=req.channel_lang)
        buttons = self.action_buttons(req, session, after)
        # a turn that bumped: the mover may still taunt (bot/service/late_taunt.py)
        taunts, offered = await self.late_taunts.offer(req, turned, session, after, done.entries)
        buttons += taunts
        if offered:
            status_line = f"{offered}\n{status_line}"
        record = None
        if session.status == SessionStatus.FINISHED:
            status_line += texts.seed_note(session, req.channel_lang)
            buttons = [rematch_button(req, session)]
            # the game's record goes with its ending, ready for `verify` and `replay`
            record = await self.ctx.record_file(session)
        lang = req.channel_lang
        image, words = await self.ctx.board_image(session, after, req, left=left)
        return Reply(text="\n".join([*(texts.entry_text(t, session, lang) for t in logged),
                                      status_line]),
                     image=image, image_description=words, mentions=mentions,
                     session_id=session.id, buttons=buttons, attachment=record,
                     posts=session.version if post_by is not None else None), session

    async def preview(self, req: Request, user: User, channel: Channel, text: str) -> Reply:
        """What a turn would do, privately, with its picture; nothing is played."""
        session, seat, played, _ = await self._played(req, user, channel, text)
        context = RenderContext(
            names=texts.names(session), dice=session.dice, last_side=seat.side,
            last_moves=played.moves, last_events=played.events,
            viewer=await self.ctx.private_viewer(session, user.id, seat.side),
            width=await self.ctx.private_width(user.id),
            theme=await self.ctx.theme_for(session.guild_id, user.id),
            footer=req.mine("preview_footer"), language=req.user_lang)
        return Reply(
            text=req.mine("preview", record=played.record, listing=played.position.listing(),
                          moves=played.moves),
            image=await self.ctx.draw(played.position, context),
            image_description=describe(played.position, context), private=True,
            session_id=session.id)

    async def _settle_overdue_answer(self, req: Request, session: Session) -> Session:
        """An answer left waiting past ``answer_seconds`` is settled with the refusing
        choice (the game's last listed one), played by the bot; checked lazily, like
        challenge expiry, whenever the game is looked at."""
        position = await self.ctx.position_async(session)
        if not position.action_due() or not position.action_choices():
            return session
        last = await self.ctx.store.last_turn(session.id, kinds=tuple(TurnKind))
        if last is None or self.ctx.clock() - last.played_at < self.ctx.config.answer_seconds:
            return session
        side = position.actors()[0]
        try:
            played = position.play_action(position.action_choices()[-1], side)
        except GameError:
            return session
        entry = NewTurn(session.next_turn - 1, side, (), played.record, played.moves, "bot",
                        played.kind, events_to_json(played.events))
        try:
            session = (await self.commit(req, session, played.position, entry)).session
        except StaleVersion:
            return await self.reread(session)
        return await self._settle_overdue_answer(req, session)  # several voters may be late

    def action_buttons(self, req: Request, session: Session, position: Position) -> list[Button]:
        """Buttons for the answer the game now waits for (the engine names the texts);
        each names its question (bot/buttons.py), so it never answers a later one."""
        question = pending_question(session, position)
        if question is None:
            # a turn is due: the Play button opens the picker (bot/service/picking.py)
            if session.status == SessionStatus.ACTIVE and position.side_to_move is not None:
                return [Button(req.public("button_play"),
                               encode(Pick(Verb.PLAY, session.id, session.version)), "primary")]
            return []
        return [Button(texts.answer_label(label, req.channel_lang),
                       encode(Answer(label, session.id, question)),
                       "success" if i == 0 else "danger")
                for i, label in enumerate(position.action_choices())]

    async def stale_answer(self, req: Request, session: Session, question: Question) -> str:
        """Why an answer button no longer applies, from the answers logged at its turn."""
        answers = [(t.side, t.record) for t in await self.ctx.store.turns(session.id)
                   if t.number == question.turn and t.kind in (TurnKind.AMEND, TurnKind.LINE)]
        return stale_question(question, answers, get_game(session.game).question_nouns,
                              req.user_lang)


def rematch_button(req: Request, session: Session) -> Button:
    return Button(req.public("button_rematch"), encode(Rematch(session.id)), "primary")


#: An answer to a taunt or vote as players type it (CheeseGambit's ``play_action``
#: words, and /accept's and /decline's names): never a move in any game's notation.
_ANSWER = re.compile(r"(?i)(?:accept|take|drop|decline|yes|no|vote\s+\S+\s+(?:yes|no))")


def _turn(req: Request, session: Session, position: Position, side: str, user: User, text: str
          ) -> tuple[Played, NewTurn]:
    if position.side_to_move != side:
        raise Refused(req.mine("not_your_turn",
                               who=texts.who(session, position.side_to_move or '?', req.user_lang)))
    if _ANSWER.fullmatch(text.strip()):
        # the engine would read an answer as a move ("expected a square"): say what it is
        dice = req.mine("with_dice", dice=format_dice(session.dice)) if session.dice else ""
        raise Refused(req.mine("answer_not_due", text=text.strip()[:20], dice=dice))
    try:
        played = position.play(text, session.dice)
    except GameError as exc:
        raise Refused(req.mine("not_playable", text=text.strip(),
                               error=error_for_user(exc, req.user_lang))) from exc
    return played, NewTurn(session.next_turn, side, session.dice, played.record,
                           played.moves, user.id, events=events_to_json(played.events))


def _action(req: Request, session: Session, position: Position, side: str, user: User, text: str
            ) -> tuple[Played, NewTurn]:
    if side not in position.actors():
        waiting = ", ".join(texts.who(session, s, req.user_lang) for s in position.actors())
        raise Refused(req.mine("waiting_not_you", waiting=waiting))
    try:
        played = position.play_action(text, side)
    except GameError as exc:
        raise Refused(req.mine("not_an_answer", text=text.strip(),
                               error=error_for_user(exc, req.user_lang))) from exc
    # An action belongs to the turn just played: same number, no dice.
    return played, NewTurn(session.next_turn - 1, side, (), played.record, played.moves,
                           user.id, played.kind, events_to_json(played.events))


def _status_of(position: Position) -> tuple[SessionStatus, str | None, Outcome | None]:
    """The session's status, result text and outcome after ``position`` (the engine's
    own text and outcome once it has ended the game)."""
    if position.result is not None:
        return SessionStatus.FINISHED, position.result.text, position.result.outcome
    return SessionStatus.ACTIVE, None, None
