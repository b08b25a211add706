"""Wherever the player is: one list of their games across every server (``/mygames``
in a direct message, or ``scope:all``), each game's board shown to them where they
asked, and the game's own channel found for a button pressed elsewhere (a turn played
from a direct message goes through the game's channel, as ``/move`` there does).

The list reads every live game of the player in one query (``Store.session_page``,
capped at ``MAX_LISTED``) and sorts them here: whose turn it is is the position's,
not a column.  Games where it is the player's turn come first, the least time left
first (games without a clock after those with one, longest waiting first); then the
others, the oldest last move first."""

from __future__ import annotations

import logging
import math
from dataclasses import dataclass

from bot import clocks, pages
from bot.actions import GamesPage, Show, encode
from bot.catalogue import Readers
from bot.replies import Button, Channel, Refused, Reply, User
from bot.service import texts
from bot.service.context import Context
from bot.service.request import Request
from bot.service.timekeeping import running_side
from bot.service.views import Views
from games import GameError, get_game
from storage import Session, SessionStatus
from storage.direct import DirectStore
from storage.models import LIVE_STATUSES

log = logging.getLogger("boardbot.everywhere")

#: Games a page of the list shows (each row carries a link and a Board button: seven
#: rows stay under Discord's 2,000 characters whatever the names are).
PAGE_SIZE = 7
#: The most games read for one list (a player in more sees the first so many).
MAX_LISTED = 300
MAX_ROW = 260
MAX_SERVER = 32
MAX_OTHERS = 60


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def message_link(session: Session, post: tuple[str, str] | None = None) -> str:
    """The address that opens the game's latest public message in Discord (``post``:
    its channel and message ids as last seen), else its channel ('' outside a server)."""
    if session.guild_id is None or not session.guild_id.isdigit():
        return ""
    where = f"https://discord.com/channels/{session.guild_id}/{session.channel_id}"
    if post is not None and post[0] == session.channel_id and post[1].isdigit():
        return f"{where}/{post[1]}"
    return where


@dataclass(frozen=True)
class Listed:
    """One game of the list: the session, whether the player is to act, the seconds
    left on the running clock (None: no clock runs) and the turn it waits for."""

    session: Session
    yours: bool
    left: float | None
    waiting_for: str


def order(games: list[Listed]) -> list[Listed]:
    """The player's turns first, least time left first (no clock: after the clocked
    ones, longest waiting first); then the others, the oldest last move first."""
    mine = sorted((g for g in games if g.yours),
                  key=lambda g: (math.inf if g.left is None else g.left,
                                 g.session.updated_at, g.session.id))
    theirs = sorted((g for g in games if not g.yours),
                    key=lambda g: (g.session.updated_at, g.session.id))
    return mine + theirs


