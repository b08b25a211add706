"""Challenges, lobbies, rematches, aborts and resignations."""

EN: dict[str, str] = {
    "time_control_error": "Time control: {error}.",
    "options_listed": "\n{title}'s options:\n{listed}",
    "not_yourself": "Each player must be a different person (you cannot play yourself).",
    "needs_players": "{title} needs {needed} {needed:player|players} here; you named {named}.",
    "channel_busy": "This channel already has a game (or an open challenge). Finish or abort "
                    "it first, or use another channel or thread.",
    "host_starts": "the host starts it with `/start`",
    "starts_at_join": "it starts as soon as someone joins",
    "lobby_opened": "{host} opens a **{title}** lobby for {size} {size:player|players}{terms}: "
                    "`/join` to "
                    "take a seat; {start} (open seats expire in {hours} h).",
    "challenges": "{challenger} challenges {invited} to **{title}**{terms}. Answer with "
                  "`/accept` or `/decline` (expires in {hours} h).",
    "sets_up_computer": "{user} sets up **{title}**{terms} with {computers}{watching}; the "
                        "computer accepts.\n{begun}",
    "watches": " ({user} watches)",
    "challenges_with_computer": "{challenger} challenges {invited} to **{title}**{terms} with "
                                "{computers}; the computer accepts. Answer with `/accept` or "
                                "`/decline`.",
    "no_challenge": "There is no open challenge in this channel.",
    "not_addressed": "This challenge is not addressed to you.",
    "already_accepted": "You have already accepted; waiting for the others.",
    "accepts_waiting": "{user} accepts. Still waiting for {waiting}.",
    "only_invited_decline": "Only an invited player can decline (the challenger may "
                            "`/abort`).",
    "declines": "{user} declines the challenge.",
    "no_lobby": "There is no open lobby in this channel.",
    "no_open_seat": "This challenge names its players; it has no open seat.",
    "already_seated": "You already have a seat in this lobby.",
    "lobby_full": "The lobby is full ({max} {max:player|players}).",
    "joins": "{user} joins. Seated: {names}. {host} can `/start` now ({min}-{max} "
             "{max:player|players}).",
    "only_host_starts": "Only the host who opened the lobby can start it.",
    "needs_at_least": "{title} needs at least {min} {min:player|players}; {seated} seated so far.",
    "no_seat": "You have no seat in this lobby (`/join` takes one).",
    "host_aborts": "You opened this lobby: `/abort` closes it for everyone.",
    "leaves_lobby": "{user} leaves the lobby. Seated: {names}. `/join` to take a seat.",
    "no_game_here": "There is no game in this channel.",
    "only_host_closes": "Only the host ({host}) or a moderator can close this lobby.",
    "only_host_closes_seated": "Only the host ({host}) or a moderator can close this lobby; "
                               "`/decline` gives up your seat in it.",
    "only_players_abort": "Only the players (before the first turn) or a moderator may abort "
                          "this game.",
    "started_no_abort": "The game has started: only a moderator may abort it now (you can "
                        "`/resign`).",
    "aborted": "{user} aborted the game.{seed}",
    "rematch_none": "There is no finished game here to play again.",
    "rematch_not_player": "Only the players of the last game can ask for a rematch.",
    "cannot_seat": "{title} cannot seat {count} {count:player|players}.",
    "level_without_computer": "`level` is for games against the computer: name @{computer} "
                              "as an opponent.",
    "unknown_level": "Unknown level `{level}`: choose easy, normal, hard or expert.",
    "rematch_taken": "A new game has already been offered or started here since that game "
                     "(the rematch may be it): see `/board`. Nothing was changed.",
    "rematch_used": "That rematch offer was already used: the new challenge was {status}. "
                    "Challenge again with `/new`.",
    "rematch_older": "That rematch offer is for an older game: a later game has finished here "
                     "since (use its own Rematch button). Nothing was changed.",
    "status_declined": "declined", "status_expired": "expired", "status_aborted": "aborted",
    # resigning
    "resign_leave": "you leave the game and the others play on",
    "resign_ends_wins": "the game ends and {who} wins",
    "resign_ends": "the game ends",
    "resign_confirm": "Resign this {title} game? If you do, {what}. This cannot be taken "
                      "back: press **Resign** to confirm, or ignore this message.",
    "button_resign": "Resign",
    "resign_cannot": "This game cannot go on without you; ask a moderator to `/abort` it.",
    "resign_not_a_match": "This game is not part of a match: `/resign` gives it up.",
    "resigns": "{user} resigns. {who} wins.{seed}",
    "resigns_match": "{user} resigns the match. {who} wins.{seed}",
    "resigns_leaves": "{user} resigns and leaves the game. {status}",
    "resigns_ending": "{user} resigns. {status}",
}

