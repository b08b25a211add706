"""The one module with Discord side effects, plus the pure conversions they need.

Everything that sends, edits, defers or deletes a Discord message lives here;
the commands module (``bot.cogs``) only turns interactions into service calls
and hands the service's ``Reply`` to :func:`deliver`.

Delivery of a reply (see :func:`deliver`):

* commands that may render a board are deferred *ephemerally* first (the
  service renders after the defer);
* a private reply (every refusal) then edits that ephemeral placeholder, so
  it stays visible only to the sender;
* a public reply turns the placeholder into a short private note and posts a
  *new* followup message: a new message (unlike an edited deferred response)
  notifies the mentioned player, and its visibility is independent of the
  defer.  The placeholder is then deleted.

A press on a button or menu is deferred as an *update of the pressed message*
instead (no placeholder): the reply, private or public, is a new followup, and
the pressed message itself is changed through the interaction
(:func:`edit_pressed`), because Discord refuses the channel route
(``PATCH /channels/{id}/messages/{id}``) for an ephemeral message: the picker's
steps, the lesson's pages and the resign question are ephemeral.

A failed send never undoes anything: the service has committed the change
before the reply reaches this module, and ``/board`` re-posts at any time.
"""

from __future__ import annotations

import io
import logging
import re
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any, Protocol

import discord
from discord import app_commands

from bot import actions
from bot.catalogue import language, t
from bot.replies import (
    Button,
    Channel,
    Menu,
    MenuOption,
    Reply,
    ScheduledEvent,
    User,
    quiet_crowds,
    quiet_name,
)

log = logging.getLogger("boardbot.discord")

#: Custom ids of every button the bot posts: stable across restarts.  The optional
#: question tag names what the button answers (bot/buttons.py); ids posted before
#: tags existed have none and are still recognised.
#: Our buttons' and menus' custom ids: written and read by bot/actions.py only.
CUSTOM_ID_TEMPLATE = actions.BUTTON_ID_TEMPLATE
SELECT_ID_TEMPLATE = actions.MENU_ID_TEMPLATE
MAX_CUSTOM_ID = actions.MAX_CUSTOM_ID
# Discord's limits: a message's content, autocomplete choices (count, name and value
# length), buttons per message and a button label, a display name.
MAX_CONTENT = 2000
MAX_CHOICES = 25
MAX_CHOICE_LENGTH = 100
MAX_BUTTONS = 25
#: Select menus a message may carry (each fills one of the 5 rows) and their options.
MAX_MENUS = 4
MAX_OPTIONS = 25
MAX_LABEL = 80
MAX_NAME = 32
#: The file that carries a reply's full text when it does not fit one message.
OVERFLOW_NAME = "message.txt"
DEFAULT_SIZE_LIMIT = 10 * 1024 * 1024
_STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}


def kv(event: str, **fields: object) -> str:
    """A structured log line: ``event=NAME key=value ...`` (values with spaces quoted)."""
    parts = [f"event={event}"]
    for key, value in fields.items():
        text = str(value)
        if not text or any(c.isspace() or c in '"=' for c in text):
            text = '"' + text.replace('"', "'") + '"'
        parts.append(f"{key}={text}")
    return " ".join(parts)


# ---------------------------------------------------------------- conversions


class OptionsError(ValueError):
    """Free-text game options that cannot be read; ``word`` the unreadable one (the
    adapter tells the user in their language: catalogue ``options_unreadable``)."""

    def __init__(self, word: str) -> None:
        super().__init__(f"cannot read option `{word}`: write options as name=value, "
                         "e.g. `kings=false pieces=10`")
        self.word = word


def parse_options(text: str | None) -> dict[str, str]:
    """``"kings=false pieces=10"`` -> ``{"kings": "false", "pieces": "10"}``.

    Spaces, commas and semicolons separate; names are lower-cased; the game
    validates names and values (the service asks it)."""
    options: dict[str, str] = {}
    for word in re.split(r"[\s,;]+", (text or "").strip()):
        if not word:
            continue
        name, sep, value = word.partition("=")
        if not sep or not name or not value:
            raise OptionsError(word)
        options[name.lower()] = value
    return options


