"""Leagues through the service (bot/service/leagues.py), on SQLite and PostgreSQL: two
seasons of two divisions, each a round-robin played to its end; the second season's
divisions show the promotion and the relegation the first one's tables called for."""

from __future__ import annotations

from bot.replies import Channel, Reply, User
from bot.service import GameService
from storage.leagues import LeagueStore
from tests.bot.conftest import HERE, MOD
from tests.bot.service.test_tournaments import open_games

MEMBERS = [User(str(4000 + i), f"m{i}") for i in range(6)]


async def play_out(service: GameService, games: list[Reply], rank: list[str]) -> None:
    """Play every game (and the ones that follow) to its end: the player earlier in
    ``rank`` wins."""
    while games:
        later: list[Reply] = []
        for game in games:
            session = await service.store.session(game.session_id or 0)
            assert session is not None
            loser = max(session.seats, key=lambda seat: rank.index(seat.user_id))
            who = next(m for m in MEMBERS if m.id == loser.user_id)
            ended = await service.resign(who, Channel(session.channel_id, HERE.guild_id))
            assert ended.ok, ended.text
            later += await open_games(service, ended.announcements)
        games = later


async def test_two_seasons_move_the_top_up_and_the_bottom_down(service: GameService) -> None:
    refused = await service.league_new(MEMBERS[0], HERE, "hachapury", 3, 1)
    assert not refused.ok
    made = await service.league_new(MOD, HERE, "hachapury", 3, 1, name="Ladder")
    assert made.ok, made.text
    assert not (await service.league_new(MOD, Channel("5009", HERE.guild_id), "hachapury",
                                         3, 1)).ok          # one a server and game
    for member in MEMBERS:
        assert (await service.league_join(member, HERE)).ok
    assert not (await service.league_join(MEMBERS[0], HERE)).ok
    first = await service.league_season(MOD, HERE)
    assert first.ok, first.text
    league = await LeagueStore(service.store).in_channel(HERE.id)
    assert league is not None
    divisions = await LeagueStore(service.store).divisions(league.id)
    assert [(d.season, d.division) for d in divisions] == [(1, 1), (1, 2)]
    again = await service.league_season(MOD, HERE)
    assert not again.ok and "still being played" in again.text
    # m5 is the strongest, m0 the weakest: the first season's divisions are m0-m2 and
    # m3-m5 (equal ratings: joining order), so m3.. should win division 2 and go up
    rank = [m.id for m in reversed(MEMBERS)]
    await play_out(service, await open_games(service, first.announcements), rank)
    table = await service.league_standings(MEMBERS[0], HERE)
    assert "S1 D1" in table.text and "S1 D2" in table.text, table.text
    second = await service.league_season(MOD, HERE)
    assert second.ok, second.text
    divisions = [d for d in await LeagueStore(service.store).divisions(league.id)
                 if d.season == 2]
    entrants = [[e.user_id for e in await service._tournaments.store.entrants(d.tournament_id)]
                for d in divisions]
    season_one = [[m.id for m in MEMBERS[:3]], [m.id for m in MEMBERS[3:]]]
    top_of_two = MEMBERS[5].id                       # won division 2
    bottom_of_one = MEMBERS[0].id                    # last in division 1
    assert top_of_two in entrants[0] and bottom_of_one in entrants[1]
    assert sorted(entrants[0] + entrants[1]) == sorted(season_one[0] + season_one[1])
    assert "Promoted: m5. Relegated: m0." in second.text, second.text
