"""What anyone may look at: the board, the legal turns, the record, the games
being played, the rules and the help.  Nothing here changes a game."""

from __future__ import annotations

from bot import pages
from bot.records import record_text
from bot.replies import Channel, Refused, Reply, User
from bot.service import texts
from bot.service.context import Context
from bot.service.core import Turns
from games import GameError, available_games, get_game
from games.notation import format_dice
from storage import SessionStatus


class Views:
    def __init__(self, ctx: Context, turns: Turns) -> None:
        self.ctx = ctx
        self.turns = turns

    async def board(self, user: User, channel: Channel) -> Reply:
        """The current board (anyone may ask); the last finished game if none is live."""
        session = await self.turns.live(channel) \
            or await self.ctx.store.latest_session(channel.id)
        if session is None or session.position is None:
            raise Refused("There is no game to show in this channel.")
        position = await self.ctx.position_async(session)
        left = await self.ctx.time_left(session)
        line, _ = texts.status_line(session, position, left)
        game = get_game(session.game)
        # A public picture: the game's one orientation, whoever asks.
        image, words = await self.ctx.board_image(session, position, None, left)
        return Reply(
            text=f"**{game.title}**, turn {session.next_turn}. {line}\n`{position.listing()}`",
            image=image, image_description=words,
            session_id=session.id,
        )

    async def legal(self, user: User, channel: Channel) -> Reply:
        """The legal turns for the player to move (anyone may ask; shown privately)."""
        session = await self.turns.active(channel)
        position = await self.ctx.position_async(session)
        if position.side_to_move is None:
            raise Refused("The game is over.")
        turns = await self.ctx.legal_turns_async(session)
        dice = f" with {format_dice(session.dice)}" if session.dice else ""
        header = (f"{len(turns)} legal turn(s) for "
                  f"{texts.who(session, position.side_to_move)}{dice}:")
        return Reply(text=texts.listed(header, [f"`{t}`" for t in turns]), private=True,
                     session_id=session.id)

    async def record(self, user: User, channel: Channel) -> Reply:
        """The game record as a file (live or the last game here)."""
        session = await self.turns.live(channel) \
            or await self.ctx.store.latest_session(channel.id)
        if session is None or session.status in (
                SessionStatus.CHALLENGE, SessionStatus.DECLINED, SessionStatus.EXPIRED):
            raise Refused("There is no game record in this channel yet.")
        text = record_text(session, await self.ctx.ledger.effective_turns(session.id))
        return Reply(text=f"Game record of session {session.id}.",
                     attachment=(f"{session.game}-{session.id}.txt", text.encode()),
                     session_id=session.id)

    async def games(self, channel: Channel, page: int = 1) -> Reply:
        """The guild's active games (for spectators), a page at a time: one query."""
        store, active = self.ctx.store, (SessionStatus.ACTIVE,)
        found = await store.session_page(channel.guild_id, active,
                                         offset=pages.offset(page), limit=pages.PAGE_SIZE)
        if not found.sessions:
            if page > 1:
                first = await store.session_page(channel.guild_id, active, limit=1)
                return pages.out_of_range(page, first.total, "games")
            return Reply(text="No games are being played here right now.", private=True)
        rows = []
        for s in found.sessions:
            names = " vs ".join(pages.name(seat.name) for seat in s.seats)
            rows.append(f"<#{s.channel_id}>: {get_game(s.game).title}, {names}, "
                        f"turn {s.next_turn}")
        return pages.paged("Games being played here", rows, page, found.total, "games")


def rules(game_name: str) -> Reply:
    try:
        game = get_game(game_name)
    except GameError as exc:
        raise Refused(str(exc)) from exc
    return Reply(text=f"**{game.title}**\n{game.rules_text()}\n\n**Notation**\n"
                      f"{game.notation_text()}", private=True)


def help_text() -> Reply:
    return Reply(text=texts.HELP.format(games=", ".join(available_games())), private=True)
