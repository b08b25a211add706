"""How boards look to a server and to each user (migration 5): the server's
theme, a user's own theme (None: the server's) and whether their private
pictures are seen from the opponent's chair."""

from __future__ import annotations

from dataclasses import dataclass

from storage.store import Store

THEMES = ("light", "dark")


@dataclass(frozen=True)
class UserView:
    """A user's own board settings: ``theme`` None follows the server."""

    theme: str | None = None
    flip: bool = False
    phone: bool = False


class SettingsStore:
    """Board settings on top of a :class:`Store`."""

    def __init__(self, store: Store) -> None:
        self.store = store

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
        async with self.store.transaction() as run:
            await run("INSERT INTO users (user_id, theme, flip, phone, updated_at) "
                      "VALUES (?, ?, ?, ?, ?) ON CONFLICT (user_id) DO UPDATE SET "
                      "theme=excluded.theme, flip=excluded.flip, phone=excluded.phone, "
                      "updated_at=excluded.updated_at",
                      (user_id, view.theme, int(view.flip), int(view.phone), now))

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
        async with self.store.transaction() as run:
            await run("INSERT INTO guild_settings (guild_id, theme, updated_at) VALUES (?, ?, ?) "
                      "ON CONFLICT (guild_id) DO UPDATE SET theme=excluded.theme, "
                      "updated_at=excluded.updated_at", (guild_id, theme, now))
