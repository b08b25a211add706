"""Taunts chosen after the turn (bot/service/late_taunt.py): the Taunt buttons come
exactly when the engine allows a taunt, pressing one is the taunt typed at the end of
the turn (same record, same dice, same question), and a button pressed too late, by
someone else, or at a side the engine refuses changes nothing and says why (also
after a restart: a new service on the same database)."""

from __future__ import annotations

import io
import random
import subprocess
import sys
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import pytest

from bot.records import record_text
from bot.replay import replay
from bot.replies import Reply, User
from bot.service import GameService, ServiceConfig
from bot.verify import verify
from games import Position, get_game
from games.cheesegambit import CheeseGambitPosition
from games.turns import texts
from storage import Session, Store, TurnKind
from tests.bot.conftest import ALICE, BOB, CAROL, HERE, FakeClock
from tests.narrow import narrow

PLAYERS = {ALICE.id: ALICE, BOB.id: BOB, CAROL.id: CAROL}
ROOT = Path(__file__).resolve().parents[3]

#: Stores opened by the tests themselves, closed after each test.
_OPENED: list[Store] = []


@pytest.fixture(autouse=True)
async def _close_opened() -> AsyncIterator[None]:
    yield
    while _OPENED:
        await _OPENED.pop().close()


async def _service(database: str, clock: FakeClock, seed: int = 99) -> GameService:
    """A service (a process) on ``database``; the same ``seed`` gives the same games."""
    store = await Store.open(database)
    _OPENED.append(store)
    rng = random.Random(seed)
    return GameService(store, ServiceConfig(challenge_seconds=3600), clock=clock,
                       seed_factory=lambda: rng.randbytes(32), render_images=False)


async def _start(service: GameService, players: int = 2, pieces: int = 5) -> None:
    opponents = [BOB, CAROL][:players - 1]
    await service.new(ALICE, HERE, "cheesegambit", opponents, {"pieces": str(pieces)})
    for user in opponents:
        await service.accept(user, HERE)


async def _live(service: GameService) -> Session:
    """The game here (the latest, finished or not)."""
    session = await service.store.latest_session(HERE.id)
    assert session is not None
    return session


def _user(session: Session, side: str) -> User:
    seat = session.seat_for_side(side)
    assert seat is not None
    return PLAYERS[seat.user_id]


def _taunt_buttons(reply: Reply) -> list[str]:
    return [b.label for b in reply.buttons if b.action.startswith("taunt:")]


def _taunt_action(reply: Reply, index: int = 0) -> str:
    return [b.action for b in reply.buttons if b.action.startswith("taunt:")][index]


def _expected_labels(session: Session, before: Position, text: str) -> list[str]:
    """What the engine allows after ``text`` from ``before``, as button labels."""
    game = get_game(session.game)
    colours = {s.letter: s.colour for s in game.sides(session.options)}
    out = []
    for addition in texts(before.turn_additions(text, session.dice)):
        target = addition.removeprefix("T@")
        seat = session.seat_for_side(target)
        assert seat is not None
        out.append(f"Taunt {seat.name} ({colours[target]})")
    return out


async def _step(service: GameService, rng: random.Random, taunt: bool = False
                ) -> tuple[Reply, Session, Position, str]:
    """One random legal action (a turn, typed without a taunt unless ``taunt``;
    else accepting the taunt or voting yes): the reply, the session and position
    before it and the text played."""
    session = await _live(service)
    position = service.position_of(session)
    if position.action_due():
        side, text = position.actors()[0], position.action_choices()[0]
    else:
        side = position.side_to_move or ""
        text = rng.choice(texts(service.legal_turns(session)))
        targets = texts(position.turn_additions(text, session.dice))
        if taunt and targets:
            text += f" {rng.choice(targets)}"
    reply = await service.move(_user(session, side), HERE, text)
    assert reply.ok, reply.text
    return reply, session, position, text


async def _until(service: GameService, rng: random.Random,
                 wanted: Callable[[Reply], bool], limit: int = 3000, taunt: bool = False
                 ) -> tuple[Reply, Session, Position, str]:
    for _ in range(limit):
        step = await _step(service, rng, taunt)
        if wanted(step[0]):
            return step
    raise AssertionError("the wanted reply never came")


async def _refused(service: GameService, user: User, action: str, says: str) -> None:
    """``action`` pressed by ``user``: a private refusal saying ``says``; nothing changed."""
    before = await _live(service)
    reply = await service.press(user, HERE, action)
    assert not reply.ok and reply.private, reply.text
    assert says in reply.text, reply.text
    after = await _live(service)
    assert (after.version, after.position, after.dice) == \
        (before.version, before.position, before.dice)


# ------------------------------------------------------------------ when they come


