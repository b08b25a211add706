"""What each interaction does: find who and where, call the service, deliver.

The service decides everything (seats, turns, races); this module only maps
interactions to service calls, keeps the autocomplete cache honest and hands
replies to ``bot.discord_adapter``, which performs every Discord side effect.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

import discord

from bot import discord_adapter as adapter
from bot.cogs.turns import TurnCache, match_turns
from bot.replies import Channel, Reply, User, refusal

if TYPE_CHECKING:
    from bot.service import GameService

log = logging.getLogger("boardbot.discord")

Call = Callable[[User, Channel], Awaitable[Reply]]
ERROR_MESSAGE = ("Something went wrong on my side while doing that. Use `/board` to see "
                 "the game as it stands, then try again.")
#: Button verbs that change the session: the button must belong to the live session.
CHANGING_VERBS = frozenset({"accept", "decline", "resign", "abort"})
BUTTON_VERBS = CHANGING_VERBS | {"board", "legal", "record"}


class Flows:
    """Interaction handlers shared by the slash commands and the buttons."""

    def __init__(self, service: Callable[[], GameService], cache: TurnCache | None = None
                 ) -> None:
        self._service = service
        self.cache = cache or TurnCache()

    @property
    def service(self) -> GameService:
        return self._service()

    async def run(self, interaction: discord.Interaction, call: Call, *, defer: bool = False,
                  changes: bool = False, channel: Channel | None = None) -> Reply | None:
        """Call the service for the sender here and deliver its reply."""
        started = time.perf_counter()
        where = channel or adapter.to_channel(interaction)
        if where is None:
            await adapter.say(interaction, adapter.DM_MESSAGE)
            return None
        if defer:
            await adapter.defer(interaction)
        user = adapter.to_user(interaction)
        try:
            reply = await call(user, where)
        except Exception:
            log.exception(adapter.kv("service_error", channel=where.id, user=user.id))
            reply = refusal(ERROR_MESSAGE)
        finally:
            if changes:
                self.cache.forget(where.id)
        sent = await adapter.deliver(interaction, reply)
        log.info(adapter.kv(
            "command", name=_name(interaction), channel=where.id, user=user.id,
            session=reply.session_id, ok=reply.ok, sent=sent,
            ms=f"{(time.perf_counter() - started) * 1000:.1f}"))
        return reply

    # ------------------------------------------------------------- autocomplete

    async def move_choices(self, interaction: discord.Interaction, typed: str) -> list[str]:
        """Legal turns for the channel's position and dice matching ``typed``."""
        channel = adapter.to_channel(interaction)
        if channel is None:
            return []
        known, session = self.cache.get(channel.id)
        if not known:
            session = await self.service.store.live_session(channel.id)
            self.cache.put(channel.id, session)
        if session is None or session.status != "active" or session.position is None:
            return []
        service = self.service
        frozen = session
        index = self.cache.index(frozen, lambda: service.legal_turns(frozen))
        return match_turns((), typed, index=index)

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

    async def press_button(self, interaction: discord.Interaction, verb: str,
                           session_id: int) -> None:
        """A BoardButton was pressed: the service checks that the presser may act."""
        channel = adapter.to_channel(interaction)
        if channel is None:
            await adapter.say(interaction, adapter.DM_MESSAGE)
            return
        if verb not in BUTTON_VERBS:
            await adapter.say(interaction, "This button is no longer in use.")
            return
        if verb in CHANGING_VERBS:
            live = await self.service.store.live_session(channel.id)
            if live is None or live.id != session_id:
                await adapter.say(interaction, "This button belongs to a game that is no "
                                               "longer open in this channel.")
                return
        method: Call = getattr(self.service, verb)
        reply = await self.run(interaction, method, defer=True, changes=verb in CHANGING_VERBS,
                               channel=channel)
        if reply is not None and reply.ok and verb in ("accept", "decline"):
            after = await self.service.store.session(session_id)
            if after is None or after.status != "challenge":
                await adapter.clear_buttons(interaction)


def _name(interaction: discord.Interaction) -> str:
    command = interaction.command
    if command is not None:
        return command.qualified_name
    data = interaction.data or {}
    return str(data.get("custom_id") or data.get("name") or "?")
