"""Clocks, reminders, time-outs, claims, grants and take-backs."""

EN: dict[str, str] = {
    "unit_d": "d", "unit_h": "h", "unit_m": "m",
    "time_is_up": " — time is up",
    "weekend_pause": " (clock paused for the weekend)",
    "time_left": " — {duration} left{paused}",
    "with_clock": " with a clock ({control})",
    "no_clock": "This game is played without a clock.",
    "no_clock_running": "Nobody's clock is running in this game.",
    "own_time": "It is your own time that is running: play your turn.",
    "claim_two_players": "Claims on time are for two-player games; ask a moderator to `/abort` "
                         "this one if it is stale.",
    "still_has_time": "{who} still has {left}: nothing to claim yet.",
    "claims": "{user} claims the win on time: {loser} ran out of time. {winner} wins. Dice "
              "seed revealed: `{seed}`.",
    "cannot_grant": "Cannot grant that: {error}.",
    "grants": "{user} grants {who} {extra} more: {left} left.",
    "takeback_own_only": "You can take back only your own last turn, and only before anybody "
                         "else has played.",
    "takeback_asked": "You have already asked to take this turn back.",
    "takeback_asked_refused": "You have already asked to take this turn back and were "
                              "refused.",
    "takeback_asks": "{user} asks to take back turn **{turn}** `{record}`. {pings}: accept or "
                     "refuse (`/takeback_answer`). The dice stay as they were.",
    "button_allow_takeback": "Allow take-back",
    "button_refuse_takeback": "Refuse take-back",
    "takeback_none": "There is no open take-back request (the game may have moved on since).",
    "takeback_other_answers": "The other player answers your take-back request.",
    "takeback_refused": "{user} refuses the take-back; turn {turn} stands.",
    "takeback_cannot": "This turn cannot be taken back (the log of this game does not replay "
                       "here); ask a moderator.",
    "takeback_allowed": "{user} allows the take-back: turn {turn} `{record}` is undone (the "
                        "dice stay).\n{status}",
    "takeback_was_allowed": "That take-back request was already allowed. Nothing was changed.",
    "takeback_was_refused": "That take-back request was already refused. Nothing was changed.",
    "takeback_gone": "That take-back request is no longer open: the game has moved on since "
                     "it was asked. Nothing was changed.",
    # reminders the scheduler posts
    "reminder": "{user} reminder: it is your turn in {where} ({title}, turn {turn}); {left} "
                "left.",
    "forfeit": "{name} ran out of time in {title}: {result}. Dice seed revealed: `{seed}`. "
               "{pings}",
    "time_up_claim": "{user}: {name}'s time is up in {where} ({title}, turn {turn}). You may "
                     "`/claim` the win or `/grant` more time (e.g. `/grant 2d`).",
    # stored results' reasons
    "reason_resigned": "{player} resigned",
    "reason_timeout": "{player} ran out of time",
    # what cannot be read in a time control or a duration (bot/clocks.py)
    "tc_empty": "an empty duration (write e.g. `2d`, `12h` or `1d12h`)",
    "tc_too_long": "`{text}` is too long: a clock value may be at most 365 days (write e.g. "
                   "`30d`, `12h` or `1d12h`)",
    "tc_not_duration": "`{text}` is not a duration (write e.g. `2d`, `12h` or `1d12h`)",
    "tc_not_positive": "`{text}` is not a positive duration",
    "tc_too_much": "`{text}` is too long: a clock value may be at most 365 days (e.g. `30d` or "
                   "`bank=60d`)",
    "tc_one_time": "give one time per move (e.g. `3d`)",
    "tc_unknown_item": "unknown time-control item `{item}`: write `none`, `3d` or "
                       "`bank=7d,bonus=1d,cap=14d`, optionally with `,weekends` and `,forfeit`",
    "tc_both": "choose either a time per move (`3d`) or a bank (`bank=7d,bonus=1d,cap=14d`), "
               "not both",
    "tc_neither": "a time control needs a time per move (`3d`) or a bank (`bank=7d`)",
    "tc_cap": "the cap must be at least the bank",
}

