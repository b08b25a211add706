"""Che through the picker and ``/legal``: every turn the engine accepts can be built,
with the two tiles in either order (after `0,1W` the picker offered no `-1,1W` when the
listing had the pair the other way round, though `/preview 0,1W -1,1W` took it); the
groups are cells named whole ("cell 0,-1", never "from 0,"); and Confirm says in words
when the turn loses at once."""

from __future__ import annotations

import random
from collections.abc import Sequence

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.picker import source_of, walk
from bot.replies import Reply
from bot.service import GameService
from bot.service.views import first_move
from games import get_game
from games.che.position import ChePosition
from games.che.regions import Effect
from games.errors import GameError
from games.turns import Turn
from storage import Store
from tests.bot.conftest import ALICE, BOB, HERE, FakeClock
from tests.bot.service.test_presses import _service

CHE = get_game("che")


def _position(seed: int, turns: int, tiles: int = 64) -> ChePosition:
    """A Che position after ``turns`` random turns that do not end the game."""
    rng = random.Random(seed)
    position = CHE.initial(CHE.normalise_options({"tiles": str(tiles)}))
    for _ in range(turns):
        legal = position.legal_turns(())
        for _try in range(50):
            after = position.play(rng.choice(legal), ()).position
            if after.result is None:
                position = after
                break
    assert isinstance(position, ChePosition)
    return position


def accepted(position: ChePosition) -> set[str]:
    """Every turn text the engine plays: one tile, or two in the order written (each
    candidate is a legal tile now, then a legal tile after it; ``play`` decides)."""
    found = set()
    for first in position.legal_placements():
        candidates = [first.text]
        after = position.place(first.text)
        if after.result is None and position.tiles_this_turn == 2:
            candidates += [f"{first.text} {o.text}" for o in after.legal_placements()]
        for text in candidates:
            try:
                position.play(text, ())
            except GameError:
                continue
            found.add(text)
    return found


def reachable(turns: Sequence[Turn]) -> set[Turn]:
    """Every turn the picker's menus lead to, trying every option of every step."""
    found: set[Turn] = set()

    def go(path: list[str]) -> None:
        step = walk(turns, path, lang="en")
        if step.turn is not None:
            found.add(step.turn)
            return
        for option in step.options:
            go([*path, option.value])

    go([])
    return found


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), turns=st.integers(0, 3))
def test_the_picker_reaches_every_turn_the_engine_accepts(seed: int, turns: int) -> None:
    position = _position(seed, turns)
    engine = accepted(position)
    offered = position.legal_turns_in_any_order(())
    assert set(offered) == engine
    assert reachable(offered) == engine
    # /legal lists them by first move: every accepted turn is under its first tile
    by_first: dict[str, set[Turn]] = {}
    for turn in offered:
        by_first.setdefault(first_move(turn), set()).add(turn)
    assert set().union(*by_first.values()) == engine


def test_both_orders_of_two_quiet_tiles_are_offered() -> None:
    position = _position(1, 2)
    canonical = position.legal_turns(())
    pairs = [t for t in canonical if len(t.steps) == 2]
    a, b = (step.text for step in pairs[0].steps)
    assert f"{b} {a}" not in canonical or f"{a} {b}" not in canonical  # listed once
    both = position.legal_turns_in_any_order(())
    for turn in pairs:
        first, second = (step.text for step in turn.steps)
        if f"{second} {first}" in accepted(position):
            assert f"{second} {first}" in both


def test_a_cell_is_a_whole_source() -> None:
    first = CHE.initial({}).legal_turns(())[0]
    assert first.text == "0,0W/" and source_of(first.steps[0]) == "0,0"
    position = _position(3, 2)
    for turn in position.legal_turns(()):
        for step in turn.steps:  # ``-1,1B``: the whole cell, never ``-1,``
            assert source_of(step) == step.target == step.text.rstrip("/\\")[:-1]
    hachapury = get_game("hachapury").initial({}, "W").legal_turns((6, 5))
    assert source_of(hachapury[0].steps[0]) == "24"


def test_che_groups_are_cells_named_whole() -> None:
    position = _position(4, 6)  # more than 25 tiles to choose from: grouped by cell
    turns = position.legal_turns_in_any_order(())
    step = walk(turns, [], lang="en")
    labels = [o.label for o in step.options]
    cells = {source_of(t.steps[0]) for t in turns}
    assert {label.removeprefix("cell ") for label in labels} == cells
    assert step.placeholder == "Choose the cell for your tile"
    russian = walk(turns, [], lang="ru")
    assert russian.placeholder == "Выберите клетку для плитки"
    assert russian.options[0].label.startswith("клетка ")


