"""Turns built by tapping: the legal turns as a tree of moves, walked one choice
at a time (issue: play without knowing the notation).

Pure: a position's legal turns (canonical texts) and a *path* of choices in,
the next menu (or the finished turn) out.  The path is all the state there is:
it travels in the component's custom id (a ``Pick`` action, bot/actions.py), so a
picker needs no memory, survives a restart, and a path read against another
position (the game moved on) is refused by the version in the same tag.

Each step offers the distinct next moves of the turns that start with the moves
chosen so far, in the engine's order.  Discord shows at most 25 options a menu:
more are grouped by where the move starts (``24/18`` and ``24/13`` under "from
24"; a Che cell's colours under "cell 0,-1"), and groups beyond 25 by ranges.  A
step whose moves are all placements (a cell and a colour: ``0,-1W``) speaks of tiles
and cells, not of moving from somewhere.  The turns walked are the position's
``legal_turns_in_any_order``: a turn whose moves the engine takes in either order
can be built starting from either.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from bot.catalogue import for_user

#: Discord's limit of options in one select menu.
MAX_OPTIONS = 25
_SEPARATOR = re.compile(r",\s+|;\s*|\s+")
#: Where a move starts: ``24`` of ``24/18``, ``K(S`` of ``K(S/5)``.
_SOURCE = re.compile(r"^(?P<source>.*?)(?:[/\\X^x*-]|(?<=\d)[A-Za-z])")
#: A placement: a cell and a colour (``0,-1W``, the first tile ``0,0W/``).  Matched
#: before ``_SOURCE``, whose ``-`` (a move's dash) cut ``0,-1`` to ``0,``.
_PLACEMENT = re.compile(r"^(?P<cell>-?\d+,-?\d+)[A-Za-z]")


#: The additions a finished turn may take (CheeseGambit's taunts: ``Position.turn_additions``).
AdditionsOf = Callable[[str], list[str]]


class PathError(ValueError):
    """A path that does not lead anywhere in this position (an old or forged picker);
    the message is in the user's language."""


def moves_of(turn: str) -> list[str]:
    """The moves of a turn as written (``24/18, 18/13`` -> ``24/18``, ``18/13``)."""
    return [m for m in _SEPARATOR.split(turn.strip()) if m]


def source_of(move: str) -> str:
    """Where a move starts, for grouping (a placement's cell; the whole move when it
    cannot be told)."""
    placed = _PLACEMENT.match(move)
    if placed:
        return placed["cell"]
    match = _SOURCE.match(move)
    return match["source"] if match and match["source"] else move


def is_placement(move: str) -> bool:
    """Whether ``move`` puts a tile on a cell (``0,-1W``) rather than moving a piece."""
    return _PLACEMENT.match(move) is not None


def _placeholder(key: str, moves: list[str]) -> str:
    """The menu's question: ``key``, or its tile wording (``pick_tile_*``) when every
    move offered is a placement."""
    tiles = bool(moves) and all(is_placement(m) for m in moves)
    return for_user(_TILE_KEYS[key] if tiles else key)


#: The placement wording of each question.
_TILE_KEYS = {"pick_move": "pick_tile_colour", "pick_from": "pick_tile_cell",
              "pick_first": "pick_tile_first", "pick_next": "pick_tile_next"}


@dataclass(frozen=True)
class Option:
    """One choice of a menu: what it shows and the path element it adds."""

    label: str
    value: str
    description: str = ""


@dataclass(frozen=True)
class Step:
    """Where a path leads: the moves chosen so far, and either the options of the
    next choice (``options``, with ``placeholder`` saying what is chosen) or, once
    a whole legal turn is chosen, ``turn`` (its text, with any addition such as a
    taunt that was chosen).  ``additions`` are what may still be added at the end
    (offered as the last menu, before ``turn`` is set)."""

    chosen: tuple[str, ...]
    options: tuple[Option, ...] = ()
    placeholder: str = ""
    turn: str | None = None
    additions: tuple[str, ...] = field(default=())


