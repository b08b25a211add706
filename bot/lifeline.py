"""Pool processes die with the bot, even when the bot is killed with SIGKILL.

A ``kill -9`` of the bot used to leave its pools' processes running with parent 1
(24 kills: 96 processes, 2.6 GiB).  Nothing in multiprocessing ends them:

- a ProcessPoolExecutor worker waits on its call queue, a pipe whose write end the
  worker itself holds (the queue object carries both ends), so it never sees EOF;
- the forkserver exits when every holder of its "alive" pipe is gone, and it hands
  that pipe to every worker it forks: it lives as long as one worker does;
- the resource tracker exits at EOF of its pipe, which the bot, the forkserver and
  every worker hold.

So the workers are what must die; the forkserver and the resource tracker then see
EOF and end by themselves.  Two ways, both cheap, so one failing still leaves the
other:

- ``die_with_parent`` (Linux ``prctl(PR_SET_PDEATHSIG, SIGKILL)``): the kernel kills
  the process when its parent ends.  The forkserver sets it at start (this module is
  in its preload list, ``FORKSERVER_PRELOAD``): it dies with the bot.  Each worker
  sets it too: it dies with the forkserver.  A chain of kernel signals that needs no
  Python code to run in the dying processes (a worker in a long search still dies).
- ``watch_owner``: a daemon thread in each worker waits for the bot's own process to
  end (a pidfd: readable when the process exits; polling where there is none) and
  ends the worker.  It covers what the chain does not: a forkserver started by a
  thread that has ended since (the death signal follows the thread that forked,
  not the process), and systems without prctl.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import select
import signal
import sys
import threading
import time

#: Linux ``prctl`` option: the signal the process gets when its parent ends.
PR_SET_PDEATHSIG = 1
#: The forkserver's preload list: ``__main__`` (multiprocessing's default), this
#: module, whose import makes the forkserver die with the bot, and then
#: bot/shared_pictures.py, whose import draws what every worker shares.
FORKSERVER_PRELOAD = ["__main__", __name__, "bot.shared_pictures"]
#: Seconds between looks at the owner where no pidfd can be had.
POLL = 1.0


def die_with_parent(sig: int = signal.SIGKILL) -> bool:
    """Ask the kernel to send ``sig`` to this process when its parent ends (Linux);
    False elsewhere.  The parent may have ended already, before the request: then
    this process is an orphan and ends at once."""
    if not sys.platform.startswith("linux"):
        return False
    parent = os.getppid()
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        if libc.prctl(PR_SET_PDEATHSIG, sig, 0, 0, 0) != 0:
            return False
    except (OSError, AttributeError):
        return False
    if os.getppid() != parent:  # it ended between the two looks: nobody will signal us
        os._exit(1)
    return True


def _wait_for_end(pid: int) -> None:
    """Return once process ``pid`` has ended (or cannot be watched)."""
    try:
        fd = os.pidfd_open(pid)
    except ProcessLookupError:
        return  # already gone
    except (AttributeError, OSError):
        fd = None
    if fd is not None:
        try:
            select.select([fd], [], [])  # readable when the process exits
        finally:
            os.close(fd)
        return
    while True:  # no pidfd (old kernel, not Linux): look now and then
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return
        except PermissionError:
            pass  # alive, another user's (cannot happen for our parent; harmless)
        time.sleep(POLL)


def watch_owner(owner: int) -> threading.Thread | None:
    """End this process (at once, without clean-up: the bot that wanted the work is
    gone) when process ``owner`` ends.  None when ``owner`` is this process."""
    if owner == os.getpid():
        return None

    def watch() -> None:
        _wait_for_end(owner)
        os._exit(1)

    thread = threading.Thread(target=watch, name="boardbot-lifeline", daemon=True)
    thread.start()
    return thread


def start_worker(owner: int, initializer: object, initargs: tuple[object, ...]) -> None:
    """A pool worker's first act: die with the forkserver and with the bot
    (``owner``), then run the pool's own ``initializer``."""
    die_with_parent()
    watch_owner(owner)
    if callable(initializer):
        initializer(*initargs)


#: The bot names itself here before its pools start (``name_forkserver_owner``).
OWNER_VARIABLE = "BOARDBOT_FORKSERVER_OWNER"


def name_forkserver_owner() -> None:
    """Say, in the environment the forkserver inherits, which process starts it."""
    os.environ[OWNER_VARIABLE] = str(os.getpid())


def in_forkserver() -> bool:
    """True in the forkserver importing its preload list: run as ``python -c`` with the
    forkserver's module loaded, a direct child of the process that named itself."""
    return sys.argv[:1] == ["-c"] and "multiprocessing.forkserver" in sys.modules and \
        os.environ.get(OWNER_VARIABLE) == str(os.getppid())


if in_forkserver():
    die_with_parent()
