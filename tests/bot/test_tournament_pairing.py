"""The tournament pairing rules (bot/tournaments/pairing.py): Swiss, Berger tables,
knockout seeding, tie-breaks and tables of 3-4, checked as properties over many
tournaments played with random results, and against the published tables."""

from __future__ import annotations

import itertools
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.tournaments.pairing import (
    BYE_TABLE_POINTS,
    DRAW,
    LOSS,
    WIN,
    Pairing,
    Played,
    TablePlayed,
    berger_round,
    berger_rounds,
    buchholz,
    first_move_balance,
    knockout_round,
    knockout_slots,
    next_slots,
    place_points,
    scores,
    seat_tables,
    seed_order,
    sonneborn_berger,
    standings,
    swiss_round,
    table_round,
    table_sizes,
    table_standings,
)


def play_round(pairings: list[Pairing], rng: random.Random) -> list[Played]:
    return [Played(p.first, p.second, 0 if p.second is None else rng.choice((WIN, DRAW, LOSS)))
            for p in pairings]


def possible_without_rematch(players: list[str], met: set[frozenset[str]],
                             had_bye: set[str]) -> bool:
    """Brute force (small counts): can ``players`` be paired (one who has had no bye
    sitting out when the count is odd) with no pair that has met?"""
    if len(players) <= 1:
        return not players or players[0] not in had_bye
    first, rest = players[0], players[1:]
    if len(players) % 2 and first not in had_bye and \
            possible_without_rematch(rest, met, had_bye | set(rest)):
        return True  # ``first`` sits out
    for index, other in enumerate(rest):
        if frozenset((first, other)) not in met:
            if possible_without_rematch(rest[:index] + rest[index + 1:], met, had_bye):
                return True
    return False


@settings(max_examples=60, deadline=None)
@given(count=st.integers(min_value=2, max_value=12), rounds=st.integers(1, 6),
       seed=st.integers(0, 10_000))
def test_swiss_pairs_everyone_once_with_no_avoidable_rematch_and_one_bye_at_most(
        count: int, rounds: int, seed: int) -> None:
    rng = random.Random(seed)
    players = [f"p{i}" for i in range(count)]
    games: list[Played] = []
    rounds = min(rounds, count - 1)
    feasible = 0
    for _ in range(rounds):
        met = {frozenset((g.first, g.second)) for g in games if g.second is not None}
        pairings = swiss_round(players, games)
        seated = [p for pairing in pairings for p in (pairing.first, pairing.second) if p]
        assert sorted(seated) == sorted(players)              # everyone, once
        assert sum(pairing.is_bye for pairing in pairings) == count % 2
        had_bye = {g.first for g in games if g.second is None}
        if count > 10 or possible_without_rematch(players, met, had_bye):
            feasible += 1
            for pairing in pairings:                           # one bye a player
                assert not pairing.is_bye or pairing.first not in had_bye
            if count <= 10:                                    # no rematch if avoidable
                assert all(frozenset((p.first, p.second)) not in met
                           for p in pairings if p.second is not None)
        games += play_round(pairings, rng)
    # first moves balanced: score groups come first, so a player may lean by three
    # after five rounds or more, never by more
    for player in players:
        assert abs(first_move_balance(player, games)) <= (2 if rounds < 5 else 3)
    assert feasible >= 1                                       # round 1 always is


def test_swiss_pairs_within_score_groups_and_gives_the_bye_to_the_lowest() -> None:
    players = [f"p{i}" for i in range(5)]
    first = swiss_round(players, [])
    assert [p for p in first if p.is_bye] == [Pairing("p4", None)]  # the lowest seed
    # round 1: p0 and p1 won, p2 lost, p3 drew... build a round with clear groups
    games = [Played("p0", "p2", WIN), Played("p3", "p1", LOSS), Played("p4", None, 0)]
    second = swiss_round(players, games)
    pairs = {frozenset((p.first, p.second)) for p in second if p.second}
    # leaders (p0, p1, p4 on 2 half points): two of them meet; the bye goes to a 0
    bye = next(p.first for p in second if p.is_bye)
    assert bye in {"p2", "p3"}
    assert frozenset(("p0", "p1")) in pairs or frozenset(("p0", "p4")) in pairs or \
        frozenset(("p1", "p4")) in pairs


def test_swiss_gives_the_first_move_to_who_had_it_less() -> None:
    games = [Played("a", "b", WIN), Played("c", "d", WIN)]
    pairings = swiss_round(["a", "b", "c", "d"], games)
    for pairing in pairings:
        assert pairing.second is not None
        # whoever moved first in round 1 moves second now
        assert first_move_balance(pairing.first, games) <= \
            first_move_balance(pairing.second, games)


# the published Berger tables (FIDE Handbook C.05, annex 1), 6 players
BERGER_6 = [
    "1-6 2-5 3-4",
    "6-4 5-3 1-2",
    "2-6 3-1 4-5",
    "6-5 1-4 2-3",
    "3-6 4-2 5-1",
]


