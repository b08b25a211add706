"""Faults outside the rules (the database down, silent or full), logged and told as what
they are.  A ``storage.DatabaseFault`` is an outage, not a bug: one log line (its kind
and the driver's words), never a traceback; anything else is a bug and is logged with
its traceback (in the bot's and the console's JSON lines, still one line)."""

from __future__ import annotations

import logging

from storage import DatabaseFault


def log_failure(logger: logging.Logger, exc: BaseException, message: str,
                *args: object) -> None:
    """Log that ``message`` failed with ``exc``: one line for a database fault, the
    traceback for anything else."""
    if isinstance(exc, DatabaseFault):
        logger.warning(message + ": %s (%s)", *args, exc.kind, brief(exc))
    else:
        logger.error(message, *args, exc_info=exc)


def brief(exc: BaseException) -> str:
    """The first line of what the driver said (at most 200 characters)."""
    cause = exc.__cause__ or exc
    text = str(cause).strip().splitlines()
    return (text[0] if text else type(cause).__name__)[:200]