def display_name(member: discord.abc.User) -> str:
    """The name the bot shows and stores: Discord's length at most, never ping-like."""
    return quiet_name(clip(member.display_name, MAX_NAME))


def to_user(interaction: discord.Interaction) -> User:
    """The sender; a moderator is anyone with Manage Messages in this channel."""
    moderator = interaction.guild_id is not None and interaction.permissions.manage_messages
    locale = getattr(interaction, "locale", None)  # the user's Discord language
    return User(id=str(interaction.user.id), name=display_name(interaction.user),
                moderator=bool(moderator),
                locale=str(getattr(locale, "value", locale or "")))


def to_user_of(member: discord.abc.User) -> User:
    return User(id=str(member.id), name=display_name(member))


def installed_by_user_only(interaction: discord.Interaction) -> bool:
    """Whether the command comes from a server where only the user installed the app:
    the bot is no member there, so it can post nothing of its own in that channel
    (Discord names the installs; a test double that names none counts as a server's)."""
    try:
        return bool(interaction.is_user_integration()
                    and not interaction.is_guild_integration())
    except AttributeError:  # a test double without the installs
        return False


def to_channel(interaction: discord.Interaction) -> Channel | None:
    """Where the command was issued; None in direct messages (and in a server where
    only the user installed the app: as in a direct message, no game can live there)."""
    if interaction.guild_id is None or interaction.channel_id is None \
            or installed_by_user_only(interaction):
        return None
    name = getattr(interaction.channel, "name", "") or ""
    locale = getattr(interaction, "guild_locale", None)  # absent in some test doubles
    guild = getattr(interaction, "guild", None)  # None: a server the bot is not in
    return Channel(id=str(interaction.channel_id), guild_id=str(interaction.guild_id), name=name,
                   locale=str(locale.value) if locale is not None else "",
                   guild_name=str(getattr(guild, "name", "") or ""))


def to_place(interaction: discord.Interaction) -> Channel | None:
    """Where the command was issued, a direct message included (a channel without a
    server: ``Channel.direct``); None only when Discord names no channel."""
    here = to_channel(interaction)
    if here is not None or interaction.channel_id is None:
        return here
    return Channel(id=str(interaction.channel_id))


def channel_of(channel: discord.abc.Snowflake, guild_id: int | None, locale: str = ""
               ) -> Channel:
    """A channel named in a command (a thread opened for a game): ``locale`` is the
    server's, from the command's own channel."""
    return Channel(id=str(channel.id), guild_id=str(guild_id) if guild_id else None,
                   name=getattr(channel, "name", "") or "", locale=locale)


def said(interaction: discord.Interaction, key: str, **values: object) -> str:
    """A catalogue sentence in the user's Discord language (bot/catalogue), for what
    the adapter answers on its own, before or without the service."""
    locale = getattr(interaction, "locale", None)
    return t(language(str(getattr(locale, "value", locale or ""))), key, **values)


def custom_id(button: Button) -> str:
    """``Button.action`` (an action's id, bot/actions.py) -> the button's custom id
    (ValueError: no action's id, or too long)."""
    return actions.custom_id(button.action)


def clip(text: str, limit: int = MAX_CONTENT) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def only_users(ids: Sequence[str]) -> discord.AllowedMentions:
    """Mentions that may notify exactly these users: never everyone, here, a role or
    the author of a replied-to message."""
    users = [discord.Object(id=int(u)) for u in dict.fromkeys(ids) if str(u).isdigit()]
    return discord.AllowedMentions(everyone=False, roles=False, replied_user=False,
                                   users=users)


def fit_content(text: str, can_attach: bool = True, room: int = 0
                ) -> tuple[str, bytes | None]:
    """Content within Discord's 2,000 characters less ``room``, and the full text as a
    file when it had to be cut (None when it fits, or when no file can be attached)."""
    limit = MAX_CONTENT - room
    if len(text) <= limit:
        return text, None
    if not can_attach:
        return clip(text, limit), None
    note = f"\n… (too long for one message: the whole text is in `{OVERFLOW_NAME}`)"
    return clip(text, limit - len(note)) + note, text.encode()


