"""The service logs each turn's events and draws the board's last turn from
them; for rows logged before the log kept events it replays the turn."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from bot.replies import User
from bot.service import GameService
from games import GameError, Played, Position, get_game
from games.events import Event, events_from_json
from games.turns import texts
from renderer import RenderContext, render
from storage import Session, Store, TurnEntry
from tests.bot.conftest import ALICE, BOB, CAROL, HERE, FakeClock
from tests.bot.service.test_games import _play_to_the_end


async def _start(service: GameService, game: str) -> Session:
    assert (await service.new(ALICE, HERE, game, [BOB])).ok
    assert (await service.accept(BOB, HERE)).ok
    session = await service.store.live_session(HERE.id)
    assert session is not None
    return session


async def _now(service: GameService) -> tuple[Session, Position]:
    session = await service.store.live_session(HERE.id)
    assert session is not None
    return session, service.position_of(session)


async def _move_for_the_mover(service: GameService, session: Session, position: Position,
                              text: str) -> None:
    seat = session.seat_for_side(position.side_to_move or "")
    assert seat is not None
    assert (await service.move(ALICE if seat.user_id == ALICE.id else BOB, HERE, text)).ok


async def _play(service: GameService, turns: int, seed: int
                ) -> tuple[Session, list[tuple[Event, ...]]]:
    """Play ``turns`` random turns through the service; the session after them and
    what the engine says each turn did."""
    rng = random.Random(seed)
    done: list[tuple[Event, ...]] = []
    for _ in range(turns):
        session, position = await _now(service)
        text = rng.choice(texts(service.legal_turns(session)))
        done.append(position.play(text, session.dice).events)
        await _move_for_the_mover(service, session, position, text)
        # no forced pass came up (the seed is picked so): the log holds the turns alone
        assert len(await service.store.turns(session.id)) == len(done)
    session = await service.store.live_session(HERE.id)
    assert session is not None
    return session, done


def _expected_png(service: GameService, session: Session, position: Position,
                  events: tuple[Event, ...], last_side: str, last_moves: str) -> bytes:
    """The picture of ``position`` with ``events`` as its last turn, drawn directly."""
    return render(position, RenderContext(
        names={s.side: s.name for s in session.seats}, dice=session.dice, last_side=last_side,
        last_moves=last_moves, last_events=events, width=service.config.image_width,
        theme=service.config.theme, viewer=min(session.seats, key=lambda s: s.seat).side))


async def test_each_turns_events_are_logged_and_drawn(service: GameService) -> None:
    service.render_images = True
    await _start(service, "hachapury")
    session, done = await _play(service, 3, seed=4)
    logged = await service.store.turns(session.id)
    assert [events_from_json(t.events or "") for t in logged] == done
    last = logged[-1]
    board = await service.board(CAROL, HERE)
    position = service.position_of(session)
    assert board.image == _expected_png(service, session, position, done[-1], last.side,
                                        last.moves)
    # and the events are what makes the marks: without them the picture differs
    assert board.image != _expected_png(service, session, position, (), last.side, last.moves)


async def _forget_events(store: Store) -> None:
    """Make every logged row look as the program before migration 4 left it
    (events NULL), lifting the append-only trigger for a moment to do so."""
    async with store.transaction() as run:
        if store.dialect == "postgresql":
            await run("ALTER TABLE turns DISABLE TRIGGER turns_no_update")
            await run("UPDATE turns SET events=NULL")
            await run("ALTER TABLE turns ENABLE TRIGGER turns_no_update")
            return
        (trigger,) = (await run(
            "SELECT sql FROM sqlite_master WHERE name='turns_no_update'")).rows[0]
        await run("DROP TRIGGER turns_no_update")
        await run("UPDATE turns SET events=NULL")
        await run(trigger)


async def test_rows_without_events_are_replayed_for_the_picture(
        service: GameService) -> None:
    service.render_images = True
    await _start(service, "cheesegambit")
    session, done = await _play(service, 4, seed=2)
    with_events = (await service.board(CAROL, HERE)).image
    await _forget_events(service.store)
    last = await service.store.last_turn(session.id)
    assert last is not None and last.events is None
    # replayed from the position before the last turn: the same picture as before
    without = (await service.board(CAROL, HERE)).image
    assert without == with_events
    position = service.position_of(session)
    assert without == _expected_png(service, session, position, done[-1], last.side, last.moves)
    assert without != _expected_png(service, session, position, (), last.side, last.moves)


def _replay_entry(position: Position, entry: TurnEntry) -> Played:
    """One log entry played again (as bot/correspondence.py replays the log)."""
    if entry.kind == "turn":
        return position.play(entry.moves, entry.dice)
    try:
        return position.play_action(entry.moves, entry.side)
    except GameError:
        return position.play_action(entry.record)


@pytest.mark.parametrize("game, opponents, options, kinds", [
    # taunts and their answers, a player leaving the others playing
    ("cheesegambit", [BOB, CAROL], {"pieces": "4"},
     {("turn", "player"), ("amend", "player"), ("line", "player")}),
    # turns the bot passes for a player who cannot move
    ("chebache", [BOB], {}, {("turn", "player"), ("turn", "bot")}),
])
async def test_every_kind_of_entry_logs_the_events_it_had(
        service: GameService, game: str, opponents: list[User], options: dict[str, str],
        kinds: set[tuple[str, str]]) -> None:
    """Each log entry's stored events are what playing it again gives."""
    assert (await service.new(ALICE, HERE, game, opponents, options)).ok
    for player in opponents:
        assert (await service.accept(player, HERE)).ok
    rng = random.Random(3)
    if len(opponents) > 1:
        with pytest.raises(AssertionError, match="did not end"):
            await _play_to_the_end(service, rng, limit=12)  # stop a while in: the game goes on
        for user in (CAROL, BOB, ALICE):  # one still in leaves: a line of its own
            if (await service.resign(user, HERE)).ok:
                break
        else:
            raise AssertionError("nobody could leave")
    await _play_to_the_end(service, rng)
    session = await service.store.latest_session(HERE.id)
    assert session is not None and session.status == "finished"
    assert kinds <= await _logged_events_replay(service, session)


