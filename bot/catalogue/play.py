"""Playing: turn replies, status lines, endings, refusals of /move and answers."""

from renderer.words import SIDE_NAMES

EN: dict[str, str] = {
    # sides (the words the board pictures show) and answers as players see them
    **SIDE_NAMES["en"],
    "noun_taunt": "taunt", "noun_vote": "vote", "noun_raise": "raise",
    "noun_question": "question",
    "who": "{colour} ({name})",
    "or": " or ",
    # refusals
    "race": "Someone else changed this game at the same moment; nothing was applied. "
            "Look at `/board` and try again.",
    "not_playing": "You are not playing in this game.",
    "not_playing_watch": "You are not playing in this game; you can watch with `/board`.",
    "no_game": "There is no game in this channel. Start one with `/new`.",
    "not_started": "The game here has not started: the challenge is still open.",
    "game_over_refusal": "The game is over: {result}.",
    "changed_since": "The game changed since this turn was chosen.",
    "wrong_turn": "That move was written for turn {expected}, but the game is at turn "
                  "{now}. Look at `/board` again.",
    "to_move_hint": " {who} is to move (with `/move`).",
    "nothing_to_answer": "No challenge, taunt or vote is waiting for an answer here.{turn}",
    "answer_not_due": "Nothing is waiting for an answer, so `{text}` answers nothing. It is "
                      "your turn{dice}: play a move (`/legal` lists them; **Play** under the "
                      "board builds one).",
    "answer_not_yours": "The {noun} is waiting for {waiting}, not for you.",
    "not_your_turn": "It is not your turn: {who} is to move.",
    "not_playable": "`{text}` is not playable: {error}",
    "waiting_not_you": "The game is waiting for {waiting} to answer; nothing to do for you "
                       "yet.",
    "not_an_answer": "`{text}` is not an answer the game can take: {error}",
    # a game's start, a turn's reply
    "opening_throw": "Opening throw: {throws}. ",
    "begins": "**{title}** begins. ",
    "preview": "Preview (nothing is played): `{record}` gives\n`{listing}`\n"
               "Play it with `/move {moves}`.",
    "preview_footer": "preview: not played",
    "answers": "**{side}** answers: `{record}`",
    "passed": " (no legal move: passed)",
    "waiting_for": "Waiting for {waiting} to answer: {choices}{left}. {pings}",
    "to_move": "{who} to move{dice}{left}. {ping}",
    "with_dice": " with {dice}",
    "thinking": "thinking…",
    # the end
    "game_over": "**Game over**{after}: {result}.",
    "game_over_won": "**Game over**{after}: **{who}**{won}{reason}.",
    "after_turns": " after {turns} {turns:turn|turns}",
    "won": " wins",
    "won_points": " wins {points} {points:point|points}",
    "drawn": "draw",
    "seed_note": " Dice seed revealed: `{seed}`. How to check every throw: save the game "
                 "record (attached, or `/record`) and run `boardbot verify FILE` (boardbot's "
                 "command line, installed with the bot: see its README).",
    "commitment": "Dice commitment (SHA-256 of the secret seed, revealed at the end): "
                  "`{hash}`\n",
    # answers a button no longer gives
    "game_gone_challenge": "That game has not started yet. Nothing was changed.",
    "game_gone_finished": "That game is over ({result}). Nothing was changed.",
    "game_gone_aborted": "That game was aborted. Nothing was changed.",
    "game_gone_never": "That game never started. Nothing was changed.",
    "more_rows": "… and {rest} more.",
    # the computer: hints, take-backs against it
    "hint_watching": "Hints are for the players of this game; you are watching.",
    "hint_not_waiting": "The game is waiting for {waiting} to answer; a hint is for whoever "
                        "the game waits for.",
    "hint_not_turn": "It is not your turn: {who} is to move. A hint is for the player to move.",
    "hint_answer": "answer", "hint_play": "play",
    "hint_why": ": it {reason}.",
    "hint_level": "A hint comes from `hard` (the default) or `expert`, not `{level}`.",
    "hint": "Hint for turn {turn}: the computer at `{level}` would {verb} `{text}`{why} "
            "Play it with `/move {text}` if you agree. (This game's record now notes that a "
            "hint was used.)",
    "computer_no_takeback": "{computer} does not allow take-backs in a game with a clock; "
                            "against the computer they are allowed in games without one.",
    "takeback_also": " and the {count} {count:entry|entries} after it",
    "computer_takeback": "{user} takes back turn {turn} `{record}`{also}; {computer} allows it "
                         "(the dice stay).\n{status}",
    # a computer's turn saved but not posted before the bot stopped, posted after
    "computer_late": "(Played before the bot restarted; posted now.)",
}

