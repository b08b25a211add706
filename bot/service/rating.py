"""Ratings kept up to date from finished games (bot/ratings.py does the maths),
``/leaderboard`` and ``/profile``.

Finished games are rated in the order they finished, each once (``rated_games``):
after every command that may end a game, and before a leaderboard or profile is
shown, the service rates whatever finished since (a crash in between only delays
it).  Left out, each noted with why: games with a computer at the table, games
where a hint was used, games started with ``rated=false``, games nobody won.
``rebuild`` forgets everything and rates the same games again in the same order, to
the same figures."""

from __future__ import annotations

from bot import pages
from bot.catalogue.engine import error_for_user
from bot.computer_seats import COMPUTER_ID, SEAT_PREFIX, is_computer, is_computer_seat
from bot.ratings import PROVISIONAL_GAMES, Standing, points_won, rate, rated_game
from bot.replies import Channel, Refused, Reply, User
from bot.service import texts
from bot.service.context import Context
from bot.service.matches import Matches
from bot.service.request import Request
from games import GAME_MODULES, GameError, get_game
from games.events import PlacedAt, events_from_json
from games.outcome import EndReason, Outcome
from renderer.profile_card import (
    GameLine,
    ProfileCard,
    RecentGame,
    render_profile_card,
)
from storage import Session, SessionStatus
from storage.computer import ComputerStore
from storage.nudges import UnratedStore
from storage.ratings import RatingStore, StandingRow


