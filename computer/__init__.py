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

from computer.base import Budget, Choice, Level, Strategy, strategy_for
from computer.play import Request, answer_question, decide

__all__ = ["Budget", "Choice", "Level", "Request", "Strategy", "answer_question", "decide",
           "strategy_for"]
