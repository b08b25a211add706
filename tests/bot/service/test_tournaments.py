"""Tournaments through the service (bot/service/tournaments.py), on SQLite and
PostgreSQL: sign-up, the rounds paired as games end, byes, withdrawals, the final
table; every game opened as the adapter opens it (``tournament_game`` in a thread)."""

from __future__ import annotations

import asyncio
import itertools
import re

from bot.actions import Entry, encode
from bot.replies import Announcement, Channel, Reply, User
from bot.scheduler import Scheduler
from bot.service import GameService, ServiceConfig
from bot.service.tournaments import Terms
from bot.tournaments.pairing import LOSS, WIN
from games.outcome import EndReason, Outcome, resigned
from storage import Session, Store
from storage.ratings import RatingStore
from storage.tournaments import How, TournamentStore
from tests.bot.conftest import HERE, MOD, FakeClock

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


async def signed_up(service: GameService, terms: Terms, count: int) -> int:
    made = await service.tournament_new(MOD, HERE, terms)
    assert made.ok, made.text
    for player in PLAYERS[:count]:
        assert (await service.tournament_join(player, HERE)).ok
    row = await TournamentStore(service.store).in_channel(HERE.id)
    assert row is not None
    return row.id


async def test_two_processes_pair_the_next_round_once(service: GameService,
                                                      database: str) -> None:
    """The last game of round 1 ends with no command after it (as the scheduler ends
    one on time); two processes sweep at once: round 2 is paired and posted once."""
    tid = await signed_up(service, Terms("hachapury", "swiss", 2), 4)
    started = await service.tournament_start(MOD, HERE)
    games = await open_games(service, started.announcements)
    for game in games:
        session = await service.store.session(game.session_id or 0)
        assert session is not None
        await service.store.update_session(session, service.clock(), status="finished",
                                           outcome=resigned_by(session))
    other_store = await Store.open(database)
    try:
        other = GameService(other_store, ServiceConfig(), clock=service.clock,
                            render_images=False)
        said = await asyncio.gather(service.tournament_sweep(), other.tournament_sweep())
        posts = [a for batch in said for a in batch if ", round 2:" in a.reply.text]
        assert len(posts) == 1
        pairings = await TournamentStore(service.store).pairings(tid)
        assert [p.round for p in pairings].count(2) == 2
        assert all(p.result is not None for p in pairings if p.round == 1)
    finally:
        await other_store.close()


def resigned_by(session: Session) -> Outcome:
    """The second seat resigns."""
    return resigned(session.seats[0].side, session.seats[1].side)


async def test_games_a_dead_process_never_opened_are_handed_out_again(
        service: GameService, clock: FakeClock) -> None:
    await signed_up(service, Terms("hachapury", "round-robin"), 4)
    started = await service.tournament_start(MOD, HERE)
    assert len([g for a in started.announcements for g in a.games]) == 2
    # the process died before opening the threads: a later pass opens them
    assert not [g for a in await service.tournament_sweep() for g in a.games]
    clock.now += 600
    again = await service.tournament_sweep()
    opened = await open_games(service, again)
    assert len(opened) == 2
    assert not [g for a in await service.tournament_sweep() for g in a.games]


async def test_a_round_deadline_decides_a_game_the_mover_lost(
        service: GameService, clock: FakeClock) -> None:
    tid = await signed_up(service, Terms("hachapury", "round-robin", round_hours=24.0), 3)
    started = await service.tournament_start(MOD, HERE)
    (game,) = await open_games(service, started.announcements)
    session = await service.store.session(game.session_id or 0)
    assert session is not None
    mover = session.seat_for_side(service.position_of(session).side_to_move or "")
    assert mover is not None
    clock.now += 25 * 3600
    said = await service.tournament_sweep()
    assert any("deadline" in a.reply.text for a in said), [a.reply.text for a in said]
    pairings = await TournamentStore(service.store).pairings(tid)
    decided = next(p for p in pairings if p.round == 1 and p.second_id)
    assert decided.how == How.DEADLINE
    assert decided.result == (LOSS if decided.first_id == mover.user_id else WIN)
    ended = await service.store.session(session.id)
    assert ended is not None and not ended.live                  # lost on time, as a clock
    assert ended.outcome is not None and ended.outcome.reason == EndReason.TIMEOUT
    assert any(a.channel_id == session.channel_id and "deadline" in a.reply.text
               for a in said)                                    # told in its thread
    assert any(p.round == 2 for p in pairings)                 # the next round is on


async def test_a_player_who_never_moves_forfeits(service: GameService,
                                                 clock: FakeClock) -> None:
    tid = await signed_up(service, Terms("hachapury", "round-robin",
                                         time_control="1d,forfeit"), 3)
    started = await service.tournament_start(MOD, HERE)
    (game,) = await open_games(service, started.announcements)
    clock.now += 3 * 86400
    scheduler = Scheduler.for_service(service, deliver=_nowhere)
    posted: list[Announcement] = []

    async def tournaments() -> None:
        posted.extend(await service.tournament_sweep())

    scheduler.tournaments = tournaments
    await scheduler.run_once()
    pairings = await TournamentStore(service.store).pairings(tid)
    decided = next(p for p in pairings if p.round == 1 and p.second_id)
    assert decided.how == How.FORFEIT
    assert any("by forfeit: no move was made in time" in a.reply.text for a in posted)


