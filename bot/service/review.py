"""``/review game:ID``: a finished game step by step, privately: the board after any
turn (History's ``board_at``: its picture, the turn in words), the turn's mark and
the better turn from the game's analysis (computed once: bot/service/analysis.py),
with ◀ ▶ buttons and a menu of turns.  Every control names the game and the turn it
leads to (bot/actions.py ``ReviewAt``), so an old message never shows another game."""

from __future__ import annotations

from bot.actions import ReviewAt, encode, menu_prefix
from bot.replies import Button, Channel, Menu, MenuOption, Refused, Reply
from bot.service.analysis import Analyses
from bot.service.history import History
from bot.service.request import Request
from computer.analysis import Analysis
from storage import TurnKind

#: Discord's most options in a menu.
MENU_OPTIONS = 25


class Review:
    def __init__(self, history: History, analyses: Analyses) -> None:
        self.history = history
        self.analyses = analyses

    async def show(self, req: Request, channel: Channel, game_id: int,
                   turn: int | None = None) -> Reply:
        session = await self.history.finished(req, channel, game_id)
        entries = await self.history.ctx.ledger.effective_turns(session.id)
        numbers = sorted({e.number for e in entries if e.kind == TurnKind.TURN})
        steps = [0, *numbers]
        turn = steps[min(1, len(steps) - 1)] if turn is None else turn
        if turn not in steps:
            raise Refused(req.mine("review_no_turn", id=game_id, turn=turn,
                                   last=steps[-1]))
        board = await self.history.board_at(req, channel, game_id, turn)
        analysis: Analysis | None
        try:
            analysis = await self.analyses.analysis_of(req, session)
        except Refused:  # a game without an analysis is still reviewed
            analysis = None
        lines = [board.text]
        decision = next((d for d in analysis.decisions if d.number == turn), None) \
            if analysis else None
        if decision is not None and decision.counted:
            if decision.mark is not None:
                lines.append(req.mine("review_marked", mark=decision.mark.value,
                                      loss=decision.loss, better=decision.best))
            else:
                lines.append(req.mine("review_fine", equity=decision.played_equity))
        index = steps.index(turn)
        buttons = []
        if index > 0:
            buttons.append(Button("◀", encode(ReviewAt(session.id, steps[index - 1]))))
        if index < len(steps) - 1:
            buttons.append(Button("▶", encode(ReviewAt(session.id, steps[index + 1])),
                                  "primary"))
        start = max(0, min(index - MENU_OPTIONS // 2, len(steps) - MENU_OPTIONS))
        marks = analysis.marks() if analysis else {}
        options = tuple(
            MenuOption(req.mine("review_option", turn=n, mark=marks[n].value if n in marks
                                else "") if n else req.mine("review_start"), str(n))
            for n in steps[start:start + MENU_OPTIONS])
        menu = Menu(menu_prefix(ReviewAt(session.id, turn)), req.mine("review_pick"), options)
        return Reply(text="\n".join(lines), image=board.image,
                     image_description=board.image_description, private=True,
                     buttons=buttons, menus=[menu] if len(options) > 1 else [],
                     session_id=session.id)

    async def press(self, req: Request, channel: Channel, action: ReviewAt) -> Reply:
        return await self.show(req, channel, action.session, action.turn)
