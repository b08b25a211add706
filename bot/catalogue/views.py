"""What anyone may look at or set: /settings, /board, /legal, /record, /games, /help,
/rules, /mygames, /notify, pages."""

EN: dict[str, str] = {
    # /settings
    "bad_theme": "`theme` is `light`, `dark` or `server` (the server's), not `{theme}`.",
    "bad_on_off": "`{name}` is `on` or `off`, not `{value}`.",
    "bad_server_theme": "`server_theme` is `light` or `dark`, not `{theme}`.",
    "moderator_theme": "Only a moderator may set this server's theme, {user}; your own "
                       "`theme` you may set.",
    "server_theme_here": "`server_theme` is set in a server's channel.",
    "theme_light": "light", "theme_dark": "dark",
    "theme_servers": "the server's ({theme})",
    "chair_opponent": "the opponent's chair", "chair_own": "your own chair",
    "layout_phone": "the phone layout", "layout_desktop": "the desktop layout",
    "settings_said": "Boards here: {server} theme in public. Your own pictures (previews): "
                     "{own} theme, seen from {chair}, in {size}. Your language: {language}.",
    "language_en": "English", "language_ru": "Russian",
    "bad_language": "`{name}` is `en`, `ru` or `auto` (Discord's language), not `{value}`.",
    "locale_not_shipped": "The language `{locale}` is not available, so replies are in "
                          "English. Languages: {languages}.",
    "moderator_language": "Only a moderator may set this server's language, {user}; your "
                          "own `language` you may set.",
    "server_language_here": "`server_language` is set in a server's channel.",
    # /board, /legal, /record, /games, /rules, /help
    "no_board": "There is no game to show in this channel.",
    "board": "**{title}**, turn {turn}. {line}\n`{listing}`",
    "game_over_short": "The game is over.",
    "no_legal_starting": "No legal turn of {who}{dice} starts with `{first}`. First moves: "
                         "{firsts}",
    "legal_starting": "{count} legal {count:turn|turns} for {who}{dice} starting with "
                      "`{first}`:",
    "legal": "{count} legal {count:turn|turns} for {who}{dice}:",
    "legal_grouped": " grouped by first move ({groups}); `/legal MOVE` lists the turns "
                     "starting with one.",
    "group_row": "`{move}` then {rests}{more}",
    "group_more": " (+{count} more)",
    "no_record": "There is no game record in this channel yet.",
    "record_of": "Game record of session {id}.",
    "no_games": "No games are being played here right now.",
    "games_row": "{where}: {title}, {names}, turn {turn}",
    "games_title": "Games being played here",
    "rules": "**{title}**\n{rules}\n\n**Notation**\n{notation}",
    # pages
    "no_page": "There is no page {page} of {what}: there {pages:is|are} {pages} "
               "{pages:page|pages} (1 to {pages}).",
    "page_of": " (page {page} of {pages}, {total} in all)",
    "page_next": "; next: `/{command} page:{next}`",
    "what_games": "games", "what_your_games": "your games",
    "what_finished_games": "finished games",
    # /mygames, /notify
    "vs": " vs {others}",
    "mygames_challenge": "{where}: waiting for the challenge to be answered",
    "mygames_yours": "{where}, turn {turn}: **your turn**{left}",
    "mygames_theirs": "{where}, turn {turn}: {name} to play{left}",
    "mygames_unreadable": "{where}: game #{id} cannot be read (damaged); skipped. "
                          "A moderator can `/abort` it there",
    "mygames_none": "You have no games running on this server.",
    "mygames_title": "Your games here",
    "notify_choose": "Choose one of {modes}.",
    "notify_said": "Reminders: you will be {said}.",
    "notify_mention": "mentioned in the game's channel",
    "notify_dm": "sent a direct message",
    "notify_none": "not reminded",
    # buttons pressed late
    "picker_no_game": "That picker belongs to no game here.",
    "button_no_game": "That button belongs to a game that is no longer waiting for it.",
    "question_closed": "That button's question is no longer open. Nothing was changed.",
    "old_answer_button": "This button is from before the bot was updated and does not say "
                         "which question it answers, so it does nothing. Answer the question "
                         "now open with `/move {choices}`.",
    "old_takeback_button": "This button is from before the bot was updated and does not say "
                           "which take-back request it answers, so it does nothing. Answer "
                           "the open request with `/takeback_answer`.",
    "stale_raise_answered": "That {noun} ({raiser} at {target}) was answered at turn {turn}: "
                            "`{said}`. Nothing was changed.",
    "stale_raise_gone": "That {noun} ({raiser} at {target}, turn {turn}) is no longer waiting "
                        "for an answer. Nothing was changed.",
    "stale_vote": "That {noun} (turn {turn}) is already settled. Nothing was changed.",
    "stale_answer": "That {noun} (turn {turn}) was already answered. Nothing was changed.",
    "lobby_aborted": "This lobby has already started, and that game was aborted.",
    "challenge_aborted": "This challenge was already accepted, and that game was aborted.",
    "lobby_active": "This lobby has already started: the game is under way.",
    "challenge_active": "This challenge was already accepted: the game is under way.",
    "lobby_finished": "This lobby has already started, and that game is over.",
    "challenge_finished": "This challenge was already accepted, and that game is over.",
    "lobby_declined": "This lobby was closed.",
    "challenge_declined": "This challenge was already declined.",
    "lobby_expired": "This lobby expired before it started.",
    "challenge_expired": "This challenge expired before everyone answered.",
    "lobby_withdrawn": "This lobby was closed by its host or a moderator.",
    "challenge_withdrawn": "This challenge was withdrawn.",
    "lobby_closed": "This lobby is no longer open.",
    "challenge_closed": "This challenge is no longer open.",
    "help": """**Commands**
`/new GAME @opponent [option=value ...]` challenge someone (games: {games})
`/new GAME` with nobody named opens a lobby: others `/join` (`/decline` gives the seat
up again), the host `/start`s or `/abort`s it
`/accept`, `/decline` answer a challenge, a taunt (accept or drop) or a vote (yes or no)
`/move TEXT` play your turn, e.g. `/move 24/18 24/19` (the dice are rolled for you)
`/taunt COLOUR` CheeseGambit: taunt a player you bumped, right after your turn
`/board` show the board, `/legal` list legal turns, `/record` the game record file
`/resign` give up (asks first), `/abort` cancel before the first turn (moderators: any time)
`/rules GAME` rules and notation, `/learn GAME` a guided first lesson, `/games` games here
`/new ... time=3d` (or `time=bank=7d,bonus=1d,cap=14d`) play with a clock; `/mygames` your games
`/claim` win when the opponent's time is up, `/grant 2d` give them more time
`/takeback` ask to undo your last turn (the opponent allows or refuses), `/preview TEXT` try a turn
`/new hachapury @bob match=7` a match to 7 points (Hachapury, two-player CheeseGambit)
`/new GAME @boardbot level=hard` play the computer (easy, normal, hard, expert); `/hint` a good turn
`/notify mention|dm|none` how you are reminded that it is your turn; `/notify nudge:3d` when a
game without a clock goes quiet (`/claim` ends one silent for long); `rated=false` on `/new`
`/mygames scope:all` (or in a direct message with me: play from there too) your games in every
server; `/notify remind:24h,8h,1h` your reminder times, `/notify digest:on hour:8` a daily list
`/history`, `/record game:ID`, `/board game:ID turn:N`, `/replay game:ID` (animated) old games;
`/analysis game:ID` an old game's errors and luck, `/review game:ID` step by step;
`/stats dice` are the dice fair; `/train GAME` drills from your errors;
`/leaderboard [GAME]`, `/profile @member` ratings
`/tournament new|join|leave|start|standings|withdraw` tournaments (moderators open one);
`/league new|join|leave|season|standings` leagues: seasons in divisions, up and down
`/settings language:en|ru|auto` the language of your replies (moderators: `server_language`)""",
    # /history, finished games
    "no_result": "no result",
    "result_won": "{player} wins",
    "result_won_points": "{player} wins {points}",
    "history_whose": " of {name}",
    "history_none": "No finished games{whose}{which} here yet.",
    "history_title": "Finished games{whose}{which} here",
    "button_previous": "Previous", "button_next": "Next",
    "history_old_button": "That list button is from an older version: use `/history`.",
    "history_no_game": "There is no game {id} in this server.",
    "history_not_finished": "Game {id} is not finished: its players' channel shows it "
                            "(`/board` there).",
    "history_record": "Game record of game {id} ({row}).",
    "history_turns": "Game {id} has turns 1 to {last} (0 is the start).",
    "history_no_start": "Game {id} has no starting position to replay from.",
    "history_footer": "game {id}, after turn {turn}",
    "history_board": "**{title}**, game {id} after turn {turn} of {last}{said}:\n`{listing}`",
    "history_row": "#{id} {title}: {players}, {result}, {turns} {turns:turn|turns}, {when}",
    # /leaderboard, /profile
    "no_rated_games": "No rated {title} games here yet: ratings start with the first finished "
                      "game between people.",
    "leaderboard_title": "**{title} leaderboard**",
    "no_rated_games_any": "No rated games here yet: ratings start with the first finished game "
                          "between people.",
    "leaderboard_every": "-# The best {shown} of each game; `/leaderboard GAME` shows one "
                         "game's whole table.",
    "leaderboard_row": "{place}. {name}: {rating}, {games} {games:game|games} ({wins} won, "
                       "{losses} lost), {points} {points:point|points} won",
    "no_rated_member": "{name} has no rated games here yet.",
    "no_finished_member": "{name} has no finished games here yet.",
    "profile_average": "; {turns} {turns:turn|turns} a game on average",
    "profile_unrated_row": "{title}: not rated ({finished} finished){average}",
    "profile_recent_title": "**Recent games**",
    "profile_recent_row": "#{id} {title} vs {opponents}: {result}, {turns} {turns:turn|turns}",
    "profile_nobody": "nobody",
    "profile_won": "won",
    "profile_won_points": "won {points}",
    "profile_lost": "lost",
    "profile_draw": "draw",
    "profile_no_result": "no result",
    "streak_wins": ", {count} {count:win|wins} in a row",
    "streak_losses": ", {count} {count:loss|losses} in a row",
    "profile_row": "{title}: {rating}; {wins} won, {losses} lost of {games}; {points} "
                   "{points:point|points} won{streak}",
    "provisional": " (provisional: {games} of {needed} {needed:game|games})",
    "rating": "rating {rating}{provisional}",
}

