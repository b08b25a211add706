"""Leagues (``/league new|join|leave|season|standings``): a server's recurring seasons
of one game, in divisions that each play a round-robin tournament (bot/service/
tournaments.py plays them: threads, results, standings), with promotion and
relegation between seasons (bot/tournaments/leagues.py).

- ``new`` (moderators): one league a server and game, in this channel.
- ``join``/``leave``: membership for the seasons to come (a season on is played out).
- ``season`` (moderators): when the last season's divisions are all over, the next
  one starts: the ladder moved by promotion and relegation, newcomers at the bottom,
  cut into divisions; each division's round 1 is paired at once.  A season starts
  once, whoever asks twice (storage/leagues.py).
"""

from __future__ import annotations

from bot.replies import Refused, Reply, User
from bot.service.context import Context
from bot.service.request import Request
from bot.service.timekeeping import Timekeeper
from bot.service.tournaments import Tournaments
from bot.tournaments import leagues as ladder_rules
from bot.tournaments import pairing as rules
from games import GameError, get_game
from storage.leagues import LeagueRow, LeagueStore, NewDivision
from storage.tournaments import TournamentStatus

#: The largest division, and the most promoted (and relegated) a division a season.
MAX_SIZE = 16
MAX_MOVERS = 4


class Leagues:
    def __init__(self, ctx: Context, timekeeper: Timekeeper, tournaments: Tournaments
                 ) -> None:
        self.ctx = ctx
        self.timekeeper = timekeeper
        self.tournaments = tournaments
        self.store = LeagueStore(ctx.store)

    async def new(self, req: Request, game_name: str, size: int, movers: int,
                  options: dict[str, str] | None = None, time_control: str | None = None,
                  name: str = "") -> Reply:
        user = self._user(req)
        assert req.channel is not None
        if not user.moderator:
            raise Refused(req.mine("l_moderators_only"))
        try:
            game = get_game(game_name)
            normalised = game.normalise_options({k.lower(): v for k, v in
                                                 (options or {}).items()})
        except GameError as exc:
            raise Refused(req.mine("t_game_unknown", game=game_name[:30])) from exc
        if len(game.sides(normalised)) != 2:
            raise Refused(req.mine("l_two_players", title=game.title))
        if not ladder_rules.MIN_DIVISION <= size <= MAX_SIZE:
            raise Refused(req.mine("l_size_range", least=ladder_rules.MIN_DIVISION,
                                   most=MAX_SIZE))
        if not 0 <= movers <= min(MAX_MOVERS, size // 2):
            raise Refused(req.mine("l_movers_range", most=min(MAX_MOVERS, size // 2)))
        try:
            control = self.timekeeper.control_text(time_control, {})
        except ValueError as exc:
            raise Refused(req.mine("t_time_bad", error=str(exc))) from exc
        title = (name.strip() or req.public("l_default_name", title=game.title))[:60]
        made = await self.store.create(
            guild_id=req.channel.guild_id, channel_id=req.channel.id, name=title,
            game=game.name, options=normalised, control=control, size=size, movers=movers,
            created_by=user.id, now=self.ctx.clock())
        if made is None:
            raise Refused(req.mine("l_exists", title=game.title))
        return Reply(text=req.public("l_created", name=title, title=game.title, size=size,
                                     movers=movers))

    async def join(self, req: Request) -> Reply:
        user, league = self._user(req), await self._here(req)
        rating = await self.tournaments.rating_of(league.guild_id, league.game, user)
        if not await self.store.join(league.id, user.id, user.name, rating, self.ctx.clock()):
            raise Refused(req.mine("l_already_in", name=league.name))
        count = sum(m.active for m in await self.store.members(league.id))
        return Reply(text=req.public("l_joined", user=user.name, name=league.name,
                                     count=count))

    async def leave(self, req: Request) -> Reply:
        user, league = self._user(req), await self._here(req)
        if not await self.store.leave(league.id, user.id):
            raise Refused(req.mine("l_not_in", name=league.name))
        return Reply(text=req.public("l_left", user=user.name, name=league.name))

    async def season(self, req: Request) -> Reply:
        user, league = self._user(req), await self._here(req)
        if not user.moderator:
            raise Refused(req.mine("l_moderators_only"))
        divisions = await self.store.divisions(league.id)
        last = max((d.season for d in divisions), default=0)
        previous: list[list[str]] = []
        for division in (d for d in divisions if d.season == last):
            row = await self.tournaments.store.tournament(division.tournament_id)
            if row is None:
                continue
            if row.status != TournamentStatus.FINISHED:
                raise Refused(req.mine("l_season_on", season=last))
            previous.append(await self.tournaments.final_order(row))
        members = [m for m in await self.store.members(league.id) if m.active]
        if len(members) < ladder_rules.MIN_DIVISION:
            raise Refused(req.mine("l_too_few", least=ladder_rules.MIN_DIVISION,
                                   count=len(members)))
        names = {m.user_id: m.name for m in members}
        placed = ladder_rules.next_divisions(previous, [m.user_id for m in members],
                                             league.size, league.movers)
        season = last + 1
        made = await self.store.start_season(league, season, [
            NewDivision(req.public("l_division_name", name=league.name, season=season,
                                   division=number),
                        rules.berger_rounds(len(players)),
                        [(u, names[u]) for u in players])
            for number, players in enumerate(placed, start=1)], self.ctx.clock())
        if made is None:
            raise Refused(req.mine("l_season_started", season=season))
        lines = [req.public("l_season", name=league.name, season=season)]
        for number, players in enumerate(placed, start=1):
            lines.append(req.public("l_division", division=number,
                                    players=", ".join(names[u] for u in players)))
        up, down = ladder_rules.moves(previous, placed)
        if up or down:
            lines.append(req.public("l_moves", up=", ".join(names[u] for u in up) or "-",
                                    down=", ".join(names[u] for u in down) or "-"))
        reply = Reply(text="\n".join(lines))
        for tid in made:  # each division's round 1, its games in threads
            row = await self.tournaments.store.tournament(tid)
            if row is not None:
                reply.announcements += await self.tournaments.advance(req, row)
        return reply

    async def standings(self, req: Request) -> Reply:
        league = await self._here(req)
        divisions = await self.store.divisions(league.id)
        last = max((d.season for d in divisions), default=0)
        if not last:
            count = sum(m.active for m in await self.store.members(league.id))
            return Reply(text=req.public("l_no_season", name=league.name, count=count),
                         private=True)
        parts = [req.public("l_season", name=league.name, season=last)]
        for division in (d for d in divisions if d.season == last):
            row = await self.tournaments.store.tournament(division.tournament_id)
            if row is not None:
                parts.append(await self.tournaments.table_text(req, row))
        return Reply(text="\n\n".join(parts), private=True)

    async def _here(self, req: Request) -> LeagueRow:
        assert req.channel is not None
        league = await self.store.in_channel(req.channel.id)
        if league is None:
            raise Refused(req.mine("l_none_here"))
        return league

    @staticmethod
    def _user(req: Request) -> User:
        assert req.user is not None
        return req.user