def reply_kwargs(
    reply: Reply, *, size_limit: int = DEFAULT_SIZE_LIMIT, can_embed: bool = True,
    can_attach: bool = True,
) -> dict[str, Any]:
    """A Reply -> keyword arguments for ``followup.send`` / ``send_message``.

    The board goes in an embed showing ``attachment://<image_name>`` with the
    PNG attached; a file that does not fit the interaction's upload limit (or a
    missing permission) is replaced by a note in the text.  Only the reply's
    mentions can notify anybody."""
    notes: list[str] = []
    files: list[discord.File] = []
    embeds: list[discord.Embed] = []
    budget = size_limit
    if reply.image is not None:
        if not can_attach:
            notes.append("(I cannot show the board: I need the Attach Files permission here.)")
        elif len(reply.image) > budget:
            notes.append("(The board image is too large to upload here; the position is "
                         "described above.)")
        else:
            budget -= len(reply.image)
            files.append(discord.File(io.BytesIO(reply.image), filename=reply.image_name,
                                      description=reply.image_description or None))
            if can_embed:
                embed = discord.Embed(description=quiet_crowds(reply.text)[:4096] if reply.card
                                      else None)
                embed.set_image(url=f"attachment://{reply.image_name}")
                embeds.append(embed)
    if reply.attachment is not None:
        name, data = reply.attachment
        if not can_attach:
            notes.append("(I cannot attach the file: I need the Attach Files permission here.)")
        elif len(data) > budget:
            notes.append(f"(`{name}` is too large to upload here.)")
        else:
            files.append(discord.File(io.BytesIO(data), filename=name))
    users = [str(u) for u in dict.fromkeys(reply.mentions) if str(u).isdigit()]
    text = "" if reply.card and embeds else reply.text  # a card's text is in its embed
    if notes:
        text += "\n" + " ".join(notes)
    pings = sum(len(f" <@{u}>") for u in users)  # room kept for the pings a cut removes
    content, overflow = fit_content(quiet_crowds(text), can_attach and len(text) * 4 < budget,
                                    room=pings)
    if overflow is not None:
        files.append(discord.File(io.BytesIO(overflow), filename=OVERFLOW_NAME))
    missing = " ".join(f"<@{u}>" for u in users if f"<@{u}>" not in content)
    if missing:  # a ping needs the mention in the content
        content = f"{content} {missing}"
    kwargs: dict[str, Any] = {"content": content, "allowed_mentions": only_users(users)}
    if embeds:
        kwargs["embeds"] = embeds
    if files:
        kwargs["files"] = files
    if reply.buttons or reply.menus:
        kwargs["view"] = button_view(reply.buttons, reply.menus)
    return kwargs


# ------------------------------------------------------------------- buttons


class ButtonReceiver(Protocol):
    """What the client must offer for buttons to work (``BoardBot`` does)."""

    async def press_button(self, interaction: discord.Interaction, action: str) -> None: ...


class BoardButton(discord.ui.DynamicItem[discord.ui.Button], template=CUSTOM_ID_TEMPLATE):
    """A button whose custom id carries its action (bot/actions.py): it works after a
    restart because the client registers this class with ``add_dynamic_items``."""

    def __init__(self, action: str, label: str | None = None,
                 style: discord.ButtonStyle = discord.ButtonStyle.secondary) -> None:
        # not checked here: a pressed id is handed on as it is, and the service decodes
        # it once and refuses what is no action of this version (an old or forged id);
        # what the bot posts is checked by ``button_view``
        super().__init__(discord.ui.Button(
            label=label or "?", style=style,
            custom_id=actions.BUTTON_PREFIX + action))
        self.action = action

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction,
                             item: discord.ui.Item[Any], match: re.Match[str], /
                             ) -> BoardButton:
        assert isinstance(item, discord.ui.Button)  # the template matches buttons only
        return cls(match["action"], item.label, item.style)

    async def callback(self, interaction: discord.Interaction) -> None:
        receiver = interaction.client
        if not hasattr(receiver, "press_button"):
            log.warning(kv("button_unhandled", custom_id=self.item.custom_id))
            return
        await receiver.press_button(interaction, self.action)


class BoardSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=SELECT_ID_TEMPLATE):
    """A select menu bound to its question like a button (``Menu.action`` in its custom
    id): the chosen option's value completes the action.  Registered with
    ``add_dynamic_items``, so menus work after a restart too."""

    def __init__(self, prefix: str, options: Sequence[MenuOption] = (),
                 placeholder: str = "") -> None:
        super().__init__(discord.ui.Select(
            custom_id=actions.menu_id(prefix), placeholder=placeholder[:150],
            options=[discord.SelectOption(label=clip(o.label, 100), value=o.value[:100],
                                          description=clip(o.description, 100) or None)
                     for o in options[:MAX_OPTIONS]] or [discord.SelectOption(label="-")]))
        self.prefix = prefix

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction,
                             item: discord.ui.Item[Any], match: re.Match[str], /
                             ) -> BoardSelect:
        return cls(match["action"])

    async def callback(self, interaction: discord.Interaction) -> None:
        receiver = interaction.client
        values = self.item.values
        if not hasattr(receiver, "press_button") or not values:
            log.warning(kv("select_unhandled", custom_id=self.item.custom_id))
            return
        await receiver.press_button(interaction, actions.chosen(self.prefix, values[0]))


def select_for(menu: Menu) -> BoardSelect:
    """A Menu -> its select (ValueError: its action is no menu prefix)."""
    return BoardSelect(menu.action, menu.options, menu.placeholder)


def button_view(buttons: Sequence[Button], menus: Sequence[Menu] = ()) -> discord.ui.View:
    """A view of BoardButtons and BoardSelects (fully dynamic: nothing is kept in
    memory per message).  Menus take a row each, above the buttons.

    The view only describes the components: every press is dispatched by the dynamic
    items the client registers once (``add_dynamic_items``), never by a stored view.
    So it is stopped at once, and discord.py neither keeps it nor, for a private
    followup (a press's private reply), starts the 15-minute timeout task it gives
    an ephemeral message's view (a task per reply, sleeping for nothing)."""
    view = discord.ui.View(timeout=None)
    view.stop()  # (outside an event loop, as in unit tests, there is nothing to stop)
    for menu in menus[:MAX_MENUS]:
        view.add_item(select_for(menu))
    shown = menus[:MAX_MENUS]
    for button in buttons[:MAX_BUTTONS - 5 * len(shown)]:
        custom_id(button)  # ValueError: no action's id (a bug: said before it is posted)
        view.add_item(BoardButton(button.action, clip(button.label, MAX_LABEL),
                                  _STYLES.get(button.style, discord.ButtonStyle.secondary)))
    return view


# ------------------------------------------------------------- side effects


def _permissions(interaction: discord.Interaction) -> tuple[bool, bool]:
    if interaction.guild_id is None:
        return True, True
    perms = interaction.app_permissions
    return perms.embed_links, perms.attach_files


def _size_limit(interaction: discord.Interaction) -> int:
    return int(getattr(interaction, "filesize_limit", 0) or DEFAULT_SIZE_LIMIT)


def _pressed(interaction: discord.Interaction) -> bool:
    """Whether the interaction is a press on a message (a button or a menu)."""
    return interaction.type is discord.InteractionType.component


#: The responses after which the interaction's @original is the pressed message.
_UPDATES = (discord.InteractionResponseType.deferred_message_update,
            discord.InteractionResponseType.message_update)


async def defer(interaction: discord.Interaction) -> bool:
    """Acknowledge now; the reply follows.  False if it failed.

    A command shows a private "thinking" placeholder.  A press is deferred as an
    update of the pressed message (DEFERRED_UPDATE_MESSAGE): its @original then is
    the pressed message, which :func:`edit_pressed` can change even when it is
    ephemeral, and the reply goes out as a followup of its own."""
    try:
        if _pressed(interaction):
            await interaction.response.defer()  # components default to the update kind
        else:
            await interaction.response.defer(ephemeral=True, thinking=True)
        return True
    except discord.HTTPException as exc:
        log.warning(kv("defer_failed", interaction=interaction.id, status=exc.status,
                       error=exc.text or exc))
        return False


