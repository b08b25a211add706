"""CheeseGambit: a Parcheesi x Backgammon hybrid for 2-4 players.

Rules: ``docs/rules/cheesegambit.md`` (the project's reading of the source
document).  Modules: ``board`` (geometry, location codes), ``movegen`` (legal
turns, special moves, realising written turns), ``notation`` (reading and
writing move text), ``listing`` (position listings), ``position`` (the
position and its actions), ``game`` (the ``Game`` object: options, and how a
taunt answer joins its turn line in a record).

Protocol for the service: turns, answers and votes
--------------------------------------------------
Besides dice turns, CheeseGambit has two kinds of *action* that use no dice:
answering a taunt and voting to play on once the first player has finished.

* ``position.pending()`` is ``None``, ``("taunt", taunter, target)`` or
  ``("vote", [sides yet to vote])``.
* While something is pending, ``position.side_to_move`` is the side who must
  answer (the taunted side, or the first voter yet to vote in turn order; any
  listed voter may vote) and ``position.dice_count()`` is 0.  So: if
  ``dice_count()`` is 0 and ``result`` is None, expect an action, not a turn.
* ``position.answer_taunt(accept)`` -> ``Played`` (record ``T@B x2`` or
  ``T@B drop``); ``position.vote(side, yes)`` -> ``Played`` (record
  ``vote G yes``); ``position.play_action(text)`` reads ``accept``/``take``,
  ``drop``, ``T@B x2``, ``T@B drop``, ``vote G yes``/``vote G no`` (or
  ``yes``/``no`` for the side to move).
* ``position.next_side`` is who throws next once nothing is pending (after a
  CheeseGambit it is the same side: the extra turn, recorded as the next turn
  number with the same colour).

Dice turns: ``position.play(text, dice)`` with moves such as ``9/13 13/17``,
``G 2(9X13)``, ``CG 2(PX15)``, ``gamble 4(S3/F)`` or ``(dance)``, optionally
ending with a taunt ``T@B`` (allowed at a side bumped this turn; see
``position.turn_additions(text, dice)``).  ``Played.record`` is the text
after ``12R: ``, e.g. ``[4 4] G 2(9X13) T@B``.  The answer comes later and
belongs on the same record line: the full line is the turn's record followed
by the answer's record (``[4 4] G 2(9X13) T@B x2``).  ``play`` also accepts
such a complete line (``... T@B x2`` / ``... T@B drop``) and applies the
answer at once, which is how a record is replayed.  Votes are record lines of
their own (``vote G yes``); ``games.record.parse_record`` reads them with the
game's ``action_line`` pattern.

``legal_turns(dice)`` lists movement turns only (no taunt suffixes) and is
empty while an action is due.  The position listing's ``X to move`` names
``next_side``; the pending taunt and vote segments before it say who must act
first.
"""

from __future__ import annotations

from games.cheesegambit.game import GAME, CheeseGambitGame
from games.cheesegambit.position import CheeseGambitPosition

__all__ = ["GAME", "CheeseGambitGame", "CheeseGambitPosition"]
