"""Tournaments: sign-up, rounds, results, standings (bot/service/tournaments.py)."""

EN: dict[str, str] = {
    "t_moderators_only": "Only moderators can open a tournament.",
    "t_game_unknown": "There is no game `{game}`: pick one of the menu's games.",
    "t_format_unknown": "`{format}` is no tournament format: use `swiss`, `round-robin` or "
                        "`knockout`.",
    "t_options_bad": "Those options do not suit {title}. Its options:\n{listed}",
    "t_tables_swiss": "{title} set for more than two seats a table plays Swiss rounds: "
                      "`format:swiss`, or `players=2` for a knockout or a round-robin.",
    "t_table": "Table {board}: {players}",
    "t_table_result": "places: {order}",
    "t_table_row": "{place}. {player}: {score} (Buchholz {buchholz}){out}",
    "t_tiebreaks_tables": "-# A table scores by finishing place (last 0, each place above "
                          "one more; whoever left it unplaced shares the last); ties are "
                          "broken by Buchholz (the points of everyone met at a table); a bye "
                          "scores 2.",
    "t_rounds_range": "A Swiss needs its number of rounds: `rounds:` 1 to {most}.",
    "t_match_range": "A match is played to 1 to 25 points.",
    "t_time_bad": "Time control: {error}.",
    "t_hours_negative": "Hours cannot be negative.",
    "t_channel_has_one": "This channel already runs **{name}**: one tournament a channel "
                         "at a time.",
    "t_default_name": "{title} tournament",
    "t_start_at": "sign-up closes {at}, and the first round is paired then",
    "t_start_by_organiser": "the organiser starts it with `/tournament start`",
    "t_created": "**{name}**: a {format} of {title}{terms}. Sign up with **Join** or "
                 "`/tournament join`; {start}.",
    "t_format_swiss": "Swiss",
    "t_format_round-robin": "round-robin",
    "t_format_knockout": "knockout",
    "t_terms_rounds": ", {rounds} {rounds:round|rounds}",
    "t_terms_clock": ", clock {control}",
    "t_terms_match": ", matches to {target} {target:point|points}",
    "t_terms_unrated": ", not rated",
    "t_button_join": "Join",
    "t_button_leave": "Leave",
    "t_already_in": "You are signed up for **{name}** already.",
    "t_full": "**{name}** is full ({most} {most:player|players}).",
    "t_not_signup": "Sign-up for **{name}** is closed.",
    "t_joined": "{user} joins **{name}** ({count} signed up).",
    "t_not_in": "You are not playing in **{name}**.",
    "t_left": "{user} leaves **{name}** ({count} signed up).",
    "t_none_here": "There is no tournament in this channel (nor a tournament game in this "
                   "thread).",
    "t_start_who": "Only the organiser or a moderator can start the tournament.",
    "t_too_few": "**{name}** needs {least} {least:player|players} at least; {count} signed up.",
    "t_called_off": "**{name}** is called off: {count} signed up, and it needs {least}.",
    "t_started": "**{name}** begins: {count} {count:player|players}, {rounds} "
                 "{rounds:round|rounds}.",
    "t_round": "**{name}**, round {round}:",
    "t_bye": "Board {board}: {player} has a bye (a point).",
    "t_board": "Board {board}: {first} – {second}",
    "t_board_decided": "Board {board}: {first} – {second}: {result}",
    "t_game_open_already": "That tournament game is open already.",
    "t_game_header": "**{name}**, round {round}, board {board}: {players}.",
    "t_over": "**{name}** is over.",
    "t_withdrew": "{user} withdraws from **{name}**: their game on is lost, and they are "
                  "paired no more.",
    "t_withdrew_game": "{user} withdrew from the tournament.",
    "t_signed_up": "**{name}**: {count} signed up: {listed}",
    "t_result": "**{name}**, round {round}, board {board}: {result}.",
    "t_how_played": "",
    "t_how_bye": " (a bye)",
    "t_how_forfeit": " by forfeit: no move was made in time",
    "t_how_withdrawn": " by forfeit: a withdrawal",
    "t_how_deadline": " at the round's deadline",
    "t_deadline_game": "The round's deadline has passed: this game is decided as a clock "
                       "would ({loser}, to move, loses; a table scores nothing).",
    "t_drew": "{first} and {second} drew{how}",
    "t_beat": "{winner} beat {loser}{how}",
    "t_standings_title": "**{name}**: standings, round {round} of {rounds}",
    "t_knockout_row": "{player}: {reached}",
    "t_standings_row": "{place}. {player}: {score} (Buchholz {buchholz}, "
                       "Sonneborn-Berger {sb}){out}",
    "t_out": ", withdrawn",
    "t_more_rows": "… and {count} more (the picture shows everyone)",
    "t_tiebreaks": "-# Ties are broken by Buchholz (the opponents' scores), then "
                   "Sonneborn-Berger (the scores of the opponents beaten, and half of those "
                   "drawn); a bye scores a point and adds to neither.",
    "t_ko_winner": "the winner",
    "t_ko_final": "the final",
    "t_ko_semi": "the semi-finals",
    "t_ko_round": "round {round}",
    "t_final_knockout": "**{name}** is over: **{winner}** wins it, beating {runner} in the "
                        "final.",
    "t_final_place": "{place}. {player} ({score})",
    "t_final_table": "**{name}** is over: **{winner}** wins it with {score}. The places: "
                     "{podium}.",
    # leagues
    "l_moderators_only": "Only moderators can open a league or start its season.",
    "l_two_players": "A league's divisions play round-robins of two a game: {title} set "
                     "for more cannot be one.",
    "l_size_range": "A division has {least} to {most} {most:player|players}.",
    "l_movers_range": "Promoted and relegated a division: 0 to {most}.",
    "l_default_name": "{title} league",
    "l_exists": "This server has a {title} league already.",
    "l_created": "**{name}**: a {title} league in divisions of {size}; {movers} up and "
                 "down each season. `/league join` to play in the seasons to come; a "
                 "moderator starts each with `/league season`.",
    "l_already_in": "You are in **{name}** already.",
    "l_joined": "{user} joins **{name}** ({count} {count:member|members}).",
    "l_not_in": "You are not in **{name}**.",
    "l_left": "{user} leaves **{name}** (from the next season on).",
    "l_none_here": "There is no league in this channel.",
    "l_season_on": "Season {season} is still being played: it ends when every division's "
                   "last game does.",
    "l_too_few": "A season needs {least} members at least; {count} joined.",
    "l_season_started": "Season {season} has started already.",
    "l_division_name": "{name} S{season} D{division}",
    "l_season": "**{name}**, season {season}:",
    "l_division": "Division {division}: {players}",
    "l_moves": "Promoted: {up}. Relegated: {down}.",
    "l_no_season": "**{name}**: no season yet ({count} {count:member|members}).",
}

