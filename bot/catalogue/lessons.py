"""The lessons' sentences (``/learn``, bot/lessons.py) and the games' rules in plain
language (``/rules`` and the lessons' rule pages), in English and Russian.

The English rules are the games' own texts (``Game.rules_text``, written once
there); ``RULES`` holds their translations by language and game, beside the keyed
sentences rather than among them because importing the games here would load
every engine with the catalogue.  A lesson cuts a rules text into pages by its
lines (the first line, then the rest two by two), so each translation keeps the
English line for line: a learner who changes language mid-lesson stays on the
same page.  Notation (`0,0W/`, `T@X`, `S`, `F`) stays as players type it, in
backquotes in Russian.
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
    # what each game's exercises ask for
    "lesson_ask_hachapury": "bear off at least one checker",
    "lesson_done_hachapury": "bears off",
    "lesson_ask_chebache": "attack one of your opponent's pieces (send it back to Start)",
    "lesson_done_chebache": "attacks",
    "lesson_ask_cheesegambit": "bump an opponent's piece into the pool",
    "lesson_done_cheesegambit": "bumps",
    "lesson_ask_che": "close a region of your own colour (and so win at once)",
    "lesson_done_che": "closes a region",
    # how to read each game's board
    "lesson_board_hachapury":
        "The picture is the board seen by the player to move: points are numbered in that "
        "player's own numbering (24 is the head, 6-1 home). Stacks show their count; the dice "
        "are at the side, and the last turn is drawn with arrows.",
    "lesson_board_chebache":
        "The picture shows both tracks from Start to Finish with the Intersections numbered; "
        "a stack shows its count and a King is marked K. The dice are at the side and the "
        "last turn's moves are drawn with arrows.",
    "lesson_board_cheesegambit":
        "The track is numbered from each colour's start; pieces in the pool wait to re-enter, "
        "and each colour's finished pieces are counted. The dice are at the side and the last "
        "turn's moves are drawn with arrows.",
    "lesson_board_che":
        "Tiles sit on a grid of cells named x,y (x to the right, y upward). Each tile's band "
        "is its dominant colour; the cells where the next tile may go are shaded.",
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
    "lesson_ask_hachapury": "выбросить хотя бы одну фишку",
    "lesson_done_hachapury": "выбрасывает фишку",
    "lesson_ask_chebache": "атаковать фишку соперника (отправить её на Старт)",
    "lesson_done_chebache": "атакует",
    "lesson_ask_cheesegambit": "сбить фишку соперника в пул",
    "lesson_done_cheesegambit": "сбивает фишку",
    "lesson_ask_che": "закрыть область своего цвета (и тем сразу победить)",
    "lesson_done_che": "закрывает область",
    "lesson_board_hachapury":
        "На картинке доска такой, какой её видит игрок, чей сейчас ход: пункты пронумерованы "
        "по его собственному счёту (24 — голова, 6-1 — дом). У стопок указано число фишек; "
        "кубики сбоку, а последний ход нарисован стрелками.",
    "lesson_board_chebache":
        "На картинке оба пути от Старта до Финиша, Перекрёстки пронумерованы; у стопки "
        "указано число фишек, а Король помечен буквой `K`. Кубики сбоку, а ходы последнего "
        "хода нарисованы стрелками.",
    "lesson_board_cheesegambit":
        "Дорожка пронумерована от старта каждого цвета; фишки в пуле ждут возвращения на "
        "доску, а дошедшие фишки каждого цвета подсчитаны. Кубики сбоку, а ходы последнего "
        "хода нарисованы стрелками.",
    "lesson_board_che":
        "Плитки лежат на сетке клеток с именами x,y (x — вправо, y — вверх). Полоса плитки — "
        "это её преобладающий цвет; клетки, куда можно положить следующую плитку, затенены.",
}

#: The games' rules in plain language by language and game (English: the game's own
#: ``rules_text``), one line per English line (see the module's note).
RULES: dict[str, dict[str, str]] = {"ru": {
    "hachapury": "\n".join((
        "**Hachapury** (вариант длинных нард). Два игрока, у каждого 15 фишек: 4 на вашем "
        "пункте 24 (голова) и 11 на вашем пункте 6. Оба ходят в одну сторону, от 24 к 1; ваш "
        "дом — пункты 6-1. Пункт 24 соперника — это ваш 12.",
        "- Каждый бросает по кубику, чтобы решить, кто начинает; дальше за ход бросают два "
        "кубика. Каждый кубик передвигает одну фишку ровно на столько пунктов, сколько на нём "
        "выпало; дубль даёт четыре хода. Одна фишка может сыграть несколько кубиков подряд, но "
        "каждая её остановка должна быть допустимой.",
        "- Нельзя вставать на пункт, где стоит фишка соперника (фишки здесь не бьют). За ход "
        "с головы может уйти сколько угодно фишек.",
        "- Полный ход: используйте оба кубика, если это хоть как-то возможно (при дубле — "
        "сколько получится). Если из двух разных кубиков можно сыграть только один, а "
        "подходит любой из них, играется больший. Хода нет — ход переходит к сопернику.",
        "- Барьер: нельзя выстраивать подряд 6 и больше своих пунктов (по пути соперника), "
        "если ни одна фишка соперника их ещё не прошла. Это проверяется после каждого "
        "отдельного хода.",
        "- Выброс, когда все 15 фишек дома: кубик выбрасывает фишку со своего пункта; если "
        "этот пункт пуст, нужно ходить с более высокого; если ни на нём, ни выше ничего нет, "
        "выбрасывайте с самого высокого своего пункта. Можно и ходить внутри дома вместо "
        "выброса.",
        "- Кто первым выбросит все 15 фишек, получает 1 очко; 2 очка (марс), если "
        "проигравший не выбросил ни одной.",
    )),
    "chebache": "\n".join((
        "**Chebache** (2 игрока, 2 кубика). У каждой стороны 12 фишек и 1 Король (он "
        "считается за две); путь идёт от Старта (`S`) через 1..17 к Финишу (`F`): нечётные "
        "места — общие Перекрёстки, чётные — свои Квадраты и Тивиты (Тивиты: 2, 8, 10, 16).",
        "Начало: 4 фишки и Король на Старте, по 2 на 2, 8, 10 и 16.",
        "**Первая фаза**: ходите на каждый кубик (дубль — 4 хода). Назад можно только с "
        "Тивита или Королём, и никогда на Старт. На одном месте не больше 4 фишек (кроме "
        "Старта и Финиша); ходит верхняя фишка. Фишка не может закончить ход там, откуда "
        "начала. Встать на Перекрёсток соперника — значит атаковать: когда ваш вес там "
        "сравняется с его весом, его фишки уходят на Старт. Две фишки захватывают одинокого "
        "Короля (он переходит к вам). На Финиш — только точным броском, пока не все фишки на "
        "13-17. Как только одна фишка на Финише, первыми ходят фишки со Старта. Используйте "
        "каждый кубик, какой можете.",
        "**Вторая фаза** (все кубики использованы): один необязательный прыжок верхней части "
        "стопки через ваши Перекрёстки на следующие Квадраты или Тивиты.",
        "**Chebache**: держите Перекрёстки k-1 и k+1 и займите k между ними — место соперника "
        "напротив закрыто; его фишки, оставшиеся там к концу хода своего владельца, уходят на "
        "Старт (если это Король, вы побеждаете).",
        "Победа: все ваши фишки на Финише. Вариант `kings=false`: без Короля, прыжков и ходов "
        "назад.",
    )),
    "cheesegambit": "\n".join((
        "**CheeseGambit** (2-4 игрока, пачиси × нарды). Проведите все свои фишки по дорожке "
        "из 72 полей в свою безопасную зону (`S6`..`S1`, вход в неё с вашего поля выхода "
        "точным броском) и выбросьте их.",
        "- Бросьте 2 кубика; каждый кубик двигает одну фишку; дубль даёт 4 хода. Используйте "
        "кубики полностью (сколько возможно); хода нет — вы «танцуете».",
        "- Встав на одиночную фишку соперника, вы сбиваете её в пул; 2 и больше фишек — "
        "блок: на него вставать нельзя (проходить мимо можно).",
        "- Фишки из пула сначала возвращаются на доску, на поле входа `R1`..`R6` по кубику "
        "(в противоположном луче).",
        "- Выброс (все фишки на `S1`..`S6`): кубик d снимает фишку с `S<d>` или с самого "
        "высокого поля, если выше никого нет.",
        "- Риск (`gamble`, обязательно): дубль d при выбросе снимает сразу все фишки с "
        "`S<d>`; если там пусто — танцуй, детка, танцуй!",
        "- Гамбит (`G`, по желанию): при дубле d две фишки одной стопки идут на d на фишки "
        "соперника и сбивают их все; это и есть весь ход.",
        "- CheeseGambit (`CG`, по желанию): фишки из пула и дубль d против блока соперника "
        "на `R<d>`: поставьте туда 1-2 фишки, сбейте весь блок и ходите ещё раз.",
        "- Вызов: сбив чью-то фишку, закончите ход записью `T@X`, чтобы удвоить ставку; "
        "соперник принимает вызов (и куб переходит к нему) или сбрасывает (и проигрывает по "
        "прежней ставке).",
        "- Побеждает тот, кто первым привёл всех домой; при 3-4 игроках остальные голосуют, "
        "играть ли дальше за места.",
    )),
    "che": "\n".join((
        "**Che** (Кэмерон Браун, 2008): у Белых и Синих общий запас из 64 плиток Трюше. На "
        "плитке полоса её преобладающего цвета соединяет два противоположных угла, а в двух "
        "других углах — уголки другого цвета; соприкасающиеся стороны должны совпадать, "
        "поэтому узлы сетки раскрашены в неизменном шахматном порядке, и поворот плитки "
        "задан её клеткой.",
        "- Белые кладут первую плитку на 0,0 и выбирают её поворот (`0,0W/` или `0,0W\\`).",
        "- Затем Синие, Белые, ... кладут по две плитки за ход (последний ход, когда запас "
        "кончается, может быть из одной), каждую на пустую клетку, соседнюю по стороне с уже "
        "лежащей плиткой (первая плитка этого же хода тоже считается). Любой игрок может "
        "класть плитку любого цвета.",
        "- Область — связная часть поля одного цвета; её размер — число плиток этого "
        "преобладающего цвета в ней. Область закрыта, когда каждый узел сетки в ней окружён "
        "четырьмя плитками.",
        "- После каждой отдельной плитки: если у игрока, который не ходит, есть закрытая "
        "область, он побеждает (плитка, закрывшая области обоим, — поражение для ходившего); "
        "иначе, если закрытая область есть у ходившего, побеждает он. Ход на этом сразу "
        "заканчивается.",
        "- Когда плитки кончаются, побеждает игрок с самой большой отдельной областью; при "
        "равных размерах — ничья.",
    )),
}}
