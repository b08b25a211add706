"""The turn picker: a private menu, opened by the Play button under a board, that
builds the player's turn from the legal turns one tap at a time (bot/picker.py),
shows the result, and plays it through exactly the path ``/move`` takes.

Every control carries the session's version and the path chosen so far in its
tag (``p<version>-<path>``): nothing is kept in memory, a restart loses nothing,
and a picker opened before the position changed is refused, never applied to
another position."""

from __future__ import annotations

import asyncio
from dataclasses import replace

from bot.actions import Pick, Verb, encode, menu_prefix
from bot.narration import narrate
from bot.picker import PathError, Step, walk
from bot.replies import Button, Channel, Menu, MenuOption, Refused, Reply, User
from bot.service import texts
from bot.service.context import Context
from bot.service.core import Turns
from bot.service.request import Request
from games import get_game
from games.base import Played
from games.notation import format_dice
from games.turns import Step as Move
from games.turns import StepKind
from renderer import RenderContext
from renderer.describe import describe
from storage import Session, SessionStatus


class Picking:
    def __init__(self, ctx: Context, turns: Turns) -> None:
        self.ctx = ctx
        self.turns = turns

    async def press(self, req: Request, user: User, channel: Channel, action: Pick) -> Reply:
        session = await self.turns.live(channel)
        if session is None or session.id != action.session or \
                session.status != SessionStatus.ACTIVE:
            raise Refused(req.mine("picker_game_gone"))
        if action.version != session.version:
            raise Refused(req.mine("picker_moved_on"))
        if action.verb is Verb.PICKNO:
            return Reply(text=req.mine("picker_put_away"), private=True,
                         session_id=session.id)
        position = await self.ctx.position_async(session)
        seat = session.seat_of(user.id)
        mover = position.side_to_move
        if seat is None or mover is None or seat.side != mover or position.action_due():
            who = texts.who(session, mover, req.user_lang) if mover else req.mine("nobody")
            raise Refused(req.mine("picker_not_mover", who=who))
        path = list(action.path)
        # every order the engine takes: a player may start a two-tile turn with either
        turns = await self.ctx.legal_turns_in_any_order_async(session)
        try:
            step = walk(turns, path, lambda turn: position.turn_additions(turn, session.dice),
                        lang=req.user_lang)
        except PathError as exc:
            raise Refused(req.mine("picker_misfit", error=exc)) from exc
        if action.verb is Verb.PICKOK:
            if step.turn is None:
                raise Refused(req.mine("picker_incomplete"))
            # the command path, as /move takes it: the turn's canonical text
            return await self.turns.move(req, user, channel, step.turn.text,
                                         expected_turn=session.next_turn)
        return await self._show(req, session, seat.side, action.path, step)

    async def _show(self, req: Request, session: Session, side: str, path: tuple[str, ...],
                    step: Step
                    ) -> Reply:
        here = Pick(Verb.PICK, session.id, session.version, path)
        dice = req.mine("with_dice", dice=format_dice(session.dice)) if session.dice else ""
        so_far = req.mine("picker_so_far", moves=", ".join(step.chosen)) if step.chosen else ""
        back = [Button(req.mine("button_back"), encode(replace(here, path=path[:-1])))] \
            if path else []
        cancel = Button(req.mine("button_cancel"), encode(replace(here, verb=Verb.PICKNO)),
                        "danger")
        if step.turn is None:
            menu = Menu(menu_prefix(here), step.placeholder,
                        tuple(MenuOption(o.label, o.value,
                                         o.description or _tile_words(req, session, o.move))
                              for o in step.options))
            return Reply(text=req.mine("picker_step", dice=dice, so_far=so_far,
                                       step=step.placeholder),
                         private=True, session_id=session.id, menus=[menu],
                         buttons=[*back, cancel])
        position = await self.ctx.position_async(session)
        played = await asyncio.to_thread(position.play, step.turn, session.dice)
        context = RenderContext(
            names=texts.names(session), dice=(), last_side=side, last_moves=played.moves,
            last_events=played.events, viewer=side, width=self.ctx.config.image_width,
            theme=self.ctx.config.theme, footer=req.mine("preview_footer_yet"),
            language=req.user_lang)
        image = await self.ctx.draw(played.position, context)
        text = req.mine("picker_done", dice=dice, turn=step.turn.text,
                        told=_told(req, session, side, played))
        return Reply(text=text, private=True,
                     session_id=session.id, image=image,
                     image_description=describe(played.position, context) if image else "",
                     buttons=[Button(req.mine("button_confirm"),
                                     encode(replace(here, verb=Verb.PICKOK)), "success"),
                              *back, cancel])


def _told(req: Request, session: Session, side: str, played: Played) -> str:
    """The previewed turn in words and, when it ends the game, a warning saying so
    before Confirm: "This turn loses the game at once" (a player lost in two turns
    by confirming a tile that closed the rival's region, told only by the picture)."""
    cast = texts.cast_of(session, req.user_lang)
    lines = [narrate(played.events, cast)]
    result = played.position.result
    if result is not None:
        if result.winner is None:
            lines.append(req.mine("picker_draws"))
        elif result.winner == side:
            lines.append(req.mine("picker_wins"))
        else:
            lines.append(req.mine("picker_loses", winner=cast.name(result.winner)))
    return "".join(f"\n{line}" for line in lines if line)


def _tile_words(req: Request, session: Session, move: Move | None) -> str:
    """A tile option in words ("White band, cell 0,-1"): the letter is a side's, so
    the game's own colour word says it; '' for an option that is no tile."""
    if move is None or move.kind != StepKind.PLACE_TILE:
        return ""
    colour = texts.colour(get_game(session.game), session, move.colour, req.user_lang)
    return req.mine("pick_tile_words", colour=colour, cell=move.target)
