"""Taunts chosen after the turn (CheeseGambit): the offer, its buttons, ``/taunt``'s
refusals."""

EN: dict[str, str] = {
    "button_taunt": "Taunt {player}",
    "taunt_offer": "{name} may still taunt {whom} before the next move (the Taunt button, or "
                   "{commands}).",
    "taunt_button_unreadable": "That Taunt button does not say which turn it belongs to, so "
                               "it does nothing. Nothing was changed.",
    "taunt_button_not_yours": "That Taunt button is for {mover}, who bumped {target} at turn "
                              "{turn}: only they may taunt. Nothing was changed.",
    "taunt_no_taunts": "{title} has no taunts.",
    "taunt_names_nobody": "`{named}` names no opponent here: write a colour, e.g. {sides}.",
    "taunt_last_turn": " The last turn was {turn}, played by {who}.",
    "taunt_only_after_own": "You can taunt only right after your own turn bumped someone, "
                            "before the next move.{latest} Nothing was changed.",
    "taunt_already": "You already taunted at turn {turn} (`{record}`): one taunt a turn. "
                     "Nothing was changed.",
    "taunt_answer_first": "The game waits for {waiting} to answer first; a taunt comes only "
                          "right after a turn. Nothing was changed.",
    "taunt_cannot_replay": "This taunt cannot be played (the log of this game does not replay "
                           "here); ask a moderator.",
    "taunt_refused": "You cannot taunt {target} after turn {turn}: {error}.{instead} Nothing "
                     "was changed.",
    "taunt_instead": " After this turn you may taunt {whom}.",
    "taunt_none_possible": " No taunt is possible after this turn.",
    "taunt_gone_taunted": "{mover} already taunted at turn {turn} (`{record}`): one taunt a "
                          "turn. Nothing was changed.",
    "taunt_gone_taken_back": "Turn {turn} was taken back since, so its taunt is gone. Nothing "
                             "was changed.",
    "taunt_gone_moved": "The taunt after turn {turn} had to come before the next move, and "
                        "{who} has played turn {number} since (`{record}`). Nothing was "
                        "changed.",
    "taunt_gone_moved_on": "The taunt after turn {turn} is no longer open: the game has moved "
                           "on since (`{line}`). Nothing was changed.",
}

RU: dict[str, str] = {
    "button_taunt": "Бросить вызов: {player}",
    "taunt_offer": "{name} ещё может бросить вызов до следующего хода: {whom} (кнопка «Бросить "
                   "вызов» или {commands}).",
    "taunt_button_unreadable": "По этой кнопке вызова не понять, к какому ходу она относится, "
                               "поэтому она ничего не делает. Ничего не изменено.",
    "taunt_button_not_yours": "Эта кнопка вызова — для игрока {mover}, сбившего {target} на ходу "
                              "{turn}: бросить вызов может только этот игрок. Ничего не "
                              "изменено.",
    "taunt_no_taunts": "В {title} вызовов нет.",
    "taunt_names_nobody": "`{named}` — здесь нет такого соперника: напишите цвет, например "
                          "{sides}.",
    "taunt_last_turn": " Последним был ход {turn} ({who}).",
    "taunt_only_after_own": "Бросить вызов можно только сразу после своего хода, в котором вы "
                            "кого-то сбили, и до следующего хода.{latest} Ничего не изменено.",
    "taunt_already": "Вы уже бросили вызов на ходу {turn} (`{record}`): один вызов за ход. "
                     "Ничего не изменено.",
    "taunt_answer_first": "Сначала партия ждёт ответа: {waiting}; вызов бросают только сразу "
                          "после хода. Ничего не изменено.",
    "taunt_cannot_replay": "Этот вызов нельзя сыграть (запись партии здесь не "
                           "воспроизводится); обратитесь к модератору.",
    "taunt_refused": "Нельзя бросить вызов игроку {target} после хода {turn}: {error}.{instead} "
                     "Ничего не изменено.",
    "taunt_instead": " После этого хода можно бросить вызов: {whom}.",
    "taunt_none_possible": " После этого хода вызов невозможен.",
    "taunt_gone_taunted": "{mover}: вызов на ходу {turn} уже брошен (`{record}`), один вызов "
                          "за ход. Ничего не изменено.",
    "taunt_gone_taken_back": "Ход {turn} с тех пор вернули, и вызова после него больше нет. "
                             "Ничего не изменено.",
    "taunt_gone_moved": "Вызов после хода {turn} нужно было бросить до следующего хода, а с тех "
                        "пор уже сыгран ход {number} ({who}, `{record}`). Ничего не изменено.",
    "taunt_gone_moved_on": "Вызов после хода {turn} больше невозможен: партия ушла дальше "
                           "(`{line}`). Ничего не изменено.",
}
