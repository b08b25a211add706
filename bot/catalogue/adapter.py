"""What the Discord adapter answers on its own (in the user's Discord language)."""

EN: dict[str, str] = {
    "dm_only": "Games are played in server channels: use these commands in a channel (or "
               "thread) of a server where I am installed, not in direct messages.",
    "service_error": "Something went wrong on my side while doing that. Use `/board` to see "
                     "the game as it stands, then try again.",
    "tree_error": "That command did not finish; look at `/board` to see where the game "
                  "stands.",
    "other_bots": "Other bots cannot play; challenge a person, or name me to play the "
                  "computer.",
    "options_unreadable": "Cannot read option `{word}`: write options as name=value, e.g. "
                          "`kings=false pieces=10`.",
    "cannot_see_channel": "You cannot see that channel.",
    "thread_permissions": "I cannot open a thread here: I need the Create Public Threads and "
                          "Send Messages in Threads permissions. Try again without `thread`.",
    "thread_failed": "I could not open a thread here ({error}).",
    "thread_opened": "Game opened in {thread}.",
}

RU: dict[str, str] = {
    "dm_only": "Партии играются в каналах серверов: используйте эти команды в канале (или "
               "ветке) сервера, где я установлен, а не в личных сообщениях.",
    "service_error": "У меня что-то пошло не так. Посмотрите `/board`, чтобы увидеть партию "
                     "как она есть, и попробуйте ещё раз.",
    "tree_error": "Команда не завершилась; посмотрите `/board`, чтобы увидеть, где сейчас "
                  "партия.",
    "other_bots": "Другие боты играть не могут; вызовите человека или назовите меня, чтобы "
                  "сыграть с компьютером.",
    "options_unreadable": "Не удаётся прочитать параметр `{word}`: пишите параметры как "
                          "имя=значение, например `kings=false pieces=10`.",
    "cannot_see_channel": "Вы не видите этот канал.",
    "thread_permissions": "Я не могу открыть здесь ветку: нужны права «Создавать публичные "
                          "ветки» и «Отправлять сообщения в ветках». Попробуйте без `thread`.",
    "thread_failed": "Не удалось открыть здесь ветку ({error}).",
    "thread_opened": "Партия открыта в {thread}.",
}
