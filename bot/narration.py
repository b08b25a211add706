"""A turn told in words, from its events (games/events.py), with players' names.

"bob (Black) rolled 6-5 and moved 24→18→13", "alice bumped carol's piece on 23
to the pool", "A White region is closed: alice wins".  Pure: events and who is
who in, one line of text out, in the language asked for (bot/catalogue.py).
The notation line stays beside it for experts and records; nothing here is
read back.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from bot.catalogue import DEFAULT, ru_plural, say
from bot.catalogue.reasons import why_in
from games.events import (
    BorneOff,
    ChebacheFormed,
    Event,
    Flipped,
    Hit,
    Moved,
    Passed,
    PlacedAt,
    RegionClosed,
    Resigned,
    Sacrificed,
    TauntAccepted,
    TauntDropped,
    Taunted,
    TilePlaced,
    Trapped,
    Voted,
    Won,
)
from games.plugins import GamePlugin, PluginError, plugin_for

ARROW = "→"


@dataclass(frozen=True)
class Cast:
    """Who is who: players' names and colour words by side letter, the game
    (for its verbs) and the language; ``you``, the side told as "you" (a lesson's
    learner), whose verbs agree with it ("you win")."""

    names: Mapping[str, str]
    colours: Mapping[str, str] = field(default_factory=dict)
    game: str = ""
    lang: str = DEFAULT
    you: str = ""
    #: Colour words in the genitive, where the language's sentences need it for a
    #: piece's owner known only by colour (Russian "фишку синих").
    colours_of: Mapping[str, str] = field(default_factory=dict)

    def name(self, side: str) -> str:
        """The player's name, or the colour where the seat has no name."""
        return self.names.get(side) or self.colours.get(side) or side

    def whose(self, side: str) -> str:
        """A piece's owner as the language's sentences say it: English the name (the
        sentence adds "'s"); Russian "игрока bob" for a player, "синих" for a side
        known only by its colour (not "игрока Синие")."""
        name = self.names.get(side)
        if not name and side in self.colours_of:
            return self.colours_of[side]
        return self.say("of_player", name=self.name(side))

    def lead(self, side: str) -> str:
        """``bob (Black)``: how the mover is introduced (it begins a sentence: the
        learner's "you" is "You"; players' names stay as they are written)."""
        colour = self.colours.get(side)
        name = self.names.get(side)
        if name and side == self.you:
            name = name[:1].upper() + name[1:]
        if name and colour:
            return f"{name} ({colour})"
        return self.name(side)

    def say(self, key: str, **values: object) -> str:
        return say(key, self.lang, **values)

    def count_word(self, noun: str, count: int) -> str:
        """The plural of ``noun`` for ``count`` where the language needs one."""
        return ru_plural(noun, count) if self.lang == "ru" else ""


def narrate(events: Sequence[Event], cast: Cast, dice: Iterable[int] = ()) -> str:
    """The turn (or answer) ``events`` as a line of words; empty for no events."""
    if not events:
        return ""
    thrown = tuple(dice)
    mover_events = [e for e in events if _is_mover_action(e)]
    out: list[str] = []
    if mover_events:
        side = mover_events[0].side
        actions = _actions(mover_events, cast)
        key = "rolled" if thrown else "played"
        out.append(cast.say(key, player=cast.lead(side), dice="-".join(map(str, thrown)),
                            actions=_joined(actions, cast)) + ".")
    out.extend(_consequences(events, cast))
    return " ".join(out)


def _is_mover_action(event: Event) -> bool:
    return isinstance(event, Moved | BorneOff | Hit | Flipped | Sacrificed | TilePlaced
                      | Taunted | Passed)


def _joined(actions: list[str], cast: Cast) -> str:
    if len(actions) <= 1:
        return "".join(actions)
    return cast.say("list_sep").join(actions[:-1]) + cast.say("and") + actions[-1]


def place(text: str, cast: Cast, in_path: bool = False) -> str:
    """A place as players say it: ``S`` Start, ``F`` Finish, ``P`` the pool
    (``pool`` in a path: pool→15)."""
    pool = cast.say("pool_place" if in_path else "pool")
    return {"S": cast.say("start"), "F": cast.say("finish"), "P": pool}.get(text, text)


def _sent_to(to: str, cast: Cast) -> str:
    if to == "P":
        return cast.say("to_pool")
    if to == "S":
        return cast.say("to_start")
    return cast.say("to_place", place=place(to, cast))


