"""Hostile move texts against every engine: the worst time per game.

Each text (at most 200 characters) is played in the starting
position (and, for CheeseGambit, a crowded four-player one) with doubles and
with a non-double throw, after the throw's legal-turn table (the same for
every text) has been built.  Target (issue 12): no text costs more than 50 ms.

Run: ``.venv/bin/python bench/bench_hostile_notation.py [game ...]``
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games import GameError, get_game  # noqa: E402
from games.base import Position  # noqa: E402

LIMIT = 200

CROWDED_CG = (
    "R: 1@2, 1@5, 2@9, 1@12, 1@20, 2@24, 1@33, 1@38, 1@49, 1@52, 1@65, 1@S4; "
    "G: 1@3, 1@7, 2@11, 1@16, 1@22, 1@27, 1@30, 2@40, 1@51, 1@56, 1@67, 1@P; "
    "B: 1@4, 1@13, 1@18, 2@29, 1@35, 1@42, 2@45, 1@54, 1@59, 1@69, 1@71, 1@S2; "
    "Y: 1@6, 1@15, 1@21, 1@26, 2@31, 1@36, 2@47, 1@58, 1@63, 1@66, 1@70, 1@S6; "
    "R to move"
)


def repeat(unit: str, sep: str = " ") -> str:
    """``unit`` repeated (with ``sep``) as often as fits in LIMIT characters."""
    out = unit
    while len(out) + len(sep) + len(unit) <= LIMIT:
        out += sep + unit
    return out


def chain(squares: list[int], sep: str = "/") -> str:
    """One long chain through ``squares`` that fits in LIMIT characters."""
    out = str(squares[0])
    for sq in squares[1:]:
        if len(out) + 1 + len(str(sq)) > LIMIT:
            break
        out += sep + str(sq)
    return out


def backgammon_like(points: list[tuple[int, int]]) -> list[str]:
    """Texts built from (from, to) pairs a player might repeat."""
    texts = []
    for a, b in points:
        texts += [
            repeat(f"{a}/{b}"), repeat(f"15({a}/{b})"), repeat(f"4({a}/{b})", ","),
            repeat(f"{a}X{b}"), repeat(f"{a}/{b}*"), repeat(f"{a}-{b}"),
            repeat(f"{a}/{b}(4)"), "9(" * 30 + f"{a}/{b}" + ")" * 30,
            repeat(f"2(2({a}/{b}))"),
        ]
    return texts


def generic() -> list[str]:
    return [
        "x" * LIMIT, "(" * LIMIT, ")" * LIMIT, "9" * LIMIT, "/" * LIMIT,
        "1/" * (LIMIT // 2), "²" * LIMIT, "\u200b" * LIMIT, "\x00" * LIMIT,
        repeat("(no move)"), repeat("pass"), "٩/١٣ " * 30,
    ]


def texts_for(game: str) -> list[str]:
    if game == "hachapury":
        texts = backgammon_like([(24, 18), (13, 7), (8, 5), (6, 2)])
        texts.append(chain(list(range(24, 0, -1)) * 10))
    elif game == "cheesegambit":
        texts = backgammon_like([(13, 18), (13, 17), (9, 13), (65, 66), (45, 49)])
        texts += [repeat("P/R3"), repeat("G 2(9X13)"), repeat("CG 2(PX15)"),
                  "gamble " + repeat("S3/F"), chain(list(range(9, 73)) * 4),
                  chain(list(range(9, 73, 4)) * 10, "X"), repeat("15(13/18)") + " T@R"]
    elif game == "chebache":
        texts = backgammon_like([(1, 5), (2, 6), (3, 4)])
        texts += [repeat("S/3"), repeat("K(S/3)"), repeat("3^5"), repeat("1K1(2^10)"),
                  repeat("[6 5]"), repeat("<W1,2,3>"), chain(list(range(1, 18)) * 10)]
    else:
        texts = [repeat("0,0W/"), repeat("1,0B"), repeat("-1,-1W"), repeat("9999,9999B"),
                 repeat("0,0W\\", ",")]
    return [t[:LIMIT] for t in texts + generic()]


def positions(game: str) -> list[Position]:
    g = get_game(game)
    found = [g.initial({})]
    if game == "cheesegambit":
        found.append(g.from_listing(CROWDED_CG, {}))
    return found


def throws(position: Position) -> list[tuple[int, ...]]:
    if position.dice_count() == 0:
        return [()]
    return [(4, 4), (5, 5), (6, 5), (2, 1), (1, 1)]


def worst(game: str) -> tuple[float, str, int]:
    """(worst milliseconds, its text, number of plays measured)."""
    worst_ms, worst_text, count = 0.0, "", 0
    for position in positions(game):
        for dice in throws(position):
            # The legal-turn table depends only on position and dice, is built
            # once per throw and cached: measured by the per-game benches.
            position.legal_turns(dice)
            for text in texts_for(game):
                start = time.perf_counter()
                try:
                    position.play(text, dice)
                except GameError:
                    pass
                ms = (time.perf_counter() - start) * 1000
                count += 1
                if ms > worst_ms:
                    worst_ms, worst_text = ms, text
    return worst_ms, worst_text, count


def main() -> int:
    slow = False
    games = sys.argv[1:] or ["hachapury", "chebache", "cheesegambit", "che"]
    for game in games:
        ms, text, count = worst(game)
        slow |= ms > 50
        print(f"{game:13s} worst {ms:8.2f} ms over {count} plays: {text[:60]!r}")
    print("target: every play under 50 ms:", "MISSED" if slow else "met")
    return 1 if slow else 0


if __name__ == "__main__":
    raise SystemExit(main())
