"""What a turn did, as typed events in play order (``Played.events``).

Renderers draw the last turn from these and the service narrates them, so
neither reads move text again.  Every event names places the way the game's
own notation does (``24``, ``S3``, ``P``, ``F``, a Che cell ``1,0``) and sides
by their letters, so narration can say "W moved 24→18" as the record would.
Places are in the numbering of the side named by ``side`` (Hachapury,
Chebache and CheeseGambit number from the mover's point of view where their
notation does).

Events are plain frozen dataclasses; engines build them from their real
move application, not by parsing their own text afterwards.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, fields
from typing import Any

from games.messages import Message, message_from_data, message_to_data


@dataclass(frozen=True)
class Event:
    """Base class: ``side`` is the side letter the event is about."""

    side: str


@dataclass(frozen=True)
class Moved(Event):
    """``count`` of ``side``'s pieces went from ``src`` to ``dst`` (pool and start
    are places too: ``P``, ``S``; borne-off pieces go to ``F``, see ``BorneOff``).
    ``die`` is the die used when one was (None for a jump or a Gambit step)."""

    src: str
    dst: str
    die: int | None = None
    count: int = 1
    #: What moved when the game tells pieces apart (Chebache: ``K`` a King).
    piece: str = ""


@dataclass(frozen=True)
class BorneOff(Event):
    """``count`` pieces of ``side`` left the board from ``src`` (to ``F``)."""

    src: str
    die: int | None = None
    count: int = 1


@dataclass(frozen=True)
class Hit(Event):
    """``side`` hit (bumped, attacked) ``count`` pieces of ``victim`` standing on
    ``at`` (in ``victim``'s numbering); they went to ``to`` (their pool or start)."""

    victim: str
    at: str
    to: str
    count: int = 1
    #: Whether a King was among them (Chebache).
    king: bool = False


@dataclass(frozen=True)
class Flipped(Event):
    """A King of ``old`` on ``at`` (``side``'s numbering; ``old_at`` in
    ``old``'s) was captured and now belongs to ``side`` (Chebache)."""

    old: str
    at: str
    old_at: str


@dataclass(frozen=True)
class Trapped(Event):
    """``count`` pieces of ``side`` left on ``at`` (its numbering) were trapped
    at the end of the turn and went to ``to`` (a Chebache closes a space)."""

    at: str
    to: str
    count: int = 1
    king: bool = False


@dataclass(frozen=True)
class ChebacheFormed(Event):
    """``side`` formed Chebache ``letter`` at the end of the turn: its centre is
    ``side``'s space ``centre`` and it controls the opponent's space ``controls``
    (the opponent's numbering), where ``threatened`` opponent pieces stand
    (Chebache: the record's ``<...>`` part)."""

    letter: str
    centre: str
    controls: str
    threatened: int = 0


@dataclass(frozen=True)
class Sacrificed(Event):
    """``count`` of ``side``'s own pieces on ``at`` went back to ``to`` as the
    price of an attack (Chebache)."""

    at: str
    to: str
    count: int = 1


@dataclass(frozen=True)
class TilePlaced(Event):
    """``side`` placed a tile of dominant ``colour`` on ``cell`` (``x,y``) with
    ``orientation`` ``/`` or ``\\`` (Che)."""

    cell: str
    colour: str
    orientation: str


@dataclass(frozen=True)
class RegionClosed(Event):
    """A region of ``side``'s colour was closed by the last tile (Che)."""


@dataclass(frozen=True)
class Taunted(Event):
    """``side`` taunted ``target``, offering to double their stake."""

    target: str


@dataclass(frozen=True)
class TauntAccepted(Event):
    """``side`` accepted ``taunter``'s taunt: the stake is now ``stake``."""

    taunter: str
    stake: int


@dataclass(frozen=True)
class TauntDropped(Event):
    """``side`` dropped ``taunter``'s taunt, losing to it at the old stake."""

    taunter: str
    stake: int


@dataclass(frozen=True)
class Voted(Event):
    """``side`` voted to play on for places (``yes``) or not."""

    yes: bool


@dataclass(frozen=True)
class Passed(Event):
    """``side`` had no legal move: the turn passed (``(no move)``, ``(dance)``)."""


@dataclass(frozen=True)
class Resigned(Event):
    """``side`` resigned."""


@dataclass(frozen=True)
class PlacedAt(Event):
    """``side`` finished in place ``place`` (1 = first home)."""

    place: int


@dataclass(frozen=True)
class Won(Event):
    """The game ended: ``side`` won ``points`` (``side`` empty for a draw);
    ``why`` says why as data (``why_*`` codes of games/messages.py, parts joined by
    ``why_parts``; ``str(why)`` is the English), None when nothing is said."""

    points: int
    why: Message | None = None

    @property
    def reason(self) -> str:
        """Why, in English (the record's words)."""
        return str(self.why) if self.why is not None else ""


# --------------------------------------------------------------------------- JSON

#: JSON types each field annotation may hold (the annotations are strings
#: under ``from __future__ import annotations``).
_JSON_TYPES: dict[str, tuple[type, ...]] = {
    "str": (str,), "int": (int,), "bool": (bool,), "int | None": (int, type(None)),
}


def _event_types() -> dict[str, type[Event]]:
    """Every Event subclass by name, found when asked so that an event type a
    game defines in its own folder round-trips too (once that game is imported)."""
    found: dict[str, type[Event]] = {}
    todo: list[type[Event]] = [Event]
    while todo:
        cls = todo.pop()
        for sub in cls.__subclasses__():
            found[sub.__name__] = sub
            todo.append(sub)
    return found


def events_to_json(events: tuple[Event, ...]) -> str:
    """The events as a JSON list of objects, each ``{"type": <class name>, <field>:
    <value>, ...}`` with every field written (so a later default change cannot
    alter what a stored event meant); ``events_from_json`` reads it back."""
    return json.dumps(
        [{"type": type(e).__name__, **{f.name: _to_json(getattr(e, f.name)) for f in fields(e)}}
         for e in events],
        separators=(",", ":"))  # ASCII: a stray surrogate cannot break a UTF-8 column


def _to_json(value: Any) -> Any:
    return message_to_data(value) if isinstance(value, Message) else value


def events_from_json(text: str) -> tuple[Event, ...]:
    """The events ``events_to_json`` wrote; ValueError when ``text`` is not such a
    list (unknown type, unknown or missing field, a value of the wrong type)."""
    data = json.loads(text)
    if not isinstance(data, list):
        raise ValueError("events JSON must be a list")
    types = _event_types()
    return tuple(_event_from(item, types) for item in data)


def _event_from(item: Any, types: dict[str, type[Event]]) -> Event:
    if not isinstance(item, dict) or not isinstance(item.get("type"), str):
        raise ValueError(f"not an event object: {item!r}")
    cls = types.get(item["type"])
    if cls is None:
        raise ValueError(f"unknown event type {item['type']!r}")
    values = {k: v for k, v in item.items() if k != "type"}
    if cls is Won and "reason" in values:  # a row stored before reasons were data
        from games.legacy import why_from_text

        values["why"] = why_from_text(values.pop("reason"))
    known = {f.name: f for f in fields(cls)}
    extra = set(values) - set(known)
    if extra:
        raise ValueError(f"{cls.__name__} has no field {sorted(extra)[0]!r}")
    for name, value in values.items():
        if str(known[name].type) == "Message | None":
            if value is not None and not isinstance(value, Message):
                values[name] = message_from_data(value)
            continue
        allowed = _JSON_TYPES.get(str(known[name].type), (object,))
        # bool is an int in Python: an int field must not take true/false, nor the reverse
        if not isinstance(value, allowed) or (isinstance(value, bool) and bool not in allowed):
            raise ValueError(f"{cls.__name__}.{name} cannot be {value!r}")
    try:
        return cls(**values)
    except TypeError as exc:  # a field without a default is missing
        raise ValueError(f"{cls.__name__}: {exc}") from None


__all__ = [
    "BorneOff", "ChebacheFormed", "Event", "Flipped", "Hit", "Moved", "Passed", "PlacedAt",
    "Resigned", "RegionClosed", "Sacrificed", "TauntAccepted", "TauntDropped", "Taunted",
    "TilePlaced", "Trapped", "Voted", "Won", "events_from_json", "events_to_json",
]
