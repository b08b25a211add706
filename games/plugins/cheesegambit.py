"""CheeseGambit's plugin (games/plugins/__init__.py): bumps, taunts, a stake that scores."""

from games.events import Hit
from games.plugins import GamePlugin, LessonGoal

PLUGIN = GamePlugin(
    name="cheesegambit",
    # as games/cheesegambit/board.py COLOUR_NAMES (not imported: that loads the engine)
    colours={"R": "Red", "G": "Green", "B": "Blue", "Y": "Yellow"},
    lesson_goal=LessonGoal((Hit,)),
    scores_points=True,  # the stake between two players (the taunt cube's value)
    taunts=True,
    cube_option="taunt",  # the taunt doubles the stake: off in the Crawford game
    hit_verb="verb_bumped",
    # a Gambit step has no die either, and is a move: jumps stays False
    texts={
        "en": {
            "lesson_ask_cheesegambit":
                "bump an opponent's piece into the pool",
            "lesson_done_cheesegambit":
                "bumps",
            "lesson_board_cheesegambit":
                "The track is numbered from each colour's start; pieces in the pool wait to "
                "re-enter, and each colour's finished pieces are counted. The dice are at the "
                "side and the last turn's moves are drawn with arrows.",
        },
        "ru": {
            "lesson_ask_cheesegambit":
                "сбить фишку соперника в пул",
            "lesson_done_cheesegambit":
                "сбивает фишку",
            "lesson_board_cheesegambit":
                "Дорожка пронумерована от старта каждого цвета; фишки в пуле ждут возвращения "
                "на доску, а дошедшие фишки каждого цвета подсчитаны. Кубики сбоку, а ходы "
                "последнего хода нарисованы стрелками.",
        },
    },
    rules_in={"ru": "\n".join((
        "**CheeseGambit** (2-4 игрока, пачиси × нарды). Проведите все фишки по дорожке из 72 "
        "полей в свою безопасную зону (`S6`..`S1`, вход — с вашего поля выхода точным "
        "броском) и выбросьте.",
        "- Бросьте 2 кубика; каждый кубик двигает одну фишку; дубль даёт 4 хода. Используйте "
        "кубики полностью (сколько возможно); хода нет — вы «танцуете».",
        "- Встав на одиночную фишку соперника, вы сбиваете её в пул; 2 и больше фишек — блок: "
        "на него вставать нельзя (мимо — можно).",
        "- Фишки из пула должны сначала войти на поле `R1`..`R6` по кубику (в противоположном "
        "луче).",
        "- Выброс (все фишки на `S1`..`S6`): кубик d снимает фишку с `S<d>` или с самого "
        "высокого, если выше никого нет.",
        "- Риск (`gamble`, обязательно): дубль d при выбросе снимает сразу все фишки с "
        "`S<d>`; если там пусто — танцуй, детка, танцуй!",
        "- Гамбит (`G`, по желанию): при дубле d две фишки одной стопки идут на d на фишки "
        "соперника и сбивают их все; это весь ход.",
        "- CheeseGambit (`CG`, по желанию): фишки из пула и дубль d против блока соперника на "
        "`R<d>`: поставьте туда 1-2 фишки, сбейте весь блок и ходите ещё раз.",
        "- Вызов: сбив чью-то фишку, закончите ход `T@X`, чтобы удвоить ставку; соперник "
        "принимает (куб переходит к нему) или сбрасывает (и проигрывает по прежней ставке).",
        "- Побеждает тот, кто первым привёл всех домой; при 3-4 игроках остальные голосуют, "
        "играть ли дальше за места.",
    ))},
    notation_in={"ru": "\n".join((
        "Поля — номера на дорожке 1-72; P — ваш пул, S1-S6 — безопасная зона, F — выброс.",
        "- `9/13 13/17` два перемещения; `9/13/17` одна фишка на оба; `2(9/13)` две фишки.",
        "- `9X13` — встать на 13, сбив там фишку, `2(9X13)` — так две (X не обязателен).",
        "- Ещё так: `9-13`, `9/13*` (= `9X13`), `9/13(2)` (= `2(9/13)`).",
        "- `P/51` вход из пула (или `P/R3`); `17/S5` в зону; `S3/F` выброс.",
        "- `G 2(9X13)` Гамбит; `CG 2(PX15)` CheeseGambit; `gamble 4(S3/F)` риск; `(dance)` "
        "танец.",
        "- `T@B` в конце хода, сбившего Синих, бросает им вызов.",
        "- Ответы: `accept` / `drop`; голоса: `vote G yes` / `vote G no`.",
        "Перемещения — в любом порядке.",
    ))},
)
