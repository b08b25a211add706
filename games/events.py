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

from dataclasses import dataclass


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
    ``reason`` says why in a few words."""

    points: int
    reason: str


__all__ = [
    "BorneOff", "Event", "Flipped", "Hit", "Moved", "Passed", "PlacedAt", "Resigned",
    "RegionClosed", "Sacrificed", "TauntAccepted", "TauntDropped", "Taunted", "TilePlaced",
    "Trapped", "Voted", "Won",
]
