"""Game analysis: the post-game message, ``/analysis game:ID`` and the server's
setting (computer/analysis.py judges; storage/analysis.py keeps).

An analysis is computed once, in the computers' process pool (never on the event
loop), a game's turns split in slices of ``SLICE`` so that both workers share a long
game and the computers' decisions queue between slices rather than behind it; it is
stored, and every later reader (the post, ``/analysis``, the marks in the record)
reads it back.  The post-game message is found by the bot's analysis poster
(``pending``/``post``: games finished lately, with a person seated, in a server whose
setting is on), each claimed once (storage/analysis.py ``claim_post``).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any

from bot import pages
from bot.analysis_work import analyse_part, error_details, turn_indexes
from bot.computer_seats import COMPUTER_ID
from bot.replies import Channel, Refused, Reply
from bot.service.context import Context
from bot.service.history import History
from bot.service.request import Request
from computer.analysis import (
    BLUNDER,
    GRADES,
    INACCURACY,
    MISTAKE,
    VERSION,
    Analysis,
    Decision,
    summarise,
)
from computer.analysis_judge import judge_for
from games import get_game
from storage import Session, TurnEntry
from storage.analysis import AnalysisStore

log = logging.getLogger("boardbot.analysis")

#: Turns a slice of work judges (about 3-6 s of one worker at the judge's budget).
SLICE = 10
#: How far back the poster looks for finished games without their message (a day:
#: a restart posts what it missed, an upgrade does not post the whole history).
LOOK_BACK = 24 * 3600.0
#: The largest errors each player's lines and the picture show.
LARGEST = 3

#: Discord's limit of a message's text.
MESSAGE_LIMIT = 2000

Run = Callable[..., Awaitable[Any]]


class ReadsAnalyses:
    """A part that reads the stored analyses of the games ``history`` finds (the
    analysis itself, the dice statistics, the drills)."""

    def __init__(self, ctx: Context, history: History) -> None:
        self.ctx = ctx
        self.history = history
        self.store = AnalysisStore(ctx.store)


class Analyses(ReadsAnalyses):
    def __init__(self, ctx: Context, history: History, run: Run) -> None:
        super().__init__(ctx, history)
        self.run = run
        #: Games being analysed now, so that a second asker waits for the same work.
        self._running: dict[int, asyncio.Task[Analysis]] = {}

    # -- computing ------------------------------------------------------------------

    async def analysis_of(self, req: Request, session: Session) -> Analysis:
        """The game's analysis: stored, or computed now (once) and stored."""
        stored = await self.store.stored(session.id)
        if stored is not None and stored.version == VERSION:
            try:
                return Analysis.from_json(stored.data)
            except ValueError:
                log.warning("analysis of session %d unreadable; computing it again",
                            session.id)
        try:
            judge_for(session.game)
        except LookupError as exc:
            raise Refused(req.mine("analysis_not_judged", id=session.id,
                                   title=get_game(session.game).title)) from exc
        task = self._running.get(session.id)
        if task is None:
            task = asyncio.create_task(self._compute(session))
            self._running[session.id] = task
            task.add_done_callback(lambda _: self._running.pop(session.id, None))
        return await asyncio.shield(task)

    async def _compute(self, session: Session) -> Analysis:
        turns = await self.ctx.ledger.effective_turns(session.id)
        count = len(turn_indexes(turns))
        started = time.perf_counter()
        parts = await asyncio.gather(*(self.run(analyse_part, session, turns, first,
                                                min(count, first + SLICE))
                                       for first in range(0, count, SLICE)))
        decisions: list[Decision] = [d for part in parts for d in part]
        outcome = session.outcome
        sides = [info.letter for info in get_game(session.game).sides(session.options)]
        analysis = summarise(session.game, decisions, sides,
                             outcome.winner if outcome else None,
                             any(entry.dice for entry in turns))
        seconds = time.perf_counter() - started
        await self.store.save(session.id, VERSION, analysis.to_json(), seconds,
                              self.ctx.clock())
        log.info("analysed session %d (%s, %d turns) in %.1f s", session.id, session.game,
                 count, seconds)
        return analysis

    # -- saying it ---------------------------------------------------------------------

    async def command(self, req: Request, channel: Channel, game_id: int) -> Reply:
        """``/analysis game:ID``: a finished game of this server's analysis (public)."""
        session = await self.history.finished(req, channel, game_id)
        return await self.message(req, session, await self.analysis_of(req, session))

    async def message(self, req: Request, session: Session, analysis: Analysis) -> Reply:
        """The analysis as a public message: the scale, each player's figures and
        largest errors, and one picture of those errors (played against better)."""
        game = get_game(session.game)
        names = {seat.side: pages.name(seat.name) for seat in session.seats}
        lines = [req.public("analysis_title", id=session.id, title=game.title,
                            inaccuracy=f"{INACCURACY:.3f}", mistake=f"{MISTAKE:.3f}",
                            blunder=f"{BLUNDER:.3f}"),
                 req.public("analysis_scale", scale=", ".join(
                     req.public("analysis_scale_item", grade=req.public(f"grade_{g.value}"),
                                limit=f"{limit:.3f}") for limit, g in GRADES))]
        if not analysis.decisions:
            lines.append(req.public("analysis_no_decisions", id=session.id))
            return Reply(text="\n".join(lines), session_id=session.id)
        errors = [d for p in analysis.players for d in analysis.largest_errors(p.side, LARGEST)]
        turns = await self.ctx.ledger.effective_turns(session.id)
        footers = [(req.public("analysis_picture_played", turn=d.number,
                               name=names.get(d.side, d.side), mark=d.mark or ""),
                    req.public("analysis_picture_better", turn=d.number)) for d in errors]
        image, words = await self._details(req, session, turns, errors, footers)
        told = dict(zip([d.number for d in errors], words, strict=True))
        for player in analysis.players:
            name = names.get(player.side, player.side)
            lines.append(req.public(
                "analysis_player", name=name, rate=player.error_rate, n=player.decisions,
                grade=req.public(f"grade_{player.grade.value}"),
                inaccuracies=player.inaccuracies, mistakes=player.mistakes,
                blunders=player.blunders))
            if analysis.dice and player.throws:
                lines.append(req.public("analysis_luck", luck=player.luck, throws=player.throws,
                                        per=player.luck_per_throw, result=player.result,
                                        adjusted=player.luck_adjusted))
            own = analysis.largest_errors(player.side, LARGEST)
            for d in own:
                played, better = told[d.number]
                lines.append(req.public("analysis_error", turn=d.number, dice=_dice(d),
                                        played=played, mark=d.mark or "", loss=d.loss,
                                        better=better))
            if not own:
                lines.append(req.public("analysis_no_errors"))
        text = "\n".join(lines)
        if len(text) > MESSAGE_LIMIT:  # four players' errors in long words
            text = text[:MESSAGE_LIMIT - 1] + "…"
        description = req.public("analysis_description", id=session.id, turns=", ".join(
            str(d.number) for d in errors)) if image else ""
        return Reply(text=text, image=image, image_name=f"analysis-{session.id}.png",
                     image_description=description, session_id=session.id)

    async def _details(self, req: Request, session: Session, turns: list[TurnEntry],
                       errors: list[Decision], footers: list[tuple[str, str]]
                       ) -> tuple[bytes | None, list[tuple[str, str]]]:
        """The errors told in words and drawn (a worker's job); a picture that fails
        (a game without a renderer, a renderer fault: logged) leaves the words."""
        if not errors:
            return None, []
        listed = [(d.number, d.played, d.best) for d in errors]
        args = (session, turns, listed, footers, self.ctx.config.image_width,
                self.ctx.config.theme, req.channel_lang)
        if self.ctx.render_images:
            try:
                return await self.ctx.cpu(error_details, *args, True)
            except Exception:  # noqa: BLE001 - the analysis is said without its picture
                log.exception("analysis picture of session %d failed", session.id)
        return await self.ctx.cpu(error_details, *args, False)

    # -- the post-game message -----------------------------------------------------------

    async def pending(self) -> list[Session]:
        """Finished games waiting for their post-game message (see the module's note)."""
        ids = await self.store.to_post(self.ctx.clock() - LOOK_BACK, COMPUTER_ID)
        found = [await self.ctx.store.session(i) for i in ids]
        return [s for s in found if s is not None]

    async def post(self, req: Request, session: Session) -> Reply | None:
        """The post-game message of ``session``, claimed (None: another process or an
        earlier pass claimed it, or the game cannot be analysed)."""
        try:
            analysis = await self.analysis_of(req, session)
        except Refused:
            # version 0: nothing to read back; the claim keeps the poster from asking again
            await self.store.save(session.id, 0, "{}", 0.0, self.ctx.clock())
            await self.store.claim_post(session.id, self.ctx.clock())  # nothing to post
            return None
        if not await self.store.claim_post(session.id, self.ctx.clock()):
            return None
        return await self.message(req, session, analysis)

    # -- profiles ------------------------------------------------------------------------

    async def profile_lines(self, req: Request, channel: Channel, member_id: str
                            ) -> list[str]:
        """Per game, the member's error rate and luck over their analysed games here,
        and how the rate went: the older half of those games against the newer."""
        by_game: dict[str, list[tuple[float, int, float, int]]] = {}
        for game, side, data in await self.store.of_member(channel.guild_id, member_id,
                                                           VERSION):
            try:
                player = Analysis.from_json(data).player(side)
            except ValueError:
                continue
            if player is not None and player.decisions:
                by_game.setdefault(game, []).append(
                    (player.total_loss, player.decisions, player.luck, player.throws))
        lines = []
        for game in sorted(by_game, key=lambda g: get_game(g).title):
            rows = by_game[game][::-1]  # oldest first
            half = len(rows) // 2
            older, newer = rows[:half] or rows, rows[half:]
            key = "profile_analysis" if half else "profile_analysis_one"
            throws = sum(r[3] for r in rows)
            lines.append(req.public(
                key, title=get_game(game).title, games=len(rows), rate=_rate(rows),
                older=_rate(older), newer=_rate(newer),
                luck=sum(r[2] for r in rows) / throws if throws else 0.0))
        return lines

    # -- the setting ---------------------------------------------------------------------

    async def set_puzzle(self, req: Request, on: bool) -> str:
        """``/settings server_puzzle:on|off`` (moderators): the daily puzzle."""
        await self._server_choice(req, self.store.set_puzzle, on)
        return req.mine("puzzle_on" if on else "puzzle_off")

    async def set_post(self, req: Request, on: bool) -> str:
        """``/settings server_analysis:on|off`` (moderators): the post-game message."""
        await self._server_choice(req, self.store.set_post, on)
        return req.mine("analysis_post_on" if on else "analysis_post_off")

    async def _server_choice(self, req: Request,
                             save: Callable[[str, bool, float], Awaitable[None]],
                             on: bool) -> None:
        """Save one of the server's analysis choices: a moderator's, in its channel."""
        channel, user = req.channel, req.user
        if channel is None or channel.guild_id is None:
            raise Refused(req.mine("server_analysis_here"))
        if user is None or not user.moderator:
            raise Refused(req.mine("moderator_analysis", user=user.name if user else ""))
        await save(channel.guild_id, on, self.ctx.clock())


def _rate(rows: list[tuple[float, int, float, int]]) -> float:
    """Equity lost per decision over ``rows`` (loss, decisions, luck, throws)."""
    decisions = sum(r[1] for r in rows)
    return sum(r[0] for r in rows) / decisions if decisions else 0.0


def _dice(decision: Decision) -> str:
    return f" [{' '.join(str(d) for d in decision.dice)}]" if decision.dice else ""
