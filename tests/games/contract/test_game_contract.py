"""The game contract, checked for every game in the registry.

Whatever a game is, the service, renderers and replay rely on the same
promises (games/base.py): listings read back to the same position; every
listed legal turn plays; its record line, read by games/record.py, replays to
the same position; positions never change; options validate from their
declared specs; and the events a turn reports move the pieces from the
position before to the position after.  Play is random (seeded by
hypothesis), from the start and from mid-game positions read back from their
listings.
"""

from __future__ import annotations

import copy
import io
import random
import re
from collections import Counter
from collections.abc import Mapping
from types import MappingProxyType

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.replay import replay
from games import GAME_MODULES, Game, OptionError, Played, Position, get_game
from games.base import OptionKind, OptionSpec
from games.events import (
    BorneOff,
    Event,
    Flipped,
    Hit,
    Moved,
    Passed,
    Resigned,
    Sacrificed,
    TauntDropped,
    TilePlaced,
    Trapped,
    Won,
)
from games.messages import parts_of
from games.outcome import OFF_BOARD, EndReason, outcome_text
from games.record import ActionLine, TurnLine, format_tag, format_turn, parse_record
from games.turns import Addition, AdditionKind, StepKind, Turn

GAMES = list(GAME_MODULES)

#: Memo attributes a position may fill in lazily (searches, caches): not state.
_MEMO_WORDS = ("cache", "legal", "search", "analysis", "placements")

#: How many of a position's legal turns are each played (all when fewer).
_TURNS_TRIED = 12


# -- helpers -------------------------------------------------------------------------

def internals(position: Position) -> dict[str, object]:
    """A deep copy of the position's state attributes (memo tables left out)."""
    names = set(getattr(position, "__dict__", {}))
    for cls in type(position).__mro__:
        names |= set(getattr(cls, "__slots__", ()))
    return {n: _copy(getattr(position, n)) for n in sorted(names)
            if hasattr(position, n) and not any(w in n for w in _MEMO_WORDS)}


def _copy(value: object) -> object:
    if isinstance(value, MappingProxyType):  # read-only view: copy what it shows
        return dict(value)
    return copy.deepcopy(value)


def snapshot(position: Position) -> tuple[str, dict[str, object], object]:
    return position.listing(), internals(position), dict(position.piece_counts() or {})


def apply_events(counts: Mapping[tuple[str, str], int], events: tuple[Event, ...]
                 ) -> Counter[tuple[str, str]]:
    """The piece counts after ``events``, from the counts before them."""
    out: Counter[tuple[str, str]] = Counter(counts)

    def shift(side: str, src: str, dst: str, n: int) -> None:
        out[(side, src)] -= n
        assert out[(side, src)] >= 0, f"{side} had no {n} piece(s) on {src}: {events}"
        out[(side, dst)] += n

    for e in events:
        if isinstance(e, Moved):
            shift(e.side, e.src, e.dst, e.count)
        elif isinstance(e, BorneOff):
            shift(e.side, e.src, "F", e.count)
        elif isinstance(e, Hit):
            shift(e.victim, e.at, e.to, e.count)
        elif isinstance(e, Flipped):
            out[(e.old, e.old_at)] -= 1
            out[(e.side, e.at)] += 1
        elif isinstance(e, Trapped | Sacrificed):
            shift(e.side, e.at, e.to, e.count)
        elif isinstance(e, TilePlaced):
            out[(e.colour, e.cell)] += 1
        elif isinstance(e, Resigned | TauntDropped):
            for key in [k for k in out if k[0] == e.side]:
                del out[key]  # the side leaves the game with its pieces
    return +out  # drop zero counts