class Everywhere:
    """The player's games wherever they are."""

    def __init__(self, ctx: Context, views: Views) -> None:
        self.ctx = ctx
        self.views = views
        self.direct = DirectStore(ctx.store)
        #: Servers' names as last written (a write only when one changes).
        self.guild_names: dict[str, str] = {}

    async def saw(self, channel: Channel) -> None:
        """Note the server's name a command came with (the list names servers so)."""
        guild, name = channel.guild_id, channel.guild_name
        if guild is None or not name or self.guild_names.get(guild) == name:
            return
        if len(self.guild_names) > 100_000:
            self.guild_names.clear()
        await self.direct.saw_guild(guild, name, self.ctx.clock())
        self.guild_names[guild] = name

    # -- the list -----------------------------------------------------------------------

    async def listed(self, user_id: str) -> list[Listed]:
        """Every live game of the user, in the list's order (a game that cannot be read
        is left out and logged, never the whole list)."""
        found = await self.ctx.store.session_page(None, LIVE_STATUSES, user_id=user_id,
                                                  limit=MAX_LISTED)
        now = self.ctx.clock()
        games: list[Listed] = []
        for session in found.sessions:
            if session.status == SessionStatus.CHALLENGE or session.position is None:
                games.append(Listed(session, False, None, ""))
                continue
            try:
                position = await self.ctx.position_async(session)
            except GameError as exc:
                log.warning("session %s: stored position cannot be read: %s", session.id, exc)
                continue
            side = running_side(position)
            seat = session.seat_for_side(side) if side else None
            clock = found.clocks.get(session.id)
            left = None
            if clock is not None and clock[1] is not None and clock[2] is not None:
                tc = clocks.parse_stored(clock[0])
                left = (clock[3] or 0.0) - tc.charged(clock[2], now)
            yours = seat is not None and seat.user_id == user_id
            games.append(Listed(session, yours, left,
                                seat.name if seat else (side or "")))
        return order(games)

    async def my_games(self, req: Request, page: int = 1) -> Reply:
        """``/mygames`` in a direct message (or ``scope:all``): every server's games, a
        page at a time, each with its server, channel, opponents, a link to its channel
        and a Board button that shows it here."""
        assert req.user is not None
        games = await self.listed(req.user.id)
        if not games:
            return Reply(text=req.mine("dm_games_none"), private=True)
        pages = max(1, -(-len(games) // PAGE_SIZE))
        if not 1 <= page <= pages:
            raise Refused(req.mine("no_page", page=page, what=req.mine("what_your_games"),
                                   pages=pages))
        shown = games[(page - 1) * PAGE_SIZE: page * PAGE_SIZE]
        names = await self.direct.guild_names(
            g.session.guild_id for g in shown if g.session.guild_id)
        posts = await self.direct.posts(g.session.id for g in shown)
        header = req.mine("dm_games_title", yours=sum(g.yours for g in games),
                          total=len(games))
        if pages > 1:
            header += req.mine("page_of", page=page, pages=pages, total=len(games))
            if page < pages:
                header += req.mine("dm_games_next", next=page + 1)
        rows: list[str] = []
        buttons: list[Button] = []
        first = (page - 1) * PAGE_SIZE + 1
        for number, game in enumerate(shown, start=first):
            rows.append(_clip(self._row(req, number, game, names,
                                        posts.get(game.session.id)), MAX_ROW))
            buttons.append(Button(req.mine("button_dm_board", n=number),
                                  encode(Show(game.session.id)),
                                  "primary" if game.yours else "secondary"))
        if page > 1:
            buttons.append(Button(req.mine("button_previous"), encode(GamesPage(page - 1))))
        if page < pages:
            buttons.append(Button(req.mine("button_next"), encode(GamesPage(page + 1)),
                                  "primary"))
        return Reply(text="\n".join([header + ":", *rows]), private=True, buttons=buttons)

    def _row(self, req: Request, number: int, game: Listed, names: dict[str, str],
             post: tuple[str, str] | None) -> str:
        session = game.session
        guild = session.guild_id or ""
        server = _clip(pages.name(names.get(guild) or req.mine("dm_server_unnamed")),
                       MAX_SERVER)
        others = ", ".join(pages.name(seat.name) for seat in session.seats
                           if req.user is None or seat.user_id != req.user.id)
        try:
            title = get_game(session.game).title
        except GameError:
            title = session.game[:20]
        link = message_link(session, post)
        where = req.mine("dm_games_where", server=server, channel=f"<#{session.channel_id}>",
                         title=title, others=_clip(others, MAX_OTHERS) or "-",
                         link=f" [↗](<{link}>)" if link else "")
        if session.status == SessionStatus.CHALLENGE:
            state = req.mine("dm_games_challenge")
        elif game.yours:
            state = req.mine("dm_games_yours", turn=session.next_turn, left=self._left(req, game))
        else:
            state = req.mine("dm_games_theirs", turn=session.next_turn,
                             name=pages.name(game.waiting_for) or "?",
                             left=self._left(req, game))
        return f"{number}. {where}: {state}"

    @staticmethod
    def _left(req: Request, game: Listed) -> str:
        if game.left is None:
            return ""
        if game.left <= 0:
            return req.mine("dm_games_time_up")
        return req.mine("dm_games_left", duration=texts.duration(game.left, req.user_lang))

    async def posted(self, session_id: int, channel_id: str, message_id: str) -> None:
        """A game's public message was posted: the list's link opens it from now on."""
        await self.direct.saw_post(session_id, channel_id, message_id, self.ctx.clock())

    # -- one game, from anywhere -------------------------------------------------------------

    async def place(self, session_id: int) -> Channel | None:
        """The channel of game ``session_id`` as a command there would name it (the
        server's language as last seen), None when there is no such game."""
        session = await self.ctx.store.session(session_id) if 0 < session_id < 10**18 \
            else None
        if session is None:
            return None
        chosen = await self.ctx.language_choices(None, session.guild_id)
        locale = self.ctx.guild_locales.get(session.guild_id or "") or chosen.guild_seen or ""
        return Channel(session.channel_id, session.guild_id, locale=locale)

    async def live_place(self, user: User, session_id: int) -> Channel | None:
        """The channel of ``user``'s live game ``session_id`` (None: no such game of
        theirs, or it is over: then it is a finished game's board that is asked for)."""
        session = await self.ctx.store.session(session_id) if 0 < session_id < 10**18 \
            else None
        if session is None or not session.live or session.seat_of(user.id) is None:
            return None
        return await self.place(session_id)

    async def board(self, req: Request, session_id: int, place: Channel | None = None
                    ) -> Reply:
        """The Board button of the list: the game's board shown to its player alone,
        in their language, with the game's own buttons (Play on their turn).
        ``place``: the game's channel (default: the request's, a press there)."""
        where = place or req.channel
        assert req.user is not None and where is not None
        session = await self.ctx.store.session(session_id)
        if session is None or session.seat_of(req.user.id) is None:
            raise Refused(req.mine("dm_not_your_game"))
        if session.status not in LIVE_STATUSES:
            raise Refused(req.mine("dm_game_over", id=session.id))
        # said to the player alone: their language for the "public" words too
        theirs = Request(req.user, where, Readers(user=req.user_lang, channel=req.user_lang))
        reply = await self.views.board(theirs, req.user, where)
        if reply.session_id != session.id:  # the channel holds another game now
            raise Refused(req.mine("dm_game_over", id=session.id))
        reply.private = True
        reply.text = f"<#{session.channel_id}>\n{reply.text}"
        return reply
