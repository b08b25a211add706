"""``/settings``: how boards look.  A server's theme (moderators set it; public
pictures use it), and each user's own theme, chair and layout for their
private pictures (a preview): ``flip`` shows those from the opponent's
chair, ``phone`` in the phone layout (renderer: pictures under 800 px)."""

from __future__ import annotations

from bot.replies import Channel, Refused, Reply, User
from bot.service.context import Context
from storage.settings import THEMES, UserView

#: What ``flip`` and ``phone`` accept.
ON, OFF = ("on", "yes", "true", "1"), ("off", "no", "false", "0")


class BoardSettings:
    """The ``/settings`` command over the context's settings store."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx

    async def settings(self, user: User, channel: Channel, theme: str = "", flip: str = "",
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
            raise Refused(f"`theme` is `light`, `dark` or `server` (the server's), "
                          f"not `{theme}`.")
        for name, value in (("flip", flip), ("phone", phone)):
            if value and value not in ON + OFF:
                raise Refused(f"`{name}` is `on` or `off`, not `{value}`.")
        if server_theme:
            if server_theme not in THEMES:
                raise Refused(f"`server_theme` is `light` or `dark`, not `{server_theme}`.")
            if not user.moderator:
                raise Refused(f"Only a moderator may set this server's theme, {user.name}; "
                              "your own `theme` you may set.")
            if channel.guild_id is None:
                raise Refused("`server_theme` is set in a server's channel.")
            await store.set_guild_theme(channel.guild_id, server_theme, now)
        if theme or flip or phone:
            view = UserView(None if theme == "server" else (theme or view.theme),
                            flip in ON if flip else view.flip,
                            phone in ON if phone else view.phone)
            await store.set_user_view(user.id, view, now)
        server = await store.guild_theme(channel.guild_id) or self.ctx.config.theme
        own = view.theme or f"the server's ({server})"
        chair = "the opponent's chair" if view.flip else "your own chair"
        size = "the phone layout" if view.phone else "the desktop layout"
        return Reply(text=f"Boards here: {server} theme in public. Your own pictures "
                          f"(previews): {own} theme, seen from {chair}, in {size}.",
                     private=True)
