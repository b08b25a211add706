"""Taunts chosen after the turn: the ``Taunt bob (Blue)`` buttons and ``/taunt COLOUR``.

CheeseGambit lets a player end a turn that bumped an opponent with a taunt (``T@B``,
``Position.turn_additions``).  A player who did not write it may still taunt once the
reply to the turn is out, as long as nothing has happened since: the reply carries a
``Taunt`` button per opponent the engine would let the mover taunt, and ``/taunt B``
does the same.

How it stays one game with one record, and the log append-only:

- The taunt is logged as an 'amend' entry of the turn (number and side of the turn,
  no dice, record ``T@B``).  The record export folds it into the turn's line
  (``Game.join_action``: ``12R: [4 4] 9X13`` + ``T@B``), and the answer folds in
  after it (``... T@B x2``): the line reads exactly as if the taunt had been typed,
  so ``boardbot replay`` and ``verify`` read the record as they always do.
- The engine alone decides: the turn is played again from the position before it
  with the taunt written at its end (``turn_events.play_addition``), and the result
  must be the stored position plus the pending taunt.  Log replays do the same
  (``turn_events.replay_entry``: an 'amend' while nothing waits for an answer).
- The next player's dice do not change: dice come from (seed, session, turn number)
  (``games.dice.turn_dice``), the taunt does not change the turn number, and the
  dice rolled for the next turn are rolled again, the same, once the taunt is
  answered.  (So the taunted player may know that throw when answering: the reply
  to the turn showed it.)
- A button names the log entry of its turn (``k<seq>-<turn>-<mover>-<target>``):
  once anything else is logged (the next move, a forced pass, a take-back, the
  taunt itself) it refuses, privately, saying what happened since.

Not offered when the next to act is the computer (it plays at once, closing the
offer) or when a forced pass was logged right after the turn.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bot.actions import Taunt as Offer
from bot.actions import encode
from bot.computer_seats import is_computer_seat
from bot.replies import Button, Channel, Refused, Reply, User
from bot.service import texts
from bot.service.context import Context
from bot.service.request import Request
from bot.service.turn_events import (
    play_addition,
    replay_entry,
    replay_position,
    replayed_events,
    stored_events,
)
from games import GameError, Position, get_game
from games.events import Taunted, events_to_json
from games.messages import Message
from games.plugins import plugin_for
from games.turns import AdditionKind
from storage import NewTurn, Seat, Session, SessionStatus, TurnEntry, TurnKind

if TYPE_CHECKING:  # core builds this part: importing it here would be circular
    from bot.service.core import Turns

#: A turn addition that is a taunt (``T@B``).
#: Positions before offered turns kept per process (a restart replays the log instead).
_KEPT = 256


def taunt_targets(game: str, listing: str, options: Mapping[str, str], moves: str,
                  dice: Sequence[int]) -> list[str]:
    """The sides the mover could taunt at the end of ``moves`` played with ``dice``
    from ``listing`` (engine work: a module-level function of plain values, for
    ``Context.cpu``)."""
    return _targets(get_game(game).from_listing(listing, options), moves, tuple(dice))


def _targets(position: Position, moves: str, dice: tuple[int, ...]) -> list[str]:
    try:
        additions = position.turn_additions(moves, dice)
    except GameError:
        return []
    return [a.target for a in additions if a.kind == AdditionKind.TAUNT]


@dataclass(frozen=True)
class Taunt:
    """A taunt added to a turn, as plain values: the listing after it (the taunt
    pending), its record (``T@B``) and its events' JSON."""

    listing: str
    record: str
    events: str


def taunt_after(listing: str, game: str, options: Mapping[str, str], turn: TurnEntry,
                target: str) -> Taunt:
    """The taunt at ``target`` added to ``turn``, played from ``listing`` (the position
    before the turn); a GameError says why the engine refuses it."""
    before = get_game(game).from_listing(listing, options)
    played = play_addition(before, turn, f"T@{target}")
    return Taunt(played.position.listing(), played.record, events_to_json(played.events))


