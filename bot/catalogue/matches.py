"""Matches to N points: refusals, the score line, the next game, the match's end.
(The match record's tags and ``replay``'s output are data: English, not here.)"""

EN: dict[str, str] = {
    "match_terms": ", a match to {target} {target:point|points}",
    "match_two_players": "A match is between two players: name your one opponent, e.g. "
                         "`/new {game} @bob match=7`.",
    "match_two_sides": "{title} matches are for two players (what a game scores is "
                            "between the two); this game has {players} "
                            "{players:player|players}.",
    "match_no_points": "{title} has no matches: a match is played to a number of points, and "
                       "a {title} game scores none.",
    "match_target_word": "`match={text}` is not a number of points: write e.g. `match=7` (1 "
                         "to {most}).",
    "match_target_range": "A match is played to 1 to {most} {most:point|points}, not {target}: "
                          "write e.g. "
                          "`match=7`.",
    "match_caption": "Match to {target}, game {number}: {score}",
    "match_crawford_mark": " · Crawford game",
    "match_won": "**{winner} wins the match to {target}** ({result}): {score}.",
    "match_result_resigned": "{player} resigned the match",
    "match_result_reached": "{player} reached {target}",
    "match_game_begins": "**Match to {target}**: {score}. Game {number} begins.{crawford}",
    "crawford_no_taunts": " This is the **Crawford game**: no taunts (the cube) in it.",
    "crawford_no_cube": " This is the **Crawford game**: {title} has no cube, so it is "
                        "played as any other.",
    "match_record_of": "Record of match {id} (games 1 to {number}).",
    "match_resign_choice": " In a match, **Resign** gives up this game's points only; "
                           "**Resign the match** gives your opponent the match.",
    "button_resign_match": "Resign the match",
}

RU: dict[str, str] = {
    "match_terms": ", матч до {target} {target:очка|очков|очков}",
    "match_two_players": "Матч играется вдвоём: назовите одного соперника, например "
                         "`/new {game} @bob match=7`.",
    "match_two_sides": "Матчи в {title} — только для двоих (очки партии разыгрываются "
                            "между двумя игроками); в этой партии игроков: {players}.",
    "match_no_points": "В {title} матчей нет: матч играется до заданного числа очков, а "
                       "партия {title} очков не приносит.",
    "match_target_word": "`match={text}` — не число очков: напишите, например, `match=7` (от "
                         "1 до {most}).",
    "match_target_range": "Матч играется до 1–{most} {most:очка|очков|очков}, а не до {target}: "
                          "напишите, "
                          "например, `match=7`.",
    "match_caption": "Матч до {target}, партия {number}: {score}",
    "match_crawford_mark": " · партия Кроуфорда",
    "match_won": "**{winner} выигрывает матч до {target}** ({result}): {score}.",
    "match_result_resigned": "{player} сдаёт матч",
    "match_result_reached": "{player} набирает {target} {target:очко|очка|очков}",
    "match_game_begins": "**Матч до {target}**: {score}. Начинается партия {number}."
                         "{crawford}",
    "crawford_no_taunts": " Это **партия Кроуфорда**: вызовов (куба) в ней нет.",
    "crawford_no_cube": " Это **партия Кроуфорда**: в {title} нет куба, так что она "
                        "играется как обычно.",
    "match_record_of": "Запись матча {id} (партии с 1 по {number}).",
    "match_resign_choice": " В матче **Сдаться** отдаёт только очки этой партии; **Сдать "
                           "матч** отдаёт сопернику весь матч.",
    "button_resign_match": "Сдать матч",
}
