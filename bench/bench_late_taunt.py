"""What the Taunt buttons cost (bot/service/late_taunt.py), on random 4-player
CheeseGambit games of 14 pieces:

- the offer: after every turn the engine is asked whom the mover may taunt, on top of
  the turn itself: on the position the turn was played from (what the service does:
  its legal turns are cached) and on a fresh one (``taunt_targets``: what a process
  pool would have to do);
- a press in the same process: the taunt played from the kept position before the turn
  (``taunt_after``);
- a press after a restart: the position before the turn replayed from the whole log
  first (``rewound``), the worst case being the game's last turn.

Run: ``.venv/bin/python bench/bench_late_taunt.py [games]``
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.service.late_taunt import rewound, taunt_after, taunt_targets  # noqa: E402
from games import get_game  # noqa: E402
from storage import TurnEntry, TurnKind  # noqa: E402

OPTIONS = {"players": "4", "pieces": "14", "taunt": "on"}


def _game(seed: int, cached: list[float]
          ) -> tuple[Any, list[tuple[str, TurnEntry, list[str]]]]:
    """A random game (taunts never typed, answers accepted): the session stand-in
    and, per turn, the listing before it, its log entry and whom it could taunt;
    ``cached`` gets the time of each offer asked of the position the turn came from."""
    game = get_game("cheesegambit")
    rng = random.Random(seed)
    position = game.initial(OPTIONS, "R")
    session = SimpleNamespace(game="cheesegambit", options=dict(OPTIONS),
                              initial_position=position.listing(), position="")
    log: list[tuple[str, TurnEntry, list[str]]] = []
    seq = number = 0
    while position.result is None and number < 600:
        seq += 1
        if position.action_due():
            played = position.play_action(position.action_choices()[0])
            position = played.position
            continue
        number += 1
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        text = rng.choice(position.legal_turns(dice))
        played = position.play(text, dice)
        entry = TurnEntry(number, position.side_to_move or "", dice, played.record,
                          played.moves, "x", TurnKind.TURN, seq=seq, played_at=0.0)
        start = time.perf_counter()
        targets = [a.target for a in position.turn_additions(played.moves, dice)]
        cached.append((time.perf_counter() - start) * 1000)
        log.append((position.listing(), entry, targets))
        position = played.position
    session.position = position.listing()
    return session, log


def _ms(fn: Any, *args: Any) -> float:
    start = time.perf_counter()
    fn(*args)
    return (time.perf_counter() - start) * 1000


def main() -> int:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    offers: list[float] = []
    cached: list[float] = []
    presses: list[float] = []
    replays: list[tuple[int, float]] = []
    offered = 0
    for seed in range(games):
        session, log = _game(seed, cached)
        for listing, entry, targets in log:
            offers.append(_ms(taunt_targets, "cheesegambit", listing, OPTIONS, entry.moves,
                              entry.dice))
            if targets:
                offered += 1
                presses.append(_ms(taunt_after, listing, "cheesegambit", OPTIONS, entry,
                                   targets[0]))
        entries = [entry for _, entry, _ in log]
        # the restart case: everything before the last turn replayed (the whole game)
        session.position = get_game("cheesegambit").from_listing(
            log[-1][0], OPTIONS).play(entries[-1].moves, entries[-1].dice).position.listing()
        replays.append((len(entries), _ms(rewound, session, entries)))
    print(f"{games} games, {len(offers)} turns, {offered} offered a taunt")
    print(f"offer per turn, position of the turn: median {statistics.median(cached):.2f} ms, "
          f"max {max(cached):.2f} ms")
    print(f"offer per turn, fresh position: median {statistics.median(offers):.2f} ms, "
          f"max {max(offers):.2f} ms")
    print(f"press, position kept: median {statistics.median(presses):.2f} ms, "
          f"max {max(presses):.2f} ms")
    for turns, ms in replays:
        print(f"press after a restart, at the last of {turns} turns (log replayed): "
              f"{ms:.0f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
