"""Board pictures in words: the text a screen reader says for a board image.

``describe(position, context)`` gives Discord's attachment description (at
most 1,024 characters): whose turn, the dice, the last turn and the position
in plain words, one function per game.  Pure: no drawing, no Discord.  It
names players (``context.names``, else the side's colour) and never says
"you": a public picture is seen by everyone.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from renderer.base import result_text
from renderer.context import RenderContext

#: Discord's limit on an attachment's description.
LIMIT = 1024

#: Colour words of every game's side letters, by game.
COLOURS = {
    "hachapury": {"W": "White", "B": "Black"},
    "chebache": {"W": "White", "B": "Black"},
    "che": {"W": "White", "B": "Blue"},
    "cheesegambit": {"R": "Red", "G": "Green", "B": "Blue", "Y": "Yellow"},
}


def describe(position: Any, context: RenderContext) -> str:
    """The board in words, at most :data:`LIMIT` characters."""
    game = getattr(position, "game", "")
    colours = COLOURS.get(game, {})

    def who(side: str) -> str:
        colour = colours.get(side, side)
        name = (context.names or {}).get(side)
        return f"{name} ({colour})" if name and name != colour else colour

    parts = [f"{_title(game)} board.", _turn(position, context, who)]
    if context.last_side and context.last_moves:
        parts.append(f"Last turn, {who(context.last_side)}: {context.last_moves}.")
    body = _BODIES.get(game)
    if body is not None:
        parts.append(body(position, who))
    return fit(" ".join(p for p in parts if p))


def fit(text: str, limit: int = LIMIT) -> str:
    """``text`` cut at a word to at most ``limit`` characters, with an ellipsis."""
    if len(text) <= limit:
        return text
    cut = text[: limit - 1].rsplit(" ", 1)[0]
    return cut + "…"


def _title(game: str) -> str:
    return {"cheesegambit": "CheeseGambit"}.get(game, game.capitalize())


def _turn(position: Any, context: RenderContext, who: Callable[[str], str]) -> str:
    result = getattr(position, "result", None)
    if result is not None:
        return f"Game over: {result_text(result, who)}."
    side = position.side_to_move
    if not side:
        return "Game over."
    dice = " and ".join(str(d) for d in context.dice)
    rolled = f", dice {dice}" if dice else ""
    return f"{who(side)} to move{rolled}."


def _counted(where: dict[int, int], unit: str = "on") -> str:
    """``2 on 24, 1 on 13`` from point -> count, highest point first."""
    return ", ".join(f"{n} {unit} {p}" for p, n in sorted(where.items(), reverse=True))


# --------------------------------------------------------------------------- games


def _hachapury(position: Any, who: Callable[[str], str]) -> str:
    out = []
    for side in ("W", "B"):
        counts = tuple(position.checkers(side))
        points = {p: n for p, n in enumerate(counts) if p and n}
        pips = sum(p * n for p, n in points.items())
        off = position.off(side) if hasattr(position, "off") else counts[0]
        out.append(f"{who(side)}, in its own numbering: {_counted(points) or 'none on the board'}"
                   f"; {off} borne off; {pips} pips.")
    return " ".join(out)


def _stack_words(pieces: list[tuple[str, bool]], colours: dict[str, str]) -> str:
    """A stack bottom to top in words: ``2 White under 1 Black King``."""
    runs: list[list[Any]] = []
    for side, king in pieces:
        word = colours.get(side, side) + (" King" if king else "")
        if runs and runs[-1][0] == word:
            runs[-1][1] += 1
        else:
            runs.append([word, 1])
    return " under ".join(f"{n} {word}" if n > 1 else f"1 {word}" for word, n in runs)


def _other(side: str) -> str:
    return "B" if side == "W" else "W"


def _chebache(position: Any, who: Callable[[str], str]) -> str:
    colours = COLOURS["chebache"]
    out = []
    for side in ("W", "B"):
        ordinary, kings = position.start(side)
        done, done_kings = position.finish(side)
        out.append(f"{who(side)}: Start {ordinary}{' and King' * min(kings, 1)}, "
                   f"Finish {done}{' and King' * min(done_kings, 1)}.")
    # Each stack in the numbering of the path it stands on.
    stacks = [f"{colours[sv.side]}'s {sv.number}: {_stack_words(list(sv.pieces), colours)}"
              for sv in sorted(position.spaces(), key=lambda s: (s.side != "W", s.number))]
    if stacks:
        out.append("Stacks, bottom first: " + "; ".join(stacks) + ".")
    cheb = position.chebaches()
    if cheb:
        out.append("Chebaches: " + "; ".join(
            f"{who(c.owner)} {c.letter} closes {colours[_other(c.owner)]}'s {c.controls}"
            for c in cheb) + ".")
    return " ".join(out)


def _cheesegambit(position: Any, who: Callable[[str], str]) -> str:
    out = []
    for side in position.sides:
        track = position.track(side)
        safe = position.safe_zone(side)
        where = [f"{n} on {sq}" for sq, n in sorted(track.items())]
        where += [f"{n} on S{k}" for k, n in sorted(safe.items())]
        out.append(f"{who(side)}: pool {position.pool(side)}; "
                   f"{', '.join(where) or 'none on the track'}; "
                   f"{position.borne_off(side)} borne off.")
    return " ".join(out)


def _che(position: Any, who: Callable[[str], str]) -> str:
    out = [f"{len(position.tiles)} tiles placed, {position.tiles_left} left."]
    for side in ("W", "B"):
        region = position.largest_region(side)
        size = len(region.tiles) if region is not None else 0
        out.append(f"{who(side)}'s largest region: {size} tiles.")
    return " ".join(out)


_BODIES: dict[str, Callable[[Any, Callable[[str], str]], str]] = {
    "hachapury": _hachapury,
    "chebache": _chebache,
    "cheesegambit": _cheesegambit,
    "che": _che,
}
