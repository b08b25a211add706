"""Nudges in games without a clock, ``/notify nudge``, ``/claim`` of a silent game
and ``rated=false``."""

EN: dict[str, str] = {
    "not_rated": ", not rated",
    "rated_value": "`rated` is `true` or `false`, not `{text}`.",
    # periods
    "nudge_period_form": "A nudge period is a duration such as `1d`, `3d` or `12h`, or `off`: "
                         "{error}.",
    "nudge_period_bounds": "A nudge period is from {low} to {high} (or `off`), not {given}.",
    "nudge_period_off": "off",
    "nudge_period_every": "every {duration}",
    # what the scheduler posts
    "nudge_since": "since {when} ({quiet})",
    "nudge_the_others": "the others",
    "nudge": "{user} nudge: it has been your turn in {where} ({title}, game #{id}, turn "
             "{turn}) {since}; {waiting} {n:is|are} waiting.",
    "nudge_may_claim": " {waiting} may now end the game with `/claim`.",
    "nudge_footer": " (You are nudged {period}; `/notify nudge:` changes it.)",
    "nudge_silent": "{user}: {name} has not moved in {where} ({title}, game #{id}) {since}. "
                    "You may end the game with `/claim` ({ending}), or keep waiting.",
    "claim_ending_two": "you win it, counted like a win on time; aborted, unrated, if they "
                        "never moved",
    "claim_ending_more": "the silent player leaves the game and the others play on",
    # /notify nudge and /settings server_nudge
    "nudge_own_server": "Nudges in games without a clock: as the server has them.",
    "nudge_own_off": "Nudges in games without a clock: off (you are not nudged).",
    "nudge_own_every": "Nudges in games without a clock: when you have not moved for "
                       "{period}, once each {period}.",
    "nudge_server_moderators": "Only a moderator may set this server's nudges, {user}; your "
                               "own you set with `/notify nudge:`.",
    "nudge_server_in_server": "`server_nudge` is set in a server's channel.",
    "nudge_yours_server": "the server's",
    "nudge_server_off": "Nudges in games without a clock: off here (yours: {yours}); only a "
                        "moderator ends a silent game.",
    "nudge_server_after": "Nudges in games without a clock: after {period} of silence here "
                          "(yours: {yours}); a game silent for {claim} can be ended with "
                          "`/claim`.",
    # /claim of a silent game
    "claim_nobody_waited": "This game is not waiting for anybody.",
    "claim_your_turn": "This game is played without a clock and it is your turn, {user}: play "
                       "it (`/move`). `/claim` is for the players waiting on someone who went "
                       "silent.",
    "claim_computer": "The computer is to play here and is never silent for long; a moderator "
                      "may `/abort` a game that is stuck.",
    "claim_not_waiting": "Only the players waiting here, or a moderator, may end a silent "
                         "game.",
    "claim_nudges_off": "This game is played without a clock and this server has nudges off, "
                        "so only a moderator may end a silent game.",
    "claim_too_soon": "This game is played without a clock: {name} has not moved for {quiet} "
                      "(since {since}). A silent game can be ended after {needed}, from {at}; "
                      "or ask a moderator.",
    "silence_ended": "{user} ends the silence in game #{id}: {name} has not moved since "
                     "{since} ({quiet}).",
    "silent_leaves": "They leave the game (recorded as their resignation); the others play "
                     "on.",
    "silent_leaves_ending": "They leave the game (recorded as their resignation), which ends "
                            "it.",
    "silent_wins": "{who} wins (counted like a win on time).{seed}",
    "silent_aborted": "The game is aborted and not rated: {why}.{seed}",
    "silent_never_moved": "they never played a turn, so nothing was won",
    "silent_cannot_go_on": "this game cannot go on without them",
}