async def _logged_events_replay(service: GameService, session: Session) -> set[tuple[str, str]]:
    """Check every entry's stored events against playing it again; the (kind,
    who) of the entries seen."""
    assert session.initial_position is not None
    position = get_game(session.game).from_listing(session.initial_position, session.options)
    seen: set[tuple[str, str]] = set()
    for entry in await service.ledger.effective_turns(session.id):
        played = _replay_entry(position, entry)
        assert entry.events is not None, entry
        assert events_from_json(entry.events) == played.events, entry
        seen.add((entry.kind, "bot" if entry.actor == "bot" else "player"))
        position = played.position
    return seen


async def test_an_answer_the_bot_settles_logs_its_events(
        service: GameService, clock: FakeClock) -> None:
    await service.new(ALICE, HERE, "cheesegambit", [BOB], {"pieces": "6"})
    await service.accept(BOB, HERE)
    rng = random.Random(11)
    session, position = await _now(service)
    while not position.action_due():  # random play, taunting at the first bump
        text = rng.choice(texts(service.legal_turns(session)))
        taunt = texts(position.turn_additions(text, session.dice))[:1]
        await _move_for_the_mover(service, session, position, " ".join([text, *taunt]))
        session, position = await _now(service)
    clock.now += service.config.answer_seconds + 60
    await service.legal(CAROL, HERE)  # the bot drops the taunt left unanswered
    final = await service.store.latest_session(HERE.id)
    assert final is not None and final.status == "finished"
    assert ("amend", "bot") in await _logged_events_replay(service, final)


async def test_a_preview_draws_the_turn_it_would_play(service: GameService) -> None:
    service.render_images = True
    session = await _start(service, "hachapury")
    position = service.position_of(session)
    seat = session.seat_for_side(position.side_to_move or "")
    assert seat is not None
    text = texts(service.legal_turns(session))[0]
    played = position.play(text, session.dice)
    reply = await service.preview(ALICE if seat.user_id == ALICE.id else BOB, HERE, text)
    context = RenderContext(
        names={s.side: s.name for s in session.seats}, dice=session.dice, last_side=seat.side,
        last_moves=played.moves, last_events=played.events, viewer=seat.side,
        width=service.config.image_width, theme=service.config.theme,
        footer="preview: not played")
    assert reply.image == render(played.position, context)
    assert reply.image != render(played.position, replace(context, last_events=()))
