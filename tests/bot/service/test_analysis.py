"""Game analysis through the service (bot/service/analysis.py): ``/analysis game:ID``
says each player's figures and largest errors with a picture of them; the analysis
is computed once and stored; the post-game message is claimed once, only for games
with a person, and a server may turn it off."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from bot.actions import Drill, encode
from bot.analysis_work import drill_listing
from bot.replay import replay
from bot.replies import Reply, User
from bot.service import GameService, ServiceConfig
from computer.analysis import Analysis
from games import get_game
from storage import Store
from storage.analysis import AnalysisStore
from tests.bot.conftest import ALICE, BOB, CAROL, HERE, MOD, FakeClock
from tests.bot.service.test_replays import _played


@pytest.fixture
def drawing(store: Store, clock: FakeClock) -> GameService:
    rng = random.Random(99)
    return GameService(store, ServiceConfig(image_width=560), clock=clock,
                       seed_factory=lambda: rng.randbytes(32))


async def test_analysis_of_a_finished_game_is_said_once_and_drawn(drawing: GameService
                                                                   ) -> None:
    game_id = await _played(drawing, "hachapury", 30)  # random turns: errors to find
    reply = await drawing.analysis(ALICE, HERE, game_id)
    assert reply.ok, reply.text
    assert f"Analysis of game #{game_id}" in reply.text
    assert "?! inaccuracy from 0.020" in reply.text and "beginner under 0.035" in reply.text
    assert "**alice**:" in reply.text and "**bob**:" in reply.text
    assert "per decision over" in reply.text and "luck-adjusted" in reply.text
    assert "better:" in reply.text  # random play errs
    assert len(reply.text) <= 2000
    assert reply.image is not None and reply.image_name == f"analysis-{game_id}.png"
    picture = Image.open(io.BytesIO(reply.image))
    assert picture.width >= 560 and picture.height > picture.width // 4
    assert "after the turn played on the left" in reply.image_description

    stored = await AnalysisStore(drawing.store).stored(game_id)
    assert stored is not None
    again = await drawing.analysis(BOB, HERE, game_id)
    assert again.text == reply.text
    assert (await AnalysisStore(drawing.store).stored(game_id)) == stored  # not computed again

    missing = await drawing.analysis(ALICE, HERE, game_id + 40)
    assert not missing.ok and f"no game {game_id + 40}" in missing.text


async def test_said_in_the_channels_language(service: GameService) -> None:
    game_id = await _played(service, "hachapury", 12)
    assert (await service.settings(MOD, HERE, server_language="ru")).ok
    reply = await service.analysis(ALICE, HERE, game_id)
    assert reply.ok
    assert f"Разбор партии #{game_id}" in reply.text and "за решение" in reply.text


async def test_the_post_is_claimed_once_and_a_server_may_turn_it_off(
        service: GameService) -> None:
    first = await _played(service, "hachapury", 8)
    due = await service.analyses_to_post()
    assert [reply.session_id for _, reply in due] == [first]
    channel, reply = due[0]
    assert channel.id == HERE.id and "Analysis of game" in reply.text
    assert await service.analyses_to_post() == []  # claimed: never twice

    refused = await service.settings(ALICE, HERE, server_analysis="off")
    assert not refused.ok and "Only a moderator" in refused.text
    said = await service.settings(MOD, HERE, server_analysis="off")
    assert said.ok and "Analyses after games in this server: off." in said.text
    await _played(service, "hachapury", 8)
    assert await service.analyses_to_post() == []
    assert (await service.settings(MOD, HERE, server_analysis="on")).ok
    assert len(await service.analyses_to_post()) == 1


async def test_the_record_carries_the_marks_and_still_replays(service: GameService) -> None:
    game_id = await _played(service, "hachapury", 30)
    before = await service.record(ALICE, HERE, game_id)
    assert before.attachment is not None
    plain = before.attachment[1].decode()
    assert (await service.analysis(ALICE, HERE, game_id)).ok
    after = await service.record(ALICE, HERE, game_id)
    assert after.attachment is not None
    text = after.attachment[1].decode()
    stored = await AnalysisStore(service.store).stored(game_id)
    assert stored is not None
    marks = Analysis.from_json(stored.data).marks()
    assert marks  # random turns err
    lines = {line.split(":")[0]: line for line in text.splitlines() if not line.startswith("[")}
    for number, mark in marks.items():
        side_line = next(v for k, v in lines.items() if k[:-1] == str(number))
        assert side_line.endswith(f" {mark.value}")
    assert sum(line.endswith(("?!", "?")) for line in text.splitlines()) == len(marks)
    assert plain != text
    out, err = io.StringIO(), io.StringIO()
    assert replay("hachapury", text, out=out, err=err) == 0, err.getvalue()
    plain_out = io.StringIO()
    assert replay("hachapury", plain, out=plain_out, err=err) == 0
    assert out.getvalue() == plain_out.getvalue()


async def test_dice_stats_for_the_server_a_member_and_a_game(service: GameService) -> None:
    first = await _played(service, "hachapury", 20)
    await _played(service, "hachapury", 10)
    assert (await service.analysis(ALICE, HERE, first)).ok
    here = await service.stats(ALICE, HERE, "dice")
    assert here.ok and "**Dice in this server**:" in here.text
    assert "Faces: 1: " in here.text and "Doubles: " in here.text
    assert "Chi-square" in here.text and "5 degrees of freedom" in here.text
    assert "Average luck per throw in the analysed games:" in here.text
    one = await service.stats(ALICE, HERE, "dice", game_id=first)
    turns = [t for t in await service.ledger.effective_turns(first) if t.kind == "turn"]
    assert f"**Dice in game #{first}**: {len(turns)} throws, {2 * len(turns)} dice." \
        in one.text
    alice = await service.stats(ALICE, HERE, "dice", member=ALICE)
    assert "alice's turns" in alice.text and alice.text != here.text
    refused = await service.stats(ALICE, HERE, "coins")
    assert not refused.ok and "`/stats` counts `dice`" in refused.text


async def test_review_steps_through_a_game_with_its_marks(drawing: GameService) -> None:
    game_id = await _played(drawing, "hachapury", 20)
    first = await drawing.review(ALICE, HERE, game_id)
    assert first.ok and first.private and first.image is not None
    assert [b.label for b in first.buttons] == ["◀", "▶"] or \
        [b.label for b in first.buttons] == ["▶"]
    assert len(first.menus) == 1 and len(first.menus[0].options) <= 25
    assert first.menus[0].action == f"review:{game_id}:r"
    analysis = await drawing.analysis(ALICE, HERE, game_id)
    assert analysis.ok
    stored = await AnalysisStore(drawing.store).stored(game_id)
    assert stored is not None
    marks = Analysis.from_json(stored.data).marks()
    number, mark = next(iter(marks.items()))
    shown = await drawing.press(BOB, HERE, f"review:{game_id}:r{number}")
    assert shown.ok and f"Analysis: {mark.value}," in shown.text and "better: `" in shown.text
    assert any(o.label.endswith(mark.value) and o.value == str(number)
               for o in shown.menus[0].options)
    forward = next(b for b in shown.buttons if b.label == "▶")
    after = await drawing.press(BOB, HERE, forward.action)
    assert after.ok and after.text != shown.text
    start = await drawing.review(ALICE, HERE, game_id, 0)
    assert [b.label for b in start.buttons] == ["▶"]
    wrong = await drawing.review(ALICE, HERE, game_id, 9999)
    assert not wrong.ok and "has no turn 9999" in wrong.text
    other = await _played(drawing, "hachapury", 4)
    old = await drawing.press(BOB, HERE, f"review:{game_id}:r0")
    assert f"game {game_id} after" in old.text and other != game_id  # bound to its game


async def _build(service: GameService, user: User, shown: Reply, steps: list[str]
                 ) -> Reply:
    """The turn of ``steps`` built with a drill's picker, press by press (a group of
    moves opened first where the menu groups them), up to its Confirm."""
    for text in steps:
        menu = shown.menus[0]
        option = next((o for o in menu.options if o.label == text), None)
        if option is None:
            for group in (o for o in menu.options if o.value.startswith("g")):
                opened = await service.press(user, HERE, menu.action + group.value)
                option = next((o for o in opened.menus[0].options if o.label == text), None)
                if option is not None:
                    shown = opened
                    break
        assert option is not None, f"{text} is not offered"
        shown = await service.press(user, HERE, shown.menus[0].action + option.value)
        assert shown.ok and shown.private, shown.text
    return shown


async def test_train_offers_your_own_errors_built_with_the_picker(drawing: GameService
                                                                  ) -> None:
    refused = await drawing.train(ALICE, HERE, "hachapury")
    assert not refused.ok and "No analysed Hachapury game here" in refused.text
    game_id = await _played(drawing, "hachapury", 24)
    assert (await drawing.analysis(ALICE, HERE, game_id)).ok
    drill = await drawing.train(ALICE, HERE, "hachapury")
    assert drill.ok and drill.private and drill.image is not None
    assert f"from your game #{game_id}" in drill.text
    menu = drill.menus[0]
    assert menu.action.startswith(f"drill:{game_id}:q") and 1 <= len(menu.options) <= 25
    turn = int(menu.action.split(":q")[1].rstrip("-"))
    stored = await AnalysisStore(drawing.store).stored(game_id)
    assert stored is not None
    decision = next(d for d in Analysis.from_json(stored.data).decisions if d.number == turn)
    session = await drawing.store.session(game_id)
    assert session is not None
    position = get_game("hachapury").from_listing(
        drill_listing(session, await drawing.ledger.effective_turns(game_id), turn),
        session.options)

    def steps_of(text: str) -> list[str]:
        """The moves of the legal turn that leads where ``text`` does."""
        goal = position.play(position.split_additions(text)[0], decision.dice).position
        legal = position.legal_turns_in_any_order(decision.dice)
        found = next(t for t in legal
                     if position.play(t, decision.dice).position.listing() == goal.listing())
        return [step.text for step in found.steps]

    # the better turn, built move by move: shown on the board first, then confirmed
    built = await _build(drawing, ALICE, drill, steps_of(decision.best))
    assert built.image is not None and "Your answer: `" in built.text
    assert [b.label for b in built.buttons] == ["Confirm", "Back"]
    confirm = next(b for b in built.buttons if b.label == "Confirm")
    right = await drawing.press(ALICE, HERE, confirm.action)
    assert right.ok and right.text.startswith("Right:"), right.text
    # the turn played in the game: wrong, and the better turn is named
    built = await _build(drawing, ALICE, drill, steps_of(decision.played))
    wrong = await drawing.press(ALICE, HERE, built.buttons[0].action)
    assert wrong.text.startswith("Not quite:")
    assert f"the better turn is `{decision.best}`" in wrong.text
    # judged again as the analysis judged it: the same loss (the judge works by budget)
    assert f"gives away {decision.loss:.3f}" in wrong.text, wrong.text
    # Back undoes the last move; an unfinished turn is not an answer
    back = next(b for b in built.buttons if b.label == "Back")
    undone = await drawing.press(ALICE, HERE, back.action)
    assert undone.ok and undone.menus
    assert ("So far:" in undone.text) == (len(steps_of(decision.played)) > 1)
    unfinished = Drill(game_id, turn, (), confirm=True)
    refused = await drawing.press(ALICE, HERE, encode(unfinished))
    assert not refused.ok and "not complete" in refused.text

    theirs = await drawing.train(CAROL, HERE, "hachapury")  # no game of carol's: the server's
    assert theirs.ok and f"from game #{game_id} of this server" in theirs.text
    forged = await drawing.press(ALICE, HERE, f"drill:{game_id}:q{turn}-99")
    assert not forged.ok and "does not fit this drill" in forged.text
    old = await drawing.press(ALICE, HERE, f"drill:{game_id}:d{turn}-1")  # a first-version drill
    assert not old.ok and "no longer available" in old.text
    other_turn = await drawing.press(ALICE, HERE, f"drill:{game_id}:q{turn + 1000}-")
    assert not other_turn.ok and "no longer available" in other_turn.text


async def test_the_profile_shows_error_rate_and_luck_over_time(service: GameService) -> None:
    before = await service.profile(ALICE, HERE)
    assert "Analysed games" not in before.text
    games = [await _played(service, "hachapury", 16) for _ in range(3)]
    for game_id in games:
        assert (await service.analysis(ALICE, HERE, game_id)).ok
    shown = await service.profile(ALICE, HERE)
    assert "**Analysed games**" in shown.text
    analysed = shown.text.split("**Analysed games**")[1]
    line = next(x for x in analysed.splitlines() if x.startswith("Hachapury: "))
    assert "over 3 games (older " in line and "newer " in line and "luck " in line
    players = []
    for game_id in games:
        stored = await AnalysisStore(service.store).stored(game_id)
        assert stored is not None
        session = await service.store.session(game_id)
        assert session is not None
        seat = session.seat_of(ALICE.id)
        assert seat is not None
        player = Analysis.from_json(stored.data).player(seat.side)
        assert player is not None
        players.append(player)
    rate = sum(p.total_loss for p in players) / sum(p.decisions for p in players)
    assert line.startswith(f"Hachapury: {rate:.3f} over 3 games")


async def test_the_daily_puzzle_is_yesterdays_biggest_swing(service: GameService,
                                                             clock: FakeClock) -> None:
    clock.now = 1_800_000_000.0 - 1_800_000_000.0 % 86400 + 3600  # 01:00 UTC
    game_id = await _played(service, "hachapury", 24)
    assert (await service.analysis(ALICE, HERE, game_id)).ok
    assert not (await service.settings(ALICE, HERE, server_puzzle="on")).ok
    said = await service.settings(MOD, HERE, server_puzzle="on")
    assert said.ok and "The daily puzzle in this server: on" in said.text
    due = [r for _, r in await service.analyses_to_post() if "Daily puzzle" in r.text]
    assert due == []  # the game is today's: tomorrow's puzzle
    clock.now += 86400
    posted = await service.analyses_to_post()
    puzzles = [(c, r) for c, r in posted if "Daily puzzle" in r.text]
    assert len(puzzles) == 1
    channel, reply = puzzles[0]
    stored = await AnalysisStore(service.store).stored(game_id)
    assert stored is not None
    swing = Analysis.from_json(stored.data).biggest_swing()
    assert swing is not None
    assert channel.id == HERE.id and not reply.private
    assert f"game #{game_id} of this server, turn {swing.number}" in reply.text
    assert reply.menus and reply.menus[0].action == f"drill:{game_id}:q{swing.number}-"
    assert [r for _, r in await service.analyses_to_post() if "Daily puzzle" in r.text] == []


@pytest.mark.parametrize(("game", "options", "entries"), [
    ("che", {"tiles": "24"}, 10), ("cheesegambit", {"players": "2", "pieces": "4"}, 16)])
async def test_a_drill_of_every_kind_of_turn_is_answered_with_the_picker(
        drawing: GameService, game: str, options: dict[str, str], entries: int) -> None:
    """Tiles (Che: a cell, then its colour) and moves with taunts to add (CheeseGambit:
    a drill asks for the turn alone) are built with the same picker."""
    game_id = await _played(drawing, game, entries, options)
    assert (await drawing.analysis(ALICE, HERE, game_id)).ok
    drill = await drawing.train(ALICE, HERE, game)
    assert drill.ok, drill.text  # (seeded random play errs: there is a drill)
    shown = drill
    for _ in range(12):
        if not shown.menus:
            break
        menu = shown.menus[0]
        assert 1 <= len(menu.options) <= 25 and menu.action.startswith(f"drill:{game_id}:q")
        shown = await drawing.press(ALICE, HERE, menu.action + menu.options[0].value)
        assert shown.ok, shown.text
    assert "Your answer: `" in shown.text and shown.image is not None
    answer = await drawing.press(ALICE, HERE, shown.buttons[0].action)
    assert answer.ok and answer.text.startswith(("Right:", "Not quite:")), answer.text
