"""``/train GAME``: drills from real games.  A position where the player erred in one
of their own analysed games of GAME in this server (when they have none, one where
anyone in the server erred), shown privately with its dice and a menu of turns: the
better turn, the one played and other legal turns.  The answer says right or wrong,
the better turn and the engine's reason (computer ``explain``, said by
bot/catalogue/hints.py).  Every menu names the game and the turn (bot/actions.py
``Drill``), and the turns offered are the same at every press (a fixed order)."""

from __future__ import annotations

import random

from bot.actions import Drill, menu_prefix
from bot.analysis_work import drill, drill_answer
from bot.catalogue.engine import error_for_user
from bot.catalogue.hints import say_reason
from bot.replies import Channel, Menu, MenuOption, Refused, Reply, User
from bot.service import texts
from bot.service.analysis import ReadsAnalyses
from bot.service.request import Request
from computer.analysis import VERSION, Analysis, Decision
from games import GameError, get_game
from renderer import RenderContext
from renderer.describe import describe
from storage import Session

#: The errors a drill is drawn from (the costliest of the latest analysed games).
POOL = 10
#: A day in seconds (the daily puzzle's days are UTC days).
DAY = 86400.0
#: A menu option's label at most (Discord: 100; a turn is shorter).
LABEL = 90


class Training(ReadsAnalyses):
    """``/train``: drills from the analysed errors, answered from a menu."""

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
        session, decision = await self._decision(req, req.channel, session_id, turn)
        turns = await self.ctx.ledger.effective_turns(session.id)
        listing, offered = await self.ctx.cpu(drill, session, turns, turn, decision.best,
                                              decision.played)
        position = get_game(session.game).from_listing(listing, session.options)
        side = texts.colour_word(get_game(session.game).sides(session.options)[
            [s.letter for s in get_game(session.game).sides(session.options)].index(
                decision.side)].colour, req.user_lang)
        context = RenderContext(names=texts.names(session), dice=decision.dice,
                                width=self.ctx.config.image_width,
                                theme=self.ctx.config.theme, language=req.user_lang,
                                footer=req.mine("drill_footer", id=session.id, turn=turn))
        image = await self.ctx.draw(position, context)
        dice = " ".join(str(d) for d in decision.dice)
        text = req.mine("drill_own" if mine else "drill_server", id=session.id, turn=turn,
                        side=side, dice=f" [{dice}]" if dice else "")
        options = tuple(MenuOption(o[:LABEL], str(i)) for i, o in enumerate(offered))
        return Reply(text=text, image=image, private=True, session_id=session.id,
                     image_description=describe(position, context) if image else "",
                     menus=[Menu(menu_prefix(Drill(session.id, turn)), req.mine("drill_pick"),
                                 options)])

    async def press(self, req: Request, channel: Channel, action: Drill) -> Reply:
        session, decision = await self._decision(req, channel, action.session, action.turn)
        turns = await self.ctx.ledger.effective_turns(session.id)
        listing, offered = await self.ctx.cpu(drill, session, turns, action.turn,
                                              decision.best, decision.played)
        if action.choice is None or not 0 <= action.choice < len(offered):
            raise Refused(req.mine("drill_old_button"))
        chosen = offered[action.choice]
        right, reason = await self.ctx.cpu(drill_answer, session.game, dict(session.options),
                                           listing, decision.dice, chosen, decision.best)
        said = say_reason(req.user_lang, reason)
        key = "drill_right" if right else "drill_wrong"
        text = req.mine(key, chosen=chosen, best=decision.best,
                        reason=req.mine("drill_reason", reason=said) if said else "",
                        loss=decision.loss)
        return Reply(text=text + "\n" + req.mine("drill_again",
                                                 game=session.game), private=True,
                     session_id=session.id)
