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
from bot.actions import LESSON_VERBS, PICKER_VERBS, Verb, session_of, verb_of
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
#: Buttons that belong to one game and act in its channel wherever they are pressed
#: (the Board and Play buttons of the list of one's games, in a direct message, and
#: what a board shown there offers: the picker, the answers to the game's question).
FOLLOW_THE_GAME = (Verb.SHOW, *PICKER_VERBS, Verb.ANSWER)
#: Buttons that need no game and work in a direct message as well (lesson pages, the
#: pages of the list of one's games).
ANYWHERE = (*LESSON_VERBS, Verb.MYGAMES)
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
                  changes: bool = False, channel: Channel | None = None,
                  direct: bool = False, elsewhere: bool = False) -> Reply | None:
        """Call the service for the sender here and deliver its reply.  ``direct``: the
        command works in a direct message too (its channel then has no server);
        ``elsewhere``: ``channel`` is not the interaction's (a game's button pressed in
        a direct message): a public reply is posted there."""
        started = time.perf_counter()
        where = channel or (adapter.to_place(interaction) if direct
                            else adapter.to_channel(interaction))
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
                reply, sent = await self._answer(interaction, call, user, where, changes,
                                                 elsewhere)
        else:
            reply, sent = await self._answer(interaction, call, user, where, changes, elsewhere)
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
                      where: Channel, changes: bool, elsewhere: bool = False
                      ) -> tuple[Reply, bool]:
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
        sent = await (adapter.deliver(interaction, reply, elsewhere=where.id) if elsewhere
                      else adapter.deliver(interaction, reply))
        posted = adapter.posted_message(interaction)
        if sent and posted is not None and reply.session_id is not None and not reply.private:
            await self.service.posted(reply.session_id, *posted)  # the list links to it
        return reply, sent

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
        verb, session_id = verb_of(action), session_of(action)
        here = adapter.to_place(interaction)
        channel = adapter.to_channel(interaction)
        elsewhere = False
        if verb in FOLLOW_THE_GAME and session_id:
            # a game's own button, wherever pressed (the list of one's games, a direct
            # message): it acts in the game's channel, under that channel's order, as
            # a command there would
            place = await self.service.game_place(session_id)
            # (no such game: the service refuses it here as it always has; in a direct
            # message, below)
            elsewhere = place is not None and (here is None or here.id != place.id)
            if elsewhere:
                channel = place  # (in its own channel: the interaction's, locale and all)
        elif channel is None and verb in ANYWHERE:
            channel = here  # a lesson's page turns in a direct message too
        if channel is None:
            await adapter.say(interaction, adapter.said(interaction, "dm_only"))
            return

        async def call(user: User, where: Channel) -> Reply:
            return await self.service.press(user, where, action)

        reply = await self.run(interaction, call, defer=True, changes=True, channel=channel,
                               elsewhere=elsewhere)
        if reply is None or not reply.ok or session_id is None \
                or verb in (Verb.PLAY, Verb.SHOW, Verb.TJOIN, Verb.TLEAVE):
            # the board's Play button stays: the picker it opened is private; the list's
            # Board buttons stay: each shows its game privately; a tournament's Join
            # and Leave stay: others sign up after
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
