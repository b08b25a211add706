"""Buttons and menus: their ids decoded once (bot/actions.py) and routed by verb to
the command they stand for, through one table.  A button whose question is no longer
the pending one changes nothing and says why."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from typing import Any

from bot.actions import (
    Action,
    ActionError,
    Answer,
    Challenge,
    Drill,
    Entry,
    GamesPage,
    HistoryPage,
    Lesson,
    Pick,
    Rematch,
    Resign,
    ReviewAt,
    Show,
    Takeback,
    Taunt,
    Verb,
    decode,
)
from bot.buttons import Question, challenge_gone, pending_question
from bot.replies import Channel, Refused, Reply, User
from bot.service import texts
from bot.service.context import Context
from bot.service.core import Turns
from bot.service.correspondence import Correspondence
from bot.service.everywhere import Everywhere
from bot.service.history import History
from bot.service.learning import Learning
from bot.service.lobby import Lobby
from bot.service.picking import Picking
from bot.service.request import Request
from bot.service.resign import Resignation
from bot.service.tournaments import Tournaments
from storage import Session, SessionStatus, TurnKind

#: A press's handler: the presser, where, and the decoded action of its verb.
Handler = Callable[[Request, User, Channel, Any], Awaitable[Reply]]


class Presses:
    def __init__(self, ctx: Context, turns: Turns, lobby: Lobby,
                 correspondence: Correspondence, resignation: Resignation,
                 picking: Picking, learning: Learning, history: History,
                 everywhere: Everywhere, tournaments: Tournaments,
                 review: Handler | None = None, drill: Handler | None = None) -> None:
        self.ctx = ctx
        self.everywhere = everywhere
        self.tournaments = tournaments
        self.review = review
        self.drill = drill
        self.history = history
        self.learning = learning
        self.picking = picking
        self.resignation = resignation
        self.turns = turns
        self.lobby = lobby
        self.correspondence = correspondence
        #: Every verb's handler (a test checks that no verb is left without one).
        self.handlers: Mapping[Verb, Handler] = {
            Verb.REMATCH: self._rematch,
            Verb.HISTORY: self._history,
            Verb.REVIEW: self._review,
            Verb.DRILL: self._drill, Verb.DRILLOK: self._drill,
            **dict.fromkeys((Verb.LEARN, Verb.LEARNX, Verb.LEARNNEW), self._lesson),
            **dict.fromkeys((Verb.PLAY, Verb.PICK, Verb.PICKOK, Verb.PICKNO), self._pick),
            **dict.fromkeys((Verb.ACCEPT, Verb.DECLINE, Verb.JOIN, Verb.START),
                            self._challenge),
            Verb.RESIGN: self._resign, Verb.RESIGN_MATCH: self._resign,
            Verb.TAUNT: self._taunt,
            Verb.TAKEBACK_YES: self._takeback, Verb.TAKEBACK_NO: self._takeback,
            Verb.ANSWER: self._answer,
            Verb.SHOW: self._show,
            Verb.MYGAMES: self._games_page,
            Verb.TJOIN: self._entry, Verb.TLEAVE: self._entry,
        }

    async def press(self, req: Request, user: User, channel: Channel, action: str) -> Reply:
        try:
            pressed = decode(action)
        except ActionError as exc:
            raise Refused(req.mine(exc.key)) from exc
        return await self.handlers[pressed.verb](req, user, channel, pressed)

    # -- what needs no game here ---------------------------------------------------------

    async def _entry(self, req: Request, user: User, channel: Channel, action: Entry) -> Reply:
        """Join or Leave under a tournament's sign-up (that tournament's)."""
        if action.join:
            return await self.tournaments.join(req, action.tournament)
        return await self.tournaments.leave(req, action.tournament)

    async def _rematch(self, req: Request, user: User, channel: Channel, action: Rematch) -> Reply:
        return await self.lobby.rematch(req, user, channel, action.session)

    async def _history(self, req: Request, user: User, channel: Channel,
                       action: HistoryPage) -> Reply:
        return await self.history.press(req, user, channel, action)

    async def _review(self, req: Request, user: User, channel: Channel, action: ReviewAt
                      ) -> Reply:
        if self.review is None:  # (a service built without its review part)
            raise Refused(req.mine("review_old_button"))
        return await self.review(req, user, channel, action)

    async def _drill(self, req: Request, user: User, channel: Channel, action: Drill) -> Reply:
        if self.drill is None:  # (a service built without its training part)
            raise Refused(req.mine("drill_old_button"))
        return await self.drill(req, user, channel, action)

    async def _lesson(self, req: Request, user: User, channel: Channel, action: Lesson) -> Reply:
        return await self.learning.press(req, user, channel, action)

    async def _pick(self, req: Request, user: User, channel: Channel, action: Pick) -> Reply:
        return await self.picking.press(req, user, channel, action)

    async def _show(self, req: Request, user: User, channel: Channel, action: Show) -> Reply:
        """A Board button of the list of one's games (``channel``: the game's own)."""
        return await self.everywhere.board(req, action.session)

    async def _games_page(self, req: Request, user: User, channel: Channel,
                          action: GamesPage) -> Reply:
        """Previous/Next under the list of one's games across servers."""
        return await self.everywhere.my_games(req, action.page)

    # -- what answers this channel's game ------------------------------------------------

    async def _pressed(self, req: Request, channel: Channel, action: Action
                       ) -> tuple[Session, Session | None]:
        """The session a button names (refused unless it is this channel's) and the
        channel's live one (None: none)."""
        live = await self.turns.live(channel)  # expires a challenge that timed out
        pressed = await self.ctx.store.session(action.session)
        if pressed is None or pressed.channel_id != channel.id:
            raise Refused(req.mine("button_no_game"))
        return pressed, live

    async def _live(self, req: Request, channel: Channel, action: Action) -> Session:
        """The channel's active game, which the button must name."""
        pressed, live = await self._pressed(req, channel, action)
        if live is None or live.id != pressed.id or live.status != SessionStatus.ACTIVE:
            raise Refused(texts.game_gone(pressed, req.user_lang))
        return live

    async def _challenge(self, req: Request, user: User, channel: Channel,
                         action: Challenge) -> Reply:
        pressed, live = await self._pressed(req, channel, action)
        # an untagged Accept or Decline (posted before tags) may be a raise's button
        # rather than the challenge's: it is the challenge's while one is open, or while
        # the game waits for no answer (then it says why it does nothing)
        if not action.tagged and action.verb in (Verb.ACCEPT, Verb.DECLINE) \
                and pressed.status != SessionStatus.CHALLENGE and self._answer_open(pressed):
            return await self._answer(req, user, channel,
                                      Answer(action.verb.value, action.session, None))
        gone = challenge_gone(pressed, action.verb, req.user_lang)
        if gone is not None:
            raise Refused(gone)
        command = {Verb.ACCEPT: self.lobby.accept, Verb.DECLINE: self.lobby.decline,
                   Verb.JOIN: self.lobby.join, Verb.START: self.lobby.start}[action.verb]
        return await command(req, user, channel)

    async def _resign(self, req: Request, user: User, channel: Channel, action: Resign) -> Reply:
        await self._live(req, channel, action)
        return await self.resignation.resign(req, user, channel, action.whole_match)

    async def _taunt(self, req: Request, user: User, channel: Channel, action: Taunt) -> Reply:
        live = await self._live(req, channel, action)
        return await self.turns.late_taunts.press(req, user, channel, live, action)

    async def _takeback(self, req: Request, user: User, channel: Channel,
                        action: Takeback) -> Reply:
        live = await self._live(req, channel, action)
        seq = action.seq if action.seq is not None \
            else await self.ctx.ledger.only_undo_request(live.id)
        if seq is None:
            raise Refused(req.mine("old_takeback_button"))
        return await self.correspondence.takeback_answer(req, user, channel, action.allow, seq)

    async def _answer(self, req: Request, user: User, channel: Channel, action: Answer) -> Reply:
        live = await self._live(req, channel, action)
        question = action.question if action.question is not None \
            else await self._old_question(live, action.word)
        if question is None:  # an old button: which question it answered is unknown
            choices = self.ctx.position_of(live).action_choices()
            raise Refused(req.mine("old_answer_button", choices="` or `/move ".join(choices))
                          if choices else req.mine("question_closed"))
        return await self.turns.move(req, user, channel, action.word, question=question)

    async def _old_question(self, session: Session, verb: str) -> Question | None:
        """The question an untagged answer button (posted before buttons named their
        question) can only have asked, or None when that cannot be told: a game holds
        one vote (at the first placing), so Yes/No answer it; Drop answers a raise when
        no other was raised before it (none answered yet: an answer that belongs to its
        turn is logged as an 'amend' entry).  An untagged Accept may be the challenge's
        own button, so it never answers a raise."""
        now = pending_question(session, self.ctx.position_of(session))
        if now is None:
            return None
        if now.kind == "v" and verb in ("yes", "no"):
            return now
        if now.kind == "t" and verb == "drop":
            answered = [t for t in await self.ctx.store.turns(session.id)
                         if t.kind == TurnKind.AMEND]
            return now if not answered else None
        return None

    def _answer_open(self, session: Session) -> bool:
        """Whether the game waits for an answer (an old, untagged Accept or Decline
        may then be a raise's button rather than the challenge's)."""
        return session.status == SessionStatus.ACTIVE and session.position is not None \
            and self.ctx.position_of(session).action_due()
