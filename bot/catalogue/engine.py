"""The rules engines' error messages (``GameError``: bad notation, illegal turns, wrong
dice, bad options) in the player's language.

The engines are pure and English (``games/`` never imports the bot); the service shows
``str(error)`` in private refusals.  As ``reasons`` does for endings, this reads the
English: a message that fully matches a pattern is said by its key, the pattern's named
groups kept as values (points, squares, move texts, dice as the engine wrote them).
Groups named ``reason``, ``rest``, ``why`` or ``label`` are messages themselves and are
said the same way (``result``, ``ending``: as ``reasons`` says endings), so the
wrappers (``... Legal instead: ...``, ``... (column 3 of '24/x')``, ``label: reason``,
``a; b``) translate what they hold.  A part no pattern knows stays as the
engine wrote it.  tests/bot/test_engine_errors.py checks every raise site under games/
against these patterns."""

from __future__ import annotations

import re

from bot.catalogue.reasons import reason_in

#: (engine phrase as a full-match regex, key, English template, Russian template).
#: English templates rebuild the engine's text from the groups (tested), so a key
#: is also a description of the message.  Specific phrases first, wrappers last.
_TABLE: tuple[tuple[str, str, str, str], ...] = (
    # -- the error classes' own wrappers (games/errors.py) ---------------------------
    (r"(?P<reason>.+)\. Legal instead: (?P<shown>.+?) \(and (?P<more>\d+) more\)",
     "gerr_legal_more", "{reason}. Legal instead: {shown} (and {more} more)",
     "{reason}. Можно так: {shown} (и ещё {more})"),
    (r"(?P<reason>.+)\. Legal instead: (?P<shown>.+)",
     "gerr_legal", "{reason}. Legal instead: {shown}", "{reason}. Можно так: {shown}"),
    (r"(?P<reason>.+) \(column (?P<column>\d+) of (?P<text>.+)\)",
     "gerr_column", "{reason} (column {column} of {text})",
     "{reason} (символ {column} в {text})"),
    # -- reading move text: every game (games/notation.py) ---------------------------
    (r"that text is (?P<length>.+?) characters; a turn is written in at most (?P<limit>.+?)",
     "gerr_text_long", "that text is {length} characters; a turn is written in at most {limit}",
     "в тексте {length} {length:символ|символа|символов}, а ход пишется не длиннее {limit}"),
    (r"unmatched '\)'", "gerr_unmatched", "unmatched ')'", "лишняя ')'"),
    (r"unclosed '\('", "gerr_unclosed", "unclosed '('", "не закрыта '('"),
    (r"more than (?P<n>.+?) moves and notes written; a turn has far fewer",
     "gerr_too_many_tokens", "more than {n} moves and notes written; a turn has far fewer",
     "написано больше {n} {n:перемещения|перемещений|перемещений} и пометок; в ходе их гораздо "
     "меньше"),
    (r"count (?P<count>.+?) is out of range 1-(?P<limit>.+?)", "gerr_count_range",
     "count {count} is out of range 1-{limit}", "число {count} вне диапазона 1-{limit}"),
    (r"move text must be a string", "gerr_not_string", "move text must be a string",
     "ход должен быть текстом"),
    # -- Hachapury notation -----------------------------------------------------------
    (r"no moves written \(write `\(no move\)` to pass\)", "gerr_h_empty",
     "no moves written (write `(no move)` to pass)",
     "не написано ни одного перемещения (чтобы пропустить ход, напишите `(no move)`)"),
    (r"a pass cannot be combined with moves", "gerr_h_pass_with_moves",
     "a pass cannot be combined with moves", "пропуск хода нельзя сочетать с перемещениями"),
    (r"pass written twice", "gerr_h_pass_twice", "pass written twice",
     "пропуск хода написан дважды"),
    (r"a pass cannot be counted", "gerr_h_pass_counted", "a pass cannot be counted",
     "у пропуска хода не бывает числа повторов"),
    (r"a count is written with digits 0-9, like 2\(24/18\)", "gerr_h_count_digits",
     "a count is written with digits 0-9, like 2(24/18)",
     "число повторов пишется цифрами 0-9, например 2(24/18)"),
    (r"empty count group", "gerr_h_empty_group", "empty count group",
     "пустая группа повторов"),
    (r"more than (?P<n>.+?) moves written", "gerr_h_too_many", "more than {n} moves written",
     "написано больше {n} {n:перемещения|перемещений|перемещений}"),
    (r"nothing can follow F \(borne off\)", "gerr_h_after_f", "nothing can follow F (borne off)",
     "после F (выброшена) ничего не пишется"),
    (r"point (?P<point>.+?) is not on the board \(1-24\)", "gerr_h_no_point",
     "point {point} is not on the board (1-24)", "пункта {point} нет на доске (1-24)"),
    (r"a move starts from a point 1-24", "gerr_h_start_point", "a move starts from a point 1-24",
     "перемещение начинается с пункта 1-24"),
    (r"F written twice", "gerr_h_f_twice", "F written twice", "F написано дважды"),
    (r"expected a point number, got (?P<got>.+)", "gerr_h_want_point",
     "expected a point number, got {got}", "ожидался номер пункта, а написано {got}"),
    (r"Hachapury has no hitting, so there is nothing to mark with '\*': write (?P<move>.+)",
     "gerr_h_no_hit", "Hachapury has no hitting, so there is nothing to mark with '*': "
     "write {move}", "в Хачапури фишки не сбивают, отмечать '*' нечего: напишите {move}"),
    (r"expected '/', got (?P<got>.+)", "gerr_h_want_slash", "expected '/', got {got}",
     "ожидалась '/', а написано {got}"),
    (r"a move is written like 24/18", "gerr_h_move_like", "a move is written like 24/18",
     "перемещение пишется так: 24/18"),
    (r"a move needs a source and a destination, like 24/18", "gerr_h_move_ends",
     "a move needs a source and a destination, like 24/18",
     "у перемещения должны быть начало и конец, например 24/18"),
    # -- Hachapury rules ----------------------------------------------------------------
    (r"bad dice (?P<dice>.+?): Hachapury throws two dice 1-6", "gerr_h_bad_dice",
     "bad dice {dice}: Hachapury throws two dice 1-6",
     "неверные кости {dice}: в Хачапури бросают две кости 1-6"),
    (r"the game is over: (?P<result>.+)", "gerr_over_colon", "the game is over: {result}",
     "партия окончена: {result}"),
    (r"you wrote (?P<steps>.+?) moves but (?P<dice>.+?) gives at most (?P<most>.+?)",
     "gerr_wrote_too_many", "you wrote {steps} moves but {dice} gives at most {most}",
     "написано перемещений: {steps}, а {dice} даёт не больше {most}"),
    (r"(?P<label>.+?): bearing off from (?P<point>.+?) needs at least (?P<need>.+?) pips, "
     r"the dice (?P<dice>.+?) give (?P<total>.+?)", "gerr_h_bear_pips",
     "{label}: bearing off from {point} needs at least {need} pips, the dice {dice} give "
     "{total}", "{label}: чтобы выбросить фишку с пункта {point}, нужно не меньше {need} "
     "{need:очка|очков|очков}, а кости {dice} дают {total}"),
    (r"(?P<label>.+?): checkers move from higher to lower points \(from 24 towards 1\), "
     r"so this goes the wrong way", "gerr_h_wrong_way",
     "{label}: checkers move from higher to lower points (from 24 towards 1), so this goes "
     "the wrong way", "{label}: фишки ходят со старших пунктов на младшие (от 24 к 1), а это "
     "ход в обратную сторону"),
    (r"(?P<label>.+?): that is (?P<pips>.+?) pips?, which no die or sum of the dice "
     r"(?P<dice>.+?) makes", "gerr_h_no_sum",
     "{label}: that is {pips} {pips:pip|pips}, which no die or sum of the dice {dice} makes",
     "{label}: это {pips} {pips:очко|очка|очков}, а ни одна кость и ни одна сумма костей {dice} "
     "столько не "
     "даёт"),
    (r"you have a legal move, so you cannot pass", "gerr_h_cannot_pass",
     "you have a legal move, so you cannot pass",
     "у вас есть допустимый ход, поэтому пропустить нельзя"),
    (r"you have no legal move with (?P<dice>.+?): write `\(no move\)`", "gerr_h_no_move",
     "you have no legal move with {dice}: write `(no move)`",
     "с {dice} у вас нет допустимого хода: напишите `(no move)`"),
    (r"you must use both dice: e\.g\. `(?P<example>.+)`", "gerr_h_both_dice",
     "you must use both dice: e.g. `{example}`",
     "нужно сыграть обе кости: например, `{example}`"),
    (r"you must play (?P<most>.+?) dice \(as many as possible\), not (?P<used>.+?): "
     r"e\.g\. `(?P<example>.+)`", "gerr_h_max_dice",
     "you must play {most} dice (as many as possible), not {used}: e.g. `{example}`",
     "нужно сыграть столько костей, сколько можно ({most}), а не {used}: например, "
     "`{example}`"),
    (r"with only one die playable the higher \((?P<high>.+?)\) must be used",
     "gerr_h_higher_die", "with only one die playable the higher ({high}) must be used",
     "когда можно сыграть только одну кость, играется старшая ({high})"),
    (r"that is not a legal full turn", "gerr_h_not_full", "that is not a legal full turn",
     "это не полный допустимый ход"),
    (r"that turn is not legal", "gerr_turn_not_legal", "that turn is not legal",
     "такой ход недопустим"),
    (r"those moves need more dice than (?P<dice>.+)", "gerr_h_more_dice",
     "those moves need more dice than {dice}",
     "для этих перемещений нужно больше костей, чем {dice}"),
    (r"you have no checker on point (?P<point>.+)", "gerr_h_no_checker",
     "you have no checker on point {point}", "у вас нет фишки на пункте {point}"),
    (r"(?P<label>.+?): you have no checker on point (?P<point>.+)", "gerr_h_no_checker_at",
     "{label}: you have no checker on point {point}",
     "{label}: у вас нет фишки на пункте {point}"),
    (r"the game is over once your last checker is borne off; nothing can be played after it",
     "gerr_h_over_after_off", "the game is over once your last checker is borne off; nothing "
     "can be played after it", "партия кончается, как только выброшена последняя фишка; "
     "после этого ничего не играется"),
    (r"point (?P<point>.+?) is held by (?P<opponent>.+)", "gerr_h_held",
     "point {point} is held by {opponent}", "пункт {point} занят: там {opponent}"),
    (r"cannot bear off: (?P<n>\d+) checker is still outside the home", "gerr_h_outside_one",
     "cannot bear off: {n} checker is still outside the home",
     "выбрасывать нельзя: {n} {n:фишка|фишки|фишек} ещё вне дома"),
    (r"cannot bear off: (?P<n>\d+) checkers are still outside the home", "gerr_h_outside",
     "cannot bear off: {n} checkers are still outside the home",
     "выбрасывать нельзя: {n} {n:фишка|фишки|фишек} ещё вне дома"),
    (r"cannot bear off from (?P<point>.+?) with a (?P<die>.+?): a checker stands on "
     r"(?P<highest>.+?), and a die bears off from a lower point only when no checker stands "
     r"on its own point or higher", "gerr_h_bear_higher",
     "cannot bear off from {point} with a {die}: a checker stands on {highest}, and a die "
     "bears off from a lower point only when no checker stands on its own point or higher",
     "нельзя выбросить фишку с пункта {point} на {die}: фишка стоит на {highest}, а кость "
     "выбрасывает с младшего пункта, только когда на её собственном пункте и выше фишек нет"),
    (r"cannot bear off from (?P<point>.+?) with a (?P<die>.+?): a (?P<die2>.+?) bears off "
     r"from the highest occupied point, (?P<highest>.+)", "gerr_h_bear_highest",
     "cannot bear off from {point} with a {die}: a {die2} bears off from the highest "
     "occupied point, {highest}", "нельзя выбросить фишку с пункта {point} на {die}: {die2} "
     "выбрасывает с самого старшего занятого пункта, {highest}"),
    (r"that leaves a barrier of (?P<n>.+?) points (?P<where>.+?) with no (?P<opponent>.+?) "
     r"checker past it", "gerr_h_barrier",
     "that leaves a barrier of {n} points {where} with no {opponent} checker past it",
     "так получается заслон из {n} {n:пункта|пунктов|пунктов} ({where}), а за ним нет ни одной "
     "фишки "
     "{opponent}"),
    # -- CheeseGambit notation ----------------------------------------------------------
    (r"square (?P<square>.+?) is not on the track \(1-(?P<track>.+?)\)", "gerr_c_no_square",
     "square {square} is not on the track (1-{track})",
     "клетки {square} нет на дорожке (1-{track})"),
    (r"expected a square \(1-72, P, S1-S6, R1-R6 or F\) at (?P<at>.+)", "gerr_c_want_square",
     "expected a square (1-72, P, S1-S6, R1-R6 or F) at {at}",
     "ожидалась клетка (1-72, P, S1-S6, R1-R6 или F) на месте {at}"),
    (r"'\*' marks a bump after the square landed on, like 65/66\*", "gerr_c_star",
     "'*' marks a bump after the square landed on, like 65/66*",
     "'*' отмечает сбитие после клетки, куда пришла фишка, например 65/66*"),
    (r"expected '/' or 'X' between squares, found (?P<found>.+)", "gerr_c_want_sep",
     "expected '/' or 'X' between squares, found {found}",
     "между клетками ожидалась '/' или 'X', а написано {found}"),
    (r"a move needs a start and an end, like 9/13", "gerr_c_move_ends",
     "a move needs a start and an end, like 9/13",
     "у перемещения должны быть начало и конец, например 9/13"),
    (r"F \(borne off\) can only end a move", "gerr_c_f_end", "F (borne off) can only end a move",
     "F (выброшена) может быть только в конце перемещения"),
    (r"P \(the pool\) can only start a move", "gerr_c_p_start",
     "P (the pool) can only start a move", "P (пул) может быть только в начале перемещения"),
    (r"X marks a bump, and nothing can be bumped on (?P<where>.+?): write (?P<move>.+)",
     "gerr_c_no_bump_there", "X marks a bump, and nothing can be bumped on {where}: "
     "write {move}", "X отмечает сбитие, а на {where} сбить нельзя: напишите {move}"),
    (r"empty move text; write moves like 9/13 13/17, or \(dance\)", "gerr_c_empty",
     "empty move text; write moves like 9/13 13/17, or (dance)",
     "ход пуст; пишите перемещения, например 9/13 13/17, или (dance)"),
    (r"nothing may follow a taunt and its answer", "gerr_c_after_taunt",
     "nothing may follow a taunt and its answer",
     "после вызова и ответа на него ничего не пишется"),
    (r"a taunt's answer is x<stake> or drop", "gerr_c_answer_form",
     "a taunt's answer is x<stake> or drop", "ответ на вызов — x<ставка> или drop"),
    (r"a taunt ends a turn: write the moves first", "gerr_c_taunt_last",
     "a taunt ends a turn: write the moves first",
     "вызов завершает ход: сначала напишите перемещения"),
    (r"\(dance\) stands alone", "gerr_c_dance_alone", "(dance) stands alone",
     "(dance) пишется без ничего другого"),
    (r"(?P<kind>.+?) needs its moves, e\.g\. G 2\(9X13\)", "gerr_c_needs_moves",
     "{kind} needs its moves, e.g. G 2(9X13)",
     "после {kind} нужны перемещения, например G 2(9X13)"),
    (r"(?P<word>.+?) must come first", "gerr_c_first", "{word} must come first",
     "{word} пишется первым"),
    (r"write a vote as: vote G yes \(or no\)", "gerr_c_vote_form",
     "write a vote as: vote G yes (or no)", "голос пишется так: vote G yes (или no)"),
    (r"expected accept, drop, T@B x2, T@B drop or vote G yes/no", "gerr_c_want_answer",
     "expected accept, drop, T@B x2, T@B drop or vote G yes/no",
     "ожидалось accept, drop, T@B x2, T@B drop или vote G yes/no"),
    # -- CheeseGambit rules ---------------------------------------------------------------
    (r"you wrote (?P<steps>.+?) moves but the Gamble bears off at most (?P<most>.+?)",
     "gerr_c_gamble_most", "you wrote {steps} moves but the Gamble bears off at most {most}",
     "написано перемещений: {steps}, а Гамбл выбрасывает не больше {most}"),
    (r"you wrote (?P<steps>.+?) moves but the Gambit moves (?P<most>.+?)",
     "gerr_c_gambit_most", "you wrote {steps} moves but the Gambit moves {most}",
     "написано перемещений: {steps}, а Гамбит двигает {most}"),
    (r"you wrote (?P<steps>.+?) moves but the CheeseGambit places at most (?P<most>.+?)",
     "gerr_c_cheese_most", "you wrote {steps} moves but the CheeseGambit places at most {most}",
     "написано перемещений: {steps}, а ЧизГамбит ставит не больше {most}"),
    (r"you wrote (?P<steps>.+?) moves but (?P<what>.+?) (?P<most>\S+)", "gerr_c_wrote_most",
     "you wrote {steps} moves but {what} {most}",
     "написано перемещений: {steps}, а {what} {most}"),
    (r"a turn needs two dice 1-6, got (?P<dice>.+)", "gerr_c_bad_dice",
     "a turn needs two dice 1-6, got {dice}",
     "для хода нужны две кости 1-6, а получено {dice}"),
    (r"the game is over \((?P<result>.+)\)", "gerr_over_paren", "the game is over ({result})",
     "партия окончена ({result})"),
    (r"the game is over", "gerr_over", "the game is over", "партия окончена"),
    (r"(?P<target>.+?) must first answer (?P<taunter>.+?)'s taunt: accept or drop",
     "gerr_c_answer_first", "{target} must first answer {taunter}'s taunt: accept or drop",
     "{target} должен сначала ответить на вызов {taunter}: принять или сбросить"),
    (r"waiting for the vote to play on \((?P<voters>.+?)\): vote yes or no",
     "gerr_c_vote_wait", "waiting for the vote to play on ({voters}): vote yes or no",
     "ждём голосования, играть ли дальше ({voters}): голосуйте yes или no"),
    (r"doubles while bearing off: the Gamble is mandatory \((?P<why>.+)\)",
     "gerr_c_gamble_mandatory", "doubles while bearing off: the Gamble is mandatory ({why})",
     "дубль при выбрасывании: Гамбл обязателен ({why})"),
    (r"you cannot dance: a move is possible", "gerr_c_no_dance",
     "you cannot dance: a move is possible", "танцевать нельзя: ход возможен"),
    (r"the Gamble is played only with doubles while bearing off", "gerr_c_gamble_when",
     "the Gamble is played only with doubles while bearing off",
     "Гамбл играется только с дублем при выбрасывании"),
    (r"the (?P<name>.+?) needs doubles", "gerr_c_needs_doubles", "the {name} needs doubles",
     "для хода {name} нужен дубль"),
    (r"a (?P<name>.+?) moves its pieces one step each, all the same way",
     "gerr_c_same_way", "a {name} moves its pieces one step each, all the same way",
     "{name} двигает фишки по одному шагу, все одинаково"),
    (r"not a legal (?P<name>.+?): (?P<why>.+)", "gerr_c_not_legal_special",
     "not a legal {name}: {why}", "недопустимый {name}: {why}"),
    # why a special move is not legal (``why`` above)
    (r"S(?P<die>\d+|x) is empty: dance baby dance!", "gerr_c_why_dance",
     "S{die} is empty: dance baby dance!", "S{die} пуста: танцуйте!"),
    (r"every piece on S(?P<die>\d+|x) goes off", "gerr_c_why_all_off",
     "every piece on S{die} goes off", "все фишки с S{die} выбрасываются"),
    (r"it needs an empty pool", "gerr_c_why_empty_pool", "it needs an empty pool",
     "нужен пустой пул"),
    (r"it moves exactly two pieces", "gerr_c_why_two", "it moves exactly two pieces",
     "он двигает ровно две фишки"),
    (r"it moves two pieces from a stack of yours, and (?P<src>.+?) is not one",
     "gerr_c_why_stack", "it moves two pieces from a stack of yours, and {src} is not one",
     "он двигает две фишки из вашей стопки, а на {src} её нет"),
    (r"(?P<move>.+?) must be a move of (?P<die>.+?) onto opponent pieces", "gerr_c_why_onto",
     "{move} must be a move of {die} onto opponent pieces",
     "{move} должен быть ходом на {die} на фишки соперника"),
    (r"it brings pieces back from the pool, and yours is empty", "gerr_c_why_pool_empty",
     "it brings pieces back from the pool, and yours is empty",
     "он возвращает фишки из пула, а ваш пул пуст"),
    (r"it enters from the pool on R(?P<die>.+?) = (?P<square>.+)", "gerr_c_why_enters",
     "it enters from the pool on R{die} = {square}",
     "он вводит фишки из пула на R{die} = {square}"),
    (r"R(?P<die>.+?) = (?P<square>.+?) holds no opponent block", "gerr_c_why_no_block",
     "R{die} = {square} holds no opponent block", "на R{die} = {square} нет блока соперника"),
    (r"it places 1 or 2 pieces \(you have (?P<pool>.+?) in the pool\)", "gerr_c_why_places",
     "it places 1 or 2 pieces (you have {pool} in the pool)",
     "он ставит 1 или 2 фишки (в пуле у вас {pool})"),
    (r"no piece was bumped on (?P<where>.+?) this turn: write (?P<move>.+)",
     "gerr_c_no_bump", "no piece was bumped on {where} this turn: write {move}",
     "на {where} в этом ходу никто не сбит: напишите {move}"),
    (r"these moves can be played more than one way; say which \(mark bumps with X or write "
     r"each die's step\)", "gerr_c_ambiguous", "these moves can be played more than one way; "
     "say which (mark bumps with X or write each die's step)",
     "эти перемещения можно сыграть по-разному; уточните (отметьте сбития буквой X или "
     "напишите шаг каждой кости)"),
    (r"taunts are off in this game", "gerr_c_taunts_off", "taunts are off in this game",
     "вызовы в этой партии отключены"),
    (r"you may taunt only a side you bumped this turn \((?P<who>.+)\)", "gerr_c_taunt_whom",
     "you may taunt only a side you bumped this turn ({who})",
     "вызвать можно только того, чью фишку вы сбили в этом ходу ({who})"),
    (r"no taunt after finishing", "gerr_c_taunt_finished", "no taunt after finishing",
     "после финиша вызывать нельзя"),
    (r"(?P<side>.+?) is not playing any more", "gerr_c_not_playing",
     "{side} is not playing any more", "{side} больше не играет"),
    (r"(?P<holder>.+?) holds the cube between (?P<a>.+?) and (?P<b>.+?): only (?P<who>.+?) "
     r"may taunt next", "gerr_c_cube_holder",
     "{holder} holds the cube between {a} and {b}: only {who} may taunt next",
     "куб между {a} и {b} у {holder}: следующий вызов только за {who}"),
    (r"there is no taunt to answer", "gerr_c_no_taunt", "there is no taunt to answer",
     "отвечать не на что: вызова нет"),
    (r"there is no vote to answer now", "gerr_c_no_vote", "there is no vote to answer now",
     "сейчас голосования нет"),
    (r"(?P<side>.+?) has no vote to cast; waiting for (?P<voters>.+)", "gerr_c_not_voter",
     "{side} has no vote to cast; waiting for {voters}",
     "{side} не голосует; ждём: {voters}"),
    (r"only (?P<target>.+?) may answer (?P<taunter>.+?)'s taunt", "gerr_c_only_target",
     "only {target} may answer {taunter}'s taunt",
     "на вызов {taunter} отвечает только {target}"),
    (r"there is no pending taunt at (?P<target>.+)", "gerr_c_no_pending",
     "there is no pending taunt at {target}", "вызова к {target} нет"),
    (r"accepting makes the stake (?P<stake>.+?), not (?P<written>.+)", "gerr_c_stake_not",
     "accepting makes the stake {stake}, not {written}",
     "после принятия ставка будет {stake}, а не {written}"),
    (r"accepting makes the stake (?P<stake>.+)", "gerr_c_stake",
     "accepting makes the stake {stake}", "после принятия ставка будет {stake}"),
    (r"you vote for (?P<side>.+?), not for (?P<other>.+)", "gerr_c_vote_for",
     "you vote for {side}, not for {other}", "вы голосуете за {side}, а не за {other}"),
    (r"no ordinary move is possible: dance or play the special move", "gerr_c_only_special",
     "no ordinary move is possible: dance or play the special move",
     "обычного хода нет: танцуйте или сыграйте особый ход"),
    (r"no move is possible with these dice: the turn is \(dance\)", "gerr_c_must_dance",
     "no move is possible with these dice: the turn is (dance)",
     "с этими костями хода нет: ход — (dance)"),
    (r"the dice must be used in full \((?P<best>.+?) moves\); for the Gambit write G first, "
     r"e\.g\. G 2\(9X13\)", "gerr_c_full_gambit",
     "the dice must be used in full ({best} moves); for the Gambit write G first, "
     "e.g. G 2(9X13)", "кости нужно сыграть полностью ({best} "
                       "{best:перемещение|перемещения|перемещений}); для Гамбита "
     "сначала напишите G, например G 2(9X13)"),
    (r"the dice must be used in full: this turn must play (?P<best>.+?) (?:die|dice)",
     "gerr_c_full", "the dice must be used in full: this turn must play {best} "
     "{best:die|dice}",
     "кости нужно сыграть полностью: в этом ходу играется костей: {best}"),
    (r"(?P<side>.+?) has (?P<pool>.+?) pieces? in the pool: they must re-enter first "
     r"\(P/R1\.\.R6 = (?P<low>.+?)-(?P<high>.+?)\)", "gerr_c_pool_first",
     "{side} has {pool} {pool:piece|pieces} in the pool: they must re-enter first "
     "(P/R1..R6 = {low}-{high})", "у {side} в пуле фишек: {pool}; сначала они должны "
     "вернуться в игру (P/R1..R6 = {low}-{high})"),
    (r"(?P<move>.+?): (?P<side>.+?) has no piece in the pool", "gerr_c_pool_empty",
     "{move}: {side} has no piece in the pool", "{move}: у {side} нет фишек в пуле"),
    (r"(?P<move>.+?): no (?P<side>.+?) piece on (?P<where>.+)", "gerr_c_no_piece",
     "{move}: no {side} piece on {where}", "{move}: на {where} нет фишки {side}"),
    (r"(?P<move>.+?): (?P<square>.+?) is a (?P<owner>.+?) block", "gerr_c_block",
     "{move}: {square} is a {owner} block", "{move}: на {square} блок {owner}"),
    (r"(?P<move>.+?): bearing off needs every piece in the safe zone", "gerr_c_bear_safe",
     "{move}: bearing off needs every piece in the safe zone",
     "{move}: выбрасывать можно, только когда все фишки в safe-зоне"),
    (r"(?P<move>.+?): a (?P<side>.+?) piece turns off the track at its exit square "
     r"(?P<exit>.+?) into S6\.\.S1 and never passes it", "gerr_c_exit",
     "{move}: a {side} piece turns off the track at its exit square {exit} into S6..S1 and "
     "never passes it", "{move}: фишка {side} сворачивает с дорожки на своей клетке выхода "
     "{exit} в S6..S1 и никогда не проходит её"),
    (r"(?P<move>.+?): pieces only move forward", "gerr_c_forward",
     "{move}: pieces only move forward", "{move}: фишки ходят только вперёд"),
    (r"(?P<move>.+?) is (?P<pips>.+?) steps?; (?P<dice>.+?) move a piece (?P<made>.+?) "
     r"steps?", "gerr_c_steps",
     "{move} is {pips} {pips:step|steps}; {dice} move a piece {made} {made:step|steps}",
     "{move} — это {pips} {pips:шаг|шага|шагов}, а {dice} двигают фишку на {made} "
     "{made:шаг|шага|шагов}"),
    (r"(?P<reason>.+) \(in (?P<chain>.+)\)", "gerr_in_chain", "{reason} (in {chain})",
     "{reason} (в {chain})"),
    (r"(?P<move>.+?) cannot be played with (?P<dice>.+?): every way there lands on an "
     r"opponent block or needs dice already spent", "gerr_c_no_way",
     "{move} cannot be played with {dice}: every way there lands on an opponent block or "
     "needs dice already spent", "{move} нельзя сыграть с {dice}: любой путь туда упирается "
     "в блок соперника или требует уже сыгранных костей"),
    (r"(?P<move>.+?) cannot be played as well as (?P<before>.+?): (?P<dice>.+?) do not give "
     r"the dice for all of them", "gerr_c_not_all",
     "{move} cannot be played as well as {before}: {dice} do not give the dice for all of "
     "them", "{move} нельзя сыграть вместе с {before}: {dice} не хватает на всё"),
    (r"these moves cannot be played with (?P<dice>.+)", "gerr_c_cannot",
     "these moves cannot be played with {dice}", "эти перемещения нельзя сыграть с {dice}"),
    # -- Che ----------------------------------------------------------------------------------
    (r"coordinate (?P<value>.+?) is too large", "gerr_che_coordinate",
     "coordinate {value} is too large", "координата {value} слишком велика"),
    (r"expected a placement such as `1,0B` \(cell x,y then W or B\)", "gerr_che_want",
     "expected a placement such as `1,0B` (cell x,y then W or B)",
     "ожидалась постановка вроде `1,0B` (клетка x,y, затем W или B)"),
    (r"a placement needs its dominant colour W or B after the cell", "gerr_che_colour",
     "a placement needs its dominant colour W or B after the cell",
     "после клетки нужен основной цвет плитки: W или B"),
    (r"unexpected character after a placement \(separate placements by spaces\)",
     "gerr_che_after", "unexpected character after a placement (separate placements by "
     "spaces)", "лишний символ после постановки (разделяйте постановки пробелами)"),
    (r"cell (?P<cell>.+?) is taken; legal cells: (?P<cells>.+)", "gerr_che_taken",
     "cell {cell} is taken; legal cells: {cells}",
     "клетка {cell} занята; свободные клетки: {cells}"),
    (r"cell (?P<cell>.+?) is not next to any tile \(it must share an edge with one\); "
     r"legal cells: (?P<cells>.+)", "gerr_che_alone",
     "cell {cell} is not next to any tile (it must share an edge with one); legal cells: "
     "{cells}", "клетка {cell} не примыкает ни к одной плитке (нужна общая сторона); "
     "допустимые клетки: {cells}"),
    (r"orientation `(?P<given>.+?)` contradicts the forced `(?P<forced>.+?)` at (?P<cell>.+?) "
     r"for a (?P<colour>.+?) tile; write `(?P<write>.+?)`", "gerr_che_orientation",
     "orientation `{given}` contradicts the forced `{forced}` at {cell} for a {colour} tile; "
     "write `{write}`", "ориентация `{given}` противоречит вынужденной `{forced}` в клетке "
     "{cell} для плитки {colour}; напишите `{write}`"),
    (r"Che uses no dice", "gerr_che_no_dice", "Che uses no dice", "в Че кости не бросают"),
    (r"this turn needs (?P<need>\d+) tiles?; `(?P<moves>.+?)` is only (?P<done>.+?)",
     "gerr_che_only", "this turn needs {need} {need:tile|tiles}; `{moves}` is only {done}",
     "в этом ходу ставят {need} {need:плитку|плитки|плиток}; `{moves}` — только {done}"),
    (r"this turn needs (?P<need>\d+) tiles?, not (?P<n>\d+)", "gerr_che_needs_not",
     "this turn needs {need} {need:tile|tiles}, not {n}",
     "в этом ходу ставят {need} {need:плитку|плитки|плиток}, а не {n}"),
    (r"this turn needs (?P<need>\d+) tiles?", "gerr_che_needs",
     "this turn needs {need} {need:tile|tiles}",
     "в этом ходу ставят {need} {need:плитку|плитки|плиток}"),
    (r"`place` takes one placement, not (?P<n>.+)", "gerr_che_place_one",
     "`place` takes one placement, not {n}", "`place` принимает одну постановку, а не {n}"),
    (r"the first tile goes at 0,0, not (?P<cell>.+)", "gerr_che_first_cell",
     "the first tile goes at 0,0, not {cell}", "первая плитка ставится в 0,0, а не в {cell}"),
    (r"the first tile needs its orientation: `0,0(?P<c>.+?)/` or `0,0(?P<c2>.+?)\\`",
     "gerr_che_first_orientation", "the first tile needs its orientation: `0,0{c}/` or "
     "`0,0{c2}\\`", "у первой плитки нужна ориентация: `0,0{c}/` или `0,0{c2}\\`"),
    (r"the turn ended after `(?P<done>.+?)` \((?P<result>.+?): (?P<ending>.+)\); leave out "
     r"`(?P<extra>.+?)`", "gerr_che_ended", "the turn ended after `{done}` ({result}: "
     "{ending}); leave out `{extra}`", "ход закончился после `{done}` ({result}: {ending}); "
     "уберите `{extra}`"),
    (r"in Che White always places the first tile", "gerr_che_white_first",
     "in Che White always places the first tile",
     "в Че первую плитку всегда ставят белые"),
    # -- Chebache notation ----------------------------------------------------------------
    (r"there is no space (?P<n>.+?) \(spaces are S, 1-17 and F\)", "gerr_b_no_space_named",
     "there is no space {n} (spaces are S, 1-17 and F)",
     "поля {n} нет (поля: S, 1-17 и F)"),
    (r"only one <\.\.\.> Chebache part", "gerr_b_one_cheb", "only one <...> Chebache part",
     "часть <...> о Чебаше может быть только одна"),
    (r"\(no move\) cannot come with moves", "gerr_b_no_move_with",
     "(no move) cannot come with moves", "(no move) нельзя писать вместе с перемещениями"),
    (r"cannot read the pieces (?P<what>.+?) \(like K, 1K, K1, 1K1\)", "gerr_b_pieces",
     "cannot read the pieces {what} (like K, 1K, K1, 1K1)",
     "не удаётся прочитать фишки {what} (пишутся как K, 1K, K1, 1K1)"),
    (r"cannot read (?P<what>.+?) \(moves look like 2/7, 8\\6, 3X9, K\(4/10\), 4\^6\)",
     "gerr_b_move", "cannot read {what} (moves look like 2/7, 8\\6, 3X9, K(4/10), 4^6)",
     "не удаётся прочитать {what} (перемещения пишутся как 2/7, 8\\6, 3X9, K(4/10), 4^6)"),
    (r"cannot read Chebache part (?P<what>.+?) \(like <W2,8; B4>\)", "gerr_b_cheb_part",
     "cannot read Chebache part {what} (like <W2,8; B4>)",
     "не удаётся прочитать часть о Чебаше {what} (пишется как <W2,8; B4>)"),
    (r"cannot read (?P<what>.+)", "gerr_b_cannot_read", "cannot read {what}",
     "не удаётся прочитать {what}"),
    (r"nothing moves out of Finish", "gerr_b_out_of_finish", "nothing moves out of Finish",
     "с Финиша ничего не уходит"),
    (r"nothing moves into Start", "gerr_b_into_start", "nothing moves into Start",
     "на Старт ничего не приходит"),
    (r"(?P<move>.+?) does not go anywhere", "gerr_b_nowhere", "{move} does not go anywhere",
     "{move} никуда не ведёт"),
    (r"only one jump sequence a turn \(and it must continue the last one\)", "gerr_b_one_jump",
     "only one jump sequence a turn (and it must continue the last one)",
     "за ход только одна серия прыжков (и она продолжает последнюю)"),
    (r"the jump \(Phase II\) comes after every move", "gerr_b_jump_last",
     "the jump (Phase II) comes after every move", "прыжок (фаза II) идёт после всех перемещений"),
    (r"only the King is named in a move: K\(4/10\)", "gerr_b_king_named",
     "only the King is named in a move: K(4/10)",
     "в перемещении называют только Короля: K(4/10)"),
    (r"(?P<move>.+?) goes backward: write (?P<write>.+)", "gerr_b_backward",
     "{move} goes backward: write {write}", "{move} идёт назад: напишите {write}"),
    (r"(?P<move>.+?) goes forward: write (?P<write>.+)", "gerr_b_forward",
     "{move} goes forward: write {write}", "{move} идёт вперёд: напишите {write}"),
    (r"dice must be written like \[5 2\]", "gerr_b_dice_form", "dice must be written like [5 2]",
     "кости пишутся так: [5 2]"),
    (r"unexpected (?P<ch>.+)", "gerr_b_unexpected", "unexpected {ch}", "лишний символ {ch}"),
    # -- Chebache rules -------------------------------------------------------------------
    (r"Chebache is played with two dice 1-6, got (?P<dice>.+)", "gerr_b_bad_dice",
     "Chebache is played with two dice 1-6, got {dice}",
     "в Чебаше играют двумя костями 1-6, а получено {dice}"),
    (r"the text says (?P<written>.+?) but the dice are (?P<dice>.+)", "gerr_b_dice_differ",
     "the text says {written} but the dice are {dice}",
     "в тексте написано {written}, а кости {dice}"),
    (r"no legal turn exists", "gerr_b_no_turn", "no legal turn exists", "допустимого хода нет"),
    (r"the turn is not complete: dice (?P<unused>.+?) can still be used \(e\.g\. "
     r"(?P<options>.+)\)", "gerr_b_incomplete",
     "the turn is not complete: dice {unused} can still be used (e.g. {options})",
     "ход не закончен: кости {unused} ещё можно сыграть (например, {options})"),
    (r"the attack note does not match: the turn attacks (?P<what>.+)", "gerr_b_attack_note",
     "the attack note does not match: the turn attacks {what}",
     "пометка об атаке не совпадает: ход атакует {what}"),
    (r"the King-flip note does not match: the turn flips (?P<what>.+)", "gerr_b_flip_note",
     "the King-flip note does not match: the turn flips {what}",
     "пометка о перевороте Короля не совпадает: ход переворачивает {what}"),
    (r"the '-' note does not match: sacrificed (?P<sacs>.+?), trapped (?P<traps>.+)",
     "gerr_b_minus_note", "the '-' note does not match: sacrificed {sacs}, trapped {traps}",
     "пометка '-' не совпадает: пожертвованы {sacs}, пойманы {traps}"),
    (r"the Chebache note does not match: after the turn (?P<cheb>.+?) stand",
     "gerr_b_cheb_note", "the Chebache note does not match: after the turn {cheb} stand",
     "пометка о Чебаше не совпадает: после хода стоят {cheb}"),
    (r"(?P<label>.+?): every die is already used", "gerr_b_dice_used",
     "{label}: every die is already used", "{label}: все кости уже сыграны"),
    (r"(?P<label>.+?): nothing of yours is in Start", "gerr_b_start_empty",
     "{label}: nothing of yours is in Start", "{label}: на Старте нет ваших фишек"),
    (r"(?P<label>.+?): no King in Start", "gerr_b_no_king_start", "{label}: no King in Start",
     "{label}: на Старте нет Короля"),
    (r"(?P<label>.+?): pieces in Start must leave Start first \(you have a piece in Finish\)",
     "gerr_b_leave_start", "{label}: pieces in Start must leave Start first (you have a piece "
     "in Finish)", "{label}: сначала должны уйти фишки со Старта (у вас есть фишка на "
     "Финише)"),
    (r"(?P<label>.+?): no piece of yours on (?P<src>.+)", "gerr_b_no_piece",
     "{label}: no piece of yours on {src}", "{label}: на {src} нет вашей фишки"),
    (r"(?P<label>.+?): the King on (?P<src>.+?) is covered \(only the top piece moves\)",
     "gerr_b_king_covered", "{label}: the King on {src} is covered (only the top piece moves)",
     "{label}: Король на {src} накрыт (ходит только верхняя фишка)"),
    (r"(?P<label>.+?): no backward moves in the beginners' game", "gerr_b_no_backward",
     "{label}: no backward moves in the beginners' game",
     "{label}: в игре для начинающих ходов назад нет"),
    (r"(?P<label>.+?): only pieces on a Tivit \(2, 8, 10, 16\) or a King move backward",
     "gerr_b_backward_who", "{label}: only pieces on a Tivit (2, 8, 10, 16) or a King move "
     "backward", "{label}: назад ходят только фишки на Тивите (2, 8, 10, 16) или Король"),
    (r"(?P<label>.+?): entering Finish with a larger die needs every piece on 13-17, nothing "
     r"in Start, and the piece furthest from Finish", "gerr_b_finish_larger",
     "{label}: entering Finish with a larger die needs every piece on 13-17, nothing in "
     "Start, and the piece furthest from Finish", "{label}: войти на Финиш с большей костью "
     "можно, только когда все фишки на 13-17, на Старте пусто и ходит самая дальняя от "
     "Финиша фишка"),
    (r"(?P<label>.+?): needs a (?P<dist>.+?) \(dice left: (?P<left>.+?)\)", "gerr_b_needs",
     "{label}: needs a {dist} (dice left: {left})",
     "{label}: нужна {dist} (остались кости: {left})"),
    (r"(?P<label>.+?): space (?P<dst>.+?) is under an opponent's Chebache",
     "gerr_b_under_cheb", "{label}: space {dst} is under an opponent's Chebache",
     "{label}: поле {dst} под Чебашем соперника"),
    (r"(?P<label>.+?): a King may not attack a King or a stack with one",
     "gerr_b_king_attack", "{label}: a King may not attack a King or a stack with one",
     "{label}: Король не может атаковать Короля или стопку с Королём"),
    (r"(?P<label>.+?): space (?P<dst>.+?) would hold more than 4 of yours \(King = 2\)",
     "gerr_b_stack_limit", "{label}: space {dst} would hold more than 4 of yours (King = 2)",
     "{label}: на поле {dst} оказалось бы больше 4 ваших фишек (Король = 2)"),
    (r"(?P<label>.+?): nothing of the opponent's is on (?P<dst>.+?) to attack",
     "gerr_b_nothing_to_attack", "{label}: nothing of the opponent's is on {dst} to attack",
     "{label}: на {dst} нет фишек соперника, атаковать нечего"),
    (r"(?P<label>.+?): after it the turn cannot be completed legally \(an attack left "
     r"unresolved or a piece returned to stay\)", "gerr_b_cannot_complete",
     "{label}: after it the turn cannot be completed legally (an attack left unresolved or a "
     "piece returned to stay)", "{label}: после этого ход нельзя закончить по правилам "
     "(атака осталась нерешённой или фишка вернулась на место)"),
    (r"(?P<label>.+?) is not legal here", "gerr_b_not_here", "{label} is not legal here",
     "{label} здесь недопустимо"),
    (r"a piece would end the turn on the space it began on \((?P<where>.+?)\): no return to "
     r"stay", "gerr_b_returned", "a piece would end the turn on the space it began on "
     "({where}): no return to stay", "фишка закончила бы ход на поле, с которого начала "
     "({where}): возвращаться на место нельзя"),
    (r"no jump after a forfeited move", "gerr_b_jump_forfeit", "no jump after a forfeited move",
     "после пропущенного перемещения прыжка нет"),
    (r"there is no jumping in the beginners' game \(kings=false\)", "gerr_b_jump_beginners",
     "there is no jumping in the beginners' game (kings=false)",
     "в игре для начинающих (kings=false) прыжков нет"),
    (r"no jump: not every die was used in Phase I", "gerr_b_jump_dice",
     "no jump: not every die was used in Phase I",
     "прыжка нет: в фазе I сыграны не все кости"),
    (r"no jump while pieces must leave Start \(a piece is in Finish\)", "gerr_b_jump_start",
     "no jump while pieces must leave Start (a piece is in Finish)",
     "прыжка нет, пока фишки должны уходить со Старта (есть фишка на Финише)"),
    (r"(?P<jump>.+?) is not a legal jump \(each Intersection jumped must be yours, each "
     r"landing within the stacking limit and free of Chebache, backward jumps only from "
     r"Tivits, no landing where a jumping piece began the turn\)", "gerr_b_bad_jump",
     "{jump} is not a legal jump (each Intersection jumped must be yours, each landing within "
     "the stacking limit and free of Chebache, backward jumps only from Tivits, no landing "
     "where a jumping piece began the turn)", "{jump} — недопустимый прыжок (каждое "
     "перепрыгнутое Пересечение должно быть вашим, каждое приземление — в пределах высоты "
     "стопки и без Чебаша, назад прыгают только с Тивитов, нельзя приземляться туда, где "
     "прыгающая фишка начала ход)"),
    (r"jumps go from a Square or Tivit to a Square or Tivit \(not S, F or Intersections\)",
     "gerr_b_jump_where", "jumps go from a Square or Tivit to a Square or Tivit (not S, F or "
     "Intersections)", "прыгают с Квадрата или Тивита на Квадрат или Тивит (не S, F и не "
     "Пересечения)"),
    (r"space (?P<src>.+?) does not hold (?P<unit>.+)", "gerr_b_not_held",
     "space {src} does not hold {unit}", "на поле {src} нет {unit}"),
    (r"the top of space (?P<src>.+?) is (?P<top>.+?), not (?P<unit>.+?) \(a bare count means "
     r"ordinary pieces only\)", "gerr_b_top", "the top of space {src} is {top}, not {unit} "
     "(a bare count means ordinary pieces only)", "наверху поля {src} {top}, а не {unit} "
     "(число без K — только обычные фишки)"),
    (r"only a Tivit \(or a unit of Kings\) jumps backward; (?P<src>.+?) is a Square",
     "gerr_b_jump_back", "only a Tivit (or a unit of Kings) jumps backward; {src} is a Square",
     "назад прыгает только Тивит (или группа Королей); {src} — Квадрат"),
    (r"the jump leaves a piece returned to stay where it began the turn",
     "gerr_b_jump_returned", "the jump leaves a piece returned to stay where it began the turn",
     "после прыжка фишка остаётся там, где начала ход"),
    # -- options and games (games/base.py, games/__init__.py, each game's start) -------
    (r"unknown game (?P<name>.+?) \(did you mean (?P<close>.+?)\?\); games: (?P<games>.+)",
     "gerr_unknown_game_close", "unknown game {name} (did you mean {close}?); games: {games}",
     "неизвестная игра {name} (может быть, вы хотели {close}?); игры: {games}"),
    (r"unknown game (?P<name>.+?); games: (?P<games>.+)", "gerr_unknown_game",
     "unknown game {name}; games: {games}", "неизвестная игра {name}; игры: {games}"),
    (r"game (?P<name>.+?) is not available yet", "gerr_game_unavailable",
     "game {name} is not available yet", "игра {name} пока недоступна"),
    (r"(?P<option>.+?) must be (?P<yes>\S+) or (?P<no>\S+), not (?P<value>.+)",
     "gerr_option_yes_no", "{option} must be {yes} or {no}, not {value}",
     "{option} должно быть {yes} или {no}, а не {value}"),
    (r"(?P<option>.+?) must be a whole number (?P<low>-?\d+|x)-(?P<high>-?\d+|x), not "
     r"(?P<value>.+)", "gerr_option_number",
     "{option} must be a whole number {low}-{high}, not {value}",
     "{option} должно быть целым числом {low}-{high}, а не {value}"),
    (r"unknown option (?P<name>.+?) for (?P<title>.+?); options: (?P<options>.+)",
     "gerr_option_unknown", "unknown option {name} for {title}; options: {options}",
     "у игры {title} нет параметра {name}; параметры: {options}"),
    (r"(?P<title>.+?) has no options \(got: (?P<name>.+)\)", "gerr_option_none",
     "{title} has no options (got: {name})", "у игры {title} нет параметров (получено: {name})"),
    (r"first must be W or B, got (?P<value>.+)", "gerr_option_first_wb",
     "first must be W or B, got {value}", "first должно быть W или B, а получено {value}"),
    (r"unknown side (?P<value>.+?): Hachapury's sides are W and B", "gerr_option_h_side",
     "unknown side {value}: Hachapury's sides are W and B",
     "неизвестная сторона {value}: в Хачапури стороны W и B"),
    (r"(?P<first>.+?) is not playing; sides: (?P<sides>.+)", "gerr_option_c_first",
     "{first} is not playing; sides: {sides}", "{first} не играет; стороны: {sides}"),
    (r"no answer or vote is due in this game now", "gerr_no_action",
     "no answer or vote is due in this game now",
     "сейчас в этой партии не ждут ни ответа, ни голоса"),
    # -- a stored log that no longer replays (bot/service/turn_events.py) ------------------
    (r"`(?P<record>[^`]+)` adds to a turn that is not in the replay", "gerr_log_orphan",
     "`{record}` adds to a turn that is not in the replay",
     "`{record}` дополняет ход, которого нет в повторе"),
    (r"`(?P<addition>[^`]+)` does not read as an ending of `(?P<record>[^`]+)` "
     r"\(it plays as `(?P<full>[^`]+)`\)", "gerr_log_ending",
     "`{addition}` does not read as an ending of `{record}` (it plays as `{full}`)",
     "`{addition}` не читается как окончание `{record}` (он играется как `{full}`)"),
    # -- wrappers: a part said by its own pattern, the rest kept ---------------------------
    (r"(?P<reason>[^;]+); (?P<rest>.+)", "gerr_parts", "{reason}; {rest}", "{reason}; {rest}"),
    (r"(?P<label>[^:;]+?): (?P<reason>.+)", "gerr_labelled", "{label}: {reason}",
     "{label}: {reason}"),
)