def walk(turns: list[str], path: list[str], additions_of: AdditionsOf | None = None) -> Step:
    """Follow ``path`` (its elements: ``<i>`` the i-th next move, ``g<i>`` the i-th
    group, ``a<i>`` the i-th addition, ``a0`` none) through ``turns``; PathError if
    it leads nowhere."""
    split = [(turn, moves_of(turn)) for turn in turns]
    chosen: list[str] = []
    group: list[str] | None = None
    finished: str | None = None
    for element in path:
        if finished is not None:
            return _with_addition(finished, tuple(chosen), element, additions_of)
        nexts = _next_moves(split, chosen)
        if element.startswith("g"):
            groups = _groups(nexts)
            index = _index(element[1:], len(groups))
            group = groups[index][1]
            continue
        pool = group if group is not None else nexts
        if len(pool) > MAX_OPTIONS and group is None:
            raise PathError(for_user("path_group_first"))
        chosen.append(pool[_index(element, len(pool))])
        group = None
        done = [turn for turn, moves in split if moves == chosen]
        if done and not _next_moves(split, chosen):
            finished = done[0]
    if finished is not None:
        extra = tuple(additions_of(finished)) if additions_of else ()
        if extra:
            return Step(tuple(chosen), _addition_options(extra), for_user("pick_add_taunt"),
                        None, extra)
        return Step(tuple(chosen), turn=finished)
    nexts = _next_moves(split, chosen)
    if not nexts:
        raise PathError(for_user("path_no_turn"))
    if group is not None:
        return Step(tuple(chosen), _move_options(group), _placeholder("pick_move", group))
    if len(nexts) > MAX_OPTIONS:
        return Step(tuple(chosen), _group_options(_groups(nexts)),
                    _placeholder("pick_from", nexts))
    return Step(tuple(chosen), _move_options(nexts),
                _placeholder("pick_first" if not chosen else "pick_next", nexts))


def _with_addition(turn: str, chosen: tuple[str, ...], element: str,
                   additions_of: AdditionsOf | None) -> Step:
    extra = list(additions_of(turn)) if additions_of else []
    if not element.startswith("a") or not extra:
        raise PathError(for_user("path_complete"))
    index = _index(element[1:], len(extra) + 1)
    text = turn if index == 0 else f"{turn} {extra[index - 1]}"
    return Step(chosen, turn=text)


def _index(text: str, size: int) -> int:
    if not text.isdigit() or len(text) > 3 or int(text) >= size:
        raise PathError(for_user("path_no_choice", choice=text))
    return int(text)


def _next_moves(split: list[tuple[str, list[str]]], chosen: list[str]) -> list[str]:
    depth = len(chosen)
    seen: dict[str, None] = {}
    for _turn, moves in split:
        if len(moves) > depth and moves[:depth] == chosen:
            seen.setdefault(moves[depth])
    return list(seen)


def _groups(moves: list[str]) -> list[tuple[str, list[str]]]:
    """The moves by where they start; ranges of those when there are more than 25
    places (each group at most 25 moves: a large group is cut in parts)."""
    by_source: dict[str, list[str]] = {}
    for move in moves:
        by_source.setdefault(source_of(move), []).append(move)
    groups: list[tuple[str, list[str]]] = []
    for source, members in by_source.items():
        named = for_user("pick_group_cell" if all(is_placement(m) for m in members)
                         else "pick_group_from", source=source)
        for start in range(0, len(members), MAX_OPTIONS):
            part = members[start:start + MAX_OPTIONS]
            label = named if len(members) <= MAX_OPTIONS else \
                f"{named} ({start + 1}-{start + len(part)})"
            groups.append((label, part))
    if len(groups) <= MAX_OPTIONS:
        return groups
    # Too many places: consecutive ranges of moves instead, 25 a range.
    return [(f"{part[0]} … {part[-1]}", part)
            for part in (moves[i:i + MAX_OPTIONS] for i in range(0, len(moves), MAX_OPTIONS))]


def _move_options(moves: list[str]) -> tuple[Option, ...]:
    return tuple(Option(move[:100], str(i)) for i, move in enumerate(moves))


def _group_options(groups: list[tuple[str, list[str]]]) -> tuple[Option, ...]:
    return tuple(Option(label[:100], f"g{i}", ", ".join(members)[:100])
                 for i, (label, members) in enumerate(groups))


def _addition_options(extra: tuple[str, ...]) -> tuple[Option, ...]:
    return (Option(for_user("pick_no_taunt"), "a0"),
            *(Option(for_user("pick_add", text=text), f"a{i + 1}") for i, text in enumerate(extra)))
