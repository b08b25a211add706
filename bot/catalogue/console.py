"""What the local console (``boardbot local``) answers on its own: its commands'
options, its pretend channels, its turn picker and its part of ``/help``."""

EN: dict[str, str] = {
    # options (bot/console_options.py): what is wrong, and what is legal instead
    "console_unknown_option": "`/{command}` has no option `{name}`: {usage}.",
    "console_no_options": "`/{command}` takes no options: write just `/{command}`.",
    "console_stray_word": "`{word}` does not fit any option of `/{command}`: {usage}.",
    "console_stray_new": "`{word}` is neither a player nor an option: name players with @ "
                         "(`/new {game} @{word}`) and write options as name=value or "
                         "name:value.",
    "console_twice": "`{name}` is given twice: give each option once.",
    "console_missing": "`/{command}` needs `{name}`: {usage}.",
    "console_not_whole": "`{name}` is a whole number, not `{value}`: e.g. `{name}:{example}`.",
    "console_out_of_range": "`{name}` is from {low} to {high}, not {value}.",
    "console_too_small": "`{name}` is at least {low}, not {value}.",
    "console_too_long": "`{name}` is at most {high} {high:character|characters} long "
                        "({length} given).",
    "console_not_choice": "`{name}` is one of {choices}, not `{value}`.",
    "console_not_switch": "`{name}` is `true` or `false`, not `{value}`.",
    "console_not_name": "`{name}` is a name (letters, digits, `_ . -`), e.g. `{name}:@bob`, "
                        "not `{value}`.",
    "console_turn_needs_game": "`turn` goes with `game` (a finished game's number): "
                               "`/board game:N turn:N`.",
    "console_no_value": "`{name}` needs a value: `{name}:...`.",
    "console_ignored": "?? option `{name}` of `/{command}` was not used (a console bug; it "
                       "is logged).",
    "console_no_command": "There is no command `/{command}`.{hint}",
    "console_did_you_mean": " Did you mean `/{near}`?",
    "console_see_help": " `/help` lists the commands.",
    # buttons and the turn picker
    "console_no_button": "No button `{label}` was shown to you last.",
    "console_no_picker": "No picker is open for you: `/play` opens one.",
    "console_pick_number": "`/pick N` (N from 1 to {count})",
    "console_pick_missing": "There is no `/pick {word}` at this step: write {choices}.",
    # pretend channels
    "console_channel_now": "Now in #{channel}.",
    "console_channel_here": "You are in #{channel}. `/channel NAME` moves to another channel, "
                            "`/channel new` to one without a game; `/games` lists the games "
                            "and their channels.",
    "console_channel_busy": "In the console, `/channel new` moves to a channel without a "
                            "game (or `/channel NAME` to one you name).",
    "console_channel_name": "A channel's name is letters, digits and `_ . -` (at most "
                            "{high}), not `{value}`.",
    "console_thread_opened": "Game opened in #{channel} (the console is there now; "
                             "`/channel {back}` goes back).",
    # /help: the console's own commands, after the bot's
    "console_help": """**In the console**
`/play` opens the turn picker (the Play button); `/pick N`, `/pick back`, `/pick ok`, \
`/pick cancel` answer it
`/press LABEL` presses a button shown to you last (lessons: `/press Next`)
`/rematch` the Rematch button under a finished game; `/resign confirm` resigns without asking
`/takeback_answer allow|refuse`, or `/allow`, `/refuse`: answer a take-back
`/channel NAME` moves to another pretend channel, `/channel new` to one without a game
`/help` this list. Options are written `name:value` or `name=value` (`/record game:1`, \
`/board game:1 turn:5`); `quit` leaves""",
}

RU: dict[str, str] = {
    "console_unknown_option": "У `/{command}` нет параметра `{name}`: {usage}.",
    "console_no_options": "`/{command}` не принимает параметров: пишите просто `/{command}`.",
    "console_stray_word": "`{word}` не подходит ни к одному параметру `/{command}`: {usage}.",
    "console_stray_new": "`{word}` — не игрок и не параметр: игроков называйте через @ "
                         "(`/new {game} @{word}`), параметры пишите как имя=значение или "
                         "имя:значение.",
    "console_twice": "`{name}` указан дважды: указывайте каждый параметр один раз.",
    "console_missing": "`/{command}` нужен `{name}`: {usage}.",
    "console_not_whole": "`{name}` — целое число, а не `{value}`: например `{name}:{example}`.",
    "console_out_of_range": "`{name}` — от {low} до {high}, а не {value}.",
    "console_too_small": "`{name}` — не меньше {low}, а не {value}.",
    "console_too_long": "`{name}` — не длиннее {high} {high:символа|символов|символов} "
                        "(дано {length}).",
    "console_not_choice": "`{name}` — одно из: {choices}, а не `{value}`.",
    "console_not_switch": "`{name}` — `true` или `false`, а не `{value}`.",
    "console_not_name": "`{name}` — имя (буквы, цифры, `_ . -`), например `{name}:@bob`, а "
                        "не `{value}`.",
    "console_turn_needs_game": "`turn` указывается вместе с `game` (номером оконченной "
                               "партии): `/board game:N turn:N`.",
    "console_no_value": "`{name}` нужно значение: `{name}:...`.",
    "console_ignored": "?? параметр `{name}` команды `/{command}` не использован (ошибка "
                       "консоли; она записана в журнал).",
    "console_no_command": "Команды `/{command}` нет.{hint}",
    "console_did_you_mean": " Может быть, `/{near}`?",
    "console_see_help": " `/help` перечисляет команды.",
    "console_no_button": "Кнопки `{label}` среди последних показанных вам нет.",
    "console_no_picker": "У вас не открыт выбор хода: его открывает `/play`.",
    "console_pick_number": "`/pick N` (N от 1 до {count})",
    "console_pick_missing": "На этом шаге нет `/pick {word}`: пишите {choices}.",
    "console_channel_now": "Теперь в #{channel}.",
    "console_channel_here": "Вы в #{channel}. `/channel ИМЯ` переходит в другой канал, "
                            "`/channel new` — в канал без партии; `/games` перечисляет "
                            "партии и их каналы.",
    "console_channel_busy": "В консоли `/channel new` переходит в канал без партии (или "
                            "`/channel ИМЯ` — в названный вами).",
    "console_channel_name": "Имя канала — буквы, цифры и `_ . -` (не больше {high}), а не "
                            "`{value}`.",
    "console_thread_opened": "Партия открыта в #{channel} (консоль теперь там; "
                             "`/channel {back}` — обратно).",
    "console_help": """**В консоли**
`/play` открывает выбор хода (кнопка «Ходить»); `/pick N`, `/pick back`, `/pick ok`, \
`/pick cancel` отвечают в нём
`/press НАДПИСЬ` нажимает кнопку из последних показанных вам (уроки: `/press Дальше`)
`/rematch` кнопка «Реванш» под оконченной партией; `/resign confirm` сдаться без вопроса
`/takeback_answer allow|refuse` или `/allow`, `/refuse`: ответ на просьбу вернуть ход
`/channel ИМЯ` переходит в другой воображаемый канал, `/channel new` — в канал без партии
`/help` этот список. Параметры пишутся `имя:значение` или `имя=значение` \
(`/record game:1`, `/board game:1 turn:5`); `quit` — выход""",
}