async def _nowhere(note: object) -> None:
    return None


async def test_an_unrated_tournament_leaves_its_games_out_of_the_ratings(
        service: GameService) -> None:
    await signed_up(service, Terms("hachapury", "knockout", rated=False), 2)
    started = await service.tournament_start(MOD, HERE)
    (game,) = await open_games(service, started.announcements)
    session = await service.store.session(game.session_id or 0)
    assert session is not None
    loser = next(p for p in PLAYERS if p.id == session.seats[1].user_id)
    ended = await service.resign(loser, Channel(session.channel_id, HERE.guild_id))
    assert ended.ok and any("is over" in a.reply.text for a in ended.announcements)
    rows = await RatingStore(service.store).standings(HERE.guild_id or "", "hachapury",
                                                      [p.id for p in PLAYERS[:2]])
    assert rows == {}


async def test_cheesegambit_seats_three_or_four_a_table_and_scores_by_place(
        service: GameService) -> None:
    many = [User(str(3000 + i), f"q{i}") for i in range(7)]
    made = await service.tournament_new(MOD, HERE, Terms("cheesegambit", "swiss", 2,
                                                         options={"players": "4"}))
    assert made.ok, made.text
    knockout = await service.tournament_new(MOD, Channel("5002", "9000"),
                                            Terms("cheesegambit", "knockout",
                                                  options={"players": "4"}))
    assert not knockout.ok                                       # tables play Swiss
    for player in many:
        assert (await service.tournament_join(player, HERE)).ok
    started = await service.tournament_start(MOD, HERE)
    assert "Table 1:" in started.text and "Table 2:" in started.text, started.text
    games = await open_games(service, started.announcements)
    won: dict[str, int] = {p.id: 0 for p in many}
    for _ in range(2):
        next_games: list[Reply] = []
        for game in games:
            session = await service.store.session(game.session_id or 0)
            assert session is not None and len(session.seats) in (3, 4)
            thread = Channel(session.channel_id, HERE.guild_id)
            size = len(session.seats)
            # all but the last seat leave: the last wins, the others share the last place
            for seat in session.seats[:-1]:
                who = next(p for p in many if p.id == seat.user_id)
                reply = await service.resign(who, thread)
                assert reply.ok, reply.text
            won[session.seats[-1].user_id] += size - 1
            next_games += await open_games(service, reply.announcements)
        games = next_games
    row = await TournamentStore(service.store).in_channel(HERE.id)
    assert row is not None and row.status == "finished"
    pairings = await TournamentStore(service.store).pairings(row.id)
    assert all(3 <= len(p.table) <= 4 for p in pairings)
    looked = await service.tournament_standings(many[0], HERE)
    scores = {name: int(score) for name, score in
              re.findall(r"^\d+\. (\S+): (\d+) \(Buchholz", looked.text, re.MULTILINE)}
    assert scores == {p.name: won[p.id] for p in many}, looked.text


async def test_a_knockout_withdrawal_sends_the_opponent_through(service: GameService) -> None:
    tid = await signed_up(service, Terms("hachapury", "knockout", match=3), 4)
    started = await service.tournament_start(MOD, HERE)
    games = await open_games(service, started.announcements)
    assert len(games) == 2
    session = await service.store.session(games[0].session_id or 0)
    assert session is not None
    quitter = next(p for p in PLAYERS if p.id == session.seats[0].user_id)
    stayer = session.seats[1].user_id
    refused = await service.tournament_withdraw(User("9", "nobody"), HERE)
    assert not refused.ok
    out = await service.tournament_withdraw(quitter, HERE)
    assert out.ok, out.text
    thread_posts = [a for a in out.announcements if a.channel_id == session.channel_id]
    assert thread_posts and "withdrew" in thread_posts[0].reply.text
    ended = await service.store.session(session.id)
    assert ended is not None and not ended.live                 # the game is over
    pairing = (await TournamentStore(service.store).pairings(tid))[0]
    assert pairing.how == How.WITHDRAWN
    assert (pairing.result == WIN) == (pairing.first_id == stayer)
    again = await service.tournament_withdraw(quitter, HERE)
    assert not again.ok                                          # once


async def test_a_knockout_is_seeded_by_rating(service: GameService) -> None:
    """The player who won rated games before is seed 1: board 1's upper slot, and the
    opponent is seed 4, the lowest."""
    elsewhere = Channel("5077", HERE.guild_id, "friendlies")
    best = PLAYERS[3]
    for loser in PLAYERS[:3]:
        assert (await service.new(best, elsewhere, "hachapury", [loser])).ok
        assert (await service.accept(loser, elsewhere)).ok
        assert (await service.resign(loser, elsewhere)).ok
    rated = await RatingStore(service.store).standings(HERE.guild_id or "", "hachapury",
                                                       [p.id for p in PLAYERS[:4]])
    assert len(rated) == 4
    tid = await signed_up(service, Terms("hachapury", "knockout"), 4)
    assert (await service.tournament_start(MOD, HERE)).ok
    entrants = await TournamentStore(service.store).entrants(tid)
    assert entrants[0].user_id == best.id                        # the seeding
    board_one = (await TournamentStore(service.store).pairings(tid))[0]
    assert board_one.first_id == best.id and board_one.second_id == entrants[3].user_id
