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

The forkserver also imports the bot's main module (``share_main``).  Each worker,
as it starts, imports the main module of the process that made it (multiprocessing
does, to find the functions it is sent), unless its forkserver holds it already.
Python 3.11's forkserver never does, even with ``"__main__"`` in its preload list
(the main module's path is not passed to it): so every worker of both pools ran
the bot's command line (the ``boardbot`` script: ``bot.__main__``, its configuration
and storage) in pages of its own; bench/bench_memory.py, run as a script, imports
the service, storage and their drivers.  Imported here, they are shared: the whole
tree just after start-up on 2 cores went from 281 to 190 MiB (a computer worker's
PSS 45 -> 22 MiB), and one more core from about 80 to about 39 MiB
(bench/bench_memory_per_core.py, 2,500 sessions).  A picture worker of the look
drawn here draws nothing again as it starts (``prepared_look``): drawing wrote to
the shared pages, copying them into the worker (one more core: 36 MiB).

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
from multiprocessing import spawn

from bot.lifeline import in_forkserver

log = logging.getLogger("boardbot.cpu")

#: The environment variable naming the look the forkserver draws: ``WIDTH:THEME``.
LOOK_VARIABLE = "BOARDBOT_SHARED_LOOK"
#: The environment variable naming the main module the forkserver imports for its
#: workers: ``init_main_from_path=PATH`` or ``init_main_from_name=NAME``, as
#: multiprocessing describes it to a new worker.
MAIN_VARIABLE = "BOARDBOT_WORKER_MAIN"
#: How multiprocessing names the main module a worker imports (spawn.prepare's keys).
MAIN_KEYS = ("init_main_from_path", "init_main_from_name")


def share_main() -> None:
    """Name this process's main module for the forkserver to import (see the
    module's docstring); it must not be running yet."""
    data = spawn.get_preparation_data("boardbot-worker")
    for key in MAIN_KEYS:
        if data.get(key):
            os.environ[MAIN_VARIABLE] = f"{key}={data[key]}"
            return
    os.environ.pop(MAIN_VARIABLE, None)


def shared_main() -> tuple[str, str] | None:
    """The main module named by ``share_main``: (spawn.prepare's key, its value)."""
    key, _, value = os.environ.get(MAIN_VARIABLE, "").partition("=")
    if key not in MAIN_KEYS or not value:
        return None
    return key, value


def import_main(main: tuple[str, str] | None) -> bool:
    """Import ``main`` as each worker would (``spawn.prepare``): afterwards a worker
    forked from here finds it imported and imports nothing.  True when it did."""
    if main is None:
        return False
    key, value = main
    spawn.prepare({key: value})
    return True


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


#: The look this process drew for its workers (set in the forkserver once it has
#: drawn it, inherited by every worker it forks): a worker of that look has nothing
#: to warm up.
PREPARED: tuple[int, str] | None = None


def prepared_look() -> tuple[int, str] | None:
    """The look the forkserver drew before it forked this worker (None: none)."""
    return PREPARED


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
    global PREPARED
    PREPARED = look
    freeze_startup_heap()


def _prepare_forkserver() -> None:
    try:
        import_main(shared_main())
    except Exception:  # each worker imports it itself, as before
        log.exception("the forkserver could not import the bot's main module; each "
                      "worker imports its own")
    try:
        prepare_shared(shared_look())
    except Exception:  # the forkserver must start all the same: workers draw their own
        log.exception("the forkserver could not prepare the shared pictures; each worker "
                      "draws its own")


if in_forkserver():
    _prepare_forkserver()
