"""Tournaments' storage (storage/tournaments.py), on SQLite and PostgreSQL: a round is
paired once however many processes try, a pairing's game opens once (with its match
and clock), a result is written once."""

from __future__ import annotations

import asyncio

from storage import Store
from storage.matches import MatchStore
from storage.tournaments import (
    Format,
    GameSeat,
    How,
    NewBoard,
    NewTournament,
    TournamentStatus,
    TournamentStore,
)


def _new(target: int = 0, rated: bool = True) -> NewTournament:
    return NewTournament(guild_id="g", channel_id="c", name="Autumn", game="hachapury",
                         options={}, format=Format.SWISS, rounds=3, control="3d",
                         target=target, rated=rated, created_by="mod", starts_at=None,
                         round_hours=0.0)


async def test_sign_up_then_one_start(database: str) -> None:
    store = await Store.open(database)
    try:
        tournaments = TournamentStore(store)
        tid = await tournaments.create(_new(), 1.0)
        assert await tournaments.join(tid, "a", "alice", 1500.0, 2.0)
        assert not await tournaments.join(tid, "a", "alice", 1500.0, 2.5)  # once
        assert await tournaments.join(tid, "b", "bob", 1600.0, 3.0)
        assert await tournaments.join(tid, "c", "carol", 1600.0, 4.0)
        assert await tournaments.leave(tid, "c")
        assert [e.user_id for e in await tournaments.entrants(tid)] == ["b", "a"]
        assert await tournaments.start(tid, 3, 5.0)
        assert not await tournaments.start(tid, 3, 5.0)         # started once
        assert not await tournaments.join(tid, "d", "dave", 1500.0, 6.0)  # sign-up closed
        assert not await tournaments.leave(tid, "a")
        row = await tournaments.tournament(tid)
        assert row is not None and row.status == TournamentStatus.PLAYING
        assert await tournaments.withdraw(tid, "a", 7.0)
        assert not await tournaments.withdraw(tid, "a", 7.0)
    finally:
        await store.close()


async def test_a_round_is_paired_once_when_two_processes_race(database: str) -> None:
    first, second = await Store.open(database), await Store.open(database)
    try:
        tid = await TournamentStore(first).create(_new(), 1.0)
        boards = [NewBoard("a", "b"), NewBoard("c", None, 2, How.BYE)]
        other = [NewBoard("b", "c"), NewBoard("a", None, 2, How.BYE)]
        won = await asyncio.gather(
            TournamentStore(first).add_round(tid, 1, boards, None, 2.0),
            TournamentStore(second).add_round(tid, 1, other, None, 2.0))
        assert sorted(won) == [False, True]
        pairings = await TournamentStore(first).pairings(tid)
        assert len(pairings) == 2                               # one round's boards only
        kept = boards if won[0] else other
        assert [(p.first_id, p.second_id) for p in pairings] == \
            [(b.first_id, b.second_id) for b in kept]
        assert pairings[1].result == 2 and pairings[1].how == How.BYE
    finally:
        await first.close()
        await second.close()


async def test_a_pairing_game_opens_once_with_its_match_and_result_once(database: str) -> None:
    store = await Store.open(database)
    try:
        tournaments = TournamentStore(store)
        tid = await tournaments.create(_new(target=3, rated=False), 1.0)
        row = await tournaments.tournament(tid)
        assert row is not None
        await tournaments.add_round(tid, 1, [NewBoard("a", "b")], None, 2.0)
        pairing = (await tournaments.pairings(tid))[0]
        seats = [GameSeat("W", "a", "alice"), GameSeat("B", "b", "bob")]
        made = await tournaments.open_game(row, pairing, channel_id="t1", options={},
                                           seed="ab" * 32, seed_hash="h", seats=seats, now=3.0)
        assert made is not None
        again = await tournaments.open_game(row, pairing, channel_id="t2", options={},
                                            seed="cd" * 32, seed_hash="h", seats=seats, now=3.0)
        assert again is None
        assert await store.live_session("t2") is None           # rolled back whole
        match = await MatchStore(store).game_of(made)
        assert match is not None and match.match_id == made and match.number == 1
        found = await tournaments.pairing_of_session(made)
        assert found is not None and found.session_id == made
        assert await tournaments.set_result(found, 2, How.PLAYED)
        assert not await tournaments.set_result(found, 0, How.PLAYED)
        assert (await tournaments.pairings(tid))[0].result == 2
        assert await tournaments.unopened(10.0) == []
    finally:
        await store.close()
