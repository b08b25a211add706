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
from bot.catalogue import for_channel, for_user
from bot.computer_seats import is_computer_seat
from bot.ratings import PROVISIONAL_GAMES, Standing, outcome, rate
from bot.replies import Channel, Refused, Reply, User
from bot.service.context import Context
from bot.service.matches import Matches
from games import GameError, get_game
from games.events import PlacedAt, events_from_json
from storage import Session
from storage.computer import ComputerStore
from storage.nudges import UnratedStore
from storage.ratings import RatingStore, StandingRow


class Ratings:
    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.store = RatingStore(ctx.store)
        self.hints = ComputerStore(ctx.store)
        self.unrated = UnratedStore(ctx.store)
        self.matches = Matches(ctx)

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
            result = outcome(session.result, sides, placings)
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

    async def leaderboard(self, channel: Channel, game_name: str) -> Reply:
        try:
            game = get_game(game_name)
        except GameError as exc:
            raise Refused(str(exc)) from exc
        await self.catch_up()
        rows = await self.store.leaderboard(channel.guild_id or "", game.name)
        if not rows:
            return Reply(text=for_user("no_rated_games", title=game.title), private=True)
        lines = [for_channel("leaderboard_title", title=game.title)]
        place = 0
        previous: float | None = None
        for index, row in enumerate(rows, 1):
            shown = _standing(row)
            if previous is None or round(shown.ordinal, 6) != previous:
                place = index  # equal ratings share a place
            previous = round(shown.ordinal, 6)
            lines.append(for_channel("leaderboard_row", place=place, name=pages.name(row.name),
                                     rating=_rating(shown), games=row.games, wins=row.wins,
                                     losses=row.losses, points=row.points))
        return Reply(text="\n".join(lines))

    async def profile(self, channel: Channel, member: User) -> Reply:
        await self.catch_up()
        rows = await self.store.of_user(channel.guild_id or "", member.id)
        if not rows:
            return Reply(text=for_user("no_rated_member", name=pages.name(member.name)),
                         private=True)
        lines = [f"**{pages.name(member.name)}**"]
        for game, row in rows.items():
            shown = _standing(row)
            streak = (for_channel("streak_wins", count=row.streak) if row.streak > 0 else
                      for_channel("streak_losses", count=-row.streak) if row.streak < 0 else "")
            lines.append(for_channel("profile_row", title=get_game(game).title,
                                     rating=_rating(shown), wins=row.wins, losses=row.losses,
                                     games=row.games, points=row.points, streak=streak))
        return Reply(text="\n".join(lines))


def _standing(row: StandingRow) -> Standing:
    return Standing(row.user_id, row.name, row.mu, row.sigma, row.games, row.wins,
                    row.losses, row.points, row.streak)


def _row(s: Standing, name: str) -> StandingRow:
    return StandingRow(s.user_id, name, s.mu, s.sigma, s.games, s.wins, s.losses, s.points,
                       s.streak)


def _rating(s: Standing) -> str:
    provisional = (for_channel("provisional", games=s.games, needed=PROVISIONAL_GAMES)
                   if s.provisional else "")
    return for_channel("rating", rating=s.rating, provisional=provisional)