RU: dict[str, str] = {
    **SIDE_NAMES["ru"],
    "noun_taunt": "вызов", "noun_vote": "голосование", "noun_raise": "повышение ставки",
    "noun_question": "вопрос",
    # the player first: his name takes the verb ("ходит alice (Белые)"); the plural
    # colour before a singular verb did not ("ходит Белые (alice)")
    "who": "{name} ({colour})",
    "or": " или ",
    "race": "В этот же момент игру изменил кто-то другой; ничего не применено. "
            "Посмотрите `/board` и попробуйте ещё раз.",
    "not_playing": "Вы не участвуете в этой партии.",
    "not_playing_watch": "Вы не участвуете в этой партии; следить за ней можно через "
                         "`/board`.",
    "no_game": "В этом канале нет партии. Начните её командой `/new`.",
    "not_started": "Партия здесь ещё не началась: вызов пока открыт.",
    "game_over_refusal": "Партия окончена: {result}.",
    "changed_since": "Партия изменилась с тех пор, как был выбран этот ход.",
    "wrong_turn": "Этот ход написан для хода №{expected}, а партия уже на ходу №{now}. "
                  "Посмотрите `/board` ещё раз.",
    "to_move_hint": " Сейчас ходит {who} (командой `/move`).",
    "nothing_to_answer": "Здесь никто не ждёт ответа на вызов или голосование.{turn}",
    "answer_not_due": "Никто не ждёт ответа, поэтому `{text}` ничему не отвечает. Сейчас ваш "
                      "ход{dice}: сделайте ход (`/legal` покажет варианты, кнопка **Ходить** "
                      "под доской соберёт ход).",
    "answer_not_yours": "Ответа ({noun}) ждут от: {waiting}, а не от вас.",
    "not_your_turn": "Сейчас не ваш ход: ходит {who}.",
    "not_playable": "`{text}` так сыграть нельзя: {error}",
    "waiting_not_you": "Партия ждёт ответа от: {waiting}; от вас пока ничего не нужно.",
    "not_an_answer": "`{text}` не подходит как ответ: {error}",
    "opening_throw": "Первый бросок: {throws}. ",
    "begins": "**{title}**: партия началась. ",
    "preview": "Предпросмотр (ничего не сыграно): `{record}` даёт\n`{listing}`\n"
               "Сыграть: `/move {moves}`.",
    "preview_footer": "предпросмотр: не сыграно",
    "answers": "**{side}** отвечает: `{record}`",
    "passed": " (ходов нет: пропуск)",
    "waiting_for": "Ждём ответа от: {waiting}. Варианты: {choices}{left}. {pings}",
    "to_move": "Ход: {who}{dice}{left}. {ping}",
    "with_dice": ", кости {dice}",
    "thinking": "думает…",
    "game_over": "**Партия окончена**{after}: {result}.",
    "game_over_won": "**Партия окончена**{after}: победа — **{who}**{won}{reason}.",
    "after_turns": " после {turns} {turns:хода|ходов|ходов}",
    "won": "",
    "won_points": ", {points} {points:очко|очка|очков}",
    "drawn": "ничья",
    "seed_note": " Зерно костей раскрыто: `{seed}`. Как проверить каждый бросок: сохраните "
                 "запись партии (во вложении или через `/record`) и выполните "
                 "`boardbot verify FILE` (программа командной строки, ставится вместе с "
                 "ботом: см. его `README`).",
    "commitment": "Отпечаток зерна костей (SHA-256 секретного зерна; само зерно раскроется "
                  "в конце): `{hash}`\n",
    "game_gone_challenge": "Эта партия ещё не началась. Ничего не изменено.",
    "game_gone_finished": "Эта партия окончена ({result}). Ничего не изменено.",
    "game_gone_aborted": "Эта партия была отменена. Ничего не изменено.",
    "game_gone_never": "Эта партия так и не началась. Ничего не изменено.",
    "more_rows": "… и ещё {rest}.",
    "hint_watching": "Подсказки — для игроков этой партии; вы наблюдаете.",
    "hint_not_waiting": "Партия ждёт ответа от: {waiting}; подсказка — для того, чьего "
                        "ответа ждут.",
    "hint_not_turn": "Сейчас не ваш ход: ходит {who}. Подсказка — для того, чей ход.",
    "hint_answer": "ответил бы", "hint_play": "сыграл бы",
    "hint_why": " — {reason}.",
    "hint_level": "Подсказку даёт уровень `hard` (по умолчанию) или `expert`, а не `{level}`.",
    "hint": "Подсказка к ходу {turn}: компьютер на уровне `{level}` {verb} `{text}`{why} "
            "Если согласны, сыграйте: `/move {text}`. (В записи партии теперь отмечено, что "
            "была подсказка.)",
    "computer_no_takeback": "{computer} не разрешает возвращать ходы в партии с часами; в "
                            "партиях без часов против компьютера это можно.",
    "takeback_also": " и {count} {count:следующую запись|следующие записи|следующих записей}",
    "computer_takeback": "{user} возвращает ход {turn} `{record}`{also}; {computer} не "
                         "возражает (кости остаются прежними).\n{status}",
    "computer_late": "(Сыграно до перезапуска бота; публикуется сейчас.)",
}
