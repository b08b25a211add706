"""Ratings per server and game: OpenSkill's Plackett-Luce model (openskill), which
rates games of any number of players by their finishing order, so CheeseGambit's 3-4
players are rated as they placed, not as pairs.

Pure: a finished game's outcome (who placed where, the points won) and the players'
standings in, their new standings out.  Ratings are derived data: the service keeps
them up to date and ``boardbot ratings --rebuild`` recomputes them from the
stored finished games, in the order they finished, to the same figures.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from openskill.models import PlackettLuce

from games.outcome import EndReason, Outcome

MODEL = PlackettLuce()
#: A rating is provisional until the player has finished this many rated games.
PROVISIONAL_GAMES = 5


@dataclass(frozen=True)
class Standing:
    """A player's rating in one game on one server, with their record."""

    user_id: str
    name: str
    mu: float = MODEL.mu
    sigma: float = MODEL.sigma
    games: int = 0
    wins: int = 0
    losses: int = 0
    points: int = 0
    #: wins in a row (positive) or losses in a row (negative)
    streak: int = 0

    @property
    def ordinal(self) -> float:
        """OpenSkill's conservative estimate, mu - 3 sigma (what ranks players)."""
        return self.mu - 3 * self.sigma

    @property
    def rating(self) -> int:
        """The number shown: 1500 for a newcomer, about 60 a point of skill."""
        return round(1500 + 60 * self.ordinal)

    @property
    def provisional(self) -> bool:
        return self.games < PROVISIONAL_GAMES


@dataclass(frozen=True)
class RatedGame:
    """A finished game as ratings see it: each player's place (1 the winner; equal
    places tie) and the points each won."""

    places: Mapping[str, int]
    points: Mapping[str, int]


def rated_game(ended: Outcome | None, sides: Mapping[str, str],
               placings: Sequence[tuple[str, int]]) -> RatedGame | None:
    """The game as rated, from its stored outcome ``ended``, ``sides`` (side letter ->
    user id) and the placings announced in the game (``PlacedAt`` events: side,
    place); None when nobody won (a draw is not rated here: no game of ours ends
    drawn except Che by equal regions and Chebache with no pieces left)."""
    if ended is None or ended.winner is None or ended.winner not in sides:
        return None
    winner = ended.winner
    won = points_won(ended)
    places: dict[str, int] = {}
    for side, place in placings:
        if side in sides and sides[side] not in places:
            places[sides[side]] = place
    places.setdefault(sides[winner], 1)
    last = max(places.values()) + 1
    for user in sides.values():
        places.setdefault(user, last)  # not placed (lost, dropped, resigned): last, tied
    points = {user: (won if user == sides[winner] else 0) for user in sides.values()}
    return RatedGame(places, points)


def points_won(ended: Outcome) -> int:
    """The points a won game counts for its winner in ratings and profiles.  A
    placings game (CheeseGambit) counts one: its stakes are between pairs of colours,
    its result text never stated a number, and ratings have always counted it so (a
    rebuild must give the figures the games were first rated to)."""
    return 1 if ended.reason == EndReason.PLACINGS else max(1, ended.points)


def rate(standings: Mapping[str, Standing], result: RatedGame) -> dict[str, Standing]:
    """The players' new standings after ``result`` (each player is in ``standings``)."""
    users = sorted(result.places, key=lambda u: (result.places[u], u))
    teams = [[MODEL.create_rating([standings[u].mu, standings[u].sigma], u)] for u in users]
    rated = MODEL.rate(teams, ranks=[result.places[u] for u in users])
    best = min(result.places.values())
    out: dict[str, Standing] = {}
    for user, (new,) in zip(users, rated, strict=True):
        old = standings[user]
        won = result.places[user] == best
        streak = (max(old.streak, 0) + 1) if won else (min(old.streak, 0) - 1)
        out[user] = replace(old, mu=new.mu, sigma=new.sigma, games=old.games + 1,
                            wins=old.wins + won, losses=old.losses + (not won),
                            points=old.points + result.points.get(user, 0), streak=streak)
    return out
