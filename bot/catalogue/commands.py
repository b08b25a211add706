"""The slash commands as Discord shows them: Russian descriptions and choice names.

Discord localises a command's description, its parameters' descriptions and its
choices' names per user from the localisations the bot sends when it publishes its
commands (``boardbot sync``); ``bot/cogs/translation.py`` reads this table for
that.  English is the source and stays in ``bot/cogs/commands.py``, beside each
command, so this area has no ``EN`` and is not merged into the message catalogue
(these are not messages: no placeholders, no fallback through ``t``).

Command and parameter NAMES are not translated: ``/move``, ``/new game:`` are what
``/help``, the README, the lessons and the notation refer to, in every language.
Choice VALUES are not translated either (``light``, ``R``, ``allow``): the commands
receive them; only the names shown in the menu are.  Game titles are names and are
shown as they are (the Russian catalogue writes them so too).

A description of a parameter with choices names them as the Russian menu shows them
(``светлая``, not ``light``); where the user types a value (``nudge:3d``, ``off``), it
stays as typed.

Keys: ``COMMAND`` for a command's description, ``COMMAND.PARAMETER`` for a
parameter's, ``PARAMETER=VALUE`` for a choice's name.  Discord's limits: 100
characters a description or a choice name (tests/bot/test_command_translations.py).
"""

from __future__ import annotations