def test_che_placeholders_speak_of_tiles() -> None:
    position = _position(2, 1)
    step = walk(position.legal_turns_in_any_order(()), [], lang="en")
    assert "tile" in step.placeholder.lower() or "cell" in step.placeholder.lower(), \
        step.placeholder
    assert "move" not in step.placeholder.lower()


# -- Confirm says the turn loses --------------------------------------------------------------

async def _tap_to(service: GameService, board: Reply, target: list[str]) -> Reply:
    """Play, then the options that build ``target`` move by move (groups by their
    description, which lists their moves)."""
    step = await service.press(BOB, HERE, next(b.action for b in board.buttons
                                               if b.label == "Play"))
    done: list[str] = []
    for _ in range(10):
        assert step.ok, step.text
        if any(b.label == "Confirm" for b in step.buttons):
            return step
        (menu,) = step.menus
        want = target[len(done)]
        exact = [o for o in menu.options if o.label.split(" ")[0] == want]
        if exact:
            done.append(want)
            step = await service.press(BOB, HERE, menu.action + exact[0].value)
            continue
        group = next(o for o in menu.options if want in o.description.split(", "))
        step = await service.press(BOB, HERE, menu.action + group.value)
    raise AssertionError("never reached Confirm")


def _losing_single(position: ChePosition) -> str | None:
    for option in position.legal_placements():
        if option.effect is Effect.LOSS:
            return option.text
    return None


async def test_confirm_says_the_turn_loses_at_once(store: Store, clock: FakeClock) -> None:
    # a game played by /move until Blue (bob) can lose at once with one tile
    rng = random.Random(0)
    service = _service(store, clock)
    await service.new(ALICE, HERE, "che", [BOB], {"tiles": "64"})
    await service.accept(BOB, HERE)
    position = CHE.initial(CHE.normalise_options({"tiles": "64"}))
    losing = None
    for _ in range(60):
        session = await service.store.live_session(HERE.id)
        assert session is not None
        position = service.position_of(session)
        assert isinstance(position, ChePosition)
        mover = BOB if position.side_to_move == session.seats[1].side else ALICE
        if mover is BOB:
            losing = _losing_single(position)
            if losing:
                break
        legal = position.legal_turns(())
        turn = next(t for t in (rng.choice(legal) for _ in range(200))
                    if position.play(t, ()).position.result is None)
        played = await service.move(mover, HERE, turn.text)
        assert played.ok, played.text
    assert losing, "no losing tile came up"
    board = await service.board(BOB, HERE)
    shown = await _tap_to(service, board, [losing])
    assert "loses" in shown.text and "at once" in shown.text, shown.text
    assert "alice" in shown.text, shown.text  # who wins instead, by name


async def test_legal_lists_both_orders_under_a_first_tile(store: Store, clock: FakeClock
                                                          ) -> None:
    service = _service(store, clock)
    await service.new(ALICE, HERE, "che", [BOB], {"tiles": "64"})
    await service.accept(BOB, HERE)
    assert (await service.move(ALICE, HERE, "0,0W/")).ok
    session = await service.store.live_session(HERE.id)
    assert session is not None
    position = service.position_of(session)
    assert isinstance(position, ChePosition)
    canonical = [t.text for t in position.legal_turns(())]
    a, b = next(t.split() for t in canonical if " " in t
                and f"{t.split()[1]} {t.split()[0]}" in accepted(position)
                and f"{t.split()[1]} {t.split()[0]}" not in canonical)
    shown = await service.legal(BOB, HERE, b)
    assert shown.ok and f"`{b} {a}`" in shown.text, shown.text


async def test_tile_options_say_their_colour_in_words(store: Store, clock: FakeClock) -> None:
    service = _service(store, clock)
    await service.new(ALICE, HERE, "che", [BOB], {"tiles": "64"})
    board = await service.accept(BOB, HERE)
    step = await service.press(ALICE, HERE, next(b.action for b in board.buttons
                                                 if b.label == "Play"))
    (menu,) = step.menus
    said = {o.label: o.description for o in menu.options}
    assert said["0,0W/"] == "White band, cell 0,0", said
    assert said["0,0B\\"] == "Blue band, cell 0,0", said
