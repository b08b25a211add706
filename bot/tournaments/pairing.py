"""Tournament pairings by the well-known rules (pure: no Discord, no storage, no clock).

- **Swiss**: each round pairs players of equal score where it can (score groups),
  never pairs two players twice while another pairing avoids it, gives the bye (an odd
  number of players) to a low-scoring player who has not had one (one bye a player at
  most), and gives the first move to whichever of the two has had it less.  The round
  is one maximum-weight perfect matching (networkx's blossom algorithm) over weights
  that rank those wishes strictly: a rematch costs more than every score difference
  together, a score difference more than every first-move clash.
- **Round-robin** by the Berger tables (FIDE's handbook, C.05 annex 1): ``berger_round``.
- **Knockout**: seeded by rating into a bracket of the next power of two, the top
  seeds getting the byes, seed 1 meeting seed 2 only in the final: ``knockout_slots``.
- **Tie-breaks**: Buchholz (the sum of the scores of the opponents met) and
  Sonneborn-Berger (the scores of the opponents beaten plus half those drawn); a bye
  scores its point but adds nothing to either, as it has no opponent.
- **Tables of 3-4** (CheeseGambit): ``seat_tables`` groups players by score into tables
  of four (three where the count needs it), keeping apart players who have met.

Scores are counted in half points (``int``) so that sums are exact.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

import networkx as nx

#: One game's score for its first player, in half points: 2 a win, 1 a draw, 0 a loss.
WIN, DRAW, LOSS = 2, 1, 0
#: The half points a bye scores (a full point, as FIDE's Swiss rules give it).
BYE_POINTS = WIN


@dataclass(frozen=True)
class Pairing:
    """One game of a round: ``first`` moves first; ``second`` is None for a bye."""

    first: str
    second: str | None

    @property
    def is_bye(self) -> bool:
        return self.second is None


@dataclass(frozen=True)
class Played:
    """A finished pairing: ``result`` is the first player's score in half points
    (``WIN``, ``DRAW``, ``LOSS``); a bye has no second player and scores ``BYE_POINTS``."""

    first: str
    second: str | None
    result: int

    def score_of(self, player: str) -> int:
        if self.second is None:
            return BYE_POINTS if player == self.first else 0
        if player == self.first:
            return self.result
        if player == self.second:
            return WIN - self.result
        return 0

    def opponent_of(self, player: str) -> str | None:
        if player == self.first:
            return self.second
        if player == self.second:
            return self.first
        return None


def scores(players: Iterable[str], games: Iterable[Played]) -> dict[str, int]:
    """Each player's score in half points."""
    totals = {player: 0 for player in players}
    for game in games:
        for player in (game.first, game.second):
            if player is not None and player in totals:
                totals[player] += game.score_of(player)
    return totals


def buchholz(player: str, games: Sequence[Played], totals: Mapping[str, int]) -> int:
    """The sum of the scores of the opponents ``player`` met (byes add nothing)."""
    return sum(totals.get(opponent, 0) for game in games
               if (opponent := game.opponent_of(player)) is not None)


def sonneborn_berger(player: str, games: Sequence[Played], totals: Mapping[str, int]) -> int:
    """The opponents' scores weighted by the result against each (half points squared:
    a win counts the opponent's score twice, a draw once; halve it to read it)."""
    return sum(game.score_of(player) * totals.get(opponent, 0) for game in games
               if (opponent := game.opponent_of(player)) is not None)


@dataclass(frozen=True)
class Standing:
    player: str
    score: int
    buchholz: int
    sonneborn_berger: int


def standings(players: Sequence[str], games: Sequence[Played],
              withdrawn: Iterable[str] = ()) -> list[Standing]:
    """The table: by score, then Buchholz, then Sonneborn-Berger, then the order given
    (the seeding).  A withdrawn player stays in the table (their games still count)."""
    totals = scores(players, games)
    rows = [Standing(player, totals[player], buchholz(player, games, totals),
                     sonneborn_berger(player, games, totals)) for player in players]
    seed = {player: index for index, player in enumerate(players)}
    del withdrawn  # kept in the table: their opponents' tie-breaks need them
    return sorted(rows, key=lambda row: (-row.score, -row.buchholz, -row.sonneborn_berger,
                                         seed[row.player]))