RU: dict[str, str] = {
    "time_control_error": "Контроль времени: {error}.",
    "options_listed": "\nПараметры игры {title}:\n{listed}",
    "not_yourself": "Все игроки должны быть разными людьми (играть с самим собой нельзя).",
    "needs_players": "Для игры {title} здесь нужно игроков: {needed}; вы назвали: {named}.",
    "channel_busy": "В этом канале уже есть партия (или открытый вызов). Сначала закончите "
                    "или отмените её, либо используйте другой канал или ветку.",
    "host_starts": "хозяин начинает партию командой `/start`",
    "starts_at_join": "партия начнётся, как только кто-нибудь присоединится",
    "lobby_opened": "{host} собирает партию **{title}** на {size} "
                    "{size:игрока|игроков|игроков}{terms}: `/join` — "
                    "занять место; {start} (свободные места ждут {hours} ч).",
    "challenges": "{challenger} вызывает {invited} на партию **{title}**{terms}. Ответьте "
                  "`/accept` или `/decline` (вызов действует {hours} ч).",
    "sets_up_computer": "{user} начинает партию **{title}**{terms} с {computers}{watching}; "
                        "компьютер согласен.\n{begun}",
    "watches": " ({user} наблюдает)",
    "challenges_with_computer": "{challenger} вызывает {invited} на партию **{title}**{terms} "
                                "вместе с {computers}; компьютер согласен. Ответьте "
                                "`/accept` или `/decline`.",
    "no_challenge": "В этом канале нет открытого вызова.",
    "not_addressed": "Этот вызов адресован не вам.",
    "already_accepted": "Вы уже приняли вызов; ждём остальных.",
    "accepts_waiting": "{user} принимает вызов. Ещё ждём: {waiting}.",
    "only_invited_decline": "Отклонить вызов может только приглашённый игрок (бросивший "
                            "вызов может его отменить: `/abort`).",
    "declines": "{user} отклоняет вызов.",
    "no_lobby": "В этом канале нет открытого набора в партию.",
    "no_open_seat": "В этом вызове игроки уже названы; свободных мест нет.",
    "already_seated": "Вы уже заняли место в этой партии.",
    "lobby_full": "Все места заняты (игроков: {max}).",
    "joins": "{user} присоединяется. За столом: {names}. {host} может начать партию "
             "командой `/start` (игроков: {min}–{max}).",
    "only_host_starts": "Начать партию может только тот, кто её собрал.",
    "needs_at_least": "Для игры {title} нужно не меньше {min} {min:игрока|игроков|игроков}; "
                      "пока за столом: {seated}.",
    "no_seat": "У вас нет места в этой партии (`/join` — занять место).",
    "host_aborts": "Эту партию собрали вы: `/abort` закроет её для всех.",
    "leaves_lobby": "{user} уходит из-за стола. За столом: {names}. `/join` — занять место.",
    "no_game_here": "В этом канале нет партии.",
    "only_host_closes": "Закрыть набор может только хозяин ({host}) или модератор.",
    "only_host_closes_seated": "Закрыть набор может только хозяин ({host}) или модератор; "
                               "`/decline` освободит ваше место.",
    "only_players_abort": "Отменить эту партию могут только её игроки (до первого хода) или "
                          "модератор.",
    "started_no_abort": "Партия уже началась: отменить её теперь может только модератор "
                        "(вы можете сдаться: `/resign`).",
    "aborted": "{user} отменяет партию.{seed}",
    "rematch_none": "Здесь нет оконченной партии, чтобы сыграть ещё раз.",
    "rematch_not_player": "Реванш могут предложить только игроки последней партии.",
    "cannot_seat": "В игре {title} не может быть игроков: {count}.",
    "level_without_computer": "`level` — для игры с компьютером: назовите соперником "
                              "@{computer}.",
    "unknown_level": "Неизвестный уровень `{level}`: выберите easy, normal, hard или expert.",
    "rematch_taken": "После той партии здесь уже предложена или начата новая (возможно, это "
                     "и есть реванш): см. `/board`. Ничего не изменено.",
    "rematch_used": "Это предложение реванша уже использовано: новый вызов {status}. "
                    "Бросьте вызов заново командой `/new`.",
    "rematch_older": "Это предложение реванша относится к более старой партии: с тех пор "
                     "здесь закончилась другая (используйте её кнопку «Реванш»). Ничего не "
                     "изменено.",
    "status_declined": "отклонён", "status_expired": "истёк", "status_aborted": "отменён",
    "resign_leave": "вы выйдете из партии, а остальные продолжат",
    "resign_ends_wins": "партия закончится, и победит {who}",
    "resign_ends": "партия закончится",
    "resign_confirm": "Сдаться в этой партии {title}? Тогда {what}. Это нельзя отменить: "
                      "нажмите **Сдаться**, чтобы подтвердить, или не обращайте внимания на "
                      "это сообщение.",
    "button_resign": "Сдаться",
    "resign_cannot": "Без вас эта партия продолжаться не может; попросите модератора "
                     "отменить её (`/abort`).",
    "resign_not_a_match": "Эта партия не входит в матч: сдать её можно командой `/resign`.",
    "resigns": "{user} сдаётся. Победа — {who}.{seed}",
    "resigns_match": "{user} сдаёт матч. Победа — {who}.{seed}",
    "resigns_leaves": "{user} сдаётся и выходит из партии. {status}",
    "resigns_ending": "Сдача: {user}. {status}",
}
