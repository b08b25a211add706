"""Toy Race's plugin: all that makes the toy game a game of the bot's (registered by
the tests that play it: tests/toygame/__init__.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.events import Hit
from games.plugins import GamePlugin, LessonGoal


def describe(position: Any, who: Callable[[str], str], lang: str) -> str:
    """The pieces in words (the describe capability), in English or Russian."""
    where = {"en": "{who}: pieces on {places}.", "ru": "{who}: фишки на {places}."}
    return " ".join(where.get(lang, where["en"]).format(
        who=who(side), places=", ".join(position.listing().split(" ")[i].split("=")[1]
                                         .rstrip(";").split(",")))
        for i, side in enumerate(("O", "P")))


PLUGIN = GamePlugin(
    name="toyrace",
    rules="tests.toygame.rules",
    renderer="tests.toygame.picture",
    describe="tests.toygame.plugin:describe",
    strategy="tests.toygame.strategy",
    colours={"O": "Orange", "P": "Purple"},
    lesson_goal=LessonGoal((Hit,)),
    hit_verb="toyrace_verb_bopped",
    texts={
        "en": {
            "toyrace_verb_bopped": "bopped",
            "colour_Orange": "Orange", "colour_Purple": "Purple",
            "lesson_ask_toyrace": "bop a piece of your opponent's back to Start",
            "lesson_done_toyrace": "bops",
            "lesson_board_toyrace": "The track runs left to right from Start to Finish.",
            "toyrace_hint_bops": "bops a piece back to Start",
            "toyrace_hint_behind": "moves the piece furthest behind",
        },
        "ru": {
            "toyrace_verb_bopped": "сбивает",
            "colour_Orange": "Оранжевые", "colour_Purple": "Фиолетовые",
            "lesson_ask_toyrace": "сбить фишку соперника на Старт",
            "lesson_done_toyrace": "сбивает фишку",
            "lesson_board_toyrace": "Дорожка идёт слева направо от Старта к Финишу.",
            "toyrace_hint_bops": "сбивает фишку на Старт",
            "toyrace_hint_behind": "ходит самой отстающей фишкой",
        },
    },
    rules_in={"ru": "\n".join((
        "**Toy Race** (2 игрока, 1 кубик): проведите три фишки от Старта до Финиша.",
        "- За ход бросьте кубик и передвиньте одну фишку на выпавшее число (за Финишем она "
        "останавливается на нём).",
        "- Встав на фишки соперника, вы отправляете их на Старт.",
        "- Все ваши фишки на Финише — победа.",
    ))},
    notation_in={"ru": "Поля 1-11, S — Старт, F — Финиш: `S/4`, `4/9`, `9/F`."},
)
