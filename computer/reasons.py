"""Why the computer chose a turn or an answer, as data rather than words.

The explain modules name each reason by a key with its values (``Said``); the
bot says them in the reader's language through its catalogue (the ``hint_*``
keys in bot/catalogue/hints.py, English the source).  Keeping the words out of
this package keeps it free of the bot and lets one hint read in any language.

Values are plain and picklable (a choice crosses the thinker's process pool):
numbers, notation, a side's English name (``side`` and ``foe`` values, which
the catalogue puts into each language's words), a tuple of items said as a
list ("50 and 51"), or another ``Said`` (a phrase inside the sentence: "a
checker", "2 checkers").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Union

#: A value in a reason: see the module's note.
Value = Union[str, int, float, tuple[str | int, ...], "Said"]


@dataclass(frozen=True)
class Said:
    """One phrase of a reason: a catalogue key and the values its template fills."""

    key: str
    values: tuple[tuple[str, Value], ...] = ()

    @classmethod
    def of(cls, key: str, **values: Value) -> Said:
        return cls(key, tuple(values.items()))


#: The catalogue key that joins a reason's drawbacks to its advantages
#: (", though it leaves a blot on 60"), with the drawbacks as ``drawbacks``.
THOUGH = "hint_though"


@dataclass(frozen=True)
class Reason:
    """A whole reason: its phrases, most important first, and how they join:
    ``and`` ("a, b and c") or ``semicolon`` ("a; b; c").  Empty: nothing to say.

    ``parts`` are what the turn gains: a hint is advice, so its reason names an
    advantage.  ``drawbacks`` are what it costs, said after them ("..., though it
    leaves a blot on 60"); a drawback is never the reason on its own."""

    parts: tuple[Said, ...] = ()
    join: Literal["and", "semicolon"] = "and"
    drawbacks: tuple[Said, ...] = ()

    def __post_init__(self) -> None:
        if self.drawbacks and not self.parts:
            raise ValueError("a reason names an advantage before any drawback")

    def __bool__(self) -> bool:
        return bool(self.parts)

    @classmethod
    def of(cls, key: str, **values: Value) -> Reason:
        """A reason of one phrase."""
        return cls((Said.of(key, **values),))


#: Nothing to say (a fallback, a strategy without words).
NO_REASON = Reason()
