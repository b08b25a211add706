"""``/train GAME``: drills from real games.  A position where the player erred in one
of their own analysed games of GAME in this server (when they have none, one where
anyone in the server erred), shown privately with its dice, and the turn built with
the turn picker (bot/picker.py), move by move, as in a game: shown, then confirmed.
The answer says right or wrong, the better turn and the engine's reason (computer
``explain``, said by bot/catalogue/hints.py).  Every control carries the game, the
turn and the path so far (bot/actions.py ``Drill``): nothing is kept in memory, and
an old drill's control never answers another."""

from __future__ import annotations

import asyncio
import random
from collections import OrderedDict
from dataclasses import dataclass, replace

from bot.actions import Drill, encode, menu_prefix
from bot.analysis_work import drill_answer, drill_listing
from bot.catalogue.engine import error_for_user
from bot.catalogue.hints import say_reason
from bot.picker import PathError, Step, walk
from bot.replies import Button, Channel, Menu, MenuOption, Refused, Reply, User
from bot.service import texts
from bot.service.analysis import ReadsAnalyses, Run
from bot.service.context import Context, listed_turns, remember
from bot.service.history import History
from bot.service.request import Request
from computer.analysis import INACCURACY, VERSION, Analysis, Decision
from games import GameError, Position, get_game
from games.turns import Turn
from renderer import RenderContext
from renderer.describe import describe
from storage import Session

#: The errors a drill is drawn from (the costliest of the latest analysed games).
POOL = 10
#: A day in seconds (the daily puzzle's days are UTC days).
DAY = 86400.0