def _actions(events: list[Event], cast: Cast) -> list[str]:
    """The mover's actions in play order; consecutive moves of one piece are one
    path (24→18→13) and the same step repeated is counted (2 pieces 8→5)."""
    actions: list[str] = []
    runs: list[_Run] = []

    def flush() -> None:
        # one verb for plain moves in a row: "moved 24→23 and 11→6"
        plain: list[str] = []
        for run in runs:
            if run.piece != "K" and run.count == 1:
                plain.append(run.path_text(cast))
                continue
            if plain:
                actions.append(cast.say("moved", path=_joined(plain, cast)))
                plain = []
            actions.append(run.text(cast))
        if plain:
            actions.append(cast.say("moved", path=_joined(plain, cast)))
        runs.clear()

    borne: list[BorneOff] = []

    def flush_borne() -> None:
        if borne:
            actions.append(_borne_off(borne, cast))
            borne.clear()

    for event in events:
        if isinstance(event, Moved) and not _is_jump(event, cast):
            flush_borne()
            _add_move(runs, event)
            continue
        flush()
        if isinstance(event, BorneOff):
            borne.append(event)
            continue
        flush_borne()
        actions.append(_action(event, cast))
    flush()
    flush_borne()
    return actions


def _borne_off(events: list[BorneOff], cast: Cast) -> str:
    """Bear-offs in a row: "bore off 3 pieces from 1", "bore off from 6 and 5"."""
    by_src: dict[str, int] = {}
    for event in events:
        by_src[event.src] = by_src.get(event.src, 0) + event.count
    if len(by_src) == 1:
        ((src, count),) = by_src.items()
        if count > 1:
            return cast.say("bore_off_many", count=count, src=src,
                            pieces=cast.count_word("pieces", count))
        return cast.say("bore_off", src=src)
    parts = [f"{src} ×{count}" if count > 1 else src for src, count in by_src.items()]
    return cast.say("bore_off", src=_joined(parts, cast))


@dataclass
class _Run:
    """Moves of one piece (a path) or the same step made ``count`` times."""

    path: list[str]
    count: int
    piece: str

    def path_text(self, cast: Cast) -> str:
        return ARROW.join(place(p, cast, in_path=True) for p in self.path)

    def text(self, cast: Cast) -> str:
        path = self.path_text(cast)
        if self.piece == "K":
            return cast.say("moved_king", path=path)
        if self.count > 1:
            return cast.say("moved_many", count=self.count, path=path,
                            pieces=cast.count_word("pieces", self.count))
        return cast.say("moved", path=path)


def _add_move(runs: list[_Run], event: Moved) -> None:
    last = runs[-1] if runs else None
    if last and last.piece == event.piece:
        if last.path == [event.src, event.dst]:
            last.count += event.count
            return
        if last.count == 1 and event.count == 1 and last.path[-1] == event.src:
            last.path.append(event.dst)
            return
    runs.append(_Run([event.src, event.dst], event.count, event.piece))


def _plugin(cast: Cast) -> GamePlugin | None:
    """The plugin of the cast's game (None for a cast without one: a lone refusal)."""
    try:
        return plugin_for(cast.game)
    except PluginError:
        return None


def _is_jump(event: Moved, cast: Cast) -> bool:
    # A game says whether its move without a die is a jump (Chebache's Phase II,
    # ``3(2^4)``); a CheeseGambit Gambit step has no die either, and is a move.
    plugin = _plugin(cast)
    return event.die is None and plugin is not None and plugin.jumps


def _jump(event: Moved, cast: Cast) -> str:
    """A jump by what jumped: the unit's form (``3``, ``K``, ``1K``, ``K1``) has
    the King in it when it jumped; ``count`` counts every piece, the King too."""
    path = f"{place(event.src, cast, True)}{ARROW}{place(event.dst, cast, True)}"
    king = "K" in event.piece
    pieces = event.count - (1 if king else 0)
    if king:
        return cast.say("jumped_with_king", count=pieces, path=path) if pieces > 0 \
            else cast.say("jumped_king", path=path)
    if pieces > 1:
        return cast.say("jumped_many", count=pieces, path=path)
    return cast.say("jumped", path=path)