RU: dict[str, str] = {
    # /new
    "new": "Вызвать игроков здесь на партию или открыть набор (если никого не назвать)",
    "new.game": "Какая игра",
    "new.opponent": "Кого вы вызываете (не указывайте, чтобы открыть набор)",
    "new.opponent2": "Ещё один игрок",
    "new.opponent3": "Ещё один игрок",
    "new.options": "Параметры игры, например kings=false pieces=10",
    "new.thread": "Открыть партию в новой ветке",
    "new.time": "Часы, например 3d или bank=7d,bonus=1d,cap=14d (по умолчанию — как на сервере)",
    "new.level": "Насколько сильно играет компьютер, если назвать соперником меня",
    "new.rated": "False: партия между людьми, которая не идёт в рейтинг",
    "level=easy": "лёгкий",
    "level=normal": "обычный",
    "level=hard": "сильный",
    "level=expert": "эксперт",
    # answering a challenge, lobbies
    "accept": "Принять вызов в этом канале",
    "decline": "Отклонить вызов здесь (в наборе: освободить своё место)",
    "join": "Занять место в наборе в этом канале",
    "start": "Начать свой набор с теми, кто уже сел",
    # playing
    "move": "Сделать ход (кости бросаются за вас)",
    "move.text": "Ваш ход, например 24/18 13/11 (подсказки — допустимые ходы)",
    "move.turn": "Номер хода, который вы имеете в виду (если партия ушла дальше, ход не "
                 "будет принят)",
    "taunt": "Бросить вызов сопернику, чью фишку вы сбили только что сыгранным ходом",
    "taunt.colour": "Кому бросить вызов: его цвет",
    "colour=R": "Красные",
    "colour=G": "Зелёные",
    "colour=B": "Синие",
    "colour=Y": "Жёлтые",
    "board": "Показать доску (этого или другого канала)",
    "board.channel": "Другой канал или ветка, чью партию показать",
    "board.game": "Номер оконченной партии (см. /history)",
    "board.turn": "Вместе с game: позиция после этого хода (0 — начальная)",
    "legal": "Допустимые ходы (видите только вы)",
    "legal.starting": "Только ходы, которые начинаются с этого перемещения, например 24/18",
    "hint": "Лучший ход для вас по мнению компьютера, с объяснением (видите только вы; "
            "запись это отметит)",
    "hint.level": "hard (по умолчанию: не больше секунды) или expert (до нескольких секунд)",
    "preview": "Что даст ход: видите только вы (ход не делается)",
    "preview.text": "Ход, который хотите примерить (подсказки — допустимые ходы)",
    # records and finished games
    "record": "Запись партии файлом",
    "record.game": "Номер оконченной партии (см. /history); по умолчанию — эта партия",
    "replay": "Оконченная партия в виде анимации, ход за ходом",
    "replay.game": "Номер оконченной партии (см. /history)",
    "analysis": "Разбор оконченной партии: ошибки и удача",
    "analysis.game": "Номер оконченной партии (см. /history)",
    "review": "Оконченная партия шаг за шагом, с разбором",
    "review.game": "Номер оконченной партии (см. /history)",
    "review.turn": "Начать с этого хода (0 — начало)",
    "train": "Упражнение из ошибок ваших партий",
    "train.game": "Какая игра",
    "stats": "Подсчёты игры на этом сервере",
    "stats.dice": "Честны ли кости здесь (у участника, в партии)?",
    "stats.dice.member": "Только броски этого участника",
    "stats.dice.game": "Только броски этой оконченной партии (см. /history)",
    "history": "Оконченные партии на этом сервере",
    "history.member": "Только партии этого участника",
    "history.game": "Только эта игра",
    "history.page": "Какая страница (15 партий на странице)",
    # ending a game
    "resign": "Сдаться (бот сначала переспросит)",
    "abort": "Отменить партию (игроки — до первого хода, модераторы — в любой момент)",
    "claim": "Забрать победу по времени или завершить замолкшую партию без часов",
    "grant": "Добавить времени игроку, чей сейчас ход",
    "grant.amount": "Сколько времени добавить, например 2d, 12h, 1d12h",
    "takeback": "Попросить вернуть свой последний ход (пока никто не сходил)",
    "takeback_answer": "Ответить на просьбу вернуть ход здесь: разрешить или отказать",
    "takeback_answer.answer": "Разрешить вернуть ход или отказать",
    "answer=allow": "разрешить",
    "answer=refuse": "отказать",
    # lists
    "games": "Партии, которые идут на этом сервере",
    "games.page": "Какая страница списка (15 партий на странице)",
    "mygames": "Ваши партии на этом сервере (видите только вы)",
    "mygames.page": "Какая страница списка (15 партий на странице)",
    "mygames.scope": "all: ваши партии на всех серверах, сначала ваши ходы (в личных "
                     "сообщениях со мной — всегда все)",
    "scope=here": "здесь",
    "scope=all": "все серверы",
    # you and the server
    "notify": "Как вам напоминать, что ваш ход",
    "notify.mode": "Упоминанием в канале партии, личным сообщением или никак",
    "notify.nudge": "Партии без часов: напомнить через столько, например 1d, 3d, 7d; "
                    "off; или server (как на сервере)",
    "notify.digest": "Ежедневное личное сообщение с партиями, ждущими вашего хода",
    "notify.hour": "Час сводки, от 0 до 23, по вашему времени",
    "notify.timezone": "Ваш часовой пояс, например Europe/Moscow (по умолчанию UTC)",
    "notify.remind": "Ваши напоминания до конца времени, например 24h,8h,1h; или server",
    "digest=on": "включить",
    "digest=off": "выключить",
    "mode=mention": "упоминание в канале",
    "mode=dm": "личное сообщение",
    "mode=none": "не напоминать",
    "settings": "Как выглядят доски (тема, ваша сторона доски)",
    "settings.theme": "Тема ваших картинок: светлая, тёмная или как на сервере",
    "settings.flip": "Вкл: ваш предпросмотр со стороны соперника",
    "settings.server_theme": "Модераторам: тема всех картинок здесь",
    "settings.phone": "Вкл: ваш предпросмотр в телефонной раскладке",
    "settings.server_analysis": "Модераторам: публиковать разбор после каждой партии здесь "
                                "(on, off)",
    "settings.server_puzzle": "Модераторам: ежедневная задача из вчерашних партий (on, off)",
    "settings.server_nudge": "Модераторам: напоминать молчащим в партиях без часов через "
                             "столько, например 3d, или off",
    "settings.language": "Язык ответов лично вам: английский, русский или как в Discord",
    "settings.server_language": "Модераторам: язык общих ответов здесь",
    "theme=light": "светлая",
    "theme=dark": "тёмная",
    "theme=server": "как на сервере",
    "server_theme=light": "светлая",
    "server_theme=dark": "тёмная",
    "flip=on": "вкл",
    "flip=off": "выкл",
    "phone=on": "вкл",
    "phone=off": "выкл",
    "server_analysis=on": "вкл",
    "server_analysis=off": "выкл",
    "server_puzzle=on": "вкл",
    "server_puzzle=off": "выкл",
    "language=en": "английский",
    "language=ru": "русский",
    "language=auto": "как в Discord",
    "server_language=en": "английский",
    "server_language=ru": "русский",
    "server_language=auto": "как в Discord",
    # learning and ratings
    "rules": "Правила и нотация игры",
    "rules.game": "Какая игра",
    "learn": "Личный пошаговый первый урок",
    "learn.game": "Какую игру изучить",
    "leaderboard": "Лучшие игроки в игру здесь",
    "leaderboard.game": "Какая игра (не указывайте — все игры)",
    "profile": "Рейтинги и итоги по играм",
    "profile.member": "Чей профиль (по умолчанию — ваш)",
    "help": "Как играть с этим ботом",
    # /tournament
    "tournament": "Турниры на этом сервере",
    "tournament.new": "Открыть здесь турнир (модераторы): запись идёт до начала",
    "tournament.new.game": "Какая игра",
    "tournament.new.format": "Швейцарская система, круговой или на выбывание",
    "tournament.new.rounds": "Швейцарская система: сколько туров",
    "tournament.new.options": "Параметры игры, например kings=false",
    "tournament.new.time": "Контроль времени каждой партии, например 3d (как в /new)",
    "tournament.new.match": "Играть матчи до стольких очков (в играх, где есть очки)",
    "tournament.new.signup_hours": "Закрыть запись и начать через столько часов (иначе: "
                                   "/tournament start)",
    "tournament.new.round_hours": "Срок тура в часах (незаконченная партия решается тогда)",
    "tournament.new.rated": "False: партии не идут в рейтинг",
    "tournament.new.name": "Название турнира",
    "format=swiss": "швейцарская система",
    "format=round-robin": "круговой",
    "format=knockout": "на выбывание",
    "tournament.join": "Записаться на турнир в этом канале",
    "tournament.leave": "Выйти из турнира до его начала",
    "tournament.start": "Закрыть запись и составить пары 1-го тура (организатор, модераторы)",
    "tournament.standings": "Таблица и картинка турнира (видите только вы)",
    "tournament.withdraw": "Выбыть из турнира (текущая партия проиграна)",
    # /league
    "league": "Лиги на этом сервере: сезоны, дивизионы, повышение и понижение",
    "league.new": "Открыть здесь лигу игры (модераторы): одна на сервер и игру",
    "league.new.game": "Какая игра",
    "league.new.size": "Игроков в дивизионе",
    "league.new.movers": "Сколько повышаются и понижаются в дивизионе за сезон",
    "league.new.options": "Параметры игры, например kings=false",
    "league.new.time": "Контроль времени каждой партии, например 3d",
    "league.new.name": "Название лиги",
    "league.join": "Вступить в лигу этого канала (со следующего сезона)",
    "league.leave": "Выйти из лиги (со следующего сезона)",
    "league.season": "Начать следующий сезон (модераторы)",
    "league.standings": "Таблицы дивизионов текущего сезона (видите только вы)",
}
