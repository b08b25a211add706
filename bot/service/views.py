"""What anyone may look at: the board, the legal turns, the record, the games
being played, the rules and the help.  Nothing here changes a game."""

from __future__ import annotations

from bot import pages
from bot.catalogue.engine import error_for_user
from bot.lessons import notation_text, rules_text
from bot.replies import Channel, Refused, Reply, User
from bot.service import texts
from bot.service.context import Context
from bot.service.core import Turns
from bot.service.request import Request
from games import GameError, available_games, get_game
from games.notation import format_dice
from games.turns import Turn
from storage import SessionStatus


class Views:
    def __init__(self, ctx: Context, turns: Turns) -> None:
        self.ctx = ctx
        self.turns = turns

    async def board(self, req: Request, user: User, channel: Channel) -> Reply:
        """The current board (anyone may ask); the last finished game if none is live."""
        session = await self.turns.live(channel) \
            or await self.ctx.store.latest_session(channel.id)
        if session is None or session.position is None:
            raise Refused(req.mine("no_board"))
        position = await self.ctx.position_async(session)
        left = await self.ctx.time_left(req, session)
        line, _ = texts.status_line(session, position, left, lang=req.channel_lang)
        game = get_game(session.game)
        # A public picture: the game's one orientation, whoever asks.
        image, words = await self.ctx.board_image(session, position, req, None, left)
        return Reply(
            text=req.public("board", title=game.title, turn=session.next_turn, line=line,
                             listing=position.listing()),
            image=image, image_description=words,
            session_id=session.id, buttons=self.turns.action_buttons(req, session, position),
        )

    async def legal(self, req: Request, user: User, channel: Channel, starting: str = "") -> Reply:
        """The legal turns for the player to move (anyone may ask; shown privately).
        More than fit in a message are grouped by their first move, each group with
        what can follow it; ``starting`` lists the turns that begin with that move."""
        session = await self.turns.active(req, channel)
        position = await self.ctx.position_async(session)
        if position.side_to_move is None:
            raise Refused(req.mine("game_over_short"))
        turns = await self.ctx.legal_turns_async(session)
        # by first move, every order the engine takes (Che's tiles either way round):
        # `/legal 0,1W` lists `-1,1W` after it even where the listing has the pair the
        # other way; a short list shows each turn once
        orders = await self.ctx.legal_turns_in_any_order_async(session)
        dice = req.mine("with_dice", dice=format_dice(session.dice)) if session.dice else ""
        who = texts.who(session, position.side_to_move, req.user_lang)
        first = starting.strip()
        if first:
            chosen = [t for t in orders if first_move(t).lower() == first.lower()]
            if not chosen:
                firsts = ", ".join(f"`{m}`" for m in dict.fromkeys(map(first_move, orders)))
                raise Refused(req.mine("no_legal_starting", who=who, dice=dice,
                                       first=first[:40], firsts=firsts)[:1900])
            header = req.mine("legal_starting", count=len(chosen), who=who, dice=dice,
                              first=first)
            return Reply(text=texts.listed(header, [f"`{t}`" for t in chosen], req.user_lang),
                         private=True,
                         session_id=session.id)
        header = req.mine("legal", count=len(turns), who=who, dice=dice)
        groups = grouped_by_first_move(orders)
        if len(turns) <= texts.LIST_MAX_ROWS or len(groups) == len(orders):
            return Reply(text=texts.listed(header, [f"`{t}`" for t in turns], req.user_lang),
                         private=True,
                         session_id=session.id)
        rows = [_group_row(req, move, rests) for move, rests in groups.items()]
        header = header.rstrip(":") + req.mine("legal_grouped", groups=len(groups))
        return Reply(text=texts.listed(header, rows, req.user_lang), private=True,
                     session_id=session.id)

    async def record(self, req: Request, user: User, channel: Channel) -> Reply:
        """The game record as a file (live or the last game here)."""
        session = await self.turns.live(channel) \
            or await self.ctx.store.latest_session(channel.id)
        if session is None or session.status in (
                SessionStatus.CHALLENGE, SessionStatus.DECLINED, SessionStatus.EXPIRED):
            raise Refused(req.mine("no_record"))
        return Reply(text=req.public("record_of", id=session.id),
                     attachment=await self.ctx.record_file(session), session_id=session.id)

    async def games(self, req: Request, channel: Channel, page: int = 1) -> Reply:
        """The guild's active games (for spectators), a page at a time: one query."""
        store, active = self.ctx.store, (SessionStatus.ACTIVE,)
        found = await store.session_page(channel.guild_id, active,
                                         offset=pages.offset(page), limit=pages.PAGE_SIZE)
        if not found.sessions:
            if page > 1:
                first = await store.session_page(channel.guild_id, active, limit=1)
                return pages.out_of_range(page, first.total, req.mine("what_games"), req.user_lang)
            return Reply(text=req.mine("no_games"), private=True)
        rows = []
        for s in found.sessions:
            names = " vs ".join(pages.name(seat.name) for seat in s.seats)
            rows.append(req.mine("games_row", where=f"<#{s.channel_id}>",
                                 title=get_game(s.game).title, names=names, turn=s.next_turn))
        return pages.paged(req.mine("games_title"), rows, page, found.total, "games", req.user_lang)


def rules(req: Request, game_name: str) -> Reply:
    try:
        game = get_game(game_name)
    except GameError as exc:
        raise Refused(error_for_user(exc, req.user_lang)) from exc
    return Reply(text=req.mine("rules", title=game.title, rules=rules_text(game, req.user_lang),
                               notation=notation_text(game, req.user_lang)),
                 private=True)


def help_text(req: Request) -> Reply:
    return Reply(text=req.mine("help", games=", ".join(available_games())), private=True)


def first_move(turn: Turn) -> str:
    """The first move of a turn as written (``24/21`` of ``24/21, 21/20``; ``0,2W`` of
    ``0,2W 1,1B``): its first step's text."""
    return turn.steps[0].text if turn.steps else turn.text


def grouped_by_first_move(turns: list[Turn]) -> dict[str, list[str]]:
    """The turns by first move, in the engine's order, each with the rest of its text
    (its later steps, as the turn writes them)."""
    groups: dict[str, list[str]] = {}
    for turn in turns:
        move = first_move(turn)
        rest = turn.text[len(move):].lstrip(",; ")
        groups.setdefault(move, []).append(rest)
    return groups


def _group_row(req: Request, move: str, rests: list[str]) -> str:
    """``24/21`` then `21/20` or `6/5` (+3 more): one first move and what may follow."""
    shown = [f"`{r}`" for r in rests[:3] if r]
    more = req.mine("group_more", count=len(rests) - len(shown)) \
        if len(rests) > len(shown) and shown else ""
    if not shown:
        return f"`{move}`"
    return req.mine("group_row", move=move, rests=req.mine("or").join(shown), more=more)

