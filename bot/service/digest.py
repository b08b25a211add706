"""The daily digest (``/notify digest:on hour:8 timezone:Europe/Berlin``): once a day, at
the hour the player chose in their own time zone, a direct message listing the games
waiting for them and their deadlines; nothing on a day when nothing waits.

The scheduler asks at each pass (``Digests.due``, only in the process that leads);
a digest goes out only during its hour, and only after its claim (one row per player
and local day, storage/direct.py): a restart, a second pass or another process finds
the day claimed and sends nothing more.  As with the reminders, the claim comes
before the delivery: a crash between the two loses that day's digest rather than
sending it twice."""

from __future__ import annotations

import logging
from datetime import datetime
from zoneinfo import ZoneInfo

from bot.catalogue import Readers, language
from bot.notifications import Notification
from bot.replies import User
from bot.service import texts
from bot.service.context import Context
from bot.service.direct_settings import DEFAULT_ZONE, time_zone
from bot.service.everywhere import Everywhere, Listed, message_link
from bot.service.request import Request
from games import GameError, get_game
from storage.direct import DirectPrefs, DirectStore

log = logging.getLogger("boardbot.digest")

#: Games a digest names (the rest are counted: ``/mygames`` lists them all).
MAX_ROWS = 10
MAX_TEXT = 1900


class Digests:
    """Each subscriber's digest, when its hour has come and its day is unclaimed."""

    def __init__(self, ctx: Context, everywhere: Everywhere) -> None:
        self.ctx = ctx
        self.everywhere = everywhere
        self.direct = DirectStore(ctx.store)

    async def due(self, now: float) -> list[Notification]:
        """The digests to send at ``now`` (each claimed, so handed out once)."""
        notes: list[Notification] = []
        at_their_hour: list[tuple[DirectPrefs, ZoneInfo, str]] = []
        for prefs in await self.direct.digest_subscribers():
            zone = time_zone(prefs.time_zone or DEFAULT_ZONE) or ZoneInfo(DEFAULT_ZONE)
            local = datetime.fromtimestamp(now, zone)
            if local.hour == prefs.digest_hour:
                at_their_hour.append((prefs, zone, local.date().isoformat()))
        # the days already claimed are skipped without reading their lists (one query)
        done = await self.direct.claimed_digests([(p.user_id, day)
                                                  for p, _, day in at_their_hour])
        for prefs, zone, day in at_their_hour:
            if (prefs.user_id, day) in done:
                continue
            waiting = [g for g in await self.everywhere.listed(prefs.user_id) if g.yours]
            if not waiting:
                continue  # nothing waits: no message (a game may still come this hour)
            if not await self.direct.claim_digest(prefs.user_id, day, now):
                continue  # another process got there first
            text = await self._text(prefs, zone, waiting, now)
            notes.append(Notification("digest", "dm", "", None, waiting[0].session.id,
                                      prefs.user_id, text))
            log.info("digest of user %s: %d game(s)", prefs.user_id, len(waiting))
        return notes

    async def _text(self, prefs: DirectPrefs, zone: ZoneInfo, waiting: list[Listed],
                    now: float) -> str:
        chosen = await self.ctx.language_choices(prefs.user_id, None)
        lang = chosen.user or language(None)
        req = Request(User(prefs.user_id, ""), None, Readers(user=lang, channel=lang))
        shown = waiting[:MAX_ROWS]
        names = await self.direct.guild_names(
            g.session.guild_id for g in shown if g.session.guild_id)
        posts = await self.direct.posts(g.session.id for g in shown)
        lines = [req.mine("digest_title", n=len(waiting))]
        for number, game in enumerate(shown, start=1):
            session = game.session
            try:
                title = get_game(session.game).title
            except GameError:
                title = session.game[:20]
            link = message_link(session, posts.get(session.id))
            if game.left is None:
                left = req.mine("digest_no_deadline")
            else:
                when = datetime.fromtimestamp(now + max(game.left, 0.0), zone)
                left = req.mine("digest_deadline",
                                left=texts.duration(max(game.left, 0.0), lang),
                                when=when.strftime("%Y-%m-%d %H:%M"))
            lines.append(req.mine(
                "digest_row", n=number,
                server=names.get(session.guild_id or "") or req.mine("dm_server_unnamed"),
                channel=f"<#{session.channel_id}>",
                link=f" [↗](<{link}>)" if link else "", title=title, turn=session.next_turn,
                left=left))
        if len(waiting) > len(shown):
            lines.append(f"… +{len(waiting) - len(shown)}")
        lines.append(req.mine("digest_footer"))
        text = "\n".join(lines)
        return text if len(text) <= MAX_TEXT else text[: MAX_TEXT - 1] + "…"
