"""What each interaction does: find who and where, call the service, deliver.

The service decides everything (seats, turns, races); this module only maps
interactions to service calls, keeps the autocomplete cache honest and hands
replies to ``bot.discord_adapter``, which performs every Discord side effect.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable, Mapping
from typing import TYPE_CHECKING

import discord

from bot import discord_adapter as adapter
from bot.actions import Verb, session_of, verb_of
from bot.cogs.turns import TurnCache, match_turns, normalise
from bot.faults import brief
from bot.ordering import ChannelOrder
from bot.replies import Announcement, Channel, Reply, User, refusal
from games import Position
from games.turns import Turn
from storage import DatabaseFault, SessionStatus

if TYPE_CHECKING:
    from bot.service import GameService

log = logging.getLogger("boardbot.discord")
#: How many matching turns autocomplete follows with their endings (each costs a play).
ENDINGS_FOR = 5

Call = Callable[[User, Channel], Awaitable[Reply]]
ERROR_MESSAGE = ("Something went wrong on my side while doing that. Use `/board` to see "
                 "the game as it stands, then try again.")


class Flows:
    """Interaction handlers shared by the slash commands and the buttons."""

    def __init__(self, service: Callable[[], GameService], cache: TurnCache | None = None,
                 order: ChannelOrder | None = None) -> None:
        self._service = service
        self.cache = cache or TurnCache()
        #: Each channel's changes one at a time, each told before the next (shared with
        #: the computer driver: bot/ordering.py).
        self.order = order or ChannelOrder()
        #: Called with the channel after every command that may change its game (the
        #: bot lets a computer that is now to move play).
        self.on_change: Callable[[Channel], None] | None = None
        #: Called with a reply's posts elsewhere (a tournament's channel, the threads
        #: of its games) once the reply itself is delivered.
        self.on_announce: Callable[[list[Announcement]], Awaitable[None]] | None = None

    @property
    def service(self) -> GameService:
        return self._service()

    async def run(self, interaction: discord.Interaction, call: Call, *, defer: bool = False,
                  changes: bool = False, channel: Channel | None = None) -> Reply | None:
        """Call the service for the sender here and deliver its reply."""
        started = time.perf_counter()
        where = channel or adapter.to_channel(interaction)
        if where is None:
            await adapter.say(interaction, adapter.said(interaction, "dm_only"))
            return None
        # Discord wants an answer within 3 s: a change that must wait for the one before
        # it in the channel (a computer thinking, say) is acknowledged first.
        if defer or (changes and self.order.busy(where.id)):
            await adapter.defer(interaction)
        user = adapter.to_user(interaction)
        if changes:
            # The change and its reply hold the channel: a computer's turn that follows
            # is posted below this reply, never above it.
            async with self.order.telling(where.id):
                reply, sent = await self._answer(interaction, call, user, where, changes)
        else:
            reply, sent = await self._answer(interaction, call, user, where, changes)
        if changes and self.on_change is not None:
            self.on_change(where)  # after the person's reply: the computer's follows
        if reply.announcements and self.on_announce is not None:
            await self.on_announce(reply.announcements)
        log.info(adapter.kv(
            "command", name=_name(interaction), channel=where.id, user=user.id,
            session=reply.session_id, ok=reply.ok, sent=sent,
            ms=f"{(time.perf_counter() - started) * 1000:.1f}"))
        return reply

    async def _answer(self, interaction: discord.Interaction, call: Call, user: User,
                      where: Channel, changes: bool) -> tuple[Reply, bool]:
        """Call the service and deliver its reply; the reply and whether it was sent."""
        try:
            reply = await call(user, where)
        except DatabaseFault as fault:  # outside the service's commands: told, one line
            log.warning(adapter.kv("database_fault", kind=fault.kind, channel=where.id,
                                   user=user.id, error=brief(fault)))
            reply = refusal(adapter.said(interaction, "fault_nothing_changed",
                                         what=adapter.said(interaction, f"fault_{fault.kind}")))
        except Exception:
            log.exception(adapter.kv("service_error", channel=where.id, user=user.id))
            reply = refusal(adapter.said(interaction, "service_error"))
        finally:
            if changes:
                self.cache.forget(where.id)
        return reply, await adapter.deliver(interaction, reply)

    # ------------------------------------------------------------- autocomplete

    async def move_choices(self, interaction: discord.Interaction, typed: str) -> list[str]:
        """Legal turns for the channel's position and dice matching ``typed``; when the
        game waits for an answer (a raise, a vote), the answers it takes instead."""
        channel = adapter.to_channel(interaction)
        if channel is None:
            return []
        known, session = self.cache.get(channel.id)
        if not known:
            session = await self.service.store.live_session(channel.id)
            self.cache.put(channel.id, session)
        if session is None or session.status != SessionStatus.ACTIVE or session.position is None:
            return []
        service = self.service
        position = await service.position_async(session)  # engine work off the event loop
        if position.action_due():
            return match_turns(position.action_choices(), typed)
        turns = await service.legal_turns_async(session)
        index = self.cache.index(session, lambda: turns)
        if type(position).turn_additions is Position.turn_additions:
            return [turn.text for turn in match_turns((), typed, index=index)]
        # A game where a turn may end with an addition (CheeseGambit's taunt `T@B`):
        # each of the first matching turns is followed by its endings.  The game says
        # where an addition begins in what was typed; the endings are turn values.
        base, begun = position.split_additions(typed)
        matched = match_turns((), base, index=index)
        dice = tuple(session.dice)
        endings = await asyncio.to_thread(
            lambda: [position.turn_additions(turn, dice) for turn in matched[:ENDINGS_FOR]])
        offered: list[Turn] = []
        for number, turn in enumerate(matched):
            offered.append(turn)
            if number < len(endings):
                offered.extend(turn.with_addition(addition) for addition in endings[number])
        if begun:  # an ending begun: only the turns that begin as typed, with it
            moves, ending = normalise(base), begun.lower()
            offered = [o for o in offered if normalise(o.moves).startswith(moves)
                       and any(a.text.lower().startswith(ending) for a in o.additions)]
        return [o.text for o in offered[:25]]

    async def autocomplete_move(self, interaction: discord.Interaction, typed: str
                                ) -> list[discord.app_commands.Choice[str]]:
        try:
            values = await self.move_choices(interaction, typed)
        except Exception:
            log.exception(adapter.kv("autocomplete_error", channel=interaction.channel_id))
            values = []
        await adapter.send_choices(interaction, values)
        return []

    # ------------------------------------------------------------------ buttons

    async def press_button(self, interaction: discord.Interaction, action: str) -> None:
        """A BoardButton was pressed (or a menu's option chosen): ``GameService.press``
        decodes its ``action`` (bot/actions.py), decides whether the presser may act and
        whether the button's question is still the pending one."""
        channel = adapter.to_channel(interaction)
        if channel is None:
            await adapter.say(interaction, adapter.said(interaction, "dm_only"))
            return
        verb, session_id = verb_of(action), session_of(action)

        async def call(user: User, where: Channel) -> Reply:
            return await self.service.press(user, where, action)

        reply = await self.run(interaction, call, defer=True, changes=True, channel=channel)
        if reply is None or not reply.ok or verb in (Verb.PLAY, Verb.TJOIN, Verb.TLEAVE) \
                or session_id is None:
            # the board's Play button stays (the picker it opened is private), and so
            # do a tournament's Join and Leave (others sign up after)
            return
        # The pressed message's buttons are done with when the reply brings its own
        # (the question moved on) or the session no longer waits for a challenge answer
        # (a challenge answered by all, a lobby started, an answer or take-back settled).
        after = await self.service.store.session(session_id)
        if reply.buttons or after is None or after.status != SessionStatus.CHALLENGE:
            await adapter.clear_buttons(interaction)

def _name(interaction: discord.Interaction) -> str:
    command = interaction.command
    if command is not None:
        return command.qualified_name
    data: Mapping[str, object] = interaction.data or {}
    return str(data.get("custom_id") or data.get("name") or "?")
