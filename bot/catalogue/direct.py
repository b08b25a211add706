"""Wherever the player is: the list of one's games across servers, turns played from
a direct message, the daily digest and one's own reminder times."""

EN: dict[str, str] = {
    # the list of one's games across servers
    "dm_games_none": "You have no games running in any server.",
    "dm_games_title": "Your games in every server ({yours} waiting for you, {total} in all)",
    "dm_games_next": "; next: `/mygames page:{next}`",
    "dm_server_unnamed": "a server",
    "dm_games_where": "**{server}** {channel}{link}: {title} vs {others}",
    "dm_games_challenge": "waiting for the challenge to be answered",
    "dm_games_yours": "turn {turn}, **your turn**{left}",
    "dm_games_theirs": "turn {turn}, {name} to play{left}",
    "dm_games_left": ", {duration} left",
    "dm_games_time_up": ", time is up",
    "button_dm_board": "Board {n}",
    # one game from anywhere
    "dm_not_your_game": "That game is not one of yours: only its players see it from here.",
    "dm_game_over": "Game #{id} is over or gone: `/mygames` lists the games you play now.",
    "dm_posted": "Played: your turn is posted in {channel}.",
    "dm_post_failed": "Your turn is saved, but I could not post it in {channel}: "
                      "`/board` there shows it.",
    "dm_only_in_server": "That is done in a server's channel, not in a direct message.",
    "dm_board_which": "Here, name the game: `/board game:ID` (`/mygames` lists yours with "
                      "their boards).",
    "dm_record_which": "Here, name the game: `/record game:ID` (`/mygames` lists yours).",
    # /notify digest and remind
    "digest_on": "Daily digest: on, at {hour:02d}:00 your time ({zone}).",
    "digest_off": "Daily digest: off.",
    "digest_hour_needed": "Say at what hour the digest comes: `hour:` 0 to 23, in your own "
                          "time zone (`timezone:`, e.g. `Europe/Berlin`).",
    "digest_value": "`digest` is `on` or `off`, not `{given}`.",
    "digest_zone_unknown": "`{zone}` is no time zone I know: write its name as in "
                           "`Europe/Berlin`, `America/New_York` or `UTC`.",
    "digest_hour_bounds": "The digest's hour is from 0 to 23, not {hour}.",
    "remind_said": "Reminders before your deadlines: {points}.",
    "remind_server": "Reminders before your deadlines: as the server has them ({points}).",
    "remind_form": "Write reminder times like `24h,8h,1h` (or `server`): {error}.",
    "remind_bounds": "Each reminder time is from {low} to {high}, and at most {most} of "
                     "them: not `{given}`.",
    # the digest itself
    "digest_title": "Your games waiting for you ({n}):",
    "digest_row": "{n}. **{server}** {channel}{link}: {title}, turn {turn}{left}",
    "digest_no_deadline": ", no deadline",
    "digest_deadline": ", {left} left (until {when})",
    "digest_footer": "`/mygames` here lists them with their boards; `/notify digest:off` "
                     "stops this message.",
}

RU: dict[str, str] = {
    "dm_games_none": "У вас нет идущих партий ни на одном сервере.",
    "dm_games_title": "Ваши партии на всех серверах (ждут вашего хода: {yours}, всего {total})",
    "dm_games_next": "; дальше: `/mygames page:{next}`",
    "dm_server_unnamed": "сервер",
    "dm_games_where": "**{server}** {channel}{link}: {title} против {others}",
    "dm_games_challenge": "вызов ждёт ответа",
    "dm_games_yours": "ход {turn}, **ваш ход**{left}",
    "dm_games_theirs": "ход {turn}, ходит {name}{left}",
    "dm_games_left": ", осталось {duration}",
    "dm_games_time_up": ", время вышло",
    "button_dm_board": "Доска {n}",
    "dm_not_your_game": "Это не ваша партия: отсюда её видят только её игроки.",
    "dm_game_over": "Партия #{id} окончена или её нет: `/mygames` покажет ваши партии.",
    "dm_posted": "Сыграно: ваш ход опубликован в {channel}.",
    "dm_post_failed": "Ваш ход сохранён, но опубликовать его в {channel} не удалось: "
                      "`/board` там его покажет.",
    "dm_only_in_server": "Это делается в канале сервера, а не в личных сообщениях.",
    "dm_board_which": "Здесь укажите партию: `/board game:ID` (`/mygames` покажет ваши "
                      "с досками).",
    "dm_record_which": "Здесь укажите партию: `/record game:ID` (`/mygames` покажет ваши).",
    "digest_on": "Ежедневная сводка: включена, в {hour:02d}:00 по вашему времени ({zone}).",
    "digest_off": "Ежедневная сводка: выключена.",
    "digest_hour_needed": "Укажите, в котором часу приходит сводка: `hour:` от 0 до 23, "
                          "по вашему времени (`timezone:`, например `Europe/Moscow`).",
    "digest_value": "`digest` — это `on` или `off`, а не `{given}`.",
    "digest_zone_unknown": "Часового пояса `{zone}` я не знаю: напишите его название, как "
                           "`Europe/Moscow`, `Asia/Yekaterinburg` или `UTC`.",
    "digest_hour_bounds": "Час сводки — от 0 до 23, а не {hour}.",
    "remind_said": "Напоминания до конца вашего времени: {points}.",
    "remind_server": "Напоминания до конца вашего времени: как на сервере ({points}).",
    "remind_form": "Напишите время напоминаний как `24h,8h,1h` (или `server`): {error}.",
    "remind_bounds": "Каждое напоминание — от {low} до {high}, и не больше {most}: "
                     "а не `{given}`.",
    "digest_title": "Партии, ждущие вашего хода ({n}):",
    "digest_row": "{n}. **{server}** {channel}{link}: {title}, ход {turn}{left}",
    "digest_no_deadline": ", без срока",
    "digest_deadline": ", осталось {left} (до {when})",
    "digest_footer": "`/mygames` здесь покажет их с досками; `/notify digest:off` отключит "
                     "эту сводку.",
}
