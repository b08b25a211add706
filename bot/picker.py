"""Turns built by tapping: the legal turns as a tree of moves, walked one choice
at a time (issue: play without knowing the notation).

Pure: a position's legal turns (turn values) and a *path* of choices in,
the next menu (or the finished turn) out.  The path is all the state there is:
it travels in the component's custom id (a ``Pick`` action, bot/actions.py), so a
picker needs no memory, survives a restart, and a path read against another
position (the game moved on) is refused by the version in the same tag.

Each step offers the distinct next moves (the turns' steps: ``games/turns.py``)
of the turns that start with the moves chosen so far, in the engine's order.
Discord shows at most 25 options a menu: more are grouped by where the move starts
(its step's ``source``: ``24/18`` and ``24/13`` under "from 24"; a Che cell's
colours under "cell 0,-1"), and groups beyond 25 by ranges.  A step whose moves are
all placements (``place-tile`` steps: a cell and a colour, ``0,-1W``) speaks of
tiles and cells, not of moving from somewhere.  Nothing here reads notation: labels
are the steps' own texts.  The turns walked are the position's
``legal_turns_in_any_order``: a turn whose moves the engine takes in either order
can be built starting from either.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from bot.catalogue import t
from games.turns import Addition, StepKind, Turn
from games.turns import Step as Move

#: Discord's limit of options in one select menu.
MAX_OPTIONS = 25

#: The additions a finished turn may take (CheeseGambit's taunts: ``Position.turn_additions``).
AdditionsOf = Callable[[Turn], Sequence[Addition]]


class PathError(ValueError):
    """A path that does not lead anywhere in this position (an old or forged picker);
    the message is in the user's language."""


def source_of(move: Move) -> str:
    """Where a move starts, for grouping (a placement's cell; the move's own text
    for a step that starts nowhere, such as a kind word)."""
    return move.source or move.text


def is_placement(move: Move) -> bool:
    """Whether ``move`` puts a tile on a cell (``0,-1W``) rather than moving a piece."""
    return move.kind == StepKind.PLACE_TILE


def _placeholder(key: str, moves: Sequence[Move], lang: str) -> str:
    """The menu's question: ``key``, or its tile wording (``pick_tile_*``) when every
    move offered is a placement."""
    tiles = bool(moves) and all(is_placement(m) for m in moves)
    return t(lang, _TILE_KEYS[key] if tiles else key)


#: The placement wording of each question.
_TILE_KEYS = {"pick_move": "pick_tile_colour", "pick_from": "pick_tile_cell",
              "pick_first": "pick_tile_first", "pick_next": "pick_tile_next"}


@dataclass(frozen=True)
class Option:
    """One choice of a menu: what it shows, the path element it adds and the move
    it stands for (None for a group or an addition)."""

    label: str
    value: str
    description: str = ""
    move: Move | None = None


@dataclass(frozen=True)
class Step:
    """Where a path leads: the moves chosen so far (their texts), and either the
    options of the next choice (``options``, with ``placeholder`` saying what is
    chosen) or, once a whole legal turn is chosen, ``turn`` (with any addition such
    as a taunt that was chosen).  ``additions`` are what may still be added at the
    end (offered as the last menu, before ``turn`` is set)."""

    chosen: tuple[str, ...]
    options: tuple[Option, ...] = ()
    placeholder: str = ""
    turn: Turn | None = None
    additions: tuple[Addition, ...] = field(default=())