PATTERNS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern, re.DOTALL), key) for pattern, key, _en, _ru in _TABLE)
EN: dict[str, str] = {key: en for _pattern, key, en, _ru in _TABLE}
RU: dict[str, str] = {key: ru for _pattern, key, _en, ru in _TABLE}

#: Groups that hold a message of their own (said by the patterns in turn); a move's
#: label is one when it says where it was written (``1/F (in 6/F)``).
NESTED = ("reason", "rest", "why", "label")
#: Groups that hold a game's result or how it ended (said as ``reasons`` says them).
RESULTS = ("result", "ending")
#: Wrappers that only split a message: matching one says nothing by itself.
WRAPPERS = ("gerr_legal_more", "gerr_legal", "gerr_column", "gerr_parts", "gerr_labelled",
            "gerr_in_chain")


def key_of(text: str) -> tuple[str, dict[str, str]] | None:
    """The key and values of the first pattern ``text`` fully matches, or None."""
    for pattern, key in PATTERNS:
        match = pattern.fullmatch(text)
        if match:
            return key, {k: v or "" for k, v in match.groupdict().items()}
    return None


def error_in(text: str, lang: str) -> str:
    """An engine's error message ``text`` (English) in ``lang``."""
    if lang == "en" or not text:
        return text
    return _said(text, lang, depth=0)


def _said(text: str, lang: str, depth: int) -> str:
    found = key_of(text) if depth < 8 else None
    if found is None:
        return text
    key, values = found
    written = dict(values)
    for name in NESTED:
        if name in values:
            values[name] = _said(values[name], lang, depth + 1)
    for name in RESULTS:
        if name in values:
            values[name] = reason_in(values[name], lang)
    if key in ("gerr_parts", "gerr_labelled") and values == written:
        return text  # a split that said nothing: keep the engine's words whole
    from bot.catalogue import t  # the package merges this module: import when used

    return t(lang, key, **values)


def error_for_user(error: Exception | str) -> str:
    """``error`` in the language of the command's user (private refusals)."""
    from bot.catalogue import user_lang

    return error_in(str(error), user_lang())