def test_round_robin_follows_the_berger_table() -> None:
    players = [str(i) for i in range(1, 7)]
    for number, row in enumerate(BERGER_6, start=1):
        expected = {tuple(pair.split("-")) for pair in row.split()}
        got = {(p.first, p.second) for p in berger_round(players, number)}
        assert got == expected, number


@given(count=st.integers(min_value=2, max_value=15))
def test_round_robin_meets_everyone_exactly_once(count: int) -> None:
    players = [f"p{i}" for i in range(count)]
    met: list[frozenset[str]] = []
    byes: list[str] = []
    for number in range(1, berger_rounds(count) + 1):
        pairings = berger_round(players, number)
        seated = [p for pairing in pairings for p in (pairing.first, pairing.second) if p]
        assert sorted(seated) == sorted(players)
        met += [frozenset((p.first, p.second)) for p in pairings if p.second]
        byes += [p.first for p in pairings if p.is_bye]
    assert sorted(met, key=sorted) == sorted(
        (frozenset(pair) for pair in itertools.combinations(players, 2)), key=sorted)
    assert len(byes) == len(set(byes)) == count % 2 * count


def test_knockout_seeds_by_rating_with_byes_to_a_power_of_two() -> None:
    assert seed_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    players = [f"s{i}" for i in range(1, 7)]  # 6 players: a bracket of 8, 2 byes
    slots = knockout_slots(players)
    first = knockout_round(slots)
    byes = [p.first for p in first if p.is_bye]
    assert byes == ["s1", "s2"]                                # the top seeds
    games = [p for p in first if not p.is_bye]
    assert {frozenset((p.first, p.second)) for p in games} == {
        frozenset(("s4", "s5")), frozenset(("s3", "s6"))}
    winners = {index: p.second or p.first for index, p in enumerate(first)}
    second = knockout_round(next_slots(first, winners))
    assert len(second) == 2 and all(not p.is_bye for p in second)


@given(count=st.integers(min_value=2, max_value=33))
def test_a_knockout_ends_with_one_winner_after_log2_rounds(count: int) -> None:
    slots = knockout_slots([f"p{i}" for i in range(count)])
    rounds = 0
    while len(slots) > 1:
        pairings = knockout_round(slots)
        slots = next_slots(pairings, {i: p.first for i, p in enumerate(pairings)})
        rounds += 1
    assert slots == ["p0"]                                     # the top seed, always first
    assert 2 ** rounds >= count > 2 ** (rounds - 1)


def test_tie_breaks_by_hand() -> None:
    # a beat b, a drew c, b beat c, d had the bye and lost to c
    games = [Played("a", "b", WIN), Played("c", "a", DRAW), Played("b", "c", WIN),
             Played("d", None, 0), Played("c", "d", WIN)]
    totals = scores("abcd", games)
    assert totals == {"a": 3, "b": 2, "c": 3, "d": 2}
    assert buchholz("a", games, totals) == 2 + 3
    assert buchholz("d", games, totals) == 3                  # the bye adds nothing
    assert sonneborn_berger("a", games, totals) == WIN * 2 + DRAW * 3
    assert sonneborn_berger("c", games, totals) == DRAW * 3 + WIN * 2
    table = standings(list("abcd"), games)
    assert buchholz("c", games, totals) == 3 + 2 + 2          # c met a, b and d
    assert [row.player for row in table] == ["c", "a", "b", "d"]


def test_tables_of_three_and_four_keep_apart_who_have_met() -> None:
    assert table_sizes(9) == [3, 3, 3]
    assert table_sizes(7) == [4, 3]
    assert table_sizes(8) == [4, 4]
    players = [f"p{i}" for i in range(8)]
    met = {frozenset(("p0", "p1"))}
    tables = seat_tables(players, {p: 0 for p in players}, met)
    assert sorted(p for table in tables for p in table) == sorted(players)
    assert not any({"p0", "p1"} <= set(table) for table in tables)


@settings(max_examples=40, deadline=None)
@given(count=st.integers(min_value=2, max_value=13), rounds=st.integers(1, 4),
       seed=st.integers(0, 10_000))
def test_tables_seat_everyone_once_three_or_four_a_table(count: int, rounds: int,
                                                          seed: int) -> None:
    rng = random.Random(seed)
    players = [f"p{i}" for i in range(count)]
    tables: list[TablePlayed] = []
    byes: list[str] = []
    for _ in range(rounds):
        seated, bye = table_round(players, tables, byes)
        everyone = [p for table in seated for p in table] + ([bye] if bye else [])
        assert sorted(everyone) == sorted(players)
        assert all(3 <= len(t) <= 4 for t in seated) or count == 2
        assert bye is None or bye not in byes or len(byes) >= count
        if bye:
            byes.append(bye)
        for table in seated:
            order = rng.sample(table, len(table))
            points = tuple(place_points(len(table), order.index(p) + 1) for p in table)
            tables.append(TablePlayed(tuple(table), points))
    rows = table_standings(players, tables, byes)
    assert sum(row.score for row in rows) == sum(sum(t.points) for t in tables) + \
        BYE_TABLE_POINTS * len(byes)