# -- Swiss ---------------------------------------------------------------------------

_BYE = "\0bye"


def first_move_balance(player: str, games: Iterable[Played]) -> int:
    """Games moved first minus games moved second (byes left out)."""
    balance = 0
    for game in games:
        if game.second is None:
            continue
        if game.first == player:
            balance += 1
        elif game.second == player:
            balance -= 1
    return balance


def _last_first(player: str, games: Sequence[Played]) -> bool | None:
    for game in reversed(games):
        if game.second is not None and player in (game.first, game.second):
            return game.first == player
    return None


def swiss_round(players: Sequence[str], games: Sequence[Played]) -> list[Pairing]:
    """The next Swiss round for ``players`` (the active ones, in seeding order: the
    first the strongest) after ``games`` (every game so far, in the order played).

    Everyone is paired once; with an odd number, one player gets the bye, never one who
    had it while someone else had not.  The pairings come top board first."""
    active = list(dict.fromkeys(players))
    if not active:
        return []
    totals = scores(active, games)
    met: set[frozenset[str]] = {frozenset((game.first, game.second)) for game in games
                                if game.second is not None}
    had_bye = {game.first for game in games if game.second is None}
    balance = {player: first_move_balance(player, games) for player in active}
    rank = {player: index for index, player in enumerate(active)}
    n = len(active)

    # The weights, each wish outranking all the lesser ones together.
    most_score = max(totals.values(), default=0) + 1
    most_lean = max((abs(value) for value in balance.values()), default=0)
    score_unit = (most_lean ** 2 + 1) * (n + 1)             # > every clash together
    score_cost_max = score_unit * (most_score ** 2) * (n + 1)
    bye_unit = score_cost_max + 1
    repeat_cost = (score_cost_max + bye_unit * (most_score * (n + 1) + n + 1)) * (n + 1)
    base = repeat_cost * (n + 2)

    graph = nx.Graph()
    for i, a in enumerate(active):
        for b in active[i + 1:]:
            weight = base
            if frozenset((a, b)) in met:
                weight -= repeat_cost
            weight -= score_unit * (totals[a] - totals[b]) ** 2
            if balance[a] * balance[b] > 0:
                # both lean the same way: one of them leans further; the more they
                # lean already, the worse (a clash of +2 and +2 makes a +3)
                weight -= min(abs(balance[a]), abs(balance[b])) ** 2
            graph.add_edge(a, b, weight=weight)
    if n % 2:
        for player in active:
            # the bye goes low: the lower the score (and the seed), the cheaper
            weight = base - bye_unit * (totals[player] * (n + 1) + (n - rank[player]))
            if player in had_bye:
                weight -= repeat_cost
            graph.add_edge(player, _BYE, weight=weight)
    matching = nx.max_weight_matching(graph, maxcardinality=True)

    pairings: list[Pairing] = []
    for a, b in matching:
        if _BYE in (a, b):
            pairings.append(Pairing(b if a == _BYE else a, None))
            continue
        pairings.append(_oriented(a, b, balance, games, rank))
    return sorted(pairings, key=lambda p: (p.is_bye, -max(totals[p.first],
                                                          totals.get(p.second or "", 0)),
                                           min(rank[p.first], rank.get(p.second or "", n))))


def _oriented(a: str, b: str, balance: Mapping[str, int], games: Sequence[Played],
              rank: Mapping[str, int]) -> Pairing:
    """Who moves first: the one who has moved first less often; on a tie, the one who
    moved second last time; then the higher seed."""
    if balance[a] != balance[b]:
        return Pairing(a, b) if balance[a] < balance[b] else Pairing(b, a)
    last_a, last_b = _last_first(a, games), _last_first(b, games)
    if last_a is not None and last_b is not None and last_a != last_b:
        return Pairing(b, a) if last_a else Pairing(a, b)
    return Pairing(a, b) if rank[a] <= rank[b] else Pairing(b, a)


