"""Buttons: ``<verb>:<session id>:<question>`` (bot/buttons.py) routed to the command
they stand for.  A button whose question is no longer the pending one changes
nothing and says why."""

from __future__ import annotations

from bot.buttons import (
    CHALLENGE,
    CHALLENGE_VERBS,
    TAKEBACK_VERBS,
    Question,
    challenge_gone,
    parse_question,
    parse_takeback,
    pending_question,
)
from bot.catalogue import for_user
from bot.replies import Channel, Refused, Reply, User
from bot.service import texts
from bot.service.context import Context
from bot.service.core import Turns
from bot.service.correspondence import Correspondence
from bot.service.history import History
from bot.service.late_taunt import VERB as TAUNT_VERB
from bot.service.learning import LEARN_VERBS, Learning
from bot.service.lobby import Lobby
from bot.service.picking import PICKER_VERBS, Picking
from bot.service.resign import Resignation
from storage import Session, SessionStatus, TurnKind


class Presses:
    def __init__(self, ctx: Context, turns: Turns, lobby: Lobby,
                 correspondence: Correspondence, resignation: Resignation,
                 picking: Picking, learning: Learning, history: History) -> None:
        self.ctx = ctx
        self.history = history
        self.learning = learning
        self.picking = picking
        self.resignation = resignation
        self.turns = turns
        self.lobby = lobby
        self.correspondence = correspondence

    async def press(self, user: User, channel: Channel, action: str) -> Reply:
        verb, _, rest = action.partition(":")
        session_text, _, tag = rest.partition(":")
        if verb == "rematch":
            return await self.lobby.rematch(user, channel, session_text)
        if verb == "history":
            return await self.history.press(user, channel, tag)
        if verb in LEARN_VERBS:
            return await self.learning.press(user, channel, verb, tag)
        if verb in PICKER_VERBS:
            if not session_text.isdigit() or len(session_text) > 18:
                raise Refused(for_user("picker_no_game"))
            return await self.picking.press(user, channel, verb, int(session_text), tag)
        live = await self.turns.live(channel)  # expires a challenge that timed out
        pressed = await self.ctx.store.session(int(session_text)) \
            if session_text.isdigit() and len(session_text) <= 18 else None  # SQLite ints
        if pressed is None or pressed.channel_id != channel.id:
            raise Refused(for_user("button_no_game"))
        if verb in CHALLENGE_VERBS and tag in ("", CHALLENGE) and (
                tag or pressed.status == SessionStatus.CHALLENGE or verb in ("join", "start")
                or not self._answer_open(pressed)):
            gone = challenge_gone(pressed, verb)
            if gone is not None:
                raise Refused(gone)
            command = {"accept": self.lobby.accept, "decline": self.lobby.decline,
                       "join": self.lobby.join, "start": self.lobby.start}[verb]
            return await command(user, channel)
        if live is None or live.id != pressed.id or live.status != SessionStatus.ACTIVE:
            raise Refused(texts.game_gone(pressed))
        if verb in ("resign", "resign_match"):  # resign_match: bot/service/matches.py
            return await self.resignation.resign(user, channel, verb == "resign_match")
        if verb == TAUNT_VERB:
            return await self.turns.late_taunts.press(user, channel, live, tag)
        if verb in TAKEBACK_VERBS:
            seq = parse_takeback(tag) if tag \
                else await self.ctx.ledger.only_undo_request(live.id)
            if seq is None:
                raise Refused(for_user("old_takeback_button"))
            return await self.correspondence.takeback_answer(user, channel,
                                                             verb == "takeback_yes", seq)
        question = parse_question(tag) if tag else await self._old_question(live, verb)
        if question is None:  # an old button: which question it answered is unknown
            choices = self.ctx.position_of(live).action_choices()
            raise Refused(for_user("old_answer_button", choices="` or `/move ".join(choices))
                          if choices else for_user("question_closed"))
        return await self.turns.move(user, channel, verb, question=question)

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