async def test_buttons_come_exactly_when_the_engine_allows_a_taunt(
        database: str, clock: FakeClock) -> None:
    service = await _service(database, clock)
    await _start(service, players=3, pieces=6)
    rng = random.Random(4)
    offered = typed = 0
    for _ in range(400):
        session = await _live(service)
        if session.status != "active":
            break
        reply, before_session, before, text = await _step(service, rng,
                                                          taunt=rng.random() < 0.3)
        after = await _live(service)
        turns = await service.ledger.effective_turns(after.id)
        turned = not before.action_due()
        passes = [t for t in turns if t.number >= before_session.next_turn and
                  t.actor == "bot"]
        if not turned or " T@" in text or passes or after.status != "active":
            expected: list[str] = []
            typed += " T@" in text
        else:
            expected = _expected_labels(before_session, before, text)
        assert _taunt_buttons(reply) == expected, (text, reply.text)
        offered += bool(expected)
        if expected:  # the mover is told, with the command for the console
            assert "may still taunt" in reply.text and "`/taunt " in reply.text
    assert offered >= 3 and typed >= 1  # both kinds of turn were seen


async def test_no_buttons_when_the_computer_moves_next(database: str, clock: FakeClock
                                                       ) -> None:
    from bot.computer_seats import COMPUTER
    service = await _service(database, clock)
    await service.new(ALICE, HERE, "cheesegambit", [COMPUTER], {"pieces": "6"})
    rng = random.Random(2)
    bumps = 0
    for _ in range(300):
        session = await _live(service)
        if session.status != "active":
            break
        while (await service.computer_step(HERE)) is not None:
            pass
        session = await _live(service)
        position = service.position_of(session)
        if session.status != "active" or position.side_to_move is None:
            break
        if position.action_due():
            reply = await service.move(ALICE, HERE, position.action_choices()[0])
        else:
            text = _bumping_if_possible(service, session, position, rng)
            bumps += bool(texts(position.turn_additions(text, session.dice)))
            reply = await service.move(ALICE, HERE, text)
        assert reply.ok, reply.text
        assert _taunt_buttons(reply) == []
    assert bumps  # turns that could have taunted were played


# ------------------------------------------------------------------ pressing


def _bumping_if_possible(service: GameService, session: Session, position: Position,
                         rng: random.Random) -> str:
    """A random legal turn, one after which a taunt is possible when there is one
    (among the first 40 listed: a doubles turn may have hundreds)."""
    legal = texts(service.legal_turns(session))
    bumping = [t for t in legal[:40] if texts(position.turn_additions(t, session.dice))]
    return rng.choice(bumping or legal)


async def _twin_games(tmp_path: Path, clock: FakeClock, pieces: int = 4
                      ) -> tuple[GameService, GameService, str]:
    """The same game twice (same seed, same turns): in the first the taunt is typed at
    the end of the turn, in the second it is pressed after the turn's reply; both
    answered and played to the end.  Returns both services and the taunt's target."""
    typed = await _service(str(tmp_path / "typed.sqlite3"), clock, seed=7)
    pressed = await _service(str(tmp_path / "pressed.sqlite3"), clock, seed=7)
    for service in (typed, pressed):
        await _start(service, pieces=pieces)
    rng = random.Random(11)
    target = ""
    for _ in range(3000):
        session = await _live(pressed)
        if session.status != "active":
            break
        position = pressed.position_of(session)
        assert (await _live(typed)).position == session.position
        if position.action_due():
            side, text = position.actors()[0], position.action_choices()[0]
            user = _user(session, side)
            for service in (typed, pressed):
                assert (await service.move(user, HERE, text)).ok
            continue
        text = _bumping_if_possible(pressed, session, position, rng)
        user = _user(session, position.side_to_move or "")
        reply = await pressed.move(user, HERE, text)
        assert reply.ok, reply.text
        if target or not _taunt_buttons(reply):
            assert (await typed.move(user, HERE, text)).ok
            continue
        action = _taunt_action(reply)
        target = action.rsplit("-", 1)[1]
        dice = (await _live(pressed)).dice
        typed_taunt = await typed.move(user, HERE, f"{text} T@{target}")
        assert typed_taunt.ok
        taunted = await pressed.press(user, HERE, action)
        assert taunted.ok and not taunted.private, taunted.text
        mine, theirs = await _live(pressed), await _live(typed)
        assert mine.position is not None and mine.position == theirs.position
        assert f"taunts {target}" in mine.position
        # the same question, with the same Accept and Drop buttons (both games are
        # session 1 of their own database)
        assert taunted.buttons == typed_taunt.buttons
        assert [b.label for b in taunted.buttons] == ["Accept", "Drop"]
        assert "taunted" in taunted.text and f"T@{target}`" in taunted.text
        assert f"**{mine.next_turn - 1}{position.side_to_move}:** `" in taunted.text
        for service in (typed, pressed):
            assert (await service.move(_user(mine, target), HERE, "accept")).ok
        assert (await _live(pressed)).dice == dice  # the next player's throw is unchanged
    assert target, "no turn offered a taunt"
    return typed, pressed, target