# -- Round-robin (Berger tables) -------------------------------------------------------

def berger_rounds(count: int) -> int:
    """How many rounds a round-robin of ``count`` players has."""
    return count - 1 if count % 2 == 0 else count


def berger_round(players: Sequence[str], round_number: int) -> list[Pairing]:
    """Round ``round_number`` (1-based) of the Berger table for ``players`` in their
    drawing order (player 1 first).  With an odd count, the player the table pairs with
    the missing last number has the bye."""
    count = len(players)
    if count < 2:
        return [Pairing(players[0], None)] if count == 1 else []
    size = count + count % 2
    rounds = size - 1
    if not 1 <= round_number <= rounds:
        raise ValueError(f"a round-robin of {count} has rounds 1 to {rounds}")
    modulus = size - 1

    def name(number: int) -> str | None:
        return players[number - 1] if number <= count else None

    def number_of(residue: int) -> int:
        return residue if residue else modulus

    target = (round_number + 1) % modulus
    fixed = next(k for k in range(1, modulus + 1) if (2 * k) % modulus == target)
    numbered: list[tuple[int, int]] = []
    # the last number plays ``fixed``: second in odd rounds, first in even ones
    numbered.append((fixed, size) if round_number % 2 else (size, fixed))
    for i in range(1, modulus + 1):
        j = number_of((target - i) % modulus)
        if i < j and i != fixed and j != fixed:
            # of the two, the first mover is the one from whom the other is an odd step on
            numbered.append((i, j) if (j - i) % modulus % 2 else (j, i))
    pairings: list[Pairing] = []
    for first, second in numbered:
        a, b = name(first), name(second)
        if a is None and b is not None:
            pairings.append(Pairing(b, None))
        elif b is None and a is not None:
            pairings.append(Pairing(a, None))
        elif a is not None and b is not None:
            pairings.append(Pairing(a, b))
    # boards in the table's order, the bye last
    return sorted(pairings, key=lambda p: p.is_bye)


# -- Knockout --------------------------------------------------------------------------

def bracket_size(count: int) -> int:
    size = 1
    while size < count:
        size *= 2
    return size


def seed_order(size: int) -> list[int]:
    """The seeds (1-based) slot by slot in a bracket of ``size`` (a power of two), so
    that seed 1 and 2 meet in the final, 1-4 and 2-3 in the semi-finals, and so on."""
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [seed for top in order for seed in (top, total - top)]
    return order


def knockout_slots(players_by_seed: Sequence[str]) -> list[str | None]:
    """The first round's slots, two by two: the players in seeding order (the highest
    rating first) placed by ``seed_order``; a missing seed (None) is a bye."""
    size = bracket_size(max(1, len(players_by_seed)))
    return [players_by_seed[seed - 1] if seed <= len(players_by_seed) else None
            for seed in seed_order(size)]


def knockout_round(slots: Sequence[str | None]) -> list[Pairing]:
    """The pairings of a knockout round from its slots (two by two, the upper slot
    first); a slot facing a bye goes through without playing."""
    pairings: list[Pairing] = []
    for index in range(0, len(slots), 2):
        a, b = slots[index], slots[index + 1]
        if a is not None and b is not None:
            pairings.append(Pairing(a, b))
        elif a is not None or b is not None:
            pairings.append(Pairing(a if a is not None else b or "", None))
    return pairings


def next_slots(pairings: Sequence[Pairing], winners: Mapping[int, str]) -> list[str | None]:
    """The next round's slots: the winner of each board in order (a bye's player goes
    through); ``winners`` by board index (0-based)."""
    slots: list[str | None] = []
    for index, pairing in enumerate(pairings):
        slots.append(pairing.first if pairing.is_bye else winners.get(index))
    return slots


# -- Tables of 3-4 (CheeseGambit) ------------------------------------------------------

