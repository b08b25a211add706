"""Matches to N points through the service: the games follow one another, the
Crawford game is marked (and, in CheeseGambit, played without taunts), the score
is in every reply and on the board, the match record replays with the real
``python -m bot replay``, and the match is rated once."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from bot.notifications import Notification
from bot.replies import Reply, User
from bot.scheduler import Scheduler
from bot.service import GameService
from bot.service.request import Request
from storage import SessionStatus
from storage.matches import MatchStatus, MatchStore
from storage.ratings import RatingStore
from tests.bot.conftest import ALICE, BOB, CAROL, HERE, MOD, FakeClock

DAY = 24 * 3600.0

_LINE = re.compile(r"-# Match to (\d+), game (\d+): alice (\d+), bob (\d+)( · Crawford game)?$")


def _match_line(reply: Reply) -> tuple[int, int, int, int, bool]:
    """(target, game, alice's points, bob's points, Crawford) from a reply's last line."""
    found = _LINE.search(reply.text.splitlines()[-1])
    assert found is not None, reply.text
    target, game, a, b = (int(g) for g in found.groups()[:4])
    return target, game, a, b, found.group(5) is not None


async def _player_to_move(service: GameService) -> User:
    session = await service.current_session(HERE)
    assert session is not None and session.status == SessionStatus.ACTIVE
    side = service.position_of(session).side_to_move
    seat = session.seat_for_side(side or "")
    assert seat is not None
    return ALICE if seat.user_id == ALICE.id else BOB


async def _play_out(service: GameService) -> Reply:
    """Play the game here to its end with the first legal turn each time (the dice
    come from the fixture's seeded seeds); the reply of the last turn."""
    session = await service.current_session(HERE)
    assert session is not None
    game_id = session.id
    for _ in range(600):
        session = await service.current_session(HERE)
        assert session is not None
        mover = await _player_to_move(service)
        turn = (await service.legal_turns_async(session))[0]
        reply = await service.move(mover, HERE, turn)
        assert reply.ok, reply.text
        assert _match_line(reply)  # the score under every turn
        if "**Game over**" in reply.text:
            latest = await service.store.session(game_id)
            assert latest is not None and latest.status == SessionStatus.FINISHED
            return reply
    raise AssertionError("the game did not end")


async def _start_match(service: GameService, game: str, target: int) -> Reply:
    offered = await service.new(ALICE, HERE, game, [BOB], {"match": str(target)})
    assert offered.ok, offered.text
    assert f"a match to {target} points" in offered.text
    assert _match_line(offered)[:4] == (target, 1, 0, 0)
    begun = await service.accept(BOB, HERE)
    assert begun.ok and "begins" in begun.text
    return begun


