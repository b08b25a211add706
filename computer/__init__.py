"""Computer players: every game played by the bot itself, at three levels.

Pure like ``games/`` (stdlib only, no I/O, no clock of their own except the
time budget): a ``Strategy`` per game (``computer.<game>``, named by the game's
plugin in games/plugins/) chooses a turn for a position and dice, answers the
position's question (a taunt, a vote) and says in words why a turn is good
(hints).  ``decide`` is the one entry point the bot runs in its process pool and
the ``engine`` command calls: it takes plain, picklable values (the game, its
options, a position listing) and returns a ``Choice``.

Layers: ``computer`` may import ``games`` only; the bot imports ``computer``.
"""

from __future__ import annotations

import os

# The learned evaluations multiply small matrices (a throw's turns by a few
# dozen hidden units): BLAS threads only spin against the search and the other
# workers for them (a self-play game took twice the CPU with them), and one
# thread sums in one order on every machine.  Set before numpy is first
# imported (computer/td.py and the *_learned modules); an explicit setting wins.
for _variable in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_variable, "1")

from computer.base import Budget, Choice, Level, Strategy, strategy_for  # noqa: E402
from computer.play import Request, answer_question, decide  # noqa: E402

__all__ = ["Budget", "Choice", "Level", "Request", "Strategy", "answer_question", "decide",
           "strategy_for"]