def check_events(before: Position, played: Played, turn_text: str | None,
                 dice: tuple[int, ...] = ()) -> None:
    """The events agree with the positions before and after them, and the dice
    they name were thrown (doubles count four times)."""
    after = played.position
    events = played.events
    assert all(isinstance(e, Event) for e in events)
    counts = before.piece_counts()
    if counts is not None:
        assert apply_events(counts, events) == Counter(after.piece_counts() or {}), events
    used = Counter(e.die for e in events
                   if isinstance(e, Moved | BorneOff) and e.die is not None)
    thrown = Counter(dice * (2 if len(dice) == 2 and dice[0] == dice[1] else 1))
    assert not used - thrown, f"events use dice {used} of {dice}: {events}"
    if turn_text is not None:
        passed = any(isinstance(e, Passed) for e in events)
        assert passed == before.is_pass(played.moves), (played.moves, events)
        if not passed:
            assert events, f"a turn that is not a pass did something: {played.moves}"
    wins = [e for e in events if isinstance(e, Won)]
    ended = after.result is not None and before.result is None
    assert len(wins) == (1 if ended else 0), (events, after.result)
    if wins:
        assert after.result is not None
        assert wins[0].side == (after.result.winner or "")
        assert wins[0].points == after.result.points
        # the engine says why as data (the bot stores it and tells it in words), and
        # its outcome states the text the listing and the record write
        outcome = after.result.outcome
        assert outcome.reason not in (EndReason.PLAYED, *OFF_BOARD), outcome
        assert outcome_text(outcome) == after.result.text, (outcome, after.result.text)
        # why, and the result an error names, are codes all through: no part is kept as
        # words (``why_text`` is for rows of earlier versions), and the English is the text
        why, said = wins[0].why, after.result.said
        assert why is not None, events
        assert all(part.code != "why_text" for part in parts_of(why) + parts_of(said)), why
        assert str(said) == after.result.text


def check_question(game: Game, position: Position) -> None:
    """The question a position waits for matches ``action_due``, concerns only sides
    that play, and the game has a word for its kind (the bot names it)."""
    question = position.question()
    assert (question is None) == (not position.action_due())
    if question is not None:
        letters = {s.letter for s in game.sides(position.options)}
        assert question.sides and set(question.sides) <= letters, question
        assert set(position.actors()) <= set(question.sides)
        assert game.question_nouns[question.kind]


def check_listing(game: Game, position: Position) -> Position:
    """The listing reads back to a position with the same listing."""
    again = game.from_listing(position.listing(), position.options)
    assert again.listing() == position.listing()
    assert again.side_to_move == position.side_to_move
    assert again.result == position.result
    return again


def check_record_line(game: Game, before: Position, number: int, side: str,
                      played: Played, dice: tuple[int, ...]) -> None:
    """The record line, read by the record parser, replays to the same position."""
    text = format_tag("Game", game.name) + "\n" + format_turn(number, side, played.record)
    entries = parse_record(text, game.action_line).entries
    assert len(entries) == 1 and isinstance(entries[0], TurnLine), text
    turn = entries[0]
    assert (turn.side, turn.dice) == (side, dice)
    again = before.play(turn.text, turn.dice)
    assert again.position.listing() == played.position.listing(), text
    assert again.record == played.record


def play_all_listed(position: Position, dice: tuple[int, ...], rng: random.Random) -> None:
    """Every listed legal turn (a sample when there are many) plays, unchanged."""
    legal = position.legal_turns(dice)
    assert legal, "a position with a side to move has at least one turn (a pass)"
    assert len(set(legal)) == len(legal), "legal turns are deduplicated"
    for text in rng.sample(legal, min(len(legal), _TURNS_TRIED)):
        played = position.play(text, dice)
        assert played.moves == text, "legal turns are listed in canonical form"
        check_turn_value(position, text, dice)
        for extra in position.turn_additions(text, dice):
            position.play(f"{text} {extra}", dice)


#: Where a turn's text separates its written parts (a Che cell's comma has no space).
_PARTS = re.compile(r",\s+|\s+")


def check_turn_value(position: Position, turn: Turn, dice: tuple[int, ...]) -> None:
    """A listed turn is a value whose text reads back to the same turn, whose steps
    say what the text says, and which carries the additions ``turn_additions`` offers."""
    assert isinstance(turn, Turn), f"legal_turns lists Turn values, not {type(turn)}"
    assert str(turn) == turn.text == turn.moves and not turn.additions
    assert turn.steps, "a turn has at least one step (a pass is a pass step)"
    read = position.read_turn(turn.text, dice)
    assert read == turn and read.steps == turn.steps, (turn.text, read.steps, turn.steps)
    if turn.is_pass:
        assert [s.text for s in turn.steps] == [turn.text] and position.is_pass(turn)
    else:
        assert _PARTS.split(turn.text) == [s.text for s in turn.steps], turn.text
        assert not position.is_pass(turn)
    for step in turn.steps:
        assert step.count >= 1, step
        if step.kind == StepKind.PLACE_TILE:
            assert step.source == step.target and step.colour, step
            assert step.text.startswith(step.target + step.colour), step
        elif step.kind in (StepKind.MOVE, StepKind.ENTER, StepKind.BEAR_OFF, StepKind.JUMP):
            places = [step.source, *step.via, step.target]
            assert all(places), step
            inner = step.text[step.text.index("(") + 1:-1] if step.text.endswith(")") \
                else step.text
            # the places in the text's order: start, the squares passed, end
            assert re.split(r"[/\\X^]", inner) == places, step
            counted = re.fullmatch(r"([0-9]+)\(.*\)", step.text)
            if counted:  # ``2(24/18)``: that many pieces
                assert step.count == int(counted[1]), step
            elif "(" not in step.text:
                assert step.count == 1, step
            if "X" in inner:  # a notation that marks a bump marks a bumping step
                assert step.bumps, step
    for addition in position.turn_additions(turn, dice):
        assert isinstance(addition, Addition)
        added = turn.with_addition(addition)
        assert added.text == f"{turn.text} {addition.text}" and added.moves == turn.text
        again = position.read_turn(added.text, dice)
        assert again == added and again.additions == (addition,), added.text
        if addition.kind == AdditionKind.TAUNT:
            assert addition.text == f"T@{addition.target}"
            assert addition.target in position.actors() or addition.target != \
                position.side_to_move
        assert position.split_additions(added.text) == (turn.text, addition.text)


