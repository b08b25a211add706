"""Benchmark: ``/replay`` of a long finished game of each game, end to end.

For each game a seeded game of random legal turns (random answers, random taunts)
is played to its end through the service on a fresh SQLite file, then
``service.replay`` is timed: reading the log, replaying it, drawing every frame
and encoding the GIF under the upload limit (10 MiB, a server without boosts;
``--limit`` in MiB to try another).  Prints the turns, the frames and the step
between sampled turns, the frame width, a frame's time, the GIF's size, the wall
time and the CPU time of the whole command (the work runs in this process: ``Context.cpu`` runs
it on a worker thread here), then the CPU time of its two parts, replaying the log
into frame texts (``frame_specs``) and drawing and encoding (``animate``).
``--save DIR`` writes the GIFs.

Run from the project root: ``.venv/bin/python bench/bench_replay.py [--only che,...]
[--seed 1] [--limit 10] [--save DIR]``.
"""

from __future__ import annotations

import argparse
import asyncio
import io
import random
import re
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from PIL import Image

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.replies import Channel, User  # noqa: E402
from bot.service import GameService, ServiceConfig, texts  # noqa: E402
from bot.service.context import public_viewer  # noqa: E402
from bot.service.replays import frame_specs  # noqa: E402
from renderer.animation import animate  # noqa: E402
from storage import Store  # noqa: E402

PLAYERS = [User("1", "alice"), User("2", "bob"), User("3", "carol"), User("4", "dave")]
HERE = Channel("10", "20", "games")
#: (game, options, players), each set for a long game: CheeseGambit with four players
#: and no taunts (a dropped taunt ends the game early), Che with its largest pool.
GAMES: tuple[tuple[str, dict[str, str], int], ...] = (
    ("hachapury", {}, 2),
    ("chebache", {}, 2),
    ("cheesegambit", {"players": "4", "taunt": "off"}, 4),
    ("che", {"tiles": "200"}, 2),
)


async def long_game(service: GameService, game: str, options: dict[str, str], players: int,
                    rng: random.Random) -> int:
    """A finished game of random legal turns; its id."""
    host, *others = PLAYERS[:players]
    assert (await service.new(host, HERE, game, others, dict(options))).ok
    for player in others:
        assert (await service.accept(player, HERE)).ok
    by_id = {p.id: p for p in PLAYERS}
    session = await service.store.live_session(HERE.id)
    assert session is not None
    game_id = session.id
    while True:
        session = await service.store.live_session(HERE.id)
        if session is None:
            return game_id
        position = service.position_of(session)
        if position.action_due():
            side = rng.choice(position.actors())
            text = rng.choice(position.action_choices())
        else:
            side = position.side_to_move or ""
            turn = rng.choice(service.legal_turns(session))
            additions = position.turn_additions(turn, session.dice)
            if additions and rng.random() < 0.5:
                turn = turn.with_addition(rng.choice(additions))
            text = turn.text
        seat = session.seat_for_side(side)
        assert seat is not None
        reply = await service.move(by_id[seat.user_id], HERE, text)
        assert reply.ok, reply.text


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--only", default="")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--limit", type=float, default=10.0, help="upload limit, MiB")
    parser.add_argument("--save", default="")
    args = parser.parse_args()
    only = set(filter(None, args.only.split(",")))
    limit = int(args.limit * 1024 * 1024)
    print(f"{'game':13} {'turns':>5} {'frames':>6} {'step':>4} {'width':>5} {'frame ms':>8} "
          f"{'KiB':>6} {'wall s':>6} {'CPU s':>6} {'replay':>6} {'draw':>6}")
    with tempfile.TemporaryDirectory() as folder:
        for game, options, players in GAMES:
            if only and game not in only:
                continue
            store = await Store.open(str(Path(folder) / f"{game}.sqlite3"))
            rng = random.Random(args.seed)
            service = GameService(store, ServiceConfig(), seed_factory=_seeds(rng))
            try:
                game_id = await long_game(service, game, options, players, rng)
                turns = len(await service.ledger.effective_turns(game_id))
                start, start_cpu = time.perf_counter(), time.process_time()
                reply = await service.replay(PLAYERS[0], HERE, game_id, limit)
                wall = time.perf_counter() - start
                cpu = time.process_time() - start_cpu
                session = await service.store.session(game_id)
                log = await service.ledger.effective_turns(game_id)
                assert session is not None
                start_cpu = time.process_time()
                specs = frame_specs(session, log)
                replay_cpu = time.process_time() - start_cpu
                start_cpu = time.process_time()
                animate(session.game, dict(session.options), specs, texts.names(session),
                        public_viewer(session), "light", limit)
                draw_cpu = time.process_time() - start_cpu
            finally:
                await store.close()
            if reply.image is None:
                print(f"{game:13} {turns:>5} refused: {reply.text}")
                continue
            if args.save:
                Path(args.save).mkdir(parents=True, exist_ok=True)
                (Path(args.save) / f"replay-{game}.gif").write_bytes(reply.image)
            frames, step, width, frame_ms = _figures(reply.image, reply.text)
            print(f"{game:13} {turns:>5} {frames:>6} {step:>4} {width:>5} {frame_ms:>8} "
                  f"{len(reply.image) / 1024:>6.0f} {wall:>6.2f} {cpu:>6.2f} {replay_cpu:>6.2f} "
                  f"{draw_cpu:>6.2f}")


def _seeds(rng: random.Random) -> Callable[[], bytes]:
    return lambda: rng.randbytes(32)


def _figures(data: bytes, text: str) -> tuple[int, int, int, int]:
    """Frames, step, width and a middle frame's time, read back from the GIF."""
    gif = Image.open(io.BytesIO(data))
    frames = int(getattr(gif, "n_frames", 1))
    gif.seek(frames // 2)
    step = re.search(r"every (\d+) turns", text)
    return frames, int(step[1]) if step else 1, gif.size[0], int(gif.info.get("duration", 0))


if __name__ == "__main__":
    asyncio.run(main())
