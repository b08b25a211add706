"""Looking back: the server's finished games (``/history``), any finished game's
record (``/record game:ID``) and its position at any turn (``/board game:ID
turn:N``).  Read-only; a game is shown only in the server it was played in."""

from __future__ import annotations

import asyncio
import time

from bot import pages
from bot.actions import HistoryPage, encode
from bot.catalogue import t
from bot.catalogue.engine import error_for_user
from bot.replies import Button, Channel, Refused, Reply, User
from bot.service import texts
from bot.service.context import Context
from bot.service.request import Request
from bot.service.turn_events import replay_through
from games import GameError, get_game
from games.events import Won
from renderer import RenderContext
from renderer.describe import describe
from storage import Session, SessionStatus

DONE = (SessionStatus.FINISHED,)


class History:
    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx

    async def history(self, req: Request, channel: Channel, member: User | None = None,
                      game: str | None = None, page: int = 1) -> Reply:
        """Finished games of this server, newest first (one query a page), with
        Previous/Next buttons bound to the same list."""
        if game is not None:
            try:
                game = get_game(game).name
            except GameError as exc:
                raise Refused(error_for_user(exc, req.user_lang)) from exc
        found = await self.ctx.store.session_page(
            channel.guild_id, DONE, user_id=member.id if member else None, game=game,
            limit=pages.PAGE_SIZE, offset=pages.offset(page), newest_first=True)
        whose = req.mine("history_whose", name=pages.name(member.name)) if member else ""
        which = f" ({get_game(game).title})" if game else ""
        if not found.sessions:
            if page > 1 and found.total:
                return pages.out_of_range(page, found.total, req.mine("what_finished_games"),
                                          req.user_lang)
            return Reply(text=req.mine("history_none", whose=whose, which=which), private=True)
        rows = [_row(s, req.user_lang) for s in found.sessions]
        reply = pages.paged(req.mine("history_title", whose=whose, which=which), rows, page,
                            found.total, "history", req.user_lang)
        member_id = member.id if member else None
        try:  # (a console member's name may hold what no id can: then no paging)
            if page > 1:
                reply.buttons.append(Button(req.mine("button_previous"),
                                            encode(HistoryPage(page - 1, member_id, game))))
            if page < pages.page_count(found.total):
                reply.buttons.append(Button(req.mine("button_next"),
                                            encode(HistoryPage(page + 1, member_id, game)),
                                            "primary"))
        except ValueError:
            reply.buttons.clear()
        return reply

    async def press(self, req: Request, user: User, channel: Channel, action: HistoryPage) -> Reply:
        """A Previous/Next button: the same list at another page."""
        member = None
        if action.member is not None:
            member = User(action.member, await self._name_of(action.member, channel))
        return await self.history(req, channel, member, action.game, action.page)

    async def finished(self, req: Request, channel: Channel, game_id: int) -> Session:
        """A finished (or resigned, timed-out) game of this server by its id; in a
        direct message (``channel.direct``), one that the asker played, in any server."""
        session = await self.ctx.store.session(game_id) if 0 < game_id < 10**18 else None
        if channel.direct:
            visible = session is not None and req.user is not None \
                and session.seat_of(req.user.id) is not None
        else:
            visible = session is not None and session.guild_id == channel.guild_id
        if session is None or not visible:
            raise Refused(req.mine("history_no_game", id=game_id))
        if session.status != SessionStatus.FINISHED:
            raise Refused(req.mine("history_not_finished", id=game_id))
        return session

    async def record(self, req: Request, channel: Channel, game_id: int) -> Reply:
        session = await self.finished(req, channel, game_id)
        row = _row(session, req.channel_lang)
        return Reply(text=req.public("history_record", id=session.id, row=row),
                     attachment=await self.ctx.record_file(session), session_id=session.id)

    async def board_at(self, req: Request, channel: Channel, game_id: int, turn: int | None = None
                       ) -> Reply:
        """The position of a finished game after its entries up to turn ``turn``
        (0: the start; None: the end)."""
        session = await self.finished(req, channel, game_id)
        turns = await self.ctx.ledger.effective_turns(session.id)
        last_turn = max((t.number for t in turns), default=0)
        turn = last_turn if turn is None else turn
        if not 0 <= turn <= last_turn:
            raise Refused(req.mine("history_turns", id=game_id, last=last_turn))
        upto = [t for t in turns if t.number <= turn]
        if session.initial_position is None:
            raise Refused(req.mine("history_no_start", id=game_id))
        position, played = await asyncio.to_thread(replay_through, session, upto)
        events: tuple = played.events if played is not None else ()
        last = upto[-1] if upto else None
        # the end of the game says who won and why (a resignation left it running)
        won = next((e for e in events if isinstance(e, Won)), None)
        ending = texts.board_ending(session, position, req.channel_lang, won) \
            if turn == last_turn else None
        context = RenderContext(
            names=texts.names(session), dice=last.dice if last else (),
            last_side=last.side if last else None, last_moves=last.moves if last else "",
            last_events=events, width=self.ctx.config.image_width,
            theme=self.ctx.config.theme,
            footer=req.public("history_footer", id=session.id, turn=turn),
            language=req.channel_lang, ending=ending)
        image = await self.ctx.draw(position, context)
        title = get_game(session.game).title
        said = f" ({texts.told_in_words(last, session, req.channel_lang)})" \
            if last and last.events else ""
        return Reply(text=req.public("history_board", title=title, id=session.id, turn=turn,
                                      last=last_turn, said=said, listing=position.listing()),
                     image=image, session_id=session.id,
                     image_description=describe(position, context) if image else "")

    async def _name_of(self, user_id: str, channel: Channel) -> str:
        found = await self.ctx.store.session_page(channel.guild_id, DONE, user_id=user_id,
                                                  limit=1)
        for session in found.sessions:
            seat = session.seat_of(user_id)
            if seat:
                return seat.name
        return user_id


def _row(session: Session, lang: str) -> str:
    """``#12 Hachapury: alice vs bob, alice wins 2, 34 turns, 2026-11-20``, in ``lang``."""
    players = " vs ".join(pages.name(seat.name) for seat in session.seats)
    when = time.strftime("%Y-%m-%d", time.gmtime(session.updated_at))
    turns = texts.turns_played(session)
    return t(lang, "history_row", id=session.id, title=get_game(session.game).title,
             players=players, result=texts.result_named(session, lang), turns=turns, when=when)