RU: dict[str, str] = {
    "t_moderators_only": "Открыть турнир могут только модераторы.",
    "t_game_unknown": "Игры `{game}` нет: выберите игру из меню.",
    "t_format_unknown": "`{format}` — не формат турнира: `swiss`, `round-robin` или "
                        "`knockout`.",
    "t_options_bad": "Эти параметры не подходят для {title}. Её параметры:\n{listed}",
    "t_tables_swiss": "{title} больше чем на двоих играется по швейцарской системе: "
                      "`format:swiss`, или `players=2` для турнира на выбывание или кругового.",
    "t_table": "Стол {board}: {players}",
    "t_table_result": "места: {order}",
    "t_table_row": "{place}. {player}: {score} (Бухгольц {buchholz}){out}",
    "t_tiebreaks_tables": "-# За стол — очки по занятому месту (последнему 0, каждому месту "
                          "выше на одно больше; вышедшие без места делят последнее); при "
                          "равенстве решает Бухгольц (очки всех, с кем встречались за столом); "
                          "отдых даёт 2.",
    "t_rounds_range": "Для швейцарской системы нужно число туров: `rounds:` от 1 до {most}.",
    "t_match_range": "Матч играется до 1–25 очков.",
    "t_time_bad": "Контроль времени: {error}.",
    "t_hours_negative": "Часы не могут быть отрицательными.",
    "t_channel_has_one": "В этом канале уже идёт **{name}**: один турнир на канал.",
    "t_default_name": "Турнир по {title}",
    "t_start_at": "запись закрывается {at}, тогда же составляются пары первого тура",
    "t_start_by_organiser": "организатор начинает его командой `/tournament start`",
    "t_created": "**{name}**: {format}, {title}{terms}. Запись — кнопкой **Участвовать** или "
                 "`/tournament join`; {start}.",
    "t_format_swiss": "швейцарская система",
    "t_format_round-robin": "круговой турнир",
    "t_format_knockout": "турнир на выбывание",
    "t_terms_rounds": ", {rounds} {rounds:тур|тура|туров}",
    "t_terms_clock": ", контроль {control}",
    "t_terms_match": ", матчи до {target} {target:очка|очков|очков}",
    "t_terms_unrated": ", без рейтинга",
    "t_button_join": "Участвовать",
    "t_button_leave": "Выйти",
    "t_already_in": "Вы уже записаны на **{name}**.",
    "t_full": "**{name}** заполнен ({most} {most:игрок|игрока|игроков}).",
    "t_not_signup": "Запись на **{name}** закрыта.",
    "t_joined": "На **{name}** записывается {user} (записано: {count}).",
    "t_not_in": "Вы не играете в **{name}**.",
    "t_left": "{user} выходит из **{name}** (записано: {count}).",
    "t_none_here": "В этом канале нет турнира (и в этой ветке нет турнирной партии).",
    "t_start_who": "Начать турнир может только организатор или модератор.",
    "t_too_few": "Для **{name}** нужно не меньше {least} {least:игрока|игроков|игроков}; "
                 "записано {count}.",
    "t_called_off": "**{name}** отменён: записано {count}, а нужно {least}.",
    "t_started": "**{name}** начинается: игроков — {count}, {rounds} "
                 "{rounds:тур|тура|туров}.",
    "t_round": "**{name}**, тур {round}:",
    "t_bye": "Доска {board}: {player} отдыхает (очко).",
    "t_board": "Доска {board}: {first} – {second}",
    "t_board_decided": "Доска {board}: {first} – {second}: {result}",
    "t_game_open_already": "Эта турнирная партия уже открыта.",
    "t_game_header": "**{name}**, тур {round}, доска {board}: {players}.",
    "t_over": "**{name}** окончен.",
    "t_withdrew": "{user} выбывает из **{name}**: текущая партия проиграна, новых пар не "
                  "будет.",
    "t_withdrew_game": "{user} выбыл из турнира.",
    "t_signed_up": "**{name}**: записано {count}: {listed}",
    "t_result": "**{name}**, тур {round}, доска {board}: {result}.",
    "t_how_played": "",
    "t_how_bye": " (отдых)",
    "t_how_forfeit": " без игры: ход не сделан вовремя",
    "t_how_withdrawn": " без игры: выбывание",
    "t_how_deadline": " по истечении срока тура",
    "t_deadline_game": "Срок тура истёк: партия решена, как решили бы часы (проигрывает "
                       "{loser}, чей ход; стол не приносит очков никому).",
    "t_drew": "{first} и {second} сыграли вничью{how}",
    "t_beat": "Победа: {winner} над {loser}{how}",
    "t_standings_title": "**{name}**: таблица, тур {round} из {rounds}",
    "t_knockout_row": "{player}: {reached}",
    "t_standings_row": "{place}. {player}: {score} (Бухгольц {buchholz}, "
                       "Зонненборн-Бергер {sb}){out}",
    "t_out": ", выбыл",
    "t_more_rows": "… и ещё {count} (на картинке — все)",
    "t_tiebreaks": "-# При равенстве очков решает Бухгольц (сумма очков соперников), затем "
                   "Зонненборн-Бергер (очки побеждённых соперников и половина очков тех, с "
                   "кем ничья); отдых даёт очко и не идёт ни в один из них.",
    "t_ko_winner": "победитель",
    "t_ko_final": "финал",
    "t_ko_semi": "полуфинал",
    "t_ko_round": "тур {round}",
    "t_final_knockout": "**{name}** окончен: побеждает **{winner}**, обыграв в финале "
                        "{runner}.",
    "t_final_place": "{place}. {player} ({score})",
    "t_final_table": "**{name}** окончен: побеждает **{winner}**, {score}. Места: {podium}.",
    # лиги
    "l_moderators_only": "Открыть лигу или начать её сезон могут только модераторы.",
    "l_two_players": "Дивизионы лиги играют круговые турниры на двоих: {title} больше чем "
                     "на двоих не подходит.",
    "l_size_range": "В дивизионе от {least} до {most} {most:игрока|игроков|игроков}.",
    "l_movers_range": "Повышаются и понижаются в дивизионе: от 0 до {most}.",
    "l_default_name": "Лига по {title}",
    "l_exists": "На этом сервере уже есть лига по {title}.",
    "l_created": "**{name}**: лига по {title}, дивизионы по {size}; каждый сезон {movers} "
                 "вверх и вниз. `/league join` — играть в следующих сезонах; каждый сезон "
                 "начинает модератор командой `/league season`.",
    "l_already_in": "Вы уже в **{name}**.",
    "l_joined": "{user} вступает в **{name}** ({count} {count:участник|участника|участников}).",
    "l_not_in": "Вы не в **{name}**.",
    "l_left": "{user} выходит из **{name}** (со следующего сезона).",
    "l_none_here": "В этом канале нет лиги.",
    "l_season_on": "Сезон {season} ещё идёт: он закончится с последней партией каждого "
                   "дивизиона.",
    "l_too_few": "Для сезона нужно не меньше {least} участников; вступило {count}.",
    "l_season_started": "Сезон {season} уже начался.",
    "l_division_name": "{name} С{season} Д{division}",
    "l_season": "**{name}**, сезон {season}:",
    "l_division": "Дивизион {division}: {players}",
    "l_moves": "Повышены: {up}. Понижены: {down}.",
    "l_no_season": "**{name}**: сезонов ещё не было ({count} "
                   "{count:участник|участника|участников}).",
}