def _action(event: Event, cast: Cast) -> str:
    if isinstance(event, Moved):  # a jump (``_is_jump``): the others are runs
        return _jump(event, cast)
    if isinstance(event, Hit):
        plugin = _plugin(cast)  # how the game calls sending a piece away (its ``X``)
        verb = cast.say(plugin.hit_verb if plugin else "verb_hit")
        to = _sent_to(event.to, cast)
        victim = cast.whose(event.victim)
        if event.king:
            return cast.say("hit_king", verb=verb, victim=victim, at=event.at, to=to)
        if event.count > 1:
            return cast.say("hit_many", verb=verb, count=event.count, victim=victim,
                            at=event.at, to=to, pieces=cast.count_word("pieces", event.count))
        return cast.say("hit", verb=verb, victim=victim, at=event.at, to=to)
    if isinstance(event, Flipped):
        return cast.say("flipped", old=cast.whose(event.old), at=event.at,
                        player=cast.name(event.side))
    if isinstance(event, Sacrificed):
        return cast.say("sacrificed", count=event.count, at=event.at,
                        to=_sent_to(event.to, cast))
    if isinstance(event, TilePlaced):
        return cast.say("tile", cell=event.cell,
                        colour=cast.colours.get(event.colour, event.colour),
                        orientation=event.orientation)
    if isinstance(event, Taunted):
        return cast.say("taunted", target=cast.name(event.target))
    if isinstance(event, Passed):
        return cast.say("could_not_move")
    raise TypeError(f"not a mover's action: {event!r}")


def _consequences(events: Sequence[Event], cast: Cast) -> list[str]:
    """The sentences of their own: traps, answers, votes, places, the end."""
    out: list[str] = []
    closed = ""
    for event in events:
        if isinstance(event, Trapped):
            key = "trapped_many" if event.count > 1 else "trapped_one"
            out.append(cast.say(key, count=event.count, player=cast.whose(event.side),
                                at=event.at, to=_sent_to(event.to, cast),
                                pieces=cast.count_word("pieces", event.count)))
        elif isinstance(event, ChebacheFormed):
            victim = next((cast.name(side) for side in cast.names if side != event.side),
                          cast.say("opponent"))
            values = dict(player=cast.name(event.side), letter=event.letter,
                          centre=event.centre, victim=victim, controls=event.controls)
            out.append(cast.say("chebache_threatens", count=event.threatened, **values)
                       if event.threatened else cast.say("chebache_formed", **values))
        elif isinstance(event, RegionClosed):
            closed = cast.say("region_closed",
                              colour=cast.colours.get(event.side, event.side))
        elif isinstance(event, TauntAccepted):
            out.append(cast.say("accepted", player=cast.name(event.side),
                                taunter=cast.name(event.taunter), stake=event.stake))
        elif isinstance(event, TauntDropped):
            out.append(cast.say("dropped", player=cast.name(event.side),
                                taunter=cast.name(event.taunter), stake=event.stake))
        elif isinstance(event, Voted):
            out.append(cast.say("voted_yes" if event.yes else "voted_no",
                                player=cast.name(event.side)))
        elif isinstance(event, Resigned):
            out.append(cast.say("resigned", player=cast.name(event.side)))
        elif isinstance(event, PlacedAt):
            out.append(cast.say("placed", player=cast.name(event.side),
                                place=ordinal(event.place, cast)))
        elif isinstance(event, Won):
            told = any(isinstance(e, TauntDropped | Resigned) for e in events)
            out.append(_won(event, cast, closed, told))
            closed = ""
    if closed:
        out.append(closed + ".")
    return out


def _won(event: Won, cast: Cast, closed: str, told: bool = False) -> str:
    """The end; the reason is left out where the sentences before told it."""
    if not event.side:
        head = cast.say("draw")
    elif event.side == cast.you:
        head = cast.say("you_win_points" if event.points > 1 else "you_win",
                        player=cast.name(event.side), points=event.points)
    else:
        # a side known only by its colour takes the plural in Russian ("Побеждают Синие")
        plain = "" if cast.names.get(event.side) else "_colour"
        key = ("wins_points" if event.points > 1 else "wins") + plain
        head = cast.say(key, player=cast.name(event.side), points=event.points,
                        points_word=cast.count_word("points_word", event.points))
    if closed:
        # English heads start with the player's name, kept as written; others with a verb
        return f"{closed}: {head if cast.lang == 'en' else head[0].lower() + head[1:]}."
    reason = "" if told else why_in(event.why, cast.lang, lambda side: named_side(side, cast))
    return head + (cast.say("because", reason=reason) if reason else "") + "."


def named_side(side: str, cast: Cast) -> str:
    """A side letter in a reason: its player's name, or the letter where the seat
    has no name (the reason then says ``R`` as the record does)."""
    return cast.name(side) if side in cast.names else side


def ordinal(n: int, cast: Cast) -> str:
    """1st, 2nd, 3rd, 4th (or the language's own)."""
    key = f"place_{n}" if n in (1, 2, 3) else "place_n"
    return cast.say(key, n=n)