def walk(turns: Sequence[Turn], path: list[str], additions_of: AdditionsOf | None = None,
         *, lang: str) -> Step:
    """Follow ``path`` (its elements: ``<i>`` the i-th next move, ``g<i>`` the i-th
    group, ``a<i>`` the i-th addition, ``a0`` none) through ``turns``, move by move
    along each turn's steps; PathError (its message in ``lang``) if it leads nowhere."""
    # a turn's moves compared by their texts: two turns share a first move when
    # they write it alike (the steps of different turns need not be one object)
    split = [(turn, tuple(step.text for step in turn.steps)) for turn in turns]
    chosen: list[str] = []
    group: list[Move] | None = None
    finished: Turn | None = None
    for element in path:
        if finished is not None:
            return _with_addition(finished, tuple(chosen), element, additions_of, lang)
        nexts = _next_moves(split, chosen)
        if element.startswith("g"):
            groups = _groups(nexts, lang)
            index = _index(element[1:], len(groups), lang)
            group = groups[index][1]
            continue
        pool = group if group is not None else nexts
        if len(pool) > MAX_OPTIONS and group is None:
            raise PathError(t(lang, "path_group_first"))
        chosen.append(pool[_index(element, len(pool), lang)].text)
        group = None
        done = [turn for turn, moves in split if list(moves) == chosen]
        if done and not _next_moves(split, chosen):
            finished = done[0]
    if finished is not None:
        extra = tuple(additions_of(finished)) if additions_of else ()
        if extra:
            return Step(tuple(chosen), _addition_options(extra, lang), t(lang, "pick_add_taunt"),
                        None, extra)
        return Step(tuple(chosen), turn=finished)
    nexts = _next_moves(split, chosen)
    if not nexts:
        raise PathError(t(lang, "path_no_turn"))
    if group is not None:
        return Step(tuple(chosen), _move_options(group), _placeholder("pick_move", group, lang))
    if len(nexts) > MAX_OPTIONS:
        return Step(tuple(chosen), _group_options(_groups(nexts, lang)),
                    _placeholder("pick_from", nexts, lang))
    return Step(tuple(chosen), _move_options(nexts),
                _placeholder("pick_first" if not chosen else "pick_next", nexts, lang))


def _with_addition(turn: Turn, chosen: tuple[str, ...], element: str,
                   additions_of: AdditionsOf | None, lang: str) -> Step:
    extra = list(additions_of(turn)) if additions_of else []
    if not element.startswith("a") or not extra:
        raise PathError(t(lang, "path_complete"))
    index = _index(element[1:], len(extra) + 1, lang)
    return Step(chosen, turn=turn if index == 0 else turn.with_addition(extra[index - 1]))


def _index(text: str, size: int, lang: str) -> int:
    if not text.isdigit() or len(text) > 3 or int(text) >= size:
        raise PathError(t(lang, "path_no_choice", choice=text))
    return int(text)


def _next_moves(split: list[tuple[Turn, tuple[str, ...]]], chosen: list[str]) -> list[Move]:
    """The distinct next moves (by text) of the turns that begin with ``chosen``."""
    depth = len(chosen)
    begun = tuple(chosen)
    seen: dict[str, Move] = {}
    for turn, moves in split:
        if len(moves) > depth and moves[:depth] == begun:
            seen.setdefault(moves[depth], turn.steps[depth])
    return list(seen.values())


def _groups(moves: list[Move], lang: str) -> list[tuple[str, list[Move]]]:
    """The moves by where they start; ranges of those when there are more than 25
    places (each group at most 25 moves: a large group is cut in parts)."""
    by_source: dict[str, list[Move]] = {}
    for move in moves:
        by_source.setdefault(source_of(move), []).append(move)
    groups: list[tuple[str, list[Move]]] = []
    for source, members in by_source.items():
        named = t(lang, "pick_group_cell" if all(is_placement(m) for m in members)
                         else "pick_group_from", source=source)
        for start in range(0, len(members), MAX_OPTIONS):
            part = members[start:start + MAX_OPTIONS]
            label = named if len(members) <= MAX_OPTIONS else \
                f"{named} ({start + 1}-{start + len(part)})"
            groups.append((label, part))
    if len(groups) <= MAX_OPTIONS:
        return groups
    # Too many places: consecutive ranges of moves instead, 25 a range.
    return [(f"{part[0].text} … {part[-1].text}", part)
            for part in (moves[i:i + MAX_OPTIONS] for i in range(0, len(moves), MAX_OPTIONS))]


def _move_options(moves: list[Move]) -> tuple[Option, ...]:
    return tuple(Option(move.text[:100], str(i), move=move) for i, move in enumerate(moves))


def _group_options(groups: list[tuple[str, list[Move]]]) -> tuple[Option, ...]:
    return tuple(Option(label[:100], f"g{i}", ", ".join(m.text for m in members)[:100])
                 for i, (label, members) in enumerate(groups))


def _addition_options(extra: tuple[Addition, ...], lang: str) -> tuple[Option, ...]:
    return (Option(t(lang, "pick_no_taunt"), "a0"),
            *(Option(t(lang, "pick_add", text=addition.text), f"a{i + 1}")
              for i, addition in enumerate(extra)))