def _edit_kwargs(kwargs: dict[str, Any]) -> dict[str, Any]:
    edit = dict(kwargs)
    if "files" in edit:
        edit["attachments"] = edit.pop("files")
    return edit


async def deliver(interaction: discord.Interaction, reply: Reply,
                  elsewhere: str | None = None) -> bool:
    """Show ``reply`` as the answer to ``interaction`` (deferred or not).

    ``elsewhere``: the id of the channel a public reply belongs in when it is not the
    interaction's (a turn played from a direct message is posted in the game's own
    channel, as if played there; the sender is told privately where it went).

    Returns False if Discord refused or failed (the failure is logged and, when
    still possible, the sender is told privately that ``/board`` re-posts)."""
    if elsewhere is not None and not reply.private:
        return await _deliver_elsewhere(interaction, reply, elsewhere)
    embed_ok, attach_ok = _permissions(interaction)
    kwargs = reply_kwargs(reply, size_limit=_size_limit(interaction), can_embed=embed_ok,
                          can_attach=attach_ok)
    deferred = interaction.response.is_done()
    # After a deferred update @original is the pressed message, never a placeholder.
    on_pressed = interaction.response.type in _UPDATES
    try:
        if not deferred:
            answered = await interaction.response.send_message(**kwargs,
                                                               ephemeral=reply.private)
            message_id = getattr(answered, "message_id", None)
        elif on_pressed:
            sent = await interaction.followup.send(**kwargs, ephemeral=reply.private, wait=True)
            message_id = getattr(sent, "id", None)
        elif reply.private:
            await interaction.edit_original_response(**_edit_kwargs(kwargs))
            message_id = None
        else:
            await interaction.edit_original_response(content="Done.")
            sent = await interaction.followup.send(**kwargs, wait=True)
            message_id = getattr(sent, "id", None)
            await _quietly(interaction.delete_original_response())
        if not reply.private and message_id is not None and interaction.channel_id is not None:
            _note_posted(interaction, str(interaction.channel_id), str(message_id))
    except discord.HTTPException as exc:
        log.warning(kv("send_failed", interaction=interaction.id, channel=interaction.channel_id,
                       session=reply.session_id, status=exc.status, code=exc.code,
                       error=type(exc).__name__))
        if deferred and not reply.private:
            note = ("Done, but I could not post the result in this channel "
                    f"({_reason(exc)}). Nothing is lost: use `/board` to show it.")
            await _quietly(interaction.followup.send(content=note, ephemeral=True)
                           if on_pressed else interaction.edit_original_response(content=note))
        return False
    log.info(kv("replied", interaction=interaction.id, channel=interaction.channel_id,
                session=reply.session_id, ok=reply.ok, private=reply.private,
                image=reply.image is not None))
    return True


def _note_posted(interaction: discord.Interaction, channel_id: str, message_id: str) -> None:
    """Keep the public message a reply became on the interaction (``posted_message``)."""
    extras = getattr(interaction, "extras", None)
    if isinstance(extras, dict):
        extras["posted"] = (channel_id, message_id)


def posted_message(interaction: discord.Interaction) -> tuple[str, str] | None:
    """(channel id, message id) of the public message the last reply delivered for
    ``interaction`` became (None: none, or a private one)."""
    extras = getattr(interaction, "extras", None)
    found = extras.get("posted") if isinstance(extras, dict) else None
    return found if isinstance(found, tuple) else None