class Ratings:
    def __init__(self, ctx: Context, matches: Matches) -> None:
        self.ctx = ctx
        self.store = RatingStore(ctx.store)
        self.hints = ComputerStore(ctx.store)
        self.unrated = UnratedStore(ctx.store)
        self.matches = matches

    async def catch_up(self) -> int:
        """Rate every finished game not yet noted, oldest first; how many were rated."""
        done = 0
        for session_id in await self.store.unrated():
            session = await self.ctx.store.session(session_id)
            if session is not None:
                done += await self.rate_one(session)
        return done

    async def rate_one(self, session: Session) -> bool:
        now = self.ctx.clock()
        # A match is rated once, at the game that ends it, from its final score.
        match = await self.matches.rating_verdict(session)
        if match is not None and match.outcome is None:
            await self.store.note(session.id, False, match.reason, now)
            return False
        why = await self._left_out(session)
        for other in match.sessions if match else ():
            game = await self.ctx.store.session(other)
            why = why or (await self._left_out(game) if game else "")
        guild = session.guild_id or ""
        if why:
            await self.store.note(session.id, False, why, now)
            return False
        sides = {seat.side: seat.user_id for seat in session.seats}
        if match is not None:
            result = match.outcome
        else:
            turns = await self.ctx.ledger.effective_turns(session.id)
            placings = [(e.side, e.place) for t in turns if t.events
                        for e in events_from_json(t.events) if isinstance(e, PlacedAt)]
            result = rated_game(session.outcome, sides, placings)
        if result is None:
            await self.store.note(session.id, False, "no winner", now)
            return False
        rows = await self.store.standings(guild, session.game, list(sides.values()))
        names = {seat.user_id: seat.name for seat in session.seats}
        standings = {u: _standing(rows[u]) if u in rows else Standing(u, names[u])
                     for u in sides.values()}
        new = rate(standings, result)
        return await self.store.note(
            session.id, True, "rated", now, guild, session.game,
            {u: _row(s, names[u]) for u, s in new.items()})

    async def _left_out(self, session: Session) -> str:
        if any(is_computer_seat(seat.user_id) for seat in session.seats):
            return "a computer played"
        if await self.hints.hints(session.id):
            return "a hint was used"
        if await self.unrated.asked(session.id):
            return "rated=false"
        if len({seat.user_id for seat in session.seats}) < len(session.seats):
            return "one person held several seats"
        return ""

    async def rebuild(self) -> int:
        """Forget every rating and rate all finished games again, in order."""
        await self.store.clear()
        return await self.catch_up()

    # -- what players see ---------------------------------------------------------------

    async def leaderboard(self, req: Request, channel: Channel, game_name: str) -> Reply:
        """One game's leaderboard; with no game named, every game's that has rated
        games here (no game standing in silently for all)."""
        if not game_name.strip():
            return await self._every_leaderboard(req, channel)
        try:
            game = get_game(game_name)
        except GameError as exc:
            raise Refused(error_for_user(exc, req.user_lang)) from exc
        await self.catch_up()
        rows = await self.store.leaderboard(channel.guild_id or "", game.name)
        if not rows:
            return Reply(text=req.mine("no_rated_games", title=game.title), private=True)
        return Reply(text="\n".join(_board_lines(req, game.title, rows)))

    async def _every_leaderboard(self, req: Request, channel: Channel) -> Reply:
        await self.catch_up()
        boards = []
        for name in GAME_MODULES:
            rows = await self.store.leaderboard(channel.guild_id or "", name,
                                                limit=EVERY_GAME_ROWS)
            if rows:
                boards.append("\n".join(_board_lines(req, get_game(name).title, rows)))
        if not boards:
            return Reply(text=req.mine("no_rated_games_any"), private=True)
        return Reply(text="\n\n".join([*boards, req.public("leaderboard_every",
                                                             shown=EVERY_GAME_ROWS)]))

    async def profile(self, req: Request, channel: Channel, member: User) -> Reply:
        """Per game: the rating, record, streak, points and the average length of the
        member's finished games here; then their last games (id, opponents, result).
        As text (on Discord inside the card's embed) and as a small picture card."""
        await self.catch_up()
        guild = channel.guild_id or ""
        # the computer sits under seat ids of its own (computer:<level>:<seat>)
        computer = is_computer(member)
        seat_id = SEAT_PREFIX if computer else member.id
        rows = await self.store.of_user(guild, member.id)
        lengths = await self.store.game_lengths(guild, seat_id, prefix=computer)
        who = pages.name(member.name)
        if not rows and not lengths:
            return Reply(text=req.mine("no_finished_member", name=who), private=True)
        found = await self.ctx.store.session_page(guild, (SessionStatus.FINISHED,),
                                                  user_id=seat_id, limit=RECENT_GAMES,
                                                  newest_first=True, user_prefix=computer)
        games = sorted(set(rows) | set(lengths), key=lambda g: get_game(g).title)
        lines_of_games = [_game_line(get_game(g).title, rows.get(g), lengths.get(g))
                          for g in games]
        recent = [_recent(session, member.id) for session in found.sessions]
        lines = [f"**{who}**", *(_game_text(req, line) for line in lines_of_games)]
        if recent:
            lines.append(req.public("profile_recent_title"))
            lines += [req.public("profile_recent_row", id=r.game_id, title=r.title,
                                  opponents=(r.opponents if r.opponents != "—"
                                             else req.public("profile_nobody")),
                                  result=_said_result(req, r.result), turns=r.turns)
                      for r in recent]
        text = "\n".join(lines)
        image = None
        if self.ctx.render_images:
            card = ProfileCard(member.name, tuple(lines_of_games), tuple(recent),
                               await self.ctx.theme_for(channel.guild_id), req.channel_lang)
            image = await self.ctx.cpu(render_profile_card, card)
        return Reply(text=text, image=image, image_name="profile.png",
                     image_description=_alt_text(text), card=True)


#: The rows of each game when ``/leaderboard`` names none (four games fit a message).
EVERY_GAME_ROWS = 5
#: The last games a profile lists.
RECENT_GAMES = 5
#: Discord's limit on a picture's description (its alt text).
ALT_TEXT_LIMIT = 1024


def _alt_text(text: str) -> str:
    """The card in words for screen readers: the text without its markup, clipped."""
    plain = text.replace("**", "")
    return plain if len(plain) <= ALT_TEXT_LIMIT else plain[: ALT_TEXT_LIMIT - 1] + "…"


def _game_line(title: str, row: StandingRow | None, length: tuple[int, float] | None
               ) -> GameLine:
    finished, average = length if length else (0, None)
    if row is None:
        return GameLine(title, None, finished=finished, average_turns=average)
    shown = _standing(row)
    return GameLine(title, shown.rating, shown.provisional, row.games, row.wins, row.losses,
                    row.streak, row.points, finished, average)


