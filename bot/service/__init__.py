"""The command service: (who, where, command, arguments) -> Reply.

This is the only place that decides what a command does.  It never imports
discord: the Discord adapter and the local console both call it, and the
tests drive it directly.  Every change goes through the store's versioned
transactions; every refusal is a private reply and changes nothing.

One concern per module, composed on a shared ``Context`` (context.py):
``core`` the turn path, ``lobby`` challenges and lobbies, ``correspondence``
clocks' commands and take-backs, ``timekeeping`` the clock hand-over,
``resign``, ``presses`` buttons, ``views`` what anyone may look at, ``texts``
the wording.  ``GameService`` (facade.py) is the public face.
"""

from bot.service.context import ServiceConfig
from bot.service.facade import GameService

__all__ = ["GameService", "ServiceConfig"]
