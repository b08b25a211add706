"""The errors every engine raises on bad input.

Everything a player can type ends either in a played turn or in one of these.
An error says what is wrong as data (``reason``: a ``Message``, a code and its
values, see games/messages.py), so the bot says it in the player's language from
the code; ``str(error)`` is the English.  Messages say what is wrong and, where
there is one, what is legal instead.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.messages import EN as EN_TEMPLATES
from games.messages import Message, Value, render


class GameError(Exception):
    """Base class of every error the engines raise on bad input.

    ``reason`` is what is wrong; ``said()`` the whole message, with what a subclass
    adds around it (what is legal instead, where in the text)."""

    def __init__(self, reason: Message) -> None:
        if not isinstance(reason, Message):  # English text would leave the bot guessing
            raise TypeError(f"an engine error carries a Message, not {type(reason).__name__}")
        self.reason = reason
        # the constructor's arguments, so an error crosses a process pool (pickle) whole
        super().__init__(reason)

    def __reduce__(self) -> tuple[type[GameError], tuple[object, ...]]:
        return type(self), self.args

    @property
    def code(self) -> str:
        """The stable key of what is wrong (``gerr_...``)."""
        return self.reason.code

    @property
    def values(self) -> dict[str, Value]:
        """The values the reason's template fills."""
        return dict(self.reason.values)

    def said(self) -> Message:
        """The whole message, the reason nested in whatever wraps it."""
        return self.reason

    def __str__(self) -> str:
        return render(self.said(), EN_TEMPLATES)


class NotationError(GameError):
    """Move text that cannot be read at all (before any rule is checked).

    ``column`` is 1-based and points at the offending character of ``text``.
    """

    def __init__(self, message: Message, text: str = "", column: int | None = None) -> None:
        self.text = text
        self.column = column
        super().__init__(message)
        self.args = (message, text, column)

    @property
    def message(self) -> Message:
        """What is wrong, without the column (re-raised with another column)."""
        return self.reason

    def said(self) -> Message:
        if self.column is None:
            return self.reason
        return Message.of("gerr_column", reason=self.reason, column=self.column,
                          text=repr(self.text))


class IllegalTurnError(GameError):
    """Readable move text that breaks a rule; ``legal`` names legal turns instead."""

    def __init__(self, reason: Message, legal: Sequence[str] = ()) -> None:
        self.legal = list(legal)
        super().__init__(reason)
        self.args = (reason, self.legal)

    def said(self) -> Message:
        if not self.legal:
            return self.reason
        # move texts read the same in every language: only the frame is translated
        shown = ", ".join(f"`{t}`" for t in self.legal[:5])
        if len(self.legal) > 5:
            return Message.of("gerr_legal_more", reason=self.reason, shown=shown,
                              more=len(self.legal) - 5)
        return Message.of("gerr_legal", reason=self.reason, shown=shown)


class PositionError(GameError):
    """A position listing that cannot be read or describes an impossible position."""


class OptionError(GameError):
    """A game option with an unknown name or an invalid value."""
