"""The analysis core (computer/analysis.py, computer/analysis_judge.py): the scale's
thresholds, the figures, the stored form, and that the measure means something
(``easy`` errs more than ``hard``; the full 100-game count is bench/bench_analysis.py)."""

from __future__ import annotations

from typing import Any

import pytest

from bench.bench_analysis import analyse, play, rates_by_level
from computer.analysis import (
    BLUNDER,
    INACCURACY,
    MISTAKE,
    Analysis,
    Decision,
    Grade,
    Mark,
    grade_of,
    mark_of,
    summarise,
)
from computer.analysis_judge import judge_for
from computer.base import Budget, Level, strategy_for
from games.base import Position
from games.che.position import ChePosition


def _decision(number: int, side: str, loss: float, luck: float | None = 0.1,
              choices: int = 5) -> Decision:
    return Decision(number, side, (3, 1), "x", "y", choices, 0.0, loss, loss, luck, True)


def test_marks_and_grades_follow_the_stated_scale() -> None:
    assert mark_of(INACCURACY - 1e-9) is None
    assert mark_of(INACCURACY) == Mark.INACCURACY
    assert mark_of(MISTAKE) == Mark.MISTAKE
    assert mark_of(BLUNDER) == Mark.BLUNDER
    assert grade_of(0.004) == Grade.WORLD_CLASS
    assert grade_of(0.007) == Grade.EXPERT
    assert grade_of(0.034) == Grade.BEGINNER
    assert grade_of(0.2) == Grade.AWFUL


def test_figures_count_choices_only_and_adjust_the_result_for_luck() -> None:
    decisions = [_decision(1, "W", 0.1), _decision(2, "B", 0.0, luck=-0.2),
                 _decision(3, "W", 0.03), _decision(4, "B", 0.5, choices=1),
                 _decision(5, "W", 0.0, luck=0.3)]
    analysis = summarise("hachapury", decisions, ("W", "B"), "W", True)
    white, black = analysis.player("W"), analysis.player("B")
    assert white is not None and black is not None
    assert white.decisions == 3 and white.total_loss == pytest.approx(0.13)
    assert white.error_rate == pytest.approx(0.13 / 3)
    assert (white.inaccuracies, white.mistakes, white.blunders) == (1, 0, 1)
    assert white.luck == pytest.approx(0.5) and white.luck_adjusted == pytest.approx(0.5)
    assert black.decisions == 1 and black.error_rate == 0.0  # the forced one is left out
    assert black.result == -1.0 and black.luck_adjusted == pytest.approx(-0.9)
    assert [d.number for d in analysis.largest_errors("W")] == [1, 3]
    assert analysis.marks() == {1: Mark.BLUNDER, 3: Mark.INACCURACY}
    assert Analysis.from_json(analysis.to_json()) == analysis
    with pytest.raises(ValueError):
        Analysis.from_json('{"game": 1}')


def test_the_best_turn_loses_nothing_and_a_worse_one_loses() -> None:
    judge = judge_for("hachapury")
    steps = play("hachapury", [Level.HARD], seed=5).steps
    step = next(s for s in steps if len(s.before.legal_turns(s.dice)) >= 6)
    turns = [t.text for t in step.before.legal_turns(step.dice)]
    judged = [judge.judge(step.before, step.dice, text, 1) for text in turns]
    best = min(judged, key=lambda d: d.loss)
    assert best.loss == 0.0 and best.best == best.played
    worst = max(judged, key=lambda d: d.loss)
    assert worst.loss > INACCURACY and worst.best != worst.played
    assert all(d.luck is not None for d in judged)


@pytest.mark.parametrize("game", ["hachapury", "chebache"])
def test_a_turn_is_judged_one_reply_deeper_by_the_learned_network(game: str) -> None:
    """The judge's look one reply deeper is ``hard``'s with the network (the
    stronger evaluation), not the hand-tuned value's: the played turn's equity
    is the network's reply search of the position it leads to."""
    strategy: Any = strategy_for(game)
    net = strategy.net_for(Level.EXPERT)
    assert net is not None
    hand = type(strategy)(learned=())
    steps = play(game, [Level.NORMAL], seed=3).steps
    step = next(s for s in steps[6:] if len(set(s.before.legal_turns(s.dice))) >= 3)
    side = step.before.side_to_move
    decision = judge_for(game).judge(step.before, step.dice, step.moves, 1)
    assert decision.deep
    after = step.before.play(step.moves, step.dice).position
    by_net = type(strategy)(learned={Level.HARD}, net=net).after_value(
        after, side, Level.HARD, Budget(600.0))
    by_hand = hand.after_value(after, side, Level.HARD, Budget(600.0))
    assert decision.played_equity == pytest.approx(2 * by_net - 1, abs=1e-9)
    assert abs(by_net - by_hand) > 1e-6