def table_sizes(count: int) -> list[int]:
    """Tables of four, with tables of three where ``count`` is not a multiple of four
    (7: [4, 3]; 6: [3, 3]).  A count no tables of 3-4 add up to (1, 2, 5) is refused."""
    if count < 3:
        raise ValueError("a table needs three players at least")
    threes = (4 - count % 4) % 4
    if count < 3 * threes:
        raise ValueError(f"{count} players cannot sit at tables of 3-4")
    fours = (count - 3 * threes) // 4
    return [4] * fours + [3] * threes


def place_points(size: int, place: int) -> int:
    """Points for finishing ``place`` (1-based) at a table of ``size``: the last scores
    nothing, each place above one more (a table of 4: 3, 2, 1, 0)."""
    return size - place


def seat_tables(players: Sequence[str], totals: Mapping[str, int],
                met: Iterable[frozenset[str]]) -> list[list[str]]:
    """Tables of 3-4 by score (the leaders together), moving a player down past the
    next one of a table where two of them have met, when that helps."""
    pairs_met = set(met)
    order = sorted(players, key=lambda p: (-totals.get(p, 0), players.index(p)))
    tables: list[list[str]] = []
    pool = list(order)
    for size in table_sizes(len(players)):
        table: list[str] = []
        for candidate in list(pool):
            if len(table) == size:
                break
            if all(frozenset((candidate, seated)) not in pairs_met for seated in table):
                table.append(candidate)
                pool.remove(candidate)
        while len(table) < size:  # nobody fresh is left: take the next ones as they come
            table.append(pool.pop(0))
        tables.append(table)
    return tables


@dataclass(frozen=True)
class TablePlayed:
    """A finished table: its players in seat order and the points each scored by
    finishing place (``place_points``)."""

    players: tuple[str, ...]
    points: tuple[int, ...]


def table_scores(players: Iterable[str], tables: Iterable[TablePlayed],
                 byes: Iterable[str] = ()) -> dict[str, int]:
    totals = {player: 0 for player in players}
    for table in tables:
        for player, points in zip(table.players, table.points, strict=True):
            if player in totals:
                totals[player] += points
    for player in byes:
        if player in totals:
            totals[player] += BYE_TABLE_POINTS
    return totals


#: What a bye scores at tables: the points of second place at a table of four.
BYE_TABLE_POINTS = 2


def table_standings(players: Sequence[str], tables: Sequence[TablePlayed],
                    byes: Sequence[str] = ()) -> list[Standing]:
    """Tables' standings: by points, then Buchholz (the points of everyone met at a
    table), then the seeding.  (Sonneborn-Berger has no meaning at tables: 0.)"""
    totals = table_scores(players, tables, byes)
    buchholz_of = {player: 0 for player in players}
    for table in tables:
        for player in table.players:
            if player in buchholz_of:
                buchholz_of[player] += sum(totals.get(other, 0) for other in table.players
                                           if other != player)
    seed = {player: index for index, player in enumerate(players)}
    rows = [Standing(p, totals[p], buchholz_of[p], 0) for p in players]
    return sorted(rows, key=lambda row: (-row.score, -row.buchholz, seed[row.player]))


def table_round(players: Sequence[str], tables: Sequence[TablePlayed],
                had_bye: Iterable[str] = ()) -> tuple[list[list[str]], str | None]:
    """The next round at tables of 3-4: the tables (by score, apart those who met where
    it can) and the bye, when the count leaves one over (5 players: a table of four
    and a bye, to the lowest who has had none; 2: a table of two)."""
    byes = set(had_bye)
    totals = table_scores(players, tables, byes)
    met = {frozenset((a, b)) for table in tables for a in table.players
           for b in table.players if a != b}
    seated = list(players)
    bye: str | None = None
    if len(seated) in (1, 5):
        order = sorted(seated, key=lambda p: (totals.get(p, 0), -seated.index(p)))
        bye = next((p for p in order if p not in byes), order[0])
        seated.remove(bye)
    if len(seated) == 2:
        return [seated], bye
    if not seated:
        return [], bye
    return seat_tables(seated, totals, met), bye
