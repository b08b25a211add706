"""What every pool worker needs, made once in the forkserver and shared by all of them.

Both pools' workers (bot/cpu_pool.py, bot/computer_pool.py) are forked from one
forkserver (bot/process_pools.py).  What the forkserver holds when it forks, each
worker holds too, in the same physical pages until one of them writes to a page
(copy-on-write).  So the forkserver, as it starts (this module is in its preload
list), imports every engine, strategy and renderer and draws the bot's look (its
picture width and theme: the board backgrounds, palettes, fonts and sprites every
picture starts from), then freezes its heap and gives its free memory back:

- ``gc.freeze``: a worker's garbage collections never walk those objects, so they
  never write to their headers (each write would copy a page into the worker);
- ``malloc_trim``: the warm-up's freed buffers go back to the system rather than
  into every worker's heap.

Measured with bench/bench_memory.py (2 cores, 10,000 live sessions): each picture
worker drew every look itself, about 225 MiB of its own; the whole tree (bot,
forkserver, both pools) is now about half of what it was (README, "Memory").

Only the bot's look is drawn here.  The other themes and the phone layout are rare
(a server or a player chooses them): a worker draws one when it is first asked for
(a few hundred milliseconds, once per worker) and keeps it in its bounded caches.

The look to draw is named in the environment (``share_look``) by the process that
starts the forkserver, before it starts it: a forkserver reads its preload list and
its environment once.  Without it (tests, tools that start a computer pool first),
nothing is drawn here and each worker draws what it needs, as before.
"""

from __future__ import annotations

import logging
import os

from bot.lifeline import in_forkserver

log = logging.getLogger("boardbot.cpu")

#: The environment variable naming the look the forkserver draws: ``WIDTH:THEME``.
LOOK_VARIABLE = "BOARDBOT_SHARED_LOOK"


def share_look(width: int, theme: str) -> None:
    """Ask the forkserver to draw ``theme`` at ``width`` for every worker (it must not
    be running yet: a forkserver already running keeps what it drew)."""
    os.environ[LOOK_VARIABLE] = f"{width}:{theme}"


def shared_look() -> tuple[int, str] | None:
    """The look named by ``share_look`` (None when none is, or it is malformed)."""
    width, _, theme = os.environ.get(LOOK_VARIABLE, "").partition(":")
    if not width.isdigit() or not theme:
        return None
    return int(width), theme


def prepare_shared(look: tuple[int, str] | None) -> None:
    """Import every game, computer strategy and renderer, draw ``look`` (when given)
    and one board of each game in it, then freeze the heap and give its free memory
    back (see the module's docstring)."""
    from bot.heap import freeze_startup_heap
    from computer.base import strategy_for
    from games import available_games
    from renderer import NoRenderer, draw_first_positions, for_game, warm_look

    games = available_games()
    for name in games:
        try:
            strategy_for(name)
        except LookupError:  # a game without a computer player
            pass
        try:
            for_game(name)
        except NoRenderer:
            pass
    if look is not None:
        width, theme = look
        warm_look(games, width, theme)
        draw_first_positions(games, width, theme)
    freeze_startup_heap()


def _prepare_forkserver() -> None:
    try:
        prepare_shared(shared_look())
    except Exception:  # the forkserver must start all the same: workers draw their own
        log.exception("the forkserver could not prepare the shared pictures; each worker "
                      "draws its own")


if in_forkserver():
    _prepare_forkserver()