class Training(ReadsAnalyses):
    """``/train``: drills from the analysed errors, answered with the turn picker.
    ``judge``: runs a drill's answer where the analyses run (the computers' pool)."""

    def __init__(self, ctx: Context, history: History, judge: Run) -> None:
        super().__init__(ctx, history)
        self.judge = judge
        #: Each drill's position and legal turns (a finished game never changes), so
        #: that a picker's every press does not replay the game's log again.
        self._positions: OrderedDict[tuple[int, int], tuple[str, list[Turn]]] = OrderedDict()

    async def train(self, req: Request, user: User, channel: Channel, game_name: str
                    ) -> Reply:
        try:
            game = get_game(game_name)
        except GameError as exc:
            raise Refused(error_for_user(exc, req.user_lang)) from exc
        found: list[tuple[int, Decision, bool]] = []  # (session, decision, the user's own)
        for session_id, data in await self.store.analysed_games(channel.guild_id, game.name,
                                                                 VERSION):
            try:
                analysis = Analysis.from_json(data)
            except ValueError:
                continue
            session = await self.ctx.store.session(session_id)
            seat = session.seat_of(user.id) if session else None
            for decision in analysis.decisions:
                if decision.mark is not None:
                    found.append((session_id, decision,
                                  seat is not None and seat.side == decision.side))
        own = [f for f in found if f[2]]
        pool = sorted(own or found, key=lambda f: -f[1].loss)[:POOL]
        if not pool:
            raise Refused(req.mine("train_none", title=game.title))
        session_id, decision, mine = random.Random(self.ctx.clock()).choice(pool)
        return await self._offer(req, session_id, decision.number, mine)

    async def _decision(self, req: Request, channel: Channel, session_id: int, turn: int
                        ) -> tuple[Session, Decision]:
        session = await self.history.finished(req, channel, session_id)
        stored = await self.store.stored(session.id)
        analysis = Analysis.from_json(stored.data) if stored and stored.version == VERSION \
            else None
        decision = next((d for d in analysis.decisions if d.number == turn), None) \
            if analysis else None
        if decision is None or decision.mark is None:
            raise Refused(req.mine("drill_old_button"))
        return session, decision

    async def daily(self, guild_id: str, now: float) -> tuple[int, Decision] | None:
        """Yesterday's (UTC) biggest swing in the server's analysed games: the costliest
        error (its game and decision), None when there was none."""
        today = now - now % DAY
        best: tuple[int, Decision] | None = None
        for session_id, data in await self.store.finished_between(guild_id, today - DAY,
                                                                  today, VERSION):
            try:
                swing = Analysis.from_json(data).biggest_swing()
            except ValueError:
                continue
            if swing is not None and (best is None or swing.loss > best[1].loss):
                best = (session_id, swing)
        return best

    async def puzzle(self, req: Request, session_id: int, turn: int) -> Reply:
        """The daily puzzle: a drill posted in the channel of its game, for anyone."""
        offer = await self._offer(req, session_id, turn, False)
        offer.text = "\n".join([req.public("puzzle_title"), offer.text])
        offer.private = False
        return offer

    async def _offer(self, req: Request, session_id: int, turn: int, mine: bool) -> Reply:
        assert req.channel is not None
        drilled = await self._drilled(req, req.channel, session_id, turn)
        session, decision, position = drilled.session, drilled.decision, drilled.position
        context = self._context(req, session, decision, turn)
        image = await self.ctx.draw(position, context)
        sides = {s.letter: s for s in get_game(session.game).sides(session.options)}
        side = texts.colour_word(sides[decision.side].colour, req.user_lang)
        dice = " ".join(str(d) for d in decision.dice)
        text = req.mine("drill_own" if mine else "drill_server", id=session.id, turn=turn,
                        side=side, dice=f" [{dice}]" if dice else "")
        step = self._walk(req, drilled, ())
        return Reply(text=text, image=image, private=True, session_id=session.id,
                     image_description=describe(position, context) if image else "",
                     menus=[self._menu(req, Drill(session.id, turn), step)])

    async def press(self, req: Request, channel: Channel, action: Drill) -> Reply:
        """A step of the drill's picker: the next menu, the turn built shown before
        Confirm, or (Confirm) the answer: right or wrong, the better turn and the
        engine's reason."""
        drilled = await self._drilled(req, channel, action.session, action.turn)
        session, decision = drilled.session, drilled.decision
        step = self._walk(req, drilled, action.path)
        here = Drill(session.id, action.turn, action.path)
        back = [Button(req.mine("button_back"), encode(replace(here, path=action.path[:-1])))] \
            if action.path else []
        if step.turn is None:
            if action.confirm:
                raise Refused(req.mine("picker_incomplete"))
            so_far = req.mine("picker_so_far", moves=", ".join(step.chosen)) \
                if step.chosen else ""
            return Reply(text=req.mine("drill_step", turn=action.turn, so_far=so_far,
                                       step=step.placeholder),
                         private=True, session_id=session.id,
                         menus=[self._menu(req, here, step)], buttons=back)
        chosen = step.turn.text
        if not action.confirm:
            played = await asyncio.to_thread(drilled.position.play, step.turn, decision.dice)
            context = replace(self._context(req, session, decision, action.turn),
                              dice=(), last_side=decision.side, last_moves=played.moves,
                              last_events=played.events)
            image = await self.ctx.draw(played.position, context)
            return Reply(text=req.mine("drill_built", chosen=chosen), private=True,
                         session_id=session.id, image=image,
                         image_description=describe(played.position, context) if image
                         else "",
                         buttons=[Button(req.mine("button_confirm"),
                                         encode(replace(here, confirm=True)), "success"),
                                  *back])
        loss, reason = await self.judge(drill_answer, session.game, dict(session.options),
                                        drilled.listing, decision.dice, chosen, decision.best)
        words = say_reason(req.user_lang, reason)
        said = req.mine("drill_reason", reason=words) if words else ""
        # another turn within an inaccuracy of the better one is as good an answer: the
        # analysis would not have marked it either
        key = "drill_right" if loss == 0.0 else "drill_as_good" if loss < INACCURACY \
            else "drill_wrong"
        text = req.mine(key, chosen=chosen, best=decision.best, reason=said,
                        loss=decision.loss, chosen_loss=loss)
        return Reply(text=text + "\n" + req.mine("drill_again",
                                                 game=session.game), private=True,
                     session_id=session.id)

    async def _drilled(self, req: Request, channel: Channel, session_id: int, turn: int
                       ) -> Drilled:
        """The drill at turn ``turn`` of game ``session_id``: the position before it and
        its legal turns (in every order the engine takes, as the game's picker walks
        them), worked out off the event loop."""
        session, decision = await self._decision(req, channel, session_id, turn)
        key = (session.id, turn)
        if key not in self._positions:
            turns = await self.ctx.ledger.effective_turns(session.id)
            listing = await self.ctx.cpu(drill_listing, session, turns, turn)
            remember(self._positions, key, (listing, await self.ctx.cpu(
                listed_turns, session.game, listing, dict(session.options),
                tuple(decision.dice), True)))
        listing, legal = self._positions[key]
        position = get_game(session.game).from_listing(listing, session.options)
        return Drilled(session, decision, listing, position, legal)

    def _walk(self, req: Request, drilled: Drilled, path: tuple[str, ...]) -> Step:
        """Where ``path`` leads in the drill's turns (no taunts: a drill asks for the
        turn alone); a path that leads nowhere is an old or forged control."""
        try:
            return walk(drilled.legal, list(path), lang=req.user_lang)
        except PathError as exc:
            raise Refused(req.mine("drill_misfit", error=exc)) from exc

    def _menu(self, req: Request, here: Drill, step: Step) -> Menu:
        return Menu(menu_prefix(here), step.placeholder or req.mine("drill_pick"),
                    tuple(MenuOption(o.label, o.value, o.description) for o in step.options))

    def _context(self, req: Request, session: Session, decision: Decision, turn: int
                 ) -> RenderContext:
        return RenderContext(names=texts.names(session), dice=decision.dice,
                             width=self.ctx.config.image_width,
                             theme=self.ctx.config.theme, language=req.user_lang,
                             footer=req.mine("drill_footer", id=session.id, turn=turn))


@dataclass(frozen=True)
class Drilled:
    """A drill's position: its game, the decision drilled, the position before it
    (and its listing) and its legal turns."""

    session: Session
    decision: Decision
    listing: str
    position: Position
    legal: list[Turn]
