"""The errors every engine raises on bad input.

Everything a player can type ends either in a played turn or in one of these;
the bot shows ``str(error)`` to the player, so messages say what is wrong and,
where there is one, what is legal instead.
"""

from __future__ import annotations

from collections.abc import Sequence


class GameError(Exception):
    """Base class of every error the engines raise on bad input."""


class NotationError(GameError):
    """Move text that cannot be read at all (before any rule is checked).

    ``column`` is 1-based and points at the offending character of ``text``.
    """

    def __init__(self, message: str, text: str = "", column: int | None = None) -> None:
        self.message = message
        self.text = text
        self.column = column
        super().__init__(str(self))

    def __str__(self) -> str:
        if self.column is None:
            return self.message
        return f"{self.message} (column {self.column} of {self.text!r})"


class IllegalTurnError(GameError):
    """Readable move text that breaks a rule; ``legal`` names legal turns instead."""

    def __init__(self, reason: str, legal: Sequence[str] = ()) -> None:
        self.reason = reason
        self.legal = list(legal)
        super().__init__(str(self))

    def __str__(self) -> str:
        if not self.legal:
            return self.reason
        shown = ", ".join(f"`{t}`" for t in self.legal[:5])
        more = f" (and {len(self.legal) - 5} more)" if len(self.legal) > 5 else ""
        return f"{self.reason}. Legal instead: {shown}{more}"


class PositionError(GameError):
    """A position listing that cannot be read or describes an impossible position."""


class OptionError(GameError):
    """A game option with an unknown name or an invalid value."""