def test_easy_errs_more_than_hard() -> None:
    game = "hachapury"  # the quickest to analyse; every game's 100: bench/bench_analysis.py
    more = 0
    for index in range(3):
        levels = [Level.EASY, Level.HARD] if index % 2 == 0 else [Level.HARD, Level.EASY]
        played = play(game, levels, seed=index * 7919 + 1)
        rates = rates_by_level(played, analyse(played, work=8_000))
        more += rates[Level.EASY] > rates[Level.HARD]
    assert more == 3


def test_easy_errs_more_than_hard_in_cheesegambit() -> None:
    """Errors only (luck left out, as the bench's count does), one game of four seats
    taken in turn by the two levels."""
    played = play("cheesegambit", [Level.EASY, Level.HARD], seed=1)
    rates = rates_by_level(played, analyse(played, luck=False))
    assert rates[Level.EASY] > rates[Level.HARD]


def test_che_turns_tied_two_turns_deep_are_told_apart_three_deep(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Che's evaluation ties often two turns deep (it counts threatening regions):
    the judge then looks one turn deeper at the tied turns, so a turn that is
    strictly worse there loses, and the best loses nothing (a tie stays a tie).
    This position's third turn takes about 26,000 leaves: the budget is raised
    to reach it (with less, the two-turn tie stands: no loss, never a false one)."""
    import computer.analysis_judge as analysis_judge

    monkeypatch.setattr(analysis_judge, "UNTIE_WORK", 30_000)
    monkeypatch.setitem(analysis_judge.WORK, "che", 60_000)
    from computer.analysis_judge import _tiles_of, three_turns
    from computer.base import Budget
    from computer.che import STRATEGY
    from computer.che_board import Board
    from computer.che_search import Searcher
    from games.che.position import ChePosition

    step = play("che", [Level.EASY, Level.HARD], seed=1).steps[2]  # easy's second turn
    assert isinstance(step.before, ChePosition)
    two = STRATEGY.value_turns(step.before, (), Level.HARD, Budget(60.0))
    top = max(value for value, _ in two)
    tied = [text for value, text in two if value == top]
    assert len(tied) >= 2
    board = Board(step.before)
    three = {text: three_turns(board, Searcher(None), _tiles_of(text)) for text in tied}
    assert max(three.values()) > min(three.values())  # the position tells them apart
    judge = judge_for("che")
    judged = {text: judge.judge(step.before, (), text, 3) for text in tied}
    worse = [d for d in judged.values() if d.loss > 0]
    assert worse, "a turn strictly worse three turns deep was judged no error"
    for decision in worse:
        assert three[decision.best] > three[decision.played]
        assert decision.loss == pytest.approx(2 * (three[decision.best]
                                                   - three[decision.played]))
    best = max(tied, key=lambda text: three[text])
    assert judged[best].loss == 0.0 and judged[best].played == judged[best].best


# -- Che: the forced-loss looks (computer/che_prover.py) ---------------------------------

def _che_position(listing: str | None = None) -> Position:
    from games import get_game

    game = get_game("che")
    options = game.normalise_options({})
    return game.initial(options, "W") if listing is None else game.from_listing(listing,
                                                                                options)


def _spy_loses(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """Every answer of the judge's forced-loss look, in order."""
    import computer.analysis_judge as analysis_judge

    answers: list[bool] = []
    real = analysis_judge._loses

    def spy(*args: Any) -> bool:
        answers.append(real(*args))
        return answers[-1]

    monkeypatch.setattr(analysis_judge, "_loses", spy)
    return answers


def test_che_white_first_tile_of_the_losing_colour_is_an_error(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Game 0 (``easy`` White, lost at turn 8): its first tile, White, loses to a
    win Blue forces within four of its turns (eight turns deep; checked by the
    engine in tests/computer/test_che_prover.py), while Blue's is not found lost.
    With the look's work at 0 the first tile is a tie, as the shallower looks
    see it."""
    import computer.analysis_judge as analysis_judge

    step = play("che", [Level.EASY, Level.HARD], seed=1).steps[0]
    assert step.moves.startswith("0,0W")
    analysis_judge._opening_lost.cache_clear()
    judged = judge_for("che").judge(step.before, (), step.moves, 1)
    assert judged.loss == pytest.approx(1.0) and judged.best.startswith("0,0B")
    assert mark_of(judged.loss) == Mark.BLUNDER and judged.choices == 2
    for text in ("0,0B/", "0,0B\\"):
        assert judge_for("che").judge(step.before, (), text, 1).loss == 0.0
    monkeypatch.setattr(analysis_judge, "OPENING_WORK", 0)
    analysis_judge._opening_lost.cache_clear()
    try:
        off = judge_for("che").judge(step.before, (), step.moves, 1)
    finally:
        analysis_judge._opening_lost.cache_clear()
    assert off.loss == 0.0 and off.best == step.moves


def _forced_look(played: str, other: str) -> dict[str, float]:
    """The judge's forced-loss look at game 6, White's turn 3 (``easy`` White, seed
    47515), ``played`` against ``other`` as if the shallower looks tied them."""
    from computer.analysis_judge import CheJudge, Valued, _tiles_key
    from computer.che_board import Board

    step = play("che", [Level.EASY, Level.HARD], seed=6 * 7919 + 1).steps[2]
    assert isinstance(step.before, ChePosition)
    chosen = [Valued(text, _tiles_key(text), 0.6) for text in (played, other)]
    judge = judge_for("che")
    assert isinstance(judge, CheJudge)
    return judge.forced(Board(step.before), chosen, {v.key: v.value for v in chosen},
                        chosen[0].key, judge.budget())


def test_che_a_turn_lost_deeper_than_three_turns_is_an_error(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Game 6, turn 3: ``-2,-1B -1,1W`` is not lost three turns deep (our answer
    to Blue's reply still holds) but Blue forces a win within three of its
    turns; ``-2,-1B -3,-1B`` is searched as deep and not found lost.  Tied by the
    shallower looks, the first is a loss (0) and the second keeps its value;
    with the look's work at 0 the tie stands."""
    import computer.analysis_judge as analysis_judge
    from computer.che_board import Board
    from computer.che_search import Searcher

    lost, held = "-2,-1B -1,1W", "-2,-1B -3,-1B"
    step = play("che", [Level.EASY, Level.HARD], seed=6 * 7919 + 1).steps[2]
    assert isinstance(step.before, ChePosition)
    three = analysis_judge.three_turns(Board(step.before), Searcher(None),
                                       analysis_judge._tiles_of(lost))
    assert three > 0.0  # three turns deep it is not seen lost
    values = _forced_look(lost, held)
    assert values == {"-1,1W -2,-1B": 0.0, "-2,-1B -3,-1B": 0.6}
    assert _forced_look(held, lost) == {"-2,-1B -3,-1B": 0.6, "-1,1W -2,-1B": 0.6}
    monkeypatch.setattr(analysis_judge, "PROOF_WORK", 0)
    assert _forced_look(lost, held) == {"-1,1W -2,-1B": 0.6, "-2,-1B -3,-1B": 0.6}


def test_che_a_tie_stays_a_tie(monkeypatch: pytest.MonkeyPatch) -> None:
    """Where the played turn ties and is not lost (game 1, turn 3: the game went
    on to turn 33), and where every turn looked at is lost (game 0, turn 3:
    White lost whatever it played), the look leaves no error."""
    answers = _spy_loses(monkeypatch)
    position = _che_position("0,0B/ 0,-1W 1,-1W; tiles left 61; W to move")
    assert judge_for("che").judge(position, (), "1,-2B 1,-3B", 3).loss == 0.0
    assert answers == [False]  # looked at: the played turn is not lost
    answers.clear()
    step = play("che", [Level.EASY, Level.HARD], seed=1).steps[2]
    assert judge_for("che").judge(step.before, (), step.moves, 3).loss == 0.0
    assert len(answers) >= 2 and all(answers)  # looked at: all lost, no error


def test_che_forced_look_is_the_same_whatever_the_time_cap(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Budgeted by work: the same look twice, and with a far longer wall-time
    cap, gives the same values; so does a whole decision that looks."""
    import computer.analysis_judge as analysis_judge

    first = _forced_look("-2,-1B -1,1W", "-2,-1B -3,-1B")
    assert _forced_look("-2,-1B -1,1W", "-2,-1B -3,-1B") == first
    step = play("che", [Level.EASY, Level.HARD], seed=1).steps[2]
    decision = judge_for("che").judge(step.before, (), step.moves, 3)
    monkeypatch.setattr(analysis_judge, "CAP", 600.0)
    assert _forced_look("-2,-1B -1,1W", "-2,-1B -3,-1B") == first
    assert judge_for("che").judge(step.before, (), step.moves, 3) == decision
    assert first["-1,1W -2,-1B"] == 0.0