async def test_a_pressed_taunt_is_the_typed_taunt(tmp_path: Path, clock: FakeClock) -> None:
    typed, pressed, target = await _twin_games(tmp_path, clock)
    finished = [await typed.store.latest_session(HERE.id),
                await pressed.store.latest_session(HERE.id)]
    records = []
    for service, session in zip((typed, pressed), finished, strict=True):
        assert session is not None and session.status == "finished"
        records.append(record_text(session, await service.ledger.effective_turns(session.id)))
    assert records[0] == records[1]  # every line, every die, the result
    assert f" T@{target} x2\n" in records[1]
    out, err = io.StringIO(), io.StringIO()
    assert replay("cheesegambit", records[1], out=out, err=err) == 0, out.getvalue()
    assert verify(records[1], out=io.StringIO(), err=err) == 0, err.getvalue()
    # and as a player would check it: the command line on the exported file
    path = tmp_path / "game.txt"
    path.write_text(records[1])
    for command in (["replay", "cheesegambit", str(path)], ["verify", str(path)]):
        done = subprocess.run([sys.executable, "-m", "bot", *command], cwd=ROOT,
                              capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, (command, done.stdout[-2000:], done.stderr[-2000:])
    # the log itself replays entry by entry (take-backs, /board of old games, migrate)
    from bot.service.turn_events import replay_position
    session = finished[1]
    assert session is not None
    turns = await pressed.ledger.effective_turns(session.id)
    assert any(t.kind == TurnKind.AMEND and t.record == f"T@{target}" for t in turns)
    assert replay_position(session, turns).listing() == session.position
    assert (await pressed.board(ALICE, HERE, session.id, session.next_turn - 1)).ok


async def test_a_taunt_pressed_after_a_restart(database: str, clock: FakeClock) -> None:
    service = await _service(database, clock)
    await _start(service, pieces=6)
    reply, before_session, before, text = await _until(
        service, random.Random(8), lambda r: bool(_taunt_buttons(r)))
    mover = _user(before_session, before.side_to_move or "")
    restarted = await _service(database, clock)  # no memory of the turn: replays the log
    taunted = await restarted.press(mover, HERE, _taunt_action(reply))
    assert taunted.ok, taunted.text
    target = _taunt_action(reply).rsplit("-", 1)[1]
    expected = before.play(f"{text} T@{target}", before_session.dice).position.listing()
    assert (await _live(restarted)).position == expected


async def test_slash_taunt_and_its_refusals(database: str, clock: FakeClock) -> None:
    service = await _service(database, clock)
    await _start(service, players=3, pieces=6)
    reply, before_session, before, text = await _until(
        service, random.Random(5), lambda r: bool(_taunt_buttons(r)))
    mover_side = before.side_to_move or ""
    mover = _user(before_session, mover_side)
    target = _taunt_action(reply).rsplit("-", 1)[1]
    game = get_game("cheesegambit")
    sides = [s.letter for s in game.sides(before_session.options)]
    untouched = next(s for s in sides if s != mover_side and
                     f"T@{s}" not in texts(before.turn_additions(text, before_session.dice)))
    someone_else = next(u for u in PLAYERS.values() if u != mover)
    not_yours = await service.taunt(someone_else, HERE, target)
    assert not not_yours.ok and "only right after your own turn" in not_yours.text
    wrong = await service.taunt(mover, HERE, untouched)
    assert not wrong.ok and wrong.private
    assert "you may taunt only a side you bumped this turn" in wrong.text, wrong.text
    assert "After this turn you may taunt" in wrong.text
    nobody = await service.taunt(mover, HERE, "purple")
    assert not nobody.ok and "names no opponent here" in nobody.text
    # by colour name: the same as the button
    colour = next(s.colour for s in game.sides(before_session.options) if s.letter == target)
    done = await service.taunt(mover, HERE, colour.lower())
    assert done.ok, done.text
    assert f"T@{target}`" in done.text
    again = await service.taunt(mover, HERE, target)
    assert not again.ok and "one taunt a turn" in again.text


# ------------------------------------------------------------------ refusals


async def test_stale_and_foreign_presses_change_nothing(database: str, clock: FakeClock
                                                        ) -> None:
    service = await _service(database, clock)
    await _start(service, pieces=6)
    rng = random.Random(3)
    reply, before_session, before, _text = await _until(
        service, rng, lambda r: bool(_taunt_buttons(r)))
    action = _taunt_action(reply)
    mover = _user(before_session, before.side_to_move or "")
    other = BOB if mover == ALICE else ALICE
    await _refused(service, other, action, "only they may taunt")
    await _refused(service, CAROL, action, "only they may taunt")
    # a forged tag for a side not bumped: the engine refuses
    session = await _live(service)
    target = action.rsplit("-", 1)[1]
    forged = action[:-1] + ("G" if target != "G" else "Y")
    await _refused(service, mover, forged, "Nothing was changed")
    await _refused(service, mover, f"taunt:{session.id}:nonsense", "does not say which turn")
    # the next player moves: the offer is closed, also for a new process
    await _step(service, rng)
    await _refused(service, mover, action, "had to come before the next move")
    restarted = await _service(database, clock)
    await _refused(restarted, mover, action, "had to come before the next move")


async def test_a_button_pressed_twice_and_after_a_takeback(database: str, clock: FakeClock
                                                           ) -> None:
    service = await _service(database, clock)
    await _start(service, pieces=6)
    rng = random.Random(9)
    reply, before_session, before, _text = await _until(
        service, rng, lambda r: bool(_taunt_buttons(r)))
    mover = _user(before_session, before.side_to_move or "")
    action = _taunt_action(reply)
    # a take-back of the turn closes its offer
    asked = await service.takeback(mover, HERE)
    assert asked.ok, asked.text
    other = BOB if mover == ALICE else ALICE
    assert (await service.takeback_answer(other, HERE, True)).ok
    await _refused(service, mover, action, "was taken back since")
    restarted = await _service(database, clock)
    await _refused(restarted, mover, action, "was taken back since")
    # played again, offered again: pressed once it works, twice it is refused
    reply, before_session, before, _text = await _until(
        service, rng, lambda r: bool(_taunt_buttons(r)))
    mover = _user(before_session, before.side_to_move or "")
    assert (await service.press(mover, HERE, _taunt_action(reply))).ok
    await _refused(service, mover, _taunt_action(reply), "one taunt a turn")


async def test_the_cube_held_by_the_bumped_side_forbids_the_taunt(
        database: str, clock: FakeClock) -> None:
    """After an accepted taunt the taker holds the cube: when the taunter bumps them
    again, no button is offered and ``/taunt`` gives the engine's reason."""
    service = await _service(database, clock)
    await _start(service, pieces=8)
    rng = random.Random(21)

    for _ in range(3000):
        session = await _live(service)
        if session.status != "active":
            pytest.fail("the game ended before the cube forbade a taunt")
        position = service.position_of(session)
        if position.action_due():
            await _step(service, rng)
            continue
        mover = position.side_to_move or ""
        text = rng.choice(texts(service.legal_turns(session)))
        bumped = _bumped(position, text, session.dice)
        cheese = narrow(position, CheeseGambitPosition)
        holder_bumped = [s for s in bumped if cheese.cube_holder(mover, s) == s]
        targets = texts(position.turn_additions(text, session.dice))
        if targets and not holder_bumped:
            text += f" {targets[0]}"
        reply = await service.move(_user(session, mover), HERE, text)
        assert reply.ok, reply.text
        if holder_bumped and not targets:
            assert _taunt_buttons(reply) == []
            refused = await service.taunt(_user(session, mover), HERE, holder_bumped[0])
            assert not refused.ok and "holds the cube" in refused.text, refused.text
            return
    pytest.fail("no turn bumped the cube's holder")


def _bumped(position: Position, text: str, dice: tuple[int, ...]) -> list[str]:
    """The sides ``text`` bumps (from the engine's events)."""
    from games.events import Hit
    return sorted({e.victim for e in position.play(text, dice).events if isinstance(e, Hit)})


async def test_a_typed_taunt_is_known_from_the_turns_events(database: str, clock: FakeClock
                                                            ) -> None:
    """A turn typed with its taunt (``... T@B``): ``/taunt`` afterwards is refused as a
    second taunt, told from the events the log kept with the turn (its record is not
    read back)."""
    service = await _service(database, clock)
    await _start(service, pieces=6)
    reply, before_session, before, text = await _until(
        service, random.Random(3), lambda r: " T@" in r.text, taunt=True)
    mover = _user(before_session, before.side_to_move or "")
    target = text.rsplit("T@", 1)[1]
    again = await service.taunt(mover, HERE, target)
    assert not again.ok and again.private, again.text
    assert "You already taunted at turn" in again.text, again.text
    # the turn's stored events name the taunt: what the refusal was told from
    last = [t for t in await service.store.turns(before_session.id)
            if t.kind == TurnKind.TURN][-1]
    assert last.events is not None and '"Taunted"' in last.events