async def _deliver_elsewhere(interaction: discord.Interaction, reply: Reply,
                             channel_id: str) -> bool:
    """Post ``reply`` in ``channel_id`` and tell the sender privately that it was
    posted there (or that it could not be: the change is saved either way)."""
    where = f"<#{channel_id}>"
    target = await messageable(interaction.client, channel_id)
    message = await post(target, reply) if target is not None else None
    posted = message is not None
    if message is not None:
        _note_posted(interaction, channel_id, str(message.id))
    key = "dm_posted" if posted else "dm_post_failed"
    note = Reply(text=said(interaction, key, channel=where), private=True, ok=posted,
                 session_id=reply.session_id)
    await deliver(interaction, note)
    log.info(kv("posted_elsewhere", interaction=interaction.id, channel=channel_id,
                session=reply.session_id, ok=posted))
    return posted


async def messageable(client: discord.Client, channel_id: str
                      ) -> discord.abc.Messageable | None:
    """The channel of ``channel_id`` to post in (None: gone, hidden, or no channel)."""
    try:
        found = client.get_channel(int(channel_id)) or await client.fetch_channel(
            int(channel_id))
    except (discord.HTTPException, ValueError) as exc:
        log.warning(kv("channel_unreachable", channel=channel_id, error=type(exc).__name__))
        return None
    return found if isinstance(found, discord.abc.Messageable) else None


def _reason(exc: discord.HTTPException) -> str:
    if isinstance(exc, discord.Forbidden):
        return "I lack a permission here"
    if isinstance(exc, discord.NotFound):
        return "the channel or message is gone"
    if exc.status == 429:
        return "Discord is rate limiting me"
    return f"Discord error {exc.status}"


async def _quietly(call: Any) -> None:
    try:
        await call
    except discord.HTTPException as exc:
        log.info(kv("cleanup_failed", status=exc.status, error=type(exc).__name__))


async def say(interaction: discord.Interaction, text: str, *, private: bool = True) -> bool:
    """A plain text answer (DM notice, a bad option, an internal error)."""
    return await deliver(interaction, Reply(text=text, private=private, ok=not private))


async def send_choices(interaction: discord.Interaction, values: Sequence[str]) -> None:
    """Answer an autocomplete request: at most 25 choices; a value longer than Discord
    takes (100 characters) cannot be sent, so it is left out (it can still be typed)."""
    choices = [app_commands.Choice(name=v, value=v) for v in values
               if 0 < len(v) <= MAX_CHOICE_LENGTH][:MAX_CHOICES]
    try:
        await interaction.response.autocomplete(choices)
    except discord.HTTPException as exc:  # the user typed on: a stale request
        log.debug(kv("autocomplete_failed", status=exc.status, error=type(exc).__name__))


async def open_thread(interaction: discord.Interaction, name: str) -> discord.Thread:
    """A public thread under the interaction's channel (raises discord.HTTPException
    or TypeError when that is not possible here)."""
    channel = interaction.channel
    if not isinstance(channel, discord.TextChannel):
        raise TypeError("threads can only be opened from a text channel")
    return await channel.create_thread(name=name[:100], type=discord.ChannelType.public_thread,
                                       auto_archive_duration=10080)


async def post(channel: discord.abc.Messageable, reply: Reply) -> discord.Message | None:
    """Post a reply as a plain channel message (the challenge in a new thread, a
    computer's turn, a turn played from a direct message): the message, None if
    Discord refused it."""
    try:
        return await channel.send(**reply_kwargs(reply))
    except discord.HTTPException as exc:
        log.warning(kv("post_failed", channel=getattr(channel, "id", "?"), status=exc.status,
                       error=type(exc).__name__))
        return None


async def schedule_event(channel: Any, event: ScheduledEvent) -> bool:
    """A Discord scheduled event in ``channel``'s server (a tournament's start), as an
    external event whose location is the channel; best effort."""
    guild = getattr(channel, "guild", None)
    if guild is None:
        return False
    try:
        await guild.create_scheduled_event(
            name=event.name[:100], description=event.description[:1000],
            start_time=datetime.fromtimestamp(event.starts, tz=UTC),
            end_time=datetime.fromtimestamp(event.ends, tz=UTC),
            entity_type=discord.EntityType.external, location=event.where[:100],
            privacy_level=discord.PrivacyLevel.guild_only)
    except (discord.HTTPException, ValueError, TypeError) as exc:
        log.warning(kv("event_failed", channel=getattr(channel, "id", "?"),
                       error=type(exc).__name__, detail=str(exc)[:200]))
        return False
    return True


