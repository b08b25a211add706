"""Chebache legal-turn enumeration in CPU instructions (valgrind), not time.

Wall-clock figures on a shared machine move by 1.5x from one minute to the
next; instruction counts do not, so this is the figure to compare two versions
of the search by.  It runs the search in a child process under
``valgrind --tool=cachegrind`` twice (warm-up only, then warm-up plus N more
rounds) and prints the difference per search.  Slow (a minute or two), so not
part of ``make bench``.  Run: ``.venv/bin/python bench/instructions_chebache.py``.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ROUNDS = 2

CHILD = """
import json, sys
sys.path.insert(0, {root!r})
from games import get_game
game = get_game("chebache")
cases = [(listing, tuple(dice)) for listing, dice in json.load(open({cases!r}))]
rounds = int(sys.argv[1])
for _ in range(rounds + 1):  # the first round warms the shared tables
    for listing, dice in cases:
        game.from_listing(listing, {{}}).legal_turns(dice)
"""


def instructions(script: str, rounds: int) -> int:
    run = subprocess.run(
        ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
         sys.executable, script, str(rounds)],
        capture_output=True, text=True, env=dict(os.environ, PYTHONHASHSEED="0"), check=True)
    found = re.search(r"I\s+refs:\s+([\d,]+)", run.stderr)
    if not found:
        raise RuntimeError(run.stderr[-2000:])
    return int(found.group(1).replace(",", ""))


def per_search(name: str, cases: list[tuple[str, tuple[int, int]]], tmp: Path) -> None:
    data = tmp / f"{name}.json"
    data.write_text(json.dumps(cases))
    script = tmp / f"{name}.py"
    script.write_text(CHILD.format(root=str(ROOT), cases=str(data)))
    extra = instructions(str(script), ROUNDS) - instructions(str(script), 0)
    print(f"{name:<40} {extra / (ROUNDS * len(cases)) / 1e6:8.2f} M instructions per search")


def main() -> None:
    if shutil.which("valgrind") is None:
        print("valgrind is not installed: no instruction counts")
        return
    sys.path.insert(0, str(ROOT))
    from bench.bench_chebache import WORST, typical_positions
    from games.chebache import ENGINE

    print(f"engine: {ENGINE}")
    typical = typical_positions(40)
    with tempfile.TemporaryDirectory() as tmp:
        per_search("worst [1 1] (27,283 turns)", [(WORST[0], (1, 1))], Path(tmp))
        per_search("typical doubles (40 positions)",
                   [(lst, (d[0], d[0])) for lst, d in typical], Path(tmp))
        per_search("typical non-doubles", [(lst, d) for lst, d in typical if d[0] != d[1]],
                   Path(tmp))


if __name__ == "__main__":
    main()
