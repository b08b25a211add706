"""A finished game's analysis: how much each decision lost, how lucky each throw
was, and what that makes of each player.  Pure (no I/O); words are the bot's
(its catalogue says the marks, grades and figures in each language).

**The scale.**  Every figure here is *equity* from -1 (a sure loss) to +1 (a
sure win): ``2 * share - 1`` where ``share`` is a strategy's value, the side's
expected share of the win (computer/search.py).  Equity is what backgammon
players quote error rates in, so the thresholds below read as theirs do.

- the **loss** of a decision: the best turn's equity minus the played turn's
  (0 when the best was played), both valued by ``computer.analysis_judge``
  (every legal turn one ply ahead, the best few and the played one looked at one
  reply deeper, averaged over the opponent's throws, by the game's learned
  network where it has one);
- a player's **error rate**: their total loss over their decisions that were a
  choice (more than one distinct legal turn), in equity per decision;
- the **luck** of a throw: the equity after the best turn with this throw
  minus the average of that over every throw (one ply); a player's luck is the
  sum over their throws, and their **luck-adjusted result** is their result
  (+1 a win, -1 a loss, 0 a draw) minus their luck.

The thresholds and the grade scale are stated once, here (``INACCURACY``,
``MISTAKE``, ``BLUNDER``, ``LUCKY``, ``GRADES``; GNU Backgammon's scale).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass
from enum import StrEnum

#: The analysis format stored with a game (bump it when the figures change meaning:
#: a stored analysis of another version is computed again).
#: 2: Che judged three turns deep where two tie; 3: Che's forced-loss looks (its
#: first tile judged too); 4: one reply deeper by the learned network (Hachapury,
#: Chebache).
VERSION = 4

#: Equity lost by a decision from which it is marked (``?!``, ``?``, ``??``).
INACCURACY = 0.020
MISTAKE = 0.040
BLUNDER = 0.080
#: A throw at least this lucky (or unlucky) is called so.
LUCKY = 0.300


class Mark(StrEnum):
    """A decision's mark, as annotated after its record line."""

    INACCURACY = "?!"
    MISTAKE = "?"
    BLUNDER = "??"


class Grade(StrEnum):
    """A player's grade from their error rate (GNU Backgammon's names)."""

    SUPERNATURAL = "supernatural"
    WORLD_CLASS = "world_class"
    EXPERT = "expert"
    ADVANCED = "advanced"
    INTERMEDIATE = "intermediate"
    CASUAL = "casual"
    BEGINNER = "beginner"
    AWFUL = "awful"


#: The grade scale: the first grade whose limit the error rate is under.
GRADES: tuple[tuple[float, Grade], ...] = (
    (0.002, Grade.SUPERNATURAL),
    (0.005, Grade.WORLD_CLASS),
    (0.008, Grade.EXPERT),
    (0.012, Grade.ADVANCED),
    (0.018, Grade.INTERMEDIATE),
    (0.026, Grade.CASUAL),
    (0.035, Grade.BEGINNER),
)


def grade_of(rate: float) -> Grade:
    """The grade of an error rate (equity lost per decision)."""
    for limit, grade in GRADES:
        if rate < limit:
            return grade
    return Grade.AWFUL


def mark_of(loss: float) -> Mark | None:
    """The mark a decision that lost ``loss`` equity earns (None: not an error)."""
    if loss >= BLUNDER:
        return Mark.BLUNDER
    if loss >= MISTAKE:
        return Mark.MISTAKE
    if loss >= INACCURACY:
        return Mark.INACCURACY
    return None


