"""How boards look to a server and to each user (migration 5): the server's
theme, a user's own theme (None: the server's) and whether their private
pictures are seen from the opponent's chair."""

from __future__ import annotations

from dataclasses import dataclass

from storage.store import Tables

THEMES = ("light", "dark")


@dataclass(frozen=True)
class UserView:
    """A user's own board settings: ``theme`` None follows the server."""

    theme: str | None = None
    flip: bool = False
    phone: bool = False


class SettingsStore(Tables):
    """Board settings on top of a :class:`Store`."""
    async def user_view(self, user_id: str) -> UserView:
        rows = await self.store.fetchall(
            "SELECT theme, flip, phone FROM users WHERE user_id=?", (user_id,))
        if not rows:
            return UserView()
        theme, flip, phone = rows[0]
        return UserView(theme if theme in THEMES else None, bool(flip), bool(phone))

    async def set_user_view(self, user_id: str, view: UserView, now: float) -> None:
        if view.theme is not None and view.theme not in THEMES:
            raise ValueError(f"theme must be one of {THEMES} or None")
        await self.store.save_row(
            "users", {"user_id": user_id},
            {"theme": view.theme, "flip": int(view.flip), "phone": int(view.phone)}, now)

    async def guild_theme(self, guild_id: str | None) -> str | None:
        """The server's theme, None when it never chose one (or outside a server)."""
        if guild_id is None:
            return None
        rows = await self.store.fetchall("SELECT theme FROM guild_settings WHERE guild_id=?",
                                         (guild_id,))
        return str(rows[0][0]) if rows else None

    async def set_guild_theme(self, guild_id: str, theme: str, now: float) -> None:
        if theme not in THEMES:
            raise ValueError(f"theme must be one of {THEMES}")
        await self.store.save_row("guild_settings", {"guild_id": guild_id}, {"theme": theme},
                                  now)


#: The languages a user or a server may choose (bot/catalogue ships them).
LANGUAGE_CHOICES = ("en", "ru")


@dataclass(frozen=True)
class LanguageChoices:
    """What decides a command's languages (migration 10): the user's and the server's
    own choices (None: follow Discord's locale) and the server's locale last seen."""

    user: str | None = None
    guild: str | None = None
    guild_seen: str | None = None


class LanguageStore(Tables):
    """Languages chosen with ``/settings language`` on top of a :class:`Store`."""
    async def choices(self, user_id: str | None, guild_id: str | None) -> LanguageChoices:
        """The user's and the server's choices, in one query."""
        rows = await self.store.fetchall(
            "SELECT scope, chosen, seen FROM languages WHERE (scope='user' AND owner_id=?) "
            "OR (scope='guild' AND owner_id=?)", (user_id or "", guild_id or ""))
        user = guild = seen = None
        for scope, chosen, last_seen in rows:
            if scope == "user":
                user = chosen
            else:
                guild, seen = chosen, last_seen
        return LanguageChoices(user, guild, seen)

    async def choose(self, scope: str, owner_id: str, chosen: str | None, now: float) -> None:
        """Set (or with None, clear) a user's or a server's language."""
        if chosen is not None and chosen not in LANGUAGE_CHOICES:
            raise ValueError(f"language must be one of {LANGUAGE_CHOICES} or None")
        await self.store.save_row("languages", {"scope": scope, "owner_id": owner_id},
                                  {"chosen": chosen}, now)

    async def saw_guild_locale(self, guild_id: str, locale: str, now: float) -> None:
        """Note the server's Discord locale, for posts without a command (reminders)."""
        await self.store.save_row("languages", {"scope": "guild", "owner_id": guild_id},
                                  {"seen": locale}, now)
