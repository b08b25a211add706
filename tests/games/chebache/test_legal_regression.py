"""Regression: the legal-turn lists of ~40 varied positions must not change.

``data/legal_turns.json`` was written by the engine before its enumeration was
optimised.  For each (listing, options, dice) it stores the number of legal
turns, a digest of the list in order (the bot shows the first 25), and a
digest of the sorted (text, resulting position) pairs, and a digest of the set
of resulting positions alone (what must stay identical even if a canonical
text ever had to change).

Regenerate (only for a deliberate rules change):
``.venv/bin/python -m tests.games.chebache.test_legal_regression``.
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path

import pytest

from games import get_game
from games.chebache.listing import write_listing
from games.chebache.turns import TurnSearch
from games.turns import texts

from .util import listing as make_listing

GAME = get_game("chebache")
DATA = Path(__file__).with_name("data") / "legal_turns.json"

WORST = [
    "W: 1@1, 1@2, 1@3, 1K@4, 1@5, 1@7, 1@8, 1@9, 1@10, 1@11, 1@12, 1@16; "
    "B: 1@2, 1@8, 1@10, 1@16, 8K@S; W to move",
    "W: K@2, 2@3, 2@8, 1@9, 2@10, 1@11, 2@16, 2@S; B: 2@2, 2@8, 2@10, 2@16, 4K@S; W to move",
    "W: 4K@S, 2@2, 2@8, 2@10, 2@16; B: 4K@S, 2@2, 2@8, 2@10, 2@16; W to move",
]


def _digest(lines: list[str]) -> str:
    return hashlib.sha256("\n".join(lines).encode()).hexdigest()


def summary(listing: str, options: dict[str, str], dice: tuple[int, int]) -> dict[str, object]:
    """What is recorded for one case."""
    p = GAME.from_listing(listing, options)
    listed = texts(p.legal_turns(dice))
    search = TurnSearch(p.state, "WB".index(p.side_to_move or "W"),
                        options.get("kings", "true") == "true")
    pairs = sorted(f"{o.text}\t{write_listing(o.state, '')}" for o in search.outcomes(dice))
    return {
        "count": len(listed),
        "ordered": _digest(listed),
        "pairs": _digest(pairs),
        "positions": _digest(sorted(pair.split("\t")[1] for pair in pairs)),
        "sample": listed[:5],
    }


def _random_positions(seed: int, kings: str, count: int, plies: int) -> list[str]:
    rnd = random.Random(seed)
    out: list[str] = []
    while len(out) < count:
        p = GAME.initial({"kings": kings})
        stop = rnd.randint(2, plies)
        for _ in range(stop):
            if p.result is not None:
                break
            dice = (rnd.randint(1, 6), rnd.randint(1, 6))
            p = p.play(rnd.choice(p.legal_turns(dice)).text, dice).position
        if p.result is None:
            out.append(p.listing())
    return out


def cases() -> list[tuple[str, dict[str, str], tuple[int, int]]]:
    """The positions and dice checked (built once, then read from the data file)."""
    out: list[tuple[str, dict[str, str], tuple[int, int]]] = []
    for lst in WORST:
        for d in range(1, 7):
            out.append((lst, {}, (d, d)))
        out.append((lst, {}, (6, 1)))
        out.append((lst, {}, (3, 2)))
    rnd = random.Random(11)
    for lst in _random_positions(5, "true", 14, 60):
        a, b = rnd.randint(1, 6), rnd.randint(1, 6)
        out.append((lst, {}, (a, b)))
        out.append((lst, {}, (a, a)))
    for lst in _random_positions(6, "true", 4, 160):
        out.append((lst, {}, (rnd.randint(1, 6), rnd.randint(1, 6))))
    for lst in _random_positions(8, "false", 5, 60):
        a, b = rnd.randint(1, 6), rnd.randint(1, 6)
        out.append((lst, {"kings": "false"}, (a, b)))
        out.append((lst, {"kings": "false"}, (b, b)))
    initial = GAME.initial({}).listing()
    for dice in ((3, 1), (4, 4), (6, 5)):
        out.append((initial, {}, dice))
    # forfeits, Finish with a larger die, must-leave-Start, Kings near Finish
    for w, b, dice in (("1@16, 1@12", "4@5", (5, 5)), ("1@16, 1@12", "4@5", (6, 5)),
                       ("K@16, 1@12, 1@14", "4@5", (5, 5)), ("1@14, 1@16", "", (6, 5)),
                       ("1@14, 2@16, K@13", "", (6, 6)), ("1@S, 1@10, 1@12", "", (3, 2)),
                       ("1@S, 1@10, 1@12", "", (2, 2))):
        out.append((make_listing(w, b), {}, dice))
    return out


def _load() -> list[dict[str, object]]:
    if not DATA.exists():  # only while regenerating
        return []
    return json.loads(DATA.read_text())["cases"]


@pytest.mark.parametrize("case", _load(), ids=lambda c: f"{c['listing'][:20]}{c['dice']}")
def test_legal_turns_unchanged(case: dict[str, object]) -> None:
    dice = tuple(case["dice"])  # type: ignore[arg-type]
    got = summary(str(case["listing"]), dict(case["options"]), dice)  # type: ignore[call-overload, arg-type]
    for key in ("count", "positions", "pairs", "ordered", "sample"):
        assert got[key] == case[key], key


def check() -> int:
    """Compare every case with the data file (run by the test of the
    pure-Python engine in its own interpreter); prints and returns 0 or 1."""
    from games.chebache import ENGINE

    print(f"engine: {ENGINE}")
    cases = _load()
    bad = 0
    for case in cases:
        dice = tuple(case["dice"])  # type: ignore[arg-type]
        got = summary(str(case["listing"]), dict(case["options"]), dice)  # type: ignore[call-overload, arg-type]
        wrong = [k for k in ("count", "positions", "pairs", "ordered", "sample")
                 if got[k] != case[k]]
        if wrong:
            bad += 1
            print(f"MISMATCH {wrong} {dice} {case['listing']}")
    print(f"{len(cases) - bad} of {len(cases)} cases match" if bad
          else f"{len(cases)} cases match")
    return 1 if bad else 0


def main() -> None:
    import sys

    if sys.argv[1:] == ["--check"]:
        raise SystemExit(check())
    records = []
    for listing, options, dice in cases():
        rec: dict[str, object] = {"listing": listing, "options": options, "dice": list(dice)}
        rec.update(summary(listing, options, dice))
        records.append(rec)
        print(rec["count"], dice, listing)
    DATA.parent.mkdir(exist_ok=True)
    DATA.write_text(json.dumps({"cases": records}, indent=1) + "\n")


if __name__ == "__main__":
    main()


def test_legal_turns_are_cached_per_position_and_throw() -> None:
    """The bot's autocomplete asks on every keystroke: the second call (either
    dice order) must not search again, and callers get their own copy."""
    p = GAME.from_listing(WORST[1], {})
    first = texts(p.legal_turns((3, 3)))
    search = p._search((3, 3))
    search.outcomes = None  # type: ignore[assignment, method-assign]  # a new search would fail
    assert texts(p.legal_turns((3, 3))) == first
    other = texts(p.legal_turns((6, 1)))
    assert texts(p.legal_turns((1, 6))) == other
    first.clear()
    assert texts(p.legal_turns((3, 3)))