async def edit_pressed(interaction: discord.Interaction, **changes: Any) -> bool:
    """Change the message a button or menu was pressed on (best effort): the one way
    every edit of a pressed message goes.

    Always through the interaction itself: UPDATE_MESSAGE when it is not answered
    yet, else its @original after a deferred update (:func:`defer`).  Never through
    ``interaction.message.edit``: that is the channel route, which Discord answers
    with 404 for an ephemeral message (and every such failure counts against the
    rate limit).  False when the message could not be changed."""
    if interaction.message is None:
        return False
    response = interaction.response
    try:
        if not response.is_done():
            await response.edit_message(**changes)
        elif response.type in _UPDATES:
            await interaction.edit_original_response(**changes)
        else:  # answered with a message of its own: the pressed one is out of reach
            log.info(kv("pressed_unreachable", interaction=interaction.id,
                        response=getattr(response.type, "name", response.type)))
            return False
    except discord.HTTPException as exc:
        log.info(kv("pressed_edit_failed", interaction=interaction.id, status=exc.status,
                    error=type(exc).__name__))
        return False
    return True


async def clear_buttons(interaction: discord.Interaction) -> None:
    """Remove the buttons and menus from the message they were pressed on."""
    await edit_pressed(interaction, view=None)


async def delete_thread(thread: discord.Thread) -> None:
    """Remove a thread the bot opened for a challenge that was refused (best effort)."""
    await _quietly(thread.delete())


# ------------------------------------------------------------- notifications


class NotificationLike(Protocol):
    """What the scheduler hands over (``bot.scheduler.Notification``)."""

    # Read-only members: the scheduler's Notification is a frozen dataclass.
    @property
    def kind(self) -> str: ...
    @property
    def mode(self) -> str: ...
    @property
    def channel_id(self) -> str: ...
    @property
    def session_id(self) -> int: ...
    @property
    def user_id(self) -> str | None: ...
    @property
    def text(self) -> str: ...
    @property
    def mentions(self) -> tuple[str, ...]: ...


async def send_notification(client: discord.Client, note: NotificationLike) -> bool:
    """Deliver a scheduler notification: a direct message to ``user_id`` (mode ``dm``),
    else a post in ``channel_id`` that pings only the users in ``mentions`` (modes
    ``mention`` and ``channel``).  A direct message the user does not accept falls back
    to the channel.  Failures are logged and answered with False, never raised."""
    if note.mode == "dm" and note.user_id:
        try:
            user = client.get_user(int(note.user_id)) or await client.fetch_user(
                int(note.user_id))
            await user.send(content=clip(quiet_crowds(note.text)),
                            allowed_mentions=discord.AllowedMentions.none())
            log.info(kv("notified", kind=note.kind, mode="dm", session=note.session_id,
                        user=note.user_id))
            return True
        except (discord.Forbidden, discord.NotFound, discord.HTTPException, ValueError) as exc:
            log.warning(kv("notify_dm_failed", kind=note.kind, session=note.session_id,
                           user=note.user_id, error=type(exc).__name__))
            if not note.channel_id:  # a digest has no channel to fall back on
                return False
    try:
        channel = client.get_channel(int(note.channel_id)) or await client.fetch_channel(
            int(note.channel_id))
        if not isinstance(channel, discord.abc.Messageable):
            raise TypeError(f"channel {note.channel_id} cannot receive messages")
        # only the players the notice is for: never whatever ids a name in the text holds
        await channel.send(content=clip(quiet_crowds(note.text)),
                           allowed_mentions=only_users(note.mentions))
    except (discord.Forbidden, discord.NotFound, discord.HTTPException, ValueError,
            TypeError) as exc:
        log.warning(kv("notify_failed", kind=note.kind, mode=note.mode,
                       session=note.session_id, channel=note.channel_id,
                       error=type(exc).__name__))
        return False
    log.info(kv("notified", kind=note.kind, mode=note.mode, session=note.session_id,
                channel=note.channel_id))
    return True