RU: dict[str, str] = {
    "unit_d": "д", "unit_h": "ч", "unit_m": "мин",
    "time_is_up": " — время вышло",
    "weekend_pause": " (часы на выходных стоят)",
    "time_left": " — осталось {duration}{paused}",
    "with_clock": " с часами ({control})",
    "no_clock": "Эта партия играется без часов.",
    "no_clock_running": "В этой партии ничьи часы не идут.",
    "own_time": "Сейчас идёт ваше собственное время: сделайте ход.",
    "claim_two_players": "Победу по времени можно требовать только в партии на двоих; если "
                         "эта партия заброшена, попросите модератора отменить её (`/abort`).",
    "still_has_time": "{who}: времени ещё {left}, требовать пока нечего.",
    "claims": "{user} требует победу по времени ({loser}: время вышло). Победа — {winner}. "
              "Зерно костей раскрыто: `{seed}`.",
    "cannot_grant": "Нельзя добавить столько: {error}.",
    "grants": "{user} добавляет время ({who}): +{extra}, осталось {left}.",
    "takeback_own_only": "Вернуть можно только свой последний ход и только пока никто другой "
                         "не сыграл.",
    "takeback_asked": "Вы уже просили вернуть этот ход.",
    "takeback_asked_refused": "Вы уже просили вернуть этот ход, и вам отказали.",
    "takeback_asks": "{user} просит вернуть ход **{turn}** `{record}`. {pings}: разрешите "
                     "или откажите (`/takeback_answer`). Кости останутся прежними.",
    "button_allow_takeback": "Разрешить возврат",
    "button_refuse_takeback": "Отказать в возврате",
    "takeback_none": "Открытой просьбы вернуть ход нет (возможно, партия уже ушла дальше).",
    "takeback_other_answers": "На вашу просьбу вернуть ход отвечает соперник.",
    "takeback_refused": "{user} отказывает в возврате хода; ход {turn} остаётся в силе.",
    "takeback_cannot": "Этот ход вернуть нельзя (запись партии здесь не воспроизводится); "
                       "обратитесь к модератору.",
    "takeback_allowed": "{user} разрешает вернуть ход: ход {turn} `{record}` отменён (кости "
                        "остаются прежними).\n{status}",
    "takeback_was_allowed": "Эту просьбу вернуть ход уже удовлетворили. Ничего не изменено.",
    "takeback_was_refused": "В этой просьбе вернуть ход уже отказали. Ничего не изменено.",
    "takeback_gone": "Эта просьба вернуть ход больше не действует: партия ушла дальше. Ничего "
                     "не изменено.",
    "reminder": "{user} напоминание: ваш ход в {where} ({title}, ход {turn}); осталось {left}.",
    "forfeit": "{name}: время вышло в партии {title}: {result}. Зерно костей раскрыто: "
               "`{seed}`. {pings}",
    "time_up_claim": "{user}: у {name} вышло время в {where} ({title}, ход {turn}). Можно "
                     "потребовать победу (`/claim`) или добавить время (`/grant`, например "
                     "`/grant 2d`).",
    "reason_resigned": "{player} сдаётся",
    "reason_timeout": "у {player} вышло время",
    "tc_empty": "пустая длительность (пишите, например, `2d`, `12h` или `1d12h`)",
    "tc_too_long": "`{text}` — слишком длинная запись: значение часов — не больше 365 дней "
                   "(пишите, например, `30d`, `12h` или `1d12h`)",
    "tc_not_duration": "`{text}` — не длительность (пишите, например, `2d`, `12h` или `1d12h`)",
    "tc_not_positive": "`{text}` — не положительная длительность",
    "tc_too_much": "`{text}` — слишком много: значение часов — не больше 365 дней (например, "
                   "`30d` или `bank=60d`)",
    "tc_one_time": "укажите одно время на ход (например, `3d`)",
    "tc_unknown_item": "неизвестная часть контроля времени `{item}`: пишите `none`, `3d` или "
                       "`bank=7d,bonus=1d,cap=14d`, по желанию с `,weekends` и `,forfeit`",
    "tc_both": "выберите либо время на ход (`3d`), либо запас (`bank=7d,bonus=1d,cap=14d`), "
               "но не то и другое",
    "tc_neither": "контролю времени нужно время на ход (`3d`) или запас (`bank=7d`)",
    "tc_cap": "потолок (cap) должен быть не меньше запаса (bank)",
}