# -- the random game ------------------------------------------------------------------

def random_value(spec: OptionSpec, rng: random.Random) -> str:
    """An allowed value, small numbers favoured (short games reach their ends)."""
    if spec.kind == OptionKind.SWITCH:
        return rng.choice(spec.words)
    return str(rng.choice([spec.low, spec.low + 1, rng.randint(spec.low, spec.high)]))


def random_game(name: str, seed: int, turns: int, restart_at: int | None) -> None:
    """Play ``turns`` random steps, checking the contract at every one, in as
    many games as it takes (short games end early); at step ``restart_at`` of
    the first game continue from the position read back from its listing."""
    rng = random.Random(seed)
    while turns > 0:
        turns -= one_game(name, rng, turns, restart_at)
        restart_at = None


def one_game(name: str, rng: random.Random, turns: int, restart_at: int | None) -> int:
    """One random game of at most ``turns`` steps (options drawn from the
    specs); returns the steps played."""
    game = get_game(name)
    options = game.normalise_options({spec.name: random_value(spec, rng)
                                      for spec in game.option_specs})
    sides = [s.letter for s in game.sides(options)]
    position = game.initial(options, rng.choice(sides) if game.opening_throw else None)
    start = position
    lines: list[str] = []
    number = 1
    last_turn: tuple[Position, int, str, str] | None = None  # before, number, side, line
    step = 0
    for step in range(turns):
        if position.result is not None:
            break
        if step == restart_at:
            position = check_listing(game, position)
            start, lines, last_turn = position, [], None
        check_listing(game, position)
        before = snapshot(position)
        check_question(game, position)
        if position.action_due():
            choices = position.action_choices()
            assert choices, "an action is due, so there are texts that answer it"
            side = rng.choice(position.actors())
            played = position.play_action(rng.choice(choices), side)
            check_events(position, played, None)
            if played.amends_previous and last_turn is None:
                # restarted from a listing between a turn and its answer: the turn
                # line is not in this record, so there is nothing to join it to
                assert step == restart_at
                assert snapshot(position) == before, "playing changed the position played from"
                position = start = played.position
                continue
            if played.amends_previous:
                assert last_turn is not None and lines
                joined = game.join_action(last_turn[3], played.record)
                lines[-1] = joined
                check_joined(game, last_turn, joined, played.position)
            else:
                lines.append(played.record)
                entries = parse_record(format_tag("Game", name) + "\n" + played.record,
                                       game.action_line).entries
                assert [type(e) for e in entries] == [ActionLine]
        else:
            mover = position.side_to_move
            assert mover is not None
            side = mover
            count = position.dice_count()
            dice = tuple(rng.randint(1, 6) for _ in range(count))
            play_all_listed(position, dice, rng)
            text = rng.choice(position.legal_turns(dice)).text
            extras = position.turn_additions(text, dice)
            if extras and rng.random() < 0.5:
                text = f"{text} {rng.choice(extras)}"
            played = position.play(text, dice)
            check_events(position, played, text, dice)
            check_record_line(game, position, number, side, played, dice)
            line = format_turn(number, side, played.record)
            lines.append(line)
            last_turn = (position, number, side, line)
            number += 1
        assert snapshot(position) == before, "playing changed the position played from"
        position = played.position
    check_replay(game, start, lines, position)
    return step + 1


def check_joined(game: Game, last_turn: tuple[Position, int, str, str], joined: str,
                 after: Position) -> None:
    """A turn line completed by its answer replays to the position after the answer."""
    before, number, side, _ = last_turn
    entries = parse_record(format_tag("Game", game.name) + "\n" + joined, game.action_line)
    turn = entries.turns[0]
    assert (turn.number, turn.side) == (number, side)
    assert before.play(turn.text, turn.dice).position.listing() == after.listing(), joined


