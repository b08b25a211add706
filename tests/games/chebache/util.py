"""Helpers for hand-worked Chebache positions."""

from __future__ import annotations

from games import get_game
from games.base import Played
from games.chebache.position import ChebachePosition
from games.chebache.state import parse_stack_form
from tests.narrow import narrow

GAME = get_game("chebache")


def _count(items: list[str]) -> tuple[int, int]:
    ordinary = kings = 0
    for item in items:
        form = parse_stack_form(item.split("@")[0])
        assert form is not None, item
        kings += sum(form)
        ordinary += len(form) - sum(form)
    return ordinary, kings


def listing(w: str = "", b: str = "", move: str = "W", wfill: str = "F", bfill: str = "S",
            kings: str = "true", wk: str | None = None, bk: str | None = None) -> str:
    """A listing from each side's items; missing ordinary pieces go to the side's
    fill pool (White: F, so nothing is in Start; Black: S); a side without a King
    gets one in ``wk``/``bk`` (default its fill pool) while the game has fewer than 2."""
    sides = {"W": [i.strip() for i in w.split(",") if i.strip()],
             "B": [i.strip() for i in b.split(",") if i.strip()]}
    placed = sum(_count(v)[1] for v in sides.values()) if kings == "true" else 2
    texts = []
    for letter, kpool, fill in (("W", wk, wfill), ("B", bk, bfill)):
        items = sides[letter]
        pools = {"S": [0, 0], "F": [0, 0]}
        board = []
        for it in items:
            where = it.split("@")[1].upper()
            if where in pools:
                o, k = _count([it])
                pools[where][0] += o
                pools[where][1] += k
            else:
                board.append(it)
        ordinary, own_k = _count(items)
        pools[fill][0] += 12 - ordinary
        if own_k == 0 and placed < 2:
            pools[(kpool or fill).upper()][1] += 1
            placed += 1
        out = []
        if pools["S"] != [0, 0]:
            out.append(f"{pools['S'][0] or ''}{'K' * pools['S'][1]}@S")
        out.extend(board)
        if pools["F"] != [0, 0]:
            out.append(f"{pools['F'][0] or ''}{'K' * pools['F'][1]}@F")
        texts.append(f"{letter}: {', '.join(out) if out else '-'}")
    return "; ".join(texts) + f"; {move} to move"


def pos(w: str = "", b: str = "", move: str = "W", wfill: str = "F", bfill: str = "S",
        kings: str = "true", wk: str | None = None, bk: str | None = None) -> ChebachePosition:
    """The position of ``listing(...)``."""
    return narrow(GAME.from_listing(listing(w, b, move, wfill, bfill, kings, wk, bk),
                                    {"kings": kings}), ChebachePosition)


def position_after(played: Played) -> ChebachePosition:
    """The Chebache position after ``played``."""
    return narrow(played.position, ChebachePosition)
