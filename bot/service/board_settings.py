"""``/settings``: how boards look.  A server's theme (moderators set it; public
pictures use it), and each user's own theme, chair and layout for their
private pictures (a preview): ``flip`` shows those from the opponent's
chair, ``phone`` in the phone layout (renderer: pictures under 800 px)."""

from __future__ import annotations

from bot.replies import Channel, Refused, Reply, User
from bot.service.context import Context
from bot.service.request import Request
from storage.settings import LANGUAGE_CHOICES, THEMES, UserView

#: What ``flip`` and ``phone`` accept.
ON, OFF = ("on", "yes", "true", "1"), ("off", "no", "false", "0")
#: What ``language`` and ``server_language`` accept: a language, or ``auto`` (Discord's).
LANGUAGE_WORDS = (*LANGUAGE_CHOICES, "auto")


class BoardSettings:
    """The ``/settings`` command over the context's settings store."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx

    async def settings(self, req: Request, user: User, channel: Channel, theme: str = "",
                       flip: str = "",
                       server_theme: str = "", phone: str = "") -> Reply:
        """Change what is given, then say what holds.  ``theme``: ``light``,
        ``dark`` or ``server`` (follow the server); ``flip``: ``on``/``off``;
        ``server_theme`` (moderators): the server's theme for every picture."""
        store = self.ctx.settings
        view = await store.user_view(user.id)
        now = self.ctx.clock()
        theme, flip, server_theme, phone = (v.strip().lower()
                                            for v in (theme, flip, server_theme, phone))
        if theme and theme not in (*THEMES, "server"):
            raise Refused(req.mine("bad_theme", theme=theme))
        for name, value in (("flip", flip), ("phone", phone)):
            if value and value not in ON + OFF:
                raise Refused(req.mine("bad_on_off", name=name, value=value))
        if server_theme:
            if server_theme not in THEMES:
                raise Refused(req.mine("bad_server_theme", theme=server_theme))
            if not user.moderator:
                raise Refused(req.mine("moderator_theme", user=user.name))
            if channel.guild_id is None:
                raise Refused(req.mine("server_theme_here"))
            await store.set_guild_theme(channel.guild_id, server_theme, now)
            self.ctx.theme_cache.pop(channel.guild_id, None)
        if theme or flip or phone:
            view = UserView(None if theme == "server" else (theme or view.theme),
                            flip in ON if flip else view.flip,
                            phone in ON if phone else view.phone)
            await store.set_user_view(user.id, view, now)
        server = await store.guild_theme(channel.guild_id) or self.ctx.config.theme
        server = req.mine(f"theme_{server}")
        own = req.mine(f"theme_{view.theme}") if view.theme \
            else req.mine("theme_servers", theme=server)
        chair = req.mine("chair_opponent" if view.flip else "chair_own")
        size = req.mine("layout_phone" if view.phone else "layout_desktop")
        return Reply(text=req.mine("settings_said", server=server, own=own, chair=chair,
                                   size=size, language=req.mine(f"language_{req.user_lang}")),
                     private=True)

    async def choose_language(self, req: Request, user: User, channel: Channel, language: str,
                              server_language: str) -> None:
        """``/settings language:<en|ru|auto>`` (the user's private replies) and
        ``server_language`` (moderators: the server's public replies); ``auto``
        follows Discord's locale again."""
        language, server_language = language.strip().lower(), server_language.strip().lower()
        for name, value in (("language", language), ("server_language", server_language)):
            if value and value not in LANGUAGE_WORDS:
                raise Refused(req.mine("bad_language", name=name, value=value))
        now, languages = self.ctx.clock(), self.ctx.languages
        if server_language:
            if not user.moderator:
                raise Refused(req.mine("moderator_language", user=user.name))
            if channel.guild_id is None:
                raise Refused(req.mine("server_language_here"))
            await languages.choose("guild", channel.guild_id,
                                   None if server_language == "auto" else server_language, now)
        if language:
            await languages.choose("user", user.id, None if language == "auto" else language,
                                   now)
        self.ctx.language_cache.clear()  # the answer, and what follows, speak the choice
