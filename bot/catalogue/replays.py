"""``/replay game:ID``: its refusals (the user's language), the reply and the picture's
description (the channel's) and the captions of the animation's frames."""

EN: dict[str, str] = {
    # refusals
    "replay_no_start": "Game {id} has no starting position to replay from; "
                       "`/record game:{id}` gives its record.",
    "replay_no_turns": "Game {id} ended before its first turn: there is nothing to replay "
                       "(`/record game:{id}` shows how it ended).",
    "replay_no_pictures": "This bot runs without pictures, so it cannot animate game {id}: "
                          "`/record game:{id}` gives its record and "
                          "`/board game:{id} turn:N` any position in words.",
    "replay_broken": "Game {id} does not replay any more ({error}); "
                     "`/record game:{id}` still gives its record.",
    "replay_no_renderer": "{title} has no board pictures yet: "
                          "`/record game:{id}` gives the record.",
    "replay_too_large": "Game {id} does not fit this server's upload limit of {limit} even "
                        "as a small, sampled animation; `/record game:{id}` gives its record.",
    # the reply
    "replay_vs": " vs ",
    "replay_every_turn": "every turn",
    "replay_every_step": "every {step} {step:turn|turns}, then the last few one by one",
    "replay": "**{title}**, game {id}: {players}, {result}. Replay of {turns} "
              "{turns:turn|turns} in {frames} {frames:frame|frames} ({shown}), {seconds:.1f} s "
              "a frame, "
              "{size}.",
    "replay_description": "Animated replay of {title} game {id}, {players}: {frames} "
                          "{frames:frame|frames}.",
    "replay_mib": "{size:.1f} MiB",
    "replay_kib": "{size} KiB",
    # the frames' captions
    "replay_start": "{title}, game {id}: the start",
    "replay_turn": "Turn {turn} of {last}",
    "replay_result": "{text} Result: {result}.",
}

RU: dict[str, str] = {
    "replay_no_start": "У партии {id} нет начальной позиции, с которой её можно повторить; "
                       "её запись даёт `/record game:{id}`.",
    "replay_no_turns": "Партия {id} окончилась до первого хода: повторять нечего "
                       "(`/record game:{id}` показывает, как она окончилась).",
    "replay_no_pictures": "Этот бот работает без картинок, поэтому не может оживить партию "
                          "{id}: её запись даёт `/record game:{id}`, а любую позицию словами — "
                          "`/board game:{id} turn:N`.",
    "replay_broken": "Партия {id} больше не повторяется ({error}); её запись по-прежнему даёт "
                     "`/record game:{id}`.",
    "replay_no_renderer": "У игры {title} пока нет картинок доски: запись даёт "
                          "`/record game:{id}`.",
    "replay_too_large": "Партия {id} не помещается в предел загрузки этого сервера ({limit}) "
                        "даже как маленькая выборочная анимация; её запись даёт "
                        "`/record game:{id}`.",
    "replay_vs": " против ",
    "replay_every_turn": "каждый ход",
    "replay_every_step": "по {step} {step:ходу|хода|ходов} на кадр, последние — по одному",
    "replay": "**{title}**, партия {id}: {players}, {result}. Повтор {turns} "
              "{turns:хода|ходов|ходов} в {frames} {frames:кадре|кадрах|кадрах} ({shown}), "
              "{seconds:.1f} с на кадр, {size}.",
    "replay_description": "Анимированный повтор партии {title} {id}, {players}: {frames} "
                          "{frames:кадр|кадра|кадров}.",
    "replay_mib": "{size:.1f} МиБ",
    "replay_kib": "{size} КиБ",
    "replay_start": "{title}, партия {id}: начало",
    "replay_turn": "Ход {turn} из {last}",
    "replay_result": "{text} Итог: {result}.",
}
