"""The lessons' sentences (``/learn``, bot/lessons.py), in English and Russian.

What belongs to one game lives in its plugin (games/plugins/): what its exercises
ask for (``lesson_ask_<game>``, ``lesson_done_<game>``), how to read its board
(``lesson_board_<game>``), its rules and notation in other languages (``rules_in``,
``notation_in``; the English is the game's own ``rules_text``/``notation_text``).
"""

EN: dict[str, str] = {
    # page titles
    "lesson_title_game": "{game}: the game",
    "lesson_title_turn": "{game}: how a turn works",
    "lesson_title_special": "{game}: the special rules",
    "lesson_title_special_n": "{game}: the special rules ({n})",
    "lesson_title_board": "{game}: reading the board",
    "lesson_title_exercise": "Exercise {n}: {ask}",
    "lesson_title_ready": "{game}: you are ready",
    # exercises and their feedback
    "lesson_exercise_dice": "Your dice: {dice}. Choose a turn that will {ask}.",
    "lesson_exercise": "Choose a turn that will {ask}.",
    "lesson_right": "Right: `{turn}` {done}. {told}",
    "lesson_wrong": "Not this time: {told} A turn that {done}: {right}.",
    "lesson_you": "you",
    "lesson_ready": "That is the whole game. The notation is there when you want it "
                    "(`/rules {name}`), but you never need it: under every board, **Play** "
                    "builds your turn from menus.",
}

RU: dict[str, str] = {
    "lesson_title_game": "{game}: об игре",
    "lesson_title_turn": "{game}: как устроен ход",
    "lesson_title_special": "{game}: особые правила",
    "lesson_title_special_n": "{game}: особые правила ({n})",
    "lesson_title_board": "{game}: как читать доску",
    "lesson_title_exercise": "Упражнение {n}: {ask}",
    "lesson_title_ready": "{game}: вы готовы",
    "lesson_exercise_dice": "Ваши кубики: {dice}. Выберите ход, чтобы {ask}.",
    "lesson_exercise": "Выберите ход, чтобы {ask}.",
    "lesson_right": "Верно: `{turn}` {done}. {told}",
    "lesson_wrong": "Не в этот раз. {told} Ход, который {done}: {right}.",
    "lesson_you": "Вы",
    "lesson_ready": "Вот и вся игра. Нотация под рукой, когда захочется (`/rules {name}`), "
                    "но она вам не нужна: под каждой доской кнопка **Ходить** соберёт ваш "
                    "ход из меню.",
}
