"""The match rules (bot/matches.py): the Crawford game, the points a game scores,
and the replay of match records next to single-game records (which replay exactly
as before)."""

from __future__ import annotations

import io

from bot.matches import (
    EXIT_ILLEGAL,
    EXIT_MALFORMED,
    MatchError,
    game_points,
    is_crawford,
    parse_target,
    resigned_match,
    split_games,
    supports_match,
)
from bot.replay import replay, replay_game
from games import get_game
from games.outcome import ABORTED, EndReason, Outcome, resigned, timed_out

HACHAPURY = get_game("hachapury")
CHEESEGAMBIT = get_game("cheesegambit")


def test_the_crawford_game_follows_the_first_reach_of_match_point_minus_one() -> None:
    assert is_crawford(7, {"a": 6, "b": 2}, crawford_played=False)
    assert not is_crawford(7, {"a": 6, "b": 2}, crawford_played=True)  # once only
    assert not is_crawford(7, {"a": 5, "b": 5}, crawford_played=False)
    assert not is_crawford(7, {"a": 7, "b": 6}, crawford_played=False)  # the match is over
    assert not is_crawford(1, {"a": 0, "b": 0}, crawford_played=False)  # nobody reached 0


def test_a_game_scores_its_result_or_the_stake_it_stood_at() -> None:
    mars = HACHAPURY.from_listing("W: 15@F; B: 4@24, 11@6; W wins 2", {})
    assert game_points(Outcome("W", 2, EndReason.MARS), mars, ["W", "B"]) == ("W", 2)
    unfinished = HACHAPURY.initial({}, "W")
    assert game_points(resigned("B", "W"), unfinished, ["W", "B"]) == ("B", 1)
    assert game_points(ABORTED, unfinished, ["W", "B"]) is None
    assert game_points(None, unfinished, ["W", "B"]) is None
    cubed = CHEESEGAMBIT.from_listing("R: 4@9, 3@33, 4@49, 3@65; B: 4@13, 3@29, 4@45, 3@69; "
                                      "cube R-B 4 B; R to move", {})
    assert game_points(timed_out("B", "R"), cubed, ["R", "B"]) == ("B", 4)


def test_only_a_match_resignation_resigns_the_match() -> None:
    assert resigned_match(resigned("B", "W", whole_match=True))
    assert not resigned_match(resigned("B", "W"))
    assert not resigned_match(timed_out("B", "W"))
    assert not resigned_match(None)


def test_targets_and_games_that_cannot_be_matches() -> None:
    assert parse_target(" 7 ", "en") == 7
    for bad in ("0", "26", "-3", "7.5", "٣"):
        try:
            parse_target(bad, "en")
        except MatchError:
            continue
        raise AssertionError(f"{bad!r} was taken as a target")
    assert supports_match("hachapury", {}, "en") is None
    assert supports_match("cheesegambit", {"players": "2"}, "en") is None
    assert "two players" in (supports_match("cheesegambit", {"players": "3"}, "en") or "")
    assert "no matches" in (supports_match("che", {}, "en") or "")


_GAME = '''[Game "hachapury"]
[White "alice"]
[Black "bob"]
{tags}1W: [6 5]; 24/19, 19/13
2B: [3 1]; 24/21, 24/23
'''


def test_a_single_game_record_replays_exactly_as_before() -> None:
    text = _GAME.format(tags="")
    out, direct = io.StringIO(), io.StringIO()
    assert replay("hachapury", text, None, out) == replay_game("hachapury", text, None, direct)
    assert out.getvalue() == direct.getvalue() and "match" not in out.getvalue()
    assert len(out.getvalue().splitlines()) == 4


def test_match_records_that_do_not_add_up() -> None:
    first = _GAME.format(tags='[Match "3"]\n[MatchGame "1"]\n[Score "alice 0, bob 0"]\n'
                              '[Result "B wins (W resigned)"]\n')
    second = _GAME.format(tags='[Match "3"]\n[MatchGame "2"]\n[Score "alice 0, bob 1"]\n')
    assert split_games(first + "\n" + second) == [first + "\n", second]
    out = io.StringIO()
    assert replay("hachapury", first + second, None, out) == 0
    lines = out.getvalue().splitlines()
    assert lines[0] == "match game 1 to 3: alice 0, bob 0"
    assert lines[-1] == "match to 3: alice 0, bob 1; in progress"
    wrong = second.replace("bob 1", "bob 2")
    out = io.StringIO()
    assert replay("hachapury", first + wrong, None, out) == EXIT_ILLEGAL
    assert out.getvalue().splitlines()[-1] == ("illegal match game 2: the Score tag says "
                                               "alice 0, bob 2, the games before give "
                                               "alice 0, bob 1")
    skipped = second.replace('MatchGame "2"', 'MatchGame "4"')
    out = io.StringIO()
    assert replay("hachapury", first + skipped, None, out) == EXIT_ILLEGAL
    assert "should be game 2" in out.getvalue()
    unfinished_first = first.replace('[Result "B wins (W resigned)"]\n', "")
    out = io.StringIO()
    assert replay("hachapury", unfinished_first + second, None, out) == EXIT_ILLEGAL
    assert "game 1 before it was not finished" in out.getvalue()
    err = io.StringIO()
    no_score = second.replace('[Score "alice 0, bob 1"]\n', "")
    assert replay("hachapury", first + no_score, None, io.StringIO(), err) == EXIT_MALFORMED
    assert "needs Match, MatchGame and Score tags" in err.getvalue()
    after_the_end = first.replace('Match "3"', 'Match "1"') + second.replace(
        'Match "3"', 'Match "1"')
    out = io.StringIO()
    assert replay("hachapury", after_the_end, None, out) == EXIT_ILLEGAL
    assert "the match was already over: bob had won it" in out.getvalue()
