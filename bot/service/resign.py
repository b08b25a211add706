"""A player gives up: the game ends, or (a game the others play on) the player
leaves it with a line of its own in the log."""

from __future__ import annotations

from bot.actions import Resign, encode
from bot.catalogue.engine import error_for_user
from bot.replies import Button, Channel, Refused, Reply, User
from bot.service import texts
from bot.service.context import Context
from bot.service.core import Turns, rematch_button
from bot.service.request import Request
from games import GameError, Played, get_game
from games.outcome import resigned
from storage import Session, SessionStatus
from storage.matches import MatchStore


class Resignation:
    def __init__(self, ctx: Context, turns: Turns) -> None:
        self.ctx = ctx
        self.turns = turns

    async def confirm(self, req: Request, user: User, channel: Channel) -> Reply:
        """Ask first (privately): resigning cannot be taken back.  The button is bound
        to this game (``resign:<session>:r``): pressed after the game ended, or in a
        new game here, it changes nothing."""
        session, seat = await self.turns.player_in(req, channel, user)
        position = self.ctx.position_of(session)
        others = [s for s in session.seats if s.side != seat.side]
        left = position.resign(seat.side)
        # a game the others play on may still end: the last one left wins
        # (two-player CheeseGambit resigns through the engine, as with more)
        ended = left.position.result if left is not None else None
        winner = ended.winner if ended is not None \
            else others[0].side if left is None and len(others) == 1 else None
        if left is not None and ended is None:
            what = req.mine("resign_leave")
        elif winner is not None:
            what = req.mine("resign_ends_wins", who=texts.who(session, winner, req.user_lang))
        else:
            what = req.mine("resign_ends")
        title = get_game(session.game).title
        return Reply(text=req.mine("resign_confirm", title=title, what=what),
                     private=True, session_id=session.id,
                     buttons=[Button(req.mine("button_resign"), encode(Resign(session.id)),
                                     "danger")])

    async def resign(self, req: Request, user: User, channel: Channel,
                     whole_match: bool = False) -> Reply:
        """Resign the game; ``whole_match``: a match game's player gives up the match
        (the game ends as a resignation that says so: bot/service/matches.py)."""
        session, seat = await self.turns.player_in(req, channel, user)
        position = self.ctx.position_of(session)
        if whole_match and not await MatchStore(self.ctx.store).game_of(session.id):
            raise Refused(req.mine("resign_not_a_match"))
        try:
            left = None if whole_match else position.resign(seat.side)
        except GameError as exc:
            raise Refused(error_for_user(exc, req.user_lang)) from exc
        if left is not None:
            return await self._leave(req, session, user, seat.side, left)
        others = [s for s in session.seats if s.side != seat.side]
        if len(others) != 1:
            raise Refused(req.mine("resign_cannot"))
        winner = others[0]
        await self.ctx.store.update_session(
            session, self.ctx.clock(), status=SessionStatus.FINISHED,
            outcome=resigned(winner.side, seat.side, whole_match), dice=[])
        session = await self.turns.reread(session)
        image, words = await self.ctx.board_image(session, self.ctx.position_of(session), req)
        return Reply(
            text=req.public("resigns_match" if whole_match else "resigns", user=user.name,
                             who=texts.who(session, winner.side, req.channel_lang),
                             seed=texts.seed_note(session, req.channel_lang)),
            mentions=[winner.user_id], image=image, image_description=words,
            session_id=session.id, buttons=[rematch_button(req, session)],
            attachment=await self.ctx.record_file(session))

    async def _leave(self, req: Request, session: Session, user: User, side: str,
                     played: Played) -> Reply:
        """A player leaves a game the others play on (Turns.commit_leaving)."""
        done, image, words = await self.turns.commit_leaving(req, session, user.id, side, played)
        session, after = done.session, done.position
        status_line, mentions = texts.status_line(session, after, lang=req.channel_lang)
        if session.status == SessionStatus.FINISHED:  # nobody is left to play on
            return Reply(text=req.public("resigns_ending", user=user.name,
                                          status=status_line + texts.seed_note(session,
                                                                               req.channel_lang)),
                         image=image, image_description=words, mentions=mentions,
                         session_id=session.id, buttons=[rematch_button(req, session)],
                         attachment=await self.ctx.record_file(session))
        return Reply(text=req.public("resigns_leaves", user=user.name, status=status_line),
                     image=image, image_description=words, mentions=mentions,
                     session_id=session.id, buttons=self.turns.action_buttons(req, session, after))