def check_replay(game: Game, start: Position, lines: list[str], end: Position) -> None:
    """The whole record replays (bot/replay.py, the `replay` command) to ``end``."""
    tags = [format_tag("Game", game.name), format_tag("Position", start.listing())]
    tags += [format_tag(k.capitalize(), v) for k, v in start.options.items()]
    out, err = io.StringIO(), io.StringIO()
    code = replay(game.name, "\n".join(tags + lines) + "\n", out=out, err=err)
    assert code == 0, (out.getvalue(), err.getvalue())
    printed = out.getvalue().splitlines()
    assert (printed[-1] if printed else start.listing()) == end.listing()


@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=4)
@given(seed=st.integers(0, 2**32 - 1))
def test_random_play_from_the_start(name: str, seed: int) -> None:
    random_game(name, seed, turns=60, restart_at=None)


@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=4)
@given(seed=st.integers(0, 2**32 - 1), restart=st.integers(5, 40))
def test_random_play_from_mid_game(name: str, seed: int, restart: int) -> None:
    random_game(name, seed, turns=restart + 40, restart_at=restart)


# -- options ----------------------------------------------------------------------------

_GARBAGE = ["", " ", "²", "١", "abc", "-1", "1e3", "0x10", "3.5", "9" * 40, "on off", None]


@pytest.mark.parametrize("name", GAMES)
def test_option_defaults_are_valid_and_named(name: str) -> None:
    game = get_game(name)
    defaults = game.normalise_options({})
    assert defaults == {s.name: s.default for s in game.option_specs}
    for spec in game.option_specs:
        assert game.normalise_options({spec.name: spec.default})[spec.name] == spec.default
        assert spec.name in game.options_help() and spec.help in game.options_help()
    assert game.options_text(defaults) == ""


@pytest.mark.parametrize("name", GAMES)
def test_bad_options_raise_the_projects_error(name: str) -> None:
    game = get_game(name)
    with pytest.raises(OptionError, match="nosuch"):
        game.normalise_options({"nosuch": "1"})
    for spec in game.option_specs:
        bad = [*_GARBAGE]
        if spec.kind == OptionKind.INT:
            bad += [str(spec.low - 1), str(spec.high + 1)]
        for value in bad:
            with pytest.raises(OptionError, match=spec.name):
                # garbage of any type: each must be refused
                game.normalise_options({spec.name: value})  # type: ignore[dict-item]


@pytest.mark.parametrize("name", GAMES)
def test_every_allowed_option_value_starts_a_game(name: str) -> None:
    game = get_game(name)
    for spec in game.option_specs:
        values = ([str(v) for v in (spec.low, spec.high)] if spec.kind == OptionKind.INT
                  else list(spec.words))
        for value in values:
            options = game.normalise_options({spec.name: value})
            assert options[spec.name] == value
            position = game.initial(options)
            assert game.options_text(options) == (
                "" if value == spec.default else f" ({spec.name}={value})")
            check_listing(game, position)


@pytest.mark.parametrize("name", GAMES)
@given(value=st.one_of(st.text(max_size=12), st.integers(-10**6, 10**6), st.none()))
def test_any_option_value_is_read_or_refused_with_the_projects_error(
        name: str, value: object) -> None:
    game = get_game(name)
    for spec in game.option_specs:
        try:
            # a value of any type, as a stored record may hold
            stored = game.normalise_options({spec.name: value})[spec.name]  # type: ignore[dict-item]
        except OptionError as exc:
            assert spec.name in str(exc)
            continue
        assert game.normalise_options({spec.name: stored})[spec.name] == stored
        if spec.kind == OptionKind.INT:
            assert spec.low <= int(stored) <= spec.high
        else:
            assert stored in spec.words


@pytest.mark.parametrize("name", GAMES)
def test_engine_info_is_text_or_nothing(name: str) -> None:
    info = get_game(name).engine_info()
    assert info is None or (isinstance(info, str) and info.strip())


def test_a_spec_whose_default_it_would_refuse_cannot_be_declared() -> None:
    with pytest.raises(ValueError, match="default"):
        OptionSpec("pieces", OptionKind.INT, "9", "pieces per player", 1, 5)
    with pytest.raises(ValueError, match="default"):
        OptionSpec("kings", OptionKind.SWITCH, "yes", "kings", words=("true", "false"))
