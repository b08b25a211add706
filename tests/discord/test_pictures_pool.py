"""Pictures drawn in the process pool through Discord (SimCord): a game's replies carry
their boards drawn by the pool's workers (that the bot makes, warms and stops its own
pool: tests/discord/test_computer.py).  The pool starts outside SimCord: SimCord
freezes time.monotonic, and starting a worker process polls its children with a
timeout measured on that clock."""

from __future__ import annotations

from pathlib import Path

from bot.cpu_pool import CpuPool
from tests.discord import harness as h

simcord = h.simcord


async def test_a_game_through_discord_draws_its_boards_in_the_pool(
        tmp_path: Path, open_service: h.Opener) -> None:
    path = tmp_path / "db.sqlite3"
    service = await open_service(path)
    pool = CpuPool(1, width=400, every_look=False)
    await pool.start()
    service.context.cpu_pool = pool
    try:
        async with h.running(service, path) as w:
            await h.start_game(w)
            player = await h.mover(w, service)
            played = await h.play_first_offered(w, player)  # offered by a worker's listing
            post = h.public(played)
            assert post is not None, played
            assert [a.filename for a in post.attachments] == ["board.png"]
            board = h.public(await w.carol.slash(w.channel, "board"))
            assert board is not None and [a.filename for a in board.attachments] == \
                ["board.png"]
        # the start, the move and /board drawn in the worker; the turns listed there
        assert pool.tasks >= 4 and pool.fallbacks == 0 and pool.replacements == 0
    finally:
        await pool.shutdown()