@dataclass(frozen=True)
class Decision:
    """One turn judged.  ``number``/``side``: the turn as logged; ``played``: its
    moves as logged; ``best``: the best turn's text ('' when there was no choice);
    ``choices``: distinct legal turns (1: forced, not counted in the error rate);
    ``played_equity``/``best_equity``: their equities; ``loss``: the difference;
    ``luck``: the throw's luck (None in a game without dice); ``deep``: whether the
    played and best turns were valued one reply deeper (else one ply: the work
    budget ran out)."""

    number: int
    side: str
    dice: tuple[int, ...]
    played: str
    best: str
    choices: int
    played_equity: float
    best_equity: float
    loss: float
    luck: float | None
    deep: bool

    @property
    def mark(self) -> Mark | None:
        return mark_of(self.loss) if self.choices > 1 else None

    @property
    def counted(self) -> bool:
        """Whether this decision counts in the error rate (it was a choice)."""
        return self.choices > 1


@dataclass(frozen=True)
class Player:
    """One side's figures (see the module's note for each)."""

    side: str
    decisions: int
    total_loss: float
    error_rate: float
    grade: Grade
    inaccuracies: int
    mistakes: int
    blunders: int
    throws: int
    luck: float
    luck_per_throw: float
    result: float
    luck_adjusted: float


@dataclass(frozen=True)
class Analysis:
    """A game's analysis: every decision judged, and each side's figures."""

    game: str
    decisions: tuple[Decision, ...]
    players: tuple[Player, ...]
    dice: bool
    version: int = VERSION

    def player(self, side: str) -> Player | None:
        return next((p for p in self.players if p.side == side), None)

    def largest_errors(self, side: str, count: int = 3) -> list[Decision]:
        """``side``'s ``count`` costliest marked decisions, costliest first."""
        own = [d for d in self.decisions if d.side == side and d.mark is not None]
        return sorted(own, key=lambda d: (-d.loss, d.number))[:count]

    def marks(self) -> dict[int, Mark]:
        """Each marked turn's mark by its number."""
        return {d.number: mark for d in self.decisions if (mark := d.mark) is not None}

    def biggest_swing(self) -> Decision | None:
        """The costliest error of the game (a daily puzzle's position)."""
        marked = [d for d in self.decisions if d.mark is not None]
        return max(marked, key=lambda d: (d.loss, -d.number)) if marked else None

    # -- stored as JSON --------------------------------------------------------------

    def to_json(self) -> str:
        return json.dumps(asdict(self), separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> Analysis:
        """The analysis ``to_json`` wrote; ValueError for anything else."""
        try:
            data = json.loads(text)
            return cls(
                game=str(data["game"]),
                decisions=tuple(Decision(**{**d, "dice": tuple(d["dice"])})
                                for d in data["decisions"]),
                players=tuple(Player(**{**p, "grade": Grade(p["grade"])})
                              for p in data["players"]),
                dice=bool(data["dice"]), version=int(data["version"]))
        except (KeyError, TypeError, json.JSONDecodeError) as exc:
            raise ValueError(f"not a stored analysis: {exc}") from exc


def summarise(game: str, decisions: Sequence[Decision], sides: Iterable[str],
              winner: str | None, dice: bool) -> Analysis:
    """Each side's figures from its judged decisions.  ``winner``: the side that won
    (None: a draw or no winner, a result of 0 for everyone)."""
    players = []
    for side in sides:
        own = [d for d in decisions if d.side == side]
        counted = [d for d in own if d.counted]
        total = sum(d.loss for d in counted)
        rate = total / len(counted) if counted else 0.0
        marks = [d.mark for d in counted]
        throws = [d.luck for d in own if d.luck is not None]
        luck = sum(throws)
        result = 0.0 if winner is None else (1.0 if winner == side else -1.0)
        players.append(Player(
            side=side, decisions=len(counted), total_loss=total, error_rate=rate,
            grade=grade_of(rate), inaccuracies=marks.count(Mark.INACCURACY),
            mistakes=marks.count(Mark.MISTAKE), blunders=marks.count(Mark.BLUNDER),
            throws=len(throws), luck=luck, luck_per_throw=luck / len(throws) if throws else 0.0,
            result=result, luck_adjusted=result - luck))
    return Analysis(game, tuple(decisions), tuple(players), dice)