async def test_a_match_with_the_crawford_game_replays_and_is_rated_once(
        service: GameService, tmp_path: Path) -> None:
    await _start_match(service, "hachapury", 3)
    matches = MatchStore(service.store)
    seen_crawford: list[int] = []
    for _ in range(12):
        session = await service.current_session(HERE)
        assert session is not None
        view = await matches.game_of(session.id)
        assert view is not None
        games = await matches.games(view.match_id)
        score = {ALICE.id: 0, BOB.id: 0}
        for g in games:
            if g.winner:
                score[g.winner] += g.points
        # the Crawford game is exactly the one after a player first reaches 2
        assert view.crawford == (2 in score.values() and not seen_crawford), (score, view)
        if view.crawford:
            seen_crawford.append(view.number)
            ended = await _play_out(service)  # the Crawford game is played to its end
        elif max(score.values()) < 2:
            # before it, the trailer (or bob) resigns: a quick point for the leader
            loser = BOB if score[ALICE.id] >= score[BOB.id] else ALICE
            ended = await service.resign(loser, HERE)
            assert ended.ok and "resigns" in ended.text
        else:
            ended = await _play_out(service)
        target, number, a, b, crawford = _match_line(ended)
        assert target == 3 and (a, b) != (score[ALICE.id], score[BOB.id])
        match = await matches.match(view.match_id)
        assert match is not None
        if match.status == MatchStatus.FINISHED:
            assert "wins the match to 3" in ended.text
            assert ended.attachment is not None and "match" in ended.attachment[0]
            assert max(a, b) >= 3 and number == view.number
            break
        # the next game has begun in the same reply, its score line the new score
        assert f"Game {view.number + 1} begins" in ended.text
        assert number == view.number + 1 and crawford == ("Crawford" in ended.text)
    else:
        raise AssertionError("the match did not end")
    assert len(seen_crawford) == 1

    # the match record: every game in turn, with the match tags; replayed for real
    record = await service.record(ALICE, HERE)
    assert record.attachment is not None
    text = record.attachment[1].decode()
    assert text.count('[Game "hachapury"]') == number
    assert text.count('[Crawford "true"]') == 1
    assert f'[MatchGame "{seen_crawford[0]}"]' in text
    path = tmp_path / "match.txt"
    path.write_text(text)
    done = subprocess.run([sys.executable, "-m", "bot", "replay", "hachapury", str(path)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout[-500:] + done.stderr
    out = done.stdout.splitlines()
    headers = [line for line in out if line.startswith("match game ")]
    assert len(headers) == number
    assert headers[seen_crawford[0] - 1].endswith(", Crawford")
    winner = "alice" if a > b else "bob"
    assert out[-1] == f"match to 3: alice {a}, bob {b}; {winner} wins the match"
    # and every game's dice check against its own revealed seed
    verified = subprocess.run([sys.executable, "-m", "bot", "verify", str(path)],
                              capture_output=True, text=True, timeout=120)
    assert verified.returncode == 0, verified.stdout + verified.stderr
    assert [line[:4] for line in verified.stdout.splitlines()] == ["ok: "] * number

    # a Score tag that does not add up is an illegal match game, not a crash
    forged = text.replace('[Score "alice 0, bob 0"]', '[Score "alice 0, bob 1"]', 1)
    forged = re.sub(r'\[MatchGame "2"\]\n\[Score "[^"]*"\]',
                    '[MatchGame "2"]\n[Score "alice 9, bob 9"]', forged)
    path.write_text(forged)
    bad = subprocess.run([sys.executable, "-m", "bot", "replay", "hachapury", str(path)],
                         capture_output=True, text=True, timeout=120)
    assert bad.returncode == 1
    assert bad.stdout.splitlines()[-1].startswith("illegal match game 2: the Score tag says "
                                                  "alice 9, bob 9")
    # the Crawford mark taken away: the replay names the missing Crawford game
    path.write_text(text.replace('[Crawford "true"]\n', ""))
    moved = subprocess.run([sys.executable, "-m", "bot", "replay", "hachapury", str(path)],
                           capture_output=True, text=True, timeout=120)
    assert moved.returncode == 1
    assert f"illegal match game {seen_crawford[0]}: this is the Crawford game" in moved.stdout

    # rated once, for the match, from its final score; a rebuild gives the same
    noted = await service.store.fetchall(
        "SELECT rated, reason FROM rated_games ORDER BY session_id")
    assert [r[0] for r in noted] == [0] * (number - 1) + [1]
    assert all("rated with its match" in r[1] for r in noted[:-1])
    rows = {r.user_id: r for _, _, r in await RatingStore(service.store).all_rows()}
    assert rows[ALICE.id].games == rows[BOB.id].games == 1
    assert rows[ALICE.id].points == a and rows[BOB.id].points == b
    assert rows[ALICE.id if a > b else BOB.id].wins == 1
    live = await RatingStore(service.store).all_rows()
    await service.rebuild_ratings()
    assert await RatingStore(service.store).all_rows() == live


async def test_a_cheesegambit_match_plays_its_crawford_game_without_taunts(
        service: GameService, tmp_path: Path) -> None:
    await _start_match(service, "cheesegambit", 2)
    first = await service.current_session(HERE)
    assert first is not None and first.options["taunt"] == "on"
    ended = await service.resign(BOB, HERE)  # a 2-player resignation: the stake, 1
    assert _match_line(ended) == (2, 2, 1, 0, True)
    assert "no taunts (the cube)" in ended.text
    crawford = await service.current_session(HERE)
    assert crawford is not None and crawford.options["taunt"] == "off"
    assert "taunt off" in (crawford.position or "")
    # resigning the whole match: the opponent wins it, whatever the score
    asked = await service.confirm_resign(ALICE, HERE)
    assert [b.label for b in asked.buttons] == ["Resign", "Resign the match"]
    gone = await service.press(ALICE, HERE, asked.buttons[1].action)
    assert gone.ok, gone.text
    assert "bob wins the match to 2** (alice resigned the match)" in gone.text
    assert gone.attachment is not None
    text = gone.attachment[1].decode()
    assert '[Crawford "true"]' in text and '[Taunt "off"]' in text
    assert "resigned the match" in text
    path = tmp_path / "cg.txt"
    path.write_text(text)
    done = subprocess.run([sys.executable, "-m", "bot", "replay", "cheesegambit", str(path)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout[-500:] + done.stderr
    assert done.stdout.splitlines()[-1] == "match to 2: alice 1, bob 1; bob wins the match"
    # a Crawford game that allows taunts is refused by the replay
    path.write_text(text.replace('[Taunt "off"]\n', ""))
    bad = subprocess.run([sys.executable, "-m", "bot", "replay", "cheesegambit", str(path)],
                         capture_output=True, text=True, timeout=120)
    assert bad.returncode == 1 and "without the cube" in bad.stdout
    rows = {r.user_id: r for _, _, r in await RatingStore(service.store).all_rows()}
    assert rows[BOB.id].wins == 1 and rows[ALICE.id].losses == 1
    # a rematch is a new match on the match's own options (taunts on again)
    again = await service.press(BOB, HERE, gone.buttons[0].action)
    assert again.ok and "a match to 2 points" in again.text
    offered = await service.current_session(HERE)
    assert offered is not None and offered.options["taunt"] == "on"


async def test_matches_the_game_cannot_play_are_refused(service: GameService) -> None:
    for options, words in (
            ({"match": "0"}, "1 to 25 points, not 0"),
            ({"match": "26"}, "not 26"),
            ({"match": "seven"}, "`match=seven` is not a number of points"),
    ):
        refused = await service.new(ALICE, HERE, "hachapury", [BOB], options)
        assert not refused.ok and words in refused.text, refused.text
    chebache = await service.new(ALICE, HERE, "chebache", [BOB], {"match": "5"})
    assert not chebache.ok and "Chebache has no matches" in chebache.text
    three = await service.new(ALICE, HERE, "cheesegambit", [BOB, CAROL], {"match": "5"})
    assert not three.ok and "two players" in three.text
    lobby = await service.new(ALICE, HERE, "cheesegambit", [], {"match": "5"})
    assert not lobby.ok and "name your one opponent" in lobby.text
    assert await service.store.live_session(HERE.id) is None  # nothing was opened


async def test_an_aborted_game_ends_its_match_and_a_game_alone_has_no_match_line(
        service: GameService) -> None:
    await _start_match(service, "hachapury", 5)
    ended = await service.resign(ALICE, HERE)
    assert _match_line(ended)[:4] == (5, 2, 0, 1)
    aborted = await service.abort(MOD, HERE)
    assert aborted.ok and "Match to" in aborted.text
    assert await service.store.live_session(HERE.id) is None  # no game 3
    match = await MatchStore(service.store).latest_in_channel(HERE.id)
    assert match is not None and match.status == MatchStatus.ABANDONED
    single = await service.new(ALICE, HERE, "hachapury", [BOB])
    assert single.ok and "Match to" not in single.text


async def test_the_board_carries_the_match_line(service: GameService) -> None:
    await _start_match(service, "hachapury", 3)
    session = await service.current_session(HERE)
    assert session is not None
    caption = await service.context.labels.caption(session, Request(BOB, HERE))
    assert caption == "Match to 3, game 1: alice 0, bob 0"
    service.render_images = True
    board = await service.board(BOB, HERE)
    assert board.ok and board.image is not None


async def test_a_match_game_lost_on_time_by_the_scheduler_starts_the_next_game(
        service: GameService, clock: FakeClock) -> None:
    """No command follows a forfeit the scheduler makes: its notice moves the match on
    itself, and says so (the next game begins with the score)."""
    offered = await service.new(ALICE, HERE, "hachapury", [BOB], {"match": "3"},
                                time_control="1d,forfeit")
    assert offered.ok, offered.text
    assert (await service.accept(BOB, HERE)).ok
    first = await service.current_session(HERE)
    assert first is not None

    async def nowhere(note: Notification) -> None:
        pass

    fired = await Scheduler.for_service(service, nowhere).run_once(clock.now + 2 * DAY)
    forfeits = [n for n in fired if n.kind == "forfeit"]
    assert len(forfeits) == 1, [n.kind for n in fired]
    assert "ran out of time" in forfeits[0].text
    assert re.search(r"Match to 3, game 2: alice [01], bob [01]", forfeits[0].text), \
        forfeits[0].text
    second = await service.current_session(HERE)
    assert second is not None and second.id != first.id
    assert second.status == SessionStatus.ACTIVE
