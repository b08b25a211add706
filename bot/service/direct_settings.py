"""``/notify digest:on hour:8 timezone:Europe/Berlin`` and ``/notify remind:24h,8h,1h``:
a player's daily digest by direct message and their own reminder times.

Time zones are the system's tz database (``zoneinfo``); a name it does not know is
refused with examples.  Reminder times are checked against ``REMIND_LIMITS`` and
replace the server's (``reminder_hours``) in the clocks running for the player now
and in every one that starts for them later (bot/service/timekeeping.py)."""

from __future__ import annotations

from dataclasses import dataclass
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from bot import clocks
from bot.replies import Refused
from bot.service import texts
from bot.service.context import Context
from bot.service.request import Request
from bot.service.timekeeping import Timekeeper
from storage.direct import DirectStore

#: The shortest and longest reminder time, and how many a player may choose.
REMIND_LOW = 10 * clocks.MINUTE
REMIND_HIGH = 14 * clocks.DAY
REMIND_MOST = 5
#: Words that give the choice back to the server.
SERVER_WORDS = ("server", "default")
DEFAULT_ZONE = "UTC"


def time_zone(name: str) -> ZoneInfo | None:
    """The zone of an IANA name (None: the tz database has no such zone)."""
    text = name.strip()
    if not text or len(text) > 64 or text.startswith(("/", ".")) or ".." in text:
        return None
    try:
        return ZoneInfo(text)
    except (ZoneInfoNotFoundError, ValueError, OSError):
        return None


@dataclass(frozen=True)
class DigestChoice:
    """What ``/notify digest:`` asked for, checked: the hour (None: off) and zone."""

    hour: int | None
    zone: str | None


class DirectSettings:
    """Checks and saves the digest and the reminder times."""

    def __init__(self, ctx: Context, timekeeper: Timekeeper) -> None:
        self.ctx = ctx
        self.timekeeper = timekeeper
        self.direct = DirectStore(ctx.store)

    # -- checked first (nothing changes unless every option is good) ---------------------

    async def checked_digest(self, req: Request, value: str, hour: int | None,
                             zone: str) -> DigestChoice | None:
        """The digest choice of ``value`` (``on``/``off``; '' with an hour or a zone:
        on), ``hour`` and ``zone``; None when none of them was given."""
        wanted = value.strip().lower()
        if not wanted and hour is None and not zone.strip():
            return None
        if wanted not in ("", "on", "off"):
            raise Refused(req.mine("digest_value", given=value.strip()[:20]))
        if wanted == "off":
            return DigestChoice(None, None)
        assert req.user is not None
        before = await self.direct.prefs(req.user.id)
        named = zone.strip()
        if named and time_zone(named) is None:
            raise Refused(req.mine("digest_zone_unknown", zone=named[:64]))
        chosen = hour if hour is not None else before.digest_hour
        if chosen is None:
            raise Refused(req.mine("digest_hour_needed"))
        if not 0 <= chosen <= 23:
            raise Refused(req.mine("digest_hour_bounds", hour=chosen))
        return DigestChoice(chosen, named or before.time_zone or DEFAULT_ZONE)

    def checked_remind(self, req: Request, text: str) -> tuple[float, ...] | None:
        """Reminder times in seconds, largest first (``()``: the server's); None when
        ``text`` is empty."""
        body = text.strip().lower()
        if not body:
            return None
        if body in SERVER_WORDS:
            return ()
        points: set[float] = set()
        for word in body.replace(";", ",").replace(" ", ",").split(","):
            if not word:
                continue
            try:
                seconds = clocks.parse_duration(word)
            except clocks.TimeControlError as exc:
                raise Refused(req.mine("remind_form", error=exc.said(req.user_lang))) from exc
            points.add(seconds)
        if not points or len(points) > REMIND_MOST \
                or not all(REMIND_LOW <= p <= REMIND_HIGH for p in points):
            raise Refused(req.mine("remind_bounds", low=self._said(req, REMIND_LOW),
                                   high=self._said(req, REMIND_HIGH), most=REMIND_MOST,
                                   given=text.strip()[:40]))
        return tuple(sorted(points, reverse=True))

    # -- saved ------------------------------------------------------------------------------

    async def save(self, req: Request, digest: DigestChoice | None,
                   remind: tuple[float, ...] | None) -> list[str]:
        """Save what was checked; the sentences that say what now holds."""
        assert req.user is not None
        now = self.ctx.clock()
        said: list[str] = []
        if digest is not None:
            await self.direct.set_digest(req.user.id, digest.hour, digest.zone, now)
            said.append(req.mine("digest_off") if digest.hour is None else
                        req.mine("digest_on", hour=digest.hour, zone=digest.zone))
        if remind is not None:
            await self.direct.set_remind(req.user.id, remind or None, now)
            # the clocks running for them now take the new times too
            await self.timekeeper.replan(req.user.id)
            if remind:
                said.append(req.mine("remind_said", points=self._points(req, remind)))
            else:
                server = [h * clocks.HOUR for h in self.ctx.config.reminder_hours if h > 0]
                said.append(req.mine("remind_server", points=self._points(req, sorted(
                    server, reverse=True))))
        return said

    def _points(self, req: Request, points: tuple[float, ...] | list[float]) -> str:
        return ", ".join(self._said(req, p) for p in points) or "-"

    @staticmethod
    def _said(req: Request, seconds: float) -> str:
        return texts.duration(seconds, req.user_lang)
