"""A bot killed with SIGKILL leaves none of its pools' processes behind
(bot/lifeline.py): the forkserver, the picture and computer workers and the
resource tracker all end within seconds.  A real ``python -m bot local`` with its
pools, a real ``kill -9``."""

from __future__ import annotations

import signal
from pathlib import Path

from bot.process_pools import cores
from tests.bot.killed import console, descendants, living, put_down, say, wait_for


def test_a_killed_bot_leaves_no_pool_process_behind(tmp_path: Path) -> None:
    bot = console(str(tmp_path / "db.sqlite3"), tmp_path)
    tree: dict[int, str] = {}
    try:
        # a game of computers: the computer pool starts with its first decision, the
        # picture pool with the console
        say(bot, "alice: /new hachapury @boardbot @boardbot level=easy")
        # the resource tracker, the forkserver, a picture and a computer worker per core
        expected = 2 + 2 * cores()
        wait_for(lambda: len(descendants(bot.pid)) >= expected, 120, "the pools")
        tree = descendants(bot.pid)
        bot.send_signal(signal.SIGKILL)
        bot.wait(10)
        try:
            seconds = wait_for(lambda: not living(tree), 5, "the pool processes to end")
            print(f"{len(tree)} pool processes ended {seconds:.2f} s after the kill")
        except AssertionError:
            pass
        left = living(tree)
        assert left == [], f"{len(left)} of {len(tree)} pool processes outlived the bot"
    finally:
        if bot.poll() is None:
            bot.kill()
            bot.wait(10)
        put_down(living(tree))