RU: dict[str, str] = {
    "not_rated": ", без рейтинга",
    "rated_value": "`rated` — это `true` или `false`, а не `{text}`.",
    "nudge_period_form": "Срок напоминаний — это длительность, например `1d`, `3d` или `12h`, "
                         "либо `off`: {error}.",
    "nudge_period_bounds": "Срок напоминаний — от {low} до {high} (или `off`), а не {given}.",
    "nudge_period_off": "выключены",
    "nudge_period_every": "раз в {duration}",
    "nudge_since": "с {when} (уже {quiet})",
    "nudge_the_others": "остальные",
    "nudge": "{user} напоминание: ваш ход в {where} ({title}, партия #{id}, ход {turn}) "
             "{since}; {waiting} {n:ждёт|ждут|ждут}.",
    "nudge_may_claim": " Теперь {waiting} вправе завершить партию командой `/claim`.",
    "nudge_footer": " (Напоминания вам: {period}; изменить — `/notify nudge:`.)",
    "nudge_silent": "{user}: {name} не ходит в {where} ({title}, партия #{id}) {since}. Можно "
                    "завершить партию командой `/claim` ({ending}) или ждать дальше.",
    "claim_ending_two": "победа за вами, как победа по времени; если соперник не сделал ни "
                        "одного хода — партия отменяется без рейтинга",
    "claim_ending_more": "замолчавший игрок выбывает, остальные играют дальше",
    "nudge_own_server": "Напоминания в партиях без часов: как настроено на сервере.",
    "nudge_own_off": "Напоминания в партиях без часов: выключены (вам они не приходят).",
    "nudge_own_every": "Напоминания в партиях без часов: если вы не ходите {period}, то раз в "
                       "{period}.",
    "nudge_server_moderators": "Напоминания сервера настраивает только модератор, {user}; "
                               "свои вы задаёте командой `/notify nudge:`.",
    "nudge_server_in_server": "`server_nudge` задаётся в канале сервера.",
    "nudge_yours_server": "как на сервере",
    "nudge_server_off": "Напоминания в партиях без часов: здесь выключены (ваши: {yours}); "
                        "замолчавшую партию завершает только модератор.",
    "nudge_server_after": "Напоминания в партиях без часов: здесь после {period} молчания "
                          "(ваши: {yours}); партию, где молчат {claim}, можно завершить "
                          "командой `/claim`.",
    "claim_nobody_waited": "Эта партия никого не ждёт.",
    "claim_your_turn": "Эта партия играется без часов, и сейчас ваш ход, {user}: сделайте его "
                       "(`/move`). `/claim` — для игроков, которые ждут замолчавшего "
                       "соперника.",
    "claim_computer": "Здесь ходит компьютер, а он надолго не замолкает; зависшую партию "
                      "модератор может отменить (`/abort`).",
    "claim_not_waiting": "Завершить замолчавшую партию могут только ждущие в ней игроки или "
                         "модератор.",
    "claim_nudges_off": "Эта партия играется без часов, а напоминания на этом сервере "
                        "выключены, поэтому завершить замолчавшую партию может только "
                        "модератор.",
    "claim_too_soon": "Эта партия играется без часов: {name} не ходит уже {quiet} (с {since}). "
                      "Замолчавшую партию можно завершить после {needed} молчания, начиная с "
                      "{at}; или обратитесь к модератору.",
    "silence_ended": "{user} прерывает молчание в партии #{id}: {name} не ходит с {since} "
                     "({quiet}).",
    "silent_leaves": "Замолчавший игрок выбывает из партии (это записано как сдача); "
                     "остальные играют дальше.",
    "silent_leaves_ending": "Замолчавший игрок выбывает из партии (это записано как сдача), "
                            "и партия на этом заканчивается.",
    "silent_wins": "Победа — {who} (засчитана как победа по времени).{seed}",
    "silent_aborted": "Партия отменена и не идёт в рейтинг: {why}.{seed}",
    "silent_never_moved": "замолчавший игрок не сделал ни одного хода, так что выигрывать "
                          "было нечего",
    "silent_cannot_go_on": "без этого игрока партию не продолжить",
}