def rewound(session: Session, turns: list[TurnEntry]) -> str:
    """The listing before the last of ``turns`` (the effective log), replayed; a
    GameError when the log does not replay to the stored position (a taunt must
    never be stored on anything else)."""
    before = replay_position(session, turns[:-1])
    if replay_entry(before, turns[-1]).position.listing() != session.position:
        raise GameError(Message.of("grec_log_not_position"))
    return before.listing()


class LateTaunts:
    """The Taunt buttons under a turn's reply, their presses and ``/taunt``."""

    def __init__(self, ctx: Context, turns: Turns) -> None:
        self.ctx = ctx
        self.turns = turns
        #: (session id, log seq of a turn) -> the listing before that turn
        self._before: OrderedDict[tuple[int, int], str] = OrderedDict()

    # -- offering ---------------------------------------------------------------------

    async def offer(self, req: Request, turned: Session, session: Session, after: Position,
                    logged: Sequence[TurnEntry]) -> tuple[list[Button], str]:
        """The Taunt buttons for the reply to a turn just committed (``turned``: the
        session before it, ``session`` after it, ``logged``: the entries it appended,
        as written) and a line saying so; none unless the mover, a person, may taunt
        someone and a person acts next."""
        entry = logged[0] if len(logged) == 1 else None
        # the game's plugin says whether its turns can end with a taunt: no engine work
        # (a thread hop per turn) for a game that has none
        if entry is None or not plugin_for(session.game).taunts \
                or entry.kind != TurnKind.TURN or is_computer_seat(entry.actor) \
                or session.status != SessionStatus.ACTIVE or after.action_due() \
                or turned.position is None:
            return [], ""
        if any(_computer(session, side) for side in after.actors()):
            return [], ""  # it plays at once: the offer would be closed before it is seen
        # the position the turn was played from, as the turn path left it (cached with
        # the turn's legal turns: asking it again costs a fraction of a millisecond,
        # a fresh one up to the whole turn generation again, bench/bench_late_taunt.py)
        before = await self.ctx.position_async(turned)
        targets = await asyncio.to_thread(_targets, before, entry.moves, tuple(entry.dice))
        if not targets:
            return [], ""
        last = entry  # the commit's only entry: the last thing logged, as written
        self._keep((session.id, last.seq), turned.position)
        offers = [Offer(session.id, last.seq, last.number, entry.side, t) for t in targets]
        buttons = [Button(req.public("button_taunt", player=_named(req, session, o.target)),
                          encode(o))
                   for o in offers]
        whom = req.public("or").join(texts.who(session, t, req.channel_lang) for t in targets)
        commands = req.public("or").join(f"`/taunt {t}`" for t in targets)
        mover = session.seat_for_side(entry.side)
        name = mover.name if mover else entry.side
        return buttons, req.public("taunt_offer", name=name, whom=whom, commands=commands)

    # -- taunting ---------------------------------------------------------------------

    async def press(self, req: Request, user: User, channel: Channel, session: Session, offer: Offer
                    ) -> Reply:
        """A Taunt button: taunt its target after its turn, if that turn is still the
        last thing that happened."""
        seat = session.seat_of(user.id)
        if seat is None or seat.side != offer.mover:
            raise Refused(req.mine("taunt_button_not_yours",
                                   mover=texts.who(session, offer.mover, req.user_lang),
                                   target=texts.who(session, offer.target, req.user_lang),
                                   turn=offer.turn))
        turns = await self.ctx.ledger.effective_turns(session.id)
        if not turns or turns[-1].seq != offer.seq:
            raise Refused(await self._gone(req, session, turns, offer))
        return await self._taunt(req, user, channel, session, seat, turns, offer.target)

    async def command(self, req: Request, user: User, channel: Channel, named: str) -> Reply:
        """``/taunt COLOUR``: taunt an opponent bumped in your turn just played."""
        session, seat = await self.turns.player_in(req, channel, user)
        game = get_game(session.game)
        if not plugin_for(session.game).taunts:
            raise Refused(req.mine("taunt_no_taunts", title=game.title))
        target = _side_named(session, named)
        if target is None:
            sides = ", ".join(f"`{s.letter}` ({s.colour})" for s in game.sides(session.options)
                              if s.letter != seat.side)
            raise Refused(req.mine("taunt_names_nobody", named=named.strip()[:30], sides=sides))
        turns = await self.ctx.ledger.effective_turns(session.id)
        last = turns[-1] if turns else None
        if last is None or last.kind != TurnKind.TURN or last.side != seat.side:
            mine = [t for t in turns if t.kind == TurnKind.TURN and t.side == seat.side]
            if mine and all(t.number == mine[-1].number for t in turns
                            if t.seq > mine[-1].seq):  # only its taunt and answer since
                raise Refused(await self._gone(req, session, turns, Offer(
                    session.id, mine[-1].seq, mine[-1].number, seat.side, target)))
            played = [t for t in turns if t.kind == TurnKind.TURN]
            latest = (req.mine("taunt_last_turn", turn=played[-1].number,
                               who=texts.who(session, played[-1].side, req.user_lang))
                      if played else "")
            raise Refused(req.mine("taunt_only_after_own", latest=latest))
        return await self._taunt(req, user, channel, session, seat, turns, target)

    async def _taunt(self, req: Request, user: User, channel: Channel, session: Session, seat: Seat,
                     turns: list[TurnEntry], target: str) -> Reply:
        """``seat`` taunts ``target`` after ``turns[-1]``, its own turn, the last entry."""
        turn = turns[-1]
        position = await self.ctx.position_async(session)
        if position.action_due():
            if await self._taunts(session, turns, turn):
                raise Refused(req.mine("taunt_already", turn=turn.number, record=turn.record))
            waiting = ", ".join(texts.who(session, s, req.user_lang) for s in position.actors())
            raise Refused(req.mine("taunt_answer_first", waiting=waiting))
        # the position before the turn: kept when the offer was made, else replayed
        before = self._before.get((session.id, turn.seq))
        if before is None:
            try:
                before = await self.ctx.cpu(rewound, session, turns)
            except GameError as exc:
                raise Refused(req.mine("taunt_cannot_replay")) from exc
            self._keep((session.id, turn.seq), before)
        try:
            taunt = await self.ctx.cpu(taunt_after, before, session.game,
                                       dict(session.options), turn, target)
        except GameError as exc:
            raise Refused(await self._refusal(req, session, before, turn, target, exc)) from exc
        entry = NewTurn(turn.number, turn.side, (), taunt.record, taunt.record, user.id,
                        TurnKind.AMEND, taunt.events)
        pending = get_game(session.game).from_listing(taunt.listing, session.options)
        done = await self.turns.commit(req, session, pending, entry)
        return await self._reply(req, channel, done.session, done.position, turn, done.logged,
                                 done.left)

    async def _reply(self, req: Request, channel: Channel, session: Session, after: Position,
                     turn: TurnEntry, logged: list[NewTurn], left: str) -> Reply:
        """The public reply: the taunt in words, the turn's record line as it now reads,
        who is to answer, with the Accept and Drop buttons."""
        lang = req.channel_lang
        game = get_game(session.game)
        entry = logged[0]
        told = texts.told_in_words(entry, session, lang)
        line = f"**{turn.number}{turn.side}:** `{game.join_action(turn.record, entry.record)}`"
        rest = [texts.entry_text(t, session, lang) for t in logged[1:]]
        status, mentions = texts.status_line(session, after, left, lang=req.channel_lang)
        image, words = await self.ctx.board_image(session, after, req, left=left)
        return Reply(text="\n".join([f"{told}\n-# {line}" if told else line, *rest, status]),
                     image=image, image_description=words, mentions=mentions,
                     session_id=session.id, buttons=self.turns.action_buttons(req, session, after))

    # -- refusals ---------------------------------------------------------------------

    async def _refusal(self, req: Request, session: Session, before: str, turn: TurnEntry,
                       target: str,
                       exc: GameError) -> str:
        """Why the engine refuses the taunt, and whom the player may taunt instead."""
        targets = await self.ctx.cpu(taunt_targets, session.game, before,
                                     dict(session.options), turn.moves, tuple(turn.dice))
        whom = req.mine("or").join(texts.who(session, t, req.user_lang) for t in targets)
        instead = (req.mine("taunt_instead", whom=whom) if targets
                   else req.mine("taunt_none_possible"))
        return req.mine("taunt_refused", target=texts.who(session, target, req.user_lang),
                        turn=turn.number, error=exc, instead=instead)

    async def _gone(self, req: Request, session: Session, turns: list[TurnEntry],
                    offer: Offer) -> str:
        """Why the taunt offered after entry ``offer.seq`` is no longer open."""
        since = [t for t in turns if t.seq > offer.seq]
        taunted = [t.record for t in since if t.kind == TurnKind.AMEND
                   and t.side == offer.mover and t.number == offer.turn
                   and await self._taunts(session, turns, t)]
        taunted += [t.record for t in turns if t.seq == offer.seq
                    and await self._taunts(session, turns, t)]
        turn = offer.turn
        if taunted:
            return req.mine("taunt_gone_taunted", turn=turn, record=taunted[0],
                            mover=texts.who(session, offer.mover, req.user_lang))
        if not any(t.seq == offer.seq for t in turns):
            return req.mine("taunt_gone_taken_back", turn=turn)
        moved = [t for t in since if t.kind == TurnKind.TURN]
        if moved:
            first = moved[0]
            return req.mine("taunt_gone_moved", turn=turn, number=first.number,
                            who=texts.who(session, first.side, req.user_lang),
                            record=first.record)
        return req.mine("taunt_gone_moved_on", turn=turn,
                        line=since[-1].line if since else "?")

    async def _taunts(self, session: Session, turns: list[TurnEntry], entry: TurnEntry
                      ) -> bool:
        """Whether ``entry`` (of ``turns``, the effective log) taunted: a ``Taunted``
        among the events the log kept with it, or, for a row logged before the log
        kept events, among those found by replaying it.  (The record text is not
        read back: the events are the engine's own word.)"""
        events = stored_events(entry)
        if events is None:
            events = await asyncio.to_thread(replayed_events, session, turns, entry)
        return any(isinstance(event, Taunted) for event in events)

    def _keep(self, key: tuple[int, int], listing: str) -> None:
        self._before[key] = listing
        self._before.move_to_end(key)
        while len(self._before) > _KEPT:
            self._before.popitem(last=False)


def _computer(session: Session, side: str) -> bool:
    seat = session.seat_for_side(side)
    return seat is not None and is_computer_seat(seat.user_id)


def _named(req: Request, session: Session, side: str) -> str:
    """``bob (Blue)``: the player, then the colour (a button's label)."""
    seat = session.seat_for_side(side)
    colour = texts.colour(get_game(session.game), session, side, req.channel_lang)
    return f"{seat.name} ({colour})" if seat else colour


def _side_named(session: Session, named: str) -> str | None:
    """The side ``named`` names: its letter, its colour or its player's name."""
    word = named.strip().lstrip("@").lower()
    for info in get_game(session.game).sides(session.options):
        seat = session.seat_for_side(info.letter)
        if word in (info.letter.lower(), info.colour.lower()) or \
                (seat is not None and word in (seat.name.lower(), seat.user_id)):
            return info.letter
    return None