def _game_text(req: Request, line: GameLine) -> str:
    """``Hachapury: rating 1623 (provisional: 4 of 5 games); 3 won, 1 lost of 4; 5 points
    won, 2 wins in a row; 41 turns a game on average`` (in the channel's language)."""
    average = (req.public("profile_average", turns=round(line.average_turns))
               if line.average_turns is not None else "")
    if line.rating is None:
        return req.public("profile_unrated_row", title=line.title, finished=line.finished,
                           average=average)
    provisional = (req.public("provisional", games=line.games, needed=PROVISIONAL_GAMES)
                   if line.provisional else "")
    streak = (req.public("streak_wins", count=line.streak) if line.streak > 0 else
              req.public("streak_losses", count=-line.streak) if line.streak < 0 else "")
    return req.public("profile_row", title=line.title,
                       rating=req.public("rating", rating=line.rating, provisional=provisional),
                       wins=line.wins, losses=line.losses, games=line.games,
                       points=line.points, streak=streak) + average


def _said_result(req: Request, result: str) -> str:
    """A recent game's result (``won``, ``won 2``, ``lost``, ``2nd``, ``draw``) in the
    channel's language; a place stays as written."""
    words = result.split()
    if words == ["won"]:
        return req.public("profile_won")
    if len(words) == 2 and words[0] == "won":
        return req.public("profile_won_points", points=int(words[1]))
    keys = {"lost": "profile_lost", "draw": "profile_draw", "no result": "profile_no_result"}
    return req.public(keys[result]) if result in keys else result


def _recent(session: Session, user_id: str) -> RecentGame:
    seat = session.seat_of(user_id)
    if seat is None and user_id == COMPUTER_ID:  # the computer: its (first) seat here
        seat = next((s for s in session.seats if is_computer_seat(s.user_id)), None)
    opponents = ", ".join(pages.name(s.name) for s in session.seats if s is not seat)
    result, won = _result_for(session.outcome, seat.side if seat else "")
    return RecentGame(session.id, get_game(session.game).title, opponents or "—",
                      result, won, texts.turns_played(session))


def _result_for(ended: Outcome | None, side: str) -> tuple[str, bool | None]:
    """How a finished game ended for ``side``: (``won 2``, True), (``lost``, False),
    (``2nd``, None), (``draw``, None), from its outcome."""
    if ended is None:
        return "no result", None
    if ended.winner is None:
        return ("no result" if ended.reason == EndReason.ABORTED else "draw"), None
    if side == ended.winner:
        points = points_won(ended)
        return ("won" if points == 1 else f"won {points}"), True
    if side in ended.placings:
        return _PLACES[ended.placings.index(side) + 1], None
    return "lost", False


#: A place below the first, as the profile card writes it (in every language).
_PLACES = {2: "2nd", 3: "3rd", 4: "4th"}


def _standing(row: StandingRow) -> Standing:
    return Standing(row.user_id, row.name, row.mu, row.sigma, row.games, row.wins,
                    row.losses, row.points, row.streak)


def _row(s: Standing, name: str) -> StandingRow:
    return StandingRow(s.user_id, name, s.mu, s.sigma, s.games, s.wins, s.losses, s.points,
                       s.streak)


def _rating(req: Request, s: Standing) -> str:
    provisional = (req.public("provisional", games=s.games, needed=PROVISIONAL_GAMES)
                   if s.provisional else "")
    return req.public("rating", rating=s.rating, provisional=provisional)


def _board_lines(req: Request, title: str, rows: list[StandingRow]) -> list[str]:
    """A leaderboard's title and rows, best first; equal ratings share a place."""
    lines = [req.public("leaderboard_title", title=title)]
    place = 0
    previous: float | None = None
    for index, row in enumerate(rows, 1):
        shown = _standing(row)
        if previous is None or round(shown.ordinal, 6) != previous:
            place = index  # equal ratings share a place
        previous = round(shown.ordinal, 6)
        lines.append(req.public("leaderboard_row", place=place, name=pages.name(row.name),
                                 rating=_rating(req, shown), games=row.games, wins=row.wins,
                                 losses=row.losses, points=row.points))
    return lines
