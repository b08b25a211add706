"""Board pictures in words: the text a screen reader says for a board image.

``describe(position, context)`` gives Discord's attachment description (at
most 1,024 characters): whose turn, the dice, the last turn and the position
in plain words: the body of the board by the function the game's plugin names
(games/plugins/; the built-in games' are below).  Pure: no drawing, no Discord.  It
names players (``context.names``, else the side's colour) and never says
"you": a public picture is seen by everyone.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from games import GameError, get_game
from games.plugins import GamePlugin, PluginError, plugin_for
from renderer.base import result_text, shown
from renderer.context import RenderContext
from renderer.words import EN, colour, colour_of, word

#: Discord's limit on an attachment's description.
LIMIT = 1024



def describe(position: Any, context: RenderContext) -> str:
    """The board in words, at most :data:`LIMIT` characters, in the context's
    language (renderer/words.py)."""
    position = shown(position, context)
    game = getattr(position, "game", "")
    lang = context.language
    plugin = _plugin(game)
    colours = {side: colour(lang, name)
               for side, name in (plugin.colours if plugin else {}).items()}

    def who(side: str) -> str:
        name_of_colour = colours.get(side, side)
        name = (context.names or {}).get(side)
        return word(lang, "d_who", name=name, colour=name_of_colour) \
            if name and name != name_of_colour else name_of_colour

    parts = [word(lang, "d_board", title=_title(game)), _turn(position, context, who)]
    if context.last_side and context.last_moves:
        parts.append(word(lang, "d_last_turn", who=who(context.last_side),
                          moves=context.last_moves))
    body = plugin.describer() if plugin else None
    if body is not None:
        parts.append(body(position, who, lang))
    return fit(" ".join(p for p in parts if p))


def fit(text: str, limit: int = LIMIT) -> str:
    """``text`` cut at a word to at most ``limit`` characters, with an ellipsis."""
    if len(text) <= limit:
        return text
    cut = text[: limit - 1].rsplit(" ", 1)[0]
    return cut + "…"


def _plugin(game: str) -> GamePlugin | None:
    try:
        return plugin_for(game)
    except PluginError:
        return None


def _title(game: str) -> str:
    try:
        return get_game(game).title
    except GameError:
        return game.capitalize()


def _turn(position: Any, context: RenderContext, who: Callable[[str], str]) -> str:
    lang = context.language
    result = getattr(position, "result", None)
    if result is not None:
        return word(lang, "d_game_over", result=result_text(result, who, lang))
    side = position.side_to_move
    if not side:
        return word(lang, "d_game_over_plain")
    dice = word(lang, "d_and").join(str(d) for d in context.dice)
    rolled = word(lang, "d_rolled", dice=dice) if dice else ""
    return word(lang, "d_to_move", who=who(side), rolled=rolled)


def _counted(where: dict[int, int], lang: str) -> str:
    """``2 on 24, 1 on 13`` from point -> count, highest point first."""
    return ", ".join(word(lang, "d_on", n=n, place=p)
                     for p, n in sorted(where.items(), reverse=True))


# --------------------------------------------------------------------------- games


def describe_hachapury(position: Any, who: Callable[[str], str], lang: str) -> str:
    out = []
    for side in ("W", "B"):
        counts = tuple(position.checkers(side))
        points = {p: n for p, n in enumerate(counts) if p and n}
        pips = sum(p * n for p, n in points.items())
        off = position.off(side) if hasattr(position, "off") else counts[0]
        out.append(word(lang, "d_hachapury_side", who=who(side),
                        points=_counted(points, lang) or word(lang, "d_none_on_board"),
                        off=off, pips=pips))
    return " ".join(out)


def _stack_words(pieces: list[tuple[str, bool]], colours: Mapping[str, str], lang: str) -> str:
    """A stack bottom to top in words: ``2 White under 1 Black King``."""
    runs: list[list[Any]] = []
    for side, king in pieces:
        key = ("d_kings_" if king else "d_pieces_") + colours.get(side, side)
        if runs and runs[-1][0] == key:
            runs[-1][1] += 1
        else:
            runs.append([key, 1])
    return word(lang, "d_under").join(
        word(lang, key, n=n) if key in EN else f"{n} {key}" for key, n in runs)


def _other(side: str) -> str:
    return "B" if side == "W" else "W"


def describe_chebache(position: Any, who: Callable[[str], str], lang: str) -> str:
    colours = plugin_for("chebache").colours
    and_king = word(lang, "d_and_king")
    out = []
    for side in ("W", "B"):
        ordinary, kings = position.start(side)
        done, done_kings = position.finish(side)
        out.append(word(lang, "d_chebache_side", who=who(side), start=ordinary,
                        start_king=and_king * min(kings, 1), finish=done,
                        finish_king=and_king * min(done_kings, 1)))

    def space(side: str, number: int) -> str:
        return word(lang, "d_space", of=colour_of(lang, colours[side]), number=number)

    # Each stack in the numbering of the path it stands on.
    stacks = [word(lang, "d_stack", space=space(sv.side, sv.number),
                   pieces=_stack_words(list(sv.pieces), colours, lang))
              for sv in sorted(position.spaces(), key=lambda s: (s.side != "W", s.number))]
    if stacks:
        out.append(word(lang, "d_stacks", stacks="; ".join(stacks)))
    cheb = position.chebaches()
    if cheb:
        out.append(word(lang, "d_chebaches", list="; ".join(
            word(lang, "d_closes", who=who(c.owner), letter=c.letter,
                 space=space(_other(c.owner), c.controls))
            for c in cheb)))
    return " ".join(out)


def describe_cheesegambit(position: Any, who: Callable[[str], str], lang: str) -> str:
    out = []
    for side in position.sides:
        track = position.track(side)
        safe = position.safe_zone(side)
        where = [word(lang, "d_on", n=n, place=sq) for sq, n in sorted(track.items())]
        where += [word(lang, "d_on", n=n, place=f"S{k}") for k, n in sorted(safe.items())]
        out.append(word(lang, "d_cheesegambit_side", who=who(side), pool=position.pool(side),
                        where=", ".join(where) or word(lang, "d_none_on_track"),
                        off=position.borne_off(side)))
    return " ".join(out)


def describe_che(position: Any, who: Callable[[str], str], lang: str) -> str:
    out = [word(lang, "d_che_tiles", placed=len(position.tiles), left=position.tiles_left)]
    for side in ("W", "B"):
        region = position.largest_region(side)
        size = len(region.tiles) if region is not None else 0
        out.append(word(lang, "d_che_largest", who=who(side), size=size))
    return " ".join(out)