RU: dict[str, str] = {
    "bad_theme": "`theme` — это `light`, `dark` или `server` (как на сервере), а не "
                 "`{theme}`.",
    "bad_on_off": "`{name}` — это `on` или `off`, а не `{value}`.",
    "bad_server_theme": "`server_theme` — это `light` или `dark`, а не `{theme}`.",
    "moderator_theme": "{user}, тему сервера может задать только модератор; свою тему "
                       "(`theme`) вы можете выбрать сами.",
    "server_theme_here": "`server_theme` задаётся в канале сервера.",
    "theme_light": "светлая", "theme_dark": "тёмная",
    "theme_servers": "как на сервере ({theme})",
    "chair_opponent": "со стороны соперника", "chair_own": "с вашей стороны",
    "layout_phone": "телефонная", "layout_desktop": "настольная",
    "settings_said": "Доски здесь: в общих сообщениях тема {server}. Ваши собственные "
                     "картинки (предпросмотр): тема {own}, вид {chair}, раскладка {size}. "
                     "Ваш язык: {language}.",
    "language_en": "английский", "language_ru": "русский",
    "bad_language": "`{name}` — это `en`, `ru` или `auto` (язык Discord), а не `{value}`.",
    "locale_not_shipped": "Языка `{locale}` нет, поэтому ответы на английском. Языки: "
                          "{languages}.",
    "moderator_language": "{user}, язык сервера может задать только модератор; свой язык "
                          "(`language`) вы можете выбрать сами.",
    "server_language_here": "`server_language` задаётся в канале сервера.",
    "no_board": "В этом канале нечего показать: партии нет.",
    "board": "**{title}**, ход {turn}. {line}\n`{listing}`",
    "game_over_short": "Партия окончена.",
    "no_legal_starting": "Ни один допустимый ход ({who}{dice}) не начинается с `{first}`. "
                         "Первые ходы: {firsts}",
    "legal_starting": "{count} {count:допустимый ход|допустимых хода|допустимых ходов} "
                      "({who}{dice}), начиная с `{first}`:",
    "legal": "{count} {count:допустимый ход|допустимых хода|допустимых ходов} ({who}{dice}):",
    "legal_grouped": " по первому ходу ({groups}); `/legal ХОД` покажет ходы, которые с него "
                     "начинаются.",
    "group_row": "`{move}`, затем {rests}{more}",
    "group_more": " (и ещё {count})",
    "no_record": "В этом канале пока нет записи партии.",
    "record_of": "Запись партии (сессия {id}).",
    "no_games": "Сейчас здесь никто не играет.",
    "games_row": "{where}: {title}, {names}, ход {turn}",
    "games_title": "Партии, которые идут здесь",
    "rules": "**{title}**\n{rules}\n\n**Нотация**\n{notation}",
    "no_page": "Страницы {page} в списке «{what}» нет: всего {pages} "
               "{pages:страница|страницы|страниц} (с 1 по {pages}).",
    "page_of": " (страница {page} из {pages}, всего {total})",
    "page_next": "; дальше: `/{command} page:{next}`",
    "what_games": "партии", "what_your_games": "ваши партии",
    "what_finished_games": "оконченные партии",
    "vs": " против {others}",
    "mygames_challenge": "{where}: вызов ждёт ответа",
    "mygames_yours": "{where}, ход {turn}: **ваш ход**{left}",
    "mygames_theirs": "{where}, ход {turn}: ходит {name}{left}",
    "mygames_unreadable": "{where}: партия #{id} повреждена и не читается; пропущена. "
                          "Модератор может сделать там `/abort`",
    "mygames_none": "У вас нет партий на этом сервере.",
    "mygames_title": "Ваши партии здесь",
    "notify_choose": "Выберите одно из: {modes}.",
    "notify_said": "Напоминания: {said}.",
    "notify_mention": "вас упомянут в канале партии",
    "notify_dm": "вам придёт личное сообщение",
    "notify_none": "напоминаний не будет",
    "picker_no_game": "Это меню не относится ни к одной партии здесь.",
    "button_no_game": "Эта кнопка относится к партии, которая её больше не ждёт.",
    "question_closed": "Вопрос этой кнопки уже закрыт. Ничего не изменено.",
    "old_answer_button": "Эта кнопка осталась от прежней версии бота и не говорит, на какой "
                         "вопрос отвечает, поэтому ничего не делает. Ответьте на открытый "
                         "вопрос командой `/move {choices}`.",
    "old_takeback_button": "Эта кнопка осталась от прежней версии бота и не говорит, на какую "
                           "просьбу вернуть ход отвечает, поэтому ничего не делает. Ответьте "
                           "на открытую просьбу командой `/takeback_answer`.",
    "stale_raise_answered": "На {noun} ({raiser} → {target}) уже ответили на ходу {turn}: "
                            "`{said}`. Ничего не изменено.",
    "stale_raise_gone": "Ответа на {noun} ({raiser} → {target}, ход {turn}) больше не ждут. "
                        "Ничего не изменено.",
    "stale_vote": "Это голосование ({noun}, ход {turn}) уже завершено. Ничего не изменено.",
    "stale_answer": "На этот вопрос ({noun}, ход {turn}) уже ответили. Ничего не изменено.",
    "lobby_aborted": "Эта партия уже началась и была отменена.",
    "challenge_aborted": "Этот вызов уже приняли, а партия была отменена.",
    "lobby_active": "Эта партия уже началась и идёт.",
    "challenge_active": "Этот вызов уже приняли: партия идёт.",
    "lobby_finished": "Эта партия уже началась и закончилась.",
    "challenge_finished": "Этот вызов уже приняли, и партия окончена.",
    "lobby_declined": "Этот набор закрыт.",
    "challenge_declined": "Этот вызов уже отклонили.",
    "lobby_expired": "Время набора истекло до начала партии.",
    "challenge_expired": "Вызов истёк раньше, чем ответили все.",
    "lobby_withdrawn": "Этот набор закрыл хозяин или модератор.",
    "challenge_withdrawn": "Этот вызов отозван.",
    "lobby_closed": "Этот набор больше не открыт.",
    "challenge_closed": "Этот вызов больше не открыт.",
    "help": """**Команды**
`/new ИГРА @соперник [параметр=значение ...]` вызвать на партию (игры: {games})
`/new ИГРА` без соперника открывает набор: другие присоединяются через `/join` (`/decline`
освобождает место), хозяин начинает (`/start`) или отменяет (`/abort`) партию
`/accept`, `/decline` ответить на вызов на партию, на вызов в игре (принять или сбросить)
или на голосование (да или нет)
`/move ТЕКСТ` сделать ход, например `/move 24/18 24/19` (кости бросаются за вас)
`/taunt ЦВЕТ` CheeseGambit: бросить вызов сбитому вами игроку, сразу после своего хода
`/board` показать доску, `/legal` допустимые ходы, `/record` файл записи партии
`/resign` сдаться (бот переспросит), `/abort` отменить до первого хода (модераторы: всегда)
`/rules ИГРА` правила и нотация, `/learn ИГРА` пошаговый первый урок, `/games` партии здесь
`/new ... time=3d` (или `time=bank=7d,bonus=1d,cap=14d`) игра с часами; `/mygames` ваши партии
`/claim` победа, если у соперника вышло время, `/grant 2d` добавить ему времени
`/takeback` попросить вернуть свой последний ход (соперник разрешает или отказывает),
`/preview ТЕКСТ` примерить ход
`/new hachapury @bob match=7` матч до 7 очков (Hachapury, CheeseGambit вдвоём)
`/new ИГРА @boardbot level=hard` игра с компьютером (easy, normal, hard, expert); `/hint` подсказка
`/notify mention|dm|none` как напоминать, что ваш ход; `/notify nudge:3d` когда напомнить в
партии без часов (`/claim` завершает давно замолкшую); `rated=false` в `/new` — без рейтинга
`/mygames scope:all` (или в личных сообщениях со мной: и ходить оттуда) ваши партии на всех
серверах; `/notify remind:24h,8h,1h` свои напоминания, `/notify digest:on hour:8` сводка в день
`/history`, `/record game:ID`, `/board game:ID turn:N`, `/replay game:ID` (анимация) прошлые
партии; `/analysis game:ID` ошибки и удача в прошлой партии, `/review game:ID` шаг
за шагом; `/stats dice` честны ли кости; `/train ИГРА` упражнения из ошибок;
`/leaderboard [ИГРА]`, `/profile @участник` рейтинги
`/tournament new|join|leave|start|standings|withdraw` турниры (открывают модераторы);
`/league new|join|leave|season|standings` лиги: сезоны в дивизионах, вверх и вниз
`/settings language:en|ru|auto` язык ответов вам (`server_language` — для модераторов)""",
    "no_result": "без результата",
    "result_won": "победа: {player}",
    "result_won_points": "победа: {player}, {points} {points:очко|очка|очков}",
    "history_whose": " игрока {name}",
    "history_none": "Оконченных партий{whose}{which} здесь пока нет.",
    "history_title": "Оконченные партии{whose}{which} здесь",
    "button_previous": "Назад", "button_next": "Дальше",
    "history_old_button": "Эта кнопка списка осталась от прежней версии: используйте "
                          "`/history`.",
    "history_no_game": "На этом сервере нет партии {id}.",
    "history_not_finished": "Партия {id} не окончена: её видно в канале игроков (`/board` "
                            "там).",
    "history_record": "Запись партии {id} ({row}).",
    "history_turns": "В партии {id} ходы с 1 по {last} (0 — начальная позиция).",
    "history_no_start": "У партии {id} нет начальной позиции, с которой её можно воспроизвести.",
    "history_footer": "партия {id}, после хода {turn}",
    "history_board": "**{title}**, партия {id} после хода {turn} из {last}{said}:\n`{listing}`",
    "history_row": "#{id} {title}: {players}, {result}, {turns} {turns:ход|хода|ходов}, {when}",
    "no_rated_games": "Рейтинговых партий в {title} здесь пока нет: рейтинг начинается с "
                      "первой оконченной партии между людьми.",
    "leaderboard_title": "**{title}: таблица лидеров**",
    "no_rated_games_any": "Рейтинговых партий здесь пока нет: рейтинг начинается с первой "
                          "оконченной партии между людьми.",
    "leaderboard_every": "-# Лучшие {shown} в каждой игре; `/leaderboard ИГРА` — вся таблица "
                         "одной игры.",
    "leaderboard_row": "{place}. {name}: {rating}, {games} {games:партия|партии|партий} "
                       "(побед: {wins}, поражений: {losses}), {points} "
                       "{points:очко|очка|очков} выиграно",
    "no_rated_member": "У {name} здесь пока нет рейтинговых партий.",
    "no_finished_member": "У {name} здесь пока нет законченных партий.",
    "profile_average": "; в среднем {turns} {turns:ход|хода|ходов} за партию",
    "profile_unrated_row": "{title}: без рейтинга (законченных партий: {finished}){average}",
    "profile_recent_title": "**Последние партии**",
    "profile_recent_row": "#{id} {title} против {opponents}: {result}, {turns} "
                          "{turns:ход|хода|ходов}",
    "profile_nobody": "никого",
    "profile_won": "победа",
    "profile_won_points": "победа, {points} {points:очко|очка|очков}",
    "profile_lost": "поражение",
    "profile_draw": "ничья",
    "profile_no_result": "без результата",
    "streak_wins": ", {count} {count:победа|победы|побед} подряд",
    "streak_losses": ", {count} {count:поражение|поражения|поражений} подряд",
    "profile_row": "{title}: {rating}; побед: {wins}, поражений: {losses} из {games}; очков "
                   "выиграно: {points}{streak}",
    "provisional": " (предварительный: {games} из {needed} {needed:партии|партий|партий})",
    "rating": "рейтинг {rating}{provisional}",
}
