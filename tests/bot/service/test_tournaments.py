"""Tournaments through the service (bot/service/tournaments.py), on SQLite and
PostgreSQL: sign-up, the rounds paired as games end, byes, withdrawals, the final
table; every game opened as the adapter opens it (``tournament_game`` in a thread)."""

from __future__ import annotations

import itertools

from bot.actions import Entry, encode
from bot.replies import Announcement, Channel, Reply, User
from bot.service import GameService
from bot.service.tournaments import Terms
from bot.tournaments.pairing import WIN
from storage.tournaments import How, TournamentStore
from tests.bot.conftest import HERE, MOD

PLAYERS = [User(str(2000 + i), f"p{i}") for i in range(5)]
_threads = itertools.count(7000)


async def open_games(service: GameService, announcements: list[Announcement]
                     ) -> list[Reply]:
    """What the adapter does with a reply's announcements: each game in a new thread."""
    opened = []
    for announcement in announcements:
        for game in announcement.games:
            thread = Channel(str(next(_threads)), HERE.guild_id, game.name)
            reply = await service.tournament_game(game.key, thread)
            assert reply.ok, reply.text
            opened.append(reply)
    return opened


async def test_a_swiss_of_five_runs_its_rounds_with_byes_and_a_withdrawal(
        service: GameService) -> None:
    refused = await service.tournament_new(PLAYERS[0], HERE, Terms("hachapury", "swiss", 3))
    assert not refused.ok and "moderators" in refused.text
    made = await service.tournament_new(MOD, HERE, Terms("hachapury", "swiss", 3,
                                                         name="Autumn"))
    assert made.ok, made.text
    tid = int(made.buttons[0].action.split(":e")[1])
    assert made.buttons[0].action == encode(Entry(tid))
    for player in PLAYERS:
        assert (await service.press(player, HERE, encode(Entry(tid)))).ok
    again = await service.tournament_join(PLAYERS[0], HERE)
    assert not again.ok
    started = await service.tournament_start(MOD, HERE)
    assert started.ok, started.text
    store = TournamentStore(service.store)
    games = await open_games(service, started.announcements)
    assert len(games) == 2
    withdrawn = False
    for _ in range(3):
        assert games
        next_games: list[Reply] = []
        for game in games:
            session = await service.store.session(game.session_id or 0)
            assert session is not None
            loser = session.seats[1]
            thread = Channel(session.channel_id, HERE.guild_id)
            who = next(p for p in PLAYERS if p.id == loser.user_id)
            if not withdrawn:
                reply = await service.tournament_withdraw(who, HERE)
                withdrawn = True
            else:
                reply = await service.resign(who, thread)
            assert reply.ok, reply.text
            next_games += await open_games(service, reply.announcements)
        games = next_games
    row = await store.in_channel(HERE.id)
    assert row is not None and row.status == "finished"
    pairings = await store.pairings(tid)
    assert max(p.round for p in pairings) == 3
    byes = [p.first_id for p in pairings if p.second_id is None]
    assert len(byes) == len(set(byes))
    assert any(p.how == How.WITHDRAWN for p in pairings)
    # the second seat lost every game it played
    assert all(p.result == WIN for p in pairings if p.second_id and p.how == How.PLAYED)
    standings = await service.tournament_standings(PLAYERS[0], HERE)
    assert "Buchholz" in standings.text
