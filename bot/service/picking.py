"""The turn picker: a private menu, opened by the Play button under a board, that
builds the player's turn from the legal turns one tap at a time (bot/picker.py),
shows the result, and plays it through exactly the path ``/move`` takes.

Every control carries the session's version and the path chosen so far in its
tag (``p<version>-<path>``): nothing is kept in memory, a restart loses nothing,
and a picker opened before the position changed is refused, never applied to
another position."""

from __future__ import annotations

import asyncio
import re

from bot.picker import PathError, Step, walk
from bot.replies import Button, Channel, Menu, MenuOption, Refused, Reply, User
from bot.service import texts
from bot.service.context import Context
from bot.service.core import Turns
from games.notation import format_dice
from renderer import RenderContext
from storage import Session, SessionStatus

_TAG = re.compile(r"p(?P<version>\d{1,9})-(?P<path>[\w]*)")
PICKER_VERBS = ("play", "pick", "pickok", "pickno")


class Picking:
    def __init__(self, ctx: Context, turns: Turns) -> None:
        self.ctx = ctx
        self.turns = turns

    async def press(self, user: User, channel: Channel, verb: str, session_id: int,
                    tag: str) -> Reply:
        match = _TAG.fullmatch(tag)
        if match is None:
            raise Refused("That picker is from an older version of the bot; press Play "
                          "under the newest board.")
        session = await self.turns.live(channel)
        if session is None or session.id != session_id or \
                session.status != SessionStatus.ACTIVE:
            raise Refused("That game is no longer being played here. Nothing was changed.")
        if int(match["version"]) != session.version:
            raise Refused("The game has moved on since this picker was opened, so it was "
                          "not played. Press **Play** under the newest board.")
        if verb == "pickno":
            return Reply(text="Put away; nothing was played.", private=True,
                         session_id=session.id)
        position = await self.ctx.position_async(session)
        seat = session.seat_of(user.id)
        mover = position.side_to_move
        if seat is None or mover is None or seat.side != mover or position.action_due():
            who = texts.who(session, mover) if mover else "nobody"
            raise Refused(f"Only the player to move can play now: {who}.")
        path = [p for p in match["path"].split("_") if p]
        turns = await self.ctx.legal_turns_async(session)
        try:
            step = walk(turns, path, lambda text: position.turn_additions(text, session.dice))
        except PathError as exc:
            raise Refused(f"That choice does not fit this position ({exc}); press Play "
                          "again.") from exc
        if verb == "pickok":
            if step.turn is None:
                raise Refused("The turn is not complete yet: choose the remaining moves.")
            return await self.turns.move(user, channel, step.turn,
                                         expected_turn=session.next_turn)
        return await self._show(session, seat.side, path, step)

    async def _show(self, session: Session, side: str, path: list[str], step: Step) -> Reply:
        base = f"p{session.version}-" + "_".join(path)
        dice = f" with {format_dice(session.dice)}" if session.dice else ""
        so_far = f" So far: `{', '.join(step.chosen)}`." if step.chosen else ""
        back_tag = f"p{session.version}-" + "_".join(path[:-1])
        back = [Button("Back", f"pick:{session.id}:{back_tag}")] if path else []
        cancel = Button("Cancel", f"pickno:{session.id}:{base}", "danger")
        if step.turn is None:
            joiner = "_" if path else ""
            menu = Menu(f"pick:{session.id}:{base}{joiner}", step.placeholder,
                        tuple(MenuOption(o.label, o.value, o.description)
                              for o in step.options))
            return Reply(text=f"Your turn{dice}.{so_far} {step.placeholder}:",
                         private=True, session_id=session.id, menus=[menu],
                         buttons=[*back, cancel])
        position = await self.ctx.position_async(session)
        played = await asyncio.to_thread(position.play, step.turn, session.dice)
        image = await self.ctx.draw(played.position, RenderContext(
            names=texts.names(session), dice=(), last_side=side, last_moves=played.moves,
            last_events=played.events, viewer=side, width=self.ctx.config.image_width,
            theme=self.ctx.config.theme, footer="preview: not played yet"))
        return Reply(text=f"Your turn{dice}: `{step.turn}`. **Confirm** to play it, **Back** "
                          "to change it.", private=True, session_id=session.id, image=image,
                     buttons=[Button("Confirm", f"pickok:{session.id}:{base}", "success"),
                              *back, cancel])
