"""What anyone may look at: the board, the legal turns, the record, the games
being played, the rules and the help.  Nothing here changes a game."""

from __future__ import annotations

from bot import pages
from bot.picker import moves_of
from bot.records import record_text
from bot.replies import Channel, Refused, Reply, User
from bot.service import texts
from bot.service.context import Context
from bot.service.core import Turns
from games import GameError, available_games, get_game
from games.notation import format_dice
from storage import SessionStatus
from storage.computer import ComputerStore


async def hinted_names(ctx: Context, session_id: int) -> list[str]:
    """The players who used a hint in the session (the record's ``Hints`` tag)."""
    rows = await ComputerStore(ctx.store).hints(session_id)
    return list(dict.fromkeys(row.name for row in rows))


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
            session_id=session.id, buttons=self.turns.action_buttons(session, position),
        )

    async def legal(self, user: User, channel: Channel, starting: str = "") -> Reply:
        """The legal turns for the player to move (anyone may ask; shown privately).
        More than fit in a message are grouped by their first move, each group with
        what can follow it; ``starting`` lists the turns that begin with that move."""
        session = await self.turns.active(channel)
        position = await self.ctx.position_async(session)
        if position.side_to_move is None:
            raise Refused("The game is over.")
        turns = await self.ctx.legal_turns_async(session)
        dice = f" with {format_dice(session.dice)}" if session.dice else ""
        who = texts.who(session, position.side_to_move)
        first = starting.strip()
        if first:
            chosen = [t for t in turns if first_move(t).lower() == first.lower()]
            if not chosen:
                firsts = ", ".join(f"`{m}`" for m in dict.fromkeys(map(first_move, turns)))
                raise Refused(f"No legal turn of {who}{dice} starts with `{first[:40]}`. "
                              f"First moves: {firsts}"[:1900])
            header = f"{len(chosen)} legal turn(s) for {who}{dice} starting with `{first}`:"
            return Reply(text=texts.listed(header, [f"`{t}`" for t in chosen]), private=True,
                         session_id=session.id)
        header = f"{len(turns)} legal turn(s) for {who}{dice}:"
        groups = grouped_by_first_move(turns)
        if len(turns) <= texts.LIST_MAX_ROWS or len(groups) == len(turns):
            return Reply(text=texts.listed(header, [f"`{t}`" for t in turns]), private=True,
                         session_id=session.id)
        rows = [_group_row(move, rests) for move, rests in groups.items()]
        header += (f" grouped by first move ({len(groups)}); `/legal MOVE` lists the turns "
                   "starting with one.")
        return Reply(text=texts.listed(header, rows), private=True, session_id=session.id)

    async def record(self, user: User, channel: Channel) -> Reply:
        """The game record as a file (live or the last game here)."""
        session = await self.turns.live(channel) \
            or await self.ctx.store.latest_session(channel.id)
        if session is None or session.status in (
                SessionStatus.CHALLENGE, SessionStatus.DECLINED, SessionStatus.EXPIRED):
            raise Refused("There is no game record in this channel yet.")
        text = record_text(session, await self.ctx.ledger.effective_turns(session.id),
                           hinted=await hinted_names(self.ctx, session.id))
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


def first_move(turn: str) -> str:
    """The first move written in a turn (``24/21`` of ``24/21, 21/20``; ``0,2W`` of
    ``0,2W 1,1B``: a Che cell's comma has no space after it)."""
    moves = moves_of(turn)
    return moves[0] if moves else turn.strip()


def grouped_by_first_move(turns: list[str]) -> dict[str, list[str]]:
    """The turns by first move, in the engine's order, each with the rest of its text."""
    groups: dict[str, list[str]] = {}
    for turn in turns:
        move = first_move(turn)
        rest = turn.strip()[len(move):].lstrip(",; ")
        groups.setdefault(move, []).append(rest)
    return groups


def _group_row(move: str, rests: list[str]) -> str:
    """``24/21`` then `21/20` or `6/5` (+3 more): one first move and what may follow."""
    shown = [f"`{r}`" for r in rests[:3] if r]
    more = f" (+{len(rests) - len(shown)} more)" if len(rests) > len(shown) and shown else ""
    if not shown:
        return f"`{move}`"
    return f"`{move}` then {' or '.join(shown)}{more}"

