"""``/learn GAME``: a private, step-by-step lesson (bot/lessons.py) with Back and
Next buttons, exercises answered from a menu with feedback in words, and at the
end an offer to start a game.  Lessons keep no state: every control carries the
game and the page (a ``Lesson`` action, bot/actions.py)."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

from bot.actions import Lesson, Verb, encode, menu_prefix
from bot.catalogue import t
from bot.catalogue.engine import error_for_user
from bot.lessons import GOALS, Exercise, Page, feedback, lesson
from bot.narration import Cast
from bot.replies import Button, Channel, Menu, MenuOption, Refused, Reply, User
from bot.service.context import Context
from bot.service.request import Request
from bot.service.texts import sides_cast
from games import GameError, Position, get_game
from renderer import RenderContext
from renderer.describe import describe

#: What "Play the computer" does at the end of a lesson (the service's own game offer).
NewGame = Callable[[Request, User, Channel, str], Awaitable[Reply]]


class Learning:
    def __init__(self, ctx: Context, new_game: NewGame) -> None:
        self.ctx = ctx
        self.new_game = new_game

    async def learn(self, req: Request, user: User, game_name: str) -> Reply:
        """The first page of the lesson of ``game_name``."""
        try:
            game = get_game(game_name)
        except GameError as exc:
            raise Refused(error_for_user(exc, req.user_lang)) from exc
        return await self.page(req, game.name, 0)

    async def press(self, req: Request, user: User, channel: Channel, action: Lesson) -> Reply:
        name, number = action.game, action.page
        try:
            pages = await asyncio.to_thread(lesson, name, req.user_lang)
        except GameError as exc:
            raise Refused(error_for_user(exc, req.user_lang)) from exc
        if not 0 <= number < len(pages):
            raise Refused(req.mine("lesson_no_page"))
        if action.verb is Verb.LEARNNEW:
            return await self.new_game(req, user, channel, name)
        if action.verb is Verb.LEARNX and action.choice is not None:
            return await self.answer(req, name, number, pages[number], action.choice)
        return await self.page(req, name, number)

    async def page(self, req: Request, name: str, number: int) -> Reply:
        pages = await asyncio.to_thread(lesson, name, req.user_lang)
        page = pages[number]
        text = req.mine("lesson_page", title=page.title, step=number + 1, steps=len(pages),
                        text=page.text)
        buttons = self._moves(req, name, number, len(pages))
        menus: list[Menu] = []
        image, words = None, ""
        exercise = page.exercise
        if exercise is not None:
            menus.append(Menu(menu_prefix(Lesson(Verb.LEARNX, name, number)),
                              req.mine("lesson_choose"),
                              tuple(MenuOption(choice[:100], str(i))
                                    for i, choice in enumerate(exercise.choices))))
            image, words = await self._draw(req, page, exercise.position, exercise.dice,
                                            exercise.side)
        elif page.board is not None:
            image, words = await self._draw(req, page, page.board, (), page.board.side_to_move)
        return Reply(text=text, private=True, buttons=buttons, menus=menus, image=image,
                     image_description=words)

    async def answer(self, req: Request, name: str, number: int, page: Page, choice: int) -> Reply:
        exercise = page.exercise
        if exercise is None or not 0 <= choice < len(exercise.choices):
            raise Refused(req.mine("lesson_not_offered"))
        lang = req.user_lang
        cast = lesson_cast(exercise, name, lang)
        right, said = feedback(exercise, exercise.choices[choice], GOALS[name], cast)
        pages = await asyncio.to_thread(lesson, name, lang)
        buttons = self._moves(req, name, number, len(pages))
        if not right:
            buttons.insert(0, Button(req.mine("button_try_again"), _page(name, number),
                                     "primary"))
        return Reply(text=("✅ " if right else "❌ ") + said, private=True, buttons=buttons)

    def _moves(self, req: Request, name: str, number: int, count: int) -> list[Button]:
        buttons = []
        if number > 0:
            buttons.append(Button(req.mine("button_back"), _page(name, number - 1)))
        if number + 1 < count:
            buttons.append(Button(req.mine("button_next"), _page(name, number + 1),
                                  "primary"))
        else:
            buttons.append(Button(req.mine("button_play_computer"),
                                  encode(Lesson(Verb.LEARNNEW, name, number)), "success"))
        return buttons

    async def _draw(self, req: Request, page: Page, position: Position, dice: tuple[int, ...],
                    side: str | None) -> tuple[bytes | None, str]:
        """The page's picture and its words (what a screen reader says for it, as
        for every other picture; '' without a picture)."""
        context = RenderContext(
            dice=dice, viewer=side, width=self.ctx.config.image_width,
            theme=self.ctx.config.theme, footer=page.title[:80], language=req.user_lang)
        image = await self.ctx.draw(position, context)
        return image, describe(position, context) if image is not None else ""



def _page(name: str, number: int) -> str:
    """The id of a button that shows page ``number`` of the lesson of ``name``."""
    return encode(Lesson(Verb.LEARN, name, number))


def lesson_cast(exercise: Exercise, name: str, lang: str) -> Cast:
    """Who is who in an exercise's feedback: the learner is "you" (and the sentences
    agree with it: "you win"), the other sides their colours."""
    options = get_game(name).normalise_options({})
    return sides_cast(name, options, {exercise.side: t(lang, "lesson_you")}, lang,
                      you=exercise.side)
